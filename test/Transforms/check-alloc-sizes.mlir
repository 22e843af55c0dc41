// RUN: glu-opt %s -split-input-file -verify-each -glu-check-alloc-sizes | FileCheck %s

// One dynamic size: at most (2^63 - 1) / (4 x 4) bytes; a negative one
// passes (left to what reads the buffer).
// CHECK-LABEL: func @dynamic
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[D:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[D]], %{{.*}}576460752303423487
// CHECK: cf.assert %[[FITS]], "ERROR: Runtime op verification failed\0A^ a buffer's size in bytes is more than 2^63 - 1 (memref.alloc)"
// CHECK-NEXT: memref.alloc(%[[N]]) : memref<?x4xf32>
// CHECK: cf.assert
// CHECK-NEXT: memref.alloca(%[[N]]) : memref<?xi64>
func.func @dynamic(%n: index) -> memref<?x4xf32> {
  %m = memref.alloc(%n) : memref<?x4xf32>
  %a = memref.alloca(%n) : memref<?xi64>
  return %m : memref<?x4xf32>
}

// Several: the product size by size, each step's overflow noted; a size
// <= 0 passes.
// CHECK-LABEL: func @several
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[DM:.*]] = arith.index_cast %[[M]] : index to i64
// CHECK: arith.cmpi sle, %[[DM]]
// CHECK: %[[LOW:.*]], %{{.*}} = arith.mului_extended %{{.*}}, %[[DM]] : i64
// CHECK: %[[DN:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: arith.mului_extended %[[LOW]], %[[DN]] : i64
// CHECK: cf.assert
// CHECK-NEXT: memref.alloc(%[[M]], %[[N]]) : memref<?x2x?xf16>
func.func @several(%m: index, %n: index) -> memref<?x2x?xf16> {
  %a = memref.alloc(%m, %n) : memref<?x2x?xf16>
  return %a : memref<?x2x?xf16>
}

// -----

// Static sizes are decided here: nothing for a size that fits or an empty
// buffer, a check that always fails for 2^62 f32 (2^64 bytes).
// CHECK-LABEL: func @static
// CHECK-NOT: cf.assert
// CHECK: memref.alloc() : memref<8x16xf32>
// CHECK-NOT: cf.assert
// CHECK: memref.alloc() : memref<0x4611686018427387904xf32>
// CHECK: cf.assert
// CHECK-NEXT: memref.alloc() : memref<4611686018427387904xf32>
func.func @static() -> (memref<8x16xf32>, memref<0x4611686018427387904xf32>, memref<4611686018427387904xf32>) {
  %a = memref.alloc() : memref<8x16xf32>
  %b = memref.alloc() : memref<0x4611686018427387904xf32>
  %c = memref.alloc() : memref<4611686018427387904xf32>
  return %a, %b, %c : memref<8x16xf32>, memref<0x4611686018427387904xf32>, memref<4611686018427387904xf32>
}
