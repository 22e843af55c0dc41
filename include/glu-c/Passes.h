/*===- glu-c/Passes.h - C API of the glu passes and pipelines -----*- C -*-===*\
|*                                                                            *|
|* Generated from Passes.td (-gen-pass-capi-header): mlirRegisterGluPasses()  *|
|* registers every glu pass with the global registry (so that                 *|
|* mlirParsePassPipeline knows them), mlirCreateGlu<Pass>() creates one, e.g. *|
|* mlirCreateGluGluExpandOps(). The pipelines are registered separately.      *|
|* Both registrations run once, whichever thread calls first; several threads *|
|* may call them at once (test/CAPI/glu.c). The per-pass                      *|
|* mlirRegisterGlu<Pass>() functions, as upstream's, write MLIR's global      *|
|* registry without a lock: call them while no other thread registers, or     *|
|* use mlirRegisterGluPasses(). Registering again changes nothing.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef GLU_C_PASSES_H
#define GLU_C_PASSES_H

#include "mlir-c/Pass.h"

#include "GluDialect/Transforms/Passes.capi.h.inc"

#ifdef __cplusplus
extern "C" {
#endif

/// Registers the glu pipelines (glu-to-llvm) with the global registry.
MLIR_CAPI_EXPORTED void mlirGluRegisterPipelines(void);

#ifdef __cplusplus
}
#endif

#endif // GLU_C_PASSES_H
