//===- RuleBase.h - Boilerplate shared by the derivative rules --*- C++ -*-===//

#ifndef GLUDIALECT_LIB_INTERFACES_RULEBASE_H
#define GLUDIALECT_LIB_INTERFACES_RULEBASE_H

#include "GluDialect/Definitions/FloatBuilder.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"

namespace mlir {
class DialectRegistry;
namespace glu {

/// A rule for a single-result op: `ConcreteModel::rule(fb, op, dy, d)` fills
/// the operand cotangents `d` (one slot per operand, null for zero). Ops
/// whose result has no cotangent are skipped before the rule is called.
template <typename ConcreteModel, typename OpT>
struct RuleBase : DifferentiableOpInterface::ExternalModel<ConcreteModel, OpT> {
  LogicalResult emitVJP(Operation *op, OpBuilder &builder,
                        ArrayRef<Value> resultCotangents,
                        SmallVectorImpl<Value> &operandCotangents) const {
    operandCotangents.assign(op->getNumOperands(), Value());
    if (!resultCotangents[0])
      return success();
    FloatBuilder fb(builder, op->getLoc());
    return ConcreteModel::rule(fb, cast<OpT>(op), resultCotangents[0],
                               operandCotangents);
  }
};

void registerArithRules(DialectRegistry &registry);
void registerMathRules(DialectRegistry &registry);
void registerGluRules(DialectRegistry &registry);
void registerLinalgRules(DialectRegistry &registry);
void registerTensorRules(DialectRegistry &registry);

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_LIB_INTERFACES_RULEBASE_H
