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
//
// Constants are the SPEC's f32 values.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluDefinitions.h"

#include "GluDialect/Dialect/Testing.h"
#include "mlir/IR/BuiltinTypes.h"
#include <cfloat>

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

// act(x) = x * sigmoid(k*x): swiglu (k = 1) and geglu_quick (k = 1.702).
Value scaledSilu(FloatBuilder &fb, Value x, float k) {
  Value t = k == 1.0f ? x : fb.mul(x, fb.constantLike(x, k));
  return fb.mul(finiteBelow(fb, x), sigmoid(fb, t));
}

// act(x) = 0.5*x*(1 + tanh(u)), u = SQRT_2_OVER_PI*x*(1 + C_A*x^2),
// evaluated as x * sigmoid(2u) (1 + tanh(u) = 2*sigmoid(2u), which does not
// cancel for u < 0). 2*SQRT_2_OVER_PI is exact in f32.
Value geluTanh(FloatBuilder &fb, Value x) {
  Value xc = fb.clamp(x, -kGeluBound, kGeluBound);
  Value inner = fb.add(fb.mul(fb.constantLike(xc, constant(kCA)),
                              fb.mul(xc, xc)),
                       1.0);
  Value twoU = fb.mul(fb.mul(xc, fb.constantLike(xc, 2.0f * constant(
                                                          kSqrt2OverPi))),
                      inner);
  return fb.mul(finiteBelow(fb, x), sigmoid(fb, twoU));
}

// act(x) = 0.5*x*(1 + erf(x*SQRT_2_INV)), evaluated as
// x * (0.5 * erfc(-x*SQRT_2_INV)): 1 + erf(z) = erfc(-z) without the
// cancellation of 1 + erf for x < 0; the 0.5 scaling is exact.
Value geluErf(FloatBuilder &fb, Value x) {
  Value xc = fb.clamp(x, -kErfBound, kErfBound);
  Value z = fb.mul(xc, fb.constantLike(xc, -constant(kSqrt2Inv)));
  Value half = fb.mul(fb.erfc(z), 0.5);
  return fb.mul(finiteBelow(fb, x), half);
}

// reglu, as ggml: x > 0 ? x*g : 0. The activation x is a storage value, so
// every rounding plan is this one program.
Value reglu(FloatBuilder &fb, Value x, Value g) {
  Value positive = fb.cmp(CmpFPredicate::OGT, x, 0.0);
  return fb.select(positive, fb.mul(x, g), fb.zerosLike(x));
}

// swiglu_oai: xc = min(x, limit); act = xc * sigmoid(alpha*xc);
// y = act * (clamp(g, -limit, limit) + 1). The sigmoid argument uses the
// finite linear factor so alpha = 0 and x = -inf give 0, not 0 * inf.
Value swigluOai(FloatBuilder &fb, const GluProgram &p, Value x, Value g) {
  Value xc = fb.min(x, fb.constantLike(x, p.limit));
  Value xl = finiteBelow(fb, xc);
  Value act = fb.mul(xl, sigmoid(fb, fb.mul(xl, fb.constantLike(
                                                    xl, constant(p.alpha)))));
  Value gc = fb.clamp(g, -p.limit, p.limit);
  return gate(fb, p, act, fb.add(gc, 1.0));
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

Value definitions::sigmoid(FloatBuilder &fb, Value t) {
  Value tc = fb.clamp(t, -kSigmoidBound, kSigmoidBound);
  Value e = fb.exp(fb.neg(fb.abs(tc)));
  Value numerator = fb.select(fb.cmp(CmpFPredicate::OGE, tc, 0.0),
                              fb.constantLike(e, 1.0), e);
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
