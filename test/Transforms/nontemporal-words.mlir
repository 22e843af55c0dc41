// RUN: glu-opt %s -split-input-file -glu-nontemporal-words --verify-roundtrip | FileCheck %s
// Run twice, the same output: a volatile store is not rewritten again.
// RUN: glu-opt %s -split-input-file -glu-nontemporal-words -glu-nontemporal-words | FileCheck %s

// A streaming store of bf16 or f16 lanes stores their i16 words, volatile.
// CHECK-LABEL: llvm.func @words
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[B:.*]]: vector<64xbf16>, %[[H:.*]]: vector<32xf16>)
// CHECK: %[[WB:.*]] = llvm.bitcast %[[B]] : vector<64xbf16> to vector<64xi16>
// CHECK: llvm.store volatile %[[WB]], %[[P]] {alignment = 64 : i64, nontemporal} : vector<64xi16>, !llvm.ptr
// CHECK: %[[WH:.*]] = llvm.bitcast %[[H]] : vector<32xf16> to vector<32xi16>
// CHECK: llvm.store volatile %[[WH]], %[[P]] {alignment = 64 : i64, nontemporal} : vector<32xi16>, !llvm.ptr
llvm.func @words(%p: !llvm.ptr, %b: vector<64xbf16>, %h: vector<32xf16>) {
  llvm.store %b, %p {alignment = 64 : i64, nontemporal} : vector<64xbf16>, !llvm.ptr
  llvm.store %h, %p {alignment = 64 : i64, nontemporal} : vector<32xf16>, !llvm.ptr
  llvm.return
}

// -----

// Left alone: ordinary stores, other element types, scalars, and stores
// already volatile or atomic.
// CHECK-LABEL: llvm.func @kept
// CHECK-NOT: llvm.bitcast
// CHECK: llvm.store %{{.*}} {alignment = 64 : i64} : vector<64xbf16>
// CHECK: llvm.store %{{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>
// CHECK: llvm.store %{{.*}} {alignment = 64 : i64, nontemporal} : vector<32xi16>
// CHECK: llvm.store %{{.*}} {alignment = 2 : i64, nontemporal} : bf16
// CHECK: llvm.store volatile %{{.*}} {alignment = 64 : i64, nontemporal} : vector<64xbf16>
// CHECK: llvm.store %{{.*}} atomic release {alignment = 2 : i64, nontemporal} : f16
llvm.func @kept(%p: !llvm.ptr, %b: vector<64xbf16>, %f: vector<16xf32>, %i: vector<32xi16>, %s: bf16, %h: f16) {
  llvm.store %b, %p {alignment = 64 : i64} : vector<64xbf16>, !llvm.ptr
  llvm.store %f, %p {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
  llvm.store %i, %p {alignment = 64 : i64, nontemporal} : vector<32xi16>, !llvm.ptr
  llvm.store %s, %p {alignment = 2 : i64, nontemporal} : bf16, !llvm.ptr
  llvm.store volatile %b, %p {alignment = 64 : i64, nontemporal} : vector<64xbf16>, !llvm.ptr
  llvm.store %h, %p atomic release {alignment = 2 : i64, nontemporal} : f16, !llvm.ptr
  llvm.return
}
