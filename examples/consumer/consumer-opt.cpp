//===- consumer-opt.cpp - An opt tool of a project that embeds glu --------===//
//
// What a compiler embedding glu writes: register the dialect and its
// external models (derivative rules, bufferization), the glu passes and the
// glu-to-llvm pipeline, and build a pipeline of its own from glu's stages.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace {
/// The consumer's own CPU pipeline: glu's four stages, with the consumer's
/// choice of where to stop (here: before LLVM, on loops), taking glu's
/// pipeline options (vectorize, threads, ...).
void buildConsumerPipeline(mlir::OpPassManager &pm,
                           const mlir::glu::GluToLLVMOptions &options) {
  mlir::glu::addGluPreparationPasses(pm);
  mlir::glu::addGluBufferizationPasses(pm, options);
  mlir::glu::addGluLoopLoweringPasses(pm, options);
}
} // namespace

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::glu::registerGluTransformsPasses();
  mlir::glu::registerGluToLLVMPipeline();
  mlir::PassPipelineRegistration<mlir::glu::GluToLLVMOptions>(
      "consumer-to-loops",
      "The consumer's pipeline: glu's stages up to loops on buffers",
      buildConsumerPipeline);

  mlir::DialectRegistry registry;
  registry.insert<mlir::glu::GluDialect>();
  mlir::glu::registerDifferentiableOpInterfaceExternalModels(registry);
  mlir::glu::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "consumer-opt: a tool that embeds glu\n", registry));
}
