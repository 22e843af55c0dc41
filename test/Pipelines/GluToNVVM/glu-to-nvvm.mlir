// REQUIRES: cuda-toolkit
// RUN: glu-opt %s --glu-to-nvvm="host-to-llvm=0 toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=HOST
// RUN: glu-opt %s --glu-to-nvvm="toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=LLVM
// RUN: glu-opt %s --glu-to-nvvm="format=bin toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=CUBIN
// RUN: glu-opt %s --glu-to-nvvm="toolkit=%cuda_toolkit" --mlir-print-ir-before=gpu-module-to-binary -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVVM

// The fused backward of gpt-oss's interleaved SwiGLU with an odd width:
// the result is allocated on the device, one kernel writes both halves,
// a second one zeroes the unread trailing column (docs/semantics.md
// section 4).

// HOST-LABEL: func.func @swiglu_oai_back
//       HOST:   cf.assert
//       HOST:   %[[T0:.*]] = gpu.wait async
//       HOST:   %[[DA:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] (%{{.*}}) : memref<?x11xbf16>
//       HOST:   gpu.wait [%[[T1]]]
//       HOST:   %[[DG:.*]] = memref.subview %[[DA]][0, 0] [%{{.*}}, 5] [1, 2]
//       HOST:   %[[DU:.*]] = memref.subview %[[DA]][0, 1] [%{{.*}}, 5] [1, 2]
//       HOST:   gpu.launch_func @[[K:.*]]::@{{.*}} blocks in ({{.*}}) threads in (%c256, %c1, %c1) args({{.*}}%[[DG]] {{.*}}%[[DU]]
//       HOST:   %[[TAIL:.*]] = memref.subview %[[DA]][0, 10] [%{{.*}}, 1] [1, 1]
//       HOST:   gpu.launch_func @[[Z:.*]]::@{{.*}} args({{.*}}%[[TAIL]]
//       HOST:   return %[[DA]]
//       HOST:   gpu.binary @[[K]] [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, {{.*}}assembly = "{{.*}}.target sm_90
//       HOST:   gpu.binary @[[Z]]

// LLVM-LABEL: llvm.func @swiglu_oai_back
//       LLVM:   llvm.call @mgpuStreamCreate()
//       LLVM:   llvm.call @mgpuMemAlloc
//       LLVM:   gpu.launch_func
//       LLVM:   gpu.launch_func
//       LLVM: llvm.func @_mlir_ciface_swiglu_oai_back

// CUBIN: gpu.binary @{{.*}} [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, {{.*}}bin = "

// Before serialization: NVVM kernels calling no libdevice function but the
// exact ones (fma, fabs, floor).
//       NVVM: llvm.func @swiglu_oai_back_kernel({{.*}}) attributes {{{.*}}nvvm.kernel
//   NVVM-NOT: __nv_{{(exp|tanh|erf|log|rcp|div)}}
func.func @swiglu_oai_back(%dy: tensor<?x5xbf16>, %a: tensor<?x11xbf16>) -> tensor<?x11xbf16>
    attributes {llvm.emit_c_interface} {
  %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved) : tensor<?x5xbf16>, tensor<?x11xbf16> -> tensor<?x11xbf16>
  return %da : tensor<?x11xbf16>
}
