//===- EmulationPipeline.cpp - glu-to-llvm through the GPU kernels --------===//

#include "GPU/TestGPU.h"

#include "GluDialect/GPU/Passes.h"
#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void glu::buildGluGPUEmulationPipeline(OpPassManager &pm,
                                       const GluToNVVMOptions &options) {
  glu::GluToLLVMOptions cpu;
  setCPUStageOptions(cpu);
  addGluPreparationPasses(pm);
  addGluBufferizationPasses(pm, cpu);
  GluMapElementwiseToGPUOptions map;
  map.blockSize = options.blockSize;
  map.vectorBytes = options.vectorBytes;
  map.maxBlocks = options.maxBlocks;
  pm.addNestedPass<func::FuncOp>(createGluMapElementwiseToGPU(map));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(createGluGPULaunchToLoops());
  addGluLoopLoweringPasses(pm, cpu);
  addGluLLVMLoweringPasses(pm, cpu);
}
