// RUN: glu-opt %s -split-input-file -glu-widen-bf16-pairs | FileCheck %s
// RUN: glu-opt %s -split-input-file -glu-widen-bf16-pairs --verify-roundtrip -o /dev/null

// Both halves of a bf16 pair vector widened: the even lanes (each word's
// lower 16 bits) shifted left by 16, the odd lanes (its upper 16 bits)
// masked; no deinterleave is read.
// CHECK-LABEL: func @halves
// CHECK-SAME: (%[[P:.*]]: vector<16xbf16>)
// CHECK-DAG: %[[MASK:.*]] = arith.constant dense<-65536> : vector<8xi32>
// CHECK-DAG: %[[SIXTEEN:.*]] = arith.constant dense<16> : vector<8xi32>
// CHECK: %[[W0:.*]] = vector.bitcast %[[P]] : vector<16xbf16> to vector<8xi32>
// CHECK: %[[E:.*]] = arith.shli %[[W0]], %[[SIXTEEN]] : vector<8xi32>
// CHECK: %[[G:.*]] = arith.bitcast %[[E]] : vector<8xi32> to vector<8xf32>
// CHECK: %[[W1:.*]] = vector.bitcast %[[P]] : vector<16xbf16> to vector<8xi32>
// CHECK: %[[O:.*]] = arith.andi %[[W1]], %[[MASK]] : vector<8xi32>
// CHECK: %[[U:.*]] = arith.bitcast %[[O]] : vector<8xi32> to vector<8xf32>
// CHECK: return %[[G]], %[[U]]
func.func @halves(%p: vector<16xbf16>) -> (vector<8xf32>, vector<8xf32>) {
  %g, %u = vector.deinterleave %p : vector<16xbf16> -> vector<8xbf16>
  %x = arith.extf %g : vector<8xbf16> to vector<8xf32>
  %y = arith.extf %u : vector<8xbf16> to vector<8xf32>
  return %x, %y : vector<8xf32>, vector<8xf32>
}

// -----

// Left alone: f16 pairs (a conversion, not a bit placement), a widening to
// f64, a 2-D or scalable deinterleave, a bf16 vector not deinterleaved.
// CHECK-LABEL: func @others
// CHECK-NOT: vector.bitcast
// CHECK-COUNT-5: arith.extf
// CHECK-NOT: arith.extf
// CHECK: return
func.func @others(%h: vector<16xf16>, %b: vector<16xbf16>, %m: vector<2x16xbf16>, %s: vector<[16]xbf16>) -> (vector<8xf32>, vector<8xf64>, vector<2x8xf32>, vector<[8]xf32>, vector<16xf32>) {
  %h0, %h1 = vector.deinterleave %h : vector<16xf16> -> vector<8xf16>
  %a = arith.extf %h1 : vector<8xf16> to vector<8xf32>
  %b0, %b1 = vector.deinterleave %b : vector<16xbf16> -> vector<8xbf16>
  %c = arith.extf %b1 : vector<8xbf16> to vector<8xf64>
  %m0, %m1 = vector.deinterleave %m : vector<2x16xbf16> -> vector<2x8xbf16>
  %d = arith.extf %m1 : vector<2x8xbf16> to vector<2x8xf32>
  %s0, %s1 = vector.deinterleave %s : vector<[16]xbf16> -> vector<[8]xbf16>
  %e = arith.extf %s1 : vector<[8]xbf16> to vector<[8]xf32>
  %f = arith.extf %b : vector<16xbf16> to vector<16xf32>
  return %a, %c, %d, %e, %f : vector<8xf32>, vector<8xf64>, vector<2x8xf32>, vector<[8]xf32>, vector<16xf32>
}
