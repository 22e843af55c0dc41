"""Writes the .npy inputs of table-entries-f16.test: gate.npy holds every
f16 bit pattern once (65536 values: NaNs, infinities, subnormals, -0
included), up.npy 65536 f16 up values from a spread (signs, zeros, tiny,
huge, inf, NaN), both [256, 256].

Usage: f16-every-gate.py OUTDIR
"""
import os
import struct
import sys

# f16 bits: 1, -1, 0.5, -3.25, 0, -0, 2^-24, -700, 65504, -2^-14, inf, -inf,
# NaN, 0.1 (rounded), 1.5, -2.
SPREAD = [0x3C00, 0xBC00, 0x3800, 0xC280, 0x0000, 0x8000, 0x0001, 0xE178,
          0x7BFF, 0x8400, 0x7C00, 0xFC00, 0x7E00, 0x2E66, 0x3E00, 0xC000]


def save(path, words):
    header = "{'descr': '<f2', 'fortran_order': False, 'shape': (256, 256), }"
    header += " " * (63 - (len(header) + 10) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(b"".join(struct.pack("<H", w) for w in words))


def main():
    out = sys.argv[1]
    save(os.path.join(out, "gate.npy"), range(65536))
    save(os.path.join(out, "up.npy"),
         [SPREAD[(k * 7 + k // 4096) % len(SPREAD)] for k in range(65536)])


if __name__ == "__main__":
    main()
