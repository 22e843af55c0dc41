// Printed results read back to the same values: integers exactly, f32 with
// 9 significant digits, f16 with 5, bf16 with 4; inline i64 inputs beyond
// 2^53 stay exact.
// RUN: glu-run %s --function=ints --input=3xi32=123456789,-2147483648,2147483647 --input=2xi64=9007199254740993,-9223372036854775808 | FileCheck %s --check-prefix=INTS
// INTS:      result[0]: 3xi32
// INTS-NEXT: 123456789 -2147483648 2147483647
// INTS:      result[1]: 2xi64
// INTS-NEXT: 9007199254740993 -9223372036854775808
// RUN: glu-run %s --function=floats --input=4xf32=0.1,1.00000012,16777216,-3e-39 --input=2xf16=0.1,65504 --input=2xbf16=0.1,3e38 | FileCheck %s --check-prefix=FLOATS
// FLOATS:      result[0]: 4xf32
// FLOATS-NEXT: 0.100000001 1.00000012 16777216 -3.00000065e-39
// FLOATS:      result[1]: 2xf16
// FLOATS-NEXT: 0.099976 65504
// FLOATS:      result[2]: 2xbf16
// FLOATS-NEXT: 0.1001 3.004e+38

func.func @ints(%a: tensor<3xi32>, %b: tensor<2xi64>) -> (tensor<3xi32>, tensor<2xi64>) {
  return %a, %b : tensor<3xi32>, tensor<2xi64>
}

func.func @floats(%a: tensor<4xf32>, %b: tensor<2xf16>, %c: tensor<2xbf16>) -> (tensor<4xf32>, tensor<2xf16>, tensor<2xbf16>) {
  return %a, %b, %c : tensor<4xf32>, tensor<2xf16>, tensor<2xbf16>
}
