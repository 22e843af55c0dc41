//===- GluRules.cpp - Derivative rules of the glu ops
//----------------------===//

#include "RuleBase.h"

#include "GluDialect/Definitions/GluDefinitions.h"
#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Interfaces/ReverseMode.h"
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

// t = gelu_table(x), ggml's f16 GELU entry at f16(x): straight-through
// both roundings (docs/semantics.md section 4), so dx is the VJP of glu's own
// f32 GELU at x, whose ops are built here and differentiated by the same rules
// (the f16_table plan's derivative is what it was when it rounded that GELU;
// for f32 storage inside the table definitions::derivativeTerms replaces it
// by the hand-written form at f16(x), the same function).
struct GeluTableRule : RuleBase<GeluTableRule, GeluTableOp> {
  static LogicalResult rule(FloatBuilder &fb, GeluTableOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    OpBuilder &b = fb.builder();
    Block *block = b.getInsertionBlock();
    Block::iterator end = b.getInsertionPoint();
    Operation *before = end == block->begin() ? nullptr : &*std::prev(end);
    Value act = definitions::gelu(fb, op.getInput());
    SmallVector<Operation *> primal;
    for (Operation &primalOp : llvm::make_range(
             before ? std::next(before->getIterator()) : block->begin(),
             b.getInsertionPoint()))
      primal.push_back(&primalOp);
    FailureOr<SmallVector<Value>> dx =
        differentiateReverse(b, primal, {{act, dy}}, {op.getInput()});
    if (failed(dx))
      return failure();
    d[0] = (*dx)[0];
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
    GeluTableOp::attachInterface<GeluTableRule>(*ctx);
    GluOp::attachInterface<GluRule>(*ctx);
  });
}
