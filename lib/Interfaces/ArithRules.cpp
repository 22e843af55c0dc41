//===- ArithRules.cpp - Derivative rules of arith float ops
//----------------===//
//
// Reverse-mode rules for the arith float ops. Each works unchanged on
// scalars, vectors and tensors (arith ops are elementwise). Notation: y is
// the op's result, dy its cotangent, da/db the operands' cotangents.
//
//===----------------------------------------------------------------------===//

#include "RuleBase.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::glu;

namespace {
// y = a + b: da = dy, db = dy.
struct AddFRule : RuleBase<AddFRule, arith::AddFOp> {
  static LogicalResult rule(FloatBuilder &, arith::AddFOp, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({dy, dy});
    return success();
  }
};

// y = a - b: da = dy, db = -dy.
struct SubFRule : RuleBase<SubFRule, arith::SubFOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::SubFOp, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({dy, fb.neg(dy)});
    return success();
  }
};

// y = a * b: da = dy * b, db = dy * a. A square a * a: da = 2 * (dy * a),
// one rounding (the doubling is exact) where the two cotangents accumulated
// into a would round twice more (dy*a + dy*a is exact, but it is added to
// a's other cotangents one at a time: geglu's x^2, geglu_erf's z^2).
struct MulFRule : RuleBase<MulFRule, arith::MulFOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::MulFOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    if (op.getLhs() == op.getRhs()) {
      d.assign({fb.mul(fb.mul(dy, op.getLhs()), 2.0), Value()});
      return success();
    }
    d.assign({fb.mul(dy, op.getRhs()), fb.mul(dy, op.getLhs())});
    return success();
  }
};

// y = a / b: da = dy / b, db = -dy * a / b^2 = -(da * y).
// Written through y so no b^2 can overflow where y itself is finite.
struct DivFRule : RuleBase<DivFRule, arith::DivFOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::DivFOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    Value da = fb.div(dy, op.getRhs());
    Value db = fb.neg(fb.mul(da, op.getResult()));
    d.assign({da, db});
    return success();
  }
};

// y = -a: da = -dy.
struct NegFRule : RuleBase<NegFRule, arith::NegFOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::NegFOp, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({fb.neg(dy)});
    return success();
  }
};

/// The cotangent of a NaN-propagating minimum/maximum's first operand `a`
/// when the result is `a`: dy, or NaN where a is NaN (min and clamp propagate
/// NaN, their gradients included: docs/semantics.md section 5).
static Value passThrough(FloatBuilder &fb, Value a, Value dy) {
  return fb.select(fb.cmp(arith::CmpFPredicate::UNO, a, a), a, dy);
}

/// Routes dy to one side of a two-way choice: `toSecond` true sends it to
/// the second operand. A select, never a multiply by 0/1, so an infinite
/// dy on the side taken does not become NaN on the other (inf * 0). A NaN
/// dy reaches both sides: it stands for an unknown input (dy*g with a NaN
/// g), and the gradient of the side not taken is 0 * NaN = NaN (x = -inf
/// with a NaN up value gives a NaN d_gate, as x = -1e30 does). A NaN
/// operand is the result, whichever it is (the choice compares false): it
/// takes dy, as NaN (a NaN second operand got 0, the first all of dy).
static void route(FloatBuilder &fb, Value toSecond, Value first, Value second,
                  Value dy, SmallVectorImpl<Value> &d) {
  Value zero = fb.zerosLike(dy);
  Value notTaken =
      fb.select(fb.cmp(arith::CmpFPredicate::UNO, dy, dy), dy, zero);
  toSecond =
      fb.select(fb.cmp(arith::CmpFPredicate::UNO, second, second),
                fb.cmp(arith::CmpFPredicate::ORD, first, first), toSecond);
  d.assign({passThrough(fb, first, fb.select(toSecond, notTaken, dy)),
            passThrough(fb, second, fb.select(toSecond, dy, notTaken))});
}

// y = minimum(a, b) (NaN-propagating): the gradient goes to a unless a > b.
// So ties (a == b) and a NaN in a go to a. This is the convention of
// docs/semantics.md section 4 for min(x, limit): the gradient passes where x <=
// limit, inclusive, and a NaN x gets a NaN gradient.
struct MinimumFRule : RuleBase<MinimumFRule, arith::MinimumFOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::MinimumFOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    route(fb, fb.cmp(arith::CmpFPredicate::OGT, op.getLhs(), op.getRhs()),
          op.getLhs(), op.getRhs(), dy, d);
    return success();
  }
};

// y = maximum(a, b): the gradient goes to a unless a < b (ties and NaN in a
// go to a): clamp(g, -limit, limit) passes where -limit <= g, inclusive.
struct MaximumFRule : RuleBase<MaximumFRule, arith::MaximumFOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::MaximumFOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    route(fb, fb.cmp(arith::CmpFPredicate::OLT, op.getLhs(), op.getRhs()),
          op.getLhs(), op.getRhs(), dy, d);
    return success();
  }
};

// y = c ? a : b: da = c ? dy : 0, db = c ? 0 : dy; c gets none.
struct SelectRule : RuleBase<SelectRule, arith::SelectOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::SelectOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    Value zero = fb.zerosLike(dy);
    d.assign({Value(), fb.select(op.getCondition(), dy, zero),
              fb.select(op.getCondition(), zero, dy)});
    return success();
  }
};

// y = extf(a): da = truncf(dy), the gradient of a narrow value is narrow.
struct ExtFRule : RuleBase<ExtFRule, arith::ExtFOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::ExtFOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({arith::TruncFOp::create(fb.builder(), fb.getLoc(),
                                      op.getIn().getType(), dy)});
    return success();
  }
};

// y = truncf(a): da = extf(dy) (straight-through).
struct TruncFRule : RuleBase<TruncFRule, arith::TruncFOp> {
  static LogicalResult rule(FloatBuilder &fb, arith::TruncFOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({arith::ExtFOp::create(fb.builder(), fb.getLoc(),
                                    op.getIn().getType(), dy)});
    return success();
  }
};

// Constants have no operands; listing them marks them as known.
struct ConstantRule : RuleBase<ConstantRule, arith::ConstantOp> {
  static LogicalResult rule(FloatBuilder &, arith::ConstantOp, Value,
                            SmallVectorImpl<Value> &) {
    return success();
  }
};
} // namespace

void mlir::glu::registerArithRules(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
    arith::AddFOp::attachInterface<AddFRule>(*ctx);
    arith::SubFOp::attachInterface<SubFRule>(*ctx);
    arith::MulFOp::attachInterface<MulFRule>(*ctx);
    arith::DivFOp::attachInterface<DivFRule>(*ctx);
    arith::NegFOp::attachInterface<NegFRule>(*ctx);
    arith::MinimumFOp::attachInterface<MinimumFRule>(*ctx);
    arith::MaximumFOp::attachInterface<MaximumFRule>(*ctx);
    arith::SelectOp::attachInterface<SelectRule>(*ctx);
    arith::ExtFOp::attachInterface<ExtFRule>(*ctx);
    arith::TruncFOp::attachInterface<TruncFRule>(*ctx);
    arith::ConstantOp::attachInterface<ConstantRule>(*ctx);
  });
}
