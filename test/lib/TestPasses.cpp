//===- TestPasses.cpp - glu's test-only passes and pipelines --------------===//

#include "TestPasses.h"

#include "GPU/TestGPU.h"

#include "mlir/Pass/PassRegistry.h"

void mlir::glu::test::registerGluTestPasses() {
  registerGluGPULaunchToLoops();
  PassPipelineRegistration<GluToNVVMOptions>(
      "glu-to-llvm-emulating-gpu",
      "Testing: glu-to-llvm through the GPU kernels (mapped by "
      "glu-gpu-map-elementwise, run as CPU loops by glu-gpu-launch-to-loops)",
      buildGluGPUEmulationPipeline);
}
