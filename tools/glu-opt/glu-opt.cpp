//===- glu-opt.cpp - The glu optimizer driver -----------------------------===//
//
// mlir-opt with the glu dialect, its passes and pipelines, and the upstream
// dialects, passes and translations users combine them with.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/GPU/Passes.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Pipelines/GluToNVVM/GluToNVVM.h"
#include "GluDialect/Runner/InputFiles.h"
#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"
#include "GluDialect/Transforms/Passes.h"
#ifdef GLU_INCLUDE_TESTS
#include "TestPasses.h"
#endif

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::glu::registerGluTransformsPasses();
  mlir::glu::registerGluToLLVMPipeline();
  mlir::glu::registerGluGPUPasses();
  mlir::glu::registerGluToNVVMPasses();
  mlir::glu::registerGluToNVVMPipeline();
#ifdef GLU_INCLUDE_TESTS
  mlir::glu::test::registerGluTestPasses();
#endif

  mlir::DialectRegistry registry;
  registry.insert<mlir::glu::GluDialect>();
  mlir::glu::registerDifferentiableOpInterfaceExternalModels(registry);
  mlir::glu::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);

  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "glu optimizer driver: the glu dialect and upstream MLIR\n",
      registry);
  // Refused as glu-run, glu-compile and glu-train refuse it (glu-opt
  // /dev/zero read forever).
  if (mlir::glu::isDevice(input)) {
    llvm::errs() << "glu-opt: error: '" << input
                 << "' is a device, not an .mlir file\n";
    return 1;
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
