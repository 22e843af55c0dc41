// RUN: glu-opt %s -split-input-file -glu-round-to-bf16 | FileCheck %s
// The output parses again (it once held constants no parser accepts).
// RUN: glu-opt %s -split-input-file -glu-round-to-bf16 | glu-opt -split-input-file -o /dev/null

// The canonical-NaN select on a rounded vector is the rounding itself: the
// NaN becomes the f32 quiet NaN before the integer rounding, and no select
// on bf16 is left.
// CHECK-LABEL: func @vector_with_nan_select
// CHECK-SAME: (%[[V:.*]]: vector<8xf32>)
// CHECK: %[[N:.*]] = arith.cmpf uno, %[[V]], %[[V]] : vector<8xf32>
// CHECK: %[[Q:.*]] = arith.select %[[N]], %{{.*}}, %[[V]] : vector<8xi1>, vector<8xf32>
// CHECK: %[[BITS:.*]] = arith.bitcast %[[Q]] : vector<8xf32> to vector<8xi32>
// CHECK: %[[HI:.*]] = arith.shrui %[[BITS]], %{{.*}} : vector<8xi32>
// CHECK: %[[B16:.*]] = arith.andi %[[HI]], %{{.*}} : vector<8xi32>
// CHECK: %[[BIAS:.*]] = arith.addi %[[B16]], %{{.*}} : vector<8xi32>
// CHECK: %[[SUM:.*]] = arith.addi %[[BITS]], %[[BIAS]] : vector<8xi32>
// CHECK: %[[R:.*]] = arith.shrui %[[SUM]], %{{.*}} : vector<8xi32>
// CHECK: %[[T:.*]] = arith.trunci %[[R]] : vector<8xi32> to vector<8xi16>
// CHECK: %[[Y:.*]] = arith.bitcast %[[T]] : vector<8xi16> to vector<8xbf16>
// CHECK-NOT: arith.truncf
// CHECK-NOT: vector<8xbf16>
// CHECK: return %[[Y]]
func.func @vector_with_nan_select(%v: vector<8xf32>) -> vector<8xbf16> {
  %qnan = arith.constant dense<0x7FC0> : vector<8xbf16>
  %t = arith.truncf %v : vector<8xf32> to vector<8xbf16>
  %n = arith.cmpf uno, %v, %v : vector<8xf32>
  %y = arith.select %n, %qnan, %t : vector<8xi1>, vector<8xbf16>
  return %y : vector<8xbf16>
}

// -----

// A scalar truncation alone (glu.round under two_round), and une as the
// NaN test.
// CHECK-LABEL: func @scalar
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: %[[Y:.*]] = arith.bitcast %{{.*}} : i16 to bf16
// CHECK-NOT: arith.select
// CHECK: return %[[Y]], %[[Y]]
func.func @scalar(%v: f32) -> (bf16, bf16) {
  %qnan = arith.constant 0x7FC0 : bf16
  %t = arith.truncf %v : f32 to bf16
  %n = arith.cmpf une, %v, %v : f32
  %y = arith.select %n, %qnan, %t : bf16
  return %t, %y : bf16, bf16
}

// -----

// Other selects stay: another NaN constant, a test of another value, a
// non-default rounding mode; f16 is not touched (F16C rounds it).
// CHECK-LABEL: func @kept
// CHECK-SAME: (%[[V:.*]]: vector<4xf32>, %[[W:.*]]: vector<4xf32>)
// CHECK: %[[T:.*]] = arith.bitcast %{{.*}} : vector<4xi16> to vector<4xbf16>
// CHECK: %[[A:.*]] = arith.select %{{.*}}, %{{.*}}, %[[T]] : vector<4xi1>, vector<4xbf16>
// CHECK: %[[C:.*]] = arith.cmpf uno, %[[W]], %[[W]]
// CHECK: %[[B:.*]] = arith.select %[[C]], %{{.*}}, %[[T]] : vector<4xi1>, vector<4xbf16>
// CHECK: %[[D:.*]] = arith.truncf %[[V]] to_nearest_away : vector<4xf32> to vector<4xbf16>
// CHECK: %[[H:.*]] = arith.truncf %[[V]] : vector<4xf32> to vector<4xf16>
// CHECK: return %[[A]], %[[B]], %[[D]], %[[H]]
func.func @kept(%v: vector<4xf32>, %w: vector<4xf32>) -> (vector<4xbf16>, vector<4xbf16>, vector<4xbf16>, vector<4xf16>) {
  %other = arith.constant dense<0x7FC1> : vector<4xbf16>
  %qnan = arith.constant dense<0x7FC0> : vector<4xbf16>
  %t = arith.truncf %v : vector<4xf32> to vector<4xbf16>
  %n = arith.cmpf uno, %v, %v : vector<4xf32>
  %a = arith.select %n, %other, %t : vector<4xi1>, vector<4xbf16>
  %m = arith.cmpf uno, %w, %w : vector<4xf32>
  %b = arith.select %m, %qnan, %t : vector<4xi1>, vector<4xbf16>
  %d = arith.truncf %v to_nearest_away : vector<4xf32> to vector<4xbf16>
  %h = arith.truncf %v : vector<4xf32> to vector<4xf16>
  return %a, %b, %d, %h : vector<4xbf16>, vector<4xbf16>, vector<4xbf16>, vector<4xf16>
}

// -----

// A dynamically shaped tensor has no splat constants to round with: left
// as it is (before: constants of type tensor<?xi32>, which do not parse).
// CHECK-LABEL: func @dynamic
// CHECK: arith.truncf %{{.*}} : tensor<?xf32> to tensor<?xbf16>
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast %{{.*}} : tensor<2x3x4xi16> to tensor<2x3x4xbf16>
func.func @dynamic(%v: tensor<?xf32>, %w: tensor<2x3x4xf32>) -> (tensor<?xbf16>, tensor<2x3x4xbf16>) {
  %t = arith.truncf %v : tensor<?xf32> to tensor<?xbf16>
  %r = arith.truncf %w : tensor<2x3x4xf32> to tensor<2x3x4xbf16>
  return %t, %r : tensor<?xbf16>, tensor<2x3x4xbf16>
}
