//===- LowerMath.cpp - glu.round and math to exact arithmetic --------------===//

#include "GluDialect/Transforms/Passes.h"

#include "GluDialect/Dialect/GluOps.h"

#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLULOWERMATH
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

namespace {
/// glu.round %x to T -> arith.extf(arith.truncf(%x)), elementwise on
/// scalars, vectors or tensors.
struct LowerRound : OpRewritePattern<RoundOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(RoundOp op,
                                PatternRewriter &rewriter) const override {
    Type narrow = op.getTo();
    Type type = op.getType();
    if (auto shaped = dyn_cast<ShapedType>(type))
      narrow = shaped.clone(narrow);
    Value truncated =
        arith::TruncFOp::create(rewriter, op.getLoc(), narrow, op.getInput());
    rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, type, truncated);
    return success();
  }
};

struct GluLowerMathPass : glu::impl::GluLowerMathBase<GluLowerMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGluRoundLoweringPatterns(patterns);
    // Every approximation upstream has (exp, tanh, erf, erfc, log, ...), and
    // the f16 -> f32 casts that let f16 math reuse them. No target-specific
    // variant (AVX2 rsqrt) is used, so the same program serves every target.
    auto all = [](StringRef) { return true; };
    populateMathF32ExpansionPatterns(patterns, all);
    populateMathPolynomialApproximationPatterns(patterns, all);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::glu::populateGluRoundLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<LowerRound>(patterns.getContext());
}
