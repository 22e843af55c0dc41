//===- OneThreadFallback.cpp - Skip OpenMP's region on one thread ---------===//
//
// LLVM's OpenMP runtime enters a (serialized) parallel region and a
// worksharing loop even when it runs one thread, which costs about as much
// as a cache-resident elementwise kernel (docs/performance-analysis.md).
// Each outermost scf.parallel gets a sequential twin, chosen at run time
// when OpenMP would use one thread.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUONETHREADFALLBACK
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// OpenMP's query of the threads the next parallel region would use.
constexpr llvm::StringLiteral kMaxThreads = "omp_get_max_threads";

struct GluOneThreadFallbackPass
    : glu::impl::GluOneThreadFallbackBase<GluOneThreadFallbackPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ParallelOp> loops;
    module.walk([&](scf::ParallelOp op) {
      // Loops in nested symbol tables (a gpu.module, an inner module) are
      // left alone: the declaration lives in this module.
      if (op.getNumReductions() == 0 &&
          !op->getParentOfType<scf::ParallelOp>() &&
          SymbolTable::getNearestSymbolTable(op) == module.getOperation())
        loops.push_back(op);
    });
    if (loops.empty())
      return;
    func::FuncOp query = declareMaxThreads(module);
    if (!query)
      return signalPassFailure();
    // One table for the names taken: a lookup per loop, not a scan of the
    // module's symbols per loop.
    SymbolTable symbols(module);
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp loop : loops) {
      Location loc = loop.getLoc();
      rewriter.setInsertionPoint(loop);
      Value threads =
          func::CallOp::create(rewriter, loc, query, ValueRange{}).getResult(0);
      Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
      Value many = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sgt, threads, one);
      auto branch = scf::IfOp::create(rewriter, loc, TypeRange{}, many,
                                      /*withElseRegion=*/true);
      rewriter.moveOpBefore(loop, branch.thenBlock()->getTerminator());
      rewriter.setInsertionPoint(branch.elseBlock()->getTerminator());
      auto twin = cast<scf::ParallelOp>(rewriter.clone(*loop));
      if (failed(scf::parallelForToNestedFors(rewriter, twin))) {
        loop.emitOpError("has no sequential form");
        return signalPassFailure();
      }
      // The copy in a function of its own, as OpenMP outlines the parallel
      // body: LLVM then allocates its registers on its own (inline in the
      // caller, the heaviest backward kernels ran 5-8% slower).
      // Constants are copied in, not passed: an intrinsic's immediate
      // operand (vscalefps's rounding, glu-version-by-range) must stay a
      // constant in the outlined body.
      Region &body = branch.getElseRegion();
      SetVector<Value> captured;
      getUsedValuesDefinedAbove(body, captured);
      rewriter.setInsertionPointToStart(&body.front());
      for (Value v : captured)
        if (Operation *def = v.getDefiningOp();
            def && def->hasTrait<OpTrait::ConstantLike>())
          replaceAllUsesInRegionWith(v, rewriter.clone(*def)->getResult(0),
                                     body);
      std::string name = uniqueName(symbols, loop);
      FailureOr<func::FuncOp> outlined =
          outlineSingleBlockRegion(rewriter, loc, branch.getElseRegion(), name);
      if (failed(outlined)) {
        loop.emitOpError("could not be outlined");
        return signalPassFailure();
      }
      symbols.insert(*outlined); // already in the module, its name unique
      outlined->setPrivate();
      (*outlined)->setAttr(
          "passthrough",
          rewriter.getArrayAttr({rewriter.getStringAttr("noinline")}));
    }
  }

  /// A symbol name not taken in `symbols`, after the loop's function.
  std::string uniqueName(const SymbolTable &symbols, scf::ParallelOp loop) {
    auto parent = loop->getParentOfType<func::FuncOp>();
    std::string base =
        (parent ? parent.getSymName() : StringRef("loop")).str() +
        "__one_thread";
    std::string name = base;
    for (unsigned i = 1; symbols.lookup(name); ++i)
      name = base + "_" + std::to_string(i);
    return name;
  }

  /// `func.func private @omp_get_max_threads() -> i32`, declared once.
  func::FuncOp declareMaxThreads(ModuleOp module) {
    OpBuilder b(&getContext());
    auto type = b.getFunctionType({}, {b.getI32Type()});
    if (auto existing = module.lookupSymbol<func::FuncOp>(kMaxThreads)) {
      // A body of the module's own would answer for OpenMP (and decide,
      // unseen, that every loop runs on one thread).
      if (!existing.isExternal()) {
        existing.emitOpError("defines omp_get_max_threads, the OpenMP "
                             "runtime's query that the row-parallel loops "
                             "call; rename it");
        return nullptr;
      }
      if (existing.getFunctionType() == type)
        return existing;
      existing.emitOpError("is not OpenMP's omp_get_max_threads() -> i32");
      return nullptr;
    }
    if (module.lookupSymbol(kMaxThreads)) {
      module.emitOpError("holds a symbol '")
          << kMaxThreads << "' that is not a function";
      return nullptr;
    }
    b.setInsertionPointToStart(module.getBody());
    auto decl = func::FuncOp::create(b, module.getLoc(), kMaxThreads, type);
    decl.setPrivate();
    return decl;
  }
};
} // namespace
