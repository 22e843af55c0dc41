// GEGLU with the exact (erf) GELU, as in the original GLU-variants paper and
// BERT-style FFNs; f16 storage, fused halves swapped (up first, gate second,
// as some checkpoints store the projection).
//
//   gelu(x) = 0.5·x·(1 + erf(x/sqrt(2)))
//
// Try: build/bin/glu-run examples/geglu-erf.mlir --function=geglu_erf \
//        --input=4x8192xf16=random:1

func.func @geglu_erf(%a: tensor<?x8192xf16>) -> tensor<?x4096xf16> {
  %y = glu.glu geglu_erf(%a) packing(swapped) : tensor<?x8192xf16> -> tensor<?x4096xf16>
  return %y : tensor<?x4096xf16>
}

func.func @geglu_erf_back(%dy: tensor<?x4096xf16>, %a: tensor<?x8192xf16>) -> tensor<?x8192xf16> {
  %da = glu.glu_back geglu_erf(%dy, %a) packing(swapped) : tensor<?x4096xf16>, tensor<?x8192xf16> -> tensor<?x8192xf16>
  return %da : tensor<?x8192xf16>
}
