// One-shot bufferization of IR that still holds glu ops: glu.glu and
// glu.glu_back bufferize directly (BufferizableOpInterface), reading their
// operands' buffers (fused halves through subviews, no copy) and writing
// fresh allocations; a fused glu_back writes both halves and the zeroed
// tail of one allocation in place. glu.round on tensors rounds its
// operand's buffer in place. The pipeline order this gives (docs/
// bufferization.md): bufferize BEFORE glu-expand-ops; expanding first
// costs a second allocation and copies (the EXPAND run below).
//
// RUN: glu-opt %s -split-input-file --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: glu-opt %s -split-input-file --glu-expand-ops --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=EXPAND

// CHECK-LABEL: func.func @split_forward(
// CHECK-SAME:    %[[X:.*]]: memref<4x8xbf16, {{.*}}>, %[[G:.*]]: memref<4x8xbf16, {{.*}}>) -> memref<4x8xbf16>
// CHECK:         %[[Y:.*]] = memref.alloc() {{.*}} : memref<4x8xbf16>
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     memref.copy
// CHECK:         linalg.generic {{.*}} ins(%[[X]], %[[G]] : {{.*}}) outs(%[[Y]] : memref<4x8xbf16>)
// CHECK-NOT:     memref.copy
// CHECK:         return %[[Y]]
func.func @split_forward(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// The interleaved halves are read through stride-2 views of the operand.
// CHECK-LABEL: func.func @interleaved_forward(
// CHECK-SAME:    %[[A:.*]]: memref<2x11xf32, {{.*}}>) -> memref<2x5xf32>
// CHECK-DAG:     %[[GATE:.*]] = memref.subview %[[A]][0, 0] [2, 5] [1, 2]
// CHECK-DAG:     %[[UP:.*]] = memref.subview %[[A]][0, 1] [2, 5] [1, 2]
// CHECK-DAG:     %[[Y:.*]] = memref.alloc() {{.*}} : memref<2x5xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[GATE]], %[[UP]] : {{.*}}) outs(%[[Y]] : memref<2x5xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         return %[[Y]]
func.func @interleaved_forward(%a: tensor<2x11xf32>) -> tensor<2x5xf32> {
  %y = glu.glu swiglu_oai(%a) packing(interleaved) : tensor<2x11xf32> -> tensor<2x5xf32>
  return %y : tensor<2x5xf32>
}

// -----

// The fused gradient: ONE allocation; the generic writes the gate and up
// gradients straight into its two halves and the unread trailing column is
// zeroed in place. No copy.
// CHECK-LABEL: func.func @fused_backward_in_place(
// CHECK-SAME:    %[[DY:.*]]: memref<4x8xbf16, {{.*}}>, %[[A:.*]]: memref<4x17xbf16, {{.*}}>) -> memref<4x17xbf16>
// CHECK-DAG:     %[[GATE:.*]] = memref.subview %[[A]][0, 0] [4, 8] [1, 1]
// CHECK-DAG:     %[[UP:.*]] = memref.subview %[[A]][0, 8] [4, 8] [1, 1]
// CHECK:         %[[DA:.*]] = memref.alloc() {{.*}} : memref<4x17xbf16>
// CHECK-NOT:     memref.alloc
// CHECK-DAG:     %[[DGATE:.*]] = memref.subview %[[DA]][0, 0] [4, 8] [1, 1]
// CHECK-DAG:     %[[DUP:.*]] = memref.subview %[[DA]][0, 8] [4, 8] [1, 1]
// CHECK:         linalg.generic {{.*}} ins(%[[DY]], %[[GATE]], %[[UP]] : {{.*}}) outs(%[[DGATE]], %[[DUP]] : {{.*}})
// CHECK:         %[[TAIL:.*]] = memref.subview %[[DA]][0, 16] [4, 1] [1, 1]
// CHECK:         linalg.fill ins(%{{.*}} : bf16) outs(%[[TAIL]] : {{.*}})
// CHECK-NOT:     memref.copy
// CHECK:         return %[[DA]]

// Expanding first, the up half is computed into a second allocation and
// copied into the gradient.
// EXPAND-LABEL: func.func @fused_backward_in_place(
// EXPAND-COUNT-2: memref.alloc()
// EXPAND:         memref.copy
func.func @fused_backward_in_place(%dy: tensor<4x8xbf16>, %a: tensor<4x17xbf16>) -> tensor<4x17xbf16> {
  %da = glu.glu_back swiglu(%dy, %a) : tensor<4x8xbf16>, tensor<4x17xbf16> -> tensor<4x17xbf16>
  return %da : tensor<4x17xbf16>
}

// -----

// Swapped packing, dynamic rows: the halves trade places in d_a as in a.
// CHECK-LABEL: func.func @swapped_backward_dynamic(
// CHECK-SAME:    %[[DY:.*]]: memref<?x4xf32, {{.*}}>, %[[A:.*]]: memref<?x8xf32, {{.*}}>)
// CHECK:         %[[N:.*]] = memref.dim %[[A]], %{{.*}}
// CHECK:         cf.assert %{{.*}}, "glu.glu_back: dy has the wrong size along dimension 0"
// CHECK:         %[[DA:.*]] = memref.alloc(%{{.*}}) {{.*}} : memref<?x8xf32>
// CHECK-DAG:     %[[DGATE:.*]] = memref.subview %[[DA]][0, 4] [%[[N]], 4] [1, 1]
// CHECK-DAG:     %[[DUP:.*]] = memref.subview %[[DA]][0, 0] [%[[N]], 4] [1, 1]
// CHECK:         linalg.generic {{.*}} outs(%[[DGATE]], %[[DUP]] : {{.*}})
// CHECK-NOT:     memref.copy
// CHECK-NOT:     linalg.fill
// CHECK:         return %[[DA]]
func.func @swapped_backward_dynamic(%dy: tensor<?x4xf32>, %a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %da = glu.glu_back geglu(%dy, %a) packing(swapped) : tensor<?x4xf32>, tensor<?x8xf32> -> tensor<?x8xf32>
  return %da : tensor<?x8xf32>
}

// -----

// The split gradient: two allocations, one generic writing both.
// CHECK-LABEL: func.func @split_backward(
// CHECK:         %[[DX:.*]] = memref.alloc() {{.*}} : memref<3x4xf16>
// CHECK:         %[[DG:.*]] = memref.alloc() {{.*}} : memref<3x4xf16>
// CHECK:         linalg.generic {{.*}} outs(%[[DX]], %[[DG]] : memref<3x4xf16>, memref<3x4xf16>)
// CHECK-NOT:     memref.copy
// CHECK:         return %[[DX]], %[[DG]]
func.func @split_backward(%dy: tensor<3x4xf16>, %x: tensor<3x4xf16>, %g: tensor<3x4xf16>) -> (tensor<3x4xf16>, tensor<3x4xf16>) {
  %dx, %dg = glu.glu_back geglu_erf(%dy, %x, %g) : tensor<3x4xf16>
  return %dx, %dg : tensor<3x4xf16>, tensor<3x4xf16>
}

// -----

// glu ops are not destination-passing: a result inserted into a larger
// tensor is computed into its own allocation and copied once.
// CHECK-LABEL: func.func @insert_into_destination(
// CHECK-SAME:    %[[X:.*]]: memref<2x4xf32, {{.*}}>, %[[G:.*]]: memref<2x4xf32, {{.*}}>, %[[D:.*]]: memref<2x8xf32, {{.*}}>)
// CHECK:         %[[Y:.*]] = memref.alloc() {{.*}} : memref<2x4xf32>
// CHECK:         linalg.generic {{.*}} outs(%[[Y]] : memref<2x4xf32>)
// CHECK:         %[[SLOT:.*]] = memref.subview %[[D]][0, 4] [2, 4] [1, 1]
// CHECK:         memref.copy %[[Y]], %[[SLOT]]
// CHECK:         return %[[D]]
func.func @insert_into_destination(%x: tensor<2x4xf32>, %g: tensor<2x4xf32>, %d: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %y = glu.glu reglu(%x, %g) : tensor<2x4xf32>
  %r = tensor.insert_slice %y into %d[0, 4] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// glu.round on a tensor rounds its operand's buffer in place ...
// CHECK-LABEL: func.func @round_in_place(
// CHECK-SAME:    %[[X:.*]]: memref<?x8xf32, {{.*}}>)
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic {{.*}} outs(%[[X]] : {{.*}}) {
// CHECK:           glu.round %{{.*}} to f16 : f32
// CHECK-NOT:     memref.copy
// CHECK:         return %[[X]]
func.func @round_in_place(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = glu.round %x to f16 : tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// glu.gelu_table on a tensor bufferizes the same way.
// CHECK-LABEL: func.func @gelu_table_in_place(
// CHECK-SAME:    %[[X:.*]]: memref<?x8xf32, {{.*}}>)
// CHECK-NOT:     memref.alloc
// CHECK:         linalg.generic {{.*}} outs(%[[X]] : {{.*}}) {
// CHECK:           glu.gelu_table %{{.*}} : f32
// CHECK:         return %[[X]]
func.func @gelu_table_in_place(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = glu.gelu_table %x : tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// ... and a copy of it where the unrounded value is still needed.
// CHECK-LABEL: func.func @round_keeps_operand(
// CHECK-SAME:    %[[X:.*]]: memref<4xf32, {{.*}}>)
// CHECK:         %[[R:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK:         memref.copy %[[X]], %[[R]]
// CHECK:         linalg.generic {{.*}} outs(%[[R]] : memref<4xf32>)
// CHECK:           glu.round %{{.*}} to bf16 : f32
// CHECK:         return %[[R]], %[[X]]
func.func @round_keeps_operand(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = glu.round %x to bf16 : tensor<4xf32>
  return %r, %x : tensor<4xf32>, tensor<4xf32>
}
