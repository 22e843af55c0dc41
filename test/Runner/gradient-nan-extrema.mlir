// A NaN operand of maximumf or minimumf (either, or both), a NaN term of a
// max reduction and a NaN init of one are the result: each takes the
// gradient, as NaN (docs/semantics.md section 5: min and max propagate
// NaN, their gradients included). A NaN second operand gave d = 0 for it
// and all of dy to the first; a max reduction over a NaN term or from a
// NaN init gave 0 everywhere (the rule compared each with the NaN result).
// RUN: glu-opt %s --glu-differentiate -o %t.mlir
// RUN: glu-run %t.mlir --function=max_grad --input=4xf32=1,nan,3,nan --input=4xf32=0,0,nan,nan --input=4xf32=1,1,1,1 | FileCheck %s --check-prefix=MAX
// MAX: result[0]: 4xf32
// MAX-NEXT: 1 nan 0 nan
// MAX: result[1]: 4xf32
// MAX-NEXT: 0 0 nan nan
// RUN: glu-run %t.mlir --function=min_grad --input=4xf32=1,nan,3,2 --input=4xf32=0,0,nan,5 --input=4xf32=1,1,1,1 | FileCheck %s --check-prefix=MIN
// MIN: result[0]: 4xf32
// MIN-NEXT: 0 nan 0 1
// MIN: result[1]: 4xf32
// MIN-NEXT: 1 0 nan 0
// RUN: glu-run %t.mlir --function=reduce_max_grad --input=4xf32=1,nan,3,2 --input=f32=1 | FileCheck %s --check-prefix=REDUCE
// RUN: glu-run %t.mlir --function=reduce_max_grad --input=4xf32=1,4,3,2 --input=f32=1 | FileCheck %s --check-prefix=REDUCE-ORDERED
// REDUCE: result[0]: 4xf32
// REDUCE-NEXT: 0 nan 0 0
// REDUCE-ORDERED: result[0]: 4xf32
// REDUCE-ORDERED-NEXT: 0 1 0 0
// RUN: glu-run %t.mlir --function=reduce_from_grad --input=4xf32=1,4,3,2 --input=f32=nan --input=f32=1 | FileCheck %s --check-prefix=INIT
// INIT: result[0]: 4xf32
// INIT-NEXT: 0 0 0 0
// INIT: result[1]: f32
// INIT-NEXT: nan

func.func @max(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {glu.grad = "max_grad"} {
  %m = arith.maximumf %x, %y : tensor<4xf32>
  return %m : tensor<4xf32>
}

func.func @min(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {glu.grad = "min_grad"} {
  %m = arith.minimumf %x, %y : tensor<4xf32>
  return %m : tensor<4xf32>
}

func.func @reduce_max(%x: tensor<4xf32>) -> tensor<f32> attributes {glu.grad = "reduce_max_grad"} {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%ninf : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%x : tensor<4xf32>) outs(%z : tensor<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %m = arith.maximumf %in, %init : f32
      linalg.yield %m : f32
    }
  return %r : tensor<f32>
}

func.func @reduce_from(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> attributes {glu.grad = "reduce_from_grad"} {
  %r = linalg.reduce ins(%x : tensor<4xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<f32>
}
