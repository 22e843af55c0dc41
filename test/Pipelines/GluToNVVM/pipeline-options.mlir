// Bad glu-to-nvvm options are one clear error each (no toolkit needed).
// RUN: not glu-opt %s --glu-to-nvvm="format=cubin" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not glu-opt %s --glu-to-nvvm="toolkit=%t.none" 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
// RUN: rm -rf %t.kit && mkdir -p %t.kit/nvvm/libdevice && touch %t.kit/nvvm/libdevice/libdevice.10.bc
// RUN: not glu-opt %s --glu-to-nvvm="format=bin toolkit=%t.kit" 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not glu-opt %s --glu-to-nvvm="format=fatbin toolkit=%t.kit" 2>&1 | FileCheck %s --check-prefix=PTXAS

// FORMAT: error: glu-to-nvvm: format must be isa, bin or fatbin, got 'cubin'
// LIBDEVICE: error: glu-to-nvvm: no libdevice in the CUDA toolkit '{{.*}}.none' (set toolkit=)
// PTXAS: error: glu-to-nvvm: format={{bin|fatbin}} needs ptxas, not found in '{{.*}}.kit/bin' (set toolkit=, or use format=isa)

func.func @f(%x: tensor<8xf32>, %g: tensor<8xf32>) -> tensor<8xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<8xf32>
  return %y : tensor<8xf32>
}
