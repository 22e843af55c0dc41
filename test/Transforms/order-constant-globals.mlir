// RUN: glu-opt %s -split-input-file --glu-order-constant-globals | FileCheck %s

// Bufferization's constant globals, named and placed in the order of their
// first use (as bufferization met @g before @f on one run and @f before @g
// on another, the same input printed two ways); one nothing reads is
// erased; other globals keep their names.

// CHECK-LABEL: module
// CHECK-NEXT:    memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// CHECK-NEXT:    memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<[1, 2]>
// CHECK-NEXT:    memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<[5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]>
// CHECK-NOT:     9.0
// CHECK:         memref.global "private" constant @kept
// CHECK-LABEL:   func.func @f
// CHECK:           memref.get_global @__constant_4xf32 :
// CHECK:           memref.get_global @__constant_2xi32 :
// CHECK-LABEL:   func.func @g
// CHECK:           memref.get_global @__constant_4xf32_0 :
// CHECK:           memref.get_global @__constant_4xf32 :
module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[5.0, 6.0, 7.0, 8.0]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xf32_1 : memref<4xf32> = dense<[9.0, 9.0, 9.0, 9.0]> {alignment = 64 : i64}
  memref.global "private" constant @kept : memref<4xf32> = dense<0.0>
  memref.global "private" constant @__constant_2xi32 : memref<2xi32> = dense<[1, 2]> {alignment = 64 : i64}
  memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]> {alignment = 64 : i64}
  func.func @f() -> (memref<4xf32>, memref<2xi32>) {
    %a = memref.get_global @__constant_4xf32_0 : memref<4xf32>
    %b = memref.get_global @__constant_2xi32 : memref<2xi32>
    return %a, %b : memref<4xf32>, memref<2xi32>
  }
  func.func @g() -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
    %a = memref.get_global @__constant_4xf32 : memref<4xf32>
    %b = memref.get_global @__constant_4xf32_0 : memref<4xf32>
    %k = memref.get_global @kept : memref<4xf32>
    return %a, %b, %k : memref<4xf32>, memref<4xf32>, memref<4xf32>
  }
}

// -----

// A nested module's own `@__constant_4xf32` is another global: its use
// neither renames the top one nor keeps an unused top one alive (it was
// renamed to the top one's new name: "does not reference a valid global").

// CHECK-LABEL: module
// CHECK-NEXT:    memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<2.000000e+00>
// CHECK-NOT:     dense<1.000000e+00>
// CHECK-LABEL:   module @inner
// CHECK:           memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<3.000000e+00>
// CHECK:           memref.get_global @__constant_4xf32 :
module {
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<1.0>
  memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<2.0>
  func.func @f() -> memref<4xf32> {
    %a = memref.get_global @__constant_4xf32_0 : memref<4xf32>
    return %a : memref<4xf32>
  }
  module @inner {
    memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<3.0>
    func.func @g() -> memref<4xf32> {
      %a = memref.get_global @__constant_4xf32 : memref<4xf32>
      return %a : memref<4xf32>
    }
  }
}

// -----

// A name another symbol holds (a public global bufferization skipped too)
// is skipped (it was taken again: "redefinition of symbol").

// CHECK-LABEL: module
// CHECK-DAG:     memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<2.000000e+00>
// CHECK-DAG:     memref.global "private" constant @__constant_4xf32_1 : memref<4xf32> = dense<1.000000e+00>
// CHECK-DAG:     memref.global @__constant_4xf32_0 : memref<4xf32> = dense<0.000000e+00>
module {
  memref.global @__constant_4xf32_0 : memref<4xf32> = dense<0.0>
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<1.0>
  memref.global "private" constant @__constant_4xf32_1 : memref<4xf32> = dense<2.0>
  func.func @f() -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
    %a = memref.get_global @__constant_4xf32_1 : memref<4xf32>
    %b = memref.get_global @__constant_4xf32 : memref<4xf32>
    %c = memref.get_global @__constant_4xf32_0 : memref<4xf32>
    return %a, %b, %c : memref<4xf32>, memref<4xf32>, memref<4xf32>
  }
}
