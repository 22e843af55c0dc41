// Invalid options are errors that name their range; the largest bound is
// printed as the number, 3.4028235e+38 (the largest f32 in the digits that
// read back as it, not "FLT_MAX"), and that value is accepted.
// RUN: glu-opt %s -verify-diagnostics -glu-version-by-range=min-bound=0.5
// RUN: not glu-opt %s -glu-version-by-range=min-bound=nan 2>&1 | FileCheck %s --check-prefix=BOUND-NAN
// RUN: not glu-opt %s -glu-version-by-range=min-bound=3.4028236e+38 2>&1 | FileCheck %s --check-prefix=BOUND-ABOVE
// RUN: not glu-opt %s -glu-version-by-range=min-bound=inf 2>&1 | FileCheck %s --check-prefix=BOUND-INF
// RUN: not glu-opt %s -glu-version-by-range=vector-bits=48 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not glu-opt %s -glu-version-by-range=copies=5 2>&1 | FileCheck %s --check-prefix=COPIES
// RUN: not glu-opt %s -glu-version-by-range=copies=4294967295 2>&1 | FileCheck %s --check-prefix=COPIES-MAX
// BOUND-NAN: glu-version-by-range: min-bound must be from 1 to 3.4028235e+38 (the largest f32), not nan
// BOUND-ABOVE: glu-version-by-range: min-bound must be from 1 to 3.4028235e+38 (the largest f32), not 3.4028236e+38
// BOUND-INF: glu-version-by-range: min-bound must be from 1 to 3.4028235e+38 (the largest f32), not inf
// BITS: glu-version-by-range: vector-bits must be 0 (the host's) or a power of two from 32 to 2048, not 48
// COPIES: glu-version-by-range: copies must be from 0 to 4, not 5
// COPIES-MAX: glu-version-by-range: copies must be from 0 to 4, not 4294967295

// The largest bound: the test compares |x|'s bits with the largest f32's
// (0x7F7FFFFF), under which the NaN checks and the compares with the
// infinities fold.
// RUN: glu-opt %s -glu-version-by-range="min-bound=3.4028235e+38 vector-bits=256" | FileCheck %s --check-prefix=MAX
// MAX-LABEL: func @nan_free
// MAX: arith.constant dense<2139095039> : vector<8xi32>
// MAX: scf.if
// MAX-NOT: arith.cmpf
// MAX: } else {
// MAX: arith.cmpf uno

// expected-error @+1 {{glu-version-by-range: min-bound must be from 1 to 3.4028235e+38 (the largest f32), not 0.5}}
module {
  func.func @nan_free(%m: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %ninf = arith.constant dense<0xFF800000> : vector<8xf32>
    %pinf = arith.constant dense<0x7F800000> : vector<8xf32>
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %nan = arith.constant dense<0x7FC00000> : vector<8xf32>
    scf.for %i = %c0 to %n step %c8 {
      %x = vector.load %m[%i] : memref<?xf32>, vector<8xf32>
      %isNaN = arith.cmpf uno, %x, %x : vector<8xf32>
      %gt = arith.cmpf ugt, %x, %ninf : vector<8xf32>
      %lt = arith.cmpf ult, %x, %pinf : vector<8xf32>
      %both = arith.andi %gt, %lt : vector<8xi1>
      %q = arith.select %isNaN, %nan, %x : vector<8xi1>, vector<8xf32>
      %r = arith.select %both, %q, %zero : vector<8xi1>, vector<8xf32>
      vector.store %r, %m[%i] : memref<?xf32>, vector<8xf32>
    }
    return
  }
}
