//===- GluToNVVMTest.cpp - The NVVM pipeline leaves the process as it was
//--===//
//
// glu-to-nvvm holds LLVM's -vectorize-slp option false while it serializes
// the kernels (glu-gpu-module-to-binary) and nowhere else: building the
// pipeline changes nothing, and running it restores the value it found,
// whatever that was (an embedder's CPU JIT keeps its SLP vectorizer).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Pipelines/GluToNVVM/GluToNVVM.h"
#include "GluDialect/Runner/JitRunner.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

const char *kModule = R"mlir(
func.func @f(%x: tensor<4x16xbf16>, %g: tensor<4x16xbf16>) -> tensor<4x16xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<4x16xbf16>
  return %y : tensor<4x16xbf16>
}
)mlir";

void setPTXOptions(glu::GluToNVVMOptions &options) {
  options.format = "isa";
  options.toolkit = GLU_CUDA_TOOLKIT;
}

TEST(GluToNVVM, SLPVectorizerOptionExists) {
  // LLVM registers it; if it is renamed, the pipeline no longer turns it off.
  ASSERT_NE(glu::slpVectorizerOption(), nullptr);
}

TEST(GluToNVVM, BuildingThePipelineChangesNoOption) {
  llvm::cl::opt<bool> *slp = glu::slpVectorizerOption();
  ASSERT_NE(slp, nullptr);
  bool before = slp->getValue();
  MLIRContext context;
  PassManager pm(&context);
  glu::GluToNVVMOptions options;
  setPTXOptions(options);
  glu::buildGluToNVVMPipeline(pm, options);
  EXPECT_EQ(slp->getValue(), before);
}

TEST(GluToNVVM, RunningThePipelineRestoresTheOption) {
  llvm::SmallString<128> libdevice(GLU_CUDA_TOOLKIT);
  libdevice += "/nvvm/libdevice/libdevice.10.bc";
  if (!llvm::sys::fs::exists(libdevice))
    GTEST_SKIP() << "no CUDA toolkit at " << GLU_CUDA_TOOLKIT;
  llvm::cl::opt<bool> *slp = glu::slpVectorizerOption();
  ASSERT_NE(slp, nullptr);
  bool original = slp->getValue();
  for (bool value : {true, false}) {
    slp->setValue(value);
    DialectRegistry registry;
    glu::registerRunnerDialects(registry);
    MLIRContext context(registry);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kModule, &context);
    ASSERT_TRUE(module);
    PassManager pm(&context);
    glu::GluToNVVMOptions options;
    setPTXOptions(options);
    glu::buildGluToNVVMPipeline(pm, options);
    ASSERT_TRUE(succeeded(pm.run(*module)));
    EXPECT_EQ(slp->getValue(), value);
  }
  slp->setValue(original);
}

} // namespace
