// Two-layer GLU FFNs, one per model family, and their training losses:
//
//   y = glu(x·W1 ...) · W2                 loss = mean((y - t)^2)
//
// glu-train (tools/glu-train) trains each `@<name>_loss` with plain SGD on a
// synthetic regression task: x is normal(0, 1), the targets t are the
// outputs of `@<name>` itself with random "teacher" weights, and the student
// starts from other random weights. The gradients come from
// `glu-differentiate`: each loss function names its gradient function with
// `glu.grad`, and its data arguments are marked `glu.no_grad`. The loss
// calls the model, so the pipeline is `--inline --glu-differentiate`:
//
//   build/bin/glu-opt examples/training/ffn.mlir --inline --glu-differentiate
//   build/bin/glu-train examples/training/ffn.mlir
//
// Sizes: 64 samples, 16 features in and out, 32 hidden GLU units; f32.

#bias = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>

//===----------------------------------------------------------------------===//
// Llama / Qwen: split SwiGLU, the gate and up projections from two matmuls.
//===----------------------------------------------------------------------===//

func.func @llama_swiglu(%x: tensor<64x16xf32>, %wg: tensor<16x32xf32>,
                        %wu: tensor<16x32xf32>, %w2: tensor<32x16xf32>)
    -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %gate = linalg.matmul ins(%x, %wg : tensor<64x16xf32>, tensor<16x32xf32>)
                        outs(%z : tensor<64x32xf32>) -> tensor<64x32xf32>
  %up = linalg.matmul ins(%x, %wu : tensor<64x16xf32>, tensor<16x32xf32>)
                      outs(%z : tensor<64x32xf32>) -> tensor<64x32xf32>
  %h = glu.glu swiglu(%gate, %up) : tensor<64x32xf32>
  %e2 = tensor.empty() : tensor<64x16xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%z2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

func.func @llama_swiglu_loss(%x: tensor<64x16xf32> {glu.no_grad},
                             %t: tensor<64x16xf32> {glu.no_grad},
                             %wg: tensor<16x32xf32>, %wu: tensor<16x32xf32>,
                             %w2: tensor<32x16xf32>) -> tensor<f32>
    attributes {glu.grad = "llama_swiglu_loss_grad"} {
  %y = func.call @llama_swiglu(%x, %wg, %wu, %w2)
      : (tensor<64x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %l = func.call @mse(%y, %t) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<f32>
  return %l : tensor<f32>
}

//===----------------------------------------------------------------------===//
// Gemma: fused GEGLU (tanh approximation), gate and up halves of one matmul.
//===----------------------------------------------------------------------===//

func.func @gemma_geglu(%x: tensor<64x16xf32>, %w1: tensor<16x64xf32>,
                       %w2: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %a = linalg.matmul ins(%x, %w1 : tensor<64x16xf32>, tensor<16x64xf32>)
                     outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = glu.glu geglu(%a) : tensor<64x64xf32> -> tensor<64x32xf32>
  %e2 = tensor.empty() : tensor<64x16xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%z2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

func.func @gemma_geglu_loss(%x: tensor<64x16xf32> {glu.no_grad},
                            %t: tensor<64x16xf32> {glu.no_grad},
                            %w1: tensor<16x64xf32>, %w2: tensor<32x16xf32>)
    -> tensor<f32> attributes {glu.grad = "gemma_geglu_loss_grad"} {
  %y = func.call @gemma_geglu(%x, %w1, %w2)
      : (tensor<64x16xf32>, tensor<16x64xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %l = func.call @mse(%y, %t) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<f32>
  return %l : tensor<f32>
}

//===----------------------------------------------------------------------===//
// gpt-oss: clamped SwiGLU, gate/up interleaved in one projection, with
// biases (one added by a broadcasting linalg.generic, one through
// linalg.broadcast + arith.addf).
//===----------------------------------------------------------------------===//

func.func @gpt_oss_swiglu_oai(%x: tensor<64x16xf32>, %w1: tensor<16x64xf32>,
                              %b1: tensor<64xf32>, %w2: tensor<32x16xf32>,
                              %b2: tensor<16xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %p = linalg.matmul ins(%x, %w1 : tensor<64x16xf32>, tensor<16x64xf32>)
                     outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %a = linalg.generic {indexing_maps = [#id, #bias, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%p, %b1 : tensor<64x64xf32>, tensor<64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%pv: f32, %bv: f32, %o: f32):
    %s = arith.addf %pv, %bv : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  %h = glu.glu swiglu_oai(%a) packing(interleaved) : tensor<64x64xf32> -> tensor<64x32xf32>
  %e2 = tensor.empty() : tensor<64x16xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %q = linalg.matmul ins(%h, %w2 : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%z2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %bb = linalg.broadcast ins(%b2 : tensor<16xf32>) outs(%e2 : tensor<64x16xf32>) dimensions = [0]
  %y = arith.addf %q, %bb : tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

func.func @gpt_oss_swiglu_oai_loss(%x: tensor<64x16xf32> {glu.no_grad},
                                   %t: tensor<64x16xf32> {glu.no_grad},
                                   %w1: tensor<16x64xf32>, %b1: tensor<64xf32>,
                                   %w2: tensor<32x16xf32>, %b2: tensor<16xf32>)
    -> tensor<f32> attributes {glu.grad = "gpt_oss_swiglu_oai_loss_grad"} {
  %y = func.call @gpt_oss_swiglu_oai(%x, %w1, %b1, %w2, %b2)
      : (tensor<64x16xf32>, tensor<16x64xf32>, tensor<64xf32>, tensor<32x16xf32>, tensor<16xf32>) -> tensor<64x16xf32>
  %l = func.call @mse(%y, %t) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<f32>
  return %l : tensor<f32>
}

//===----------------------------------------------------------------------===//
// ReGLU (split), GEGLU with exact erf (fused, swapped halves), and the
// "quick" GEGLU of CLIP (split).
//===----------------------------------------------------------------------===//

func.func @reglu(%x: tensor<64x16xf32>, %wg: tensor<16x32xf32>,
                 %wu: tensor<16x32xf32>, %w2: tensor<32x16xf32>)
    -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %gate = linalg.matmul ins(%x, %wg : tensor<64x16xf32>, tensor<16x32xf32>)
                        outs(%z : tensor<64x32xf32>) -> tensor<64x32xf32>
  %up = linalg.matmul ins(%x, %wu : tensor<64x16xf32>, tensor<16x32xf32>)
                      outs(%z : tensor<64x32xf32>) -> tensor<64x32xf32>
  %h = glu.glu reglu(%gate, %up) : tensor<64x32xf32>
  %e2 = tensor.empty() : tensor<64x16xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%z2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

func.func @reglu_loss(%x: tensor<64x16xf32> {glu.no_grad},
                      %t: tensor<64x16xf32> {glu.no_grad},
                      %wg: tensor<16x32xf32>, %wu: tensor<16x32xf32>,
                      %w2: tensor<32x16xf32>) -> tensor<f32>
    attributes {glu.grad = "reglu_loss_grad"} {
  %y = func.call @reglu(%x, %wg, %wu, %w2)
      : (tensor<64x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %l = func.call @mse(%y, %t) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @geglu_erf(%x: tensor<64x16xf32>, %w1: tensor<16x64xf32>,
                     %w2: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %a = linalg.matmul ins(%x, %w1 : tensor<64x16xf32>, tensor<16x64xf32>)
                     outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
  %h = glu.glu geglu_erf(%a) packing(swapped) : tensor<64x64xf32> -> tensor<64x32xf32>
  %e2 = tensor.empty() : tensor<64x16xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%z2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

func.func @geglu_erf_loss(%x: tensor<64x16xf32> {glu.no_grad},
                          %t: tensor<64x16xf32> {glu.no_grad},
                          %w1: tensor<16x64xf32>, %w2: tensor<32x16xf32>)
    -> tensor<f32> attributes {glu.grad = "geglu_erf_loss_grad"} {
  %y = func.call @geglu_erf(%x, %w1, %w2)
      : (tensor<64x16xf32>, tensor<16x64xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %l = func.call @mse(%y, %t) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func @geglu_quick(%x: tensor<64x16xf32>, %wg: tensor<16x32xf32>,
                       %wu: tensor<16x32xf32>, %w2: tensor<32x16xf32>)
    -> tensor<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x32xf32>) -> tensor<64x32xf32>
  %gate = linalg.matmul ins(%x, %wg : tensor<64x16xf32>, tensor<16x32xf32>)
                        outs(%z : tensor<64x32xf32>) -> tensor<64x32xf32>
  %up = linalg.matmul ins(%x, %wu : tensor<64x16xf32>, tensor<16x32xf32>)
                      outs(%z : tensor<64x32xf32>) -> tensor<64x32xf32>
  %h = glu.glu geglu_quick(%gate, %up) : tensor<64x32xf32>
  %e2 = tensor.empty() : tensor<64x16xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<64x32xf32>, tensor<32x16xf32>)
                     outs(%z2 : tensor<64x16xf32>) -> tensor<64x16xf32>
  return %y : tensor<64x16xf32>
}

func.func @geglu_quick_loss(%x: tensor<64x16xf32> {glu.no_grad},
                            %t: tensor<64x16xf32> {glu.no_grad},
                            %wg: tensor<16x32xf32>, %wu: tensor<16x32xf32>,
                            %w2: tensor<32x16xf32>) -> tensor<f32>
    attributes {glu.grad = "geglu_quick_loss_grad"} {
  %y = func.call @geglu_quick(%x, %wg, %wu, %w2)
      : (tensor<64x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %l = func.call @mse(%y, %t) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<f32>
  return %l : tensor<f32>
}

//===----------------------------------------------------------------------===//
// The loss: mean((y - t)^2), a rank-0 tensor (a sum over both dimensions).
//===----------------------------------------------------------------------===//

func.func private @mse(%y: tensor<64x16xf32>, %t: tensor<64x16xf32>) -> tensor<f32> {
  %d = arith.subf %y, %t : tensor<64x16xf32>
  %sq = arith.mulf %d, %d : tensor<64x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum = linalg.reduce ins(%sq : tensor<64x16xf32>) outs(%z : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %scale = arith.constant dense<9.765625e-04> : tensor<f32> // 1 / (64 * 16)
  %l = arith.mulf %sum, %scale : tensor<f32>
  return %l : tensor<f32>
}
