//===- SplitFanOut.cpp - A restrict view per glu reader -------------------===//
//
// One-shot analysis walks all reads of an operand's aliases for every
// operand: quadratic in the readers of one tensor. A tensor only glu ops
// read is never written in place, so each reader may get its own restrict
// view of the tensor's buffer; the analysis then sees tensors of one use.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Transforms/Passes.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUSPLITFANOUT
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {

static bool isGluOp(Operation *op) {
  return isa<glu::GluOp, glu::GluBackOp>(op);
}

struct GluSplitFanOutPass : glu::impl::GluSplitFanOutBase<GluSplitFanOutPass> {
  using GluSplitFanOutBase::GluSplitFanOutBase;

  /// Gives each glu reader of `value` a restrict view of its buffer.
  void split(OpBuilder &builder, Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || minUses == 0)
      return;
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : value.getUses()) {
      if (!isGluOp(use.getOwner()))
        return;
      uses.push_back(&use);
    }
    if (uses.size() < minUses)
      return;
    if (auto arg = dyn_cast<BlockArgument>(value))
      builder.setInsertionPointToStart(arg.getOwner());
    else
      builder.setInsertionPointAfterValue(value);
    // The identity layout: what function arguments (identity boundary
    // layouts) and glu ops' allocations bufferize to.
    auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
    Value buffer = bufferization::ToBufferOp::create(
        builder, value.getLoc(), memrefType, value, /*read_only=*/true);
    for (OpOperand *use : uses) {
      builder.setInsertionPoint(use->getOwner());
      use->set(bufferization::ToTensorOp::create(builder, value.getLoc(), type,
                                                 buffer, /*restrict=*/true));
    }
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    OpBuilder builder(&getContext());
    for (BlockArgument arg : func.getArguments())
      split(builder, arg);
    SmallVector<Operation *> gluOps;
    func.walk([&](Operation *op) {
      if (isGluOp(op))
        gluOps.push_back(op);
    });
    for (Operation *op : gluOps)
      for (Value result : op->getResults())
        split(builder, result);
  }
};
} // namespace
