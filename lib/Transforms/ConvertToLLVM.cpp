//===- ConvertToLLVM.cpp - The last lowerings to LLVM in one conversion ---===//
//
// glu-to-llvm ended with nine passes, each one upstream lowering to the LLVM
// dialect (math, index, arith, finalize-memref, func, cf, openmp, ub) or
// reconcile-unrealized-casts. Each walked the whole module, and glu-opt (like
// mlir-opt) verified the whole module after each: on a function of 10,000
// glu ops, about 0.3 s a pass of which the conversion was the smaller part.
// This pass applies the same patterns, built with the options those passes
// have by default, in one partial conversion, lowers the asserts as
// glu-convert-cf-to-llvm does, and reconciles the casts. Upstream's
// convert-to-llvm would do the first part, but through dialect interfaces
// every tool that loads the pipeline would have to register, and without
// the linear assert lowering.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/FreezeConversions.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/Analysis/DataLayoutAnalysis.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCONVERTTOLLVM
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
struct GluConvertToLLVMPass
    : glu::impl::GluConvertToLLVMBase<GluConvertToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // As convert-func-to-llvm and finalize-memref-to-llvm: the options of the
    // module's data layout (the others' defaults are the same here).
    const auto &dataLayout = getAnalysis<DataLayoutAnalysis>();
    LowerToLLVMOptions options(ctx, dataLayout.getAtOrAbove(module));
    LLVMTypeConverter converter(ctx, options, &dataLayout);

    // One symbol table per upstream pass that keeps one: finalize-memref
    // declares malloc and free, func looks up the callees.
    SymbolTableCollection memrefSymbols, funcSymbols;
    RewritePatternSet patterns(ctx);
    populateMathToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns,
                                                   &memrefSymbols);
    populateFuncToLLVMConversionPatterns(converter, patterns, &funcSymbols);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateOpenMPToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*ctx);
    target.addIllegalDialect<index::IndexDialect>();
    // Lowered below, after the conversion, as the pipeline lowered them
    // after func-to-llvm (malloc and free are declared first).
    target.addLegalOp<cf::AssertOp>();
    // As convert-openmp-to-llvm.
    target.addLegalOp<omp::BarrierOp, omp::FlushOp, omp::TaskwaitOp,
                      omp::TaskyieldOp, omp::TerminatorOp>();
    configureOpenMPToLLVMConversionLegality(target, converter);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    if (failed(glu::lowerAssertsToLLVM(module, getArgument())))
      return signalPassFailure();

    // As glu-freeze-conversions: LLVM folds a conversion of a NaN it can
    // prove to poison (docs/semantics.md decision 20).
    glu::freezeFloatToIntConversions(module);

    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk([&](UnrealizedConversionCastOp op) { casts.push_back(op); });
    reconcileUnrealizedCasts(casts);
  }
};
} // namespace
