//===- ReverseMode.h - Reverse-mode differentiation driver ------*- C++ -*-===//
//
// A thin driver over DifferentiableOpInterface: given a straight-line list of
// ops, the cotangents of some of their results and the values to
// differentiate with respect to, it walks the ops backwards and emits each
// active op's rule. It works the same on scalars (a variant's definition) and
// on tensors (whole functions).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_INTERFACES_REVERSEMODE_H
#define GLUDIALECT_INTERFACES_REVERSEMODE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace mlir::glu {

/// Emits, at `builder`'s insertion point (which every value of `ops` must
/// dominate), the reverse-mode derivative of `ops` (in program order).
/// `seeds` pairs values with their cotangents. Returns the cotangent of each
/// value of `wrt`, or a null Value where it is zero (no path to a seed).
///
/// Only active ops are differentiated: those with an input that depends on
/// `wrt` and a result with a cotangent, where an op's inputs are its operands
/// and the values its regions use from above (captures, e.g. a tensor a
/// linalg.generic payload reads with tensor.extract). Rules are called
/// through DifferentiableOpInterface::emitActiveVJP with the activity of
/// each operand and the active captures. An active op without a rule is an
/// error, reported on that op.
///
/// `terms`, where given, receives for each value of `wrt` the cotangents
/// accumulated into it one by one (the returned cotangent is their sum), so
/// that a caller may sum them more accurately than one rounding per term.
FailureOr<SmallVector<Value>>
differentiateReverse(OpBuilder &builder, ArrayRef<Operation *> ops,
                     ArrayRef<std::pair<Value, Value>> seeds,
                     ArrayRef<Value> wrt,
                     SmallVectorImpl<SmallVector<Value>> *terms = nullptr);

} // namespace mlir::glu

#endif // GLUDIALECT_INTERFACES_REVERSEMODE_H
