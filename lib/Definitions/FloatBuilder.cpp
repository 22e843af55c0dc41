//===- FloatBuilder.cpp - Terse float arithmetic building
//------------------===//

#include "GluDialect/Definitions/FloatBuilder.h"

#include "GluDialect/Dialect/GluOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::glu;

Value FloatBuilder::constantLike(Value like, double value) {
  Type type = like.getType();
  auto element = cast<FloatType>(getElementTypeOrSelf(type));
  TypedAttr scalar = b.getFloatAttr(element, value);
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(b, loc, scalar);
  auto shaped = cast<ShapedType>(type);
  if (shaped.hasStaticShape())
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(shaped, scalar));
  // A dynamically shaped tensor: fill an empty tensor of like's sizes.
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, like);
  Value empty = tensor::EmptyOp::create(b, loc, sizes, element);
  Value cst = arith::ConstantOp::create(b, loc, scalar);
  return linalg::FillOp::create(b, loc, cst, empty).getResult(0);
}

Value FloatBuilder::add(Value a, Value c) {
  return arith::AddFOp::create(b, loc, a, c);
}
Value FloatBuilder::sub(Value a, Value c) {
  return arith::SubFOp::create(b, loc, a, c);
}
Value FloatBuilder::mul(Value a, Value c) {
  return arith::MulFOp::create(b, loc, a, c);
}
Value FloatBuilder::div(Value a, Value c) {
  return arith::DivFOp::create(b, loc, a, c);
}
Value FloatBuilder::neg(Value a) { return arith::NegFOp::create(b, loc, a); }
Value FloatBuilder::fma(Value a, Value c, Value d) {
  return math::FmaOp::create(b, loc, a, c, d);
}
Value FloatBuilder::min(Value a, Value c) {
  return arith::MinimumFOp::create(b, loc, a, c);
}
Value FloatBuilder::max(Value a, Value c) {
  return arith::MaximumFOp::create(b, loc, a, c);
}
Value FloatBuilder::clamp(Value a, double lo, double hi) {
  Value low = max(a, constantLike(a, lo));
  return min(low, constantLike(a, hi));
}
Value FloatBuilder::abs(Value a) { return math::AbsFOp::create(b, loc, a); }
Value FloatBuilder::exp(Value a) { return math::ExpOp::create(b, loc, a); }
Value FloatBuilder::erf(Value a) { return math::ErfOp::create(b, loc, a); }
Value FloatBuilder::erfc(Value a) { return math::ErfcOp::create(b, loc, a); }
Value FloatBuilder::tanh(Value a) { return math::TanhOp::create(b, loc, a); }
Value FloatBuilder::cmp(arith::CmpFPredicate predicate, Value a, Value c) {
  return arith::CmpFOp::create(b, loc, predicate, a, c);
}
Value FloatBuilder::select(Value condition, Value a, Value c) {
  return arith::SelectOp::create(b, loc, condition, a, c);
}
Value FloatBuilder::round(Value a, Type narrow) {
  return RoundOp::create(b, loc, a, narrow);
}
