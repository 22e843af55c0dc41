// RUN: glu-opt %s --glu-to-llvm --mlir-print-ir-before=convert-scf-to-openmp -o /dev/null 2>&1 | FileCheck %s

// geglu_erf's f32 vector body in the ordinary range computes exp(-z^2) once:
// the definition's (the erfc correction's slope, act'') and the one inside
// upstream's erfc expansion are the same ops once glu-version-by-range has
// folded the tail's select, and CSE merges them (the exp's floor is its
// range reduction; erfc has none of its own).

// CHECK-LABEL: func.func private @fwd__one_thread
// CHECK: vector.reduction <and>
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK: math.floor
// CHECK-NOT: math.floor
// CHECK: } else {
func.func @fwd(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu geglu_erf(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// CHECK-LABEL: func.func private @bwd__one_thread
// CHECK: vector.reduction <and>
// CHECK-NEXT: scf.if %{{.*}} {
// CHECK: math.floor
// CHECK-NOT: math.floor
// CHECK: } else {
func.func @bwd(%dy: tensor<?x?xf32>, %x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %dx, %dg = glu.glu_back geglu_erf(%dy, %x, %g) : tensor<?x?xf32>
  return %dx, %dg : tensor<?x?xf32>, tensor<?x?xf32>
}
