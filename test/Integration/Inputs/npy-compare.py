#!/usr/bin/env python3
"""npy-compare.py A.npy B.npy BOUND: the largest symmetric relative error
|a - b| / (|a| + |b|) over the elements of two .npy files of one shape and
dtype (<f4, <f2, or <u2 holding bf16 bits), docs/semantics.md section 6: a == b
(including both 0) counts as 0, a NaN on either side as a failure. Prints
it; exits 1 when it exceeds BOUND."""
import math
import struct
import sys


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY", path
    if data[6] == 1:
        (length,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (length,) = struct.unpack("<I", data[8:12])
        start = 12
    header = data[start:start + length].decode("latin1")
    payload = data[start + length:]
    descr = header.split("'descr':")[1].split("'")[1]
    if descr == "<f4":
        return descr, list(struct.unpack("<%df" % (len(payload) // 4), payload))
    if descr == "<f2":
        return descr, list(struct.unpack("<%de" % (len(payload) // 2), payload))
    if descr == "<u2":  # bf16 bits
        bits = struct.unpack("<%dH" % (len(payload) // 2), payload)
        return descr, [struct.unpack("<f", struct.pack("<I", b << 16))[0]
                       for b in bits]
    raise SystemExit("unsupported dtype " + descr)


(da, a), (db, b) = read(sys.argv[1]), read(sys.argv[2])
bound = float(sys.argv[3])
assert da == db and len(a) == len(b) and a, (da, db, len(a), len(b))
worst, identical = 0.0, 0
for x, y in zip(a, b):
    if math.isnan(x) or math.isnan(y):
        worst = math.inf
    elif x == y:
        identical += 1
    else:
        worst = max(worst, abs(x - y) / (abs(x) + abs(y)))
print("max symmetric relative error %.3g over %d elements (%d identical)"
      % (worst, len(a), identical))
sys.exit(0 if worst <= bound else 1)
