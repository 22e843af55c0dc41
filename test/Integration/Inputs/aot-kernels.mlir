// Kernels compiled ahead of time by aot.test.
func.func @swiglu_bf16(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @reglu_f32(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu reglu(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @oai_back_interleaved(%dy: tensor<?x?xf32>, %a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved) : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
  return %da : tensor<?x?xf32>
}
