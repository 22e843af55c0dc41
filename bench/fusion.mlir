// The fused-neighbours benchmark (glu-bench --fusion, compiled by
// glu-compile: bench/CMakeLists.txt): a swiglu with a scale and a residual
// add (fused into one loop by glu-fuse-elementwise), the same with the glu
// op behind a call (apart: three loops; the shapes are static, so
// glu-compile keeps the call), the GLU alone, and a STREAM-style triad, all
// 4096 x 4096 f32; then the same for a packed (interleaved) bf16 operand
// cast to f32, and a constant scale. glu-bench's table names each program
// by its function.

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

// Packed (interleaved) a of 4096 x 8192 in bf16: cast to f32, the swiglu,
// a residual add: one loop fused (the cast computed on each half's lanes),
// three apart; and the packed f32 GLU alone.
func.func @packed_fused(%a: tensor<4096x8192xbf16>, %r: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %f = arith.extf %a : tensor<4096x8192xbf16> to tensor<4096x8192xf32>
  %y = glu.glu swiglu(%f) packing(interleaved) : tensor<4096x8192xf32> -> tensor<4096x4096xf32>
  %o = arith.addf %y, %r : tensor<4096x4096xf32>
  return %o : tensor<4096x4096xf32>
}
func.func private @packed_swiglu(%a: tensor<4096x8192xf32>) -> tensor<4096x4096xf32> {
  %y = glu.glu swiglu(%a) packing(interleaved) : tensor<4096x8192xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
func.func @packed_apart(%a: tensor<4096x8192xbf16>, %r: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %f = arith.extf %a : tensor<4096x8192xbf16> to tensor<4096x8192xf32>
  %y = call @packed_swiglu(%f) : (tensor<4096x8192xf32>) -> tensor<4096x4096xf32>
  %o = arith.addf %y, %r : tensor<4096x4096xf32>
  return %o : tensor<4096x4096xf32>
}
func.func @packed_glu(%a: tensor<4096x8192xf32>) -> tensor<4096x4096xf32> {
  %y = glu.glu swiglu(%a) packing(interleaved) : tensor<4096x8192xf32> -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

// A constant scale (a splat tensor): a scalar in the fused loop, which then
// moves what the GLU alone does; the same scale read from a tensor (what
// the splat cost before: a global of the tensor's size) moves one array
// more.
func.func @splat(%x: tensor<4096x4096xf32>, %g: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %c = arith.constant dense<0.5> : tensor<4096x4096xf32>
  %y = glu.glu swiglu(%x, %g) : tensor<4096x4096xf32>
  %s = arith.mulf %y, %c : tensor<4096x4096xf32>
  return %s : tensor<4096x4096xf32>
}
func.func @scale(%x: tensor<4096x4096xf32>, %g: tensor<4096x4096xf32>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<4096x4096xf32>
  %s = arith.mulf %y, %c : tensor<4096x4096xf32>
  return %s : tensor<4096x4096xf32>
}
