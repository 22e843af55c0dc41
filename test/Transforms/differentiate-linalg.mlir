// RUN: glu-opt %s -split-input-file --glu-differentiate | FileCheck %s
// The linalg rule (lib/Interfaces/LinalgRules.cpp) on each form: matmul and
// batch_matmul (transposed matmuls), a contraction without a named backward
// (matvec: generics), broadcasts and broadcasting maps (the cotangent summed
// back over the broadcast loop), reductions (sum: broadcast back; max: routed
// to the maximiser), transposes, named and `linalg.elementwise` ops (payload
// differentiated by the scalar rules, reading the forward result), fill from
// a differentiable scalar, and a gather through tensor.extract (scatter-add).

// C = A B: dA = dC B^T, dB = A^T dC, as matmuls with transposing maps, each
// accumulating into zeros.
// CHECK-DAG:   #[[MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG:   #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[KM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG:   #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: func.func @matmul_grad(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4x8xf32>, %[[B:[a-z0-9]+]]: tensor<8x16xf32>, %[[DC:[a-z0-9]+]]: tensor<4x16xf32>)
// CHECK-DAG:     %[[ZB:.*]] = arith.constant dense<0.000000e+00> : tensor<8x16xf32>
// CHECK-DAG:     %[[ZA:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8xf32>
// CHECK:         %[[DA:.*]] = linalg.matmul indexing_maps = [#[[MK]], #[[NK]], #[[MN]]] ins(%[[DC]], %[[B]] : {{.*}}) outs(%[[ZA]] :
// CHECK:         %[[DB:.*]] = linalg.matmul indexing_maps = [#[[KM]], #[[KN]], #[[MN]]] ins(%[[A]], %[[DC]] : {{.*}}) outs(%[[ZB]] :
// CHECK:         return %[[DA]], %[[DB]]
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32>
    attributes {glu.grad = "matmul_grad"} {
  %z = arith.constant dense<0.0> : tensor<4x16xf32>
  %c = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>)
                     outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// -----

// C = A B^T (B stored [n, k]): dA = dC B (a plain matmul: the default maps
// are elided), dB = dC^T A.
// CHECK-DAG:   #[[KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[KM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @matmul_transpose_b_grad(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4x8xf32>, %[[B:[a-z0-9]+]]: tensor<16x8xf32>, %[[DC:[a-z0-9]+]]: tensor<4x16xf32>)
// CHECK:         %[[DA:.*]] = linalg.matmul ins(%[[DC]], %[[B]] : {{.*}}) -> tensor<4x8xf32>
// CHECK:         %[[DB:.*]] = linalg.matmul indexing_maps = [#[[KM]], #[[KN]], #[[MN]]] ins(%[[DC]], %[[A]] : {{.*}}) -> tensor<16x8xf32>
// CHECK:         return %[[DA]], %[[DB]]
func.func @matmul_transpose_b(%a: tensor<4x8xf32>, %b: tensor<16x8xf32>) -> tensor<4x16xf32>
    attributes {glu.grad = "matmul_transpose_b_grad"} {
  %z = arith.constant dense<0.0> : tensor<4x16xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<4x8xf32>, tensor<16x8xf32>) outs(%z : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// -----

// Per batch: dA = dC B^T, dB = A^T dC.
// CHECK-DAG:   #[[BMK:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG:   #[[BNK:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG:   #[[BMN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-DAG:   #[[BKM:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
// CHECK-DAG:   #[[BKN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-LABEL: func.func @batch_matmul_grad(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<2x4x8xf32>, %[[B:[a-z0-9]+]]: tensor<2x8x16xf32>, %[[DC:[a-z0-9]+]]: tensor<2x4x16xf32>)
// CHECK:         %[[DA:.*]] = linalg.batch_matmul indexing_maps = [#[[BMK]], #[[BNK]], #[[BMN]]] ins(%[[DC]], %[[B]] : {{.*}}) -> tensor<2x4x8xf32>
// CHECK:         %[[DB:.*]] = linalg.batch_matmul indexing_maps = [#[[BKM]], #[[BKN]], #[[BMN]]] ins(%[[A]], %[[DC]] : {{.*}}) -> tensor<2x8x16xf32>
// CHECK:         return %[[DA]], %[[DB]]
func.func @batch_matmul(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
    attributes {glu.grad = "batch_matmul_grad"} {
  %z = arith.constant dense<0.0> : tensor<2x4x16xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>)
                           outs(%z : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %c : tensor<2x4x16xf32>
}

// -----

// y[i] = sum_j A[i, j] x[j]: dA[i, j] = dy[i] x[j] (all parallel), and
// dx[j] = sum_i dy[i] A[i, j] (i is a reduction loop: accumulate onto zeros).
// CHECK-LABEL: func.func @matvec_grad(
// CHECK-SAME:      %[[A:[a-z0-9]+]]: tensor<4x8xf32>, %[[X:[a-z0-9]+]]: tensor<8xf32>, %[[DY:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK:         %[[DA:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[DY]] :
// CHECK:           arith.mulf
// CHECK:         %[[DX:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%[[A]], %[[DY]] : {{.*}}) outs(%[[Z]] :
// CHECK:         ^bb0(%[[AV:.*]]: f32, %[[DYV:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK:           %[[T:.*]] = arith.mulf %[[DYV]], %[[AV]]
// CHECK:           %[[S:.*]] = arith.addf %[[ACC]], %[[T]]
// CHECK:           linalg.yield %[[S]]
// CHECK:         return %[[DA]], %[[DX]]
func.func @matvec(%a: tensor<4x8xf32>, %x: tensor<8xf32>) -> tensor<4xf32>
    attributes {glu.grad = "matvec_grad"} {
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %c = linalg.matvec ins(%a, %x : tensor<4x8xf32>, tensor<8xf32>) outs(%z : tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// y = x + broadcast(b): dx = dy (linalg.add's identity cotangent folds away),
// db = dy summed over the broadcast dimension.
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast_add_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8xf32>, %{{[a-z0-9]+}}: tensor<8xf32>, %[[DY:[a-z0-9]+]]: tensor<4x8xf32>)
// CHECK:         %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK:         %[[DB:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[COL]]], iterator_types = ["reduction", "parallel"]} ins(%[[DY]] : tensor<4x8xf32>) outs(%[[Z]] : tensor<8xf32>)
// CHECK:           arith.addf
// CHECK:         return %[[DY]], %[[DB]]
func.func @broadcast_add(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "broadcast_add_grad"} {
  %e = tensor.empty() : tensor<4x8xf32>
  %bb = linalg.broadcast ins(%b : tensor<8xf32>) outs(%e : tensor<4x8xf32>) dimensions = [0]
  %y = linalg.add ins(%x, %bb : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// The same in bf16: db's sum runs in f32, rounded to bf16 once (summed in
// bf16, 4096 terms of 1 gave 256: each partial sum rounded).
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast_add_bf16_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8xbf16>, %{{[a-z0-9]+}}: tensor<8xbf16>, %[[DY:[a-z0-9]+]]: tensor<4x8xbf16>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK:         %[[Z:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<8xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[COL]]], iterator_types = ["reduction", "parallel"]} ins(%[[DY]] : tensor<4x8xbf16>) outs(%[[Z]] : tensor<8xf32>)
// CHECK:           %[[T:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK:           arith.addf %{{.*}}, %[[T]] : f32
// CHECK:         %[[DB:.*]] = arith.truncf %[[SUM]] : tensor<8xf32> to tensor<8xbf16>
// CHECK:         return %[[DY]], %[[DB]]
func.func @broadcast_add_bf16(%x: tensor<4x8xbf16>, %b: tensor<8xbf16>) -> tensor<4x8xbf16>
    attributes {glu.grad = "broadcast_add_bf16_grad"} {
  %e = tensor.empty() : tensor<4x8xbf16>
  %bb = linalg.broadcast ins(%b : tensor<8xbf16>) outs(%e : tensor<4x8xbf16>) dimensions = [0]
  %y = linalg.add ins(%x, %bb : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// A generic reading b through a broadcasting map: y = x * b[j]:
// dx = dy * b[j], db[j] = sum_i dy[i, j] * x[i, j].
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast_map_grad(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x8xf32>, %[[B:[a-z0-9]+]]: tensor<8xf32>, %[[DY:[a-z0-9]+]]: tensor<4x8xf32>)
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[COL]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[B]], %[[DY]] :
// CHECK:         %[[DB:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[COL]]], iterator_types = ["reduction", "parallel"]} ins(%[[X]], %[[DY]] :
// CHECK:           arith.mulf
// CHECK:           arith.addf
// CHECK:         return %[[DX]], %[[DB]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @broadcast_map(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "broadcast_map_grad"} {
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%xv: f32, %bv: f32, %o: f32):
    %m = arith.mulf %xv, %bv : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// s[i] = sum_j x[i, j]: dx[i, j] = ds[i], a broadcast back over j.
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @row_sum_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8xf32>, %[[DS:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[DS]] : tensor<4xf32>)
// CHECK-NEXT:    ^bb0(%[[V:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      linalg.yield %[[V]]
// CHECK:         return %[[DX]]
func.func @row_sum(%x: tensor<4x8xf32>) -> tensor<4xf32>
    attributes {glu.grad = "row_sum_grad"} {
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %s = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%z : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  return %s : tensor<4xf32>
}

// -----

// m[i] = max_j x[i, j]: dx[i, j] = x[i, j] == m[i] ? dm[i] : 0; a NaN
// x[i, j] is m[i], and takes dm[i] as NaN.
// CHECK-LABEL: func.func @row_max_grad(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<4x8xf32>, %{{[a-z0-9]+}}: tensor<4xf32>, %[[DM:[a-z0-9]+]]: tensor<4xf32>)
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[M:.*]] = linalg.reduce
// CHECK:         %[[DX:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[DM]], %[[M]] :
// CHECK-NEXT:    ^bb0(%[[XV:.*]]: f32, %[[DMV:.*]]: f32, %[[MV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[XNAN:.*]] = arith.cmpf uno, %[[XV]], %[[XV]]
// CHECK-NEXT:      %[[MNAN:.*]] = arith.cmpf uno, %[[MV]], %[[MV]]
// CHECK-NEXT:      %[[EQ:.*]] = arith.cmpf oeq, %[[XV]], %[[MV]]
// CHECK-NEXT:      %[[CHOSEN:.*]] = arith.select %[[XNAN]], %[[MNAN]], %[[EQ]] : i1
// CHECK-NEXT:      %[[SEED:.*]] = arith.select %[[XNAN]], %[[XV]], %[[DMV]]
// CHECK-NEXT:      %[[R:.*]] = arith.select %[[CHOSEN]], %[[SEED]], %[[ZERO]]
// CHECK-NEXT:      linalg.yield %[[R]]
// CHECK:         return %[[DX]]
func.func @row_max(%x: tensor<4x8xf32>, %init: tensor<4xf32> {glu.no_grad}) -> tensor<4xf32>
    attributes {glu.grad = "row_max_grad"} {
  %s = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maximumf %in, %acc : f32
      linalg.yield %r : f32
    }
  return %s : tensor<4xf32>
}

// -----

// y = exp(transpose(x)): d(transpose) = dy * y, read from the forward result
// (no second exp), then transposed back.
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @transpose_exp_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8xf32>, %[[DY:[a-z0-9]+]]: tensor<8x4xf32>)
// CHECK:         %[[Y:.*]] = linalg.elementwise kind=#linalg.elementwise_kind<exp>
// CHECK:         %[[DT:.*]] = linalg.generic {{.*}} ins(%[[DY]], %[[Y]] :
// CHECK-NOT:       math.exp
// CHECK:           arith.mulf
// CHECK:         %[[DX:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[T]]], {{.*}} ins(%[[DT]] : tensor<8x4xf32>)
// CHECK:         return %[[DX]]
func.func @transpose_exp(%x: tensor<4x8xf32>) -> tensor<8x4xf32>
    attributes {glu.grad = "transpose_exp_grad"} {
  %e = tensor.empty() : tensor<8x4xf32>
  %t = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  %y = linalg.elementwise kind=#linalg.elementwise_kind<exp>
      ins(%t : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}

// -----

// Named elementwise ops: y = (a * b) / a: the mul's and the div's payloads
// are differentiated by the scalar rules; a's two cotangents are summed.
// CHECK-LABEL: func.func @named_elementwise_grad(
// CHECK:         %[[DQ:.*]] = linalg.generic
// CHECK:           arith.divf
// CHECK:         %[[DA1:.*]] = linalg.generic
// CHECK:           arith.divf
// CHECK:           arith.mulf
// CHECK:           arith.negf
// CHECK:         %[[DA2:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[DQ]] :
// CHECK:         %[[DB:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[DQ]] :
// CHECK:         %[[DA:.*]] = arith.addf %[[DA1]], %[[DA2]]
// CHECK:         return %[[DA]], %[[DB]]
func.func @named_elementwise(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32>
    attributes {glu.grad = "named_elementwise_grad"} {
  %e = tensor.empty() : tensor<8xf32>
  %p = linalg.mul ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %q = linalg.div ins(%p, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %q : tensor<8xf32>
}

// -----

// fill(s): ds = the sum of every element of dy (a reduction to rank 0).
// CHECK-LABEL: func.func @fill_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4xf32>, %[[DF:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK:         %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%[[DF]] : tensor<2x3xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK:         %[[DS:.*]] = tensor.extract %[[SUM]][] : tensor<f32>
// CHECK:         %[[DX:.*]] = tensor.insert %[[DS]] into
// CHECK:         return %[[DX]]
func.func @fill(%x: tensor<4xf32>) -> tensor<2x3xf32>
    attributes {glu.grad = "fill_grad"} {
  %c0 = arith.constant 0 : index
  %s = tensor.extract %x[%c0] : tensor<4xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %f : tensor<2x3xf32>
}

// -----

// A gather (the MoE router's top-k read): g[t, k, c] = p[t, idx[t, k], c].
// The integer indices get no cotangent; dp is a scatter-add of dg at the
// read positions, over the gather's iteration space.
// CHECK-LABEL: func.func @gather_grad(
// CHECK-SAME:      %{{[a-z0-9]+}}: tensor<4x8x1xf32>, %[[IDX:[a-z0-9]+]]: tensor<4x2xi32>, %[[DG:[a-z0-9]+]]: tensor<4x2x1xf32>) -> tensor<4x8x1xf32>
// CHECK:         %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8x1xf32>
// CHECK:         %[[DP:.*]] = scf.for %[[T:[a-z0-9]+]] = {{.*}} iter_args(%{{.*}} = %[[Z]])
// CHECK:           scf.for %[[K:[a-z0-9]+]] =
// CHECK:             scf.for %[[C:[a-z0-9]+]] = {{.*}} iter_args(%[[ACC:[a-z0-9]+]] = %{{.*}})
// CHECK:               %[[I:.*]] = tensor.extract %[[IDX]][%[[T]], %[[K]]]
// CHECK:               %[[D:.*]] = tensor.extract %[[DG]][%[[T]], %[[K]], %[[C]]]
// CHECK:               %[[E:.*]] = arith.index_cast %[[I]]
// CHECK:               %[[OLD:.*]] = tensor.extract %[[ACC]][%[[T]], %[[E]], %[[C]]]
// CHECK:               %[[NEW:.*]] = arith.addf %[[OLD]], %[[D]]
// CHECK:               tensor.insert %[[NEW]] into %[[ACC]][%[[T]], %[[E]], %[[C]]]
// CHECK:         return %[[DP]]
#tk = affine_map<(t, k, c) -> (t, k)>
#tkc = affine_map<(t, k, c) -> (t, k, c)>
func.func @gather(%p: tensor<4x8x1xf32>, %idx: tensor<4x2xi32>) -> tensor<4x2x1xf32>
    attributes {glu.grad = "gather_grad"} {
  %e = tensor.empty() : tensor<4x2x1xf32>
  %g = linalg.generic {indexing_maps = [#tk, #tkc], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<4x2xi32>) outs(%e : tensor<4x2x1xf32>) {
  ^bb0(%i: i32, %o: f32):
    %t = linalg.index 0 : index
    %c = linalg.index 2 : index
    %x = arith.index_cast %i : i32 to index
    %v = tensor.extract %p[%t, %x, %c] : tensor<4x8x1xf32>
    linalg.yield %v : f32
  } -> tensor<4x2x1xf32>
  return %g : tensor<4x2x1xf32>
}
