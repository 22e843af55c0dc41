//===- TestGPU.h - Running the GPU kernels on the CPU -----------*- C++ -*-===//
//
// Test-only: glu-gpu-launch-to-loops and the glu-to-llvm-emulating-gpu
// pipeline run the kernels glu-gpu-map-elementwise builds as CPU loops, so
// their indexing and vectorized bodies are checked bit for bit on a machine
// without a GPU (glu-run --target=cuda-emulated, scripts/build-gpu-check.sh
// --emulated-only).
//
//===----------------------------------------------------------------------===//

#ifndef GLU_TEST_LIB_GPU_TESTGPU_H
#define GLU_TEST_LIB_GPU_TESTGPU_H

#include "GluDialect/Pipelines/GluToNVVM/GluToNVVM.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::glu {

#define GEN_PASS_DECL
#include "GPU/TestPasses.h.inc"

/// The CPU pipeline, with every elementwise generic first mapped to the
/// kernels glu-to-nvvm would build and those kernels run as loops
/// (glu-gpu-launch-to-loops): the `glu-to-llvm-emulating-gpu` pipeline.
void buildGluGPUEmulationPipeline(OpPassManager &pm,
                                  const GluToNVVMOptions &options);

#define GEN_PASS_REGISTRATION
#include "GPU/TestPasses.h.inc"

} // namespace mlir::glu

#endif // GLU_TEST_LIB_GPU_TESTGPU_H
