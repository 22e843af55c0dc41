// Asserts in nested modules: each module gets its own message globals and
// puts/abort declarations (they went to the outermost module, out of the
// nested functions' reach: 'llvm.mlir.addressof' failed to verify). The cf
// pass gives upstream's very output.
// RUN: glu-opt %s --glu-convert-cf-to-llvm -o %t.glu
// RUN: glu-opt %s --convert-cf-to-llvm | diff - %t.glu
// RUN: glu-opt %s --glu-convert-to-llvm | FileCheck %s

// CHECK:       llvm.func @puts(!llvm.ptr)
// CHECK:       module @inner {
// CHECK-DAG:     llvm.func @abort()
// CHECK-DAG:     llvm.func @puts(!llvm.ptr)
// CHECK-DAG:     llvm.mlir.global private constant @[[INNER:assert_msg[_0-9]*]](dense<[105, 110,
// CHECK-DAG:     llvm.mlir.global private constant @[[SHARED:assert_msg[_0-9]*]](dense<[115, 104,
// CHECK:         llvm.func @g(
// CHECK-DAG:       llvm.mlir.addressof @[[SHARED]] :
// CHECK-DAG:       llvm.mlir.addressof @[[INNER]] :
// CHECK:         module @deeper {
// CHECK-DAG:       llvm.func @abort()
// CHECK-DAG:       llvm.func @puts(!llvm.ptr)
// CHECK-DAG:       llvm.mlir.global private constant @[[DEEPER:assert_msg[_0-9]*]](dense<[115, 104,
// CHECK:           llvm.func @d(
// CHECK:             llvm.mlir.addressof @[[DEEPER]] :
// CHECK:       llvm.func @f(
module {
  module @inner {
    func.func @g(%a: i1) {
      cf.assert %a, "shared message"
      cf.assert %a, "inner message"
      return
    }
    module @deeper {
      func.func @d(%a: i1) {
        cf.assert %a, "shared message"
        return
      }
    }
  }
  func.func @f(%a: i1) {
    cf.assert %a, "shared message"
    return
  }
}
