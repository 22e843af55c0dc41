//===- EmulationPipeline.cpp - glu-to-llvm through the GPU kernels --------===//

#include "GPU/TestGPU.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void glu::buildGluGPUEmulationPipeline(OpPassManager &pm,
                                       const GluToNVVMOptions &options) {
  addGluCPUStages(pm, 1, 2);
  addGluMapElementwiseToGPUPass(pm, options);
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(createGluGPULaunchToLoops());
  addGluCPUStages(pm, 3, 4);
}
