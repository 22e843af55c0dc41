// RUN: glu-opt %s --glu-convert-cf-to-llvm -split-input-file -verify-diagnostics | FileCheck %s

// One global per distinct message (upstream's convert-cf-to-llvm makes one
// per assert), named past the symbols already there; puts and abort
// declared once.

// CHECK-LABEL: module {
// CHECK-DAG:     llvm.mlir.global private constant @[[SAME:assert_msg_[0-9]+]](dense<[115, 97, 109, 101, 0]> : tensor<5xi8>)
// CHECK-DAG:     llvm.mlir.global private constant @[[OTHER:assert_msg_[0-9]+]](dense<[111, 116, 104, 101, 114, 0]> : tensor<6xi8>)
// CHECK-DAG:     llvm.func @abort()
// CHECK-DAG:     llvm.func @puts(!llvm.ptr)
// CHECK-DAG:     llvm.mlir.global private constant @assert_msg(0 : i8)
// CHECK-NOT:     llvm.mlir.global private constant @assert_msg{{.*}}(dense
// CHECK-LABEL: func.func @repeated(
// CHECK-SAME:      %[[A:.*]]: i1, %[[B:.*]]: i1)
// CHECK:         llvm.cond_br %[[A]], ^[[C1:.*]], ^[[F1:[a-z0-9]+]]
// CHECK:       ^[[C1]]:
// CHECK-NEXT:    llvm.cond_br %[[B]], ^[[C2:.*]], ^[[F2:[a-z0-9]+]]
// CHECK:       ^[[C2]]:
// CHECK-NEXT:    llvm.cond_br %[[A]], ^[[C3:.*]], ^[[F3:[a-z0-9]+]]
// CHECK:       ^[[C3]]:
// CHECK-NEXT:    return
// CHECK:       ^[[F1]]:
// CHECK-NEXT:    llvm.mlir.addressof @[[SAME]]
// CHECK:         llvm.call @puts
// CHECK-NEXT:    llvm.call @abort
// CHECK-NEXT:    llvm.unreachable
// CHECK:       ^[[F2]]:
// CHECK-NEXT:    llvm.mlir.addressof @[[OTHER]]
// CHECK:       ^[[F3]]:
// CHECK-NEXT:    llvm.mlir.addressof @[[SAME]]
llvm.mlir.global private constant @assert_msg(0 : i8) : i8
func.func @repeated(%a: i1, %b: i1) {
  cf.assert %a, "same"
  cf.assert %b, "other"
  cf.assert %a, "same"
  return
}

// -----

// A puts that is not an llvm.func: an error (renamed, the calls would miss
// the C library).

// expected-error@below {{glu-convert-cf-to-llvm: 'puts' is taken by an op other than an llvm.func}}
func.func private @puts(i32)
func.func @clash(%a: i1) {
  cf.assert %a, "message"
  return
}
