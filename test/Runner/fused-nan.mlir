// A glu op fused with a neighbour (glu-fuse-elementwise) stores the
// neighbour's NaN results as the canonical quiet NaN too (docs/semantics.md
// decision 14): LLVM took the glu's canonical NaN for another once the two
// were one body, and a scale of a NaN result kept the up value's payload on
// the host (7fc00789, ffc00abc) and not in the GPU lowering; payloads of
// the scale itself (the last element) too.
//
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %python -c "import struct; w = lambda n, b: open(n, 'wb').write(b'\x93NUMPY\x01\x00' + struct.pack('<H', 118) + (\"{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }\").ljust(117).encode() + b'\n' + struct.pack('<4I', *b)); w('x.npy', [0x3f800000, 0x3f800000, 0x7fc00123, 0x3f800000]); w('g.npy', [0x7fc00123, 0xffc00456, 0x3f800000, 0x3f800000]); w('s.npy', [0x7fc00789, 0xffc00abc, 0x7f800001, 0x7fc00789])"
// RUN: glu-run %s --function=fused --input=@x.npy --input=@g.npy --input=@s.npy --output=@host.npy
// RUN: glu-run %s --function=fused --input=@x.npy --input=@g.npy --input=@s.npy --output=@gpu.npy --target=cuda-emulated
// RUN: glu-run %s --function=fused --input=@x.npy --input=@g.npy --input=@s.npy --output=@scalar.npy --vectorize=false
// RUN: %python -c "import struct; print(*('%%08x' %% v for v in struct.unpack('<4I', open('host.npy', 'rb').read()[-16:])))" | FileCheck %s
// RUN: cmp host.npy gpu.npy && cmp host.npy scalar.npy
// CHECK: 7fc00000 7fc00000 7fc00000 7fc00000

func.func @fused(%x: tensor<?xf32>, %g: tensor<?xf32>, %s: tensor<?xf32>) -> tensor<?xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<?xf32>
  %z = arith.mulf %y, %s : tensor<?xf32>
  return %z : tensor<?xf32>
}
