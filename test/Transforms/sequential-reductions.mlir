// RUN: glu-opt %s -split-input-file -glu-sequential-reductions | FileCheck %s
// RUN: glu-opt %s -split-input-file -glu-sequential-reductions --verify-roundtrip -o /dev/null
// Run by glu-run on all cores and one: test/Runner/parallel-reductions.mlir.

// A combiner convert-scf-to-openmp does not recognize (arith.maximumf): the
// loop is an scf.for carrying the reduction, combined in order.
// CHECK-LABEL: func @maximumf
// CHECK-SAME: (%[[M:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[INIT:.*]]: f32)
// CHECK-NOT: scf.parallel
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK:   %[[V:.*]] = memref.load %[[M]][%[[I]]]
// CHECK:   %[[MAX:.*]] = arith.maximumf %[[ACC]], %[[V]] : f32
// CHECK:   scf.yield %[[MAX]] : f32
// CHECK: return %[[R]]
func.func @maximumf(%m: memref<?xf32>, %n: index, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%init) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %x = arith.maximumf %a, %b : f32
      scf.reduce.return %x : f32
    }
  }
  return %r : f32
}

// -----

// Two dimensions, two reductions, one of them recognized: the whole loop
// is sequential, a nest of two scf.for, the combiner of two ops cloned.
// CHECK-LABEL: func @nest
// CHECK-SAME: (%[[M:.*]]: memref<?x?xbf16>, %[[R0:.*]]: index, %[[C0:.*]]: index)
// CHECK: %[[OUT:.*]]:2 = scf.for %[[I:.*]] = {{.*}} to %[[R0]] {{.*}} iter_args(%[[S0:.*]] = %{{.*}}, %[[K0:.*]] = %{{.*}}) -> (bf16, i32) {
// CHECK:   %[[IN:.*]]:2 = scf.for %[[J:.*]] = {{.*}} to %[[C0]] {{.*}} iter_args(%[[S:.*]] = %[[S0]], %[[K:.*]] = %[[K0]]) -> (bf16, i32) {
// CHECK:     %[[V:.*]] = memref.load %[[M]][%[[I]], %[[J]]]
// CHECK:     %[[EA:.*]] = arith.extf %[[S]] : bf16 to f32
// CHECK:     %[[EB:.*]] = arith.extf %[[V]] : bf16 to f32
// CHECK:     %[[SUM:.*]] = arith.addf %[[EA]], %[[EB]] : f32
// CHECK:     %[[T:.*]] = arith.truncf %[[SUM]] : f32 to bf16
// CHECK:     %[[KK:.*]] = arith.addi %[[K]], %{{.*}} : i32
// CHECK:     scf.yield %[[T]], %[[KK]] : bf16, i32
// CHECK:   scf.yield %[[IN]]#0, %[[IN]]#1 : bf16, i32
// CHECK: return %[[OUT]]#0, %[[OUT]]#1
func.func @nest(%m: memref<?x?xbf16>, %rows: index, %cols: index) -> (bf16, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : bf16
  %zi = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %cols) step (%c1, %c1) init (%z, %zi) -> (bf16, i32) {
    %v = memref.load %m[%i, %j] : memref<?x?xbf16>
    scf.reduce(%v, %one : bf16, i32) {
    ^bb0(%a: bf16, %b: bf16):
      %ea = arith.extf %a : bf16 to f32
      %eb = arith.extf %b : bf16 to f32
      %s = arith.addf %ea, %eb : f32
      %t = arith.truncf %s : f32 to bf16
      scf.reduce.return %t : bf16
    }, {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      scf.reduce.return %s : i32
    }
  }
  return %r#0, %r#1 : bf16, i32
}

// -----

// Left parallel: no reduction, and combiners upstream declares (one add or
// mul of the arguments in order, scalar or vector).
// CHECK-LABEL: func @kept
// CHECK-NOT: scf.for
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK: arith.mulf
// CHECK: scf.parallel
// CHECK: arith.addi
func.func @kept(%m: memref<?xf32>, %n: index, %v: vector<8xf32>, %k: i64) -> (vector<8xf32>, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %m[%i] : memref<?xf32>
    scf.reduce
  }
  %p = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%v) -> vector<8xf32> {
    scf.reduce(%v : vector<8xf32>) {
    ^bb0(%a: vector<8xf32>, %b: vector<8xf32>):
      %x = arith.mulf %a, %b : vector<8xf32>
      scf.reduce.return %x : vector<8xf32>
    }
  }
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%k) -> i64 {
    scf.reduce(%k : i64) {
    ^bb0(%a: i64, %b: i64):
      %x = arith.addi %a, %b : i64
      scf.reduce.return %x : i64
    }
  }
  return %p, %s : vector<8xf32>, i64
}

// -----

// Sequential too: the operands swapped, a min by compare and select (which
// upstream would declare: only a part of its set stays parallel), an index
// sum (upstream makes an llvm.mlir.constant of index type and stops).
// CHECK-LABEL: func @sequential
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: arith.subf
// CHECK: scf.for
// CHECK: arith.cmpf olt
// CHECK: arith.select
// CHECK: scf.for
// CHECK: arith.addi %{{.*}} : index
func.func @sequential(%n: index, %v: f32) -> (f32, f32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%v) -> f32 {
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %x = arith.subf %b, %a : f32
      scf.reduce.return %x : f32
    }
  }
  %a1 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%v) -> f32 {
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %lt = arith.cmpf olt, %a, %b : f32
      %x = arith.select %lt, %a, %b : f32
      scf.reduce.return %x : f32
    }
  }
  %s = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%c0) -> index {
    scf.reduce(%i : index) {
    ^bb0(%a: index, %b: index):
      %x = arith.addi %a, %b : index
      scf.reduce.return %x : index
    }
  }
  return %a0, %a1, %s : f32, f32, index
}

// -----

// Sequential as well: combiners upstream matches but cannot lower (found by
// the hostile review of 2026-12-05): an atomic or of i1 and an atomic add of
// f80 (LLVM's atomics take 8 to 64-bit integers and power-of-two sizes), a
// 2-D vector (upstream's neutral element is an LLVM constant, which has no
// n-D vectors).
// CHECK-LABEL: func @unlowerable
// CHECK-NOT: scf.parallel
// CHECK: scf.for {{.*}} -> (i1)
// CHECK: scf.for {{.*}} -> (f80)
// CHECK: scf.for {{.*}} -> (vector<2x4xf32>)
func.func @unlowerable(%n: index, %b: i1, %x: f80, %v: vector<2x4xf32>) -> (i1, f80, vector<2x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r0 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%b) -> i1 {
    scf.reduce(%b : i1) {
    ^bb0(%p: i1, %q: i1):
      %o = arith.ori %p, %q : i1
      scf.reduce.return %o : i1
    }
  }
  %r1 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%x) -> f80 {
    scf.reduce(%x : f80) {
    ^bb0(%p: f80, %q: f80):
      %o = arith.addf %p, %q : f80
      scf.reduce.return %o : f80
    }
  }
  %r2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%v) -> vector<2x4xf32> {
    scf.reduce(%v : vector<2x4xf32>) {
    ^bb0(%p: vector<2x4xf32>, %q: vector<2x4xf32>):
      %o = arith.addf %p, %q : vector<2x4xf32>
      scf.reduce.return %o : vector<2x4xf32>
    }
  }
  return %r0, %r1, %r2 : i1, f80, vector<2x4xf32>
}
