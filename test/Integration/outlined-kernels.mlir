// Large graphs compile their repeated kernels once (glu-outline-kernels,
// above outline-repeats = 16 copies) and split the gate every op reads
// (glu-split-fan-out): the code computing each element is the same, so
// the results are the same bits as with each op lowered in place
// (outline-repeats=0). 55 glu ops (20 copies of one kernel, 16 of two others),
// every variant, forward and backward, split and fused packings, a dynamic
// dimension; run by mlir-runner.

// RUN: glu-opt %s --glu-to-llvm="threads=1" -o %t.outlined.mlir
// RUN: FileCheck %s --input-file=%t.outlined.mlir
// RUN: glu-opt %s --glu-to-llvm="threads=1 outline-repeats=0" -o %t.inline.mlir
// RUN: FileCheck %s --check-prefix=INLINE --input-file=%t.inline.mlir
// RUN: mlir-runner %t.outlined.mlir -e main -entry-point-result=void \
// RUN:   --shared-libs=%llvm_libdir/libmlir_c_runner_utils.so \
// RUN:   --shared-libs=%llvm_libdir/libmlir_runner_utils.so | grep -v "base@" > %t.outlined.out
// RUN: mlir-runner %t.inline.mlir -e main -entry-point-result=void \
// RUN:   --shared-libs=%llvm_libdir/libmlir_c_runner_utils.so \
// RUN:   --shared-libs=%llvm_libdir/libmlir_runner_utils.so | grep -v "base@" | diff - %t.outlined.out
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.outlined.out

// CHECK: llvm.func internal @glu_kernel(
// CHECK: llvm.call @glu_kernel(
// INLINE-NOT: glu_kernel
// Four results, with nonzero elements.
// OUT-COUNT-4: {{^}}{{\[\[.*[1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]}}

func.func @graph(%x: tensor<?x8xf32>, %g: tensor<?x8xf32>, %a: tensor<?x16xf32>)
    -> (tensor<?x8xf32>, tensor<?x16xf32>, tensor<?x8xf32>, tensor<?x8xf32>) {
  %y0 = glu.glu swiglu(%x, %g) : tensor<?x8xf32>
  %y1 = glu.glu swiglu(%y0, %g) : tensor<?x8xf32>
  %y2 = glu.glu swiglu(%y1, %g) : tensor<?x8xf32>
  %y3 = glu.glu swiglu(%y2, %g) : tensor<?x8xf32>
  %y4 = glu.glu swiglu(%y3, %g) : tensor<?x8xf32>
  %y5 = glu.glu swiglu(%y4, %g) : tensor<?x8xf32>
  %y6 = glu.glu swiglu(%y5, %g) : tensor<?x8xf32>
  %y7 = glu.glu swiglu(%y6, %g) : tensor<?x8xf32>
  %y8 = glu.glu swiglu(%y7, %g) : tensor<?x8xf32>
  %y9 = glu.glu swiglu(%y8, %g) : tensor<?x8xf32>
  %y10 = glu.glu swiglu(%y9, %g) : tensor<?x8xf32>
  %y11 = glu.glu swiglu(%y10, %g) : tensor<?x8xf32>
  %y12 = glu.glu swiglu(%y11, %g) : tensor<?x8xf32>
  %y13 = glu.glu swiglu(%y12, %g) : tensor<?x8xf32>
  %y14 = glu.glu swiglu(%y13, %g) : tensor<?x8xf32>
  %y15 = glu.glu swiglu(%y14, %g) : tensor<?x8xf32>
  %y16 = glu.glu swiglu(%y15, %g) : tensor<?x8xf32>
  %y17 = glu.glu swiglu(%y16, %g) : tensor<?x8xf32>
  %y18 = glu.glu swiglu(%y17, %g) : tensor<?x8xf32>
  %y19 = glu.glu swiglu(%y18, %g) : tensor<?x8xf32>
  %d20 = glu.glu_back geglu_erf(%y19, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y20 = glu.glu swiglu_oai(%d20) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d21 = glu.glu_back geglu_erf(%y20, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y21 = glu.glu swiglu_oai(%d21) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d22 = glu.glu_back geglu_erf(%y21, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y22 = glu.glu swiglu_oai(%d22) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d23 = glu.glu_back geglu_erf(%y22, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y23 = glu.glu swiglu_oai(%d23) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d24 = glu.glu_back geglu_erf(%y23, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y24 = glu.glu swiglu_oai(%d24) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d25 = glu.glu_back geglu_erf(%y24, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y25 = glu.glu swiglu_oai(%d25) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d26 = glu.glu_back geglu_erf(%y25, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y26 = glu.glu swiglu_oai(%d26) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d27 = glu.glu_back geglu_erf(%y26, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y27 = glu.glu swiglu_oai(%d27) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d28 = glu.glu_back geglu_erf(%y27, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y28 = glu.glu swiglu_oai(%d28) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d29 = glu.glu_back geglu_erf(%y28, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y29 = glu.glu swiglu_oai(%d29) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d30 = glu.glu_back geglu_erf(%y29, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y30 = glu.glu swiglu_oai(%d30) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d31 = glu.glu_back geglu_erf(%y30, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y31 = glu.glu swiglu_oai(%d31) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d32 = glu.glu_back geglu_erf(%y31, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y32 = glu.glu swiglu_oai(%d32) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d33 = glu.glu_back geglu_erf(%y32, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y33 = glu.glu swiglu_oai(%d33) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d34 = glu.glu_back geglu_erf(%y33, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y34 = glu.glu swiglu_oai(%d34) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %d35 = glu.glu_back geglu_erf(%y34, %a) packing(interleaved) : tensor<?x8xf32>, tensor<?x16xf32> -> tensor<?x16xf32>
  %y35 = glu.glu swiglu_oai(%d35) packing(swapped) : tensor<?x16xf32> -> tensor<?x8xf32>
  %z0, %e0 = glu.glu_back geglu(%y35, %y35, %g) : tensor<?x8xf32>
  %z1, %e1 = glu.glu_back geglu_quick(%z0, %z0, %g) : tensor<?x8xf32>
  %z2, %e2 = glu.glu_back reglu(%z1, %z1, %g) : tensor<?x8xf32>
  return %y1, %d20, %y20, %z2 : tensor<?x8xf32>, tensor<?x16xf32>, tensor<?x8xf32>, tensor<?x8xf32>
}

func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @print(%y: tensor<?x8xf32>) {
  %b = arith.bitcast %y : tensor<?x8xf32> to tensor<?x8xi32>
  %m = bufferization.to_buffer %b read_only : tensor<?x8xi32> to memref<?x8xi32>
  %u = memref.cast %m : memref<?x8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %x = arith.constant dense<[[-4.0, -2.5, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0], [1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0, -7.0]]> : tensor<2x8xf32>
  %g = arith.constant dense<[[1.0, -1.0, 2.0, 0.5, 3.0, -2.0, 1.25, 0.75], [-3.0, 4.0, 0.125, -0.5, 2.0, 1.0, -1.0, 5.0]]> : tensor<2x8xf32>
  %a = arith.constant dense<[[-9.0, 8.0, -1.0, 0.5, 2.0, -3.0, 7.5, 1.0, 0.0, 6.0, -8.0, -0.25, 1.5, 4.0, 3.0, -2.0], [1.0, -2.0, 0.5, 3.0, -1.0, 2.0, 0.25, -4.0, 5.0, -6.0, 0.75, 1.25, -0.125, 2.5, -3.5, 9.0]]> : tensor<2x16xf32>
  %xd = tensor.cast %x : tensor<2x8xf32> to tensor<?x8xf32>
  %gd = tensor.cast %g : tensor<2x8xf32> to tensor<?x8xf32>
  %ad = tensor.cast %a : tensor<2x16xf32> to tensor<?x16xf32>
  %y:4 = call @graph(%xd, %gd, %ad) : (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x16xf32>) -> (tensor<?x8xf32>, tensor<?x16xf32>, tensor<?x8xf32>, tensor<?x8xf32>)
  call @print(%y#0) : (tensor<?x8xf32>) -> ()
  %b1 = arith.bitcast %y#1 : tensor<?x16xf32> to tensor<?x16xi32>
  %m1 = bufferization.to_buffer %b1 read_only : tensor<?x16xi32> to memref<?x16xi32>
  %u1 = memref.cast %m1 : memref<?x16xi32> to memref<*xi32>
  call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
  call @print(%y#2) : (tensor<?x8xf32>) -> ()
  call @print(%y#3) : (tensor<?x8xf32>) -> ()
  return
}
