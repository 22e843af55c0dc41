//===- Passes.cpp - C API of the glu passes and pipelines -----------------===//

#include "glu-c/Passes.h"

#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::glu;

// The generated mlirRegisterGluPasses() calls registerGluPasses(). The
// registries are global maps without a lock: threads that register at once
// could corrupt them, so each registration runs once, the first caller's
// (a function-local static's initialization is thread-safe).
static void registerGluPasses() {
  static const bool registered = (registerGluTransformsPasses(), true);
  (void)registered;
}

#ifdef __cplusplus
extern "C" {
#endif

#include "GluDialect/Transforms/Passes.capi.cpp.inc"

void mlirGluRegisterPipelines(void) {
  static const bool registered = (registerGluToLLVMPipeline(), true);
  (void)registered;
}

#ifdef __cplusplus
}
#endif
