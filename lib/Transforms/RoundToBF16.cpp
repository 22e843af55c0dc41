//===- RoundToBF16.cpp - f32 to bf16 rounding without a bf16 select -------===//
//
// Upstream's arith-expand rounds f32 to bf16 with integer ops and then
// selects 0x7fc0 for a NaN input in i16; glu-expand-ops selects the bf16
// quiet NaN for a NaN result once more. LLVM's instcombine turns every
// select feeding a bf16 value into a select on bf16 (it folds the bitcast
// into the select's constant arm), and the x86 backend without AVX512-BF16
// has no vector select on bf16: it scalarizes it, 16 compares, cmovs and
// word stores per vector, which made every bf16 kernel compiled for
// x86-64-v3 (AVX2) four to eight times slower than memory. Here the NaN is
// replaced in f32 before the rounding (0x7fc00000 rounds to 0x7fc0, the
// same bits), so no select on 16-bit values is left, and the select of
// the quiet NaN on a rounded value is dropped: it is the same value.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUROUNDTOBF16
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// `type` (a scalar or a shaped type) with `element` as its element type.
Type withElement(Type type, Type element) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(element);
  return element;
}

/// A constant of `type`'s shape, every element `value`.
Value splat(OpBuilder &b, Location loc, Type type, TypedAttr value) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(b, loc, shaped,
                                     SplatElementsAttr::get(shaped, value));
  return arith::ConstantOp::create(b, loc, value);
}

/// Whether `select` is `select(cmpf uno|une %v, %v), <bf16 quiet NaN>,
/// truncf(%v)` for the truncation `trunc`.
bool isNaNSelectOf(arith::SelectOp select, arith::TruncFOp trunc) {
  if (select.getFalseValue() != trunc.getResult())
    return false;
  auto cmp = select.getCondition().getDefiningOp<arith::CmpFOp>();
  Value v = trunc.getIn();
  if (!cmp || cmp.getLhs() != v || cmp.getRhs() != v ||
      (cmp.getPredicate() != arith::CmpFPredicate::UNO &&
       cmp.getPredicate() != arith::CmpFPredicate::UNE))
    return false;
  APFloat nan(0.0f);
  if (!matchPattern(select.getTrueValue(), m_ConstantFloat(&nan)))
    return false;
  return nan.bitcastToAPInt() ==
         APFloat::getQNaN(APFloat::BFloat()).bitcastToAPInt();
}

/// Round to nearest even as upstream's expansion does: the bits plus
/// 0x7fff plus bit 16, shifted right by 16 (a carry into the exponent is
/// the rounding up to the next binade or to infinity); a NaN input is the
/// quiet NaN 0x7fc00000 first, which this rounds to 0x7fc0.
Value roundToBF16(OpBuilder &b, Location loc, Value v, Type resultType) {
  Type f32Type = v.getType();
  Type i32Type = withElement(f32Type, b.getI32Type());
  Type i16Type = withElement(f32Type, b.getI16Type());
  auto i32 = [&](uint32_t c) {
    return splat(b, loc, i32Type, b.getI32IntegerAttr(c));
  };
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
  Value nan = splat(b, loc, f32Type,
                    b.getF32FloatAttr(std::numeric_limits<float>::quiet_NaN()));
  Value quiet = arith::SelectOp::create(b, loc, isNaN, nan, v);
  Value bits = arith::BitcastOp::create(b, loc, i32Type, quiet);
  Value high = arith::ShRUIOp::create(b, loc, bits, i32(16));
  Value bit16 = arith::AndIOp::create(b, loc, high, i32(1));
  Value bias = arith::AddIOp::create(b, loc, bit16, i32(0x7fff));
  Value biased = arith::AddIOp::create(b, loc, bits, bias);
  Value rounded = arith::ShRUIOp::create(b, loc, biased, i32(16));
  Value narrow = arith::TruncIOp::create(b, loc, i16Type, rounded);
  return arith::BitcastOp::create(b, loc, resultType, narrow);
}

struct GluRoundToBF16Pass : glu::impl::GluRoundToBF16Base<GluRoundToBF16Pass> {
  void runOnOperation() override {
    SmallVector<arith::TruncFOp> truncs;
    getOperation()->walk([&](arith::TruncFOp trunc) {
      // The integer rounding's constants are splats: a dynamically shaped
      // tensor has none (and is not what the vector code this is for has).
      auto shaped = dyn_cast<ShapedType>(trunc.getType());
      if (shaped && !shaped.hasStaticShape())
        return;
      if (getElementTypeOrSelf(trunc.getType()).isBF16() &&
          getElementTypeOrSelf(trunc.getIn().getType()).isF32() &&
          !trunc.getRoundingmodeAttr())
        truncs.push_back(trunc);
    });
    if (truncs.empty())
      return markAllAnalysesPreserved();
    for (arith::TruncFOp trunc : truncs) {
      OpBuilder b(trunc);
      Value rounded =
          roundToBF16(b, trunc.getLoc(), trunc.getIn(), trunc.getType());
      for (Operation *user : llvm::make_early_inc_range(trunc->getUsers())) {
        auto select = dyn_cast<arith::SelectOp>(user);
        if (select && isNaNSelectOf(select, trunc)) {
          select.replaceAllUsesWith(rounded);
          select.erase();
        }
      }
      trunc.replaceAllUsesWith(rounded);
      trunc.erase();
    }
  }
};
} // namespace
