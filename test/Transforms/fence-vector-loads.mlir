// RUN: glu-opt %s -split-input-file -glu-fence-vector-loads | FileCheck %s
// Run twice, the same output: a fenced load gets no second fence.
// RUN: glu-opt %s -split-input-file -glu-fence-vector-loads -glu-fence-vector-loads | FileCheck %s

// A load of a vector of floats: its users read it through
// llvm.arithmetic.fence.
// CHECK-LABEL: llvm.func @floats
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr)
// CHECK: %[[L:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[F:.*]] = llvm.call_intrinsic "llvm.arithmetic.fence"(%[[L]]) : (vector<16xf32>) -> vector<16xf32>
// CHECK: %[[M:.*]] = llvm.fmul %[[F]], %[[F]] : vector<16xf32>
// CHECK: llvm.store %[[M]], %[[P]]
llvm.func @floats(%p: !llvm.ptr) {
  %v = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
  %m = llvm.fmul %v, %v : vector<16xf32>
  llvm.store %m, %p : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// An f16 vector load extended to f32: fenced after the extension (the
// extension's users read the fence; the load itself stays unfenced).
// CHECK-LABEL: llvm.func @halves
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[Q:.*]]: !llvm.ptr)
// CHECK: %[[L:.*]] = llvm.load %[[P]] : !llvm.ptr -> vector<16xf16>
// CHECK-NEXT: %[[E:.*]] = llvm.fpext %[[L]] : vector<16xf16> to vector<16xf32>
// CHECK-NEXT: %[[F:.*]] = llvm.call_intrinsic "llvm.arithmetic.fence"(%[[E]]) : (vector<16xf32>) -> vector<16xf32>
// CHECK-NEXT: %[[M:.*]] = llvm.fmul %[[F]], %[[F]] : vector<16xf32>
// CHECK-NEXT: llvm.store %[[M]], %[[Q]]
// CHECK-NEXT: llvm.return
llvm.func @halves(%p: !llvm.ptr, %q: !llvm.ptr) {
  %h = llvm.load %p : !llvm.ptr -> vector<16xf16>
  %e = llvm.fpext %h : vector<16xf16> to vector<16xf32>
  %m = llvm.fmul %e, %e : vector<16xf32>
  llvm.store %m, %q : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// Left alone: the extensions of a scalar f16 load, of a volatile one and of
// a value not loaded.
// CHECK-LABEL: llvm.func @other_extensions
// CHECK-NOT: llvm.call_intrinsic
// CHECK: llvm.return
llvm.func @other_extensions(%p: !llvm.ptr, %v: vector<16xf16>) {
  %s = llvm.load %p : !llvm.ptr -> f16
  %es = llvm.fpext %s : f16 to f32
  %w = llvm.load volatile %p : !llvm.ptr -> vector<16xf16>
  %ew = llvm.fpext %w : vector<16xf16> to vector<16xf32>
  %ev = llvm.fpext %v : vector<16xf16> to vector<16xf32>
  llvm.store %es, %p : f32, !llvm.ptr
  llvm.store %ew, %p : vector<16xf32>, !llvm.ptr
  llvm.store %ev, %p : vector<16xf32>, !llvm.ptr
  llvm.return
}

// -----

// Left alone: scalars, 16-bit floats and integers, volatile and atomic
// loads.
// CHECK-LABEL: llvm.func @others
// CHECK-NOT: llvm.call_intrinsic
// CHECK: llvm.return
llvm.func @others(%p: !llvm.ptr) {
  %s = llvm.load %p : !llvm.ptr -> f32
  %i = llvm.load %p : !llvm.ptr -> vector<16xi16>
  %b = llvm.load %p : !llvm.ptr -> vector<16xbf16>
  %h = llvm.load %p : !llvm.ptr -> vector<16xf16>
  %v = llvm.load volatile %p : !llvm.ptr -> vector<16xf32>
  %a = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store %s, %p : f32, !llvm.ptr
  llvm.store %i, %p : vector<16xi16>, !llvm.ptr
  llvm.store %b, %p : vector<16xbf16>, !llvm.ptr
  llvm.store %h, %p : vector<16xf16>, !llvm.ptr
  llvm.store %v, %p : vector<16xf32>, !llvm.ptr
  llvm.store %a, %p : f32, !llvm.ptr
  llvm.return
}

// -----

// f64 keeps its attributes; scalable vectors too; loads in any block and
// in a gpu.module's functions.
// CHECK-LABEL: llvm.func @f64
// CHECK: %[[L:.*]] = llvm.load %{{.*}} {alignment = 32 : i64, nontemporal} : !llvm.ptr -> vector<4xf64>
// CHECK-NEXT: %[[F:.*]] = llvm.call_intrinsic "llvm.arithmetic.fence"(%[[L]]) : (vector<4xf64>) -> vector<4xf64>
// CHECK-NEXT: llvm.return %[[F]]
llvm.func @f64(%p: !llvm.ptr) -> vector<4xf64> {
  %v = llvm.load %p {alignment = 32 : i64, nontemporal} : !llvm.ptr -> vector<4xf64>
  llvm.return %v : vector<4xf64>
}
// CHECK-LABEL: llvm.func @scalable
// CHECK: llvm.call_intrinsic "llvm.arithmetic.fence"(%{{.*}}) : (vector<[4]xf32>) -> vector<[4]xf32>
llvm.func @scalable(%p: !llvm.ptr) -> vector<[4]xf32> {
  %v = llvm.load %p : !llvm.ptr -> vector<[4]xf32>
  llvm.return %v : vector<[4]xf32>
}
// CHECK-LABEL: llvm.func @blocks
// CHECK: ^bb1:
// CHECK-NEXT: llvm.load
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"
// CHECK: ^bb2:
// CHECK-NEXT: llvm.load
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"
llvm.func @blocks(%p: !llvm.ptr, %c: i1) -> vector<4xf32> {
  llvm.cond_br %c, ^a, ^b
^a:
  %v = llvm.load %p : !llvm.ptr -> vector<4xf32>
  llvm.return %v : vector<4xf32>
^b:
  %w = llvm.load %p : !llvm.ptr -> vector<4xf32>
  llvm.return %w : vector<4xf32>
}
// CHECK-LABEL: gpu.module @kernels
// CHECK: llvm.call_intrinsic "llvm.arithmetic.fence"
gpu.module @kernels {
  llvm.func @k(%p: !llvm.ptr) -> vector<4xf32> {
    %v = llvm.load %p : !llvm.ptr -> vector<4xf32>
    llvm.return %v : vector<4xf32>
  }
}

// -----

// A load fenced for one user only: the other users get a fence, the fence
// already there stays on the load (not a fence of a fence).
// CHECK-LABEL: llvm.func @partly_fenced
// CHECK: %[[L:.*]] = llvm.load
// CHECK-NEXT: %[[NEW:.*]] = llvm.call_intrinsic "llvm.arithmetic.fence"(%[[L]])
// CHECK-NEXT: %[[OLD:.*]] = llvm.call_intrinsic "llvm.arithmetic.fence"(%[[L]])
// CHECK-NEXT: llvm.fadd %[[OLD]], %[[NEW]]
llvm.func @partly_fenced(%p: !llvm.ptr) -> vector<4xf32> {
  %v = llvm.load %p : !llvm.ptr -> vector<4xf32>
  %f = llvm.call_intrinsic "llvm.arithmetic.fence"(%v) : (vector<4xf32>) -> vector<4xf32>
  %s = llvm.fadd %f, %v : vector<4xf32>
  llvm.return %s : vector<4xf32>
}

// -----

// Left alone: a load nothing reads (a fence there would stay: the call is
// not dead code to canonicalize), vectors of integers and pointers.
// CHECK-LABEL: llvm.func @unfenced
// CHECK-NOT: llvm.call_intrinsic
// CHECK: llvm.return
llvm.func @unfenced(%p: !llvm.ptr) -> vector<4x!llvm.ptr> {
  %u = llvm.load %p : !llvm.ptr -> vector<4xf32>
  %i = llvm.load %p invariant : !llvm.ptr -> vector<4xi64>
  llvm.store %i, %p : vector<4xi64>, !llvm.ptr
  %q = llvm.load %p : !llvm.ptr -> vector<4x!llvm.ptr>
  llvm.return %q : vector<4x!llvm.ptr>
}

// -----

// Left alone: loads from a mutable global of the module (glu-tabulate's
// tables, written at load time: lookups, not streams), through
// getelementptrs and a memref descriptor's fields. A field set again after
// the global's address, or an aggregate inserted around it, is not
// followed: that load is fenced.
// CHECK-LABEL: llvm.func @lookups
// CHECK-NOT: llvm.call_intrinsic
// CHECK: llvm.return
llvm.mlir.global private @table() {addr_space = 0 : i32} : !llvm.array<131072 x f32>
llvm.func @lookups(%i: i64, %p: !llvm.ptr) {
  %t = llvm.mlir.addressof @table : !llvm.ptr
  %e = llvm.getelementptr %t[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<131072 x f32>
  %a = llvm.getelementptr %e[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %a {alignment = 4 : i64} : !llvm.ptr -> vector<2xf32>
  %u = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64)>
  %d0 = llvm.insertvalue %t, %u[0] : !llvm.struct<(ptr, ptr, i64)>
  %d1 = llvm.insertvalue %e, %d0[1] : !llvm.struct<(ptr, ptr, i64)>
  %d2 = llvm.insertvalue %i, %d1[2] : !llvm.struct<(ptr, ptr, i64)>
  %x = llvm.extractvalue %d2[1] : !llvm.struct<(ptr, ptr, i64)>
  %b = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %w = llvm.load %b {alignment = 4 : i64} : !llvm.ptr -> vector<2xf32>
  llvm.store %v, %p : vector<2xf32>, !llvm.ptr
  llvm.store %w, %p : vector<2xf32>, !llvm.ptr
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @not_lookups
// CHECK: %[[S:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<2xf32>
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"(%[[S]])
// CHECK: %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<2xf32>
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"(%[[A]])
// CHECK: %[[P:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<2xf32>
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"(%[[P]])
llvm.mlir.global private @table() {addr_space = 0 : i32} : !llvm.array<131072 x f32>
llvm.func @not_lookups(%p: !llvm.ptr, %q: !llvm.ptr) {
  %t = llvm.mlir.addressof @table : !llvm.ptr
  %u = llvm.mlir.undef : !llvm.struct<(ptr, ptr)>
  %d0 = llvm.insertvalue %t, %u[1] : !llvm.struct<(ptr, ptr)>
  // The field set again, to an argument.
  %d1 = llvm.insertvalue %p, %d0[1] : !llvm.struct<(ptr, ptr)>
  %x = llvm.extractvalue %d1[1] : !llvm.struct<(ptr, ptr)>
  %s = llvm.load %x : !llvm.ptr -> vector<2xf32>
  // An enclosing aggregate inserted: not followed.
  %n = llvm.mlir.undef : !llvm.struct<(struct<(ptr, ptr)>)>
  %n0 = llvm.insertvalue %d0, %n[0] : !llvm.struct<(struct<(ptr, ptr)>)>
  %y = llvm.extractvalue %n0[0, 1] : !llvm.struct<(struct<(ptr, ptr)>)>
  %a = llvm.load %y : !llvm.ptr -> vector<2xf32>
  // An argument: a stream.
  %pl = llvm.load %q : !llvm.ptr -> vector<2xf32>
  llvm.store %s, %q : vector<2xf32>, !llvm.ptr
  llvm.store %a, %q : vector<2xf32>, !llvm.ptr
  llvm.store %pl, %q : vector<2xf32>, !llvm.ptr
  llvm.return
}

// -----

// Fenced: a constant global (a program's constant operand, read as a
// stream), a function's address, and an address whose definitions form a
// cycle (unreachable blocks allow it: the walk ends there).
// CHECK-LABEL: llvm.func @streams_of_globals
// CHECK: %[[C:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"(%[[C]])
// CHECK: %[[F:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"(%[[F]])
// CHECK: ^bb2:
// CHECK: %[[G:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<2xf32>
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"(%[[G]])
// CHECK: ^bb4:
// CHECK: %[[E:.*]] = llvm.load %{{.*}} : !llvm.ptr -> vector<2xf32>
// CHECK-NEXT: llvm.call_intrinsic "llvm.arithmetic.fence"(%[[E]])
llvm.mlir.global private constant @weights(dense<1.0> : vector<4xf32>) {addr_space = 0 : i32} : vector<4xf32>
llvm.func @callee()
llvm.func @streams_of_globals(%q: !llvm.ptr) -> vector<4xf32> {
  %w = llvm.mlir.addressof @weights : !llvm.ptr
  %c = llvm.load %w : !llvm.ptr -> vector<4xf32>
  %f = llvm.mlir.addressof @callee : !llvm.ptr
  %l = llvm.load %f : !llvm.ptr -> vector<4xf32>
  %s = llvm.fadd %c, %l : vector<4xf32>
  llvm.return %s : vector<4xf32>
^bb1:
  %a = llvm.getelementptr %b[1] : (!llvm.ptr) -> !llvm.ptr, f32
  llvm.br ^bb2
^bb2:
  %b = llvm.getelementptr %a[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %g = llvm.load %b : !llvm.ptr -> vector<2xf32>
  llvm.store %g, %q : vector<2xf32>, !llvm.ptr
  llvm.br ^bb3
^bb3:
  %i1 = llvm.insertvalue %q, %i2[0] : !llvm.struct<(ptr, ptr)>
  llvm.br ^bb4
^bb4:
  %i2 = llvm.insertvalue %q, %i1[0] : !llvm.struct<(ptr, ptr)>
  %x = llvm.extractvalue %i2[1] : !llvm.struct<(ptr, ptr)>
  %e = llvm.load %x : !llvm.ptr -> vector<2xf32>
  llvm.store %e, %q : vector<2xf32>, !llvm.ptr
  llvm.return %s : vector<4xf32>
}
