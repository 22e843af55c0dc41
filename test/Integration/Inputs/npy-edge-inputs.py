"""Writes [rows, cols] .npy inputs that mix normal(0, s) values with the
edges of the definitions (0, -0, +-inf, NaN, subnormals, +-1e30, exp's
subnormal range, the sigmoid and erfc saturation points), in f32 (<f4) or
as bf16 bits (<u2, rounded to nearest even).

Usage: npy-edge-inputs.py OUT.npy ROWS COLS SEED SCALE f32|bf16 [EDGE_RATE]

EDGE_RATE (default 0.2) is the share of the edges among the values.
"""
import math
import random
import struct
import sys

EDGES = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-45, -1e-45, 1e-40,
         -3e-39, 1.2e-38, 1e30, -1e30, 3.4e38, -3.4e38, -87.4, -87.6, -90.0,
         -100.0, -103.9, -104.0, -110.0, -120.0, 87.6, 100.0, 110.0, -12.8,
         -13.0, -15.0, 15.0, -20.0, 20.0, 7.0, -7.0, 10.0, -10.0]


def main():
    out, rows, cols, seed, scale, dtype = sys.argv[1:7]
    rate = float(sys.argv[7]) if len(sys.argv) > 7 else 0.2
    rows, cols, scale = int(rows), int(cols), float(scale)
    rng = random.Random(int(seed))
    values = []
    for _ in range(rows * cols):
        if rng.random() < rate:
            values.append(rng.choice(EDGES))
        else:
            values.append(rng.gauss(0.0, scale))
    bits = [struct.unpack("<I", struct.pack("<f", v))[0] for v in values]
    if dtype == "bf16":
        data = b"".join(
            struct.pack("<H", 0x7FC0 if (b & 0x7FFFFFFF) > 0x7F800000 else
                        ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF)
            for b in bits)
        descr = "<u2"
    else:
        data = b"".join(struct.pack("<I", b) for b in bits)
        descr = "<f4"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%d, %d), }" % (
        descr, rows, cols)
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(out, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1") + data)


if __name__ == "__main__":
    main()
