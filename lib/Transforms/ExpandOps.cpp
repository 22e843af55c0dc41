//===- ExpandOps.cpp - The glu-expand-ops pass ----------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Transforms/Expand.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUEXPANDOPS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

namespace {

template <typename OpT> struct ExpandOnTensors : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Value>> results = expandOnTensors(rewriter, op);
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

struct GluExpandOpsPass : glu::impl::GluExpandOpsBase<GluExpandOpsPass> {
  using GluExpandOpsBase::GluExpandOpsBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGluExpandPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    WalkResult left = getOperation()->walk([](Operation *op) {
      if (!isa<GluOp, GluBackOp>(op))
        return WalkResult::advance();
      op->emitOpError("could not be expanded");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

FailureOr<SmallVector<Value>> mlir::glu::expandOnTensors(OpBuilder &builder,
                                                         Operation *op) {
  // On tensors, results start as tensor.empty.
  auto empty = [](OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<OpFoldResult> sizes) -> FailureOr<Value> {
    SmallVector<Value> dynamic;
    for (auto [dim, size] : llvm::enumerate(sizes))
      if (type.isDynamicDim(dim))
        dynamic.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
    return tensor::EmptyOp::create(b, loc, type, dynamic).getResult();
  };
  return lowerGluOp(builder, op, op->getOperands(), empty);
}

void mlir::glu::populateGluExpandPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandOnTensors<GluOp>, ExpandOnTensors<GluBackOp>>(
      patterns.getContext());
}
