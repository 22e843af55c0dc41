// GEGLU_QUICK: GEGLU with the sigmoid approximation of GELU used by CLIP
// and ggml's "quick" GELU.
//
//   gelu_quick(x) = x · sigmoid(1.702·x)
//
// `rounding(f16_table)` reproduces ggml's f32 GEGLU_QUICK forward, which
// looks the activation up in a 64K-entry f16 table: x is rounded to f16, the
// activation evaluated and rounded to f16, then multiplied in f32.
//
// Try: build/bin/glu-run examples/geglu-quick.mlir --function=geglu_quick_ggml \
//        --input=4x4096xf32=random:1 --input=4x4096xf32=random:2

func.func @geglu_quick(%x: tensor<?x4096xf32>, %g: tensor<?x4096xf32>) -> tensor<?x4096xf32> {
  %y = glu.glu geglu_quick(%x, %g) : tensor<?x4096xf32>
  return %y : tensor<?x4096xf32>
}

// ggml's table program, bit for bit in its rounding points.
func.func @geglu_quick_ggml(%x: tensor<?x4096xf32>, %g: tensor<?x4096xf32>) -> tensor<?x4096xf32> {
  %y = glu.glu geglu_quick(%x, %g) rounding(f16_table) : tensor<?x4096xf32>
  return %y : tensor<?x4096xf32>
}

func.func @geglu_quick_ggml_back(%dy: tensor<?x4096xf32>, %x: tensor<?x4096xf32>, %g: tensor<?x4096xf32>)
    -> (tensor<?x4096xf32>, tensor<?x4096xf32>) {
  %dx, %dg = glu.glu_back geglu_quick(%dy, %x, %g) rounding(f16_table) : tensor<?x4096xf32>
  return %dx, %dg : tensor<?x4096xf32>, tensor<?x4096xf32>
}
