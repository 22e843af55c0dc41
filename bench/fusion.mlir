// The fused-neighbours benchmark (bench/fusion.sh): a swiglu with a scale and
// a residual add (fused into one loop by glu-fuse-elementwise), the same with
// the glu op behind a call (apart: three loops), the GLU alone, and a
// STREAM-style triad, all 4096 x 4096 f32.

func.func @fused(%x: tensor<4096x4096xf32>, %g: tensor<4096x4096xf32>, %c: tensor<4096x4096xf32>, %r: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<4096x4096xf32>
  %s = arith.mulf %y, %c : tensor<4096x4096xf32>
  %o = arith.addf %s, %r : tensor<4096x4096xf32>
  return %o : tensor<4096x4096xf32>
}
func.func private @swiglu(%x: tensor<4096x4096xf32>, %g: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @apart(%x: tensor<4096x4096xf32>, %g: tensor<4096x4096xf32>, %c: tensor<4096x4096xf32>, %r: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = call @swiglu(%x, %g) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %s = arith.mulf %y, %c : tensor<4096x4096xf32>
  %o = arith.addf %s, %r : tensor<4096x4096xf32>
  return %o : tensor<4096x4096xf32>
}
func.func @glu(%x: tensor<4096x4096xf32>, %g: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @triad(%b: tensor<4096x4096xf32>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %q = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b, %c : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%e : tensor<4096x4096xf32>) {
  ^bb0(%bi: f32, %ci: f32, %o: f32):
    %t = arith.mulf %ci, %q : f32
    %s = arith.addf %bi, %t : f32
    linalg.yield %s : f32
  } -> tensor<4096x4096xf32>
  return %a : tensor<4096x4096xf32>
}
