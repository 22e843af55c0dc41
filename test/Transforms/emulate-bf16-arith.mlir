// RUN: glu-opt %s -split-input-file --glu-emulate-bf16-arith --canonicalize | FileCheck %s
// RUN: glu-opt %s -split-input-file --glu-emulate-bf16-arith --verify-roundtrip | FileCheck %s --check-prefix=ROUNDTRIP

// Two bf16 ops in a row: each in f32, rounded to bf16 after each (the
// conversions carry no fastmath<contract>, so canonicalize keeps the
// rounding between them).
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[A:.*]]: bf16, %[[B:.*]]: bf16, %[[C:.*]]: bf16)
// CHECK-DAG:     %[[AF:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK-DAG:     %[[BF:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK-DAG:     %[[CF:.*]] = arith.extf %[[C]] : bf16 to f32
// CHECK:         %[[M:.*]] = arith.mulf %[[AF]], %[[BF]] : f32
// CHECK-NEXT:    %[[MB:.*]] = arith.truncf %[[M]] : f32 to bf16
// CHECK-NEXT:    %[[MF:.*]] = arith.extf %[[MB]] : bf16 to f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[MF]], %[[CF]] : f32
// CHECK-NEXT:    %[[R:.*]] = arith.truncf %[[S]] : f32 to bf16
// CHECK-NEXT:    return %[[R]] : bf16
// ROUNDTRIP-LABEL: func.func @chain(
func.func @chain(%a: bf16, %b: bf16, %c: bf16) -> bf16 {
  %m = arith.mulf %a, %b : bf16
  %s = arith.addf %m, %c : bf16
  return %s : bf16
}

// -----

// Vectors and compares too; f16 and f32 ops and the conversions already
// there (with their flags) are left alone.
// CHECK-LABEL: func.func @mixed(
// CHECK-SAME:      %[[V:.*]]: vector<4xbf16>, %[[W:.*]]: vector<4xbf16>, %[[H:.*]]: f16, %[[X:.*]]: f32)
// CHECK-DAG:     %[[VF:.*]] = arith.extf %[[V]] : vector<4xbf16> to vector<4xf32>
// CHECK-DAG:     %[[WF:.*]] = arith.extf %[[W]] : vector<4xbf16> to vector<4xf32>
// CHECK:         %[[MAX:.*]] = arith.maximumf %[[VF]], %[[WF]] : vector<4xf32>
// CHECK:         %[[MB:.*]] = arith.truncf %[[MAX]] : vector<4xf32> to vector<4xbf16>
// CHECK:         %[[T:.*]] = arith.truncf %[[X]] fastmath<contract> : f32 to bf16
// CHECK-NEXT:    %[[TF:.*]] = arith.extf %[[T]] : bf16 to f32
// CHECK-NEXT:    arith.cmpf olt, %{{.*}}, %[[TF]] : f32
// CHECK-NEXT:    arith.addf %[[H]], %[[H]] : f16
func.func @mixed(%v: vector<4xbf16>, %w: vector<4xbf16>, %h: f16, %x: f32) -> (vector<4xbf16>, i1, f16, bf16) {
  %m = arith.maximumf %v, %w : vector<4xbf16>
  %e = vector.extract %m[0] : bf16 from vector<4xbf16>
  %t = arith.truncf %x fastmath<contract> : f32 to bf16
  %c = arith.cmpf olt, %e, %t : bf16
  %a = arith.addf %h, %h : f16
  return %m, %c, %a, %t : vector<4xbf16>, i1, f16, bf16
}
