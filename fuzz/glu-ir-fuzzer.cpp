//===- glu-ir-fuzzer.cpp - libFuzzer target: IR through every glu pass ------===//
//
// Each input is MLIR text. It is parsed and verified with the glu dialect
// and the upstream dialects glu IR is written with; a valid module is then
// run, on a fresh copy each time, through every glu pass and pipeline:
//   canonicalize, glu-expand-ops, glu-lower-math, glu-raise,
//   one-shot-bufferize, glu-to-llvm.
// Bad input must give diagnostics, never a crash or a sanitizer report.
// Besides, a glu pass (or canonicalize, which runs the glu folders and
// patterns) that SUCCEEDS must leave valid IR: it is checked, and a
// violation aborts (a crash for libFuzzer).
//
// Run it with scripts/fuzz.sh (docs/fuzzing.md).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Conversion/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {
/// A glu pass, or a pipeline, in textual form.
struct Stage {
  const char *pipeline;
  /// For a single pass: success must leave valid IR (checked after the
  /// pass, with the pass manager's own verifier off).
  bool checkResult;
};

const Stage kStages[] = {
    {"builtin.module(canonicalize)", true},
    {"builtin.module(glu-expand-ops)", true},
    {"builtin.module(glu-lower-math)", true},
    {"builtin.module(glu-raise)", true},
    {"builtin.module(one-shot-bufferize{bufferize-function-boundaries})",
     false},
    {"builtin.module(glu-to-llvm)", false},
};

DialectRegistry &registry() {
  static DialectRegistry *r = [] {
    auto *r = new DialectRegistry();
    r->insert<glu::GluDialect, func::FuncDialect, arith::ArithDialect,
              math::MathDialect, tensor::TensorDialect, linalg::LinalgDialect,
              bufferization::BufferizationDialect, memref::MemRefDialect,
              scf::SCFDialect, cf::ControlFlowDialect,
              affine::AffineDialect>();
    glu::registerDifferentiableOpInterfaceExternalModels(*r);
    glu::registerBufferizableOpInterfaceExternalModels(*r);
    registerAllExtensions(*r);
    return r;
  }();
  return *r;
}

void runStage(ModuleOp module, const Stage &stage) {
  MLIRContext *ctx = module.getContext();
  OwningOpRef<ModuleOp> copy(module.clone());
  PassManager pm(ctx);
  pm.enableVerifier(!stage.checkResult);
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsePassPipeline(stage.pipeline, pm, errorStream))) {
    std::fprintf(stderr, "glu-ir-fuzzer: bad pipeline %s: %s\n",
                 stage.pipeline, error.c_str());
    std::abort();
  }
  if (failed(pm.run(*copy)) || !stage.checkResult)
    return;
  if (failed(verify(*copy))) {
    std::fprintf(stderr,
                 "glu-ir-fuzzer: %s succeeded but left invalid IR\n",
                 stage.pipeline);
    std::abort();
  }
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  registerAllPasses();
  glu::registerGluTransformsPasses();
  glu::registerGluToLLVMPipeline();
  (void)registry();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  // Diagnostics are the expected outcome of bad input: drop them.
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  ParserConfig config(&ctx);
  // MLIR's lexer reads up to a terminating NUL (as in the buffers of files
  // and of std::string); libFuzzer's data has none.
  std::string text(reinterpret_cast<const char *>(data), size);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module || failed(verify(*module)))
    return 0;
  for (const Stage &stage : kStages)
    runStage(*module, stage);
  return 0;
}
