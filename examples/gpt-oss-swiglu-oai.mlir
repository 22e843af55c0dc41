// gpt-oss FFN activation: the clamped SwiGLU of the reference implementation.
//
//   xc  = min(x, limit)                 limit = 7.0
//   act = xc · sigmoid(alpha · xc)      alpha = 1.702
//   y   = act · (clamp(g, -limit, limit) + 1)
//
// vLLM's kernel reads gate and up interleaved (gate at even, up at odd
// positions of one projection); the reference checkpoint layout has them in
// halves. Both packings are one attribute apart. The backward differentiates
// the clamps as clamps (the gradient passes where x <= limit and where
// -limit <= g <= limit, inclusive).
//
// Try: build/bin/glu-run examples/gpt-oss-swiglu-oai.mlir \
//        --function=swiglu_oai_interleaved --input=4x5760xbf16=random:1

// Interleaved, as vLLM's fused MoE kernels read it.
func.func @swiglu_oai_interleaved(%a: tensor<?x5760xbf16>) -> tensor<?x2880xbf16> {
  %y = glu.glu swiglu_oai(%a) packing(interleaved) : tensor<?x5760xbf16> -> tensor<?x2880xbf16>
  return %y : tensor<?x2880xbf16>
}

// Halves, with the parameters spelled out (they equal the defaults, so the
// printer elides them).
func.func @swiglu_oai_halves(%a: tensor<?x5760xbf16>) -> tensor<?x2880xbf16> {
  %y = glu.glu swiglu_oai(%a) alpha(1.702) limit(7.0) : tensor<?x5760xbf16> -> tensor<?x2880xbf16>
  return %y : tensor<?x2880xbf16>
}

func.func @swiglu_oai_interleaved_back(%dy: tensor<?x2880xbf16>, %a: tensor<?x5760xbf16>)
    -> tensor<?x5760xbf16> {
  %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved) : tensor<?x2880xbf16>, tensor<?x5760xbf16> -> tensor<?x5760xbf16>
  return %da : tensor<?x5760xbf16>
}
