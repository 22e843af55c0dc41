//===- GluDefinitions.cpp - One definition per variant ---------------------===//
//
// SPEC section 2 as arith/math ops. The formulas fix the function; the order
// of f32 evaluation is ours, chosen for accuracy and so that the derivative
// the rules produce from these very ops is right at every input, including
// +-inf and +-1e30 (SPEC section 5). Three habits make that so:
//
//  1. sigmoid(t) is select(t >= 0, 1, e) / (1 + e) with e = exp(-|t|) in
//     (0, 1]: nothing overflows and nothing cancels, for either sign.
//  2. Every argument of a saturating function (sigmoid, erfc, the GELU
//     polynomial) is clamped to a range beyond which the function is already
//     exactly 0 or 1 in f32. The value does not change, and the clamp's rule
//     routes the cotangent through a select, so an infinite cotangent on the
//     saturated side is dropped instead of multiplied by a zero (NaN).
//  3. The linear factor x of x * sigmoid(...) is max(x, -FLT_MAX): at -inf
//     the product is -FLT_MAX * 0 = -0, the true limit, not NaN.
//  4. The argument t of exp(t) (and of erfc) is carried as an unevaluated
//     sum t + tLo, the low part from error-free transformations (fma), and
//     exp(t + tLo) is exp(t) * (1 + tLo). exp amplifies the rounding error
//     of its argument by |t|: without this, geglu at x = -7 (2u = -35.6)
//     loses ~37 ulp to the rounding of 2u alone. The rules differentiate the
//     correction too, which compensates the derivative to first order.
//
// Constants are the SPEC's f32 values.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluDefinitions.h"

#include "GluDialect/Dialect/Testing.h"
#include "mlir/IR/BuiltinTypes.h"
#include <cfloat>
#include <cmath>

using namespace mlir;
using namespace mlir::glu;
using namespace mlir::glu::definitions;
using arith::CmpFPredicate;

namespace {
constexpr float kCA = 0.044715f;
constexpr float kSqrt2OverPi = 0.79788456080286535587989211986876f;
constexpr float kSqrt2Inv = 0.70710678118654752440084436210484f;
constexpr float kQuick = 1.702f;

/// sigmoid(+-100) is exactly 1 / 0 in f32 (exp(-100) underflows to 0).
constexpr double kSigmoidBound = 100.0;
/// The tanh-GELU polynomial 2u(x) is beyond +-600 at |x| = 20, where
/// sigmoid(2u) is exactly 1 or 0; clamping x there keeps x^3 finite.
constexpr double kGeluBound = 20.0;
/// erfc(-x/sqrt(2)) is exactly 2 or 0 in f32 beyond |x| = 15 (its argument
/// is then beyond 10.6, where erfc(10.06) < 2^-149).
constexpr double kErfBound = 15.0;
/// f16_table geglu: the table covers (-10, 10); outside, y is 0 or x*g.
constexpr double kTableBound = 10.0;

/// A constant the mutation suite may push 5% off.
float constant(float value) {
  return testing::activeDefect() == testing::Defect::ConstantOff
             ? value * 1.05f
             : value;
}

Type f16(FloatBuilder &fb) { return fb.builder().getF16Type(); }

/// An unevaluated sum hi + lo, |lo| <= ulp(hi)/2 or so.
struct Pair {
  Value hi, lo;
};

/// a * b exactly, as hi + lo (fma gives the product's rounding error).
Pair twoProduct(FloatBuilder &fb, Value a, Value b) {
  Value p = fb.mul(a, b);
  return {p, fb.fma(a, b, fb.neg(p))};
}

/// a + b exactly, as hi + lo (Knuth's TwoSum: no condition on magnitudes).
Pair twoSum(FloatBuilder &fb, Value a, Value b) {
  Value s = fb.add(a, b);
  Value bb = fb.sub(s, a);
  return {s, fb.add(fb.sub(a, fb.sub(s, bb)), fb.sub(b, bb))};
}

// act(x) = x * sigmoid(k*x): swiglu (k = 1, the argument exact) and
// geglu_quick (k = 1.702, the argument k*x carried exactly as hi + lo).
Value scaledSilu(FloatBuilder &fb, Value x, float k) {
  if (k == 1.0f)
    return fb.mul(finiteBelow(fb, x), sigmoid(fb, x));
  Pair t = twoProduct(fb, x, fb.constantLike(x, k));
  return fb.mul(finiteBelow(fb, x), sigmoid(fb, t.hi, t.lo));
}

// act(x) = 0.5*x*(1 + tanh(u)), u = SQRT_2_OVER_PI*x*(1 + C_A*x^2),
// evaluated as x * sigmoid(2u) (1 + tanh(u) = 2*sigmoid(2u), which does not
// cancel for u < 0). 2*SQRT_2_OVER_PI is exact in f32.
// 2u = (2*SQRT_2_OVER_PI*x) * (1 + C_A*x^2) is carried as hi + lo: each
// product and the sum with their exact errors.
Value geluTanh(FloatBuilder &fb, Value x) {
  Value xc = fb.clamp(x, -kGeluBound, kGeluBound);
  Value cA = fb.constantLike(xc, constant(kCA));
  Value k = fb.constantLike(xc, 2.0f * constant(kSqrt2OverPi));
  Pair x2 = twoProduct(fb, xc, xc);
  Pair p = twoProduct(fb, cA, x2.hi);
  Value pLo = fb.fma(cA, x2.lo, p.lo);
  Pair inner = twoSum(fb, fb.constantLike(xc, 1.0), p.hi);
  Value innerLo = fb.add(inner.lo, pLo);
  Pair q = twoProduct(fb, k, xc);
  Pair t = twoProduct(fb, q.hi, inner.hi);
  Value tLo = fb.fma(q.hi, innerLo, fb.fma(q.lo, inner.hi, t.lo));
  return fb.mul(finiteBelow(fb, x), sigmoid(fb, t.hi, tLo));
}

// act(x) = 0.5*x*(1 + erf(x*SQRT_2_INV)), evaluated as
// x * (0.5 * erfc(-x*SQRT_2_INV)): 1 + erf(z) = erfc(-z) without the
// cancellation of 1 + erf for x < 0; the 0.5 scaling is exact.
// The argument z = -x*SQRT_2_INV is carried as hi + lo, and
// erfc(z + lo) = erfc(z) - lo * 2/sqrt(pi) * exp(-z^2) to first order.
Value geluErf(FloatBuilder &fb, Value x) {
  Value xc = fb.clamp(x, -kErfBound, kErfBound);
  Pair z = twoProduct(fb, xc, fb.constantLike(xc, -constant(kSqrt2Inv)));
  // The correction is lo-sized: exp(-z^2) needs no compensation of its own.
  Value slope = fb.mul(2.0 / std::sqrt(M_PI),
                       fb.exp(fb.neg(fb.mul(z.hi, z.hi))));
  Value erfc = fb.sub(fb.erfc(z.hi), fb.mul(z.lo, slope));
  Value half = fb.mul(erfc, 0.5);
  return fb.mul(finiteBelow(fb, x), half);
}

// reglu, as ggml: x > 0 ? x*g : 0. The activation x is a storage value, so
// every rounding plan is this one program. Both factors are selected before
// the product, so where the gate is not > 0 (NaN included) the product and
// both its derivatives are 0 * 0, never 0 * inf or 0 * NaN.
Value reglu(FloatBuilder &fb, Value x, Value g) {
  Value positive = fb.cmp(CmpFPredicate::OGT, x, 0.0);
  Value zero = fb.zerosLike(x);
  return fb.mul(fb.select(positive, x, zero), fb.select(positive, g, zero));
}

// swiglu_oai: xc = min(x, limit); act = xc * sigmoid(alpha*xc);
// y = act * (clamp(g, -limit, limit) + 1), as written: g' + 1 is exact
// where it cancels (Sterbenz: g' in [-2, -0.5]), so d_act = dy * (g' + 1)
// stays accurate near g = -1 (fma(act, g', act) would round once less in
// the forward, but its derivative dy*g' + dy cancels there). The sigmoid
// argument uses the finite linear factor so alpha = 0 and x = -inf give 0,
// not 0 * inf.
Value swigluOai(FloatBuilder &fb, const GluProgram &p, Value x, Value g) {
  Value xc = fb.min(x, fb.constantLike(x, p.limit));
  Value xl = finiteBelow(fb, xc);
  Pair t = twoProduct(fb, xl, fb.constantLike(xl, constant(p.alpha)));
  Value act = fb.mul(xl, sigmoid(fb, t.hi, t.lo));
  if (p.rounding == Rounding::two_round && !p.storage.isF32())
    act = fb.round(act, p.storage);
  Value gc = fb.clamp(g, -p.limit, p.limit);
  return fb.mul(act, fb.add(gc, 1.0));
}

// f16_table geglu (ggml's f32 GEGLU): x <= -10 -> act 0; x >= 10 -> act x
// (x not rounded); else act = f16(gelu(f16(x))). The table branch sees x
// clamped to its own range, so its (discarded) cotangent meets no inf.
Value tableGeglu(FloatBuilder &fb, Value x, Value g) {
  Value x16 = fb.round(fb.clamp(x, -kTableBound, kTableBound), f16(fb));
  Value table = fb.round(geluTanh(fb, x16), f16(fb));
  Value act = fb.select(fb.cmp(CmpFPredicate::OGE, x, kTableBound), x, table);
  act = fb.select(fb.cmp(CmpFPredicate::OLE, x, -kTableBound),
                  fb.zerosLike(x), act);
  return fb.mul(act, g);
}

// f16_table geglu_quick (ggml's f32 GEGLU_QUICK): act = f16(act(f16(x))).
Value tableGegluQuick(FloatBuilder &fb, Value x, Value g) {
  Value x16 = fb.round(x, f16(fb));
  Value table = fb.round(scaledSilu(fb, x16, constant(kQuick)), f16(fb));
  return fb.mul(table, g);
}
} // namespace

Value definitions::sigmoid(FloatBuilder &fb, Value t, Value tLo) {
  Value tc = fb.clamp(t, -kSigmoidBound, kSigmoidBound);
  Value e = fb.exp(fb.neg(fb.abs(tc)));
  Value positive = fb.cmp(CmpFPredicate::OGE, tc, 0.0);
  if (tLo) {
    // exp(-|t + lo|) = exp(-|t|) * (1 -+ lo): -lo for t >= 0, +lo below.
    // A clamped t (|t| > 100, or +-inf whose lo is inf - inf = NaN) needs
    // no correction.
    Value unclamped = fb.cmp(CmpFPredicate::OEQ, t, tc);
    Value lo = fb.select(unclamped, tLo, fb.zerosLike(tLo));
    Value signedLo = fb.select(positive, fb.neg(lo), lo);
    e = fb.fma(e, signedLo, e);
  }
  Value numerator = fb.select(positive, fb.constantLike(e, 1.0), e);
  return fb.div(numerator, fb.add(e, 1.0));
}

Value definitions::finiteBelow(FloatBuilder &fb, Value x) {
  return fb.max(x, fb.constantLike(x, -FLT_MAX));
}

Value definitions::gate(FloatBuilder &fb, const GluProgram &program, Value act,
                        Value g) {
  if (program.rounding == Rounding::two_round && !program.storage.isF32())
    act = fb.round(act, program.storage);
  return fb.mul(act, g);
}

Value mlir::glu::buildGluDefinition(FloatBuilder &fb, const GluProgram &p,
                                    Value x, Value g) {
  bool table = p.rounding == Rounding::f16_table;
  switch (p.variant) {
  case Variant::reglu:
    return reglu(fb, x, g);
  case Variant::geglu:
    return table ? tableGeglu(fb, x, g) : gate(fb, p, geluTanh(fb, x), g);
  case Variant::geglu_erf:
    return gate(fb, p, geluErf(fb, x), g);
  case Variant::geglu_quick:
    return table ? tableGegluQuick(fb, x, g)
                 : gate(fb, p, scaledSilu(fb, x, constant(kQuick)), g);
  case Variant::swiglu:
    return gate(fb, p, scaledSilu(fb, x, constant(1.0f)), g);
  case Variant::swiglu_oai:
    return swigluOai(fb, p, x, g);
  }
  llvm_unreachable("unknown glu variant");
}
