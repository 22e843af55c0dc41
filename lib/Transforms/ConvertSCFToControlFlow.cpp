//===- ConvertSCFToControlFlow.cpp - scf-to-cf, linear in a block's ops ---===//
//
// Upstream's lowering of an scf op with regions (scf.if, scf.for, ...)
// splits the op's block, moving every op that follows it: quadratic in a
// function body holding one such op per glu op (the runtime checks of each
// linalg op sit in an scf.if). This pass splits each function body after
// each such op beforehand, from the last to the first (each op moves once),
// applies upstream's scf-to-cf patterns (each split now moves one branch),
// and merges the blocks it split off back into the continuations the
// lowering created: the IR of upstream's pass alone.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCONVERTSCFTOCONTROLFLOW
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// Whether upstream's lowering of `op` splits its block.
bool splitsItsBlock(Operation *op) {
  return op->getNumRegions() != 0 && isa<scf::SCFDialect>(op->getDialect()) &&
         isa_and_nonnull<FunctionOpInterface>(op->getParentOp());
}

struct GluConvertSCFToControlFlowPass
    : glu::impl::GluConvertSCFToControlFlowBase<
          GluConvertSCFToControlFlowPass> {
  void runOnOperation() override {
    // The ops followed by more than their block's terminator, by block.
    llvm::MapVector<Block *, SmallVector<Operation *>> byBlock;
    getOperation()->walk([&](Operation *op) {
      if (splitsItsBlock(op) && op->getNextNode() != &op->getBlock()->back())
        byBlock[op->getBlock()].push_back(op);
    });
    SmallVector<Block *> splits;
    OpBuilder builder(&getContext());
    for (auto &[block, ops] : byBlock) {
      for (Operation *op : llvm::reverse(ops)) {
        Block *rest = block->splitBlock(op->getNextNode());
        builder.setInsertionPointAfter(op);
        cf::BranchOp::create(builder, op->getLoc(), rest);
        splits.push_back(rest);
      }
    }

    // Upstream's scf-to-cf.
    RewritePatternSet patterns(&getContext());
    populateSCFToControlFlowConversionPatterns(patterns);
    ConversionTarget target(getContext());
    target
        .addIllegalOp<scf::ForallOp, scf::ForOp, scf::IfOp, scf::IndexSwitchOp,
                      scf::ParallelOp, scf::WhileOp, scf::ExecuteRegionOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();

    // Each block split off follows a continuation block the lowering
    // created, holding only the branch to it.
    for (Block *rest : splits) {
      Block *continuation = rest->getSinglePredecessor();
      if (!continuation || continuation == rest ||
          !llvm::hasSingleElement(*continuation))
        continue;
      auto branch = dyn_cast<cf::BranchOp>(continuation->front());
      if (!branch || branch.getDest() != rest ||
          !branch.getDestOperands().empty())
        continue;
      branch->erase();
      continuation->getOperations().splice(continuation->end(),
                                           rest->getOperations());
      rest->erase();
    }
  }
};
} // namespace
