// RUN: glu-opt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -glu-vectorize-elementwise="vector-bits=256 unroll=1" -canonicalize | FileCheck %s
// RUN: glu-opt %s -split-input-file -one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" -glu-vectorize-elementwise="vector-bits=512 unroll=2 parallel=false" -canonicalize | FileCheck %s --check-prefix=SERIAL

// Rows in parallel, the last dimension in steps of 8 (256 bits of f32) with
// the body on vectors, and a peeled remainder left as a generic. No row
// runs when a row has no element (2^48 empty rows took hours).
// CHECK-LABEL: func @split
// CHECK: %[[COLS:.*]] = memref.dim %{{.*}}, %c1
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %[[COLS]], %c0
// CHECK: %[[ROWS:.*]] = arith.select %[[EMPTY]], %c0, %{{.*}} : index
// CHECK: scf.parallel (%[[ROW:.*]]) = (%c0) to (%[[ROWS]])
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c8
// CHECK:     vector.load %{{.*}} : memref<{{.*}}bf16{{.*}}>, vector<8xbf16>
// CHECK:     arith.extf %{{.*}} : vector<8xbf16> to vector<8xf32>
// CHECK:     math.exp %{{.*}} : vector<8xf32>
// CHECK:     glu.round %{{.*}} to bf16 : vector<8xf32>
// CHECK:     vector.store %{{.*}} : memref<{{.*}}>, vector<8xbf16>
// CHECK:   scf.for
// CHECK:     linalg.generic
// SERIAL-LABEL: func @split
// SERIAL-NOT: scf.parallel
// SERIAL: %[[ROWS:.*]] = arith.select
// SERIAL: scf.for %{{.*}} = %c0 to %[[ROWS]]
// SERIAL: scf.for %{{.*}} step %c32
// SERIAL: vector<32xf32>
func.func @split(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

// -----

// Interleaved gate/up: one contiguous load of 16 elements and a
// deinterleave per step; the backward's two gradients interleaved back and
// stored with one store.
// CHECK-LABEL: func @interleaved_back
// CHECK: scf.for %{{.*}} step %c8
// CHECK:   %[[BOTH:.*]] = vector.load %{{.*}} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
// CHECK:   %[[GATE:.*]], %[[UP:.*]] = vector.deinterleave %[[BOTH]] : vector<16xf32> -> vector<8xf32>
// CHECK:   %[[OUT:.*]] = vector.interleave %{{.*}}, %{{.*}} : vector<8xf32> -> vector<16xf32>
// CHECK:   vector.store %[[OUT]], %{{.*}} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
func.func @interleaved_back(%dy: tensor<?x?xf32>, %a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved) : tensor<?x?xf32>
  return %da : tensor<?x?xf32>
}

// -----

// A 1-D generic runs in parallel chunks of 16384 elements.
// CHECK-LABEL: func @one_dimensional
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%c16384)
// CHECK:   scf.for %{{.*}} step %c8
// CHECK:     vector<8xf32>
func.func @one_dimensional(%x: tensor<?xf32>, %g: tensor<?xf32>) -> tensor<?xf32> {
  %y = glu.glu geglu(%x, %g) : tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// A gather (an index read from an operand) is no body upstream's vectorizer
// takes: the full tiles stay scalar generics, as the remainders, and the
// program compiles (it was an error).
// CHECK-LABEL: func @gather
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK: memref.load
// SERIAL-LABEL: func @gather
// SERIAL-NOT: vector.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gather(%t: tensor<?xf32>, %i: tensor<?x?xi32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %i, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %i, %c1 : tensor<?x?xi32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<?x?xi32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%a: i32, %o: f32):
    %k = arith.index_cast %a : i32 to index
    %v = tensor.extract %t[%k] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
