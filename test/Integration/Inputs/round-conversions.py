#!/usr/bin/env python3
"""round-conversions.py GLU_RUN [GLU_RUN_FLAGS...]: conversions to f32, f16
and bf16 run by glu-run, bit for bit against an independent oracle (IEEE 754
rounding of the exact input in integer arithmetic):

- arith.truncf under every rounding mode and the default, f32 to bf16 and
  f16, f64 to f32, f16 and bf16;
- arith.sitofp and arith.uitofp from i32 and i64 to bf16, f16 and f32;
- math.fma on bf16 and f16.

The inputs lie around every kind of rounding: exact values, ties and their
neighbours one source unit away, quarter units, the largest finite value
and beyond, the subnormals and below the least one, zeros, infinities,
NaN, the integers' extremes, random bit patterns. A NaN input must give a
NaN. Writes its files into the current directory; prints a count and exits
1 on any difference.
"""
import random
import struct
import subprocess
import sys

MODES = ["", "to_nearest_even", "to_nearest_away", "toward_zero", "upward",
         "downward"]
# name: (bits, precision p with the implicit bit, emax; emin = 1 - emax).
FORMATS = {"f64": (64, 53, 1023), "f32": (32, 24, 127), "f16": (16, 11, 15),
           "bf16": (16, 8, 127)}
# Each source: its targets and the conversions applied to it.
SOURCES = {
    "f32": (["bf16", "f16"], ["truncf " + m for m in MODES]),
    "f64": (["f32", "f16", "bf16"], ["truncf " + m for m in MODES]),
    "i32": (["bf16", "f16", "f32"], ["sitofp", "uitofp"]),
    "i64": (["bf16", "f16", "f32"], ["sitofp", "uitofp"]),
}
# What glu-run passes: f64 travels as its i64 bits.
ARGUMENT = {"f32": ("f32", "<f4", "<I"), "f64": ("i64", "<i8", "<Q"),
            "i32": ("i32", "<i4", "<I"), "i64": ("i64", "<i8", "<Q")}


def decode(bits, src, op):
    """(sign, kind, M, E): the value (-1)^sign M 2^E, kind 'num', 'inf' or
    'nan'."""
    if src[0] == "i":
        width = int(src[1:])
        value = bits - (1 << width) if (
            op == "sitofp" and bits >> (width - 1)) else bits
        return int(value < 0), "num", abs(value), 0
    width, p, emax = FORMATS[src]
    sign = bits >> (width - 1)
    field = (bits >> (p - 1)) & ((1 << (width - p)) - 1)
    mant = bits & ((1 << (p - 1)) - 1)
    if field == (1 << (width - p)) - 1:
        return sign, "nan" if mant else "inf", 0, 0
    if field == 0:
        return sign, "num", mant, 1 - emax - (p - 1)
    return sign, "num", mant | (1 << (p - 1)), field - emax - (p - 1)


def encode_magnitude(k, q, fmt):
    """The bits of k 2^q (k >= 0, already a value of fmt) without the
    sign; None for infinity."""
    width, p, emax = FORMATS[fmt]
    if k == 0:
        return 0
    e = k.bit_length() - 1 + q
    if e > emax:
        return None
    emin = 1 - emax
    if e < emin:
        return k << (q - (emin - (p - 1)))
    scaled = k << (q - (e - (p - 1))) if q >= e - (p - 1) else k >> (
        e - (p - 1) - q)
    return ((e + emax) << (p - 1)) | (scaled - (1 << (p - 1)))


def round_bits(bits, src, dst, op):
    """The bits of the source value `bits` converted to dst by `op`
    ('truncf MODE', 'sitofp', 'uitofp'); None for a NaN input (any NaN
    result is accepted)."""
    mode = op.split(" ")[1] if op.startswith("truncf ") else ""
    return round_value(*decode(bits, src, op), dst, mode)


def round_value(sign, kind, m, e, dst, mode):
    """The bits of (-1)^sign m 2^e (kind 'num', 'inf' or 'nan') rounded to
    dst by `mode` (empty: to nearest even); None for NaN."""
    width, p, emax = FORMATS[dst]
    inf = ((1 << (width - p)) - 1) << (p - 1)
    if kind == "nan":
        return None
    if kind == "inf":
        return (sign << (width - 1)) | inf
    if m == 0:
        return sign << (width - 1)
    emin = 1 - emax
    q = max(m.bit_length() - 1 + e, emin) - (p - 1)
    if e >= q:
        k, rem, half = m << (e - q), 0, 1
    else:
        k, rem, half = m >> (q - e), m & ((1 << (q - e)) - 1), 1 << (q - e - 1)
    mode = mode or "to_nearest_even"
    if rem == 0:
        up = False
    elif mode == "to_nearest_even":
        up = rem > half or (rem == half and k & 1)
    elif mode == "to_nearest_away":
        up = rem >= half
    elif mode == "toward_zero":
        up = False
    elif mode == "upward":
        up = not sign
    else:
        up = bool(sign)
    k += up
    largest = ((1 << p) - 1) << (emax - (p - 1))
    magnitude = encode_magnitude(k, q, dst)
    if magnitude is None or k << max(q, 0) > largest << max(-q, 0):
        # Beyond the largest finite value: a rounding away from zero (or to
        # nearest) overflows, one toward zero stops at the largest.
        toward = mode == "toward_zero" or (mode == "upward" and sign) or (
            mode == "downward" and not sign)
        magnitude = encode_magnitude(largest, 0, dst) if toward else inf
    return (sign << (width - 1)) | magnitude


def float_bits(value, fmt):
    if fmt == "f64":
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    return struct.unpack("<I", struct.pack("<f", value))[0]


def float_inputs(src, rng):
    """Float source bit patterns around every target's roundings."""
    width = FORMATS[src][0]
    out = []
    for dst in SOURCES[src][0]:
        _, p, emax = FORMATS[dst]
        emin = 1 - emax
        exponents = [emin - 1, emin, emin + 1, -1, 0, 1, emax - 1, emax]
        for _ in range(300):
            e = rng.choice(exponents + [rng.randint(emin, emax)])
            k = rng.choice([1, 2, 3, (1 << p) - 1, (1 << (p - 1)) + 1,
                            rng.randint(1, (1 << p) - 1)])
            if e < emin:  # subnormal: k below 2^(p-1)
                k, e = k % (1 << (p - 1)) or 1, emin
            ulp = 2.0 ** (e - (p - 1))
            t = k * ulp
            if t > (2 - 2.0 ** (1 - p)) * 2.0 ** emax:
                t = (2 - 2.0 ** (1 - p)) * 2.0 ** emax
            for frac in [0, 0.25, 0.5, 0.75, 1.5, 2.5]:
                v = rng.choice([1, -1]) * (t + frac * ulp)
                if src == "f32" and abs(v) > 3.4028234663852886e38:
                    continue
                b = float_bits(v, src)
                out += [b, b + 1, b - 1]
    one = 1 << (width - 1)
    specials = [0, one, 1, one | 1, float_bits(float("inf"), src),
                float_bits(float("-inf"), src), float_bits(float("nan"), src),
                float_bits(-float("nan"), src)]
    biggest = float_bits(3.4028234663852886e38, src)
    specials += [biggest, biggest - 1, one | biggest]
    if src == "f64":  # beyond f32: the largest f32 plus half an ulp, 1e300
        for v in [3.4028235677973366e38, 3.40282357e38, 1e300, 1e-300,
                  7e-46, 1.4e-45, 2.1e-45]:
            specials += [float_bits(v, src), float_bits(-v, src)]
    out += specials
    out += [rng.getrandbits(width) for _ in range(4000)]
    mask = (1 << width) - 1
    return [b & mask for b in out]


def int_inputs(src, rng):
    """Integer bit patterns around the roundings to bf16, f16 and f32: ties
    at every power of two and their neighbours, the extremes, random
    ones."""
    width = int(src[1:])
    mask = (1 << width) - 1
    out = [0, 1, mask, 1 << (width - 1), (1 << (width - 1)) - 1,
           (1 << (width - 1)) + 1, 65504, 65519, 65520, 65536,
           (1 << 24) + (1 << 16) + 1]
    for p in [8, 11, 24]:
        for q in range(1, width - p + 1):
            for _ in range(4):
                k = rng.randint(1 << (p - 1), (1 << p) - 1)
                tie = (k << q) + (1 << (q - 1))
                for v in [tie, tie - 1, tie + 1, k << q, (k << q) + 1]:
                    out += [v & mask, -v & mask]
    out += [rng.getrandbits(width) for _ in range(4000)]
    out += [rng.getrandbits(rng.randint(1, width)) for _ in range(4000)]
    return [b & mask for b in out]


def write_npy(path, descr, values, pack):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d,), }" % (
        descr, len(values))
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(b"".join(struct.pack(pack, v) for v in values))


def read_bits(path, width):
    with open(path, "rb") as f:
        data = f.read()
    (length,) = struct.unpack("<H", data[8:10])
    payload = data[10 + length:]
    code = "H" if width == 16 else "I"
    return struct.unpack("<%d%s" % (len(payload) * 8 // width, code), payload)


def program(src):
    """@from_SRC: every conversion of SOURCES[src], one result each."""
    tensor = "tensor<?x%s>"
    arg_type = ARGUMENT[src][0]
    lines, results = [], []
    x = "%a"
    if src == "f64":  # glu-run passes no f64: its bits as i64
        lines.append("  %x = arith.bitcast %a : tensor<?xi64> to "
                     "tensor<?xf64>")
        x = "%x"
    dsts, ops = SOURCES[src]
    for dst in dsts:
        for i, op in enumerate(ops):
            # "truncf MODE" (MODE may be empty), "sitofp", "uitofp".
            name = "%%%s_%d" % (dst, i)
            kind, _, mode = op.partition(" ")
            lines.append("  %s = arith.%s %s %s : %s to %s" % (
                name, kind, x, mode, tensor % src, tensor % dst))
            results.append((name, tensor % dst, dst, op))
    types = ", ".join(r[1] for r in results)
    body = "\n".join(lines)
    return results, "func.func @from_%s(%%a: %s) -> (%s) {\n%s\n  return " \
        "%s : %s\n}\n" % (src, tensor % arg_type, types, body,
                          ", ".join(r[0] for r in results), types)


def fma_value(a, b, c, fmt):
    """The exact a * b + c of three fmt bit patterns, as round_value's
    (sign, kind, m, e)."""
    (sa, ka, ma, ea), (sb, kb, mb, eb), (sc, kc, mc, ec) = (
        decode(v, fmt, "") for v in (a, b, c))
    if "nan" in (ka, kb, kc):
        return 0, "nan", 0, 0
    if ka == "inf" or kb == "inf":
        if (ka == "inf" and mb == 0 and kb == "num") or (
                kb == "inf" and ma == 0 and ka == "num"):
            return 0, "nan", 0, 0
        sp = sa ^ sb
        if kc == "inf" and sc != sp:
            return 0, "nan", 0, 0
        return sp, "inf", 0, 0
    if kc == "inf":
        return sc, "inf", 0, 0
    e = min(ea + eb, ec)
    total = (-1) ** (sa ^ sb) * ma * mb * 2 ** (ea + eb - e) + (
        -1) ** sc * mc * 2 ** (ec - e)
    if total == 0:  # an exact zero sum: +0, or -0 when both terms are -0
        both_zero = ma * mb == 0 and mc == 0
        return int(both_zero and (sa ^ sb) and sc), "num", 0, 0
    return int(total < 0), "num", abs(total), e


def fma_inputs(fmt, rng):
    """(a, b, c) bit patterns: products at a tie of fmt's precision with a
    tiny c of either sign (the double rounding through f32), random ones
    with c near the product, specials, random bits."""
    width, p, emax = FORMATS[fmt]
    out = []
    for _ in range(3000):
        a, b = rng.getrandbits(width - 1), rng.getrandbits(width - 1)
        sa, sb = rng.getrandbits(1), rng.getrandbits(1)
        a |= sa << (width - 1)
        b |= sb << (width - 1)
        va, vb = decode(a, fmt, ""), decode(b, fmt, "")
        # c: tiny, or near the product's magnitude, or random.
        choice = rng.random()
        if choice < 0.4:
            c = rng.randint(1, 3) | (rng.getrandbits(1) << (width - 1))
        elif choice < 0.8 and va[1] == vb[1] == "num" and va[2] * vb[2]:
            e = va[2].bit_length() + va[3] + vb[2].bit_length() + vb[3]
            field = min(max(e + emax - p - rng.randint(0, 12), 1),
                        (1 << (width - p)) - 2)
            c = (rng.getrandbits(1) << (width - 1)) | (field << (p - 1)) | (
                rng.getrandbits(p - 1))
        else:
            c = rng.getrandbits(width)
        out.append((a, b, c))
    # Products exactly at a tie (x * y odd of p + 1 bits) and a tiny c:
    # f32 keeps the tie, and its rounding to fmt then breaks it, where the
    # exact value lies on one side.
    while len(out) < 4000:
        x, y = rng.randrange(3, 1 << p, 2), rng.randrange(3, 1 << p, 2)
        if (x * y).bit_length() != p + 1:
            continue
        i, j = rng.randint(-12, 4), rng.randint(-12, 4)
        a = encode_magnitude(x, i, fmt) | (rng.getrandbits(1) << (width - 1))
        b = encode_magnitude(y, j, fmt) | (rng.getrandbits(1) << (width - 1))
        c = rng.randint(1, 1 << (p - 1)) | (rng.getrandbits(1) << (width - 1))
        out.append((a, b, c))
    one = 1 << (width - 1)
    inf = ((1 << (width - p)) - 1) << (p - 1)
    for a in [0, one, inf, one | inf, inf | 1]:
        for b in [0, inf, emax << (p - 1)]:  # the last: 1.0
            for c in [0, one, inf, one | inf]:
                out.append((a, b, c))
    return out


def check_fma(glu_run, flags, rng):
    checked = differ = 0
    for fmt in ["bf16", "f16"]:
        triples = fma_inputs(fmt, rng)
        tensor = "tensor<?x%s>" % fmt
        with open("fma_%s.mlir" % fmt, "w") as f:
            f.write("func.func @fma(%%a: %s, %%b: %s, %%c: %s) -> %s {\n"
                    "  %%r = math.fma %%a, %%b, %%c : %s\n"
                    "  return %%r : %s\n}\n" % ((tensor,) * 6))
        descr = "<u2" if fmt == "bf16" else "<f2"
        for i, name in enumerate("abc"):
            write_npy("fma_%s_%s.npy" % (fmt, name), descr,
                      [t[i] for t in triples], "<H")
        subprocess.run([glu_run, "fma_%s.mlir" % fmt, "--function=fma"] +
                       ["--input=@fma_%s_%s.npy" % (fmt, n) for n in "abc"] +
                       ["--output=@fma_%s_r.npy" % fmt] + flags, check=True)
        got = read_bits("fma_%s_r.npy" % fmt, 16)
        for (a, b, c), g in zip(triples, got):
            want = round_value(*fma_value(a, b, c, fmt), fmt, "")
            checked += 1
            ok = decode(g, fmt, "")[1] == "nan" if want is None else g == want
            if not ok:
                differ += 1
                if differ <= 10:
                    print("fma %s: 0x%x * 0x%x + 0x%x: got 0x%x, want %s" % (
                        fmt, a, b, c, g,
                        "NaN" if want is None else "0x%x" % want))
    return checked, differ


def main():
    glu_run, flags = sys.argv[1], sys.argv[2:]
    rng = random.Random(2026)
    checked = differ = 0
    for src in SOURCES:
        bits = (int_inputs if src[0] == "i" else float_inputs)(src, rng)
        results, text = program(src)
        with open("from_%s.mlir" % src, "w") as f:
            f.write(text)
        _, descr, pack = ARGUMENT[src]
        write_npy("%s.npy" % src, descr, bits, pack)
        outputs = ["%s_%d.npy" % (src, i) for i in range(len(results))]
        subprocess.run([glu_run, "from_%s.mlir" % src,
                        "--function=from_%s" % src,
                        "--input=@%s.npy" % src] +
                       ["--output=@" + o for o in outputs] + flags,
                       check=True)
        for path, (_, _, dst, op) in zip(outputs, results):
            got = read_bits(path, FORMATS[dst][0])
            assert len(got) == len(bits), path
            for b, g in zip(bits, got):
                want = round_bits(b, src, dst, op)
                checked += 1
                if want is None:
                    ok = decode(g, dst, op)[1] == "nan"
                else:
                    ok = g == want
                if not ok:
                    differ += 1
                    if differ <= 10:
                        print("%s -> %s %s: input 0x%x: got 0x%x, want %s" % (
                            src, dst, op.strip() or "truncf", b, g,
                            "NaN" if want is None else "0x%x" % want))
    fma_checked, fma_differ = check_fma(glu_run, flags, rng)
    checked += fma_checked
    differ += fma_differ
    print("round-conversions: %d checked, %d differ" % (checked, differ))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
