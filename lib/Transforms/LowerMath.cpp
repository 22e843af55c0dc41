//===- LowerMath.cpp - glu.round and math to exact arithmetic --------------===//

#include "GluDialect/Transforms/Passes.h"

#include "GluDialect/Dialect/FloatBuilder.h"
#include "GluDialect/Dialect/GluOps.h"

#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include <cmath>
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

/// Below this argument the upstream exp approximation would flush: its
/// 2^n factor is built from exponent bits and is 0 for n = -127, i.e. for
/// a < -87.68, where exp(a) is a subnormal (down to a = -103.97).
constexpr double kExpSubnormalBelow = -87.5;
/// exp(a) = exp(a + 32) * e^-32 there: a + 32 is exact (a is a multiple of
/// 2^-17 in [-128, -64), |a + 32| < 128), exp(a + 32) is a normal number
/// the approximation computes to its usual accuracy, and the product
/// rounds once into the subnormal range (gradual underflow). The rounding
/// of e^-32 to f32 (2^-24 relative) is below half a subnormal ulp.
constexpr double kExpShift = 32.0;

/// exp(a') * c with a' = a + 32, c = e^-32 where a < -87.5 and a' = a,
/// c = 1 elsewhere: the same bits as exp(a) for a >= -87.5 (a product with
/// 1 is exact), and subnormal results instead of 0 below.
Value subnormalSafeExp(OpBuilder &b, Location loc, Value a, Value low) {
  FloatBuilder fb(b, loc);
  Value shifted = fb.select(low, fb.add(a, kExpShift), a);
  Value scale = fb.select(low, fb.constantLike(a, std::exp(-kExpShift)),
                          fb.constantLike(a, 1.0));
  return fb.mul(math::ExpOp::create(b, loc, shifted), scale);
}

/// Rewrites every f32 math.exp(a) into subnormalSafeExp. On a vector (the
/// vectorized loops), the shifted form is computed only when some lane is
/// below -87.5 (a branch on the lanes' any): elsewhere it is plain exp(a),
/// the same bits, without the selects and the product that cost the
/// vectorized kernels up to a quarter of their speed. Scalars (remainder
/// loops, the GPU's threads) keep the branch-free selects.
void keepSubnormalExp(Operation *root) {
  SmallVector<math::ExpOp> exps;
  root->walk([&](math::ExpOp op) {
    if (getElementTypeOrSelf(op.getType()).isF32())
      exps.push_back(op);
  });
  for (math::ExpOp op : exps) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    FloatBuilder fb(b, loc);
    Value a = op.getOperand();
    Value low = fb.cmp(arith::CmpFPredicate::OLT, a, kExpSubnormalBelow);
    Value result;
    if (!isa<VectorType>(a.getType())) {
      result = subnormalSafeExp(b, loc, a, low);
    } else {
      Value any = vector::ReductionOp::create(
          b, loc, vector::CombiningKind::OR, low);
      auto branch = scf::IfOp::create(
          b, loc, any,
          [&](OpBuilder &then, Location l) {
            scf::YieldOp::create(then, l, subnormalSafeExp(then, l, a, low));
          },
          [&](OpBuilder &otherwise, Location l) {
            scf::YieldOp::create(
                otherwise, l, Value(math::ExpOp::create(otherwise, l, a)));
          });
      result = branch.getResult(0);
    }
    op.replaceAllUsesWith(result);
    op.erase();
  }
}

struct GluLowerMathPass : glu::impl::GluLowerMathBase<GluLowerMathPass> {
  void runOnOperation() override {
    // Every approximation upstream has (exp, tanh, erf, erfc, log, ...), and
    // the f16 -> f32 casts that let f16 math reuse them. No target-specific
    // variant (AVX2 rsqrt) is used, so the same program serves every target.
    // exp goes last: the other approximations (erfc) emit math.exp, and
    // every f32 exp is first given its subnormal range (keepSubnormalExp).
    auto notExp = [](StringRef name) {
      return name != math::ExpOp::getOperationName();
    };
    auto all = [](StringRef) { return true; };
    RewritePatternSet patterns(&getContext());
    populateGluRoundLoweringPatterns(patterns);
    populateMathF32ExpansionPatterns(patterns, all);
    populateMathPolynomialApproximationPatterns(patterns, notExp);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    keepSubnormalExp(getOperation());
    RewritePatternSet expPatterns(&getContext());
    populateMathPolynomialApproximationPatterns(expPatterns, all);
    if (failed(applyPatternsGreedily(getOperation(), std::move(expPatterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::glu::populateGluRoundLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<LowerRound>(patterns.getContext());
}
