// An upstream op whose sizes only the run knows (fake-driver.test).
func.func @add(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %z = arith.addf %x, %y : tensor<?xf32>
  return %z : tensor<?xf32>
}

// 2^62 f32 is 2^64 bytes: the size computation wrapped (cuMemAlloc of a
// small block, then kernels writing past it on a GPU).
func.func @huge() -> tensor<1xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4611686018427387904xf32>
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32>
  %s = tensor.extract_slice %f[0] [1] [1] : tensor<4611686018427387904xf32> to tensor<1xf32>
  return %s : tensor<1xf32>
}
