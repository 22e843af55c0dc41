/*===- consumer-c.c - A C program that embeds glu -------------------------===*\
|*                                                                            *|
|* Links the installed libGluCAPI.so alone: registers glu through its         *|
|* dialect handle, parses IR with a glu op, expands it with a glu pass, and   *|
|* prints the result. Usage: consumer-c FILE.mlir                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "glu-c/Dialect/Glu.h"
#include "glu-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <stdio.h>
#include <stdlib.h>

static void print(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: consumer-c FILE.mlir\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    fprintf(stderr, "consumer-c: cannot open %s\n", argv[1]);
    return 1;
  }
  static char text[1 << 16];
  size_t size = fread(text, 1, sizeof(text) - 1, file);
  fclose(file);

  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__glu__(), registry);
  mlirGluRegisterExternalModels(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);

  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreate(text, size));
  if (mlirModuleIsNull(module)) {
    mlirContextDestroy(ctx);
    return 1;
  }
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm, mlirCreateGluGluExpandOps());
  int ok = mlirLogicalResultIsSuccess(
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)));
  if (ok)
    mlirOperationPrint(mlirModuleGetOperation(module), print, stdout);
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return ok ? 0 : 1;
}
