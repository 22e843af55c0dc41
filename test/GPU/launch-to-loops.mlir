// RUN: glu-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline='builtin.module(func.func(glu-gpu-launch-to-loops))' | FileCheck %s

// CHECK-LABEL: func.func @one_dimensional
//  CHECK-SAME:   %[[G:[^:]*]]: index, %[[Y:.*]]: memref<?xindex>
//       CHECK:   %[[C0:.*]] = arith.constant 0 : index
//       CHECK:   %[[C1:.*]] = arith.constant 1 : index
//       CHECK:   scf.for %[[B:.*]] = %[[C0]] to %[[G]] step %[[C1]] {
//       CHECK:     scf.for %[[T:.*]] = %[[C0]] to %c64 step %[[C1]] {
//       CHECK:       %[[M:.*]] = arith.muli %[[B]], %c64
//       CHECK:       %[[I:.*]] = arith.addi %[[M]], %[[T]]
//       CHECK:       %[[N:.*]] = arith.muli %[[G]], %c64
//       CHECK:       memref.store %[[N]], %[[Y]][%[[I]]]
//   CHECK-NOT:   gpu.launch
func.func @one_dimensional(%g: index, %y: memref<?xindex>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %m = arith.muli %bx, %sx : index
    %i = arith.addi %m, %tx : index
    %n = arith.muli %gx, %sx : index
    memref.store %n, %y[%i] : memref<?xindex>
    gpu.terminator
  }
  return
}

// -----

func.func @two_dimensional(%g: index, %y: memref<?xindex>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{glu-gpu-launch-to-loops: only one-dimensional launches whose bodies use nothing but their ids and sizes can run as loops}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %g, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    memref.store %by, %y[%bx] : memref<?xindex>
    gpu.terminator
  }
  return
}

// -----

func.func @barrier(%g: index, %y: memref<?xindex>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{glu-gpu-launch-to-loops: only one-dimensional launches}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.barrier
    memref.store %tx, %y[%bx] : memref<?xindex>
    gpu.terminator
  }
  return
}
