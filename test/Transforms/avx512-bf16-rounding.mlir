// RUN: glu-opt %s -split-input-file -glu-avx512-bf16-rounding --verify-roundtrip | FileCheck %s
// Then the integer rounding of the exact branch, as the pipeline runs them.
// RUN: glu-opt %s -split-input-file -glu-avx512-bf16-rounding -glu-round-to-bf16 -canonicalize | FileCheck %s --check-prefix=EXPANDED

// Two truncations (each with its canonical-NaN select) before their first
// use: one test of their 64 lanes, one is.fpclass per 16 (NaN or
// subnormal: 147), one scf.if. The
// exact branch keeps each truncation and its select; the other is
// llvm.fptrunc. Both yield i16 words, read as bf16 after the if.
// CHECK-LABEL: func @group
// CHECK-SAME: (%[[A:.*]]: vector<32xf32>, %[[B:.*]]: vector<32xf32>, %[[M:.*]]: memref<?xbf16>
// CHECK: %[[A0:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK: %[[C0:.*]] = "llvm.intr.is.fpclass"(%[[A0]]) <{bit = 147 : i32}> : (vector<16xf32>) -> vector<16xi1>
// CHECK: %[[A1:.*]] = vector.extract_strided_slice %[[A]] {offsets = [16]
// CHECK: %[[C1:.*]] = "llvm.intr.is.fpclass"(%[[A1]]) <{bit = 147 : i32}>
// CHECK: %[[O1:.*]] = arith.ori %[[C0]], %[[C1]] : vector<16xi1>
// CHECK: %[[B0:.*]] = vector.extract_strided_slice %[[B]] {offsets = [0]
// CHECK: "llvm.intr.is.fpclass"(%[[B0]]) <{bit = 147 : i32}>
// CHECK: %[[B1:.*]] = vector.extract_strided_slice %[[B]] {offsets = [16]
// CHECK: %[[C3:.*]] = "llvm.intr.is.fpclass"(%[[B1]]) <{bit = 147 : i32}>
// CHECK: %[[O3:.*]] = arith.ori %{{.*}}, %[[C3]] : vector<16xi1>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[O3]] : vector<16xi1> into i1
// CHECK: %[[W:.*]]:2 = scf.if %[[ANY]] -> (vector<32xi16>, vector<32xi16>) {
// CHECK:   %[[TA:.*]] = arith.truncf %[[A]] : vector<32xf32> to vector<32xbf16>
// CHECK:   %[[NA:.*]] = arith.cmpf uno, %[[A]], %[[A]]
// CHECK:   %[[SA:.*]] = arith.select %[[NA]], %{{.*}}, %[[TA]] : vector<32xi1>, vector<32xbf16>
// CHECK:   %[[WA:.*]] = arith.bitcast %[[SA]] : vector<32xbf16> to vector<32xi16>
// CHECK:   %[[TB:.*]] = arith.truncf %[[B]]
// CHECK:   arith.cmpf uno, %[[B]], %[[B]]
// CHECK:   %[[SB:.*]] = arith.select %{{.*}}, %{{.*}}, %[[TB]]
// CHECK:   %[[WB:.*]] = arith.bitcast %[[SB]] : vector<32xbf16> to vector<32xi16>
// CHECK:   scf.yield %[[WA]], %[[WB]]
// CHECK: } else {
// CHECK:   %[[HA:.*]] = llvm.fptrunc %[[A]] : vector<32xf32> to vector<32xbf16>
// CHECK:   %[[XA:.*]] = arith.bitcast %[[HA]] : vector<32xbf16> to vector<32xi16>
// CHECK:   %[[HB:.*]] = llvm.fptrunc %[[B]] : vector<32xf32> to vector<32xbf16>
// CHECK:   %[[XB:.*]] = arith.bitcast %[[HB]] : vector<32xbf16> to vector<32xi16>
// CHECK:   scf.yield %[[XA]], %[[XB]]
// CHECK: }
// CHECK: %[[YA:.*]] = arith.bitcast %[[W]]#0 : vector<32xi16> to vector<32xbf16>
// CHECK: %[[YB:.*]] = arith.bitcast %[[W]]#1 : vector<32xi16> to vector<32xbf16>
// CHECK: vector.store %[[YA]], %[[M]]
// CHECK: vector.store %[[YB]], %[[M]]
// CHECK-NOT: arith.select
// CHECK: return

// EXPANDED-LABEL: func @group
// EXPANDED: scf.if
// EXPANDED-COUNT-2: arith.trunci %{{.*}} : vector<32xi32> to vector<32xi16>
// EXPANDED: } else {
// EXPANDED-COUNT-2: llvm.fptrunc
// EXPANDED: }
// EXPANDED-NOT: arith.truncf
func.func @group(%a: vector<32xf32>, %b: vector<32xf32>, %m: memref<?xbf16>, %i: index) {
  %qnan = arith.constant dense<0x7FC0> : vector<32xbf16>
  %ta = arith.truncf %a : vector<32xf32> to vector<32xbf16>
  %na = arith.cmpf uno, %a, %a : vector<32xf32>
  %ya = arith.select %na, %qnan, %ta : vector<32xi1>, vector<32xbf16>
  %tb = arith.truncf %b : vector<32xf32> to vector<32xbf16>
  %nb = arith.cmpf uno, %b, %b : vector<32xf32>
  %yb = arith.select %nb, %qnan, %tb : vector<32xi1>, vector<32xbf16>
  vector.store %ya, %m[%i] : memref<?xbf16>, vector<32xbf16>
  vector.store %yb, %m[%i] : memref<?xbf16>, vector<32xbf16>
  return
}

// -----

// A truncation whose input is computed after the first one's use starts a
// second group: each test comes before its own group's first use.
// CHECK-LABEL: func @two_groups
// EXPANDED-LABEL: func @two_groups
// CHECK-SAME: (%[[A:.*]]: vector<16xf32>
// CHECK: %[[C0:.*]] = "llvm.intr.is.fpclass"(%[[A]]) <{bit = 147 : i32}>
// CHECK: %[[R0:.*]] = vector.reduction <or>, %[[C0]]
// CHECK: %[[W0:.*]] = scf.if %[[R0]] -> (vector<16xi16>)
// CHECK: %[[Y0:.*]] = arith.bitcast %[[W0]] : vector<16xi16> to vector<16xbf16>
// CHECK: vector.store %[[Y0]]
// CHECK: %[[B:.*]] = arith.addf %[[A]], %[[A]]
// CHECK: %[[C1:.*]] = "llvm.intr.is.fpclass"(%[[B]]) <{bit = 147 : i32}>
// CHECK: %[[R1:.*]] = vector.reduction <or>, %[[C1]]
// CHECK: %[[W1:.*]] = scf.if %[[R1]] -> (vector<16xi16>)
// CHECK: %[[Y1:.*]] = arith.bitcast %[[W1]] : vector<16xi16> to vector<16xbf16>
// CHECK: vector.store %[[Y1]]
func.func @two_groups(%a: vector<16xf32>, %m: memref<?xbf16>, %i: index) {
  %ta = arith.truncf %a : vector<16xf32> to vector<16xbf16>
  vector.store %ta, %m[%i] : memref<?xbf16>, vector<16xbf16>
  %b = arith.addf %a, %a : vector<16xf32>
  %tb = arith.truncf %b : vector<16xf32> to vector<16xbf16>
  vector.store %tb, %m[%i] : memref<?xbf16>, vector<16xbf16>
  return
}

// -----

// A truncation used by more than its NaN select yields the truncation;
// the select stays and reads it. The test goes before the first use, here
// an op whose region uses the value.
// CHECK-LABEL: func @other_uses
// CHECK-SAME: (%[[A:.*]]: vector<16xf32>
// CHECK: %[[W:.*]] = scf.if %{{.*}} -> (vector<16xi16>) {
// CHECK:   %[[T:.*]] = arith.truncf %[[A]]
// CHECK-NOT: arith.select
// CHECK:   %[[X:.*]] = arith.bitcast %[[T]]
// CHECK:   scf.yield %[[X]]
// CHECK: } else {
// CHECK:   llvm.fptrunc %[[A]]
// CHECK: }
// CHECK: %[[Y:.*]] = arith.bitcast %[[W]] : vector<16xi16> to vector<16xbf16>
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %[[Y]]
// CHECK: scf.execute_region
// CHECK: vector.store %[[Y]]
// CHECK: return %[[S]]
func.func @other_uses(%a: vector<16xf32>, %m: memref<?xbf16>, %i: index) -> vector<16xbf16> {
  %qnan = arith.constant dense<0x7FC0> : vector<16xbf16>
  %t = arith.truncf %a : vector<16xf32> to vector<16xbf16>
  %n = arith.cmpf uno, %a, %a : vector<16xf32>
  %y = arith.select %n, %qnan, %t : vector<16xi1>, vector<16xbf16>
  scf.execute_region {
    vector.store %t, %m[%i] : memref<?xbf16>, vector<16xbf16>
    scf.yield
  }
  return %y : vector<16xbf16>
}

// -----

// Left to glu-round-to-bf16: lanes not a multiple of 16, a scalar, 2-D,
// scalable, a rounding mode, f16 (F16C rounds it exactly), f64, and a
// truncation used only by its unused NaN select.
// CHECK-LABEL: func @kept
// CHECK-NOT: is.fpclass
// CHECK-NOT: scf.if
// CHECK-NOT: llvm.fptrunc
// CHECK: return
func.func @kept(%a: vector<8xf32>, %s: f32, %b: vector<2x16xf32>,
                %c: vector<[16]xf32>, %d: vector<16xf32>, %e: vector<16xf64>)
    -> (vector<8xbf16>, bf16, vector<2x16xbf16>, vector<[16]xbf16>,
        vector<16xbf16>, vector<16xf16>, vector<16xbf16>) {
  %qnan = arith.constant dense<0x7FC0> : vector<16xbf16>
  %0 = arith.truncf %a : vector<8xf32> to vector<8xbf16>
  %1 = arith.truncf %s : f32 to bf16
  %2 = arith.truncf %b : vector<2x16xf32> to vector<2x16xbf16>
  %3 = arith.truncf %c : vector<[16]xf32> to vector<[16]xbf16>
  %4 = arith.truncf %d to_nearest_away : vector<16xf32> to vector<16xbf16>
  %5 = arith.truncf %d : vector<16xf32> to vector<16xf16>
  %6 = arith.truncf %e : vector<16xf64> to vector<16xbf16>
  %7 = arith.truncf %d : vector<16xf32> to vector<16xbf16>
  %n = arith.cmpf uno, %d, %d : vector<16xf32>
  %8 = arith.select %n, %qnan, %7 : vector<16xi1>, vector<16xbf16>
  return %0, %1, %2, %3, %4, %5, %6 : vector<8xbf16>, bf16, vector<2x16xbf16>, vector<[16]xbf16>, vector<16xbf16>, vector<16xf16>, vector<16xbf16>
}

// -----

// An interleaved packing's rounded halves are interleaved as their i16
// words (a bf16 interleave would reach the store as a bf16 shuffle, which
// LLVM's x86 backend does not stream).
// CHECK-LABEL: func @interleaved
// CHECK: %[[W:.*]]:2 = scf.if
// CHECK: %[[I:.*]] = vector.interleave %[[W]]#0, %[[W]]#1 : vector<16xi16> -> vector<32xi16>
// CHECK: %[[Y:.*]] = arith.bitcast %[[I]] : vector<32xi16> to vector<32xbf16>
// CHECK: vector.store %[[Y]]
func.func @interleaved(%a: vector<16xf32>, %b: vector<16xf32>, %m: memref<?xbf16>, %i: index) {
  %ta = arith.truncf %a : vector<16xf32> to vector<16xbf16>
  %tb = arith.truncf %b : vector<16xf32> to vector<16xbf16>
  %p = vector.interleave %ta, %tb : vector<16xbf16> -> vector<32xbf16>
  vector.store %p, %m[%i] : memref<?xbf16>, vector<32xbf16>
  return
}
