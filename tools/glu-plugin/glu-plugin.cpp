//===- glu-plugin.cpp - glu as a plugin of stock MLIR tools ---------------===//
//
// GluPlugin.so: one shared object serving both plugin entry points of
// upstream's tools (mlir-opt --load-dialect-plugin / --load-pass-plugin):
// the glu dialect with its external interface models, and every glu pass
// and pipeline glu-opt has. It links MLIR through libMLIR.so, the library
// Debian's mlir-opt-22 itself runs on, so that the host's registries and
// TypeIDs are the ones glu uses (a static copy of MLIR would register the
// passes and dialects into a second, unused registry).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/GPU/Passes.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Pipelines/GluToNVVM/GluToNVVM.h"
#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

#include <mutex>

using namespace mlir;

/// Registers the glu passes and pipelines once per process: the same object
/// may be loaded as both plugins, and the pipeline registry rejects a second
/// registration of a name.
static void registerGluPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    glu::registerGluTransformsPasses();
    glu::registerGluToLLVMPipeline();
    glu::registerGluGPUPasses();
    glu::registerGluToNVVMPasses();
    glu::registerGluToNVVMPipeline();
  });
}

static void registerGluDialect(DialectRegistry *registry) {
  registry->insert<glu::GluDialect>();
  glu::registerDifferentiableOpInterfaceExternalModels(*registry);
  glu::registerBufferizableOpInterfaceExternalModels(*registry);
  // Loaded as a dialect plugin alone, the passes are reachable too.
  registerGluPassesOnce();
}

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Glu", LLVM_VERSION_STRING,
          registerGluDialect};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GluPasses", LLVM_VERSION_STRING,
          registerGluPassesOnce};
}
