#!/usr/bin/env python3
"""npy-f16-ulps.py A.npy B.npy BOUND: the largest distance in f16 ulps
between the elements of two f32 .npy files whose differing elements are f16
values (f16_table activations with g = 1). Equal elements (both zeros
included) count as 0, an element that is not an f16 value where the two
differ, or a NaN, as a failure. Prints it and how many differ; exits 1 when
it exceeds BOUND."""
import math
import struct
import sys


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY" and data[6] == 1, path
    (length,) = struct.unpack("<H", data[8:10])
    header = data[10:10 + length].decode("latin1")
    assert "'<f4'" in header, path
    payload = data[10 + length:]
    return struct.unpack("<%df" % (len(payload) // 4), payload)


def ordinal(value):
    """The f16 value's position on the number line (-0 and +0 adjacent)."""
    (bits,) = struct.unpack("<H", struct.pack("<e", value))
    if struct.unpack("<e", struct.pack("<H", bits))[0] != value:
        raise ValueError(value)
    return bits if bits < 0x8000 else -(bits - 0x8000) - 1


a, b = read(sys.argv[1]), read(sys.argv[2])
assert len(a) == len(b)
worst, differ = 0, 0
for x, y in zip(a, b):
    if struct.pack("<f", x) == struct.pack("<f", y):
        continue
    differ += 1
    if math.isnan(x) or math.isnan(y):
        worst = math.inf
        continue
    try:
        worst = max(worst, abs(ordinal(x) - ordinal(y)))
    except ValueError:
        worst = math.inf
print("max distance %s f16 ulps, %d of %d elements differ" % (worst, differ, len(a)))
sys.exit(0 if worst <= float(sys.argv[3]) else 1)
