// scf.parallel reductions through glu-to-llvm, on all cores and on one: a
// combiner convert-scf-to-openmp recognizes runs in OpenMP's reduction;
// one it does not (arith.maximumf, a bf16 sum through f32) made the
// pipeline stop ("unconverted operation found") and now runs as nested
// scf.for loops (glu-sequential-reductions), in iteration order.
//
// RUN: glu-run %s --function=f --input=5xf32=1,-2,7.5,3,0.25 --input=5xi32=1,2,3,4,5 | FileCheck %s
// RUN: glu-run %s --function=f --input=5xf32=1,-2,7.5,3,0.25 --input=5xi32=1,2,3,4,5 --num-threads=1 | FileCheck %s
// RUN: glu-run %s --function=f --input=5xf32=1,-2,7.5,3,0.25 --input=5xi32=1,2,3,4,5 --num-threads=2 | FileCheck %s
// RUN: glu-opt %s --glu-to-llvm | FileCheck %s --check-prefix=OMP
// CHECK: result[0]: 1xf32
// CHECK-NEXT: 7.5
// CHECK: result[1]: 1xi32
// CHECK-NEXT: 15
// CHECK: result[2]: 1xbf16
// CHECK-NEXT: 9.75
// CHECK: result[3]: 1xf32
// CHECK-NEXT: 70.3125
// The sum of squares alone, in its own loop, stays an OpenMP reduction.
// OMP: omp.declare_reduction
// OMP: omp.wsloop
func.func @f(%t: tensor<?xf32>, %k: tensor<?xi32>) -> (tensor<1xf32>, tensor<1xi32>, tensor<1xbf16>, tensor<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zi = arith.constant 0 : i32
  %zb = arith.constant 0.0 : bf16
  %zf = arith.constant 0.0 : f32
  %r:3 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%ninf, %zi, %zb) -> (f32, i32, bf16) {
    %v = tensor.extract %t[%i] : tensor<?xf32>
    %w = tensor.extract %k[%i] : tensor<?xi32>
    %h = arith.truncf %v : f32 to bf16
    scf.reduce(%v, %w, %h : f32, i32, bf16) {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      scf.reduce.return %m : f32
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      scf.reduce.return %s : i32
    }, {
    ^bb0(%a: bf16, %b: bf16):
      %ea = arith.extf %a : bf16 to f32
      %eb = arith.extf %b : bf16 to f32
      %s = arith.addf %ea, %eb : f32
      %q = arith.truncf %s : f32 to bf16
      scf.reduce.return %q : bf16
    }
  }
  %sq = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zf) -> f32 {
    %v = tensor.extract %t[%i] : tensor<?xf32>
    %p = arith.mulf %v, %v : f32
    scf.reduce(%p : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  %o0 = tensor.from_elements %r#0 : tensor<1xf32>
  %o1 = tensor.from_elements %r#1 : tensor<1xi32>
  %o2 = tensor.from_elements %r#2 : tensor<1xbf16>
  %o3 = tensor.from_elements %sq : tensor<1xf32>
  return %o0, %o1, %o2, %o3 : tensor<1xf32>, tensor<1xi32>, tensor<1xbf16>, tensor<1xf32>
}
