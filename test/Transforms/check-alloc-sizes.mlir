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

// -----

// Zero-byte elements need no check (the bound divided by their size).
// CHECK-LABEL: func @zero_bytes
// CHECK-NOT: cf.assert
// CHECK: memref.alloc(%{{.*}}) : memref<?xi0>
// CHECK-NOT: cf.assert
// CHECK: memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xi0>
func.func @zero_bytes(%n: index) -> (memref<?xi0>, memref<?x?xi0>) {
  %a = memref.alloc(%n) : memref<?xi0>
  %b = memref.alloc(%n, %n) : memref<?x?xi0>
  return %a, %b : memref<?xi0>, memref<?x?xi0>
}

// -----

// The element's size in the data layout: 16 bytes for vector<3xf32>, 8
// for index, 1 for i1.
// CHECK-LABEL: func @element_bytes
// CHECK: arith.cmpi sle, %{{.*}}, %{{.*}}576460752303423487
// CHECK: memref.alloc(%{{.*}}) : memref<?xvector<3xf32>>
// CHECK: arith.cmpi sle, %{{.*}}, %{{.*}}1152921504606846975
// CHECK: memref.alloc(%{{.*}}) : memref<?xindex>
// CHECK: arith.cmpi sle, %{{.*}}, %{{.*}}9223372036854775807
// CHECK: memref.alloc(%{{.*}}) : memref<?xi1>
func.func @element_bytes(%n: index) -> (memref<?xvector<3xf32>>, memref<?xindex>, memref<?xi1>) {
  %a = memref.alloc(%n) : memref<?xvector<3xf32>>
  %b = memref.alloc(%n) : memref<?xindex>
  %c = memref.alloc(%n) : memref<?xi1>
  return %a, %b, %c : memref<?xvector<3xf32>>, memref<?xindex>, memref<?xi1>
}
