/*===- glu.c - The glu C API, used from C ---------------------------------===*\
|*                                                                            *|
|* Compiled as C (C11) and linked against libGluCAPI.so alone: the dialect    *|
|* handle, the attribute constructors and getters, the external models,      *|
|* pass creation and registration, and the glu-to-llvm pipeline.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* RUN: glu-capi-test 2>&1 | FileCheck %s
   --help prints the usage and runs nothing; an unknown argument is an error.
   RUN: glu-capi-test --help | FileCheck %s --check-prefix=HELP \
   RUN:   --implicit-check-not=@
   HELP: usage: glu-capi-test
   RUN: not glu-capi-test --bogus 2>&1 | FileCheck %s --check-prefix=BAD \
   RUN:   --implicit-check-not=@
   BAD: glu-capi-test: unknown argument '--bogus'
 */

#include "glu-c/Dialect/Glu.h"
#include "glu-c/Passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/Func.h"
#include "mlir-c/Dialect/Tensor.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStderr(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stderr);
}

static void printAttr(const char *label, MlirAttribute attr) {
  fprintf(stderr, "%s: ", label);
  if (mlirAttributeIsNull(attr))
    fprintf(stderr, "<null>");
  else
    mlirAttributePrint(attr, printToStderr, NULL);
  fprintf(stderr, "\n");
}

static void printName(const char *label, MlirStringRef name) {
  fprintf(stderr, "%s: %.*s\n", label, (int)name.length, name.data);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  fprintf(stderr, "diagnostic: ");
  mlirDiagnosticPrint(diagnostic, printToStderr, NULL);
  fprintf(stderr, "\n");
  return mlirLogicalResultSuccess();
}

/* A context with glu (through its handle), func and tensor, and glu's
   external models; `everything` adds every upstream dialect and extension
   (what the glu-to-llvm pipeline needs to bufferize func/tensor/linalg). */
static MlirContext makeContext(int everything) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__glu__(), registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__func__(), registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__tensor__(), registry);
  if (everything)
    mlirRegisterAllDialects(registry);
  mlirGluRegisterExternalModels(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  return ctx;
}

static void testDialectHandle(void) {
  fprintf(stderr, "@dialect\n");
  MlirDialectHandle handle = mlirGetDialectHandle__glu__();
  printName("namespace", mlirDialectHandleGetNamespace(handle));
  MlirContext ctx = mlirContextCreate();
  MlirDialect dialect = mlirDialectHandleLoadDialect(handle, ctx);
  fprintf(stderr, "loaded: %d\n", !mlirDialectIsNull(dialect));
  printName("dialect namespace", mlirDialectGetNamespace(dialect));
  mlirContextDestroy(ctx);
}
// CHECK-LABEL: @dialect
// CHECK: namespace: glu
// CHECK: loaded: 1
// CHECK: dialect namespace: glu

static void testAttributes(void) {
  fprintf(stderr, "@attributes\n");
  MlirContext ctx = makeContext(0);
  mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("glu"));

  /* Every value round-trips through its constructor and getters. */
  for (int v = MlirGluVariantReglu; v <= MlirGluVariantSwigluOai; ++v) {
    MlirAttribute attr = mlirGluVariantAttrGet(ctx, (MlirGluVariant)v);
    MlirStringRef name = mlirGluVariantAttrGetName(attr);
    fprintf(stderr, "variant %d: isA=%d value=%d name=%.*s typeid=%d\n", v,
            mlirAttributeIsAGluVariantAttr(attr),
            (int)mlirGluVariantAttrGetValue(attr), (int)name.length,
            name.data,
            mlirTypeIDEqual(mlirAttributeGetTypeID(attr),
                            mlirGluVariantAttrGetTypeID()));
  }
  for (int r = MlirGluRoundingTwoRound; r <= MlirGluRoundingF16Table; ++r) {
    MlirAttribute attr = mlirGluRoundingAttrGet(ctx, (MlirGluRounding)r);
    MlirStringRef name = mlirGluRoundingAttrGetName(attr);
    fprintf(stderr, "rounding %d: isA=%d value=%d name=%.*s typeid=%d\n", r,
            mlirAttributeIsAGluRoundingAttr(attr),
            (int)mlirGluRoundingAttrGetValue(attr), (int)name.length,
            name.data,
            mlirTypeIDEqual(mlirAttributeGetTypeID(attr),
                            mlirGluRoundingAttrGetTypeID()));
  }
  for (int p = MlirGluPackingHalves; p <= MlirGluPackingInterleaved; ++p) {
    MlirAttribute attr = mlirGluPackingAttrGet(ctx, (MlirGluPacking)p);
    MlirStringRef name = mlirGluPackingAttrGetName(attr);
    fprintf(stderr, "packing %d: isA=%d value=%d name=%.*s typeid=%d\n", p,
            mlirAttributeIsAGluPackingAttr(attr),
            (int)mlirGluPackingAttrGetValue(attr), (int)name.length,
            name.data,
            mlirTypeIDEqual(mlirAttributeGetTypeID(attr),
                            mlirGluPackingAttrGetTypeID()));
  }

  printAttr("printed", mlirGluVariantAttrGet(ctx, MlirGluVariantSwigluOai));
  printAttr("from name",
            mlirGluRoundingAttrGetFromName(
                ctx, mlirStringRefCreateFromCString("one_round")));
  MlirAttribute parsed = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#glu.packing<interleaved>"));
  fprintf(stderr, "parsed == constructed: %d\n",
          mlirAttributeEqual(parsed, mlirGluPackingAttrGet(
                                         ctx, MlirGluPackingInterleaved)));

  /* What is not a glu attribute is said so, and an unknown name gives
     null. */
  MlirAttribute unit = mlirUnitAttrGet(ctx);
  fprintf(stderr, "unit isA: %d %d %d\n", mlirAttributeIsAGluVariantAttr(unit),
          mlirAttributeIsAGluRoundingAttr(unit),
          mlirAttributeIsAGluPackingAttr(unit));
  fprintf(stderr, "variant isA rounding: %d\n",
          mlirAttributeIsAGluRoundingAttr(
              mlirGluVariantAttrGet(ctx, MlirGluVariantReglu)));
  printAttr("variant 'gelu'",
            mlirGluVariantAttrGetFromName(
                ctx, mlirStringRefCreateFromCString("gelu")));
  printAttr("packing ''", mlirGluPackingAttrGetFromName(
                              ctx, mlirStringRefCreateFromCString("")));
  /* A value that is no enumerator gives null too. */
  printAttr("variant 6", mlirGluVariantAttrGet(ctx, (MlirGluVariant)6));
  printAttr("rounding -1", mlirGluRoundingAttrGet(ctx, (MlirGluRounding)-1));
  printAttr("packing 3", mlirGluPackingAttrGet(ctx, (MlirGluPacking)3));
  /* That null asked whether it is a glu attribute: no (it used to crash). */
  MlirAttribute none = mlirGluVariantAttrGetFromName(
      ctx, mlirStringRefCreateFromCString("gelu"));
  fprintf(stderr, "null isA: %d %d %d\n", mlirAttributeIsAGluVariantAttr(none),
          mlirAttributeIsAGluRoundingAttr(none),
          mlirAttributeIsAGluPackingAttr(none));
  mlirContextDestroy(ctx);

  /* Before any glu IR is parsed glu is only in the registry (in a bare
     context not even there): a getter loads it (it crashed). */
  MlirContext fresh = makeContext(0);
  printAttr("unloaded", mlirGluPackingAttrGet(fresh, MlirGluPackingSwapped));
  mlirContextDestroy(fresh);
  MlirContext bare = mlirContextCreate();
  printAttr("unregistered",
            mlirGluVariantAttrGetFromName(
                bare, mlirStringRefCreateFromCString("swiglu")));
  mlirContextDestroy(bare);
}
// CHECK-LABEL: @attributes
// CHECK: variant 0: isA=1 value=0 name=reglu typeid=1
// CHECK: variant 1: isA=1 value=1 name=geglu typeid=1
// CHECK: variant 2: isA=1 value=2 name=geglu_erf typeid=1
// CHECK: variant 3: isA=1 value=3 name=geglu_quick typeid=1
// CHECK: variant 4: isA=1 value=4 name=swiglu typeid=1
// CHECK: variant 5: isA=1 value=5 name=swiglu_oai typeid=1
// CHECK: rounding 0: isA=1 value=0 name=two_round typeid=1
// CHECK: rounding 1: isA=1 value=1 name=one_round typeid=1
// CHECK: rounding 2: isA=1 value=2 name=f16_table typeid=1
// CHECK: packing 0: isA=1 value=0 name=halves typeid=1
// CHECK: packing 1: isA=1 value=1 name=swapped typeid=1
// CHECK: packing 2: isA=1 value=2 name=interleaved typeid=1
// CHECK: printed: #glu.variant<swiglu_oai>
// CHECK: from name: #glu.rounding<one_round>
// CHECK: parsed == constructed: 1
// CHECK: unit isA: 0 0 0
// CHECK: variant isA rounding: 0
// CHECK: variant 'gelu': <null>
// CHECK: packing '': <null>
// CHECK: variant 6: <null>
// CHECK: rounding -1: <null>
// CHECK: packing 3: <null>
// CHECK: null isA: 0 0 0
// CHECK: unloaded: #glu.packing<swapped>
// CHECK: unregistered: #glu.variant<swiglu>

static const char *kModule =
    "func.func @f(%a: tensor<4x16xf32>, %x: tensor<4x8xf32>,"
    "             %g: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {\n"
    "  %y = glu.glu swiglu(%a) packing(interleaved) : tensor<4x16xf32>"
    " -> tensor<4x8xf32>\n"
    "  %z = glu.glu geglu(%x, %g) : tensor<4x8xf32>\n"
    "  return %y, %z : tensor<4x8xf32>, tensor<4x8xf32>\n"
    "}\n";

/* The first operation named `name` in `block`. */
static MlirOperation opNamedIn(MlirBlock block, const char *name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block);
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef opName = mlirIdentifierStr(mlirOperationGetName(op));
    if (opName.length == strlen(name) &&
        strncmp(opName.data, name, opName.length) == 0)
      return op;
  }
  return (MlirOperation){NULL};
}

/* The first operation named `name` in the body of the module's first
   operation (the function of kModule). */
static MlirOperation firstOpNamed(MlirModule module, const char *name) {
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
  return opNamedIn(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)),
                   name);
}

static void testOpAttributes(void) {
  fprintf(stderr, "@op-attributes\n");
  MlirContext ctx = makeContext(0);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  fprintf(stderr, "parsed: %d\n", !mlirModuleIsNull(module));
  MlirOperation glu = firstOpNamed(module, "glu.glu");
  MlirAttribute variant = mlirOperationGetAttributeByName(
      glu, mlirStringRefCreateFromCString("variant"));
  MlirAttribute packing = mlirOperationGetAttributeByName(
      glu, mlirStringRefCreateFromCString("packing"));
  fprintf(stderr, "variant %d packing %d\n",
          (int)mlirGluVariantAttrGetValue(variant),
          (int)mlirGluPackingAttrGetValue(packing));

  /* Attributes set through the C API are what the op then carries. */
  mlirOperationSetAttributeByName(
      glu, mlirStringRefCreateFromCString("variant"),
      mlirGluVariantAttrGet(ctx, MlirGluVariantGegluQuick));
  mlirOperationSetAttributeByName(
      glu, mlirStringRefCreateFromCString("rounding"),
      mlirGluRoundingAttrGet(ctx, MlirGluRoundingF16Table));
  fprintf(stderr, "verifies: %d\n", mlirOperationVerify(glu));
  mlirOperationPrint(glu, printToStderr, NULL);
  fprintf(stderr, "\n");

  /* A configuration the verifier rejects is reported, not a crash:
     f16_table is not defined for swiglu. */
  mlirOperationSetAttributeByName(
      glu, mlirStringRefCreateFromCString("variant"),
      mlirGluVariantAttrGet(ctx, MlirGluVariantSwiglu));
  fprintf(stderr, "verifies: %d\n", mlirOperationVerify(glu));

  /* Invalid IR is a diagnostic and a null module. */
  MlirModule bad = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {\n"
               "  %y = glu.glu swiglu(%x, %x) packing(swapped)"
               " : tensor<4x8xf32>\n"
               "  return %y : tensor<4x8xf32>\n}\n"));
  fprintf(stderr, "bad module is null: %d\n", mlirModuleIsNull(bad));
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}
// CHECK-LABEL: @op-attributes
// CHECK: parsed: 1
// CHECK: variant 4 packing 2
// CHECK: verifies: 1
// CHECK: glu.glu geglu_quick(%{{.*}}) packing(interleaved) rounding(f16_table) : tensor<4x16xf32> -> tensor<4x8xf32>
// CHECK: diagnostic: 'glu.glu' op rounding plan 'f16_table' is only defined for geglu and geglu_quick, not swiglu
// CHECK: verifies: 0
// CHECK: diagnostic: 'glu.glu' op 'packing' is only allowed on the fused (single-operand) form
// CHECK: bad module is null: 1

static void testPasses(void) {
  fprintf(stderr, "@passes\n");
  MlirContext ctx = makeContext(0);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));

  /* A pass created through the C API. */
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm, mlirCreateGluGluExpandOps());
  MlirLogicalResult result =
      mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  fprintf(stderr, "expand: %d\n", mlirLogicalResultIsSuccess(result));
  fprintf(stderr, "glu.glu left: %d\n",
          !mlirOperationIsNull(firstOpNamed(module, "glu.glu")));
  fprintf(stderr, "linalg.generic: %d\n",
          !mlirOperationIsNull(firstOpNamed(module, "linalg.generic")));
  mlirPassManagerDestroy(pm);

  /* Registered passes are known to the textual pipeline parser. */
  mlirRegisterGluPasses();
  MlirPassManager pm2 = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm2);
  result = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString("builtin.module(glu-lower-math)"),
      printToStderr, NULL);
  fprintf(stderr, "\nparse glu-lower-math: %d\n",
          mlirLogicalResultIsSuccess(result));
  result = mlirParsePassPipeline(
      opm, mlirStringRefCreateFromCString("builtin.module(glu-no-such-pass)"),
      printToStderr, NULL);
  fprintf(stderr, "\nparse glu-no-such-pass: %d\n",
          mlirLogicalResultIsSuccess(result));
  /* Registering again, one pass or all, changes nothing; an option's bad
     value is a failed parse, not a crash. */
  mlirRegisterGluGluTabulate();
  mlirRegisterGluPasses();
  mlirGluRegisterPipelines();
  const char *tabulate[] = {
      "builtin.module(glu-tabulate{prefetch-distance=0})",
      "builtin.module(glu-tabulate{prefetch-distance=-1})",
      "builtin.module(glu-tabulate{prefetch-distance=4294967296})",
      "builtin.module(glu-tabulate{prefetch-distance=abc})",
      "builtin.module(glu-to-llvm{threads=abc})"};
  for (int i = 0; i < 5; ++i) {
    MlirPassManager pm3 = mlirPassManagerCreate(ctx);
    result = mlirParsePassPipeline(mlirPassManagerGetAsOpPassManager(pm3),
                                   mlirStringRefCreateFromCString(tabulate[i]),
                                   printToStderr, NULL);
    fprintf(stderr, "\nparse %s: %d\n", tabulate[i],
            mlirLogicalResultIsSuccess(result));
    mlirPassManagerDestroy(pm3);
  }
  mlirPassManagerDestroy(pm2);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}
// CHECK-LABEL: @passes
// CHECK: expand: 1
// CHECK: glu.glu left: 0
// CHECK: linalg.generic: 1
// CHECK: parse glu-lower-math: 1
// CHECK: 'glu-no-such-pass' does not refer to a registered pass
// CHECK: parse glu-no-such-pass: 0
// CHECK: parse builtin.module(glu-tabulate{prefetch-distance=0}): 1
// CHECK: parse builtin.module(glu-tabulate{prefetch-distance=-1}): 0
// CHECK: parse builtin.module(glu-tabulate{prefetch-distance=4294967296}): 0
// CHECK: parse builtin.module(glu-tabulate{prefetch-distance=abc}): 0
// CHECK: parse builtin.module(glu-to-llvm{threads=abc}): 0

static void testPipeline(void) {
  fprintf(stderr, "@pipeline\n");
  MlirContext ctx = makeContext(1);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  mlirRegisterAllPasses();
  mlirGluRegisterPipelines();
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult result = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString("builtin.module(glu-to-llvm)"),
      printToStderr, NULL);
  fprintf(stderr, "parse glu-to-llvm: %d\n",
          mlirLogicalResultIsSuccess(result));
  result = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  fprintf(stderr, "glu-to-llvm: %d\n", mlirLogicalResultIsSuccess(result));
  fprintf(stderr, "llvm.func: %d\n",
          !mlirOperationIsNull(
              opNamedIn(mlirModuleGetBody(module), "llvm.func")));
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
}
// CHECK-LABEL: @pipeline
// CHECK: parse glu-to-llvm: 1
// CHECK: glu-to-llvm: 1
// CHECK: llvm.func: 1

/* Several threads at once, each with its own context: registering the
   passes and pipelines (the first registration of all included), parsing,
   verifying and compiling through glu-to-llvm. A thread's result is 1 when
   every step succeeded. */
enum { kThreads = 4 };
static void *compileInThread(void *result) {
  mlirRegisterGluPasses();
  mlirGluRegisterPipelines();
  MlirContext ctx = makeContext(1);
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  int ok = !mlirModuleIsNull(module);
  if (ok) {
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    ok = mlirLogicalResultIsSuccess(mlirParsePassPipeline(
             mlirPassManagerGetAsOpPassManager(pm),
             mlirStringRefCreateFromCString("builtin.module(glu-to-llvm)"),
             printToStderr, NULL)) &&
         mlirLogicalResultIsSuccess(
             mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))) &&
         !mlirOperationIsNull(
             opNamedIn(mlirModuleGetBody(module), "llvm.func"));
    mlirPassManagerDestroy(pm);
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(ctx);
  *(int *)result = ok;
  return NULL;
}

static int runThreads(void) {
  pthread_t threads[kThreads];
  int results[kThreads] = {0};
  /* Apart from the results: reading a result before the join raced with
     the thread writing it. */
  int created[kThreads] = {0};
  for (int i = 0; i < kThreads; ++i)
    created[i] = !pthread_create(&threads[i], NULL, compileInThread,
                                 &results[i]);
  int ok = 0;
  for (int i = 0; i < kThreads; ++i) {
    if (created[i])
      pthread_join(threads[i], NULL);
    ok += results[i] == 1;
  }
  return ok;
}
// CHECK-LABEL: @threads
// CHECK: threads compiled: 4 of 4

static const char usage[] =
    "usage: glu-capi-test\n"
    "Runs the tests of the glu C API (test/CAPI/glu.c) and prints what lit's\n"
    "FileCheck checks on stderr. Takes no arguments.\n";

int main(int argc, char **argv) {
  if (argc > 1) {
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
      fputs(usage, stdout);
      return 0;
    }
    fprintf(stderr, "glu-capi-test: unknown argument '%s'\n%s", argv[1],
            usage);
    return 2;
  }
  /* First: the threads make the first registrations (printed last). */
  int threadsOk = runThreads();
  testDialectHandle();
  testAttributes();
  testOpAttributes();
  testPasses();
  testPipeline();
  fprintf(stderr, "@threads\nthreads compiled: %d of %d\n", threadsOk,
          (int)kThreads);
  fprintf(stderr, "@done\n");
  return 0;
}
// CHECK-LABEL: @done
