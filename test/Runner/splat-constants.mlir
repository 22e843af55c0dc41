// Splat constants of at least 64 KiB are filled at run time
// (glu-splats-to-fills), not globals of their size: every element has the
// constant's value, returned or read by a glu op, on one thread, all cores,
// the scalar path and the GPU's kernels (emulated).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: glu-run %s --function=f --input=128x256xf32=1.5 --output=@%t/y.npy --output=@%t/b.npy --output=@%t/z.npy
// RUN: %python -c "import numpy as n; d='%t/'; print((n.load(d+'y.npy') == 3).all(), (n.load(d+'b.npy') == 0xc020).all(), (n.load(d+'z.npy') == 0).all())" | FileCheck %s
// RUN: glu-run %s --function=f --input=128x256xf32=1.5 --num-threads=1 --output=@%t/y.npy --output=@%t/b.npy --output=@%t/z.npy
// RUN: %python -c "import numpy as n; d='%t/'; print((n.load(d+'y.npy') == 3).all(), (n.load(d+'b.npy') == 0xc020).all(), (n.load(d+'z.npy') == 0).all())" | FileCheck %s
// RUN: glu-run %s --function=f --input=128x256xf32=1.5 --vectorize=false --output=@%t/y.npy --output=@%t/b.npy --output=@%t/z.npy
// RUN: %python -c "import numpy as n; d='%t/'; print((n.load(d+'y.npy') == 3).all(), (n.load(d+'b.npy') == 0xc020).all(), (n.load(d+'z.npy') == 0).all())" | FileCheck %s
// RUN: glu-run %s --function=f --input=128x256xf32=1.5 --target=cuda-emulated --output=@%t/y.npy --output=@%t/b.npy --output=@%t/z.npy
// RUN: %python -c "import numpy as n; d='%t/'; print((n.load(d+'y.npy') == 3).all(), (n.load(d+'b.npy') == 0xc020).all(), (n.load(d+'z.npy') == 0).all())" | FileCheck %s
// CHECK: True True True
func.func @f(%x: tensor<128x256xf32>) -> (tensor<128x256xf32>, tensor<128x256xbf16>, tensor<128x256xf32>) {
  %c = arith.constant dense<2.0> : tensor<128x256xf32>
  %b = arith.constant dense<-2.5> : tensor<128x256xbf16>
  %z = arith.constant dense<0.0> : tensor<128x256xf32>
  %y = glu.glu reglu(%x, %c) : tensor<128x256xf32>
  return %y, %b, %z : tensor<128x256xf32>, tensor<128x256xbf16>, tensor<128x256xf32>
}
