//===- MathRules.cpp - Derivative rules of math ops
//------------------------===//
//
// Reverse-mode rules for the math dialect's float functions. Like the arith
// rules they are elementwise and work on scalars, vectors and tensors. Each
// reuses the op's own result where the derivative contains it, so the
// forward value is never computed twice.
//
//===----------------------------------------------------------------------===//

#include "RuleBase.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/DialectRegistry.h"
#include <cmath>

using namespace mlir;
using namespace mlir::glu;

namespace {
// y = exp(a): da = dy * y.
struct ExpRule : RuleBase<ExpRule, math::ExpOp> {
  static LogicalResult rule(FloatBuilder &fb, math::ExpOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({fb.mul(dy, op.getResult())});
    return success();
  }
};

// y = tanh(a): da = dy * (1 - y^2), computed as (1 - y) * (1 + y), which
// keeps full relative accuracy as |y| -> 1 where 1 - y*y cancels.
struct TanhRule : RuleBase<TanhRule, math::TanhOp> {
  static LogicalResult rule(FloatBuilder &fb, math::TanhOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    Value y = op.getResult();
    Value one = fb.constantLike(y, 1.0);
    Value oneMinusY = fb.sub(one, y);
    d.assign({fb.mul(dy, fb.mul(oneMinusY, fb.add(one, y)))});
    return success();
  }
};

/// 2/sqrt(pi) * exp(-a^2), the magnitude of erf' and erfc'. a^2 is carried
/// as hi + lo (lo = fma(a, a, -hi), its exact rounding error) and
/// exp(-(hi + lo)) = exp(-hi) * (1 - lo): exp would otherwise amplify the
/// rounding of a^2 by a^2 (12 ulp at a = 5). 2/sqrt(pi) is applied as
/// hi + lo too: its f32 value alone is 0.87 * 2^-24 too large, a bias of
/// up to 0.9 ulp in every erf' (geglu_erf's d_x).
static Value erfSlope(FloatBuilder &fb, Value a) {
  Value hi = fb.mul(a, a);
  Value lo = fb.fma(a, a, fb.neg(hi));
  Value e = fb.exp(fb.neg(hi));
  Value compensated = fb.fma(fb.neg(lo), e, e);
  const double k = 2.0 / std::sqrt(M_PI);
  const double kHi = double(float(k));
  Value kHiValue = fb.constantLike(a, kHi);
  return fb.fma(kHiValue, compensated, fb.mul(compensated, k - kHi));
}

// y = erf(a): da = dy * 2/sqrt(pi) * exp(-a^2).
struct ErfRule : RuleBase<ErfRule, math::ErfOp> {
  static LogicalResult rule(FloatBuilder &fb, math::ErfOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({fb.mul(dy, erfSlope(fb, op.getOperand()))});
    return success();
  }
};

// y = erfc(a) = 1 - erf(a): da = -dy * 2/sqrt(pi) * exp(-a^2).
struct ErfcRule : RuleBase<ErfcRule, math::ErfcOp> {
  static LogicalResult rule(FloatBuilder &fb, math::ErfcOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({fb.neg(fb.mul(dy, erfSlope(fb, op.getOperand())))});
    return success();
  }
};

// y = |a|: da = a < 0 ? -dy : dy (the right derivative at 0; NaN keeps dy).
struct AbsFRule : RuleBase<AbsFRule, math::AbsFOp> {
  static LogicalResult rule(FloatBuilder &fb, math::AbsFOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    Value negative = fb.cmp(arith::CmpFPredicate::OLT, op.getOperand(), 0.0);
    d.assign({fb.select(negative, fb.neg(dy), dy)});
    return success();
  }
};

// y = fma(a, b, c) = a*b + c: da = dy * b, db = dy * a, dc = dy.
struct FmaRule : RuleBase<FmaRule, math::FmaOp> {
  static LogicalResult rule(FloatBuilder &fb, math::FmaOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({fb.mul(dy, op.getB()), fb.mul(dy, op.getA()), dy});
    return success();
  }
};

// y = sqrt(a): da = dy / (2 y).
struct SqrtRule : RuleBase<SqrtRule, math::SqrtOp> {
  static LogicalResult rule(FloatBuilder &fb, math::SqrtOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({fb.div(dy, fb.mul(2.0, op.getResult()))});
    return success();
  }
};

// y = rsqrt(a) = a^(-1/2): da = dy * (-1/2) * a^(-3/2) = -0.5 * dy * y^3.
struct RsqrtRule : RuleBase<RsqrtRule, math::RsqrtOp> {
  static LogicalResult rule(FloatBuilder &fb, math::RsqrtOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    Value y = op.getResult();
    Value halfDy = fb.mul(-0.5, dy);
    d.assign({fb.mul(halfDy, fb.mul(y, fb.mul(y, y)))});
    return success();
  }
};

// y = log(a): da = dy / a.
struct LogRule : RuleBase<LogRule, math::LogOp> {
  static LogicalResult rule(FloatBuilder &fb, math::LogOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({fb.div(dy, op.getOperand())});
    return success();
  }
};

// y = log1p(a): da = dy / (1 + a).
struct Log1pRule : RuleBase<Log1pRule, math::Log1pOp> {
  static LogicalResult rule(FloatBuilder &fb, math::Log1pOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({fb.div(dy, fb.add(op.getOperand(), 1.0))});
    return success();
  }
};
} // namespace

void mlir::glu::registerMathRules(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, math::MathDialect *) {
    math::ExpOp::attachInterface<ExpRule>(*ctx);
    math::TanhOp::attachInterface<TanhRule>(*ctx);
    math::ErfOp::attachInterface<ErfRule>(*ctx);
    math::ErfcOp::attachInterface<ErfcRule>(*ctx);
    math::AbsFOp::attachInterface<AbsFRule>(*ctx);
    math::FmaOp::attachInterface<FmaRule>(*ctx);
    math::SqrtOp::attachInterface<SqrtRule>(*ctx);
    math::RsqrtOp::attachInterface<RsqrtRule>(*ctx);
    math::LogOp::attachInterface<LogRule>(*ctx);
    math::Log1pOp::attachInterface<Log1pRule>(*ctx);
  });
}
