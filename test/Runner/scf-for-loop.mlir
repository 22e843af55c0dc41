// A glu op applied in an scf.for (layers, iterations): each iteration's
// result is a new buffer the loop yields, which one-shot-bufferize refused
// ("Yield operand #0 is not equivalent to the corresponding iter bbArg")
// until glu-to-llvm allowed allocations returned from loops; the
// ownership-based deallocation frees them (the sanitized suite runs this
// under LeakSanitizer). reglu(x, 2) three times from 1: 8; from -1: 0. The
// trip count is an argument: zero iterations return the input itself.
//
// RUN: glu-run %s --function=loop --input=2x8xf32=1,-1,1,-1,1,-1,1,-1,1,-1,1,-1,1,-1,1,-1 --input=2x8xf32=2 --input=1xi64=3 | FileCheck %s
// RUN: glu-run %s --function=loop --input=2x8xf32=1,-1,1,-1,1,-1,1,-1,1,-1,1,-1,1,-1,1,-1 --input=2x8xf32=2 --input=1xi64=3 --num-threads=1 --vectorize=false | FileCheck %s
// RUN: glu-run %s --function=loop --input=2x8xf32=1,-1,1,-1,1,-1,1,-1,1,-1,1,-1,1,-1,1,-1 --input=2x8xf32=2 --input=1xi64=3 --target=cuda-emulated | FileCheck %s
// RUN: glu-run %s --function=loop --input=2x8xf32=1,-1,1,-1,1,-1,1,-1,1,-1,1,-1,1,-1,1,-1 --input=2x8xf32=2 --input=1xi64=0 | FileCheck %s --check-prefix=ZERO
// CHECK: result[0]: 2x8xf32
// CHECK-NEXT: 8 0 8 0 8 0 8 0
// CHECK-NEXT: 8 0 8 0 8 0 8 0
// ZERO: result[0]: 2x8xf32
// ZERO-NEXT: 1 -1 1 -1 1 -1 1 -1

func.func @loop(%x: tensor<?x8xf32>, %g: tensor<?x8xf32>, %n: tensor<1xi64>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %count = tensor.extract %n[%c0] : tensor<1xi64>
  %trips = arith.index_cast %count : i64 to index
  %r = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %x) -> tensor<?x8xf32> {
    %y = glu.glu reglu(%acc, %g) : tensor<?x8xf32>
    scf.yield %y : tensor<?x8xf32>
  }
  return %r : tensor<?x8xf32>
}
