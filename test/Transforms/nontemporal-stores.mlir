// RUN: glu-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(glu-nontemporal-stores))' | FileCheck %s
// RUN: glu-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(glu-nontemporal-stores{min-bytes=0}))' | FileCheck %s --check-prefix=OFF
// RUN: glu-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(glu-nontemporal-stores{max-work=1}))' | FileCheck %s --check-prefix=WORK
// RUN: not glu-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(glu-nontemporal-stores{max-work=nan}))' 2>&1 | FileCheck %s --check-prefix=NAN
// RUN: not glu-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(glu-nontemporal-stores{max-work=-1}))' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: glu-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(glu-nontemporal-stores))' --verify-roundtrip > /dev/null
// NAN: error: glu-nontemporal-stores: max-work must be a number >= 0, got nan
// NEGATIVE: error: glu-nontemporal-stores: max-work must be a number >= 0, got -1

// A row's vector loop storing into a view of a dynamic memref: a streaming
// copy under the run-time test (the first store aligned to 64 bytes and
// each step keeping it, at least 2 KiB stored, the memref at least 32 MiB),
// ended by an sfence; the loop as it was in the else branch.
// CHECK-LABEL: func.func @row
// CHECK-SAME: (%[[X:[^:]*]]: memref<?x?xf32>, %[[Y:[^:]*]]: memref<?x?xf32>, %[[I:[^:]*]]: index, %[[N:[^:]*]]: index)
// CHECK: %[[ROW:.*]] = memref.subview %[[Y]][%[[I]], 0]
// CHECK: %[[FIRST:.*]] = memref.subview %[[ROW]][0, %{{.*}}] [1, 64]
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[FIRST]]
// CHECK: %[[AT:.*]] = arith.addi %[[P]], %{{.*}} : index
// CHECK: %[[SECOND:.*]] = memref.subview %[[ROW]][0, %{{.*}}] [1, 64]
// CHECK: %[[Q:.*]] = memref.extract_aligned_pointer_as_index %[[SECOND]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[Q]], %{{.*}} : index
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: arith.remui %[[AT]], %[[C64]] : index
// CHECK: %[[STEP:.*]] = arith.subi %[[NEXT]], %[[AT]] : index
// CHECK: arith.remui %[[STEP]], %{{.*}} : index
// Eight steps of 256 bytes at least: 2 KiB per sfence.
// CHECK: %[[SPAN:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[NEEDED:.*]] = arith.muli %{{.*}}, %[[C8]] : index
// CHECK: arith.cmpi sge, %[[SPAN]], %[[NEEDED]] : index
// CHECK: memref.dim %[[Y]]
// CHECK: memref.dim %[[Y]]
// CHECK: %[[MIN:.*]] = arith.constant 33554432 : index
// CHECK: %[[LARGE:.*]] = arith.cmpi uge, %{{.*}}, %[[MIN]] : index
// CHECK: %[[OK:.*]] = arith.andi %{{.*}}, %[[LARGE]] : i1
// CHECK: scf.if %[[OK]] {
// CHECK:   scf.for
// CHECK:     vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<64xf32, {{.*}}>, vector<64xf32>
// CHECK:   }
// CHECK:   llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     vector.store %{{.*}} : memref<64xf32, {{.*}}>, vector<64xf32>
// CHECK:   }
// CHECK: }
// OFF-LABEL: func.func @row
// OFF-NOT: nontemporal
// WORK-LABEL: func.func @row
// WORK: nontemporal = true
func.func @row(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %row = memref.subview %y[%i, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
  scf.for %j = %c0 to %n step %c64 {
    %a = vector.load %x[%i, %j] : memref<?x?xf32>, vector<64xf32>
    %b = arith.mulf %a, %a : vector<64xf32>
    %v = memref.subview %row[0, %j] [1, 64] [1, 1] : memref<1x?xf32, strided<[?, 1], offset: ?>> to memref<64xf32, strided<[1], offset: ?>>
    vector.store %b, %v[%c0] : memref<64xf32, strided<[1], offset: ?>>, vector<64xf32>
  }
  return
}

// -----

// Two stores per step, at the induction variable plus 16 (a 64-byte vector
// each): both tested, the memref counted once.
// CHECK-LABEL: func.func @two_stores
// CHECK-COUNT-2: memref.extract_aligned_pointer_as_index %[[Y:[^ ]*]]
// CHECK-COUNT-2: memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK: memref.dim
// CHECK: memref.dim
// CHECK-NOT: memref.dim
// CHECK: scf.if
// CHECK-COUNT-2: nontemporal = true
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"
func.func @two_stores(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  scf.for %j = %c0 to %n step %c32 {
    %a = vector.load %x[%i, %j] : memref<?x?xf32>, vector<16xf32>
    vector.store %a, %y[%i, %j] : memref<?x?xf32>, vector<16xf32>
    %k = arith.addi %j, %c16 : index
    vector.store %a, %y[%i, %k] : memref<?x?xf32>, vector<16xf32>
  }
  return
}

// -----

// 16-bit elements (a bf16 or f16 kernel's output): 32 of them are a 64-byte
// line, stored as one aligned streaming store.
// CHECK-LABEL: func.func @bf16
// CHECK: scf.if
// CHECK: vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<?xbf16>, vector<32xbf16>
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"
func.func @bf16(%x: memref<?xbf16>, %y: memref<?xbf16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  scf.for %j = %c0 to %n step %c32 {
    %a = vector.load %x[%j] : memref<?xbf16>, vector<32xbf16>
    vector.store %a, %y[%j] : memref<?xbf16>, vector<32xbf16>
  }
  return
}

// -----

// Left as they are: 8-bit elements (no glu kernel stores them), index
// elements, a body
// that computes more per stored lane than max-work, a static memref below
// min-bytes, an index not affine (or not linear) in the induction
// variable, a store into a global; a loop with a loop inside (its inner
// loop gets the copy).
// CHECK-LABEL: func.func @i8
// CHECK-NOT: scf.if
// CHECK-NOT: nontemporal
// CHECK-LABEL: func.func @index_elements
// CHECK-NOT: scf.if
// CHECK-LABEL: func.func @heavy
// CHECK: scf.if
// WORK-LABEL: func.func @heavy
// WORK-NOT: scf.if
// WORK-LABEL: func.func @small
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.if
// CHECK-LABEL: func.func @square
// CHECK-NOT: scf.if
// CHECK-LABEL: func.func @modulo
// CHECK-NOT: scf.if
// CHECK-LABEL: func.func @global
// CHECK-NOT: scf.if
// CHECK-LABEL: func.func @nest
// CHECK: scf.for
// CHECK: scf.if
// CHECK: scf.for
// CHECK: nontemporal = true
// CHECK: llvm.call_intrinsic
// CHECK: } else {
// CHECK-NOT: nontemporal
func.func @i8(%x: memref<?xi8>, %y: memref<?xi8>, %n: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  scf.for %j = %c0 to %n step %c64 {
    %a = vector.load %x[%j] : memref<?xi8>, vector<64xi8>
    vector.store %a, %y[%j] : memref<?xi8>, vector<64xi8>
  }
  return
}
// Index elements have no bit width to ask for (the pass crashed on them).
func.func @index_elements(%x: memref<?xindex>, %y: memref<?xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %j = %c0 to %n step %c16 {
    %a = vector.load %x[%j] : memref<?xindex>, vector<16xindex>
    vector.store %a, %y[%j] : memref<?xindex>, vector<16xindex>
  }
  return
}
func.func @heavy(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %j = %c0 to %n step %c16 {
    %a = vector.load %x[%j] : memref<?xf32>, vector<16xf32>
    %b = arith.mulf %a, %a : vector<16xf32>
    %c = arith.addf %b, %a : vector<16xf32>
    vector.store %c, %y[%j] : memref<?xf32>, vector<16xf32>
  }
  return
}
func.func @small(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  scf.for %j = %c0 to %c1024 step %c16 {
    %a = vector.load %x[%j] : memref<1024xf32>, vector<16xf32>
    vector.store %a, %y[%j] : memref<1024xf32>, vector<16xf32>
  }
  return
}
func.func @square(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %j = %c0 to %n step %c16 {
    %a = vector.load %x[%j] : memref<?xf32>, vector<16xf32>
    %k = arith.muli %j, %j : index
    vector.store %a, %y[%k] : memref<?xf32>, vector<16xf32>
  }
  return
}
// Two steps aligned do not make every step so: (j mod 60) at j = 64 is 4.
func.func @modulo(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %j = %c0 to %n step %c16 {
    %a = vector.load %x[%j] : memref<?xf32>, vector<16xf32>
    %k = affine.apply affine_map<(d0) -> (d0 mod 60)>(%j)
    vector.store %a, %y[%k] : memref<?xf32>, vector<16xf32>
  }
  return
}
memref.global "private" @out : memref<16777216xf32>
func.func @global(%x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %y = memref.get_global @out : memref<16777216xf32>
  scf.for %j = %c0 to %n step %c16 {
    %a = vector.load %x[%j] : memref<?xf32>, vector<16xf32>
    vector.store %a, %y[%j] : memref<16777216xf32>, vector<16xf32>
  }
  return
}
func.func @nest(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c16 {
      %a = vector.load %x[%i, %j] : memref<?x?xf32>, vector<16xf32>
      vector.store %a, %y[%i, %j] : memref<?x?xf32>, vector<16xf32>
    }
  }
  return
}

// -----

// A body glu-version-by-range copied: per step one branch runs, and the
// work counted is the lighter branch's (the fast copy ordinary inputs
// take), 2 lanes per lane stored here, not the other's 4 nor the 3 of
// both branches over both stores. With max-work=2.5 it streams (both
// branches' stores), with
// max-work=1 not.
// RUN: glu-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(glu-nontemporal-stores{max-work=2.5}))' | FileCheck %s --check-prefix=BRANCHES
// CHECK-LABEL: func.func @versioned
// CHECK: nontemporal = true
// BRANCHES-LABEL: func.func @versioned
// BRANCHES: scf.if
// BRANCHES-COUNT-2: nontemporal = true
// BRANCHES: llvm.call_intrinsic "llvm.x86.sse.sfence"
// BRANCHES: } else {
// WORK-LABEL: func.func @versioned
// WORK-NOT: nontemporal
func.func @versioned(%x: memref<?xf32>, %y: memref<?xf32>, %n: index, %fast: i1) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %j = %c0 to %n step %c16 {
    %a = vector.load %x[%j] : memref<?xf32>, vector<16xf32>
    scf.if %fast {
      %b = arith.mulf %a, %a : vector<16xf32>
      %c = arith.addf %b, %a : vector<16xf32>
      vector.store %c, %y[%j] : memref<?xf32>, vector<16xf32>
    } else {
      %b = arith.mulf %a, %a : vector<16xf32>
      %c = arith.addf %b, %a : vector<16xf32>
      %d = arith.mulf %c, %c : vector<16xf32>
      %e = arith.addf %d, %a : vector<16xf32>
      vector.store %e, %y[%j] : memref<?xf32>, vector<16xf32>
    }
  }
  return
}

// -----

// The same choice where the counts' cross products pass 2^63 (2^30-lane
// vectors): the lighter branch (nothing computed, 8 stores) counts, 1/8
// lane a lane stored, and the loop streams.
// BRANCHES-LABEL: func.func @huge
// WORK-LABEL: func.func @huge
// WORK: nontemporal = true
// BRANCHES: scf.if
// BRANCHES: } else {
// BRANCHES-COUNT-8: nontemporal = true
func.func @huge(%x: memref<?xf32>, %y: memref<?xf32>, %n: index, %fast: i1) {
  %c0 = arith.constant 0 : index
  %step = arith.constant 1073741824 : index
  scf.for %j = %c0 to %n step %step {
    %a = vector.load %x[%j] : memref<?xf32>, vector<1073741824xf32>
    %b = arith.mulf %a, %a : vector<1073741824xf32>
    scf.if %fast {
      %c = arith.mulf %b, %a : vector<1073741824xf32>
      %d = arith.mulf %c, %a : vector<1073741824xf32>
      %e = arith.mulf %d, %a : vector<1073741824xf32>
      %f = arith.mulf %e, %a : vector<1073741824xf32>
      %g = arith.mulf %f, %a : vector<1073741824xf32>
      %h = arith.mulf %g, %a : vector<1073741824xf32>
      %i = arith.mulf %h, %a : vector<1073741824xf32>
      %k = arith.mulf %i, %a : vector<1073741824xf32>
      vector.store %k, %y[%j] : memref<?xf32>, vector<1073741824xf32>
    } else {
      vector.store %b, %y[%j] : memref<?xf32>, vector<1073741824xf32>
      vector.store %b, %y[%j] : memref<?xf32>, vector<1073741824xf32>
      vector.store %b, %y[%j] : memref<?xf32>, vector<1073741824xf32>
      vector.store %b, %y[%j] : memref<?xf32>, vector<1073741824xf32>
      vector.store %b, %y[%j] : memref<?xf32>, vector<1073741824xf32>
      vector.store %b, %y[%j] : memref<?xf32>, vector<1073741824xf32>
      vector.store %b, %y[%j] : memref<?xf32>, vector<1073741824xf32>
      vector.store %b, %y[%j] : memref<?xf32>, vector<1073741824xf32>
    }
  }
  return
}

// -----

// An interleaved kernel's pairs, stored as one vector through a
// reinterpret_cast of the strided pair view at the view's own offset
// (memref.extract_strided_metadata): it moves as the view does, so the
// loop streams; the memref whose size is tested is the one the view is
// taken of (a reinterpret_cast of 128 elements alone was "statically
// small" and kept every interleaved kernel from streaming).
// CHECK-LABEL: func.func @pairs_cast
// CHECK-SAME: (%{{[^:]*}}: memref<?x?xbf16>, %[[Y:[^:]*]]: memref<?x?xbf16>
// CHECK: memref.dim %[[Y]]
// CHECK: memref.dim %[[Y]]
// CHECK: scf.if
// CHECK:   vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true} : memref<128xbf16, {{.*}}>, vector<128xbf16>
// CHECK:   llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// CHECK: } else {
// CHECK:   vector.store %{{.*}} : memref<128xbf16, {{.*}}>, vector<128xbf16>
func.func @pairs_cast(%x: memref<?x?xbf16>, %y: memref<?x?xbf16>, %i: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %row = memref.subview %y[%i, 0] [1, %n] [1, 2] : memref<?x?xbf16> to memref<1x?xbf16, strided<[?, 2], offset: ?>>
  scf.for %j = %c0 to %n step %c64 {
    %a = vector.load %x[%i, %j] : memref<?x?xbf16>, vector<128xbf16>
    %v = memref.subview %row[0, %j] [1, 64] [1, 1] : memref<1x?xbf16, strided<[?, 2], offset: ?>> to memref<1x64xbf16, strided<[?, 2], offset: ?>>
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %v : memref<1x64xbf16, strided<[?, 2], offset: ?>> -> memref<bf16>, index, index, index, index, index
    %w = memref.reinterpret_cast %v to offset: [%offset], sizes: [128], strides: [1] : memref<1x64xbf16, strided<[?, 2], offset: ?>> to memref<128xbf16, strided<[1], offset: ?>>
    vector.store %a, %w[%c0] : memref<128xbf16, strided<[1], offset: ?>>, vector<128xbf16>
  }
  return
}
