//===- FloatBuilder.h - Terse float arithmetic building ---------*- C++ -*-===//
//
// Builds arith/math ops on float scalars, vectors and tensors (static or
// dynamic shapes), with constants shaped like a given value. Used by the
// variant definitions and by the derivative rules so both read like the
// formulas they implement.
//
// C++ leaves the order in which a call's arguments are evaluated
// unspecified (GCC goes right to left, clang left to right): a call whose
// operands build IR, `fb.mul(fb.abs(a), fb.abs(b))`, emits its ops in an
// order that depends on the compiler. Build at most one operand inside a
// call and name the others first (scripts/unsequenced-builders.sh lists
// the calls that do not).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_DEFINITIONS_FLOATBUILDER_H
#define GLUDIALECT_DEFINITIONS_FLOATBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::glu {

class FloatBuilder {
public:
  FloatBuilder(OpBuilder &builder, Location loc) : b(builder), loc(loc) {}

  OpBuilder &builder() { return b; }
  Location getLoc() const { return loc; }

  /// A constant of `like`'s type (scalar, vector or tensor; dynamic tensor
  /// shapes are filled with linalg.fill).
  Value constantLike(Value like, double value);
  Value zerosLike(Value like) { return constantLike(like, 0.0); }

  Value add(Value a, Value c);
  Value sub(Value a, Value c);
  Value mul(Value a, Value c);
  Value div(Value a, Value c);
  Value neg(Value a);
  Value fma(Value a, Value c, Value d);
  /// NaN-propagating minimum/maximum (arith.minimumf/maximumf).
  Value min(Value a, Value c);
  Value max(Value a, Value c);
  /// min(max(a, lo), hi): NaN propagates.
  Value clamp(Value a, double lo, double hi);
  Value abs(Value a);
  Value exp(Value a);
  Value erf(Value a);
  Value erfc(Value a);
  Value tanh(Value a);
  Value cmp(arith::CmpFPredicate predicate, Value a, Value c);
  Value select(Value condition, Value a, Value c);
  /// Rounds f32 values to `narrow` (f16/bf16) and back: glu.round.
  Value round(Value a, Type narrow);

  /// Convenience: arithmetic with a constant shaped like the other operand.
  Value add(Value a, double c) { return add(a, constantLike(a, c)); }
  Value mul(Value a, double c) { return mul(a, constantLike(a, c)); }
  Value mul(double c, Value a) { return mul(constantLike(a, c), a); }
  Value cmp(arith::CmpFPredicate p, Value a, double c) {
    return cmp(p, a, constantLike(a, c));
  }

private:
  OpBuilder &b;
  Location loc;
};

} // namespace mlir::glu

#endif // GLUDIALECT_DEFINITIONS_FLOATBUILDER_H
