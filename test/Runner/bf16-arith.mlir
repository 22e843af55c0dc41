// Arithmetic on bf16 values beside a glu op (a bias add before it, a scale
// after it, and alone) runs in f32 between explicit conversions
// (arith-emulate-unsupported-floats in the preparation stage), which glu
// rounds exactly: the same bits on every host and target. Left to LLVM,
// an AVX512_BF16 host rounded with vcvtneps2bf16 (2^-126 - 2^-127 gave 0,
// not the subnormal 0x0040; a NaN kept its payload) and x86-64-v3 code
// called __truncsfbf2, which Debian 12's libgcc lacks.
//
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %python -c "import struct; w = lambda n, b: open(n, 'wb').write(b'\x93NUMPY\x01\x00' + struct.pack('<H', 118) + (\"{'descr': '<u2', 'fortran_order': False, 'shape': (5,), }\").ljust(117).encode() + b'\n' + struct.pack('<5H', *b)); w('p.npy', [0x0080, 0x000b, 0x3f80, 0x7fc1, 0x3f80]); w('q.npy', [0x8040, 0x0000, 0x0000, 0x0000, 0x3f80]); w('g.npy', [0x3f80, 0x3f80, 0x7fc1, 0x3f80, 0x3f80]); w('s.npy', [0x7f00, 0x7f00, 0xff98, 0x3f80, 0xff81])"
// RUN: glu-run %s --function=add --input=@p.npy --input=@q.npy --output=@add.npy
// RUN: glu-run %s --function=add --input=@p.npy --input=@q.npy --output=@add-scalar.npy --vectorize=false
// RUN: glu-run %s --function=add --input=@p.npy --input=@q.npy --output=@add-gpu.npy --target=cuda-emulated
// RUN: cmp add.npy add-scalar.npy && cmp add.npy add-gpu.npy
// RUN: %if x86-64-v3 %{ glu-run %s --function=add --input=@p.npy --input=@q.npy --output=@add-v3.npy --mcpu=x86-64-v3 %}
// RUN: %if x86-64-v3 %{ cmp add.npy add-v3.npy %}
// RUN: %python -c "import struct; print(*('%%04x' %% v for v in struct.unpack('<5H', open('add.npy', 'rb').read()[-10:])))" | FileCheck %s --check-prefix=ADD
// ADD: 0040 000b 3f80 7fc0 4000
// RUN: glu-run %s --function=around --input=@p.npy --input=@q.npy --input=@g.npy --input=@s.npy --output=@around.npy
// RUN: glu-run %s --function=around --input=@p.npy --input=@q.npy --input=@g.npy --input=@s.npy --output=@around-scalar.npy --vectorize=false
// RUN: glu-run %s --function=around --input=@p.npy --input=@q.npy --input=@g.npy --input=@s.npy --output=@around-gpu.npy --target=cuda-emulated
// RUN: cmp around.npy around-scalar.npy && cmp around.npy around-gpu.npy
// RUN: %if x86-64-v3 %{ glu-run %s --function=around --input=@p.npy --input=@q.npy --input=@g.npy --input=@s.npy --output=@around-v3.npy --mcpu=x86-64-v3 %}
// RUN: %if x86-64-v3 %{ cmp around.npy around-v3.npy %}
// RUN: %python -c "import struct; print(*('%%04x' %% v for v in struct.unpack('<5H', open('around.npy', 'rb').read()[-10:])))" | FileCheck %s --check-prefix=AROUND
// AROUND: 3f00 3dc0 7fc0 7fc0 7fc0
// RUN: glu-compile %s --mcpu=x86-64-v3 -o v3.o --header=v3.h
// RUN: llvm-nm v3.o | FileCheck %s --check-prefix=NM
// NM-NOT: __truncsfbf2

func.func @add(%a: tensor<?xbf16>, %b: tensor<?xbf16>) -> tensor<?xbf16> {
  %c = arith.addf %a, %b : tensor<?xbf16>
  return %c : tensor<?xbf16>
}

func.func @around(%p: tensor<?xbf16>, %q: tensor<?xbf16>, %g: tensor<?xbf16>, %s: tensor<?xbf16>) -> tensor<?xbf16> {
  %x = arith.addf %p, %q : tensor<?xbf16>
  %y = glu.glu swiglu(%x, %g) : tensor<?xbf16>
  %z = arith.mulf %y, %s : tensor<?xbf16>
  return %z : tensor<?xbf16>
}
