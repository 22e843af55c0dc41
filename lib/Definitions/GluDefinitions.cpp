//===- GluDefinitions.cpp - One definition per variant
//---------------------===//
//
// docs/semantics.md section 2 as arith/math ops. The formulas fix the function;
// the order of f32 evaluation is ours, chosen for accuracy and so that the
// derivative the rules produce from these very ops is right at every input,
// including +-inf and +-1e30 (docs/semantics.md section 5), and so that no
// finite input whose gradient is finite meets an overflow. These habits make
// that so:
//
//  1. sigmoid(t) is select(t >= 0, 1, e) / (1 + e) with e = exp(-|t|) in
//     (0, 1]: nothing overflows and nothing cancels, for either sign.
//     swiglu is x / (1 + exp(-x)) instead where exp(-x) is finite and the
//     quotient rule's intermediates normal (x >= -64; see silu).
//  2. Every argument of a saturating function (sigmoid, erfc, the GELU
//     polynomial) is clamped to a range beyond which the function is already
//     exactly 0 or 1 in f32, and there the function's value is selected
//     from that constant: the cotangent dy*g*x, infinite at x = +inf, never
//     enters the function's own rule, where it would meet a zero (NaN).
//  3. The linear factor x of x * sigmoid(...) is max(x, -FLT_MAX): at -inf
//     the product is -FLT_MAX * 0 = -0, the true limit, not NaN.
//  4. The argument t of exp(t) (and of erfc) is carried as an unevaluated
//     sum t + tLo, the low part from error-free transformations (fma), and
//     exp(t + tLo) is exp(t) * (1 + tLo). exp amplifies the rounding error
//     of its argument by |t|: without this, geglu at x = -7 (2u = -35.6)
//     loses ~37 ulp to the rounding of 2u alone. The rules differentiate the
//     correction too, which compensates the derivative to first order.
//  5. Where exp(t) is subnormal, x * sigmoid(t) is computed scaled by e^32
//     and scaled back once at the end (gradual underflow without the
//     subnormal's lost digits multiplied by x).
//  6. The backward differentiates the activation alone, at a constant
//     seed (derivativeSeedExponent): d_x = (dy * up) * act'(x), and
//     gateGradient reorders that one product where it overflows.
//
// Constants are the f32 values of docs/semantics.md section 2.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Definitions/GluDefinitions.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include <algorithm>
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

/// sigmoid(+-110) is exactly 1 / 0 in f32: exp(-110) = 1.7e-48 rounds to
/// 0 even with gradual underflow (exp(-104) = 6.8e-46 is just below half
/// the smallest subnormal; exp(-100) = 3.7e-44 is a subnormal).
constexpr double kSigmoidBound = 110.0;
/// exp(-|t|) is computed as exp(-|t| + 32) * e^-32 below t = -87.5, where
/// it is subnormal (see timesSigmoid).
constexpr double kSigmoidShiftBelow = 87.5;
constexpr double kSigmoidShift = 32.0;
/// swiglu is x / (1 + exp(-x)) above -64 (see silu).
constexpr double kSiluQuotientBound = 64.0;
/// The tanh-GELU polynomial 2u(x) is beyond +-600 at |x| = 20, where
/// sigmoid(2u) is exactly 1 or 0; clamping x there keeps x^3 finite.
constexpr double kGeluBound = 20.0;
/// erfc(-x/sqrt(2)) is exactly 2 or 0 in f32 beyond |x| = 15 (its argument
/// is then beyond 10.6, where erfc(10.06) < 2^-149).
constexpr double kErfBound = 15.0;
/// erfc's subnormal tail starts near z = 9.2: beyond z = 9 geglu_erf uses
/// the asymptotic series, scaled by e^32 (see geluErf).
constexpr double kErfTail = 9.0;
constexpr double kErfShift = 32.0;
/// f16_table geglu: the table covers (-10, 10); outside, y is 0 or x*g.
constexpr double kTableBound = 10.0;

/// A variant constant (the mutation suite's constant-off defect, in
/// test/lib, pushes these 5% off in the IR).
float constant(float value) { return value; }

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

/// `v` with no derivative (a bitcast through i32 and back: the rules see an
/// integer, which carries none). For the low parts of unevaluated sums:
/// hi + lo is an exact value, so d(lo) = d(a*b) - d(hi) is 0 in exact
/// arithmetic, but the rules compute it as a difference of the two large
/// paths through hi and lo, whose rounding (1-2 ulp of act') is all that
/// survives. Detached, lo still corrects the derivative to first order
/// (exp'(t + lo) = exp(t)(1 + lo) is what the rules take from the
/// compensated value), and the derivative reads hi only.
Value detached(FloatBuilder &fb, Value v) {
  OpBuilder &b = fb.builder();
  Type i32 = b.getI32Type();
  if (auto shaped = dyn_cast<ShapedType>(v.getType()))
    i32 = shaped.clone(i32);
  Value bits = arith::BitcastOp::create(b, fb.getLoc(), i32, v);
  return arith::BitcastOp::create(b, fb.getLoc(), v.getType(), bits);
}

/// a + b exactly, as hi + lo (Knuth's TwoSum: no condition on magnitudes).
Pair twoSum(FloatBuilder &fb, Value a, Value b) {
  Value s = fb.add(a, b);
  Value bb = fb.sub(s, a);
  Value aErr = fb.sub(a, fb.sub(s, bb));
  return {s, fb.add(aErr, fb.sub(b, bb))};
}

// swiglu's act(x) = x * sigmoid(x), as x / (1 + exp(-x)) for x >= -64:
// one quotient, no select of the numerator and no product with a sigmoid,
// so the range-versioned vector body is exp, an add, the division and the
// product with g (docs/performance.md, 2026-12-01; and one rounding less:
// docs/accuracy.md). Below -64 it is x * e with e = exp(x) (1 + e is 1 in
// f32 there), and below -87.5, where e is subnormal, x * exp(x + 32) *
// e^-32 (gradual underflow, as timesSigmoid); below -110 the constant 0
// (x = -inf: -FLT_MAX * 0 = -0). Not the quotient down to -87.5: its rule's
// intermediate dy * x / (1 + exp(-x))^2 (~ x e^{2x} at the seed 2^64) is
// subnormal below x = -65.8. Above 110, exp(-x) is 0 in f32 and act is x:
// the denominator is the constant 1 there, so the cotangent dy*g*x (inf at
// x = +inf) never meets exp(-110) = 0 inside the quotient's rule.
struct SiluExp {
  Value xa, tail, low, e;
};

/// silu's one exponential: e = exp(-xa) for xa >= -64, exp(xa) below and
/// exp(xa + 32) below -87.5 (`low`), xa = x clamped to +-110. swiglu's
/// hand-written act' builds the same ops (CSE merges them).
SiluExp siluExp(FloatBuilder &fb, Value x) {
  Value xa = fb.clamp(x, -kSigmoidBound, kSigmoidBound);
  Value tail = fb.cmp(CmpFPredicate::OLT, xa, -kSiluQuotientBound);
  Value low = fb.cmp(CmpFPredicate::OLT, xa, -kSigmoidShiftBelow);
  Value shifted = fb.select(low, fb.add(xa, kSigmoidShift), xa);
  Value arg = fb.select(tail, shifted, fb.neg(xa));
  return {xa, tail, low, fb.exp(arg)};
}

Value silu(FloatBuilder &fb, Value x) {
  Value xl = finiteBelow(fb, x);
  auto [xa, tail, low, e] = siluExp(fb, x);
  Value one = fb.constantLike(e, 1.0);
  Value saturated = fb.cmp(CmpFPredicate::UGE, fb.abs(xa), kSigmoidBound);
  Value numerator =
      fb.select(tail, fb.select(saturated, fb.zerosLike(e), e), one);
  Value unsaturated = fb.cmp(CmpFPredicate::ULT, xa, kSigmoidBound);
  Value denominator =
      fb.select(unsaturated, fb.select(tail, one, fb.add(e, 1.0)), one);
  Value scale =
      fb.select(low, fb.constantLike(e, std::exp(-kSigmoidShift)), one);
  return fb.mul(fb.div(fb.mul(xl, numerator), denominator), scale);
}

// act(x) = x * sigmoid(k*x): swiglu (k = 1, the argument exact) and
// geglu_quick (k = 1.702, the argument k*x carried exactly as hi + lo).
Value scaledSilu(FloatBuilder &fb, Value x, float k) {
  if (k == 1.0f)
    return silu(fb, x);
  Pair t = twoProduct(fb, x, fb.constantLike(x, k));
  return timesSigmoid(fb, finiteBelow(fb, x), t.hi, t.lo);
}

// act(x) = 0.5*x*(1 + tanh(u)), u = SQRT_2_OVER_PI*x*(1 + C_A*x^2),
// evaluated as x * sigmoid(2u) (1 + tanh(u) = 2*sigmoid(2u), which does not
// cancel for u < 0). 2*SQRT_2_OVER_PI is exact in f32.
// 2u = (2*SQRT_2_OVER_PI*x) * (1 + C_A*x^2) is carried as hi + lo: each
// product and the sum with their exact errors.
// The argument's pieces, which the hand-written derivative reuses (the same
// ops: CSE merges them).
struct GeluArgument {
  Value xc;
  Pair cAx2; // C_A * x^2
  Pair q;    // 2 * SQRT_2_OVER_PI * x, exactly
  Pair t;    // 2u
};

GeluArgument geluArgument(FloatBuilder &fb, Value x) {
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
  return {xc, {p.hi, pLo}, q, {t.hi, tLo}};
}

Value geluTanh(FloatBuilder &fb, Value x) {
  GeluArgument a = geluArgument(fb, x);
  return timesSigmoid(fb, finiteBelow(fb, x), a.t.hi, a.t.lo);
}

// act(x) = 0.5*x*(1 + erf(x*SQRT_2_INV)), evaluated as
// x * (0.5 * erfc(-x*SQRT_2_INV)): 1 + erf(z) = erfc(-z) without the
// cancellation of 1 + erf for x < 0; the 0.5 scaling is exact.
// The argument z = -x*SQRT_2_INV is carried as hi + lo, and
// erfc(z + lo) = erfc(z) - lo * 2/sqrt(pi) * exp(-z^2) to first order.
// The pieces the hand-written derivative reuses (the same ops: CSE merges
// them): erfc(z)/2 and exp(-z^2), both scaled by e^32 in the tail (`scale`
// then e^-32, else 1), before the saturation's select.
struct ErfParts {
  Value xc, scaledExp, half, scale;
};

ErfParts erfParts(FloatBuilder &fb, Value x) {
  Value xc = fb.clamp(x, -kErfBound, kErfBound);
  Pair z = twoProduct(fb, xc, fb.constantLike(xc, -constant(kSqrt2Inv)));
  // The tail z > 9 (x < -12.7), where erfc(z) < 4e-37 becomes subnormal
  // while act = x*erfc/2 is still normal: erfc(z) = e^{-z^2} R(z) with
  // R(z) = (1 - 1/(2z^2) + 3/(4z^4) - 15/(8z^6) + 105/(16z^8)) / (z sqrt(pi))
  // (the asymptotic series; the next term is 1e-8 relative at z = 9), and
  // e^{-z^2} computed scaled by e^32 (32 - z^2 is exact) and scaled back
  // after the product with x. One exp serves both branches. R sees z >= 9,
  // so its (discarded) derivatives meet no 1/0.
  Value tail = fb.cmp(CmpFPredicate::OGT, z.hi, kErfTail);
  // z^2 as |z| * |z| (the same bits), with its rounding error
  // zz - z^2 = fma(-|z|, |z|, zz): the very ops upstream's erfc expansion
  // builds for its own exp(-z^2), so that once glu-version-by-range has
  // folded the tail's select, CSE merges the two exponentials and the
  // vector body computes one (docs/accuracy.md, *geglu_erf's one exp*).
  Value az = fb.abs(z.hi);
  Value zz = fb.mul(az, az);
  Value shifted = fb.sub(fb.constantLike(zz, kErfShift), zz);
  Value e = fb.exp(fb.select(tail, shifted, fb.neg(zz)));
  // The correction is lo-sized: exp(-z^2) needs no compensation of its own.
  Value slope = fb.mul(2.0 / std::sqrt(M_PI), e);
  Value zLo = detached(fb, z.lo);
  Value erfcHi = fb.erfc(z.hi);
  Value erfc = fb.sub(erfcHi, fb.mul(zLo, slope));
  Value half = fb.mul(erfc, 0.5);
  // The argument's error, negated: zz - (z + lo)^2 to second order
  // (z^2 - zz from the fma, 2 z lo), so exp(-(z + lo)^2) = e * (1 + it).
  Value minus2z = fb.mul(z.hi, -2.0);
  Value negZzLo =
      detached(fb, fb.fma(minus2z, zLo, fb.fma(fb.neg(az), az, zz)));
  Value scaledExp = fb.fma(e, negZzLo, e);
  Value zt = fb.max(z.hi, fb.constantLike(z.hi, kErfTail));
  Value oneT = fb.constantLike(zt, 1.0);
  Value w = fb.div(oneT, fb.mul(zt, zt));
  Value series = fb.constantLike(zt, 105.0 / 16.0);
  for (double c : {-15.0 / 8.0, 3.0 / 4.0, -1.0 / 2.0, 1.0})
    series = fb.fma(series, w, fb.constantLike(zt, c));
  Value r = fb.div(series, fb.mul(zt, std::sqrt(M_PI)));
  half = fb.select(tail, fb.mul(fb.mul(scaledExp, r), 0.5), half);
  Value shiftScale = fb.constantLike(x, std::exp(-kErfShift));
  Value scale = fb.select(tail, shiftScale, fb.constantLike(x, 1.0));
  return {xc, scaledExp, half, scale};
}

Value geluErf(FloatBuilder &fb, Value x) {
  auto [xc, scaledExp, half, scale] = erfParts(fb, x);
  // Saturated (|x| > 15, half exactly 0 or 1): the constant, so the
  // cotangent dy*g*x, which may overflow there, never enters erfc's rule.
  Value positive = fb.cmp(CmpFPredicate::OGT, xc, 0.0);
  Value unsaturated = fb.cmp(CmpFPredicate::ULT, fb.abs(xc), kErfBound);
  Value one = fb.constantLike(x, 1.0);
  half =
      fb.select(unsaturated, half, fb.select(positive, one, fb.zerosLike(x)));
  return fb.mul(fb.mul(finiteBelow(fb, x), half), scale);
}

// reglu, as ggml: x > 0 ? x*g : 0. The activation x is a storage value, so
// every rounding plan is this one program. Both factors are selected before
// the product, so where the gate is not > 0 (NaN included) the product and
// both its derivatives are 0 * 0, never 0 * inf or 0 * NaN.
Value reglu(FloatBuilder &fb, Value x, Value g) {
  Value positive = fb.cmp(CmpFPredicate::OGT, x, 0.0);
  Value zero = fb.zerosLike(x);
  Value act = fb.select(positive, x, zero);
  return fb.mul(act, fb.select(positive, g, zero));
}

// swiglu_oai: xc = min(x, limit); act = xc * sigmoid(alpha*xc);
// y = act * (clamp(g, -limit, limit) + 1), as written: g' + 1 is exact
// where it cancels (Sterbenz: g' in [-2, -0.5]), so d_act = dy * (g' + 1)
// stays accurate near g = -1 (fma(act, g', act) would round once less in
// the forward, but its derivative dy*g' + dy cancels there). The sigmoid
// argument is finite (max(xc, -FLT_MAX)), so alpha = 0 and x = -inf meet
// no 0 * inf. So is the linear factor for alpha > 0, where act(-inf) = 0
// (-FLT_MAX * sigmoid(-huge)); for alpha <= 0 the sigmoid tends to 1 (1/2
// for alpha = 0) and act(-inf) is its limit, -inf: the linear factor keeps
// x (it gave -FLT_MAX for alpha = -1, -FLT_MAX/2 for alpha = 0).
Value swigluOai(FloatBuilder &fb, const GluProgram &p, Value x, Value g) {
  // min(x, limit) twice, one for each factor (CSE merges them after the
  // backward is derived): act' then reaches x as the linear factor's term
  // and the argument's apart, which gateGradient sums more accurately.
  auto limited = [&] { return fb.min(x, fb.constantLike(x, p.limit)); };
  Value xl = p.alpha > 0 ? finiteBelow(fb, limited()) : limited();
  Value argument = finiteBelow(fb, limited());
  Pair t = twoProduct(fb, argument, fb.constantLike(xl, constant(p.alpha)));
  Value act = timesSigmoid(fb, xl, t.hi, t.lo);
  if (p.rounding == Rounding::two_round && !p.storage.isF32())
    act = fb.round(act, p.storage);
  Value gc = fb.clamp(g, -p.limit, p.limit);
  return fb.mul(act, fb.add(gc, 1.0));
}

// f16_table geglu (ggml's f32 GEGLU): x <= -10 -> y = +0.0 whatever g is
// (ggml writes 0.0f, no product); x >= 10 -> act x (x not rounded); else
// act = ggml's table entry at f16(x): glu.gelu_table, built on the host
// with the C library's tanhf, differentiated as geluTanh (straight-through
// the roundings; for f32 storage inside the table written by hand,
// derivativeTerms). The table branch sees x clamped to its own range, so
// its (discarded) cotangent meets no inf.
Value tableGeglu(FloatBuilder &fb, Value x, Value g) {
  Value x16 = fb.round(fb.clamp(x, -kTableBound, kTableBound), f16(fb));
  Value table = GeluTableOp::create(fb.builder(), fb.getLoc(), x16);
  Value act = fb.select(fb.cmp(CmpFPredicate::OGE, x, kTableBound), x, table);
  // Both factors selected, as reglu: +0 * +0 = +0, and the derivatives
  // there are 0 * 0 whatever g is (inf and NaN included).
  Value low = fb.cmp(CmpFPredicate::OLE, x, -kTableBound);
  Value zero = fb.zerosLike(x);
  Value lowAct = fb.select(low, zero, act);
  return fb.mul(lowAct, fb.select(low, zero, g));
}

// f16_table geglu_quick (ggml's f32 GEGLU_QUICK): act = f16(act(f16(x))).
Value tableGegluQuick(FloatBuilder &fb, Value x, Value g) {
  Value x16 = fb.round(x, f16(fb));
  Value table = fb.round(scaledSilu(fb, x16, constant(kQuick)), f16(fb));
  return fb.mul(table, g);
}
} // namespace

namespace {
/// sigmoid(t + tLo)'s exponential: e = exp(-|t + tLo|), computed as
/// exp(-|t| + 32) where it is subnormal (then `shifted`, and `scale` is
/// e^-32, else 1). timesSigmoid and its hand-written derivative build the
/// same ops, which CSE merges.
struct SigmoidExp {
  Value tc, positive, shifted, e, scale;
};

SigmoidExp sigmoidExp(FloatBuilder &fb, Value t, Value tLo) {
  Value tc = fb.clamp(t, -kSigmoidBound, kSigmoidBound);
  Value positive = fb.cmp(CmpFPredicate::OGE, tc, 0.0);
  // Gradual underflow: below t = -87.5, e = exp(-|t|) is subnormal and x*e
  // would multiply its rounding error by x. There e is computed scaled by
  // e^32 (-|t| + 32 is exact: |t| is a multiple of 2^-17 below 128) and the
  // product x * s is scaled back at the very end, rounding once.
  Value shifted = fb.cmp(CmpFPredicate::OLT, tc, -kSigmoidShiftBelow);
  Value arg = fb.neg(fb.abs(tc));
  arg = fb.select(shifted, fb.add(arg, kSigmoidShift), arg);
  Value e = fb.exp(arg);
  if (tLo) {
    // exp(-|t + lo|) = exp(-|t|) * (1 -+ lo): -lo for t >= 0, +lo below.
    // A clamped t (|t| > 110, or +-inf whose lo is inf - inf = NaN) needs
    // no correction.
    Value unclamped = fb.cmp(CmpFPredicate::OEQ, t, tc);
    tLo = detached(fb, tLo);
    Value lo = fb.select(unclamped, tLo, fb.zerosLike(tLo));
    Value signedLo = fb.select(positive, fb.neg(lo), lo);
    e = fb.fma(e, signedLo, e);
  }
  Value shiftScale = fb.constantLike(e, std::exp(-kSigmoidShift));
  Value scale = fb.select(shifted, shiftScale, fb.constantLike(e, 1.0));
  return {tc, positive, shifted, e, scale};
}
} // namespace

Value definitions::timesSigmoid(FloatBuilder &fb, Value x, Value t, Value tLo) {
  auto [tc, positive, shifted, e, scale] = sigmoidExp(fb, t, tLo);
  // 1 + e: e * 1 is e, and a shifted e * e^-32 is below 2^-126 (1 + it = 1).
  Value numerator = fb.select(positive, fb.constantLike(e, 1.0), e);
  Value s = fb.div(numerator, fb.add(fb.mul(e, scale), 1.0));
  // Saturated (|t| > bound, s exactly 0 or 1): the constant, so that the
  // cotangent of s (dy*g*x, infinite at x = +inf) never meets the zero
  // exp(-bound) inside the quotient's rule (inf * 0 = NaN). NaN t: s.
  // (Read from tc, not t: a late use of the storage input makes the x86
  // backend hold bf16 values in a form it converts with __truncsfbf2.)
  Value one = fb.constantLike(s, 1.0), zero = fb.zerosLike(s);
  Value unsaturated = fb.cmp(CmpFPredicate::ULT, fb.abs(tc), kSigmoidBound);
  s = fb.select(unsaturated, s, fb.select(positive, one, zero));
  return fb.mul(fb.mul(x, s), scale);
}

Value definitions::finiteBelow(FloatBuilder &fb, Value x) {
  return fb.max(x, fb.constantLike(x, -FLT_MAX));
}

Value definitions::gelu(FloatBuilder &fb, Value x) { return geluTanh(fb, x); }

Value definitions::gate(FloatBuilder &fb, const GluProgram &program, Value act,
                        Value g) {
  if (program.rounding == Rounding::two_round && !program.storage.isF32())
    act = fb.round(act, program.storage);
  return fb.mul(act, g);
}

namespace {
/// The largest |x| whose derivative's reverse sweep can see x as a factor
/// of a live product: beyond it every saturating function is constant
/// (sigmoid at |t| > 110, erfc at |x| > 15, the GELU polynomial at 20),
/// and its cotangent only meets selects. swiglu_oai's argument alpha*x
/// saturates at |x| > 110/|alpha| (never for alpha = 0). As a binary
/// exponent.
int liveExponentBound(const GluProgram &p) {
  if (p.variant != Variant::swiglu_oai)
    return 7; // |x| < 128
  if (p.alpha == 0.0f)
    return 128;
  int exponent = std::ilogb(kSigmoidBound / std::fabs(double(p.alpha))) + 1;
  return std::clamp(exponent, 7, 128);
}
} // namespace

namespace {
/// Whether `v` is the constant (scalar or splat) whose bits are `value`'s.
bool isConstant(Value v, float value) {
  APFloat c(0.0f);
  return matchPattern(v, m_ConstantFloat(&c)) &&
         c.bitcastToAPInt() == APFloat(value).bitcastToAPInt();
}

/// The element type `v` was widened to f32 from (an arith.extf), or null.
Type widenedFrom(Value v) {
  auto ext = v.getDefiningOp<arith::ExtFOp>();
  return ext ? getElementTypeOrSelf(ext.getIn().getType()) : Type();
}

/// Whether `v` is a 16-bit storage value widened to f32: the product of two
/// (8 or 11 significant bits each) is exact in f32 unless it overflows or
/// underflows.
bool isWidened16Bit(Value v) {
  Type narrow = widenedFrom(v);
  return narrow && narrow.getIntOrFloatBitWidth() == 16;
}

/// `up` as the reverse sweep hands it over: its seed 1 times the factor.
Value withoutUnitSeed(Value up) {
  if (auto unit = up.getDefiningOp<arith::MulFOp>()) {
    if (isConstant(unit.getLhs(), 1.0f))
      return unit.getRhs();
    if (isConstant(unit.getRhs(), 1.0f))
      return unit.getLhs();
  }
  return up;
}

/// gateGradient's product where act' * 2^k is select(c, 2^k, +0) and up
/// is select(c, u, +0) by the same c, with dy and u widened 16-bit values
/// (reglu with bf16 or f16 storage: both factors selected by x > 0):
/// fma(dy, up, +0), one op for gateGradient's sixteen (bf16), with its
/// bits for every input. Where c fails, both give dy * (+0) + (+0): +0 for
/// a finite dy, NaN otherwise. Where c holds, the general form's hi + lo
/// is dy*u exactly (lo = +0 where the product is exact, a zero with the
/// residual's sign where it underflows, |residual| <= 2^-150), so d is
/// round(dy*u), or +0 where dy*u is an exact zero and the product's signed
/// zero where it underflows to one: what fma(dy, u, +0) rounds to. Where
/// |dy*u| >= 2^63 (bf16 only; f16's are below 2^32) the general form
/// scales both factors by 2^-64 exactly (the smaller is above 2^-65, so
/// its 8 bits stay above 2^-149) and gives round(dy*u) or its infinity,
/// the IEEE product's where a factor is infinite or NaN.
Value selectedSeedGradient(FloatBuilder &fb, Value dy, Value up,
                           Value derivative, int k) {
  auto act = derivative.getDefiningOp<arith::SelectOp>();
  auto factor = up.getDefiningOp<arith::SelectOp>();
  if (!act || !factor || act.getCondition() != factor.getCondition() ||
      !isConstant(act.getTrueValue(), std::ldexp(1.0f, k)) ||
      !isConstant(act.getFalseValue(), 0.0f) ||
      !isConstant(factor.getFalseValue(), 0.0f) || !isWidened16Bit(dy) ||
      !isWidened16Bit(factor.getTrueValue()))
    return Value();
  Value zero = fb.zerosLike(dy);
  return fb.fma(dy, up, zero);
}
} // namespace

int definitions::derivativeSeedExponent(const GluProgram &program) {
  // The sweep's largest cotangents are the seed times |x| (the linear
  // factor) times the argument's slope (GELU's 2u' is 86 at |x| = 20):
  // 2^64 * 2^7 * 2^7 stays far below 2^128, and the smallest nonzero
  // derivative (swiglu's at t = -110, 2^-152) times 2^64 is a normal
  // number, whose intermediates are normal too. A swiglu_oai with a tiny
  // alpha keeps a live sigmoid out to |x| = 110/|alpha|: seed 1 there.
  return liveExponentBound(program) <= 48 ? 64 : 0;
}

Value definitions::gateGradient(FloatBuilder &fb, const GluProgram &program,
                                Value dy, Value up,
                                ArrayRef<Value> derivativeTerms) {
  assert(!derivativeTerms.empty() && "act' is a sum of at least one term");
  int k = derivativeSeedExponent(program);
  // The factor itself (the sweep's seed 1 times it), for the forms below
  // that know it by its definition.
  Value factor = withoutUnitSeed(up);
  if (derivativeTerms.size() == 1)
    if (Value d = selectedSeedGradient(fb, dy, factor, derivativeTerms[0], k))
      return d;
  Value derivative = derivativeTerms.front();
  for (Value term : derivativeTerms.drop_front())
    derivative = fb.add(derivative, term);
  // |derivative| < 2^(k + 0.2) (act' <= 1.13 for every variant), so with
  // |dy*up| < 2^63 nothing below overflows. Beyond (rare: both factors
  // huge, or dy*up already inf), dy and up are each scaled by 2^-64 first
  // and the product by 2^64 more after: it then overflows only where the
  // gradient does, and is normal before the last step (the gradient is
  // >= 2^-30 there). There d is hi*act' without dy*up's low part (below:
  // <= 1 ulp more), and one factor below 2^-62 while the other exceeds
  // 2^125 (its scaled value is subnormal, >= 20 bits) costs <= 4 ulp more.
  // A factor below 2^-85 (1e-30 say) beside an infinite one scales to 0:
  // the scaled product is then 0 * inf = NaN where dy*up is +-inf, and
  // that infinity is taken instead (scaling the larger factor alone, by
  // 2^-128, avoids it too, but cost 5 ops more per vector: reglu's f32
  // backward 6.7 -> 4.4 elements/ns in cache; this costs 2).
  // f16 storage skips it: |dy*up| <= 65504 * 65505 < 2^33.
  // Selected factors rather than a second, reordered product selected at
  // the end: the same result, and measured 1.5x faster (swiglu f32
  // backward, 1 thread in cache: 0.24 -> 0.16 ms for 2^18 elements).
  Value scaleIn, scaleOut, scaleOut2, big, product;
  double out = std::ldexp(1.0, -k);
  if (!program.storage.isF16()) {
    product = fb.mul(dy, up);
    auto like = [&](double v) { return fb.constantLike(dy, v); };
    Value absProduct = fb.abs(product);
    big = fb.cmp(CmpFPredicate::UGE, absProduct, like(0x1p63));
    Value down = like(0x1p-64);
    scaleIn = fb.select(big, down, like(1.0));
    if (k >= 64) {
      Value up128 = like(std::ldexp(1.0, 128 - k));
      scaleOut = fb.select(big, up128, like(out));
    } else {
      // 2^(128 - k) is beyond f32: two factors.
      Value up64 = like(0x1p64);
      scaleOut = fb.select(big, up64, like(out));
      Value upRest = like(std::ldexp(1.0, 64 - k));
      scaleOut2 = fb.select(big, upRest, like(1.0));
    }
    dy = fb.mul(dy, scaleIn);
    up = fb.mul(up, scaleIn);
  }
  // dy*up exactly as hi + lo, and (hi + lo) * derivative with one rounding
  // (fma): half an ulp less than two products (measured: -0.4 ulp on the
  // wide mix's worst d_x). act' = a + b (the linear factor's term and the
  // argument's) is not rounded first: hi*small + lo*act' rounds at the
  // smaller term's scale and hi*large adds it with the one final rounding,
  // so where one term dominates (act' in a tail, swiglu's x < -4) the
  // rounding of a + b is gone (measured: -0.4 ulp at the terms' scale,
  // geglu and swiglu_oai with alpha 1.5). |small| <= |linear factor's
  // term| <= 2^k and |hi| < 2^63, so hi*small is finite, and the outer
  // fma's exact value is hi*act'. Where dy*up was scaled (|hi| up to
  // 2^128) hi*small could overflow while hi*act' does not (the terms
  // cancel), or with the other sign: there act' is used as one sum. f16 and
  // bf16 storage use the sum: their result rounds to 8 or 11 bits anyway,
  // and act' as one function of the 16-bit gate is what glu-tabulate
  // turns into a table.
  //
  // lo*act' is dropped where it can be other than finite, in the scaled
  // case (big: dy*up beyond 2^63, infinite or NaN): an infinite dy or up
  // makes hi infinite and lo = fma(dy, up, -hi) NaN (inf - inf), a scaled
  // product that overflows (dy, up near FLT_MAX) makes lo -hi's infinity,
  // and a scaled |hi| > 2^88 makes lo*act' overflow alone, with lo's sign,
  // not the product's. d is then hi*act' (up to 2^64 times the rounding of
  // hi more: <= 1 ulp there), +-inf or NaN where the gradient is (IEEE's
  // product, inf*0 = NaN where act' = 0; docs/semantics.md section 9
  // decision 16). The selects are the scaling's own, no more work per
  // element. f16 storage (no scaling) tests lo for NaN, which only an
  // infinite dy or up makes there (or knows it +0, below). A NaN dy or up
  // keeps its NaN in hi.
  Pair c = twoProduct(fb, dy, up);
  if (big)
    c.hi = fb.select(fb.cmp(CmpFPredicate::UNO, c.hi, c.hi), product, c.hi);
  Value zero = fb.zerosLike(c.lo);
  Value lo = c.lo;
  // f16 storage (the one without `big`): two f16 factors multiply exactly
  // in f32 (at most 22 bits, magnitudes in [2^-48, 2^32)), so lo is an
  // exact zero, +0, or NaN beside an infinite or NaN factor, which the
  // select makes +0: lo is +0 itself, without the fma and the select (the
  // f16 backwards' loops: 277 -> 265 instructions per 64 lanes, 4-5%
  // faster cache-resident). swiglu_oai's up, clamp(g) + 1, is no f16 value.
  auto isF16 = [](Value v) {
    Type narrow = widenedFrom(v);
    return narrow && narrow.isF16();
  };
  if (!big)
    lo = isF16(dy) && isF16(factor)
             ? zero
             : fb.select(fb.cmp(CmpFPredicate::ORD, lo, lo), lo, zero);
  Value loTerm = fb.mul(lo, derivative);
  Value d;
  if (derivativeTerms.size() == 2 && program.storage.isF32()) {
    Value a = derivativeTerms[0], b = derivativeTerms[1];
    Value absA = fb.abs(a);
    Value aSmaller = fb.cmp(CmpFPredicate::OLT, absA, fb.abs(b));
    Value small = fb.select(aSmaller, a, b);
    Value large = fb.select(aSmaller, b, a);
    Value inner = fb.fma(c.hi, small, loTerm);
    if (big) {
      // Scaled: act' as one sum (hi*small could overflow where hi*act'
      // does not), and no lo.
      inner = fb.select(big, zero, inner);
      large = fb.select(big, derivative, large);
    }
    d = fb.fma(c.hi, large, inner);
  } else {
    if (big)
      loTerm = fb.select(big, zero, loTerm);
    d = fb.fma(c.hi, derivative, loTerm);
  }
  if (scaleOut) {
    d = fb.mul(d, scaleOut);
    if (scaleOut2)
      d = fb.mul(d, scaleOut2);
  } else if (k) {
    d = fb.mul(d, out);
  }
  return d;
}

namespace {
/// act'(x) * seed of act = x * sigmoid(t) by hand, t = t.hi + t.lo the
/// argument as the forward carries it and m = x * t'(x) (hi + lo):
/// swiglu's exp(-|x|) from the forward's exponential (siluExp), so that a
/// backward computes one exp, not two: the same value where x >= 0 or
/// x < -64, its reciprocal in [-64, 0) (one rounding more than exp's own;
/// docs/accuracy.md, *swiglu as one quotient*).
SigmoidExp siluSigmoidExp(FloatBuilder &fb, Value x) {
  SiluExp s = siluExp(fb, x);
  Value positive = fb.cmp(CmpFPredicate::OGE, s.xa, 0.0);
  Value one = fb.constantLike(s.e, 1.0);
  Value e = fb.select(positive, s.e, fb.select(s.tail, s.e, fb.div(one, s.e)));
  Value scale =
      fb.select(s.low, fb.constantLike(s.e, std::exp(-kSigmoidShift)), one);
  return {s.xa, positive, s.low, e, scale};
}

/// act' = s * (1 + m * (1 - s)) = num * (D + m * c) / D^2 with
/// e = exp(-|t|), D = 1 + e, (num, c) = (1, e) for t >= 0 and (e, 1)
/// below. The cancellation of the two terms (t < 0) is D + m, summed
/// exactly as hi + lo; N / D^2 is q + qLo from the division's residual, so
/// the one rounding after exp's own error is the final fma. `se` is built
/// from the forward's own ops (sigmoidExp, siluSigmoidExp), which CSE
/// merges with the forward's. Valid where |t| < 110 (not saturated); below
/// t = -87.5 num is exp scaled by e^32, scaled back at the end.
Value sigmoidProductDerivative(FloatBuilder &fb, SigmoidExp se, Pair m,
                               double seed) {
  Value one = fb.constantLike(se.e, 1.0);
  Value e = fb.mul(se.e, se.scale);
  Value d = fb.add(e, 1.0);
  Value dLo = fb.sub(e, fb.sub(d, one)); // exact: e <= 1
  Value num = fb.select(se.positive, one, se.e);
  Value c = fb.select(se.positive, e, one);
  Pair mc = twoProduct(fb, m.hi, c);
  Value mcLo = fb.fma(m.lo, c, mc.lo);
  Pair n = twoSum(fb, d, mc.hi);
  Value nLo = fb.add(n.lo, fb.add(dLo, mcLo));
  Pair d2 = twoProduct(fb, d, d);
  Value d2Lo = fb.fma(fb.mul(d, 2.0), dLo, d2.lo);
  Value inv = fb.div(one, d2.hi);
  Value q = fb.mul(n.hi, inv);
  // N / D^2 - q = (N - q * D^2) / D^2, the residual exact by fma.
  Value r = fb.fma(fb.neg(q), d2.hi, n.hi);
  Value negQ = fb.neg(q);
  r = fb.fma(negQ, d2Lo, fb.add(r, nLo));
  Value numS = fb.mul(num, seed);
  return fb.mul(fb.fma(numS, q, fb.mul(numS, fb.mul(r, inv))), se.scale);
}
} // namespace

namespace {
/// m = x * (2u)' = q * (1 + 3 C_A x^2), q = 2 SQRT_2_OVER_PI x, as hi + lo
/// from the forward's argument pieces: geglu's sigmoidProductDerivative
/// reads it.
Pair geluSlope(FloatBuilder &fb, const GeluArgument &a) {
  Value three = fb.constantLike(a.xc, 3.0);
  Pair p3 = twoProduct(fb, three, a.cAx2.hi);
  Value p3Lo = fb.fma(three, a.cAx2.lo, p3.lo);
  Pair inner = twoSum(fb, fb.constantLike(a.xc, 1.0), p3.hi);
  Value innerLo = fb.add(inner.lo, p3Lo);
  Pair m = twoProduct(fb, a.q.hi, inner.hi);
  return {m.hi, fb.fma(a.q.hi, innerLo, fb.fma(a.q.lo, inner.hi, m.lo))};
}

/// act'(x) * seed by hand for the sigmoid products whose argument t is
/// carried as hi + lo, with t's high part: the form holds below the
/// sigmoid's saturation, |t| < 110. geglu (t = 2u(x), m = geluSlope) and
/// x * sigmoid(k x) (t = m = k x exactly: geglu_quick, swiglu_oai).
struct HandDerivative {
  Value t, derivative;
};

HandDerivative geluDerivative(FloatBuilder &fb, Value x, double seed) {
  GeluArgument a = geluArgument(fb, x);
  Pair m = geluSlope(fb, a);
  SigmoidExp se = sigmoidExp(fb, a.t.hi, a.t.lo);
  return {a.t.hi, sigmoidProductDerivative(fb, se, m, seed)};
}

HandDerivative scaledSiluDerivative(FloatBuilder &fb, Value x, float k,
                                    double seed) {
  Pair t = twoProduct(fb, x, fb.constantLike(x, k));
  SigmoidExp se = sigmoidExp(fb, t.hi, t.lo);
  return {t.hi, sigmoidProductDerivative(fb, se, t, seed)};
}

/// The f16_table plan's act' * seed: the activation's exact derivative at
/// f16(x) (straight-through both roundings, docs/semantics.md section 4),
/// written by hand as for the one-rounding plans, at the f16 gate the
/// forward rounds (the same ops: CSE merges them). geglu inside the table,
/// -10 < x < 10 (outside, the rules' 0 and 1); geglu_quick below the
/// sigmoid's saturation (|1.702 f16(x)| < 110, so f16(x) is finite).
/// Elsewhere, and for NaN, the rules' terms.
SmallVector<Value> tableDerivativeTerms(FloatBuilder &fb, const GluProgram &p,
                                        Value x, ArrayRef<Value> ruleTerms,
                                        double seed) {
  SmallVector<Value> terms(ruleTerms);
  Value inRange, hand;
  if (p.variant == Variant::geglu) {
    Value x16 = fb.round(fb.clamp(x, -kTableBound, kTableBound), f16(fb));
    hand = geluDerivative(fb, x16, seed).derivative;
    inRange = fb.cmp(CmpFPredicate::OLT, fb.abs(x), kTableBound);
  } else if (p.variant == Variant::geglu_quick) {
    HandDerivative h =
        scaledSiluDerivative(fb, fb.round(x, f16(fb)), constant(kQuick), seed);
    hand = h.derivative;
    inRange = fb.cmp(CmpFPredicate::OLT, fb.abs(h.t), kSigmoidBound);
  } else {
    return terms;
  }
  // act' is the first term in range, the others 0 there.
  for (auto [i, term] : llvm::enumerate(terms))
    term = fb.select(inRange, i ? fb.zerosLike(x) : hand, term);
  return terms;
}
} // namespace

SmallVector<Value> definitions::derivativeTerms(FloatBuilder &fb,
                                                const GluProgram &p, Value x,
                                                ArrayRef<Value> ruleTerms) {
  SmallVector<Value> terms(ruleTerms);
  if (!p.storage.isF32() || ruleTerms.empty())
    return terms;
  double seed = std::ldexp(1.0, derivativeSeedExponent(p));
  if (p.rounding == Rounding::f16_table)
    return tableDerivativeTerms(fb, p, x, ruleTerms, seed);
  if (ruleTerms.size() != 2)
    return terms;
  Value zero = fb.zerosLike(x);
  // Below the saturation of sigmoid (|t| < 110) or erfc (|x| < 15), so x
  // is finite: elsewhere (saturation, inf, NaN) the rules' terms.
  auto ordinary = [&](Value t) {
    return fb.cmp(CmpFPredicate::OLT, fb.abs(t), kSigmoidBound);
  };
  Value inRange;
  SmallVector<Value, 2> hand;
  switch (p.variant) {
  case Variant::geglu: {
    HandDerivative h = geluDerivative(fb, x, seed);
    inRange = ordinary(h.t);
    hand = {h.derivative, zero};
    break;
  }
  case Variant::geglu_quick: {
    HandDerivative h = scaledSiluDerivative(fb, x, constant(kQuick), seed);
    inRange = ordinary(h.t);
    hand = {h.derivative, zero};
    break;
  }
  case Variant::swiglu:
    inRange = ordinary(x);
    hand = {
        sigmoidProductDerivative(fb, siluSigmoidExp(fb, x), {x, zero}, seed),
        zero};
    break;
  case Variant::swiglu_oai: {
    // At the forward's second min(x, limit). The min passes x <= limit
    // (inclusive, docs/semantics.md section 4); above, act' is the rules'
    // +0 (the min's select of 0: its cotangent at the limit is finite), so
    // the form holds on both sides and its range is the argument's alone:
    // glu-version-by-range's fast copy covers gates beyond the limit, not
    // only below 7. A NaN x is the rules' (xl is NaN).
    Value xl = finiteBelow(fb, fb.min(x, fb.constantLike(x, p.limit)));
    HandDerivative h = scaledSiluDerivative(fb, xl, constant(p.alpha), seed);
    Value atMost = fb.cmp(CmpFPredicate::OLE, x, p.limit);
    inRange = ordinary(h.t);
    hand = {fb.select(atMost, h.derivative, zero), zero};
    break;
  }
  case Variant::geglu_erf: {
    // act' = half + x * half', half' = SQRT_2_INV / sqrt(pi) * exp(-z^2):
    // the argument's term is one rounding after exp's, the constant as
    // hi + lo and x * its high part exact. In the tail (x < -12.7) both
    // terms are scaled by e^32 and scaled back here (the argument's term
    // dominates there, x^2 times the other).
    ErfParts parts = erfParts(fb, x);
    double k = double(constant(kSqrt2Inv)) / std::sqrt(M_PI);
    float kHi = float(k);
    Value xs = fb.mul(parts.xc, seed);
    Pair px = twoProduct(fb, xs, fb.constantLike(x, kHi));
    Value pLo = fb.fma(xs, fb.constantLike(x, double(float(k - kHi))), px.lo);
    inRange = fb.cmp(CmpFPredicate::OLT, fb.abs(x), kErfBound);
    Value b = fb.fma(px.hi, parts.scaledExp, fb.mul(pLo, parts.scaledExp));
    hand = {fb.mul(fb.mul(parts.half, seed), parts.scale),
            fb.mul(b, parts.scale)};
    break;
  }
  default:
    return terms;
  }
  for (auto [term, mine] : llvm::zip(terms, hand))
    term = fb.select(inRange, mine, term);
  return terms;
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
