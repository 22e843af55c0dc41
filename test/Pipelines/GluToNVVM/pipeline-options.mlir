// Bad glu-to-nvvm options are one clear error each (no toolkit needed).
// RUN: not glu-opt %s --glu-to-nvvm="format=cubin" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not glu-opt %s --glu-to-nvvm="toolkit=%t.none" 2>&1 | FileCheck %s --check-prefix=LIBDEVICE
// RUN: rm -rf %t.kit && mkdir -p %t.kit/nvvm/libdevice && touch %t.kit/nvvm/libdevice/libdevice.10.bc
// RUN: not glu-opt %s --glu-to-nvvm="format=bin toolkit=%t.kit" 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not glu-opt %s --glu-to-nvvm="format=fatbin toolkit=%t.kit" 2>&1 | FileCheck %s --check-prefix=PTXAS

// The name of the kernel the runtime launches at load is reserved in a
// gpu.module, with tables and without.
// RUN: not glu-opt %s -split-input-file --glu-to-nvvm 2>&1 | FileCheck %s --check-prefix=RESERVED
// RUN: not glu-opt %s -split-input-file --glu-to-nvvm="tables=false" 2>&1 | FileCheck %s --check-prefix=RESERVED
// RESERVED: error: glu-tabulate: '__glu_table_init' is reserved in a gpu.module for the kernel that fills its tables

// FORMAT: error: glu-to-nvvm: format must be isa, bin or fatbin, got 'cubin'
// LIBDEVICE: error: glu-to-nvvm: no libdevice in the CUDA toolkit '{{.*}}.none' (set toolkit=)
// PTXAS: error: glu-to-nvvm: format={{bin|fatbin}} needs ptxas, not found in '{{.*}}.kit/bin' (set toolkit=, or use format=isa)

func.func @f(%x: tensor<8xf32>, %g: tensor<8xf32>) -> tensor<8xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

module attributes {gpu.container_module} {
  gpu.module @taken {
    gpu.func @__glu_table_init(%o: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %o[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
