// RUN: glu-opt %s -split-input-file -verify-each -glu-strided-copies-to-loops | FileCheck %s

// A copy into or out of a strided view (a subview with an offset: what
// tensor.concat bufferizes to) becomes a linalg.copy; finalize-memref-to-llvm
// would have called memrefCopy of MLIR's C runner utils.
// CHECK-LABEL: func @strided
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: %[[V:.*]] = memref.subview %[[Y]]
// CHECK-NEXT: linalg.copy ins(%[[X]] : memref<?xf32>) outs(%[[V]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK: %[[W:.*]] = memref.subview
// CHECK: linalg.copy ins(%[[W]] : memref<2x?xf32, strided<[?, 1]>>) outs(%{{.*}} : memref<2x?xf32>)
// CHECK-NOT: memref.copy
func.func @strided(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %v = memref.subview %y[%n] [%n] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  memref.copy %x, %v : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  %xx = memref.expand_shape %x [[0, 1]] output_shape [2, %n] : memref<?xf32> into memref<2x?xf32>
  %w = memref.subview %xx[0, 0] [2, %n] [1, 1] : memref<2x?xf32> to memref<2x?xf32, strided<[?, 1]>>
  %o = memref.alloc(%n) : memref<2x?xf32>
  memref.copy %w, %o : memref<2x?xf32, strided<[?, 1]>> to memref<2x?xf32>
  return
}

// -----

// Contiguous buffers keep their memcpy: identity layouts, static
// contiguous row-major views; unranked copies keep the runtime call.
// CHECK-LABEL: func @kept
// CHECK-COUNT-3: memref.copy
// CHECK-NOT: linalg.copy
func.func @kept(%x: memref<?x4xf32>, %y: memref<?x4xf32>, %s: memref<8xf32>, %u: memref<*xf32>, %v: memref<*xf32>) {
  memref.copy %x, %y : memref<?x4xf32> to memref<?x4xf32>
  %a = memref.subview %s[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32>
  memref.copy %u, %v : memref<*xf32> to memref<*xf32>
  return
}
