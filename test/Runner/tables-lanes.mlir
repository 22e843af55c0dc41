// glu-tabulate's tables hold one function of the 16 bits for every lane:
// a cone that mixes lanes (a constant that differs per lane, a shuffle)
// stays computed, so the default (tables on) gives the bits of
// --tables=false. Before the fix the lookups gave lane 0's function
// (1 1 1 1) and the fill's lane order.
// RUN: glu-run %s --function=per_lane --input=4xbf16=1 | FileCheck %s --check-prefix=LANE
// RUN: glu-run %s --function=per_lane --input=4xbf16=1 --tables=false | FileCheck %s --check-prefix=LANE
// LANE:      result[0]: 4xf32
// LANE-NEXT: 1 2 3 4
// LANE:      result[1]: 4xf32
// LANE-NEXT: 2.71828175 7.38905621 20.085537 54.5981522
// RUN: glu-run %s --function=reversed --input=4xbf16=0,1,2,3 | FileCheck %s --check-prefix=REV
// RUN: glu-run %s --function=reversed --input=4xbf16=0,1,2,3 --tables=false | FileCheck %s --check-prefix=REV
// REV:      result[0]: 4xf32
// REV-NEXT: 20.085537 7.38905621 2.71828175 1

func.func @per_lane(%t: tensor<4xbf16>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %v = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<4xbf16>, vector<4xbf16>
  %x = arith.extf %v : vector<4xbf16> to vector<4xf32>
  %y = arith.mulf %x, %c : vector<4xf32>
  %e = math.exp %y : vector<4xf32>
  %o = tensor.empty() : tensor<4xf32>
  %wy = vector.transfer_write %y, %o[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
  %o2 = tensor.empty() : tensor<4xf32>
  %we = vector.transfer_write %e, %o2[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
  return %wy, %we : tensor<4xf32>, tensor<4xf32>
}

func.func @reversed(%t: tensor<4xbf16>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %v = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<4xbf16>, vector<4xbf16>
  %x = arith.extf %v : vector<4xbf16> to vector<4xf32>
  %s = vector.shuffle %x, %x [3, 2, 1, 0] : vector<4xf32>, vector<4xf32>
  %e = math.exp %s : vector<4xf32>
  %o = tensor.empty() : tensor<4xf32>
  %w = vector.transfer_write %e, %o[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
  return %w : tensor<4xf32>
}
