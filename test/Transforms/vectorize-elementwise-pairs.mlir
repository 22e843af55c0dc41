// glu-vectorize-elementwise proves interleaved pairs from the IR
// (isInterleavedPair, shared with glu-gpu-map-elementwise): an attribute
// naming pairs is not trusted.
// RUN: glu-opt %s -split-input-file -glu-vectorize-elementwise="vector-bits=256 unroll=1 parallel=false" -canonicalize | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>

// The even and odd lanes of one row-major buffer: one contiguous load of
// twice the width and a deinterleave, with no attribute needed.
// CHECK-LABEL: func @pair_from_ir
// CHECK:         %[[BOTH:.*]] = vector.load {{.*}} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
// CHECK:         vector.deinterleave %[[BOTH]] : vector<16xf32> -> vector<8xf32>
func.func @pair_from_ir(%src: memref<4x32xf32>, %out: memref<4x16xf32>) {
  %even = memref.subview %src[0, 0] [4, 16] [1, 2] : memref<4x32xf32> to memref<4x16xf32, strided<[32, 2]>>
  %odd = memref.subview %src[0, 1] [4, 16] [1, 2] : memref<4x32xf32> to memref<4x16xf32, strided<[32, 2], offset: 1>>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%even, %odd : memref<4x16xf32, strided<[32, 2]>>, memref<4x16xf32, strided<[32, 2], offset: 1>>)
      outs(%out : memref<4x16xf32>) {
  ^bb0(%x: f32, %g: f32, %y: f32):
    %p = arith.mulf %x, %g : f32
    linalg.yield %p : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// A stale attribute: the operands are lanes 0 and 2 of each group of four,
// not adjacent. Read as one contiguous window they would give the wrong
// elements; the generic is vectorized with strided reads instead (the
// attribute-trusting vectorizer deinterleaved a contiguous window here).
// CHECK-LABEL: func @stale_pairs_attribute
// CHECK-NOT:     vector.deinterleave
// CHECK-COUNT-2: vector.transfer_read
// CHECK-NOT:     vector.deinterleave
// CHECK:         return
func.func @stale_pairs_attribute(%src: memref<4x64xf32>, %out: memref<4x16xf32>) {
  %even = memref.subview %src[0, 0] [4, 16] [1, 4] : memref<4x64xf32> to memref<4x16xf32, strided<[64, 4]>>
  %other = memref.subview %src[0, 2] [4, 16] [1, 4] : memref<4x64xf32> to memref<4x16xf32, strided<[64, 4], offset: 2>>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%even, %other : memref<4x16xf32, strided<[64, 4]>>, memref<4x16xf32, strided<[64, 4], offset: 2>>)
      outs(%out : memref<4x16xf32>) attrs = {glu.interleaved_pairs = array<i64: 0, 1>} {
  ^bb0(%x: f32, %g: f32, %y: f32):
    %p = arith.mulf %x, %g : f32
    linalg.yield %p : f32
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>

// Dynamic sizes: the half is n floordiv 2 (an affine.apply). Expanded to
// arith before tiling, the main loop's tiles are provably full and
// vectorized, the remainder scalar (the tiles' bound composed through the
// apply was ((n floordiv 2) floordiv 8) * 8, which peeling could not
// simplify: the main loop stayed a generic on dynamic tiles).
// CHECK-LABEL: func @dynamic_half
// CHECK:         arith.divsi
// CHECK:         scf.for
// CHECK:           %[[BOTH:.*]] = vector.load {{.*}} vector<16xf32>
// CHECK:           vector.deinterleave %[[BOTH]] : vector<16xf32> -> vector<8xf32>
// CHECK-NOT:       linalg.generic
// CHECK:         scf.for
// CHECK:           linalg.generic
func.func @dynamic_half(%src: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %src, %c0 : memref<?x?xf32>
  %n = memref.dim %src, %c1 : memref<?x?xf32>
  %half = affine.apply affine_map<()[s0] -> (s0 floordiv 2)>()[%n]
  %even = memref.subview %src[0, 0] [%rows, %half] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
  %odd = memref.subview %src[0, 1] [%rows, %half] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2], offset: 1>>
  %o = memref.subview %out[0, 0] [%rows, %half] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%even, %odd : memref<?x?xf32, strided<[?, 2]>>, memref<?x?xf32, strided<[?, 2], offset: 1>>)
      outs(%o : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %g: f32, %y: f32):
    %p = arith.mulf %x, %g : f32
    linalg.yield %p : f32
  }
  return
}
