// A function the module declares and nothing defines is one message and
// exit status 1: ORC printed "JIT session error: Symbols not found" of its
// own, then glu-run a list of the module's mangled symbols. A declared
// function of the C library runs.
//
// RUN: not glu-run %s --function=undefined --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=UNDEFINED --implicit-check-not="JIT session error"
// UNDEFINED: glu-run: error: the module calls @decl, declared but defined nowhere (not in the module, the C library or the runtime libraries)
// RUN: glu-run %s --function=libc --input=2xf32=0,1 | FileCheck %s --check-prefix=LIBC
// LIBC: result[0]: 2xf32
// LIBC-NEXT: 1 2.71828175

func.func private @decl(%x: tensor<4xf32>) -> tensor<4xf32>
func.func @undefined(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = call @decl(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func private @expf(f32) -> f32
func.func @libc(%x: tensor<2xf32>) -> tensor<2xf32> {
  %e = tensor.empty() : tensor<2xf32>
  %r = linalg.map ins(%x : tensor<2xf32>) outs(%e : tensor<2xf32>)
    (%v: f32, %out: f32) {
      %y = func.call @expf(%v) : (f32) -> f32
      linalg.yield %y : f32
    }
  return %r : tensor<2xf32>
}
