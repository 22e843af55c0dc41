// A memref.realloc in the input: expand-realloc runs first in the
// bufferization stage (ownership-based deallocation does not know the op),
// and the buffer the realloc replaces is freed.
//
// RUN: glu-opt %s --glu-to-llvm=threads=1 | FileCheck %s --implicit-check-not=memref.realloc

// CHECK-LABEL: llvm.func @grow(
// CHECK:         %[[OLD:.*]] = llvm.call @malloc
// CHECK:         llvm.call @malloc
// CHECK:         llvm.call @free(%[[OLD]])
// CHECK:         llvm.return
func.func @grow(%n: index, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  %b = memref.realloc %a(%n) : memref<4xf32> to memref<?xf32>
  %r = memref.load %b[%c0] : memref<?xf32>
  return %r : f32
}
