// glu-convert-to-llvm gives the output of the upstream lowerings it merges,
// run as passes with finalize-memref-to-llvm first (then a memref.dim of a
// constant index reads the descriptor directly), glu-convert-cf-to-llvm for
// the asserts, and reconcile-unrealized-casts.
// RUN: glu-opt %s --glu-convert-to-llvm -o %t.glu
// RUN: glu-opt %s --pass-pipeline='builtin.module(finalize-memref-to-llvm,convert-math-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,glu-convert-cf-to-llvm,convert-ub-to-llvm,reconcile-unrealized-casts)' | diff - %t.glu
// RUN: FileCheck %s --input-file=%t.glu --implicit-check-not=unrealized_conversion_cast

// CHECK-LABEL: llvm.func @kernel(
// CHECK:         llvm.intr.fma
// CHECK:         llvm.return
func.func private @kernel(%m: memref<?xf32>, %i: index) -> f32 {
  %x = memref.load %m[%i] : memref<?xf32>
  %y = math.fma %x, %x, %x : f32
  return %y : f32
}

// CHECK-LABEL: llvm.func @caller(
// CHECK:         %[[SIZE:.*]] = llvm.extractvalue %{{.*}}[3, 0]
// CHECK:         llvm.call @malloc
// CHECK:         llvm.cond_br
// CHECK:         llvm.call @kernel
// CHECK:         llvm.call @free
// CHECK:         llvm.call @puts
// CHECK:         llvm.call @abort
func.func @caller(%m: memref<?xf32>, %j: index) -> f32 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  %k = index.add %j, %c0
  %ok = arith.cmpi ult, %k, %n : index
  cf.assert %ok, "index out of range"
  %p = ub.poison : f32
  memref.store %p, %a[%k] : memref<?xf32>
  %r = call @kernel(%a, %k) : (memref<?xf32>, index) -> f32
  memref.dealloc %a : memref<?xf32>
  return %r : f32
}
