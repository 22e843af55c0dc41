//===- ModuleToBinary.cpp - Serialization with the SLP vectorizer off -----===//
//
// glu-gpu-module-to-binary: upstream's gpu-module-to-binary, run with LLVM's
// -vectorize-slp option false and the option's previous value restored
// afterwards (Passes.td says why).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Pipelines/GluToNVVM/GluToNVVM.h"

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/CommandLine.h"

#include <mutex>

namespace mlir::glu {
#define GEN_PASS_DEF_GLUGPUMODULETOBINARY
#include "GluDialect/Pipelines/GluToNVVM/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

llvm::cl::opt<bool> *glu::slpVectorizerOption() {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("vectorize-slp");
  // LLVM declares it as cl::opt<bool> (SLPVectorizer.cpp); without RTTI the
  // name is all there is to go by.
  return it == options.end() ? nullptr
                             : static_cast<llvm::cl::opt<bool> *>(it->second);
}

namespace {
struct GluGPUModuleToBinaryPass
    : glu::impl::GluGPUModuleToBinaryBase<GluGPUModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    GpuModuleToBinaryPassOptions binary;
    binary.compilationTarget = format;
    binary.toolkitPath = toolkit;
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createGpuModuleToBinaryPass(binary));

    // One serialization at a time changes the option, so that each restores
    // the value it found.
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    llvm::cl::opt<bool> *slp = glu::slpVectorizerOption();
    bool saved = slp ? slp->getValue() : false;
    if (slp)
      slp->setValue(false);
    LogicalResult result = runPipeline(pm, getOperation());
    if (slp)
      slp->setValue(saved);
    if (failed(result))
      signalPassFailure();
  }
};
} // namespace
