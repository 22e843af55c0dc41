// RUN: glu-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline='builtin.module(func.func(glu-gpu-map-elementwise),canonicalize)' \
// RUN:   | FileCheck %s

// Contiguous operands: one flat stream of 16-byte tiles (8 x bf16), a
// grid of ceil(tiles / 256) blocks, the vector path for whole aligned tiles
// and a scalar loop for the rest.

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @contiguous_bf16
//   CHECK-DAG:   %[[X:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<?x4096xbf16> into memref<?xbf16>
//   CHECK-DAG:   %[[Y:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<?x4096xbf16> into memref<?xbf16>
//       CHECK:   %[[TILES:.*]] = arith.ceildivui %{{.*}}, %c8
//       CHECK:   %[[BLOCKS:.*]] = arith.ceildivui %[[TILES]], %c256
//       CHECK:   gpu.launch blocks({{.*}}) in ({{.*}} = %{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1{{.*}}) threads({{.*}}) in ({{.*}} = %c256
//       CHECK:     scf.for %[[T:.*]] = %{{.*}} to %[[TILES]] step
//       CHECK:       %[[C:.*]] = arith.muli %[[T]], %c8
//       CHECK:       scf.if
//       CHECK:         %[[V:.*]] = vector.load %[[X]][%[[C]]] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
//       CHECK:         vector.extract %[[V]][0]
//       CHECK:         arith.negf
//       CHECK:         vector.extract %[[V]][1]
//       CHECK:         arith.negf
//       CHECK:         %[[R:.*]] = vector.from_elements
//       CHECK:         vector.store %[[R]], %[[Y]][%[[C]]] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
//       CHECK:       } else {
//       CHECK:         scf.for
//       CHECK:           memref.load %[[X]]
//       CHECK:           arith.negf
//       CHECK:           memref.store %{{.*}}, %[[Y]]
//       CHECK:     gpu.terminator
//   CHECK-NOT:   linalg.generic
func.func @contiguous_bf16(%x: memref<?x4096xbf16>, %y: memref<?x4096xbf16>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<?x4096xbf16>) outs(%y : memref<?x4096xbf16>) {
  ^bb0(%in: bf16, %out: bf16):
    %n = arith.negf %in : bf16
    linalg.yield %n : bf16
  }
  return
}

// -----

// f32: 4 elements per 16-byte tile.

#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @contiguous_f32
//       CHECK:   vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
//       CHECK:   vector.store %{{.*}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
func.func @contiguous_f32(%x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  return
}

// -----

// Fused halves (strided rows): rows x columns, tiles never cross a row, and
// each tile's alignment is tested per operand (rows of odd width are not
// aligned).

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @halves
//       CHECK:   gpu.launch
//       CHECK:     %[[ROW:.*]] = arith.divui %{{.*}}, %c128
//       CHECK:     %[[TILE:.*]] = arith.remui %{{.*}}, %c128
//       CHECK:     %[[COL:.*]] = arith.muli %[[TILE]], %c8
//       CHECK:     memref.extract_aligned_pointer_as_index
//       CHECK:     arith.andi %{{.*}}, %c15
//       CHECK:     scf.if
//       CHECK:       vector.load %{{.*}}[%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<?x1024xbf16, strided<[2048, 1]>>, vector<8xbf16>
//       CHECK:       vector.load %{{.*}}[%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<?x1024xbf16, strided<[2048, 1], offset: 1024>>, vector<8xbf16>
//       CHECK:       vector.store %{{.*}}[%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<?x1024xbf16>, vector<8xbf16>
func.func @halves(%a: memref<?x2048xbf16>, %y: memref<?x1024xbf16>) {
  %c0 = arith.constant 0 : index
  %rows = memref.dim %a, %c0 : memref<?x2048xbf16>
  %gate = memref.subview %a[0, 0] [%rows, 1024] [1, 1] : memref<?x2048xbf16> to memref<?x1024xbf16, strided<[2048, 1]>>
  %up = memref.subview %a[0, 1024] [%rows, 1024] [1, 1] : memref<?x2048xbf16> to memref<?x1024xbf16, strided<[2048, 1], offset: 1024>>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%gate, %up : memref<?x1024xbf16, strided<[2048, 1]>>, memref<?x1024xbf16, strided<[2048, 1], offset: 1024>>)
      outs(%y : memref<?x1024xbf16>) {
  ^bb0(%g: bf16, %u: bf16, %out: bf16):
    %m = arith.mulf %g, %u : bf16
    linalg.yield %m : bf16
  }
  return
}

// -----

// Interleaved gate/up (even/odd elements of one buffer): one 32-byte load
// of both, lanes taken at even and odd positions; an interleaved output
// pair is assembled in the same order and written with one store.

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @interleaved
//       CHECK:   %[[BOTH:.*]] = memref.subview %{{.*}}[0, 0] [%{{.*}}, 2048] [1, 1] : memref<?x2048xbf16> to memref<?x2048xbf16, strided<[2048, 1]>>
//       CHECK:   %[[OUT:.*]] = memref.subview %{{.*}}[0, 0] [%{{.*}}, 2048] [1, 1] : memref<?x2048xbf16> to memref<?x2048xbf16, strided<[2048, 1]>>
//       CHECK:   gpu.launch
//       CHECK:       %[[V:.*]] = vector.load %[[BOTH]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x2048xbf16, strided<[2048, 1]>>, vector<16xbf16>
//       CHECK:       %[[G0:.*]] = vector.extract %[[V]][0]
//       CHECK:       %[[U0:.*]] = vector.extract %[[V]][1]
//       CHECK:       %[[P0:.*]] = arith.mulf %[[G0]], %[[U0]]
//       CHECK:       %[[G7:.*]] = vector.extract %[[V]][14]
//       CHECK:       %[[U7:.*]] = vector.extract %[[V]][15]
//       CHECK:       %[[P7:.*]] = arith.mulf %[[G7]], %[[U7]]
//       CHECK:       %[[R:.*]] = vector.from_elements %[[P0]], %[[U0]], {{.*}}, %[[P7]], %[[U7]] : vector<16xbf16>
//       CHECK:       vector.store %[[R]], %[[OUT]][{{.*}}] {alignment = 16 : i64} : memref<?x2048xbf16, strided<[2048, 1]>>, vector<16xbf16>
//       CHECK:     } else {
//       CHECK:       memref.load %{{.*}} : memref<?x1024xbf16, strided<[2048, 2]>>
//       CHECK:       memref.load %{{.*}} : memref<?x1024xbf16, strided<[2048, 2], offset: 1>>
func.func @interleaved(%a: memref<?x2048xbf16>, %d: memref<?x2048xbf16>) {
  %c0 = arith.constant 0 : index
  %rows = memref.dim %a, %c0 : memref<?x2048xbf16>
  %gate = memref.subview %a[0, 0] [%rows, 1024] [1, 2] : memref<?x2048xbf16> to memref<?x1024xbf16, strided<[2048, 2]>>
  %up = memref.subview %a[0, 1] [%rows, 1024] [1, 2] : memref<?x2048xbf16> to memref<?x1024xbf16, strided<[2048, 2], offset: 1>>
  %dg = memref.subview %d[0, 0] [%rows, 1024] [1, 2] : memref<?x2048xbf16> to memref<?x1024xbf16, strided<[2048, 2]>>
  %du = memref.subview %d[0, 1] [%rows, 1024] [1, 2] : memref<?x2048xbf16> to memref<?x1024xbf16, strided<[2048, 2], offset: 1>>
  linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%gate, %up : memref<?x1024xbf16, strided<[2048, 2]>>, memref<?x1024xbf16, strided<[2048, 2], offset: 1>>)
      outs(%dg, %du : memref<?x1024xbf16, strided<[2048, 2]>>, memref<?x1024xbf16, strided<[2048, 2], offset: 1>>) {
  ^bb0(%g: bf16, %u: bf16, %o0: bf16, %o1: bf16):
    %m = arith.mulf %g, %u : bf16
    linalg.yield %m, %u : bf16, bf16
  }
  return
}

// -----

// Interleaved halves of a buffer whose layout is not known to be unit
// stride (a function argument after the default one-shot-bufferize:
// strided<[?, ?], offset: ?>) cannot be read as one contiguous pair: they
// stay unpaired, on the scalar path (was: a vector.load of a view with a
// dynamic last stride, "most minor memref dim must have unit stride").

#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @interleaved_dynamic_layout
//       CHECK:   gpu.launch
//   CHECK-NOT:     vector.load
//   CHECK-NOT:     scf.if
//       CHECK:     memref.load %{{.*}} : memref<4x8xbf16, strided<[?, ?], offset: ?>>
//       CHECK:     memref.load %{{.*}} : memref<4x8xbf16, strided<[?, ?], offset: ?>>
//       CHECK:     memref.store %{{.*}} : memref<4x8xbf16>
func.func @interleaved_dynamic_layout(%a: memref<4x16xbf16, strided<[?, ?], offset: ?>>, %y: memref<4x8xbf16>) {
  %gate = memref.subview %a[0, 0] [4, 8] [1, 2] : memref<4x16xbf16, strided<[?, ?], offset: ?>> to memref<4x8xbf16, strided<[?, ?], offset: ?>>
  %up = memref.subview %a[0, 1] [4, 8] [1, 2] : memref<4x16xbf16, strided<[?, ?], offset: ?>> to memref<4x8xbf16, strided<[?, ?], offset: ?>>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%gate, %up : memref<4x8xbf16, strided<[?, ?], offset: ?>>, memref<4x8xbf16, strided<[?, ?], offset: ?>>)
      outs(%y : memref<4x8xbf16>) {
  ^bb0(%g: bf16, %u: bf16, %o: bf16):
    %m = arith.mulf %g, %u : bf16
    linalg.yield %m : bf16
  }
  return
}

// -----

// A strided operand with no partner has no vector path: scalar loop only.

#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @strided_alone
//       CHECK:   gpu.launch
//   CHECK-NOT:     vector.load
//   CHECK-NOT:     scf.if
//       CHECK:     memref.load %{{.*}} : memref<?xf32, strided<[2]>>
func.func @strided_alone(%x: memref<?xf32, strided<[2]>>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32, strided<[2]>>) outs(%y : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// linalg.fill is generalized and mapped, its scalar input captured: the
// zeroed odd tail of a fused gradient (one column: scalar stores only) and
// a contiguous buffer (whole tiles). memref.copy becomes a kernel too.

// CHECK-LABEL: func.func @fill_and_copy
//  CHECK-SAME:   %[[ZERO:[^:]*]]: bf16
//       CHECK:   gpu.launch
//   CHECK-NOT:     vector.store
//       CHECK:     memref.store %[[ZERO]]
//       CHECK:   gpu.launch
//       CHECK:       %[[S:.*]] = vector.broadcast %[[ZERO]] : bf16 to vector<8xbf16>
//       CHECK:       vector.store %[[S]]
//       CHECK:       memref.store %[[ZERO]]
//       CHECK:   gpu.launch
//       CHECK:       vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
//   CHECK-NOT:   linalg.fill
//   CHECK-NOT:   memref.copy
func.func @fill_and_copy(%zero: bf16, %t: memref<?x1xbf16, strided<[11, 1], offset: 10>>,
                         %z: memref<?xbf16>, %a: memref<?xf32>, %b: memref<?xf32>) {
  linalg.fill ins(%zero : bf16) outs(%t : memref<?x1xbf16, strided<[11, 1], offset: 10>>)
  linalg.fill ins(%zero : bf16) outs(%z : memref<?xbf16>)
  memref.copy %a, %b : memref<?xf32> to memref<?xf32>
  return
}

// -----

// Mixed widths: the widest element sets the tile (4 x f32), so bf16
// operands move 8 bytes per tile, aligned to 8.

#id = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @mixed
//       CHECK:   arith.andi %{{.*}}, %c7
//       CHECK:   arith.andi %{{.*}}, %c15
//       CHECK:   vector.load %{{.*}} {alignment = 8 : i64} : memref<?xbf16>, vector<4xbf16>
//       CHECK:   vector.store %{{.*}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
func.func @mixed(%x: memref<?xbf16>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xbf16>) outs(%y : memref<?xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %e = arith.extf %in : bf16 to f32
    linalg.yield %e : f32
  }
  return
}

// -----

// Rank 3 with strided rows: the leading dimensions collapse into rows.

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @rank3
//       CHECK:   memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<4x8x5xf32, strided<[88, 11, 1]>> into memref<32x5xf32, strided<[11, 1]>>
//       CHECK:   gpu.launch
func.func @rank3(%x: memref<4x8x5xf32, strided<[88, 11, 1]>>, %y: memref<4x8x5xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : memref<4x8x5xf32, strided<[88, 11, 1]>>) outs(%y : memref<4x8x5xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// Rank 3 with dynamic strides (a half of a tensor<?x?x77>): collapse_shape
// cannot prove the leading dimensions contiguous, so the rows view is built
// from the strided metadata and the contiguity checked at run time.

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @rank3_dynamic
//       CHECK:   %[[OK:.*]] = arith.cmpi eq
//       CHECK:   cf.assert %[[OK]], "glu-gpu-map-elementwise: the leading dimensions of a buffer are not contiguous"
//       CHECK:   %[[ROWS:.*]] = memref.reinterpret_cast %{{.*}} to offset: [38], sizes: [%{{.*}}, 38], strides: [77, 1] : memref<?x?x38xf16, strided<[?, 77, 1], offset: 38>> to memref<?x38xf16, strided<[77, 1], offset: 38>>
//       CHECK:   gpu.launch
//       CHECK:     vector.load %[[ROWS]]
func.func @rank3_dynamic(%x: memref<?x?x38xf16, strided<[?, 77, 1], offset: 38>>, %y: memref<?x?x38xf16>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x : memref<?x?x38xf16, strided<[?, 77, 1], offset: 38>>) outs(%y : memref<?x?x38xf16>) {
  ^bb0(%in: f16, %out: f16):
    %n = arith.negf %in : f16
    linalg.yield %n : f16
  }
  return
}

// -----

// Left alone: not elementwise (a reduction, a matmul, indices in the body),
// on tensors, or already inside a kernel.

#id = affine_map<(d0) -> (d0)>
#sum = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @left_alone
//   CHECK-NOT:   gpu.launch
//       CHECK:   linalg.generic
//       CHECK:   linalg.matmul
//       CHECK:   linalg.generic
//       CHECK:   linalg.generic
func.func @left_alone(%x: memref<?xf32>, %s: memref<f32>, %m: memref<4x4xf32>,
                      %i: memref<?xi64>, %t: tensor<?xf32>) -> tensor<?xf32> {
  linalg.generic {indexing_maps = [#id, #sum], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%s : memref<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = arith.addf %in, %acc : f32
    linalg.yield %a : f32
  }
  linalg.matmul ins(%m, %m : memref<4x4xf32>, memref<4x4xf32>) outs(%m : memref<4x4xf32>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%i : memref<?xi64>) {
  ^bb0(%out: i64):
    %k = linalg.index 0 : index
    %c = arith.index_cast %k : index to i64
    linalg.yield %c : i64
  }
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%t : tensor<?xf32>) outs(%t : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
