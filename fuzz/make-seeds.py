#!/usr/bin/env python3
"""Seed corpora for the fuzzers: seeds/ir from every .mlir file of test/ and
examples/ (one seed per -split-input-file section), seeds/npy from valid and
broken .npy files, inline tensor specs and defect names. Usage:
make-seeds.py REPO_ROOT OUT_DIR"""
import glob
import hashlib
import os
import struct
import sys

root, out = sys.argv[1], sys.argv[2]
ir_dir = os.path.join(out, "ir")
npy_dir = os.path.join(out, "npy")
os.makedirs(ir_dir, exist_ok=True)
os.makedirs(npy_dir, exist_ok=True)


def write(directory, data):
    if isinstance(data, str):
        data = data.encode()
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


files = sorted(glob.glob(os.path.join(root, "test", "**", "*.mlir"),
                         recursive=True) +
               glob.glob(os.path.join(root, "examples", "*.mlir")))
for path in files:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for section in text.split("// -----"):
        # RUN/CHECK comment lines carry no IR.
        lines = [l for l in section.splitlines()
                 if not l.lstrip().startswith("//")]
        body = "\n".join(lines).strip()
        if body:
            write(ir_dir, body + "\n")


def npy(descr, shape, payload, version=1, fortran=False):
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
        descr, "True" if fortran else "False",
        "(" + "".join("%d, " % s for s in shape) + ")")
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    head = b"\x93NUMPY" + bytes([version, 0])
    if version == 1:
        head += struct.pack("<H", len(header))
    else:
        head += struct.pack("<I", len(header))
    return head + header.encode() + payload


MODE_NPY, MODE_INLINE, MODE_DEFECT = b"\x00", b"\x01", b"\x02"
sizes = {"<f4": 4, "<f2": 2, "<u2": 2, "<i4": 4, "<i8": 8}
for descr, size in sizes.items():
    for shape in [(), (3,), (2, 3), (1, 0, 4)]:
        count = 1
        for s in shape:
            count *= s
        for version in (1, 2, 3):
            write(npy_dir, MODE_NPY + npy(descr, shape, bytes(range(count * size)),
                                          version))
write(npy_dir, MODE_NPY + npy("<f4", (2, 2), b"\0" * 16, fortran=True))
write(npy_dir, MODE_NPY + npy(">f4", (2,), b"\0" * 8))
write(npy_dir, MODE_NPY + npy("<f8", (2,), b"\0" * 16))
write(npy_dir, MODE_NPY + npy("<f4", (-1, 2), b"\0" * 8))
write(npy_dir, MODE_NPY + npy("<f4", (2, 3), b"\0" * 8))
for spec in ["4x8xf32=random:7", "2x2xbf16=1.5", "3xf32=1,2,3", "f16=0.5",
             "2xi32=7", "2xi64=-3", "0x4xf32=1", "4x8xf64=1", "2xi32=1e30",
             "2xf32=nan,inf", "1099511627776xf32=0"]:
    write(npy_dir, MODE_INLINE + spec.encode())
for name in ["", "none", "constant-off", "dropped-term", "swapped-halves",
             "tail-not-written", "wrong-kink-side", "unrounded-dg", "bogus"]:
    write(npy_dir, MODE_DEFECT + name.encode())
print("seeds: %d ir, %d npy" % (len(os.listdir(ir_dir)),
                                len(os.listdir(npy_dir))))
