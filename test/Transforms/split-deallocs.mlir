// RUN: glu-opt %s --glu-split-deallocs -split-input-file | FileCheck %s
// RUN: glu-opt %s --glu-split-deallocs --buffer-deallocation-simplification -split-input-file > %t.split
// RUN: glu-opt %s --buffer-deallocation-simplification -split-input-file | diff - %t.split

// Distinct allocations (and views of them): one dealloc each, then an empty
// one, the results or-ed: what buffer-deallocation-simplification's split
// produces (the second RUN line compares the two, whole files).

// CHECK-LABEL: func.func @distinct(
// CHECK-SAME:      %[[C0:.*]]: i1, %[[C1:.*]]: i1, %[[R:.*]]: memref<2xf32>)
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK:         %[[V:.*]] = memref.subview %[[B]]
// CHECK-NEXT:    %[[D0:.*]] = bufferization.dealloc (%[[A]] : memref<4xf32>) if (%[[C0]]) retain (%[[R]] : memref<2xf32>)
// CHECK-NEXT:    %[[D1:.*]] = bufferization.dealloc (%[[V]] : memref<2xf32, strided<[1], offset: 1>>) if (%[[C1]]) retain (%[[R]] : memref<2xf32>)
// CHECK-NEXT:    %[[E:.*]] = bufferization.dealloc retain (%[[R]] : memref<2xf32>)
// CHECK-NEXT:    %[[O0:.*]] = arith.ori %[[E]], %[[D0]]
// CHECK-NEXT:    %[[O1:.*]] = arith.ori %[[O0]], %[[D1]]
// CHECK-NEXT:    return %[[O1]]
func.func @distinct(%c0: i1, %c1: i1, %r: memref<2xf32>) -> i1 {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %v = memref.subview %b[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  %d = bufferization.dealloc (%a, %v : memref<4xf32>, memref<2xf32, strided<[1], offset: 1>>) if (%c0, %c1) retain (%r : memref<2xf32>)
  return %d : i1
}

// -----

// A buffer that is not an allocation of its own (an argument, a second view
// of one allocation): left to buffer-deallocation-simplification.

// CHECK-LABEL: func.func @argument(
// CHECK:         bufferization.dealloc (%{{.*}}, %{{.*}} : memref<4xf32>, memref<4xf32>)
// CHECK-NOT:     bufferization.dealloc
func.func @argument(%c: i1, %x: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  bufferization.dealloc (%a, %x : memref<4xf32>, memref<4xf32>) if (%c, %c)
  return
}

// -----

// CHECK-LABEL: func.func @same_allocation(
// CHECK:         bufferization.dealloc (%{{.*}}, %{{.*}} : memref<4xf32>, memref<2xf32, strided<[1]>>)
// CHECK-NOT:     bufferization.dealloc
func.func @same_allocation(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  bufferization.dealloc (%a, %v : memref<4xf32>, memref<2xf32, strided<[1]>>) if (%c, %c)
  return
}
