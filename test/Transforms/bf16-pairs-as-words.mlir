// RUN: glu-opt %s -split-input-file -glu-bf16-pairs-as-words | FileCheck %s
// RUN: glu-opt %s -split-input-file -glu-bf16-pairs-as-words --verify-roundtrip -o /dev/null

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

// -----

// Two bf16 halves rounded as glu-round-to-bf16 leaves them (i32 words
// shifted down, truncated, read as bf16) and interleaved: the words
// (odd << 16) | (even & 0xffff) read as the pairs; no interleave is left.
// CHECK-LABEL: func @narrow
// CHECK-SAME: (%[[E:.*]]: vector<8xi32>, %[[O:.*]]: vector<8xi32>)
// CHECK-DAG: %[[LOWER:.*]] = arith.constant dense<65535> : vector<8xi32>
// CHECK-DAG: %[[SIXTEEN:.*]] = arith.constant dense<16> : vector<8xi32>
// CHECK: %[[SE:.*]] = arith.shrui %[[E]], %[[SIXTEEN]]
// CHECK: %[[SO:.*]] = arith.shrui %[[O]], %[[SIXTEEN]]
// CHECK: %[[LO:.*]] = arith.andi %[[SE]], %[[LOWER]] : vector<8xi32>
// CHECK: %[[HI:.*]] = arith.shli %[[SO]], %[[SIXTEEN]] : vector<8xi32>
// CHECK: %[[W:.*]] = arith.ori %[[LO]], %[[HI]] : vector<8xi32>
// CHECK: %[[P:.*]] = vector.bitcast %[[W]] : vector<8xi32> to vector<16xbf16>
// CHECK-NOT: vector.interleave
// CHECK: return %[[P]]
func.func @narrow(%e: vector<8xi32>, %o: vector<8xi32>) -> vector<16xbf16> {
  %c16 = arith.constant dense<16> : vector<8xi32>
  %se = arith.shrui %e, %c16 : vector<8xi32>
  %so = arith.shrui %o, %c16 : vector<8xi32>
  %te = arith.trunci %se : vector<8xi32> to vector<8xi16>
  %to = arith.trunci %so : vector<8xi32> to vector<8xi16>
  %be = arith.bitcast %te : vector<8xi16> to vector<8xbf16>
  %bo = arith.bitcast %to : vector<8xi16> to vector<8xbf16>
  %p = vector.interleave %be, %bo : vector<8xbf16> -> vector<16xbf16>
  return %p : vector<16xbf16>
}

// -----

// Plain i16 halves of i32 words: the same placement.
// CHECK-LABEL: func @narrow_i16
// CHECK: arith.ori
// CHECK: vector.bitcast %{{.*}} : vector<4xi32> to vector<8xi16>
// CHECK-NOT: vector.interleave
func.func @narrow_i16(%e: vector<4xi32>, %o: vector<4xi32>) -> vector<8xi16> {
  %te = arith.trunci %e : vector<4xi32> to vector<4xi16>
  %to = arith.trunci %o : vector<4xi32> to vector<4xi16>
  %p = vector.interleave %te, %to : vector<4xi16> -> vector<8xi16>
  return %p : vector<8xi16>
}

// -----

// Left alone: f16 halves rounded by arith.truncf, halves truncated from
// i64, one half not a truncation, 8-bit halves, 2-D and scalable halves,
// index halves.
// CHECK-LABEL: func @not_narrowed
// CHECK-NOT: vector.bitcast
// CHECK-COUNT-7: vector.interleave
// CHECK-NOT: vector.bitcast
// CHECK: return
func.func @not_narrowed(%f: vector<4xf32>, %w: vector<4xi64>, %i: vector<4xi32>, %h: vector<4xi16>, %m: vector<2x4xi32>, %s: vector<[4]xi32>, %x: vector<4xindex>) -> (vector<8xf16>, vector<8xi16>, vector<8xi16>, vector<8xi8>, vector<2x8xi16>, vector<[8]xi16>, vector<8xindex>) {
  %a = arith.truncf %f : vector<4xf32> to vector<4xf16>
  %pa = vector.interleave %a, %a : vector<4xf16> -> vector<8xf16>
  %b = arith.trunci %w : vector<4xi64> to vector<4xi16>
  %pb = vector.interleave %b, %b : vector<4xi16> -> vector<8xi16>
  %c = arith.trunci %i : vector<4xi32> to vector<4xi16>
  %pc = vector.interleave %c, %h : vector<4xi16> -> vector<8xi16>
  %d = arith.trunci %i : vector<4xi32> to vector<4xi8>
  %pd = vector.interleave %d, %d : vector<4xi8> -> vector<8xi8>
  %e = arith.trunci %m : vector<2x4xi32> to vector<2x4xi16>
  %pe = vector.interleave %e, %e : vector<2x4xi16> -> vector<2x8xi16>
  %g = arith.trunci %s : vector<[4]xi32> to vector<[4]xi16>
  %pg = vector.interleave %g, %g : vector<[4]xi16> -> vector<[8]xi16>
  %px = vector.interleave %x, %x : vector<4xindex> -> vector<8xindex>
  return %pa, %pb, %pc, %pd, %pe, %pg, %px : vector<8xf16>, vector<8xi16>, vector<8xi16>, vector<8xi8>, vector<2x8xi16>, vector<[8]xi16>, vector<8xindex>
}

// -----

// A rounded bf16 vector not interleaved (a split kernel's output): the
// words' upper halves are the odd 16-bit lanes of the words, a shuffle
// (AVX-512: one vpermi2w per 32 lanes, not two shifts, two vpmovdw and an
// insert). A user that is no interleave (the bitcast to bf16) is kept.
// CHECK-LABEL: func @narrow_high
// CHECK-SAME: (%[[W:.*]]: vector<8xi32>)
// CHECK-NOT: arith.shrui
// CHECK: %[[H:.*]] = vector.bitcast %[[W]] : vector<8xi32> to vector<16xi16>
// CHECK: %[[S:.*]] = vector.shuffle %[[H]], %[[H]] [1, 3, 5, 7, 9, 11, 13, 15] : vector<16xi16>, vector<16xi16>
// CHECK: %[[B:.*]] = arith.bitcast %[[S]] : vector<8xi16> to vector<8xbf16>
// CHECK: return %[[B]]
func.func @narrow_high(%w: vector<8xi32>) -> vector<8xbf16> {
  %c16 = arith.constant dense<16> : vector<8xi32>
  %s = arith.shrui %w, %c16 : vector<8xi32>
  %t = arith.trunci %s : vector<8xi32> to vector<8xi16>
  %b = arith.bitcast %t : vector<8xi16> to vector<8xbf16>
  return %b : vector<8xbf16>
}

// -----

// Left alone: a shift other than 16, a truncation to i8, words of i64,
// a scalar, a 2-D vector, a scalable one, a shift by a value that is no
// constant, and a truncation one of whose users is an interleave (with a
// half that is no truncation: NarrowPairs leaves it too).
// CHECK-LABEL: func @high_not_narrowed
// CHECK-NOT: vector.shuffle
// CHECK-COUNT-8: arith.trunci
// CHECK-NOT: vector.shuffle
// CHECK: return
func.func @high_not_narrowed(%w: vector<8xi32>, %l: vector<8xi64>, %s: i32, %m: vector<2x8xi32>, %v: vector<[8]xi32>, %k: vector<8xi32>, %h: vector<8xi16>) -> (vector<8xi16>, vector<8xi8>, vector<8xi16>, i16, vector<2x8xi16>, vector<[8]xi16>, vector<8xi16>, vector<16xi16>) {
  %c15 = arith.constant dense<15> : vector<8xi32>
  %c16 = arith.constant dense<16> : vector<8xi32>
  %c16l = arith.constant dense<16> : vector<8xi64>
  %c16s = arith.constant 16 : i32
  %c16m = arith.constant dense<16> : vector<2x8xi32>
  %c16v = arith.constant dense<16> : vector<[8]xi32>
  %a = arith.shrui %w, %c15 : vector<8xi32>
  %ta = arith.trunci %a : vector<8xi32> to vector<8xi16>
  %b = arith.shrui %w, %c16 : vector<8xi32>
  %tb = arith.trunci %b : vector<8xi32> to vector<8xi8>
  %c = arith.shrui %l, %c16l : vector<8xi64>
  %tc = arith.trunci %c : vector<8xi64> to vector<8xi16>
  %d = arith.shrui %s, %c16s : i32
  %td = arith.trunci %d : i32 to i16
  %e = arith.shrui %m, %c16m : vector<2x8xi32>
  %te = arith.trunci %e : vector<2x8xi32> to vector<2x8xi16>
  %f = arith.shrui %v, %c16v : vector<[8]xi32>
  %tf = arith.trunci %f : vector<[8]xi32> to vector<[8]xi16>
  %g = arith.shrui %w, %k : vector<8xi32>
  %tg = arith.trunci %g : vector<8xi32> to vector<8xi16>
  %th = arith.trunci %b : vector<8xi32> to vector<8xi16>
  %p = vector.interleave %th, %h : vector<8xi16> -> vector<16xi16>
  return %ta, %tb, %tc, %td, %te, %tf, %tg, %p : vector<8xi16>, vector<8xi8>, vector<8xi16>, i16, vector<2x8xi16>, vector<[8]xi16>, vector<8xi16>, vector<16xi16>
}
