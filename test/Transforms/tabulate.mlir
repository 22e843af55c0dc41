// RUN: glu-opt %s -split-input-file -glu-tabulate=max-tables=1 | FileCheck %s
// RUN: glu-opt %s -split-input-file -glu-tabulate | FileCheck %s --check-prefix=TWO
// RUN: glu-opt %s -split-input-file "-glu-tabulate=max-tables=1 max-module-tables=2" | FileCheck %s --check-prefix=CAP
// RUN: glu-opt %s -split-input-file "-glu-tabulate=prefetch-distance=0" | FileCheck %s --check-prefix=NOPF
// RUN: glu-opt %s -split-input-file "-glu-tabulate=words-first=1" | FileCheck %s --check-prefix=FIRST
// RUN: glu-opt %s -split-input-file "-glu-tabulate=words-first=0" | FileCheck %s --check-prefix=AFTER

// What the kernel reads from a cone of one bf16 value becomes a gather (on
// vectors) or a load (on scalars) from one table indexed by the raw bits;
// the scalar remainder's cone is the same cone and shares the table. The
// fill runs the cone itself over all 65536 patterns at load time.
// CHECK-LABEL: func @vector_and_scalar
// CHECK-SAME: (%[[A:.*]]: vector<8xbf16>, %[[G:.*]]: vector<8xf32>, %[[S:.*]]: bf16, %[[H:.*]]: f32)
// CHECK: %[[B:.*]] = arith.bitcast %[[A]] : vector<8xbf16> to vector<8xi16>
// CHECK: %[[I:.*]] = arith.extui %[[B]] : vector<8xi16> to vector<8xi32>
// CHECK: %[[T:.*]] = memref.get_global @[[TABLE:__glu_table]] : memref<65536xf32>
// CHECK: %[[ACT:.*]] = vector.gather %[[T]][%{{.*}}] [%[[I]]]
// CHECK-NOT: math.exp
// CHECK: arith.mulf %[[ACT]], %[[G]] : vector<8xf32>
// CHECK: %[[SB:.*]] = arith.bitcast %[[S]] : bf16 to i16
// CHECK: %[[SI:.*]] = arith.index_castui %[[SB]] : i16 to index
// CHECK: %[[ST:.*]] = memref.get_global @[[TABLE]] : memref<65536xf32>
// CHECK: %[[SACT:.*]] = memref.load %[[ST]][%[[SI]]]
// CHECK: arith.mulf %[[SACT]], %[[H]] : f32
// CHECK: memref.global "private" @[[TABLE]] : memref<65536xf32> = uninitialized
// CHECK-NOT: memref.global
// CHECK: llvm.func internal @[[FILL:__glu_fill_table]]()
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[X:.*]] = arith.extf %{{.*}} : vector<8xbf16> to vector<8xf32>
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[J]]] : memref<65536xf32>, vector<8xf32>
// CHECK: llvm.return
// CHECK: llvm.mlir.global_ctors ctors = [@[[FILL]]], priorities = [100 : i32], data = [#llvm.zero]
func.func @vector_and_scalar(%a: vector<8xbf16>, %g: vector<8xf32>, %s: bf16, %h: f32) -> (vector<8xf32>, f32) {
  %one = arith.constant dense<1.0> : vector<8xf32>
  %x = arith.extf %a : vector<8xbf16> to vector<8xf32>
  %e = math.exp %x : vector<8xf32>
  %d = arith.addf %e, %one : vector<8xf32>
  %act = arith.divf %x, %d : vector<8xf32>
  %y = arith.mulf %act, %g : vector<8xf32>
  %c1 = arith.constant 1.0 : f32
  %sx = arith.extf %s : bf16 to f32
  %se = math.exp %sx : f32
  %sd = arith.addf %se, %c1 : f32
  %sact = arith.divf %sx, %sd : f32
  %sy = arith.mulf %sact, %h : f32
  return %y, %sy : vector<8xf32>, f32
}

// -----

// Cones that differ (a constant, f16 against bf16) get tables of their own;
// beyond max-module-tables, cones stay computed.
// CAP-LABEL: func @distinct
// CAP-COUNT-2: memref.get_global
// CAP: math.exp
// CAP-NOT: memref.get_global
// CAP-COUNT-2: memref.global "private"
// CAP-NOT: memref.global
// CHECK-LABEL: func @distinct
// CHECK: memref.get_global @[[T1:__glu_table[_0-9]*]]
// CHECK: memref.get_global @[[T2:__glu_table[_0-9]*]]
// CHECK: memref.get_global @[[T3:__glu_table[_0-9]*]]
// CHECK-DAG: memref.global "private" @[[T1]]
// CHECK-DAG: memref.global "private" @[[T2]]
// CHECK-DAG: memref.global "private" @[[T3]]
// CHECK: llvm.mlir.global_ctors ctors = [@{{.*}}, @{{.*}}, @{{.*}}]
func.func @distinct(%a: bf16, %b: bf16, %c: f16) -> (f32, f32, f32) {
  %k1 = arith.constant 1.5 : f32
  %k2 = arith.constant 2.5 : f32
  %x = arith.extf %a : bf16 to f32
  %xk = arith.mulf %x, %k1 : f32
  %e = math.exp %xk : f32
  %y = arith.extf %b : bf16 to f32
  %yk = arith.mulf %y, %k2 : f32
  %f = math.exp %yk : f32
  %z = arith.extf %c : f16 to f32
  %zk = arith.mulf %z, %k1 : f32
  %g = math.exp %zk : f32
  %r1 = arith.addf %e, %e : f32
  return %r1, %f, %g : f32, f32, f32
}

// -----

// Left computed: a cheap cone (no math function, no division), an f32
// source, and (under max-tables=1) a cone the kernel reads two values of
// (by default, max-tables=2, as a glu backward reads act and act').
// CHECK-LABEL: func @untouched
// CHECK-NOT: memref.get_global
// CHECK-NOT: llvm.mlir.global_ctors
// TWO-LABEL: func @untouched
// TWO-COUNT-2: vector.gather
// TWO-NOT: vector.gather
func.func @untouched(%a: vector<8xbf16>, %f: vector<8xf32>, %b: vector<8xbf16>, %g: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %x = arith.extf %a : vector<8xbf16> to vector<8xf32>
  %p = arith.maximumf %x, %zero : vector<8xf32>
  %r = arith.mulf %p, %g : vector<8xf32>
  %ef = math.exp %f : vector<8xf32>
  %y = arith.extf %b : vector<8xbf16> to vector<8xf32>
  %ey = math.exp %y : vector<8xf32>
  %sy = math.sqrt %y : vector<8xf32>
  %u = arith.mulf %ey, %g : vector<8xf32>
  %v = arith.mulf %sy, %g : vector<8xf32>
  return %r, %ef, %u, %v : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// -----

// Constructors the module already has are kept, after the table fills.
// CHECK-LABEL: llvm.func @init
// CHECK: llvm.mlir.global_ctors ctors = [@__glu_fill_table, @init], priorities = [100 : i32, 65535 : i32], data = [#llvm.zero, #llvm.zero]
// CHECK-NOT: llvm.mlir.global_ctors
// CAP-LABEL: func @merged
llvm.mlir.global_ctors ctors = [@init], priorities = [65535 : i32], data = [#llvm.zero]
llvm.func @init() {
  llvm.return
}
func.func @merged(%a: f16) -> f32 {
  %x = arith.extf %a : f16 to f32
  %e = math.exp %x : f32
  return %e : f32
}

// -----

// A gate vector.load'ed just before: each lane's word is loaded again as a
// scalar and indexes a scalar load of the table (no gather). A store in
// between (the same memory may change) keeps the gather.
// CHECK-LABEL: func @loaded
// TWO-LABEL: func @loaded
// CHECK-SAME: (%[[M:.*]]: memref<?xbf16>, %[[I:.*]]: index, %[[G:.*]]: vector<2xf32>, %[[O:.*]]: memref<?xbf16>)
// CHECK: %[[I0:.*]] = arith.addi %[[I]], %c0
// CHECK: %[[W0:.*]] = memref.load %[[M]][%[[I0]]] : memref<?xbf16>
// CHECK: %[[B0:.*]] = arith.bitcast %[[W0]] : bf16 to i16
// CHECK: %[[X0:.*]] = arith.index_castui %[[B0]] : i16 to index
// CHECK: %[[I1:.*]] = arith.addi %[[I]], %c1
// CHECK: %[[W1:.*]] = memref.load %[[M]][%[[I1]]] : memref<?xbf16>
// CHECK: %[[B1:.*]] = arith.bitcast %[[W1]] : bf16 to i16
// CHECK: %[[X1:.*]] = arith.index_castui %[[B1]] : i16 to index
// CHECK: %[[T:.*]] = memref.get_global @[[TABLE:__glu_table]]
// CHECK: %[[E0:.*]] = memref.load %[[T]][%[[X0]]] : memref<65536xf32>
// CHECK: %[[E1:.*]] = memref.load %[[T]][%[[X1]]] : memref<65536xf32>
// CHECK: %[[ACT:.*]] = vector.from_elements %[[E0]], %[[E1]] : vector<2xf32>
// CHECK-NOT: vector.gather
// CHECK: arith.mulf %[[ACT]], %[[G]]
// CHECK: vector.store
// CHECK: vector.gather
// CHECK-LABEL: llvm.func internal
func.func @loaded(%m: memref<?xbf16>, %i: index, %g: vector<2xf32>, %o: memref<?xbf16>) -> (vector<2xf32>, vector<2xf32>) {
  %a = vector.load %m[%i] : memref<?xbf16>, vector<2xbf16>
  %x = arith.extf %a : vector<2xbf16> to vector<2xf32>
  %e = math.exp %x : vector<2xf32>
  %y = arith.mulf %e, %g : vector<2xf32>
  %b = vector.load %m[%i] : memref<?xbf16>, vector<2xbf16>
  vector.store %b, %o[%i] : memref<?xbf16>, vector<2xbf16>
  %z = arith.extf %b : vector<2xbf16> to vector<2xf32>
  %f = math.exp %z : vector<2xf32>
  %w = arith.mulf %f, %g : vector<2xf32>
  return %y, %w : vector<2xf32>, vector<2xf32>
}

// -----

// A gate that is one half of a vector.deinterleave of a vector.load (the
// interleaved packing): the words of the odd half are at 1 and 3 from the
// load's index, those of the even half at 0 and 2; no gather. A forward
// (one value per lane) on the host loads four words at once (the window is
// whole chunks of four) and shifts each lane's out; the chunk's load is no
// stream of its own to prefetch.
// CHECK-LABEL: func @deinterleaved
// CHECK-SAME: (%[[M:.*]]: memref<?xbf16>, %[[I:.*]]: index, %[[G:.*]]: vector<2xf32>)
// CHECK: %[[I0:.*]] = arith.addi %[[I]], %c0 : index
// CHECK: %[[C:.*]] = vector.load %[[M]][%[[I0]]] : memref<?xbf16>, vector<4xbf16>
// CHECK: %[[Q:.*]] = vector.bitcast %[[C]] : vector<4xbf16> to vector<1xi64>
// CHECK: %[[W:.*]] = vector.extract %[[Q]][0] : i64 from vector<1xi64>
// CHECK: %[[S1:.*]] = arith.shrui %[[W]], %c16_i64 : i64
// CHECK: arith.trunci %[[S1]] : i64 to i16
// CHECK: %[[S3:.*]] = arith.shrui %[[W]], %c48_i64 : i64
// CHECK: arith.trunci %[[S3]] : i64 to i16
// CHECK: memref.prefetch %[[M]]
// CHECK-NOT: memref.prefetch
// CHECK: %[[C2:.*]] = vector.load %[[M]]
// CHECK: %[[Q2:.*]] = vector.bitcast %[[C2]]
// CHECK: %[[W2:.*]] = vector.extract %[[Q2]][0]
// CHECK: arith.trunci %[[W2]] : i64 to i16
// CHECK: %[[S2:.*]] = arith.shrui %[[W2]], %c32_i64 : i64
// CHECK: arith.trunci %[[S2]] : i64 to i16
// CHECK: vector.from_elements
// CHECK: vector.from_elements
// CHECK-NOT: vector.gather
// CHECK-LABEL: llvm.func internal
// words-first (the default; =0: after it, the order above with the
// gate's vector.load first): the words' loads come before the gate's
// vector.load.
// FIRST-LABEL: func @deinterleaved
// FIRST-SAME: (%[[M:.*]]: memref<?xbf16>, %[[I:.*]]: index,
// FIRST: %[[C:.*]] = vector.load %[[M]][%{{.*}}] : memref<?xbf16>, vector<4xbf16>
// FIRST: vector.bitcast %[[C]]
// FIRST: %[[C2:.*]] = vector.load %[[M]][%{{.*}}] : memref<?xbf16>, vector<4xbf16>
// FIRST: vector.bitcast %[[C2]]
// FIRST: %[[B:.*]] = vector.load %[[M]][%[[I]]] : memref<?xbf16>, vector<4xbf16>
// FIRST-NEXT: vector.deinterleave %[[B]]
// FIRST: memref.get_global
// AFTER-LABEL: func @deinterleaved
// AFTER-SAME: (%[[M:.*]]: memref<?xbf16>, %[[I:.*]]: index,
// AFTER: %[[B:.*]] = vector.load %[[M]][%[[I]]] : memref<?xbf16>, vector<4xbf16>
// AFTER: %[[C:.*]] = vector.load %[[M]][%{{.*}}] : memref<?xbf16>, vector<4xbf16>
// AFTER: vector.bitcast %[[C]]
func.func @deinterleaved(%m: memref<?xbf16>, %i: index, %g: vector<2xf32>) -> (vector<2xf32>, vector<2xf32>) {
  %both = vector.load %m[%i] : memref<?xbf16>, vector<4xbf16>
  %even, %odd = vector.deinterleave %both : vector<4xbf16> -> vector<2xbf16>
  %x = arith.extf %odd : vector<2xbf16> to vector<2xf32>
  %e = math.exp %x : vector<2xf32>
  %y = arith.mulf %e, %g : vector<2xf32>
  %z = arith.extf %even : vector<2xbf16> to vector<2xf32>
  %f = math.exp %z : vector<2xf32>
  %w = arith.mulf %f, %g : vector<2xf32>
  return %y, %w : vector<2xf32>, vector<2xf32>
}

// -----

// Two values of one cone (a backward's act and act') share ONE table, side
// by side: a lane loads both with one 2-lane load, the lanes are
// concatenated and split into each value's lanes; the fill interleaves them
// the same way. The streams the body vector.loads are prefetched
// prefetch-distance bytes ahead (2048: 1024 bf16; 4 bytes of bf16: one line
// each, once per stream); not with prefetch-distance=0, nor where the lanes
// are gathered.
// CHECK-LABEL: func @pair
// CHECK-NOT: memref.get_global
// CHECK-NOT: memref.prefetch
// NOPF-LABEL: func @pair
// NOPF-NOT: memref.prefetch
// NOPF: vector.load %{{.*}} : memref<131072xf32>, vector<2xf32>
// NOPF-NOT: memref.prefetch
// NOPF-LABEL: llvm.func internal
// TWO-LABEL: func @pair
// TWO-SAME: (%[[M:.*]]: memref<?xbf16>, %[[I:.*]]: index, %[[G:.*]]: vector<2xf32>, %[[O:.*]]: memref<?xbf16>)
// TWO: %[[C1024:.*]] = arith.constant 1024 : index
// TWO: %[[AHEAD:.*]] = arith.addi %[[I]], %[[C1024]] : index
// TWO: memref.prefetch %[[M]][%[[AHEAD]]], read, locality<3>, data : memref<?xbf16>
// TWO-NOT: memref.prefetch
// TWO: vector.load %[[M]][%[[I]]] : memref<?xbf16>, vector<2xbf16>
// TWO: %[[X0:.*]] = arith.index_castui %{{.*}} : i16 to index
// TWO: %[[X1:.*]] = arith.index_castui %{{.*}} : i16 to index
// TWO: %[[T:.*]] = memref.get_global @[[TABLE:__glu_table]] : memref<131072xf32>
// TWO: %[[J0:.*]] = arith.muli %[[X0]], %[[C2:.*]] : index
// TWO: %[[E0:.*]] = vector.load %[[T]][%[[J0]]] : memref<131072xf32>, vector<2xf32>
// TWO: %[[J1:.*]] = arith.muli %[[X1]], %[[C2]] : index
// TWO: %[[E1:.*]] = vector.load %[[T]][%[[J1]]] : memref<131072xf32>, vector<2xf32>
// TWO: %[[ALL:.*]] = vector.shuffle %[[E0]], %[[E1]] [0, 1, 2, 3]
// TWO: %[[EXP:.*]] = vector.shuffle %[[ALL]], %[[ALL]] [0, 2]
// TWO: %[[SQRT:.*]] = vector.shuffle %[[ALL]], %[[ALL]] [1, 3]
// TWO-NOT: memref.get_global
// TWO-DAG: arith.mulf %[[EXP]], %[[G]]
// TWO-DAG: arith.mulf %[[SQRT]], %[[G]]
// TWO: vector.store
// TWO: vector.gather
// TWO: vector.gather
// TWO-NOT: memref.prefetch
// TWO: memref.global "private" @[[TABLE]] : memref<131072xf32> = uninitialized
// TWO-NOT: memref.global "private"
// TWO: llvm.func internal @__glu_fill_table
// TWO: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// TWO: %[[FE:.*]] = math.exp
// TWO: %[[FS:.*]] = math.sqrt
// TWO: %[[FA:.*]] = vector.shuffle %[[FE]], %[[FS]] [0, 1, 2, 3]
// TWO: %[[FI:.*]] = vector.shuffle %[[FA]], %[[FA]] [0, 2, 1, 3]
// TWO: %[[FK:.*]] = arith.muli %[[K]], %{{.*}} : index
// TWO: vector.store %[[FI]], %{{.*}}[%[[FK]]] : memref<131072xf32>, vector<4xf32>
func.func @pair(%m: memref<?xbf16>, %i: index, %g: vector<2xf32>, %o: memref<?xbf16>) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>) {
  %a = vector.load %m[%i] : memref<?xbf16>, vector<2xbf16>
  %x = arith.extf %a : vector<2xbf16> to vector<2xf32>
  %e = math.exp %x : vector<2xf32>
  %s = math.sqrt %x : vector<2xf32>
  %u = arith.mulf %e, %g : vector<2xf32>
  %v = arith.mulf %s, %g : vector<2xf32>
  %b = vector.load %m[%i] : memref<?xbf16>, vector<2xbf16>
  vector.store %b, %o[%i] : memref<?xbf16>, vector<2xbf16>
  %z = arith.extf %b : vector<2xbf16> to vector<2xf32>
  %f = math.exp %z : vector<2xf32>
  %r = math.sqrt %z : vector<2xf32>
  %w = arith.mulf %f, %g : vector<2xf32>
  %q = arith.mulf %r, %g : vector<2xf32>
  return %u, %v, %w, %q : vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>
}

// -----

// An f16 gate's cone read as one glu.round to f16 (two_round's rounded
// act): the table holds the rounding's 16 bits (i16 entries, half the
// bytes) and each lookup widens them (lane by lane, gathered, scalar); the
// fill stores truncf of the rounding's input, whose extf glu.round is. A
// bf16 gate's rounded act keeps f32 entries.
// CHECK-LABEL: func @rounded
// CHECK-SAME: (%{{.*}}: memref<?xf16>, %{{.*}}: index, %[[G:.*]]: vector<2xf32>, %{{.*}}: memref<?xf16>, %{{.*}}: f16, %[[H:.*]]: f32, %{{.*}}: bf16)
// CHECK: %[[T:.*]] = memref.get_global @[[TABLE:__glu_table]] : memref<65536xi16>
// CHECK: %[[E0:.*]] = memref.load %[[T]][%{{.*}}] : memref<65536xi16>
// CHECK: %[[E1:.*]] = memref.load %[[T]][%{{.*}}] : memref<65536xi16>
// CHECK: %[[V:.*]] = vector.from_elements %[[E0]], %[[E1]] : vector<2xi16>
// CHECK: %[[VH:.*]] = arith.bitcast %[[V]] : vector<2xi16> to vector<2xf16>
// CHECK: %[[ACT:.*]] = arith.extf %[[VH]] : vector<2xf16> to vector<2xf32>
// CHECK: arith.mulf %[[ACT]], %[[G]]
// CHECK: %[[GA:.*]] = vector.gather {{.*}} : memref<65536xi16>, vector<2xi32>, vector<2xi1>, vector<2xi16> into vector<2xi16>
// CHECK: %[[GH:.*]] = arith.bitcast %[[GA]] : vector<2xi16> to vector<2xf16>
// CHECK: %[[GACT:.*]] = arith.extf %[[GH]] : vector<2xf16> to vector<2xf32>
// CHECK: arith.mulf %[[GACT]], %[[G]]
// CHECK: %[[SE:.*]] = memref.load %{{.*}} : memref<65536xi16>
// CHECK: %[[SH:.*]] = arith.bitcast %[[SE]] : i16 to f16
// CHECK: %[[SACT:.*]] = arith.extf %[[SH]] : f16 to f32
// CHECK: arith.mulf %[[SACT]], %[[H]]
// CHECK: %[[BT:.*]] = memref.get_global @[[BTABLE:__glu_table_0]] : memref<65536xf32>
// CHECK: %[[BACT:.*]] = memref.load %[[BT]][%{{.*}}] : memref<65536xf32>
// CHECK: arith.mulf %[[BACT]], %[[H]]
// CHECK: memref.global "private" @[[TABLE]] : memref<65536xi16>
// CHECK: llvm.func internal @__glu_fill_table()
// CHECK: %[[FE:.*]] = math.exp %{{.*}} : vector<2xf32>
// CHECK: %[[FN:.*]] = arith.truncf %[[FE]] : vector<2xf32> to vector<2xf16>
// CHECK: %[[FB:.*]] = arith.bitcast %[[FN]] : vector<2xf16> to vector<2xi16>
// CHECK: vector.store %[[FB]], %{{.*}} : memref<65536xi16>, vector<2xi16>
// CHECK: memref.global "private" @[[BTABLE]] : memref<65536xf32>
// CHECK: %[[BR:.*]] = glu.round %{{.*}} to bf16 : f32
// CHECK: memref.store %[[BR]], %{{.*}} : memref<65536xf32>
func.func @rounded(%m: memref<?xf16>, %i: index, %g: vector<2xf32>, %o: memref<?xf16>, %s: f16, %h: f32, %bf: bf16) -> (vector<2xf32>, vector<2xf32>, f32, f32) {
  %a = vector.load %m[%i] : memref<?xf16>, vector<2xf16>
  %x = arith.extf %a : vector<2xf16> to vector<2xf32>
  %e = math.exp %x : vector<2xf32>
  %r = glu.round %e to f16 : vector<2xf32>
  %y = arith.mulf %r, %g : vector<2xf32>
  %b = vector.load %m[%i] : memref<?xf16>, vector<2xf16>
  vector.store %b, %o[%i] : memref<?xf16>, vector<2xf16>
  %z = arith.extf %b : vector<2xf16> to vector<2xf32>
  %f = math.exp %z : vector<2xf32>
  %rf = glu.round %f to f16 : vector<2xf32>
  %w = arith.mulf %rf, %g : vector<2xf32>
  %sx = arith.extf %s : f16 to f32
  %se = math.exp %sx : f32
  %sr = glu.round %se to f16 : f32
  %sy = arith.mulf %sr, %h : f32
  %bx = arith.extf %bf : bf16 to f32
  %be = math.exp %bx : f32
  %br = glu.round %be to bf16 : f32
  %by = arith.mulf %br, %h : f32
  return %y, %w, %sy, %by : vector<2xf32>, vector<2xf32>, f32, f32
}
