// Llama / Qwen / Mistral FFN activation: SwiGLU on two projections.
//
//   h = W2 · (silu(x·Wg) ⊙ (x·Wu))
//
// The gate and up projections come from two matmuls, so the split form
// takes them as two tensors. bf16 storage with the default `two_round` plan
// reproduces the historical fused kernels byte for byte
// (`silu(gate).to(bf16) * up`); `rounding(one_round)` is the exact-contract
// program (`(silu(gate.float()) * up.float()).to(bf16)`).
//
// Try: build/bin/glu-run examples/llama-swiglu.mlir --function=swiglu \
//        --input=2x11008xbf16=random:1 --input=2x11008xbf16=random:2

// Forward: y = silu(gate) * up, rounded as the historical kernels do.
func.func @swiglu(%gate: tensor<?x11008xbf16>, %up: tensor<?x11008xbf16>)
    -> tensor<?x11008xbf16> {
  %y = glu.glu swiglu(%gate, %up) : tensor<?x11008xbf16>
  return %y : tensor<?x11008xbf16>
}

// The exact-contract program: one rounding at the end.
func.func @swiglu_one_round(%gate: tensor<?x11008xbf16>, %up: tensor<?x11008xbf16>)
    -> tensor<?x11008xbf16> {
  %y = glu.glu swiglu(%gate, %up) rounding(one_round) : tensor<?x11008xbf16>
  return %y : tensor<?x11008xbf16>
}

// Backward: the gradients of both projections, derived from the forward's
// definition (d_up uses the rounded activation the forward multiplied).
func.func @swiglu_back(%dy: tensor<?x11008xbf16>, %gate: tensor<?x11008xbf16>,
                       %up: tensor<?x11008xbf16>)
    -> (tensor<?x11008xbf16>, tensor<?x11008xbf16>) {
  %dgate, %dup = glu.glu_back swiglu(%dy, %gate, %up) : tensor<?x11008xbf16>
  return %dgate, %dup : tensor<?x11008xbf16>, tensor<?x11008xbf16>
}
