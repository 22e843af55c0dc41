// RUN: glu-opt %s --glu-outline-kernels=min-repeats=3 -split-input-file | FileCheck %s
// RUN: glu-opt %s --glu-outline-kernels=min-repeats=4 -split-input-file | FileCheck %s --check-prefix=FEW

// Three equal generics (operands differ, types equal) become calls of one
// private kernel holding the very op; a generic with another body, and one
// whose body reads a value from outside, stay where they are.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func private @glu_kernel(
// CHECK-SAME:      %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[C:.*]]: memref<?xf32>)
// CHECK-SAME:      attributes {llvm.linkage = #llvm.linkage<internal>}
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[A]], %[[B]] : memref<?xf32>, memref<?xf32>) outs(%[[C]] : memref<?xf32>)
// CHECK:           arith.mulf
// CHECK:         return
// CHECK-LABEL: func.func @f(
// CHECK-SAME:      %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[Z:.*]]: memref<?xf32>, %[[S:.*]]: f32)
// CHECK-NEXT:    call @glu_kernel(%[[X]], %[[Y]], %[[Z]])
// CHECK-NEXT:    call @glu_kernel(%[[Y]], %[[Y]], %[[X]])
// CHECK-NEXT:    linalg.generic
// CHECK:           arith.addf
// CHECK:         linalg.generic
// CHECK:           arith.mulf %{{.*}}, %[[S]]
// CHECK:         call @glu_kernel(%[[Z]], %[[X]], %[[Y]])
// CHECK-NEXT:    return
// FEW-NOT: call
func.func @f(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>, %s: f32) {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%z : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%y, %y : memref<?xf32>, memref<?xf32>) outs(%x : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%z : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.addf %a, %b : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%z : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%z, %x : memref<?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// Equal bodies on operands of other types are other kernels: with three of
// each, two kernels, the second renamed.

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func private @glu_kernel(%{{.*}}: memref<4xf32>
// CHECK-LABEL: func.func private @glu_kernel_0(%{{.*}}: memref<8xf32>
// CHECK-LABEL: func.func @types(
// CHECK-COUNT-3: call @glu_kernel(
// CHECK-COUNT-3: call @glu_kernel_0(
func.func @types(%a: memref<4xf32>, %b: memref<8xf32>) {
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%o: f32):
    %n = arith.negf %o : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%o: f32):
    %n = arith.negf %o : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%o: f32):
    %n = arith.negf %o : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%b : memref<8xf32>) {
  ^bb0(%o: f32):
    %n = arith.negf %o : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%b : memref<8xf32>) {
  ^bb0(%o: f32):
    %n = arith.negf %o : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%b : memref<8xf32>) {
  ^bb0(%o: f32):
    %n = arith.negf %o : f32
    linalg.yield %n : f32
  }
  return
}

// -----

// The kernel's operands are positional: the first member passes one buffer
// as an input and the output (in place), the others do not; the kernel
// still reads its second argument (a value map once sent both uses of %c to
// the last argument, and every other member then multiplied by its output).

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func private @glu_kernel(
// CHECK-SAME:      %[[A:.*]]: memref<?xf32>, %[[B:.*]]: memref<?xf32>, %[[C:.*]]: memref<?xf32>)
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[A]], %[[B]] : memref<?xf32>, memref<?xf32>) outs(%[[C]] : memref<?xf32>)
// CHECK-LABEL: func.func @in_place_first(
// CHECK-SAME:      %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[Z:.*]]: memref<?xf32>)
// CHECK-NEXT:    call @glu_kernel(%[[X]], %[[Z]], %[[Z]])
// CHECK-NEXT:    call @glu_kernel(%[[X]], %[[Y]], %[[Z]])
// CHECK-NEXT:    call @glu_kernel(%[[Y]], %[[X]], %[[Z]])
func.func @in_place_first(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %z : memref<?xf32>, memref<?xf32>) outs(%z : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%z : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%y, %x : memref<?xf32>, memref<?xf32>) outs(%z : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}
