// RUN: glu-opt %s -allow-unregistered-dialect -split-input-file -verify-each -glu-check-result-sizes | FileCheck %s

// Each dynamic size of a returned allocation: the size the function
// computes is not negative, and the buffer has it. The allocation moves to
// the start of its block with the pure ops its sizes need, so that the
// caller's buffer that buffer-results-to-out-params puts in its place is
// checked before any work (here the fill of the first result).
// CHECK-LABEL: func @dynamic
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[M:.*]] = memref.dim %[[X]], %[[C0]]
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%[[M]], %[[N]]) : memref<?x4x?xf32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[POS0:.*]] = arith.cmpi sge, %[[M]], %[[Z]] : index
// CHECK-NEXT: cf.assert %[[POS0]], "ERROR: Runtime op verification failed\0A^ result #1 (tensor<?x4x?xf32>): the function computes a negative size along dimension 0"
// CHECK-NEXT: %[[C0B:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D0:.*]] = memref.dim %[[A]], %[[C0B]]
// CHECK-NEXT: %[[EQ0:.*]] = arith.cmpi eq, %[[D0]], %[[M]] : index
// CHECK-NEXT: cf.assert %[[EQ0]], "ERROR: Runtime op verification failed\0A^ result #1 (tensor<?x4x?xf32>): the size along dimension 0 is not the one the function computes"
// CHECK: arith.cmpi sge, %[[N]]
// CHECK: %[[D2:.*]] = memref.dim %[[A]]
// CHECK-NEXT: %[[EQ2:.*]] = arith.cmpi eq, %[[D2]], %[[N]] : index
// CHECK-NEXT: cf.assert %[[EQ2]], "{{.*}}result #1 (tensor<?x4x?xf32>): the size along dimension 2 is not
// CHECK-NEXT: %[[F:.*]] = memref.alloc() : memref<8xf32>
// CHECK-NEXT: "test.fill"(%[[F]])
// CHECK-NEXT: "test.fill"(%[[A]])
func.func @dynamic(%x: memref<?xf32>, %n: index) -> (memref<8xf32>, memref<?x4x?xf32>) {
  %f = memref.alloc() : memref<8xf32>
  "test.fill"(%f) : (memref<8xf32>) -> ()
  %c0 = arith.constant 0 : index
  %m = memref.dim %x, %c0 : memref<?xf32>
  %a = memref.alloc(%m, %n) : memref<?x4x?xf32>
  "test.fill"(%a) : (memref<?x4x?xf32>) -> ()
  return %f, %a : memref<8xf32>, memref<?x4x?xf32>
}

// -----

// A size read from memory (not pure) keeps the allocation after the read.
// CHECK-LABEL: func @loaded_size
// CHECK: "test.fill"
// CHECK: %[[N:.*]] = memref.load
// CHECK-NEXT: memref.alloc(%[[N]])
// CHECK-NEXT: arith.constant 0
// CHECK-NEXT: arith.cmpi sge
// CHECK-NEXT: cf.assert
func.func @loaded_size(%s: memref<1xindex>) -> memref<?xf32> {
  "test.fill"(%s) : (memref<1xindex>) -> ()
  %c0 = arith.constant 0 : index
  %n = memref.load %s[%c0] : memref<1xindex>
  %a = memref.alloc(%n) : memref<?xf32>
  return %a : memref<?xf32>
}

// -----

// A returned value that no allocation defines (an argument, an op's
// result) is copied into one of its sizes first, the copy
// buffer-results-to-out-params would make, and checked as an allocation.
// Static shapes (the C entry point checks those) and a buffer returned at
// two positions (no single output takes its place:
// glu-copy-repeated-results copies it first) are left alone.
// CHECK-LABEL: func @copied
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: %[[DX:.*]] = memref.dim %[[X]]
// CHECK-NEXT: %[[CX:.*]] = memref.alloc(%[[DX]])
// CHECK-COUNT-2: cf.assert {{.*}}result #1 (tensor<?xf32>)
// CHECK: %[[V:.*]] = "test.source"
// CHECK: memref.copy %[[X]], %[[CX]]
// CHECK: %[[DV:.*]] = memref.dim %[[V]]
// CHECK-NEXT: %[[CV:.*]] = memref.alloc(%[[DV]])
// CHECK-COUNT-2: cf.assert {{.*}}result #4 (tensor<?xf32>)
// CHECK-NEXT: memref.copy %[[V]], %[[CV]]
// CHECK-NEXT: return %{{.*}}, %[[CX]], %[[D:.*]], %[[D]], %[[CV]] :
func.func @copied(%x: memref<?xf32>, %n: index)
    -> (memref<4xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) {
  %s = memref.alloc() : memref<4xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  %v = "test.source"() : () -> memref<?xf32>
  return %s, %x, %d, %d, %v : memref<4xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>
}

// -----

// Two returns: %b, returned at position 1 only, is checked (once); %a,
// returned at positions 0 and 1, is left alone.
// CHECK-LABEL: func @two_returns
// CHECK-COUNT-2: cf.assert {{.*}}result #1 (tensor<?xi32>)
// CHECK-NOT: cf.assert
func.func @two_returns(%n: index, %c: i1) -> (memref<?xi32>, memref<?xi32>) {
  %a = memref.alloc(%n) : memref<?xi32>
  %b = memref.alloc(%n) : memref<?xi32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a, %b : memref<?xi32>, memref<?xi32>
^bb2:
  return %a, %a : memref<?xi32>, memref<?xi32>
}
