//===- Optimize.cpp - The LLVM optimization of glu's CPU modules ----------===//
//
// Upstream's makeOptimizingTransformer (mlir/ExecutionEngine/OptUtils.h)
// turns on every vectorizer of the O3 pipeline and takes no tuning options;
// this is the same O3 pipeline with SLP vectorization off, followed by an
// arithmetic fence on every f32/f64 load but the table lookups
// (GluDialect/Runner/Optimize.h says why).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Runner/Optimize.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

/// Whether `load` reads a mutable global variable: one of glu-tabulate's
/// tables (written once at load time), looked up, not streamed. A constant
/// global holds a program's constant operand, read as a stream.
static bool readsTable(const llvm::LoadInst *load) {
  auto *global = llvm::dyn_cast<llvm::GlobalVariable>(
      llvm::getUnderlyingObject(load->getPointerOperand()));
  return global && !global->isConstant();
}

/// Fences `module`'s f32/f64 loads, vectors and scalars (after LLVM's
/// vectorizer, which a fenced scalar load would stop), but not the table
/// lookups.
static void fenceFloatVectorLoads(llvm::Module &module) {
  auto isFence = [](const llvm::User *user) {
    auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(user);
    return call && call->getIntrinsicID() == llvm::Intrinsic::arithmetic_fence;
  };
  for (llvm::Function &function : module)
    for (llvm::Instruction &inst :
         llvm::make_early_inc_range(llvm::instructions(function))) {
      auto *load = llvm::dyn_cast<llvm::LoadInst>(&inst);
      llvm::Type *type = load ? load->getType() : nullptr;
      if (!type || !load->isSimple() ||
          !(type->getScalarType()->isFloatTy() ||
            type->getScalarType()->isDoubleTy()) ||
          llvm::isa<llvm::ScalableVectorType>(type) ||
          llvm::all_of(load->users(), isFence) || readsTable(load))
        continue;
      llvm::IRBuilder<> builder(load->getNextNode());
      llvm::Value *fenced = builder.CreateArithmeticFence(load, type);
      load->replaceUsesWithIf(
          fenced, [&](llvm::Use &use) { return use.getUser() != fenced; });
    }
}

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
    fenceFloatVectorLoads(*module);
    return llvm::Error::success();
  };
}
