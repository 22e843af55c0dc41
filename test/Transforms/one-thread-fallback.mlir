// RUN: glu-opt %s -split-input-file -glu-one-thread-fallback -verify-diagnostics | FileCheck %s

// The outermost scf.parallel runs when OpenMP would use more than one
// thread; otherwise a nested scf.for copy of it, the same body, outlined
// into a private function that LLVM does not inline back (as OpenMP
// outlines the parallel body). Constants are copied into it, not passed
// (an intrinsic's immediate operand must stay a constant).
// CHECK-LABEL: func.func private @omp_get_max_threads() -> i32
// CHECK-LABEL: func.func private @rows__one_thread
// CHECK-SAME:    (%[[SM:.*]]: memref<?xf32>, %[[SN:.*]]: index)
// CHECK-SAME:    attributes {passthrough = ["noinline"]}
// CHECK:   %[[C0:.*]] = arith.constant 0 : index
// CHECK:   %[[C1:.*]] = arith.constant 1 : index
// CHECK:   %[[F:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:   scf.for %[[J:.*]] = %[[C0]] to %[[SN]] step %[[C1]] {
// CHECK:     scf.parallel
// CHECK:     memref.store %[[F]], %[[SM]][%[[J]]]
// CHECK-LABEL: func @rows
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: memref<?xf32>)
// CHECK: %[[T:.*]] = call @omp_get_max_threads() : () -> i32
// CHECK: %[[MANY:.*]] = arith.cmpi sgt, %[[T]], %c1_i32 : i32
// CHECK: scf.if %[[MANY]] {
// CHECK:   scf.parallel (%[[I:.*]]) = (%c0) to (%[[N]]) step (%c1) {
// CHECK:     scf.parallel
// CHECK:     memref.store %{{.*}}, %[[M]][%[[I]]]
// CHECK: } else {
// CHECK:   func.call @rows__one_thread(%[[M]], %[[N]])
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @rows(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%k) = (%c0) to (%c1) step (%c1) {
      scf.reduce
    }
    memref.store %f, %m[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// Two dimensions become two nested loops; the declaration is reused, and a
// name already taken gets a suffix.
// CHECK-LABEL: func.func private @grid__one_thread_1
// CHECK:   scf.for
// CHECK:     scf.for
// CHECK:       memref.store
// CHECK-LABEL: func @grid
// CHECK: call @omp_get_max_threads()
// CHECK: scf.if
// CHECK:   scf.parallel (%{{.*}}, %{{.*}}) =
// CHECK: } else {
// CHECK:   func.call @grid__one_thread_1(
func.func private @omp_get_max_threads() -> i32
func.func private @grid__one_thread()
func.func @grid(%n: index, %m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %f, %m[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  return
}

// -----

// A loop with a reduction is left alone (nothing else to do: no declaration).
// CHECK-LABEL: func @sum
// CHECK-NOT: omp_get_max_threads
// CHECK: scf.parallel
func.func @sum(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> f32 {
    scf.reduce(%one : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}

// -----

// expected-error @+1 {{'func.func' op is not OpenMP's omp_get_max_threads() -> i32}}
func.func private @omp_get_max_threads() -> i64
func.func @clash(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %m[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// A definition of the module's own is not OpenMP's query: the loops would
// call it (a constant 1 would run them all on one thread, unseen).
// expected-error @+1 {{'func.func' op defines omp_get_max_threads, the OpenMP runtime's query that the row-parallel loops call; rename it}}
func.func private @omp_get_max_threads() -> i32 {
  %one = arith.constant 1 : i32
  return %one : i32
}
func.func @defined(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %m[%i] : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// expected-error @+1 {{holds a symbol 'omp_get_max_threads' that is not a function}}
module {
  memref.global "private" @omp_get_max_threads : memref<1xf32>
  func.func @clash2(%n: index, %m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = arith.constant 1.0 : f32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %m[%i] : memref<?xf32>
      scf.reduce
    }
    return
  }
}

// -----

// A loop in a nested module is left alone (the declaration would be out of
// its scope).
// CHECK-LABEL: module @inner
// CHECK-NOT: omp_get_max_threads
// CHECK: scf.parallel
module {
  module @inner {
    func.func @nested(%n: index, %m: memref<?xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %f = arith.constant 1.0 : f32
      scf.parallel (%i) = (%c0) to (%n) step (%c1) {
        memref.store %f, %m[%i] : memref<?xf32>
        scf.reduce
      }
      return
    }
  }
}
