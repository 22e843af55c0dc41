//===- Passes.cpp - C API of the glu passes and pipelines -----------------===//

#include "glu-c/Passes.h"

#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::glu;

// The generated mlirRegisterGluPasses() calls registerGluPasses().
static void registerGluPasses() { registerGluTransformsPasses(); }

#ifdef __cplusplus
extern "C" {
#endif

#include "GluDialect/Transforms/Passes.capi.cpp.inc"

void mlirGluRegisterPipelines(void) { registerGluToLLVMPipeline(); }

#ifdef __cplusplus
}
#endif
