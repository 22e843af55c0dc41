//===- RoundConversions.cpp - conversions to f32/f16/bf16 rounded once ----===//
//
// glu-round-conversions: IEEE 754's rounding of the exact value, once, by
// the op's mode, where upstream's lowering gives something else.
//
// An arith.truncf with a rounding mode rounds by that mode. Upstream lowers
// it to LLVM's constrained fptrunc, whose mode argument only states the
// floating-point environment's mode: in the default environment every mode
// rounded to nearest (`downward` of 70000 to f16 gave inf, not 65504), and
// arith-expand's bf16 expansion refused a mode. Here the truncation becomes
// the default one (to nearest even) and a step of one ulp where that lies on
// the wrong side of the input. The step is +-1 on the bits: the encodings
// are sign-magnitude, so bits - 1 moves toward zero and bits + 1 away from
// it, across binades, from the largest finite value to infinity and back,
// and between zero and the least subnormal. The default truncation has the
// input's sign, so no step crosses zero. The comparisons are exact: the
// wider type holds every value of the narrower one, and the two differences
// of the tie test are exact (both ends lie within one ulp of the narrower
// type, on the wider type's grid).
//
// LLVM converts to bf16 through f32: f64 (truncf) and integers of more than
// 24 bits (sitofp, uitofp) were rounded twice. Here they are rounded to f32
// to odd first (toward zero, the last bit set where inexact), which f32's
// two bits beyond bf16's 8 make the one rounding of the value. LLVM also
// computes math.fma on bf16 and f16 in f32 and rounds again: here in f64,
// exactly up to the sum's rounding, which TwoSum recovers (fmaOnce).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"
#include "GluDialect/Transforms/Vectors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUROUNDCONVERSIONS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// The target types whose bits step as above: IEEE formats with infinities
/// and subnormals (f8 and f4 formats differ: no infinity, or no NaN).
bool isSteppable(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isF16() || element.isBF16() || element.isF32();
}

/// Whether the default truncation to `narrow` would round twice: LLVM
/// rounds a type wider than f32 to bf16 through f32 (the vector lowering,
/// and MLIR's runtime __truncdfbf2 that the JIT links).
bool roundsTwice(Type wide, Type narrow) {
  return getElementTypeOrSelf(narrow).isBF16() &&
         getElementTypeOrSelf(wide).getIntOrFloatBitWidth() > 32;
}

/// Comparisons of the truncation `r` (read back exactly as `back`) with
/// its input `x`: false for NaN and where back == x.
struct Sides {
  OpBuilder &b;
  Location loc;
  Value x, back, positive;
  Value cmp(arith::CmpFPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpFOp::create(b, loc, predicate, lhs, rhs);
  }
  Value above() { return cmp(arith::CmpFPredicate::OGT, back, x); }
  Value below() { return cmp(arith::CmpFPredicate::OLT, back, x); }
  Value select(Value condition, Value a, Value c) {
    return arith::SelectOp::create(b, loc, condition, a, c);
  }
  /// |back| > |x| and |back| < |x|.
  Value larger() { return select(positive, above(), below()); }
  Value smaller() { return select(positive, below(), above()); }
};

Sides sides(OpBuilder &b, Location loc, Value x, Value r) {
  Value back = arith::ExtFOp::create(b, loc, x.getType(), r);
  Type element = getElementTypeOrSelf(x);
  Value zero = createScalarOrSplatConstant(
      b, loc, x.getType(),
      APFloat::getZero(cast<FloatType>(element).getFloatSemantics()));
  return {b, loc, x, back,
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero)};
}

/// `r`'s bits, as integers of its width.
Value bitsOf(OpBuilder &b, Location loc, Value r) {
  unsigned width = getElementTypeOrSelf(r).getIntOrFloatBitWidth();
  return arith::BitcastOp::create(
      b, loc, glu::withElement(r.getType(), b.getIntegerType(width)), r);
}

/// The float `r` rounded to odd, given its error's sign: one ulp toward zero
/// where |r| exceeds the exact value (`larger`), then the last bit set, where
/// `inexact`; `r` itself where not (`larger` is then not read).
Value roundToOdd(OpBuilder &b, Location loc, Value r, Value larger,
                 Value inexact) {
  Value bits = bitsOf(b, loc, r);
  auto constant = [&](int64_t value) {
    return createScalarOrSplatConstant(b, loc, bits.getType(), value);
  };
  Value towardZero = arith::SelectOp::create(
      b, loc, larger, arith::AddIOp::create(b, loc, bits, constant(-1)), bits);
  Value odd = arith::OrIOp::create(b, loc, towardZero, constant(1));
  return arith::BitcastOp::create(
      b, loc, r.getType(), arith::SelectOp::create(b, loc, inexact, odd, bits));
}

/// The truncation of `x` to `narrow` rounded to nearest even once. Where
/// LLVM would round twice (to bf16 from f64), x is rounded to f32 to odd
/// first (toward zero, the last bit set where inexact): f32 has more than
/// bf16's 8 bits and 2, so the rounding to bf16 after it is the one of x
/// (a classic; overflow included: beyond f32, the largest f32 is odd).
Value truncateOnce(OpBuilder &b, Location loc, Value x, Type narrow,
                   arith::FastMathFlagsAttr fastmath) {
  if (!roundsTwice(x.getType(), narrow))
    return arith::TruncFOp::create(b, loc, narrow, x, /*roundingmode=*/nullptr,
                                   fastmath);
  Type f32 = glu::withElement(narrow, b.getF32Type());
  Value r = arith::TruncFOp::create(b, loc, f32, x, /*roundingmode=*/nullptr,
                                    fastmath);
  Sides s = sides(b, loc, x, r);
  Value rounded = roundToOdd(b, loc, r, s.larger(),
                             s.cmp(arith::CmpFPredicate::ONE, s.back, x));
  return arith::TruncFOp::create(b, loc, narrow, rounded,
                                 /*roundingmode=*/nullptr, fastmath);
}

/// Whether LLVM's conversion of `from` integers to `to` would round twice:
/// to bf16 through f32, for integers of more than f32's 24 bits (up to 64:
/// wider ones are left to LLVM).
bool intRoundsTwice(Type from, Type to) {
  unsigned width = getElementTypeOrSelf(from).getIntOrFloatBitWidth();
  return getElementTypeOrSelf(to).isBF16() && width > 24 && width <= 64;
}

/// The integer `v` as f64 (of `v`'s shape), exact up to 53 bits; wider, its
/// value rounded to odd at 2^s, s = width - 53: shifted right by s (an
/// arithmetic shift for a signed one: floor, and for a negative value
/// -2k | 1 = -(2k - 1), so the sticky bit moves toward zero there too), the
/// low s bits' being nonzero or'ed in as the last bit, converted exactly and
/// scaled back by 2^s. That keeps at least 42 bits and the sticky one, all
/// the rounding to f32 to odd (truncateOnce) needs.
Value toF64(OpBuilder &b, Location loc, Value v, bool isSigned) {
  Type f64 = glu::withElement(v.getType(), b.getF64Type());
  auto convert = [&](Value i) -> Value {
    if (isSigned)
      return arith::SIToFPOp::create(b, loc, f64, i);
    return arith::UIToFPOp::create(b, loc, f64, i);
  };
  unsigned width = getElementTypeOrSelf(v).getIntOrFloatBitWidth();
  if (width <= 53)
    return convert(v);
  auto constant = [&](int64_t value) {
    return createScalarOrSplatConstant(b, loc, v.getType(), value);
  };
  int64_t shift = width - 53;
  Value low =
      arith::AndIOp::create(b, loc, v, constant((int64_t(1) << shift) - 1));
  Value sticky = arith::ExtUIOp::create(
      b, loc, v.getType(),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, low,
                            constant(0)));
  Value high = isSigned
                   ? Value(arith::ShRSIOp::create(b, loc, v, constant(shift)))
                   : Value(arith::ShRUIOp::create(b, loc, v, constant(shift)));
  Value scaled = arith::MulFOp::create(
      b, loc, convert(arith::OrIOp::create(b, loc, high, sticky)),
      createScalarOrSplatConstant(b, loc, f64,
                                  APFloat(std::ldexp(1.0, shift))));
  // Exact below 2^53 in magnitude: |v| < 2^53 as -2^53 <= v < 2^53, or
  // v < 2^53 unsigned.
  Value limit = constant(int64_t(1) << 53);
  Value exact =
      isSigned
          ? arith::AndIOp::create(
                b, loc,
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, v,
                                      limit),
                arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, v,
                                      constant(-(int64_t(1) << 53))))
          : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, v, limit)
                .getResult();
  return arith::SelectOp::create(b, loc, exact, convert(v), scaled);
}

/// `trunc`'s value: rounded once, by its mode.
Value expand(OpBuilder &b, arith::TruncFOp trunc) {
  Location loc = trunc.getLoc();
  Value x = trunc.getIn();
  Type narrow = trunc.getType();
  Value nearest = truncateOnce(b, loc, x, narrow, trunc.getFastmathAttr());
  std::optional<arith::RoundingMode> mode = trunc.getRoundingmode();
  if (!mode || *mode == arith::RoundingMode::to_nearest_even)
    return nearest;

  Sides s = sides(b, loc, x, nearest);
  Value bits = bitsOf(b, loc, nearest);
  auto constant = [&](int64_t value) {
    return createScalarOrSplatConstant(b, loc, bits.getType(), value);
  };
  Value wrong, step;
  switch (*mode) {
  case arith::RoundingMode::toward_zero:
    wrong = s.larger();
    step = constant(-1);
    break;
  case arith::RoundingMode::upward:
    wrong = s.below();
    step = s.select(s.positive, constant(1), constant(-1));
    break;
  case arith::RoundingMode::downward:
    wrong = s.above();
    step = s.select(s.positive, constant(-1), constant(1));
    break;
  case arith::RoundingMode::to_nearest_away: {
    // |back| < |x| at a tie: x - back == next - x, with next the successor
    // of back in magnitude (an infinite next is never a tie).
    step = constant(1);
    Value next = arith::BitcastOp::create(
        b, loc, narrow, arith::AddIOp::create(b, loc, bits, step));
    Value nextWide = arith::ExtFOp::create(b, loc, x.getType(), next);
    Value tie = s.cmp(arith::CmpFPredicate::OEQ,
                      arith::SubFOp::create(b, loc, x, s.back),
                      arith::SubFOp::create(b, loc, nextWide, x));
    wrong = arith::AndIOp::create(b, loc, s.smaller(), tie);
    break;
  }
  case arith::RoundingMode::to_nearest_even:
    llvm_unreachable("returned above");
  }
  Value stepped = arith::AddIOp::create(b, loc, bits, step);
  return arith::BitcastOp::create(b, loc, narrow,
                                  s.select(wrong, stepped, bits));
}

/// fma(a, b, c) of 16-bit floats, rounded once: LLVM computes it in f32 and
/// rounds again (bf16 1.1875 * 1.4375 + 2^-40 lies above a tie, and f32
/// drops the 2^-40). In f64 the product is exact (22 bits at most, no
/// underflow: bf16's least subnormal squared is 2^-266) and the sum's
/// rounding error is too (TwoSum); the sum is rounded to odd with it
/// (toward zero by one ulp where the error has the other sign, the last
/// bit set where it is nonzero), and then once to the 16-bit type
/// (truncateOnce: 53 bits are more than 11 and 2).
Value fmaOnce(OpBuilder &b, math::FmaOp fma) {
  Location loc = fma.getLoc();
  Type f64 = glu::withElement(fma.getType(), b.getF64Type());
  auto wide = [&](Value v) -> Value {
    return arith::ExtFOp::create(b, loc, f64, v);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return arith::SubFOp::create(b, loc, x, y);
  };
  Value p = arith::MulFOp::create(b, loc, wide(fma.getA()), wide(fma.getB()));
  Value c = wide(fma.getC());
  Value sum = arith::AddFOp::create(b, loc, p, c);
  Value cPart = sub(sum, p);
  Value error =
      arith::AddFOp::create(b, loc, sub(p, sub(sum, cPart)), sub(c, cPart));
  Value zero = createScalarOrSplatConstant(
      b, loc, f64, APFloat::getZero(APFloat::IEEEdouble()));
  auto cmp = [&](arith::CmpFPredicate predicate, Value x, Value y) -> Value {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  };
  // Where the error is nonzero, |sum| > |exact| when its sign is not the
  // sum's (the sum is 0 only where the exact value is).
  Value larger =
      arith::XOrIOp::create(b, loc, cmp(arith::CmpFPredicate::OGT, sum, zero),
                            cmp(arith::CmpFPredicate::OGT, error, zero));
  Value rounded = roundToOdd(b, loc, sum, larger,
                             cmp(arith::CmpFPredicate::ONE, error, zero));
  return truncateOnce(b, loc, rounded, fma.getType(), {});
}

/// Whether `op`'s result is a scalar or a statically shaped value (the
/// constants above are splats).
bool hasStaticShape(Operation *op) {
  auto shaped = dyn_cast<ShapedType>(op->getResult(0).getType());
  return !shaped || shaped.hasStaticShape();
}

/// Whether `op` is a conversion (or a 16-bit fma) this pass rounds.
bool isRounded(Operation *op) {
  if (!isa<arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp, math::FmaOp>(
          op) ||
      !hasStaticShape(op))
    return false;
  if (auto trunc = dyn_cast<arith::TruncFOp>(op))
    return (trunc.getRoundingmodeAttr() && isSteppable(trunc.getType())) ||
           roundsTwice(trunc.getIn().getType(), trunc.getType());
  Type result = getElementTypeOrSelf(op->getResult(0));
  if (isa<math::FmaOp>(op))
    return result.isBF16() || result.isF16();
  return intRoundsTwice(op->getOperand(0).getType(), result);
}

/// `op`'s value, rounded once.
Value round(OpBuilder &b, Operation *op) {
  if (auto trunc = dyn_cast<arith::TruncFOp>(op))
    return expand(b, trunc);
  if (auto fma = dyn_cast<math::FmaOp>(op))
    return fmaOnce(b, fma);
  Value wide =
      toF64(b, op->getLoc(), op->getOperand(0), isa<arith::SIToFPOp>(op));
  return truncateOnce(b, op->getLoc(), wide, op->getResult(0).getType(), {});
}

struct GluRoundConversionsPass
    : glu::impl::GluRoundConversionsBase<GluRoundConversionsPass> {
  void runOnOperation() override {
    // A named linalg op's body is implied by its name (linalg.matmul's a
    // multiply-add, whose verifier refuses more ops; linalg.copy prints
    // none of it): one holding such a conversion (f64 operands, a bf16
    // output) becomes a linalg.generic first.
    SmallVector<linalg::LinalgOp> named;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp>(op) &&
          op->walk([](Operation *inner) {
              return isRounded(inner) ? WalkResult::interrupt()
                                      : WalkResult::advance();
            }).wasInterrupted())
        named.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      if (failed(linalg::generalizeNamedOp(rewriter, op))) {
        op.emitOpError("holds a conversion to round once, and has no "
                       "linalg.generic form");
        return signalPassFailure();
      }
    }
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isRounded(op))
        ops.push_back(op);
    });
    if (ops.empty() && named.empty())
      return markAllAnalysesPreserved();
    for (Operation *op : ops) {
      OpBuilder b(op);
      op->getResult(0).replaceAllUsesWith(round(b, op));
      op->erase();
    }
  }
};
} // namespace
