//===- ReverseMode.cpp - Reverse-mode differentiation driver
//---------------===//

#include "GluDialect/Interfaces/ReverseMode.h"

#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::glu;

/// Values that carry derivatives: floats and shaped containers of floats.
static bool isDifferentiableType(Type type) {
  return isa<FloatType>(getElementTypeOrSelf(type));
}

FailureOr<SmallVector<Value>>
mlir::glu::differentiateReverse(OpBuilder &builder, ArrayRef<Operation *> ops,
                                ArrayRef<std::pair<Value, Value>> seeds,
                                ArrayRef<Value> wrt,
                                SmallVectorImpl<SmallVector<Value>> *terms) {
  // Forward activity: values that depend on `wrt`. An op's inputs are its
  // operands and the values its regions use from above (captures).
  llvm::DenseSet<Value> varied(wrt.begin(), wrt.end());
  auto activeCaptures = [&](Operation *op) {
    llvm::SetVector<Value> captures;
    if (op->getNumRegions())
      getUsedValuesDefinedAbove(op->getRegions(), captures);
    SmallVector<Value> active;
    for (Value v : captures)
      if (varied.contains(v))
        active.push_back(v);
    return active;
  };
  for (Operation *op : ops) {
    if (llvm::none_of(op->getOperands(),
                      [&](Value v) { return varied.contains(v); }) &&
        activeCaptures(op).empty())
      continue;
    for (Value result : op->getResults())
      if (isDifferentiableType(result.getType()))
        varied.insert(result);
  }

  // Cotangents, accumulated as the sweep visits each value's users.
  llvm::DenseMap<Value, Value> cotangents;
  llvm::DenseMap<Value, SmallVector<Value>> wrtTerms;
  auto accumulate = [&](Value primal, Value cotangent, Location loc) {
    if (terms && llvm::is_contained(wrt, primal))
      wrtTerms[primal].push_back(cotangent);
    Value &slot = cotangents[primal];
    slot =
        slot ? arith::AddFOp::create(builder, loc, slot, cotangent).getResult()
             : cotangent;
  };
  for (auto [value, cotangent] : seeds)
    if (cotangent)
      accumulate(value, cotangent, value.getLoc());

  for (Operation *op : llvm::reverse(ops)) {
    SmallVector<Value> resultCotangents;
    bool anyCotangent = false;
    for (Value result : op->getResults()) {
      Value cotangent =
          varied.contains(result) ? cotangents.lookup(result) : Value();
      resultCotangents.push_back(cotangent);
      anyCotangent |= bool(cotangent);
    }
    if (!anyCotangent)
      continue;
    auto rule = dyn_cast<DifferentiableOpInterface>(op);
    if (!rule)
      return op->emitOpError("has no derivative rule "
                             "(DifferentiableOpInterface)");
    SmallVector<bool> activeOperands;
    for (Value operand : op->getOperands())
      activeOperands.push_back(varied.contains(operand));
    SmallVector<Value> captures = activeCaptures(op);
    SmallVector<Value> operandCotangents, captureCotangents;
    if (failed(rule.emitActiveVJP(builder, resultCotangents, activeOperands,
                                  captures, operandCotangents,
                                  captureCotangents)))
      return failure();
    assert(operandCotangents.size() == op->getNumOperands() &&
           captureCotangents.size() == captures.size() &&
           "a rule must return one cotangent slot per operand and capture");
    for (auto [operand, cotangent] :
         llvm::zip(op->getOperands(), operandCotangents))
      if (cotangent && varied.contains(operand))
        accumulate(operand, cotangent, op->getLoc());
    for (auto [capture, cotangent] : llvm::zip(captures, captureCotangents))
      if (cotangent)
        accumulate(capture, cotangent, op->getLoc());
  }

  SmallVector<Value> gradients;
  for (Value value : wrt)
    gradients.push_back(cotangents.lookup(value));
  if (terms) {
    terms->clear();
    for (Value value : wrt)
      terms->push_back(wrtTerms.lookup(value));
  }
  return gradients;
}
