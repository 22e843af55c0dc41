// RUN: glu-opt %s -split-input-file -allow-unregistered-dialect -verify-each -glu-check-result-sizes | FileCheck %s

// Each dynamic size of a returned allocation, right after it: the caller's
// buffer that buffer-results-to-out-params puts in its place is checked
// before anything writes it.
// CHECK-LABEL: func @dynamic
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[A:.*]] = memref.alloc(%[[M]], %[[N]]) : memref<?x4x?xf32>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D0:.*]] = memref.dim %[[A]], %[[C0]]
// CHECK-NEXT: %[[EQ0:.*]] = arith.cmpi eq, %[[D0]], %[[M]] : index
// CHECK-NEXT: cf.assert %[[EQ0]], "ERROR: Runtime op verification failed\0A^ result #1 (tensor<?x4x?xf32>): the size along dimension 0 is not the one the function computes"
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[D2:.*]] = memref.dim %[[A]], %[[C2]]
// CHECK-NEXT: %[[EQ2:.*]] = arith.cmpi eq, %[[D2]], %[[N]] : index
// CHECK-NEXT: cf.assert %[[EQ2]], "{{.*}}result #1 (tensor<?x4x?xf32>): the size along dimension 2 is not
// CHECK-NEXT: "test.fill"(%[[A]])
func.func @dynamic(%m: index, %n: index) -> (index, memref<?x4x?xf32>) {
  %a = memref.alloc(%m, %n) : memref<?x4x?xf32>
  "test.fill"(%a) : (memref<?x4x?xf32>) -> ()
  return %m, %a : index, memref<?x4x?xf32>
}

// -----

// Static shapes (the C entry point checks those), arguments and what no
// allocation defines are left alone; a buffer returned twice is checked
// once.
// CHECK-LABEL: func @left_alone
// CHECK-COUNT-1: cf.assert {{.*}}result #2 (tensor<?xf32>)
// CHECK-NOT: cf.assert
// CHECK: return
func.func @left_alone(%x: memref<?xf32>, %n: index)
    -> (memref<4xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) {
  %s = memref.alloc() : memref<4xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %v = "test.source"() : () -> memref<?xf32>
  return %s, %x, %d, %d, %v : memref<4xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>
}

// -----

// An allocation returned from two blocks is checked once.
// CHECK-LABEL: func @two_returns
// CHECK: memref.alloc
// CHECK-COUNT-1: cf.assert
// CHECK-NOT: cf.assert
func.func @two_returns(%n: index, %c: i1) -> memref<?xi32> {
  %a = memref.alloc(%n) : memref<?xi32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : memref<?xi32>
^bb2:
  return %a : memref<?xi32>
}
