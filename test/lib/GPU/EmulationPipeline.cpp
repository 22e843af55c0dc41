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
  // The CPU stages 3-4. With `tables`, the kernels' 16-bit activations are
  // looked up as on the GPU, in tables filled by the same cloned ops (here
  // by the CPU's load-time constructor: the loops are host code).
  GluToLLVMOptions cpu;
  setCPUStageOptions(cpu);
  cpu.tables = options.tables;
  addGluLoopLoweringPasses(pm, cpu);
  addGluLLVMLoweringPasses(pm, cpu);
}
