// RUN: glu-opt %s -split-input-file -glu-version-by-range=vector-bits=512 | FileCheck %s
// (Invalid options: version-by-range-options.mlir.)
// RUN: glu-opt %s -split-input-file -glu-version-by-range="avx512=true min-folds=1 vector-bits=512" | FileCheck %s --check-prefix=AVX512
// RUN: glu-opt %s -split-input-file -glu-version-by-range="min-folds=1 vector-bits=256" | FileCheck %s --check-prefix=PLAIN
// RUN: glu-opt %s -split-input-file -glu-version-by-range=vector-bits=32 | FileCheck %s --check-prefix=TILE
// RUN: glu-opt %s -split-input-file -glu-version-by-range="vector-bits=512 pair-min-folds=0" | FileCheck %s --check-prefix=ONE
// RUN: glu-opt %s -split-input-file -glu-version-by-range="vector-bits=512 pair-min-folds=4294967295" | FileCheck %s --check-prefix=ONE
// RUN: glu-opt %s -split-input-file -glu-version-by-range="vector-bits=512 copies=1" | FileCheck %s --check-prefix=COPY1
// RUN: glu-opt %s -split-input-file -glu-version-by-range="vector-bits=512 copies=0" | FileCheck %s --check-prefix=COPY0

// exp's guards (lowered: a subnormal-range compare and two clamps) on a
// loaded vector: the body is copied for |x| <= 87.5, exactly the widest
// bound under which the compares (olt -87.5) and the clamps (max -87.8,
// min 88.8) are decided; the copy has them as constants and operands.
// The test compares the bits without the sign with 87.5's (0x42AF0000):
// NaN's are above every bound's.
// CHECK-LABEL: func @exp_guards
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.load
// CHECK: %[[I:.*]] = arith.bitcast %[[X]] : vector<16xf32> to vector<16xi32>
// CHECK: %[[M:.*]] = arith.constant dense<2147483647> : vector<16xi32>
// CHECK: %[[A:.*]] = arith.andi %[[I]], %[[M]]
// CHECK: %[[B:.*]] = arith.constant dense<1118765056> : vector<16xi32>
// CHECK: %[[IN:.*]] = arith.cmpi ule, %[[A]], %[[B]]
// CHECK: %[[ALL:.*]] = vector.reduction <and>, %[[IN]]
// CHECK: scf.if %[[ALL]] {
// CHECK:   %[[F:.*]] = arith.constant dense<false> : vector<16xi1>
// CHECK:   %[[S:.*]] = arith.select %[[F]], %{{.*}}, %[[X]]
// CHECK:   math.fma %[[S]]
// CHECK:   vector.store
// CHECK: } else {
// CHECK:   arith.cmpf olt, %[[X]]
// CHECK:   arith.maximumf
// CHECK:   arith.minimumf
// CHECK:   vector.store
func.func @exp_guards(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %low = arith.constant dense<-87.5> : vector<16xf32>
  %shift = arith.constant dense<32.0> : vector<16xf32>
  %lo = arith.constant dense<-87.8> : vector<16xf32>
  %hi = arith.constant dense<88.8> : vector<16xf32>
  %k = arith.constant dense<1.44269502> : vector<16xf32>
  scf.for %i = %c0 to %n step %c16 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<16xf32>
    %isLow = arith.cmpf olt, %x, %low : vector<16xf32>
    %up = arith.addf %x, %shift : vector<16xf32>
    %a = arith.select %isLow, %up, %x : vector<16xi1>, vector<16xf32>
    %c1 = arith.maximumf %a, %lo : vector<16xf32>
    %c2 = arith.minimumf %c1, %hi : vector<16xf32>
    %y = math.fma %c2, %k, %k : vector<16xf32>
    vector.store %y, %m[%i] : memref<?xf32>, vector<16xf32>
  }
  return
}

// -----

// Undecided unless the lanes are NaN-free: unordered compares and the
// canonical-NaN check (uno) of a product of the seed with a constant; a
// compare of a value the seed does not bound (the other load) stays.
// min/max bounds are the widest f32 that keeps every fold: lanes in
// [-FLT_MAX, FLT_MAX] decide uno, ugt -inf and ult +inf.
// CHECK-LABEL: func @nan_free
// CHECK: arith.constant dense<2139095039> : vector<8xi32>
// CHECK: scf.if
// CHECK-NOT: arith.cmpf uno
// CHECK-NOT: arith.cmpf ugt
// CHECK-NOT: arith.cmpf ult
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: } else {
// CHECK: arith.cmpf uno
func.func @nan_free(%m: memref<?xf32>, %g: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %ninf = arith.constant dense<0xFF800000> : vector<8xf32>
  %pinf = arith.constant dense<0x7F800000> : vector<8xf32>
  %half = arith.constant dense<0.5> : vector<8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %nan = arith.constant dense<0x7FC00000> : vector<8xf32>
  scf.for %i = %c0 to %n step %c8 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
    %y = vector.load %g[%i] : memref<?xf32>, vector<8xf32>
    %p = arith.mulf %x, %half : vector<8xf32>
    %isNaN = arith.cmpf uno, %p, %p : vector<8xf32>
    %gt = arith.cmpf ugt, %x, %ninf : vector<8xf32>
    %lt = arith.cmpf ult, %x, %pinf : vector<8xf32>
    %both = arith.andi %gt, %lt : vector<8xi1>
    %neg = arith.cmpf olt, %y, %zero : vector<8xf32>
    %q = arith.select %isNaN, %nan, %p : vector<8xi1>, vector<8xf32>
    %r = arith.select %both, %q, %zero : vector<8xi1>, vector<8xf32>
    %s = arith.select %neg, %zero, %r : vector<8xi1>, vector<8xf32>
    vector.store %s, %m[%i] : memref<?xf32>, vector<8xf32>
  }
  return
}

// -----

// A 16-bit kernel's f32 lanes are widened from its loads: the widened
// vector is a seed too. swiglu_oai's up clamp (to [-7, 7]) and the NaN
// routing of its gradient (docs/semantics.md) are decided for |u| <= 7
// (7.0 is 0x40E00000); the widening stays before the test. A widening to
// f64 is no seed.
// CHECK-LABEL: func @widened_seed
// CHECK: %[[H:.*]] = vector.load
// CHECK: %[[U:.*]] = arith.extf %[[H]] : vector<16xbf16> to vector<16xf32>
// CHECK: arith.constant dense<1088421888> : vector<16xi32>
// CHECK: scf.if
// CHECK-NOT: arith.cmpf
// CHECK: vector.store
// CHECK: } else {
// CHECK-COUNT-4: arith.cmpf
// CHECK: vector.store
// CHECK: }
// CHECK-NOT: scf.if
// CHECK: return
func.func @widened_seed(%m: memref<?xbf16>, %d: memref<?xf32>, %w: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %lo = arith.constant dense<-7.0> : vector<16xf32>
  %hi = arith.constant dense<7.0> : vector<16xf32>
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %lo64 = arith.constant dense<-7.0> : vector<16xf64>
  scf.for %i = %c0 to %n step %c16 {
    %h = vector.load %m[%i] : memref<?xbf16>, vector<16xbf16>
    %u = arith.extf %h : vector<16xbf16> to vector<16xf32>
    %dy = vector.load %d[%i] : memref<?xf32>, vector<16xf32>
    %c = arith.maximumf %u, %lo : vector<16xf32>
    %below = arith.cmpf olt, %u, %lo : vector<16xf32>
    %nan = arith.cmpf uno, %u, %u : vector<16xf32>
    %pass = arith.select %nan, %u, %dy : vector<16xi1>, vector<16xf32>
    %g = arith.select %below, %zero, %pass : vector<16xi1>, vector<16xf32>
    %above = arith.cmpf ogt, %c, %hi : vector<16xf32>
    %cnan = arith.cmpf uno, %c, %c : vector<16xf32>
    %cpass = arith.select %cnan, %c, %g : vector<16xi1>, vector<16xf32>
    %r = arith.select %above, %zero, %cpass : vector<16xi1>, vector<16xf32>
    vector.store %r, %d[%i] : memref<?xf32>, vector<16xf32>
  }
  scf.for %i = %c0 to %n step %c16 {
    %h = vector.load %m[%i] : memref<?xbf16>, vector<16xbf16>
    %u = arith.extf %h : vector<16xbf16> to vector<16xf64>
    %below = arith.cmpf olt, %u, %lo64 : vector<16xf64>
    %nan = arith.cmpf uno, %u, %u : vector<16xf64>
    %either = arith.ori %below, %nan : vector<16xi1>
    %x = arith.select %either, %lo64, %u : vector<16xi1>, vector<16xf64>
    vector.store %x, %w[%i] : memref<?xf64>, vector<16xf64>
  }
  return
}

// -----

// A single compare is not worth a test (min-folds=3): no copy. With
// min-folds=1 the test below would pay off.
// CHECK-LABEL: func @too_few
// CHECK-NOT: scf.if
// CHECK-NOT: vector.reduction
func.func @too_few(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %low = arith.constant dense<-87.5> : vector<8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  scf.for %i = %c0 to %n step %c8 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
    %isLow = arith.cmpf olt, %x, %low : vector<8xf32>
    %a = arith.select %isLow, %zero, %x : vector<8xi1>, vector<8xf32>
    vector.store %a, %m[%i] : memref<?xf32>, vector<8xf32>
  }
  return
}

// -----

// Signed zeros: max(x, 0) for x in [0, B] is not x (max(-0, 0) = +0), so
// it is not forwarded; max(x, -1) for x >= 0 is. Ranges through abs, neg,
// div and floor decide the rest, up to |v| <= 1999998 (floor(v / 2) < 1e6).
// CHECK-LABEL: func @zeros
// CHECK: arith.constant dense<1240736752> : vector<8xi32>
// CHECK: scf.if
// CHECK: %[[X:.*]] = math.absf %{{.*}} : vector<8xf32>
// CHECK: arith.maximumf %[[X]], %{{.*}} : vector<8xf32>
// CHECK-NOT: arith.maximumf
// CHECK-NOT: arith.cmpf
// CHECK: } else {
func.func @zeros(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %m1 = arith.constant dense<-1.0> : vector<8xf32>
  %two = arith.constant dense<2.0> : vector<8xf32>
  %big = arith.constant dense<1.0e6> : vector<8xf32>
  scf.for %i = %c0 to %n step %c8 {
    %v = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
    %x = math.absf %v : vector<8xf32>
    %a = arith.maximumf %x, %zero : vector<8xf32>
    %b = arith.maximumf %x, %m1 : vector<8xf32>
    %d = arith.divf %b, %two : vector<8xf32>
    %f = math.floor %d : vector<8xf32>
    %nf = arith.negf %f : vector<8xf32>
    %c = arith.cmpf ogt, %nf, %two : vector<8xf32>
    %e = arith.cmpf olt, %f, %big : vector<8xf32>
    %s = arith.select %c, %a, %b : vector<8xi1>, vector<8xf32>
    %t = arith.select %e, %s, %a : vector<8xi1>, vector<8xf32>
    vector.store %t, %m[%i] : memref<?xf32>, vector<8xf32>
  }
  return
}

// -----

// avx512: in the fast copy, a product by 2^n built from exponent bits
// (upstream exp's) whose n is a floor the range keeps in [-126, 127] (here
// [-126, 126] for |x| <= 87.5) is vscalefps, 16 lanes at a time, the
// pieces concatenated; the slow copy keeps its product. Not without the
// option (PLAIN).
// AVX512-LABEL: func @scalef
// AVX512: scf.if
// AVX512: %[[K:.*]] = math.floor
// AVX512: %[[K0:.*]] = vector.extract_strided_slice %[[K]] {offsets = [0], sizes = [16], strides = [1]}
// AVX512: %[[S0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%{{.*}}, %[[K0]], %{{.*}}, %{{.*}}, %{{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>, i16, i32) -> vector<16xf32>
// AVX512: %[[K1:.*]] = vector.extract_strided_slice %[[K]] {offsets = [16], sizes = [16], strides = [1]}
// AVX512: %[[S1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"(%{{.*}}, %[[K1]],
// AVX512: %[[Y:.*]] = vector.shuffle %[[S0]], %[[S1]] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]
// AVX512: vector.store %[[Y]]
// AVX512: } else {
// AVX512-NOT: llvm.call_intrinsic
// AVX512: arith.mulf
// AVX512-LABEL: func @wide_exponent
// AVX512-NOT: llvm.call_intrinsic
// AVX512-LABEL: func @not_floor
// AVX512-NOT: llvm.call_intrinsic
// AVX512-LABEL: func @eight_lanes
// AVX512-NOT: llvm.call_intrinsic
// Without avx512 (PLAIN, AVX2's 256-bit registers) the products stay.
// The test folds the four 8-lane pieces of the magnitudes by maxui before
// its one compare.
// PLAIN-LABEL: func @scalef
// PLAIN-NOT: llvm.call_intrinsic
// PLAIN: %[[A:.*]] = arith.andi
// PLAIN: %[[P0:.*]] = vector.extract_strided_slice %[[A]] {offsets = [0], sizes = [8], strides = [1]}
// PLAIN: %[[P1:.*]] = vector.extract_strided_slice %[[A]] {offsets = [8], sizes = [8], strides = [1]}
// PLAIN: %[[P2:.*]] = vector.extract_strided_slice %[[A]] {offsets = [16], sizes = [8], strides = [1]}
// PLAIN: %[[P3:.*]] = vector.extract_strided_slice %[[A]] {offsets = [24], sizes = [8], strides = [1]}
// PLAIN: %[[M01:.*]] = arith.maxui %[[P0]], %[[P1]] : vector<8xi32>
// PLAIN: %[[M23:.*]] = arith.maxui %[[P2]], %[[P3]] : vector<8xi32>
// PLAIN: %[[M:.*]] = arith.maxui %[[M01]], %[[M23]] : vector<8xi32>
// PLAIN: %[[IN:.*]] = arith.cmpi ule, %[[M]], %{{.*}} : vector<8xi32>
// PLAIN: %[[ALL:.*]] = vector.reduction <and>, %[[IN]] : vector<8xi1> into i1
// PLAIN: scf.if %[[ALL]] {
// PLAIN-NOT: llvm.call_intrinsic
// PLAIN: arith.fptosi
// PLAIN: } else {
func.func @scalef(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %lo = arith.constant dense<-87.5> : vector<32xf32>
  %log2e = arith.constant dense<1.44269502> : vector<32xf32>
  %half = arith.constant dense<0.5> : vector<32xf32>
  %bias = arith.constant dense<127> : vector<32xi32>
  %shift = arith.constant dense<23> : vector<32xi32>
  scf.for %i = %c0 to %n step %c32 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<32xf32>
    %low = arith.cmpf olt, %x, %lo : vector<32xf32>
    %c = arith.select %low, %lo, %x : vector<32xi1>, vector<32xf32>
    %t = math.fma %c, %log2e, %half : vector<32xf32>
    %k = math.floor %t : vector<32xf32>
    %ki = arith.fptosi %k : vector<32xf32> to vector<32xi32>
    %b = arith.addi %ki, %bias : vector<32xi32>
    %s = arith.shli %b, %shift : vector<32xi32>
    %p = arith.bitcast %s : vector<32xi32> to vector<32xf32>
    %y = arith.mulf %c, %p : vector<32xf32>
    vector.store %y, %m[%i] : memref<?xf32>, vector<32xf32>
  }
  return
}

// -----

// n in [-253, 253]: 2^n is no normal number everywhere; the product stays.
func.func @wide_exponent(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %lo = arith.constant dense<-87.5> : vector<32xf32>
  %scale = arith.constant dense<2.885> : vector<32xf32>
  %half = arith.constant dense<0.5> : vector<32xf32>
  %bias = arith.constant dense<127> : vector<32xi32>
  %shift = arith.constant dense<23> : vector<32xi32>
  scf.for %i = %c0 to %n step %c32 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<32xf32>
    %low = arith.cmpf olt, %x, %lo : vector<32xf32>
    %c = arith.select %low, %lo, %x : vector<32xi1>, vector<32xf32>
    %t = math.fma %c, %scale, %half : vector<32xf32>
    %k = math.floor %t : vector<32xf32>
    %ki = arith.fptosi %k : vector<32xf32> to vector<32xi32>
    %b = arith.addi %ki, %bias : vector<32xi32>
    %s = arith.shli %b, %shift : vector<32xi32>
    %p = arith.bitcast %s : vector<32xi32> to vector<32xf32>
    %y = arith.mulf %c, %p : vector<32xf32>
    vector.store %y, %m[%i] : memref<?xf32>, vector<32xf32>
  }
  return
}

// -----

// n not a floor: fptosi truncates where vscalefps floors; the product stays.
func.func @not_floor(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %lo = arith.constant dense<-87.5> : vector<32xf32>
  %log2e = arith.constant dense<1.44269502> : vector<32xf32>
  %half = arith.constant dense<0.5> : vector<32xf32>
  %bias = arith.constant dense<127> : vector<32xi32>
  %shift = arith.constant dense<23> : vector<32xi32>
  scf.for %i = %c0 to %n step %c32 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<32xf32>
    %low = arith.cmpf olt, %x, %lo : vector<32xf32>
    %c = arith.select %low, %lo, %x : vector<32xi1>, vector<32xf32>
    %t = math.fma %c, %log2e, %half : vector<32xf32>
    %ki = arith.fptosi %t : vector<32xf32> to vector<32xi32>
    %b = arith.addi %ki, %bias : vector<32xi32>
    %s = arith.shli %b, %shift : vector<32xi32>
    %p = arith.bitcast %s : vector<32xi32> to vector<32xf32>
    %y = arith.mulf %c, %p : vector<32xf32>
    vector.store %y, %m[%i] : memref<?xf32>, vector<32xf32>
  }
  return
}

// -----

// 8 lanes: no whole 512-bit register; the product stays.
func.func @eight_lanes(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %lo = arith.constant dense<-87.5> : vector<8xf32>
  %log2e = arith.constant dense<1.44269502> : vector<8xf32>
  %half = arith.constant dense<0.5> : vector<8xf32>
  %bias = arith.constant dense<127> : vector<8xi32>
  %shift = arith.constant dense<23> : vector<8xi32>
  scf.for %i = %c0 to %n step %c8 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
    %low = arith.cmpf olt, %x, %lo : vector<8xf32>
    %c = arith.select %low, %lo, %x : vector<8xi1>, vector<8xf32>
    %t = math.fma %c, %log2e, %half : vector<8xf32>
    %k = math.floor %t : vector<8xf32>
    %ki = arith.fptosi %k : vector<8xf32> to vector<8xi32>
    %b = arith.addi %ki, %bias : vector<8xi32>
    %s = arith.shli %b, %shift : vector<8xi32>
    %p = arith.bitcast %s : vector<8xi32> to vector<8xf32>
    %y = arith.mulf %c, %p : vector<8xf32>
    vector.store %y, %m[%i] : memref<?xf32>, vector<8xf32>
  }
  return
}

// -----

// 48 lanes: three 16-lane pieces, all three concatenated (the third was
// dropped and 32 lanes stored before the pieces were joined by
// concatVectors).
// AVX512-LABEL: func @scalef48
// AVX512: %[[S0:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// AVX512: %[[S1:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// AVX512: %[[S2:.*]] = llvm.call_intrinsic "llvm.x86.avx512.mask.scalef.ps.512"
// AVX512: %[[S01:.*]] = vector.shuffle %[[S0]], %[[S1]] {{.*}} : vector<16xf32>, vector<16xf32>
// AVX512: %[[Y:.*]] = vector.shuffle %[[S01]], %[[S2]] {{.*}} : vector<32xf32>, vector<16xf32>
// AVX512: vector.store %[[Y]], %{{.*}} : memref<?xf32>, vector<48xf32>
// AVX512: } else {
func.func @scalef48(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 48 : index
  %lo = arith.constant dense<-87.5> : vector<48xf32>
  %log2e = arith.constant dense<1.44269502> : vector<48xf32>
  %half = arith.constant dense<0.5> : vector<48xf32>
  %bias = arith.constant dense<127> : vector<48xi32>
  %shift = arith.constant dense<23> : vector<48xi32>
  scf.for %i = %c0 to %n step %c32 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<48xf32>
    %low = arith.cmpf olt, %x, %lo : vector<48xf32>
    %c = arith.select %low, %lo, %x : vector<48xi1>, vector<48xf32>
    %t = math.fma %c, %log2e, %half : vector<48xf32>
    %k = math.floor %t : vector<48xf32>
    %ki = arith.fptosi %k : vector<48xf32> to vector<48xi32>
    %b = arith.addi %ki, %bias : vector<48xi32>
    %s = arith.shli %b, %shift : vector<48xi32>
    %p = arith.bitcast %s : vector<48xi32> to vector<48xf32>
    %y = arith.mulf %c, %p : vector<48xf32>
    vector.store %y, %m[%i] : memref<?xf32>, vector<48xf32>
  }
  return
}

// -----

// A definition's NaN test of a clamped value, y == clamp(y): the clamp is
// forwarded in the fast copy (|x| <= 25, y in [-50, 50] there), so it is
// y == y, true for the NaN-free y: the select goes, the slow copy keeps
// both. Undecided before (two ranges that are no one value), and with
// two folds only, no copy.
// CHECK-LABEL: func @self_compare
// CHECK: scf.if
// CHECK: %[[T:.*]] = arith.constant dense<true> : vector<8xi1>
// CHECK: arith.select %[[T]]
// CHECK: } else {
// CHECK: arith.cmpf oeq
func.func @self_compare(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %lo = arith.constant dense<-50.0> : vector<8xf32>
  %hi = arith.constant dense<50.0> : vector<8xf32>
  %two = arith.constant dense<2.0> : vector<8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  scf.for %i = %c0 to %n step %c8 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
    %y = arith.mulf %x, %two : vector<8xf32>
    %a = arith.maximumf %y, %lo : vector<8xf32>
    %c = arith.minimumf %a, %hi : vector<8xf32>
    %eq = arith.cmpf oeq, %y, %c : vector<8xf32>
    %s = arith.select %eq, %c, %zero : vector<8xi1>, vector<8xf32>
    vector.store %s, %m[%i] : memref<?xf32>, vector<8xf32>
  }
  return
}

// -----

// A GPU kernel's tile (glu-gpu-map-elementwise): the vector is loaded
// under the loop's alignment test and computed lane by lane; each lane has
// the vector's range. With one-lane registers (a GPU thread's) the test
// folds the lanes' magnitudes as scalars: three maxui, one compare.
// CHECK-LABEL: func @tile_lanes
// CHECK: scf.if %{{.*}} {
// CHECK:   vector.load
// CHECK:   vector.reduction <and>
// CHECK:   scf.if
// CHECK: } else {
// CHECK:   memref.load
// TILE-LABEL: func @tile_lanes
// TILE: scf.if %{{.*}} {
// TILE:   %[[X:.*]] = vector.load
// TILE:   %[[B:.*]] = arith.bitcast %[[X]] : vector<4xf32> to vector<4xi32>
// TILE:   %[[A:.*]] = arith.andi %[[B]]
// TILE:   %[[L0:.*]] = vector.extract %[[A]][0] : i32 from vector<4xi32>
// TILE:   %[[L1:.*]] = vector.extract %[[A]][1]
// TILE:   %[[L2:.*]] = vector.extract %[[A]][2]
// TILE:   %[[L3:.*]] = vector.extract %[[A]][3]
// TILE:   %[[M0:.*]] = arith.maxui %[[L0]], %[[L1]] : i32
// TILE:   %[[M1:.*]] = arith.maxui %[[L2]], %[[L3]] : i32
// TILE:   %[[M:.*]] = arith.maxui %[[M0]], %[[M1]] : i32
// TILE:   %[[IN:.*]] = arith.cmpi ule, %[[M]], %{{.*}} : i32
// TILE-NEXT: scf.if %[[IN]] {
// TILE:     %[[F:.*]] = arith.constant false
// TILE:     arith.select %[[F]]
// TILE:   } else {
// TILE:     arith.cmpf olt
// TILE:     arith.cmpf olt
func.func @tile_lanes(%m: memref<?xf32>, %n: index, %aligned: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %low = arith.constant -87.5 : f32
  %shift = arith.constant 32.0 : f32
  %lo = arith.constant -87.8 : f32
  %hi = arith.constant 88.8 : f32
  scf.for %i = %c0 to %n step %c4 {
    scf.if %aligned {
      %v = vector.load %m[%i] : memref<?xf32>, vector<4xf32>
      %x0 = vector.extract %v[0] : f32 from vector<4xf32>
      %x1 = vector.extract %v[1] : f32 from vector<4xf32>
      %l0 = arith.cmpf olt, %x0, %low : f32
      %u0 = arith.addf %x0, %shift : f32
      %a0 = arith.select %l0, %u0, %x0 : f32
      %b0 = arith.maximumf %a0, %lo : f32
      %l1 = arith.cmpf olt, %x1, %low : f32
      %u1 = arith.addf %x1, %shift : f32
      %a1 = arith.select %l1, %u1, %x1 : f32
      %b1 = arith.minimumf %a1, %hi : f32
      %w = vector.from_elements %b0, %b1, %b0, %b1 : vector<4xf32>
      vector.store %w, %m[%i] : memref<?xf32>, vector<4xf32>
    } else {
      %s = memref.load %m[%i] : memref<?xf32>
      %l = arith.cmpf olt, %s, %low : f32
      %z = arith.select %l, %shift, %s : f32
      memref.store %z, %m[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// A loop body that is versioned itself: the scf.if it holds moves into
// the slow branch (its copy into the fast one) and is not versioned
// again, so there is one range test, not two.
// CHECK-LABEL: func @outer_first
// CHECK-COUNT-1: vector.reduction
// CHECK-NOT: vector.reduction
func.func @outer_first(%m: memref<?xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %low = arith.constant dense<-87.5> : vector<8xf32>
  %lo = arith.constant dense<-87.8> : vector<8xf32>
  %hi = arith.constant dense<88.8> : vector<8xf32>
  scf.for %i = %c0 to %n step %c8 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
    %l = arith.cmpf olt, %x, %low : vector<8xf32>
    %a = arith.select %l, %lo, %x : vector<8xi1>, vector<8xf32>
    %b = arith.maximumf %a, %lo : vector<8xf32>
    %d = arith.minimumf %b, %hi : vector<8xf32>
    vector.store %d, %m[%i] : memref<?xf32>, vector<8xf32>
    scf.if %c {
      %y = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
      %ly = arith.cmpf olt, %y, %low : vector<8xf32>
      %ay = arith.select %ly, %lo, %y : vector<8xi1>, vector<8xf32>
      %by = arith.maximumf %ay, %lo : vector<8xf32>
      %dy = arith.minimumf %by, %hi : vector<8xf32>
      vector.store %dy, %m[%i] : memref<?xf32>, vector<8xf32>
    }
  }
  return
}

// -----

// A block that yields values (an scf.if with results): the copies yield
// them too, each its own (the fast copy's clamps forwarded), and the block
// yields the copies' results.
// CHECK-LABEL: func @yielding_block
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (vector<8xf32>) {
// CHECK:   %[[X:.*]] = vector.load
// CHECK:   %[[IN:.*]] = scf.if %{{.*}} -> (vector<8xf32>) {
// CHECK:     %[[F:.*]] = arith.select %{{.*}}, %{{.*}}, %[[X]]
// CHECK-NOT: arith.minimumf
// CHECK:     scf.yield %[[F]] : vector<8xf32>
// CHECK:   } else {
// CHECK:     arith.cmpf olt, %[[X]]
// CHECK:     %[[S:.*]] = arith.minimumf
// CHECK:     scf.yield %[[S]] : vector<8xf32>
// CHECK:   }
// CHECK:   scf.yield %[[IN]] : vector<8xf32>
// CHECK: } else {
// CHECK: vector.store %[[R]]
func.func @yielding_block(%m: memref<?xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %low = arith.constant dense<-87.5> : vector<8xf32>
  %lo = arith.constant dense<-87.8> : vector<8xf32>
  %hi = arith.constant dense<88.8> : vector<8xf32>
  %z = arith.constant dense<0.0> : vector<8xf32>
  scf.for %i = %c0 to %n step %c8 {
    %r = scf.if %c -> vector<8xf32> {
      %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
      %l = arith.cmpf olt, %x, %low : vector<8xf32>
      %a = arith.select %l, %lo, %x : vector<8xi1>, vector<8xf32>
      %b = arith.maximumf %a, %lo : vector<8xf32>
      %d = arith.minimumf %b, %hi : vector<8xf32>
      scf.yield %d : vector<8xf32>
    } else {
      scf.yield %z : vector<8xf32>
    }
    vector.store %r, %m[%i] : memref<?xf32>, vector<8xf32>
  }
  return
}

// -----

// A loop around a versioned loop is left, though it loads and compares
// too: its copy would copy the inner copies (a nest of n such loops grew
// as 2^n). One range test, the inner loop's.
// CHECK-LABEL: func @nest
// CHECK: scf.for
// CHECK: arith.cmpf olt
// CHECK: scf.for
// CHECK: vector.reduction
// CHECK-NOT: vector.reduction
func.func @nest(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %low = arith.constant dense<-87.5> : vector<8xf32>
  %lo = arith.constant dense<-87.8> : vector<8xf32>
  %hi = arith.constant dense<88.8> : vector<8xf32>
  scf.for %i = %c0 to %n step %c8 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
    %l = arith.cmpf olt, %x, %low : vector<8xf32>
    %a = arith.select %l, %lo, %x : vector<8xi1>, vector<8xf32>
    %b = arith.maximumf %a, %lo : vector<8xf32>
    %d = arith.minimumf %b, %hi : vector<8xf32>
    vector.store %d, %m[%i] : memref<?xf32>, vector<8xf32>
    scf.for %j = %c0 to %n step %c8 {
      %y = vector.load %m[%j] : memref<?xf32>, vector<8xf32>
      %ly = arith.cmpf olt, %y, %low : vector<8xf32>
      %ay = arith.select %ly, %lo, %y : vector<8xi1>, vector<8xf32>
      %by = arith.maximumf %ay, %lo : vector<8xf32>
      %dy = arith.minimumf %by, %hi : vector<8xf32>
      vector.store %dy, %m[%j] : memref<?xf32>, vector<8xf32>
    }
  }
  return
}

// -----

// Two loaded vectors, neither deciding min-folds compares alone: a
// gradient's product dy * up, its overflow test (|p| >= 2^63) and its NaN
// test, are decided when both lie in [-B, B]: one bound for both, the
// widest with B * B (rounded outward) below 2^63 (3.037e9). The test is one
// reduction per vector and their conjunction, after the later of the two.
// The NaN test of dy, computed before that (between the two), stays for
// the slow branch and is false in the copy only.
// CHECK-LABEL: func @pair
// CHECK: %[[DY:.*]] = arith.extf
// CHECK: %[[C:.*]] = arith.cmpf uno, %[[DY]], %[[DY]]
// CHECK: %[[UP:.*]] = arith.extf
// CHECK: arith.constant dense<[[B:[0-9]+]]> : vector<16xi32>
// CHECK: %[[R1:.*]] = vector.reduction <and>
// CHECK: arith.constant dense<[[B]]> : vector<16xi32>
// CHECK: %[[R2:.*]] = vector.reduction <and>
// CHECK: %[[BOTH:.*]] = arith.andi %[[R1]], %[[R2]] : i1
// CHECK: scf.if %[[BOTH]] {
// CHECK-NOT: arith.cmpf
// CHECK-NOT: %[[C]]
// CHECK: vector.store
// CHECK: } else {
// CHECK: arith.cmpf uge
// CHECK: arith.cmpf uno
// CHECK: arith.select %[[C]]
// CHECK: vector.store
// ONE-LABEL: func @pair
// ONE-NOT: scf.if
// ONE: return
func.func @pair(%d: memref<?xbf16>, %u: memref<?xbf16>, %o: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %limit = arith.constant dense<0x5F000000> : vector<16xf32>
  %down = arith.constant dense<0x1F800000> : vector<16xf32>
  %one = arith.constant dense<1.0> : vector<16xf32>
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.for %i = %c0 to %n step %c16 {
    %dh = vector.load %d[%i] : memref<?xbf16>, vector<16xbf16>
    %dy = arith.extf %dh : vector<16xbf16> to vector<16xf32>
    %c = arith.cmpf uno, %dy, %dy : vector<16xf32>
    %uh = vector.load %u[%i] : memref<?xbf16>, vector<16xbf16>
    %up = arith.extf %uh : vector<16xbf16> to vector<16xf32>
    %p = arith.mulf %dy, %up : vector<16xf32>
    %a = math.absf %p : vector<16xf32>
    %big = arith.cmpf uge, %a, %limit : vector<16xf32>
    %nan = arith.cmpf uno, %p, %p : vector<16xf32>
    %s = arith.select %big, %down, %one : vector<16xi1>, vector<16xf32>
    %q = arith.mulf %p, %s : vector<16xf32>
    %r = arith.select %nan, %dy, %q : vector<16xi1>, vector<16xf32>
    %t = arith.select %c, %zero, %r : vector<16xi1>, vector<16xf32>
    vector.store %t, %o[%i] : memref<?xf32>, vector<16xf32>
  }
  return
}

// -----

// A first vector deciding enough alone (up, clamped to [-7, 7]: bound 7),
// then a second (dy) at the widest bound that, with the first at 7, still
// decides the product's tests: 7 * B, rounded outward, below 2^63
// (1.318e18).
// CHECK-LABEL: func @pair_after_first
// CHECK: arith.constant dense<1088421888> : vector<16xi32>
// CHECK: vector.reduction <and>
// CHECK: arith.constant dense<[[B:[0-9]+]]> : vector<16xi32>
// CHECK: vector.reduction <and>
// CHECK: arith.andi
// CHECK: scf.if
// CHECK-NOT: arith.cmpf
// CHECK: } else {
// ONE-LABEL: func @pair_after_first
// ONE: arith.constant dense<1088421888> : vector<16xi32>
// ONE: vector.reduction <and>
// ONE-NOT: vector.reduction
// ONE: scf.if
func.func @pair_after_first(%d: memref<?xf32>, %u: memref<?xbf16>, %o: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %limit = arith.constant dense<0x5F000000> : vector<16xf32>
  %down = arith.constant dense<0x1F800000> : vector<16xf32>
  %one = arith.constant dense<1.0> : vector<16xf32>
  %lo = arith.constant dense<-7.0> : vector<16xf32>
  %hi = arith.constant dense<7.0> : vector<16xf32>
  scf.for %i = %c0 to %n step %c16 {
    %dy = vector.load %d[%i] : memref<?xf32>, vector<16xf32>
    %uh = vector.load %u[%i] : memref<?xbf16>, vector<16xbf16>
    %up = arith.extf %uh : vector<16xbf16> to vector<16xf32>
    %m = arith.maximumf %up, %lo : vector<16xf32>
    %c = arith.minimumf %m, %hi : vector<16xf32>
    %below = arith.cmpf olt, %up, %lo : vector<16xf32>
    %above = arith.cmpf ogt, %m, %hi : vector<16xf32>
    %unord = arith.cmpf uno, %up, %up : vector<16xf32>
    %p = arith.mulf %dy, %c : vector<16xf32>
    %a = math.absf %p : vector<16xf32>
    %big = arith.cmpf uge, %a, %limit : vector<16xf32>
    %nan = arith.cmpf uno, %p, %p : vector<16xf32>
    %s = arith.select %big, %down, %one : vector<16xi1>, vector<16xf32>
    %q = arith.mulf %p, %s : vector<16xf32>
    %r = arith.select %nan, %dy, %q : vector<16xi1>, vector<16xf32>
    %t = arith.select %below, %dy, %r : vector<16xi1>, vector<16xf32>
    %v = arith.select %above, %dy, %t : vector<16xi1>, vector<16xf32>
    %w = arith.select %unord, %up, %v : vector<16xi1>, vector<16xf32>
    vector.store %w, %o[%i] : memref<?xf32>, vector<16xf32>
  }
  return
}

// -----

// With no vector deciding enough alone, a pair is looked for among the
// first 8 candidates only (each pair's analysis walks the body: 400 seeds
// took 32 s): the product of the 8th and 9th is left as it is.
// CHECK-LABEL: func @many_seeds
// CHECK-NOT: scf.if
// CHECK: return
func.func @many_seeds(%m0: memref<?xbf16>, %m1: memref<?xbf16>, %m2: memref<?xbf16>, %m3: memref<?xbf16>, %m4: memref<?xbf16>, %m5: memref<?xbf16>, %m6: memref<?xbf16>, %m7: memref<?xbf16>, %m8: memref<?xbf16>, %o: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %limit = arith.constant dense<0x5F000000> : vector<16xf32>
  %zero = arith.constant dense<0.0> : vector<16xf32>
  scf.for %i = %c0 to %n step %c16 {
    %h0 = vector.load %m0[%i] : memref<?xbf16>, vector<16xbf16>
    %s0 = arith.extf %h0 : vector<16xbf16> to vector<16xf32>
    %h1 = vector.load %m1[%i] : memref<?xbf16>, vector<16xbf16>
    %s1 = arith.extf %h1 : vector<16xbf16> to vector<16xf32>
    %h2 = vector.load %m2[%i] : memref<?xbf16>, vector<16xbf16>
    %s2 = arith.extf %h2 : vector<16xbf16> to vector<16xf32>
    %h3 = vector.load %m3[%i] : memref<?xbf16>, vector<16xbf16>
    %s3 = arith.extf %h3 : vector<16xbf16> to vector<16xf32>
    %h4 = vector.load %m4[%i] : memref<?xbf16>, vector<16xbf16>
    %s4 = arith.extf %h4 : vector<16xbf16> to vector<16xf32>
    %h5 = vector.load %m5[%i] : memref<?xbf16>, vector<16xbf16>
    %s5 = arith.extf %h5 : vector<16xbf16> to vector<16xf32>
    %h6 = vector.load %m6[%i] : memref<?xbf16>, vector<16xbf16>
    %s6 = arith.extf %h6 : vector<16xbf16> to vector<16xf32>
    %h7 = vector.load %m7[%i] : memref<?xbf16>, vector<16xbf16>
    %s7 = arith.extf %h7 : vector<16xbf16> to vector<16xf32>
    %h8 = vector.load %m8[%i] : memref<?xbf16>, vector<16xbf16>
    %s8 = arith.extf %h8 : vector<16xbf16> to vector<16xf32>
    %p = arith.mulf %s7, %s8 : vector<16xf32>
    %a = math.absf %p : vector<16xf32>
    %big = arith.cmpf uge, %a, %limit : vector<16xf32>
    %nan = arith.cmpf uno, %p, %p : vector<16xf32>
    %q = arith.select %big, %zero, %p : vector<16xi1>, vector<16xf32>
    %r = arith.select %nan, %zero, %q : vector<16xi1>, vector<16xf32>
    vector.store %r, %o[%i] : memref<?xf32>, vector<16xf32>
  }
  return
}

// -----

// A second copy for the lanes the first refuses: up beyond the clamp's
// limit fails the first test (up within 7, dy within 1.318e18), which
// folds the clamp too; the slow branch is versioned again, its bounds at
// least twice the first's smallest (14). There the clamp's compares stay,
// but with both within 1.318e18 (the clamped up is within 7 in any case)
// up's NaN test and the product's overflow and NaN tests fold. The second
// test is computed in the first's slow branch only.
// CHECK-LABEL: func @copies
// CHECK: %[[DY:.*]] = vector.load
// CHECK: %[[UP:.*]] = arith.extf
// CHECK: arith.constant dense<1088421888> : vector<16xi32>
// CHECK: arith.constant dense<1569868059> : vector<16xi32>
// CHECK: scf.if
// CHECK-NOT: arith.cmpf
// CHECK: } else {
// CHECK: arith.bitcast %[[DY]]
// CHECK: arith.constant dense<1569868059> : vector<16xi32>
// CHECK: arith.bitcast %[[UP]]
// CHECK: arith.constant dense<1569868059> : vector<16xi32>
// CHECK: %[[BOTH:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK: scf.if %[[BOTH]] {
// CHECK: arith.cmpf olt, %[[UP]]
// CHECK: arith.cmpf ogt
// CHECK-NOT: arith.cmpf
// CHECK: vector.store
// CHECK: } else {
// CHECK: arith.cmpf olt, %[[UP]]
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf uno, %[[UP]], %[[UP]]
// CHECK: arith.cmpf uge
// CHECK: arith.cmpf uno
// CHECK: vector.store
// CHECK: }
// CHECK: }
// CHECK: }
// CHECK: return
// COPY1-LABEL: func @copies
// COPY1: scf.if
// COPY1: } else {
// COPY1-NOT: scf.if
// COPY1: return
// COPY0-LABEL: func @copies
// COPY0-NOT: scf.if
// COPY0: return
func.func @copies(%d: memref<?xf32>, %u: memref<?xbf16>, %o: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %limit = arith.constant dense<0x5F000000> : vector<16xf32>
  %down = arith.constant dense<0x1F800000> : vector<16xf32>
  %one = arith.constant dense<1.0> : vector<16xf32>
  %lo = arith.constant dense<-7.0> : vector<16xf32>
  %hi = arith.constant dense<7.0> : vector<16xf32>
  scf.for %i = %c0 to %n step %c16 {
    %dy = vector.load %d[%i] : memref<?xf32>, vector<16xf32>
    %uh = vector.load %u[%i] : memref<?xbf16>, vector<16xbf16>
    %up = arith.extf %uh : vector<16xbf16> to vector<16xf32>
    %m = arith.maximumf %up, %lo : vector<16xf32>
    %c = arith.minimumf %m, %hi : vector<16xf32>
    %below = arith.cmpf olt, %up, %lo : vector<16xf32>
    %above = arith.cmpf ogt, %m, %hi : vector<16xf32>
    %unord = arith.cmpf uno, %up, %up : vector<16xf32>
    %p = arith.mulf %dy, %c : vector<16xf32>
    %a = math.absf %p : vector<16xf32>
    %big = arith.cmpf uge, %a, %limit : vector<16xf32>
    %nan = arith.cmpf uno, %p, %p : vector<16xf32>
    %s = arith.select %big, %down, %one : vector<16xi1>, vector<16xf32>
    %q = arith.mulf %p, %s : vector<16xf32>
    %r = arith.select %nan, %dy, %q : vector<16xi1>, vector<16xf32>
    %t = arith.select %below, %dy, %r : vector<16xi1>, vector<16xf32>
    %v = arith.select %above, %dy, %t : vector<16xi1>, vector<16xf32>
    %w = arith.select %unord, %up, %v : vector<16xi1>, vector<16xf32>
    vector.store %w, %o[%i] : memref<?xf32>, vector<16xf32>
  }
  return
}

// -----

// No second copy for a sliver: the first copy's bound is the widest below
// 10 (its three compares with +-10 decide there); a second from 10 on
// would fold the three with +-10.02 and the NaN test, for |x| in
// [10, 10.02) only. From twice the first bound (20) on, only the NaN test
// folds: fewer than min-folds (3), so no second copy.
// CHECK-LABEL: func @sliver
// CHECK: arith.constant dense<1092616191> : vector<8xi32>
// CHECK: scf.if
// CHECK: } else {
// CHECK-NOT: scf.if
// CHECK: return
func.func @sliver(%m: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %p10 = arith.constant dense<10.0> : vector<8xf32>
  %m10 = arith.constant dense<-10.0> : vector<8xf32>
  %p1002 = arith.constant dense<10.02> : vector<8xf32>
  %m1002 = arith.constant dense<-10.02> : vector<8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  scf.for %i = %c0 to %n step %c8 {
    %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
    %a = arith.cmpf olt, %x, %p10 : vector<8xf32>
    %b = arith.cmpf ogt, %x, %m10 : vector<8xf32>
    %c = arith.cmpf ole, %x, %p10 : vector<8xf32>
    %d = arith.cmpf olt, %x, %p1002 : vector<8xf32>
    %e = arith.cmpf ogt, %x, %m1002 : vector<8xf32>
    %f = arith.cmpf oge, %x, %m1002 : vector<8xf32>
    %g = arith.cmpf uno, %x, %x : vector<8xf32>
    %s1 = arith.select %a, %x, %zero : vector<8xi1>, vector<8xf32>
    %s2 = arith.select %b, %s1, %zero : vector<8xi1>, vector<8xf32>
    %s3 = arith.select %c, %s2, %zero : vector<8xi1>, vector<8xf32>
    %s4 = arith.select %d, %s3, %zero : vector<8xi1>, vector<8xf32>
    %s5 = arith.select %e, %s4, %zero : vector<8xi1>, vector<8xf32>
    %s6 = arith.select %f, %s5, %zero : vector<8xi1>, vector<8xf32>
    %s7 = arith.select %g, %x, %s6 : vector<8xi1>, vector<8xf32>
    vector.store %s7, %m[%i] : memref<?xf32>, vector<8xf32>
  }
  return
}
