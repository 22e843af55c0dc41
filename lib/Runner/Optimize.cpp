//===- Optimize.cpp - The LLVM optimization of glu's CPU modules ----------===//
//
// Upstream's makeOptimizingTransformer (mlir/ExecutionEngine/OptUtils.h)
// turns on every vectorizer of the O3 pipeline and takes no tuning options;
// this is the same O3 pipeline with SLP vectorization off
// (GluDialect/Runner/Optimize.h says why).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Runner/Optimize.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

std::function<llvm::Error(llvm::Module *)>
mlir::glu::makeLLVMOptimizer(llvm::TargetMachine *machine) {
  return [machine](llvm::Module *module) -> llvm::Error {
    llvm::LoopAnalysisManager loops;
    llvm::FunctionAnalysisManager functions;
    llvm::CGSCCAnalysisManager sccs;
    llvm::ModuleAnalysisManager modules;
    llvm::PipelineTuningOptions tuning;
    tuning.LoopUnrolling = true;
    tuning.LoopInterleaving = true;
    tuning.LoopVectorization = true;
    tuning.SLPVectorization = false;
    llvm::PassBuilder builder(machine, tuning);
    builder.registerModuleAnalyses(modules);
    builder.registerCGSCCAnalyses(sccs);
    builder.registerFunctionAnalyses(functions);
    builder.registerLoopAnalyses(loops);
    builder.crossRegisterProxies(loops, functions, sccs, modules);
    llvm::ModulePassManager passes =
        builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
    passes.run(*module, modules);
    return llvm::Error::success();
  };
}
