// RUN: glu-opt %s -split-input-file -glu-prefetch-streams | FileCheck %s
// RUN: glu-opt %s -split-input-file -glu-prefetch-streams=distance=256 | FileCheck %s --check-prefix=D256
// RUN: glu-opt %s -split-input-file -glu-prefetch-streams=distance=0 | FileCheck %s --check-prefix=NONE
// RUN: glu-opt %s -split-input-file -glu-prefetch-streams --verify-roundtrip
// The pipeline prefetches a vectorized body's streams unless told not to
// (without glu-nontemporal-stores' copy of the body, which has them too).
// RUN: glu-opt %s -split-input-file "--glu-to-llvm=nontemporal-min-bytes=0" | FileCheck %s --check-prefix=PIPELINE
// RUN: glu-opt %s -split-input-file "--glu-to-llvm=prefetch-distance=0" | FileCheck %s --check-prefix=PIPELINE-NONE
// NONE-LABEL: func @two_streams
// NONE-NOT: memref.prefetch
// NONE: return
// PIPELINE-NONE-LABEL: llvm.func @two_streams
// PIPELINE-NONE-NOT: llvm.intr.prefetch
// PIPELINE-NONE: llvm.return

// Two streams of f32 read 16 lanes at a time (64 bytes, one line each):
// one prefetch per stream, 2048 bytes = 512 elements ahead; the stored
// stream is not read, the loaded value the same.
// CHECK-LABEL: func @two_streams
// CHECK: scf.for
// CHECK: scf.for %[[J:[a-z0-9_]+]] =
// CHECK: %[[A:.*]] = arith.addi %[[J]], %c512
// CHECK: memref.prefetch %arg0[%{{.*}}, %[[A]]], read, locality<3>, data
// CHECK: %[[X:.*]] = vector.load %arg0[%{{.*}}, %[[J]]]
// CHECK: %[[B:.*]] = arith.addi %[[J]], %c512
// CHECK: memref.prefetch %arg1[%{{.*}}, %[[B]]], read, locality<3>, data
// CHECK: %[[G:.*]] = vector.load %arg1[%{{.*}}, %[[J]]]
// CHECK-NOT: memref.prefetch
// CHECK: vector.store
// D256-LABEL: func @two_streams
// D256: arith.addi %{{.*}}, %c64
// D256: memref.prefetch %arg0
// PIPELINE-LABEL: llvm.func @two_streams
// PIPELINE-COUNT-2: llvm.intr.prefetch
// PIPELINE-NOT: llvm.intr.prefetch
// PIPELINE: llvm.return
func.func @two_streams(%x: memref<?x?xf32>, %g: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c16 {
      %a = vector.load %x[%i, %j] : memref<?x?xf32>, vector<16xf32>
      %b = vector.load %g[%i, %j] : memref<?x?xf32>, vector<16xf32>
      %p = arith.mulf %a, %b : vector<16xf32>
      vector.store %p, %y[%i, %j] : memref<?x?xf32>, vector<16xf32>
    }
  }
  return
}

// -----

// A load spanning two lines (32 x f32 = 128 bytes) gets a prefetch per
// line; a second load of the same place adds none; a 16-bit stream counts
// its elements in its own width (2048 bytes = 1024 bf16).
// CHECK-LABEL: func @lines_and_widths
// CHECK: %[[A0:.*]] = arith.addi %[[J:.*]], %c512
// CHECK: memref.prefetch %arg0[%{{.*}}, %[[A0]]]
// CHECK: %[[A1:.*]] = arith.addi %[[J]], %c528
// CHECK: memref.prefetch %arg0[%{{.*}}, %[[A1]]]
// CHECK: vector.load %arg0
// CHECK-NOT: memref.prefetch %arg0
// CHECK: %[[H:.*]] = arith.addi %[[J]], %c1024
// CHECK: memref.prefetch %arg1[%{{.*}}, %[[H]]]
// CHECK-NOT: memref.prefetch
func.func @lines_and_widths(%x: memref<?x?xf32>, %h: memref<?x?xbf16>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %cols step %c32 {
      %a = vector.load %x[%i, %j] : memref<?x?xf32>, vector<32xf32>
      %again = vector.load %x[%i, %j] : memref<?x?xf32>, vector<32xf32>
      %w = vector.load %h[%i, %j] : memref<?x?xbf16>, vector<32xbf16>
      %e = arith.extf %w : vector<32xbf16> to vector<32xf32>
      %s = arith.addf %a, %again : vector<32xf32>
      %p = arith.mulf %s, %e : vector<32xf32>
      vector.store %p, %y[%i, %j] : memref<?x?xf32>, vector<32xf32>
    }
  }
  return
}

// -----

// Not streams: a load outside any loop, a global's (a table), a 2-D
// vector's, a sub-byte element type's; a body that already
// prefetches (glu-tabulate's) is left alone.
// CHECK-LABEL: func @not_streams
// CHECK-NOT: memref.prefetch
// CHECK: scf.yield
// CHECK: memref.prefetch
// CHECK-NOT: memref.prefetch
// CHECK: return
memref.global "private" @table : memref<65536xf32> = uninitialized
func.func @not_streams(%x: memref<?xf32>, %m: memref<?x16xf32>, %b: memref<?xi1>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %first = vector.load %x[%c0] : memref<?xf32>, vector<16xf32>
  %t = memref.get_global @table : memref<65536xf32>
  %r = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %first) -> vector<16xf32> {
    %a = vector.load %t[%j] : memref<65536xf32>, vector<16xf32>
    %d = vector.load %m[%j, %c0] : memref<?x16xf32>, vector<2x16xf32>
    %k = vector.load %b[%j] : memref<?xi1>, vector<16xi1>
    %e = vector.extract %d[0] : vector<16xf32> from vector<2x16xf32>
    %u = arith.addf %a, %acc : vector<16xf32>
    %v = arith.addf %u, %e : vector<16xf32>
    %w = arith.select %k, %v, %acc : vector<16xi1>, vector<16xf32>
    scf.yield %w : vector<16xf32>
  }
  scf.for %j = %c0 to %n step %c16 {
    %p = arith.addi %j, %c16 : index
    memref.prefetch %x[%p], read, locality<3>, data : memref<?xf32>
    %a = vector.load %x[%j] : memref<?xf32>, vector<16xf32>
    vector.store %a, %x[%j] : memref<?xf32>, vector<16xf32>
  }
  return %r : vector<16xf32>
}

// -----

// Elements stored in more bytes than their bits say (i24 in 4) are not
// prefetched; a long vector's lines are capped at 64 (4 KiB): the rest
// follow in the next iterations' prefetches (a vector<64M x i8> made a
// million prefetch ops).
// CHECK-LABEL: func @odd_widths_and_long_vectors
// CHECK: scf.for
// CHECK-COUNT-64: memref.prefetch %{{.*}} : memref<?xi8>
// CHECK-NOT: memref.prefetch
// CHECK: vector.load %{{.*}} : memref<?xi8>, vector<65536xi8>
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @odd_widths_and_long_vectors(%w: memref<?xi24>, %b: memref<?xi8>, %o: memref<?xi8>, %o24: memref<?xi24>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %n = memref.dim %w, %c0 : memref<?xi24>
  scf.for %j = %c0 to %n step %c16 {
    %a = vector.load %w[%j] : memref<?xi24>, vector<16xi24>
    vector.store %a, %o24[%j] : memref<?xi24>, vector<16xi24>
    %l = vector.load %b[%j] : memref<?xi8>, vector<65536xi8>
    vector.store %l, %o[%j] : memref<?xi8>, vector<65536xi8>
  }
  return
}
