//===- GluRules.cpp - Derivative rules of the glu ops ----------------------===//

#include "RuleBase.h"

#include "GluDialect/Dialect/GluOps.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::glu;

namespace {
// r = round(a): straight-through, da = dy (docs/semantics.md section 4).
// The value the forward multiplied is still the rounded one: rules
// downstream use r.
struct RoundRule : RuleBase<RoundRule, RoundOp> {
  static LogicalResult rule(FloatBuilder &, RoundOp, Value dy,
                            SmallVectorImpl<Value> &d) {
    d.assign({dy});
    return success();
  }
};

// y = glu(a[, b]): (da[, db]) = glu_back(dy, a[, b]) with the same
// configuration; glu-expand-ops derives glu_back's arithmetic from the
// variant's definition.
struct GluRule : RuleBase<GluRule, GluOp> {
  static LogicalResult rule(FloatBuilder &fb, GluOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    auto back = GluBackOp::create(
        fb.builder(), op.getLoc(), op.getVariant(), dy, op.getA(), op.getB(),
        op.getRounding(), op.getPacking(),
        op.getAlpha() ? std::optional(op.getAlpha()->convertToFloat())
                      : std::nullopt,
        op.getLimit() ? std::optional(op.getLimit()->convertToFloat())
                      : std::nullopt);
    d.assign(back.getResults().begin(), back.getResults().end());
    return success();
  }
};

// glu_back is not differentiated again (no second-order rules).
} // namespace

void mlir::glu::registerGluRules(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GluDialect *) {
    RoundOp::attachInterface<RoundRule>(*ctx);
    GluOp::attachInterface<GluRule>(*ctx);
  });
}
