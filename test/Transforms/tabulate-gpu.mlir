// RUN: glu-opt %s -split-input-file -glu-tabulate -verify-diagnostics | FileCheck %s
// RUN: glu-opt %s -split-input-file "-glu-tabulate=host=0" -verify-diagnostics | FileCheck %s --check-prefix=KERNELS

// A cone inside a gpu.module: its table is an uninitialized global of THAT
// gpu.module, filled by the gpu.module's kernel __glu_table_init (no
// arguments, a grid-stride loop over the 65536 entries running the cone's
// ops, cloned); no constructor. The same cone in a second kernel of the
// module shares the table and its fill; host code keeps the CPU's tables
// (or, with host=0, stays computed).
// CHECK-LABEL: gpu.module @kernels
// CHECK: gpu.func @silu(%[[A:.*]]: memref<?xbf16>, %[[O:.*]]: memref<?xf32>) kernel
// CHECK: %[[X16:.*]] = memref.load %[[A]]
// CHECK: %[[B:.*]] = arith.bitcast %[[X16]] : bf16 to i16
// CHECK: %[[I:.*]] = arith.index_castui %[[B]] : i16 to index
// CHECK: %[[T:.*]] = memref.get_global @[[TABLE:__glu_table]] : memref<65536xf32>
// CHECK: %[[ACT:.*]] = memref.load %[[T]][%[[I]]] : memref<65536xf32>
// CHECK-NOT: math.exp
// CHECK: memref.store %[[ACT]], %[[O]]
// CHECK: gpu.func @silu_again
// CHECK: memref.get_global @[[TABLE]] : memref<65536xf32>
// CHECK-NOT: math.exp
// CHECK: gpu.return
// CHECK: memref.global "private" @[[TABLE]] : memref<65536xf32> = uninitialized {alignment = 64 : i64}
// CHECK: gpu.func @[[INIT:__glu_table_init]]() kernel {
// CHECK: gpu.grid_dim x
// CHECK: gpu.thread_id x
// CHECK: %[[N:.*]] = arith.constant 65536 : index
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %[[N]] step %{{.*}} {
// CHECK: %[[BITS:.*]] = arith.index_cast %[[J]] : index to i16
// CHECK: %[[XB:.*]] = arith.bitcast %[[BITS]] : i16 to bf16
// CHECK: %[[XF:.*]] = arith.extf %[[XB]] : bf16 to f32
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: %[[FT:.*]] = memref.get_global @[[TABLE]]
// CHECK: memref.store %{{.*}}, %[[FT]][%[[J]]] : memref<65536xf32>
// CHECK-NOT: scf.for
// CHECK: gpu.return
// CHECK-NOT: memref.global
// CHECK-NOT: gpu.func
// CHECK: }
// CHECK-LABEL: func.func @host
// CHECK: memref.get_global @__glu_table : memref<65536xf32>
// CHECK-NOT: math.exp
// CHECK: memref.global "private" @__glu_table : memref<65536xf32>
// CHECK: llvm.func internal @[[FILL:__glu_fill_table]]()
// CHECK: llvm.mlir.global_ctors ctors = [@[[FILL]]]

// KERNELS-LABEL: gpu.module @kernels
// KERNELS: gpu.func @__glu_table_init() kernel
// KERNELS-LABEL: func.func @host
// KERNELS: math.exp
// KERNELS-NOT: __glu_table
// KERNELS-NOT: llvm.mlir.global_ctors
// KERNELS: // -----
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @silu(%a: memref<?xbf16>, %o: memref<?xf32>) kernel {
      %i = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      %s = memref.load %a[%i] : memref<?xbf16>
      %x = arith.extf %s : bf16 to f32
      %n = arith.negf %x : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %act = arith.divf %x, %d : f32
      memref.store %act, %o[%i] : memref<?xf32>
      gpu.return
    }
    gpu.func @silu_again(%a: memref<?xbf16>, %o: memref<?xf32>) kernel {
      %i = gpu.block_id x
      %one = arith.constant 1.0 : f32
      %s = memref.load %a[%i] : memref<?xbf16>
      %x = arith.extf %s : bf16 to f32
      %n = arith.negf %x : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %act = arith.divf %x, %d : f32
      memref.store %act, %o[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func @host(%s: bf16) -> f32 {
    %one = arith.constant 1.0 : f32
    %x = arith.extf %s : bf16 to f32
    %n = arith.negf %x : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %act = arith.divf %x, %d : f32
    return %act : f32
  }
}

// -----

// Two gpu.modules: each gets its own table and fill kernel (a GPU module
// cannot read another's globals); distinct cones in one gpu.module (here
// f16 and bf16) one table each, filled by one kernel, loop after loop.
// CHECK-LABEL: gpu.module @first
// CHECK: memref.get_global @[[A:__glu_table]]
// CHECK: memref.get_global @[[B:__glu_table_[0-9]+]]
// CHECK: gpu.func @__glu_table_init() kernel
// CHECK: scf.for
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: memref.get_global @[[A]]
// CHECK: scf.for
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: memref.get_global @[[B]]
// CHECK-LABEL: gpu.module @second
// CHECK: memref.get_global @[[C:__glu_table]]
// CHECK: memref.global "private" @[[C]]
// CHECK: gpu.func @__glu_table_init() kernel
// CHECK-NOT: llvm.mlir.global_ctors
module attributes {gpu.container_module} {
  gpu.module @first {
    gpu.func @k(%a: bf16, %b: f16, %o: memref<2xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = arith.extf %a : bf16 to f32
      %e = math.exp %x : f32
      memref.store %e, %o[%c0] : memref<2xf32>
      %y = arith.extf %b : f16 to f32
      %f = math.exp %y : f32
      memref.store %f, %o[%c1] : memref<2xf32>
      gpu.return
    }
  }
  gpu.module @second {
    gpu.func @k(%a: bf16, %o: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = arith.extf %a : bf16 to f32
      %e = math.exp %x : f32
      memref.store %e, %o[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

// A gpu.module without a cone to tabulate is left alone: no fill kernel.
// CHECK-LABEL: gpu.module @cheap
// CHECK-NOT: __glu_table
// CHECK: gpu.func @k
// CHECK-NOT: __glu_table
module attributes {gpu.container_module} {
  gpu.module @cheap {
    gpu.func @k(%a: bf16, %o: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = arith.extf %a : bf16 to f32
      %y = arith.mulf %x, %x : f32
      memref.store %y, %o[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

// The runtime finds the fill kernel by its name: taken, it is an error.
module attributes {gpu.container_module} {
  gpu.module @taken {
    // expected-error @below {{glu-tabulate: '__glu_table_init' is reserved in a gpu.module for the kernel that fills its tables}}
    gpu.func @__glu_table_init() kernel {
      gpu.return
    }
    gpu.func @k(%a: bf16, %o: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = arith.extf %a : bf16 to f32
      %e = math.exp %x : f32
      memref.store %e, %o[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

// Taken without a cone to tabulate, too: the runtime would launch this
// kernel at load time, without its argument.
module attributes {gpu.container_module} {
  gpu.module @taken_no_cone {
    // expected-error @below {{glu-tabulate: '__glu_table_init' is reserved in a gpu.module for the kernel that fills its tables}}
    gpu.func @__glu_table_init(%o: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      memref.store %one, %o[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

// Taken by a symbol that is not a kernel.
module attributes {gpu.container_module} {
  gpu.module @taken_global {
    // expected-error @below {{glu-tabulate: '__glu_table_init' is reserved in a gpu.module for the kernel that fills its tables}}
    memref.global "private" @__glu_table_init : memref<4xf32> = uninitialized
  }
}
