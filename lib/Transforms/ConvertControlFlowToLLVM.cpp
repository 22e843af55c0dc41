//===- ConvertControlFlowToLLVM.cpp - cf-to-llvm, linear in asserts -------===//
//
// Upstream's cf.assert lowering splits the assert's block, moving every op
// after the assert into a new block: quadratic when a block holds one
// assert per glu op. Splitting the block at each assert beforehand, last
// first, moves each op once; the lowering then moves one branch per
// assert, and merging the split-off blocks into the lowering's
// continuations restores the very IR upstream produces.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCONVERTCONTROLFLOWTOLLVM
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
struct GluConvertControlFlowToLLVMPass
    : glu::impl::GluConvertControlFlowToLLVMBase<
          GluConvertControlFlowToLLVMPass> {
  void runOnOperation() override {
    // Asserts followed by more than their block's terminator, by block.
    llvm::MapVector<Block *, SmallVector<cf::AssertOp>> asserts;
    getOperation()->walk([&](cf::AssertOp op) {
      if (op->getNextNode() != op->getBlock()->getTerminator())
        asserts[op->getBlock()].push_back(op);
    });
    // The blocks split off; each ends up after a block holding only the
    // branch to it.
    SmallVector<Block *> splits;
    OpBuilder builder(&getContext());
    for (auto &[block, ops] : asserts) {
      for (cf::AssertOp op : llvm::reverse(ops)) {
        Block *rest = block->splitBlock(op->getNextNode());
        builder.setInsertionPointAfter(op);
        cf::BranchOp::create(builder, op.getLoc(), rest);
        splits.push_back(rest);
      }
    }

    // Upstream's convert-cf-to-llvm (its default options), applied here
    // rather than as a nested pipeline, which would verify the module once
    // more.
    MLIRContext *ctx = &getContext();
    LLVMConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      return op->getDialect() != ctx->getLoadedDialect<cf::ControlFlowDialect>();
    });
    LLVMTypeConverter converter(ctx, LowerToLLVMOptions(ctx));
    RewritePatternSet patterns(ctx);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    cf::populateAssertToLLVMConversionPattern(converter, patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();

    for (Block *rest : splits) {
      Block *continuation = rest->getSinglePredecessor();
      auto branch =
          continuation
              ? dyn_cast<LLVM::BrOp>(continuation->getTerminator())
              : LLVM::BrOp();
      if (!branch || &continuation->front() != branch.getOperation() ||
          branch.getDest() != rest || !branch.getDestOperands().empty()) {
        getOperation()->emitError("glu-convert-cf-to-llvm: unexpected "
                                  "control flow after lowering an assert");
        return signalPassFailure();
      }
      branch->erase();
      continuation->getOperations().splice(continuation->end(),
                                           rest->getOperations());
      rest->erase();
    }
  }
};
} // namespace
