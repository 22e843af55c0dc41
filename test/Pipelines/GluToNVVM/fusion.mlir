// REQUIRES: cuda-toolkit
// glu-to-nvvm fuses as glu-to-llvm does (the shared preparation stage): a
// packed glu op with its producer (a sum) and its consumer (a scale) is one
// kernel; with the glu op behind a call, three. The bits:
// test/Pipelines/GluToLLVM/fusion.mlir runs the GPU pipeline's kernels
// emulated on the CPU.
// RUN: glu-opt %s --glu-to-nvvm="host-to-llvm=0 toolkit=%cuda_toolkit" | FileCheck %s

// CHECK-LABEL: func.func @packed(
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// CHECK-LABEL: func.func private @swiglu(
// CHECK-COUNT-1: gpu.launch_func
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// CHECK-LABEL: func.func @apart(
// CHECK-COUNT-2: gpu.launch_func
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
func.func @packed(%a: tensor<?x129xbf16>, %b: tensor<?x129xbf16>, %c: tensor<?x64xbf16>) -> tensor<?x64xbf16> {
  %ab = arith.addf %a, %b : tensor<?x129xbf16>
  %y = glu.glu swiglu(%ab) packing(interleaved) : tensor<?x129xbf16> -> tensor<?x64xbf16>
  %s = arith.mulf %y, %c : tensor<?x64xbf16>
  return %s : tensor<?x64xbf16>
}

func.func private @swiglu(%a: tensor<?x129xbf16>) -> tensor<?x64xbf16> {
  %y = glu.glu swiglu(%a) packing(interleaved) : tensor<?x129xbf16> -> tensor<?x64xbf16>
  return %y : tensor<?x64xbf16>
}

func.func @apart(%a: tensor<?x129xbf16>, %b: tensor<?x129xbf16>, %c: tensor<?x64xbf16>) -> tensor<?x64xbf16> {
  %ab = arith.addf %a, %b : tensor<?x129xbf16>
  %y = call @swiglu(%ab) : (tensor<?x129xbf16>) -> tensor<?x64xbf16>
  %s = arith.mulf %y, %c : tensor<?x64xbf16>
  return %s : tensor<?x64xbf16>
}
