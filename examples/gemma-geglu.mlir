// Gemma FFN activation: GEGLU with the tanh-approximated GELU, on one fused
// projection whose first half is the gate and second half the up value.
//
//   gelu_tanh(x) = 0.5·x·(1 + tanh(sqrt(2/pi)·x·(1 + 0.044715·x²)))
//
// `glu.glu_back` differentiates the tanh approximation itself (not the exact
// GELU): a model trained here and served with the same op sees one function.
//
// Try: build/bin/glu-run examples/gemma-geglu.mlir --function=geglu \
//        --input=4x32768xbf16=random:1

func.func @geglu(%a: tensor<?x32768xbf16>) -> tensor<?x16384xbf16> {
  %y = glu.glu geglu(%a) : tensor<?x32768xbf16> -> tensor<?x16384xbf16>
  return %y : tensor<?x16384xbf16>
}

// The gradient of the fused operand: gate gradients in the first half, up
// gradients in the second, where the forward read them.
func.func @geglu_back(%dy: tensor<?x16384xbf16>, %a: tensor<?x32768xbf16>)
    -> tensor<?x32768xbf16> {
  %da = glu.glu_back geglu(%dy, %a) : tensor<?x16384xbf16>, tensor<?x32768xbf16> -> tensor<?x32768xbf16>
  return %da : tensor<?x32768xbf16>
}
