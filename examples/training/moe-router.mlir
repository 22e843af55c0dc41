// A tiny mixture-of-experts router, as the first end-to-end MoE training in
// ggml needed it: softmax over the experts, the top-k (k = 2) experts per
// token, a gather of their probabilities from a 3-D view, and the
// normalisation of the gathered weights by their row sum.
//
//   p = softmax(x · Wr)                          [tokens, experts]
//   i = top2(p)                                  integer indices, no gradient
//   g[t, k] = p3[t, i[t, k], 0]                   p3 = p as [tokens, experts, 1]
//   w = g / sum_k g                              [tokens, 2]
//
// The gather is the IR frontends emit for torch.gather / ggml_get_rows: a
// linalg.generic over the output whose payload reads the probabilities with
// tensor.extract at an index it loads from an integer tensor. The softmax is
// spelled out in linalg and arith (row max, exp, row sum, division by the
// broadcast row sum). glu-differentiate differentiates all of it; glu-train
// checks the gradients of x and Wr against finite differences:
//
//   build/bin/glu-train examples/training/moe-router.mlir

#row = affine_map<(t, e) -> (t)>
#id2 = affine_map<(t, e) -> (t, e)>
#tk = affine_map<(t, k, c) -> (t, k)>
#tkc = affine_map<(t, k, c) -> (t, k, c)>

func.func @moe_router(%x: tensor<16x8xf32>, %wr: tensor<8x8xf32>)
    -> tensor<16x2xf32> attributes {glu.grad = "moe_router_grad"} {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %izero = arith.constant 0 : i32

  // Router logits and their softmax over the experts.
  %e = tensor.empty() : tensor<16x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %logits = linalg.matmul ins(%x, %wr : tensor<16x8xf32>, tensor<8x8xf32>)
                          outs(%z : tensor<16x8xf32>) -> tensor<16x8xf32>
  %er = tensor.empty() : tensor<16xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%er : tensor<16xf32>) -> tensor<16xf32>
  %max = linalg.reduce ins(%logits : tensor<16x8xf32>) outs(%minit : tensor<16xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  %maxb = linalg.broadcast ins(%max : tensor<16xf32>) outs(%e : tensor<16x8xf32>) dimensions = [1]
  %shifted = arith.subf %logits, %maxb : tensor<16x8xf32>
  %exp = math.exp %shifted : tensor<16x8xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%er : tensor<16xf32>) -> tensor<16xf32>
  %sum = linalg.reduce ins(%exp : tensor<16x8xf32>) outs(%sinit : tensor<16xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %sumb = linalg.broadcast ins(%sum : tensor<16xf32>) outs(%e : tensor<16x8xf32>) dimensions = [1]
  %p = arith.divf %exp, %sumb : tensor<16x8xf32>

  // The two most probable experts per token: one pass keeping the best two
  // (value, index) pairs. Only the integer indices are used.
  %ei = tensor.empty() : tensor<16xi32>
  %iinit = linalg.fill ins(%izero : i32) outs(%ei : tensor<16xi32>) -> tensor<16xi32>
  %top:4 = linalg.generic {indexing_maps = [#id2, #row, #row, #row, #row],
                           iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<16x8xf32>)
      outs(%minit, %iinit, %minit, %iinit : tensor<16xf32>, tensor<16xi32>, tensor<16xf32>, tensor<16xi32>) {
  ^bb0(%v: f32, %v1: f32, %i1: i32, %v2: f32, %i2: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %gt1 = arith.cmpf ogt, %v, %v1 : f32
    %gt2 = arith.cmpf ogt, %v, %v2 : f32
    %n1 = arith.select %gt1, %v, %v1 : f32
    %ni1 = arith.select %gt1, %ji, %i1 : i32
    %c2 = arith.select %gt2, %v, %v2 : f32
    %ci2 = arith.select %gt2, %ji, %i2 : i32
    %n2 = arith.select %gt1, %v1, %c2 : f32
    %ni2 = arith.select %gt1, %i1, %ci2 : i32
    linalg.yield %n1, %ni1, %n2, %ni2 : f32, i32, f32, i32
  } -> (tensor<16xf32>, tensor<16xi32>, tensor<16xf32>, tensor<16xi32>)
  %eidx = tensor.empty() : tensor<16x2xi32>
  %idx = linalg.generic {indexing_maps = [#row, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%top#1, %top#3 : tensor<16xi32>, tensor<16xi32>) outs(%eidx : tensor<16x2xi32>) {
  ^bb0(%a: i32, %b: i32, %o: i32):
    %k = linalg.index 1 : index
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %r = arith.select %first, %a, %b : i32
    linalg.yield %r : i32
  } -> tensor<16x2xi32>

  // Gather the top-2 probabilities from a 3-D view [tokens, experts, 1].
  %p3 = tensor.expand_shape %p [[0], [1, 2]] output_shape [16, 8, 1]
      : tensor<16x8xf32> into tensor<16x8x1xf32>
  %eg = tensor.empty() : tensor<16x2x1xf32>
  %g3 = linalg.generic {indexing_maps = [#tk, #tkc], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<16x2xi32>) outs(%eg : tensor<16x2x1xf32>) {
  ^bb0(%i: i32, %o: f32):
    %t = linalg.index 0 : index
    %c = linalg.index 2 : index
    %expert = arith.index_cast %i : i32 to index
    %v = tensor.extract %p3[%t, %expert, %c] : tensor<16x8x1xf32>
    linalg.yield %v : f32
  } -> tensor<16x2x1xf32>
  %g = tensor.collapse_shape %g3 [[0], [1, 2]] : tensor<16x2x1xf32> into tensor<16x2xf32>

  // Normalise the selected weights by their row sum.
  %e2 = tensor.empty() : tensor<16x2xf32>
  %gsum = linalg.reduce ins(%g : tensor<16x2xf32>) outs(%sinit : tensor<16xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %gsumb = linalg.broadcast ins(%gsum : tensor<16xf32>) outs(%e2 : tensor<16x2xf32>) dimensions = [1]
  %w = arith.divf %g, %gsumb : tensor<16x2xf32>
  return %w : tensor<16x2xf32>
}
