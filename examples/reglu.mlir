// REGLU (T5 v1.1 ablations, some small LMs): ReLU-gated linear unit.
//
//   y = x > 0 ? x·g : 0
//
// As in ggml, a gate that is not > 0 (NaN included) gives 0 whatever g is,
// and both gradients are 0 there; the derivative at x == 0 is 0.
//
// Try: build/bin/glu-run examples/reglu.mlir --function=reglu \
//        --input=4x1024xf32=random:1 --input=4x1024xf32=random:2

func.func @reglu(%x: tensor<?x1024xf32>, %g: tensor<?x1024xf32>) -> tensor<?x1024xf32> {
  %y = glu.glu reglu(%x, %g) : tensor<?x1024xf32>
  return %y : tensor<?x1024xf32>
}

func.func @reglu_back(%dy: tensor<?x1024xf32>, %x: tensor<?x1024xf32>, %g: tensor<?x1024xf32>)
    -> (tensor<?x1024xf32>, tensor<?x1024xf32>) {
  %dx, %dg = glu.glu_back reglu(%dy, %x, %g) : tensor<?x1024xf32>
  return %dx, %dg : tensor<?x1024xf32>, tensor<?x1024xf32>
}
