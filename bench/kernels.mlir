// The kernels glu-bench times: every variant, forward and backward, f32
// and bf16 (and f16), split form on [rows, cols], plus gpt-oss's interleaved fused
// backward. Compiled ahead of time by glu-compile (see bench/CMakeLists.txt).

func.func @reglu_fwd_f32(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu reglu(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @reglu_bwd_f32(%dy: tensor<?x?xf32>, %x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %dx, %dg = glu.glu_back reglu(%dy, %x, %g) : tensor<?x?xf32>
  return %dx, %dg : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @reglu_fwd_bf16(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu reglu(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @reglu_bwd_bf16(%dy: tensor<?x?xbf16>, %x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %dx, %dg = glu.glu_back reglu(%dy, %x, %g) : tensor<?x?xbf16>
  return %dx, %dg : tensor<?x?xbf16>, tensor<?x?xbf16>
}
func.func @geglu_fwd_f32(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu geglu(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @geglu_bwd_f32(%dy: tensor<?x?xf32>, %x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %dx, %dg = glu.glu_back geglu(%dy, %x, %g) : tensor<?x?xf32>
  return %dx, %dg : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @geglu_fwd_bf16(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu geglu(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @geglu_bwd_bf16(%dy: tensor<?x?xbf16>, %x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %dx, %dg = glu.glu_back geglu(%dy, %x, %g) : tensor<?x?xbf16>
  return %dx, %dg : tensor<?x?xbf16>, tensor<?x?xbf16>
}
func.func @geglu_erf_fwd_f32(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu geglu_erf(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @geglu_erf_bwd_f32(%dy: tensor<?x?xf32>, %x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %dx, %dg = glu.glu_back geglu_erf(%dy, %x, %g) : tensor<?x?xf32>
  return %dx, %dg : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @geglu_erf_fwd_bf16(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu geglu_erf(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @geglu_erf_bwd_bf16(%dy: tensor<?x?xbf16>, %x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %dx, %dg = glu.glu_back geglu_erf(%dy, %x, %g) : tensor<?x?xbf16>
  return %dx, %dg : tensor<?x?xbf16>, tensor<?x?xbf16>
}
func.func @geglu_quick_fwd_f32(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu geglu_quick(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @geglu_quick_bwd_f32(%dy: tensor<?x?xf32>, %x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %dx, %dg = glu.glu_back geglu_quick(%dy, %x, %g) : tensor<?x?xf32>
  return %dx, %dg : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @geglu_quick_fwd_bf16(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu geglu_quick(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @geglu_quick_bwd_bf16(%dy: tensor<?x?xbf16>, %x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %dx, %dg = glu.glu_back geglu_quick(%dy, %x, %g) : tensor<?x?xbf16>
  return %dx, %dg : tensor<?x?xbf16>, tensor<?x?xbf16>
}
func.func @swiglu_fwd_f32(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @swiglu_bwd_f32(%dy: tensor<?x?xf32>, %x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x?xf32>
  return %dx, %dg : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @swiglu_fwd_bf16(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @swiglu_bwd_bf16(%dy: tensor<?x?xbf16>, %x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x?xbf16>
  return %dx, %dg : tensor<?x?xbf16>, tensor<?x?xbf16>
}
func.func @swiglu_oai_fwd_f32(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu swiglu_oai(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @swiglu_oai_bwd_f32(%dy: tensor<?x?xf32>, %x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %dx, %dg = glu.glu_back swiglu_oai(%dy, %x, %g) : tensor<?x?xf32>
  return %dx, %dg : tensor<?x?xf32>, tensor<?x?xf32>
}
func.func @swiglu_oai_fwd_bf16(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu swiglu_oai(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @swiglu_oai_bwd_bf16(%dy: tensor<?x?xbf16>, %x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %dx, %dg = glu.glu_back swiglu_oai(%dy, %x, %g) : tensor<?x?xbf16>
  return %dx, %dg : tensor<?x?xbf16>, tensor<?x?xbf16>
}
func.func @swiglu_oai_fwd_interleaved_f32(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu swiglu_oai(%a) packing(interleaved) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
func.func @swiglu_oai_bwd_interleaved_f32(%dy: tensor<?x?xf32>, %a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved) : tensor<?x?xf32>
  return %da : tensor<?x?xf32>
}
func.func @swiglu_oai_fwd_interleaved_bf16(%a: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu swiglu_oai(%a) packing(interleaved) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}
func.func @swiglu_oai_bwd_interleaved_bf16(%dy: tensor<?x?xbf16>, %a: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved) : tensor<?x?xbf16>
  return %da : tensor<?x?xbf16>
}

// f16 storage (the same kernels as bf16): glu-tabulate's other table type.
func.func @reglu_fwd_f16(%x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = glu.glu reglu(%x, %g) : tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @reglu_bwd_f16(%dy: tensor<?x?xf16>, %x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %dx, %dg = glu.glu_back reglu(%dy, %x, %g) : tensor<?x?xf16>
  return %dx, %dg : tensor<?x?xf16>, tensor<?x?xf16>
}
func.func @geglu_fwd_f16(%x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = glu.glu geglu(%x, %g) : tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @geglu_bwd_f16(%dy: tensor<?x?xf16>, %x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %dx, %dg = glu.glu_back geglu(%dy, %x, %g) : tensor<?x?xf16>
  return %dx, %dg : tensor<?x?xf16>, tensor<?x?xf16>
}
func.func @geglu_erf_fwd_f16(%x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = glu.glu geglu_erf(%x, %g) : tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @geglu_erf_bwd_f16(%dy: tensor<?x?xf16>, %x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %dx, %dg = glu.glu_back geglu_erf(%dy, %x, %g) : tensor<?x?xf16>
  return %dx, %dg : tensor<?x?xf16>, tensor<?x?xf16>
}
func.func @geglu_quick_fwd_f16(%x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = glu.glu geglu_quick(%x, %g) : tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @geglu_quick_bwd_f16(%dy: tensor<?x?xf16>, %x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %dx, %dg = glu.glu_back geglu_quick(%dy, %x, %g) : tensor<?x?xf16>
  return %dx, %dg : tensor<?x?xf16>, tensor<?x?xf16>
}
func.func @swiglu_fwd_f16(%x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @swiglu_bwd_f16(%dy: tensor<?x?xf16>, %x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x?xf16>
  return %dx, %dg : tensor<?x?xf16>, tensor<?x?xf16>
}
func.func @swiglu_oai_fwd_f16(%x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> tensor<?x?xf16> {
  %y = glu.glu swiglu_oai(%x, %g) : tensor<?x?xf16>
  return %y : tensor<?x?xf16>
}
func.func @swiglu_oai_bwd_f16(%dy: tensor<?x?xf16>, %x: tensor<?x?xf16>, %g: tensor<?x?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>) {
  %dx, %dg = glu.glu_back swiglu_oai(%dy, %x, %g) : tensor<?x?xf16>
  return %dx, %dg : tensor<?x?xf16>, tensor<?x?xf16>
}
