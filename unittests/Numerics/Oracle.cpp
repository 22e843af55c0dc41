//===- Oracle.cpp - An independent float64 reference for the GLU family ---===//

#include "Oracle.h"

#include "llvm/ADT/APFloat.h"

#include <cmath>
#include <limits>
#include <math.h>

using namespace oracle;

std::string oracle::name(Variant v, Storage s, Plan p) {
  return std::string(name(v)) + "_" + name(s) + "_" + name(p);
}

double oracle::specMetric(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return INFINITY;
  if (a == b)
    return 0;
  return std::fabs(a - b) / (std::fabs(a) + std::fabs(b));
}

const char *oracle::name(Variant v) {
  switch (v) {
  case Variant::reglu:
    return "reglu";
  case Variant::geglu:
    return "geglu";
  case Variant::geglu_erf:
    return "geglu_erf";
  case Variant::geglu_quick:
    return "geglu_quick";
  case Variant::swiglu:
    return "swiglu";
  case Variant::swiglu_oai:
    return "swiglu_oai";
  }
  return "?";
}

const char *oracle::name(Plan p) {
  switch (p) {
  case Plan::two_round:
    return "two_round";
  case Plan::one_round:
    return "one_round";
  case Plan::f16_table:
    return "f16_table";
  }
  return "?";
}

const char *oracle::name(Storage s) {
  switch (s) {
  case Storage::f32:
    return "f32";
  case Storage::f16:
    return "f16";
  case Storage::bf16:
    return "bf16";
  }
  return "?";
}

static const llvm::fltSemantics &semanticsOf(Storage s) {
  switch (s) {
  case Storage::f32:
    return llvm::APFloat::IEEEsingle();
  case Storage::f16:
    return llvm::APFloat::IEEEhalf();
  case Storage::bf16:
    return llvm::APFloat::BFloat();
  }
  return llvm::APFloat::IEEEsingle();
}

double oracle::roundTo(Storage s, double v) {
  if (std::isnan(v))
    return v;
  llvm::APFloat value(v);
  bool losesInfo;
  value.convert(semanticsOf(s), llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  value.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

double oracle::ulp(Storage s, double v) {
  // Significand bits (with the implicit one) and the smallest normal
  // exponent of each format.
  int precision = s == Storage::f32 ? 24 : s == Storage::f16 ? 11 : 8;
  int minExponent = s == Storage::f16 ? -14 : -126;
  double largest = llvm::APFloat::getLargest(semanticsOf(s)).convertToDouble();
  double magnitude = std::fmin(std::fabs(v), largest);
  int exponent = minExponent;
  if (magnitude > 0) {
    std::frexp(magnitude, &exponent); // magnitude = m * 2^exponent, m in [.5,1)
    exponent = std::max(exponent - 1, minExponent);
  }
  return std::ldexp(1.0, exponent - (precision - 1));
}

//===----------------------------------------------------------------------===//
// Dual numbers
//===----------------------------------------------------------------------===//

static Dual constant(double c) { return {c, 0, 0}; }
static Dual operator+(Dual a, Dual b) {
  return {a.v + b.v, a.d + b.d, a.s + b.s};
}
static Dual operator*(Dual a, Dual b) {
  return {a.v * b.v, a.d * b.v + a.v * b.d,
          std::fabs(b.v) * a.s + std::fabs(a.v) * b.s};
}
static Dual operator*(double c, Dual a) { return constant(c) * a; }
/// f(a) for a primitive with value `value` and derivative `slope` at a.v.
static Dual chain(Dual a, double value, double slope) {
  return {value, slope * a.d, std::fabs(slope) * a.s};
}

/// sigmoid(t) = 1/(1 + exp(-t)), evaluated without overflow for either sign;
/// sigmoid' = sigmoid * (1 - sigmoid).
static Dual sigmoid(Dual t) {
  double s =
      t.v >= 0 ? 1 / (1 + std::exp(-t.v)) : std::exp(t.v) / (1 + std::exp(t.v));
  if (std::isnan(t.v))
    s = t.v;
  // 1 - s without cancellation for t > 0.
  double complement = t.v >= 0 ? std::exp(-t.v) / (1 + std::exp(-t.v))
                               : 1 / (1 + std::exp(t.v));
  return chain(t, s, s * complement);
}

/// 1 + tanh(u) = 2*sigmoid(2u) (no cancellation for u < 0); its derivative
/// 1 - tanh(u)^2 = 4*sigmoid(2u)*sigmoid(-2u).
static Dual onePlusTanh(Dual u) {
  Dual s = sigmoid(2.0 * u);
  return {2 * s.v, 2 * s.d, 2 * s.s};
}

/// 1 + erf(z) = erfc(-z) (no cancellation for z < 0); derivative
/// 2/sqrt(pi) * exp(-z^2).
static Dual onePlusErf(Dual z) {
  return chain(z, std::erfc(-z.v), 2 / std::sqrt(M_PI) * std::exp(-z.v * z.v));
}

/// min(x, limit) with the kink convention of docs/semantics.md section 4: the
/// derivative passes where x <= limit (inclusive); a NaN x stays NaN.
static Dual minLimit(Dual x, double limit) {
  if (x.v > limit)
    return constant(limit);
  return x;
}

static double clampValue(double g, double limit) {
  if (std::isnan(g))
    return g;
  return std::fmin(std::fmax(g, -limit), limit);
}

//===----------------------------------------------------------------------===//
// docs/semantics.md section 2: the activations
//===----------------------------------------------------------------------===//

Dual oracle::act(const Config &c, Dual x) {
  // The f32 constants of docs/semantics.md section 2, as float64 values.
  const double cA = double(0.044715f);
  const double sqrt2OverPi = double(0.79788456080286535587989211986876f);
  const double sqrt2Inv = double(0.70710678118654752440084436210484f);
  const double quick = double(1.702f);
  switch (c.variant) {
  case Variant::reglu:
    return x.v > 0 ? x : constant(0);
  case Variant::geglu: {
    // 0.5*x*(1 + tanh(SQRT_2_OVER_PI*x*(1 + C_A*x*x)))
    Dual u = sqrt2OverPi * x * (constant(1) + cA * x * x);
    return 0.5 * x * onePlusTanh(u);
  }
  case Variant::geglu_erf:
    // 0.5*x*(1 + erf(x*SQRT_2_INV))
    return 0.5 * x * onePlusErf(sqrt2Inv * x);
  case Variant::geglu_quick:
    // x * (1/(1 + exp(-QUICK*x)))
    return x * sigmoid(quick * x);
  case Variant::swiglu:
    // x / (1 + exp(-x))
    return x * sigmoid(x);
  case Variant::swiglu_oai: {
    // xc = min(x, limit); act = xc / (1 + exp(-alpha*xc))
    Dual xc = minLimit(x, c.limit);
    return xc * sigmoid(c.alpha * xc);
  }
  }
  return constant(std::numeric_limits<double>::quiet_NaN());
}

//===----------------------------------------------------------------------===//
// docs/semantics.md section 3: the rounding plans
//===----------------------------------------------------------------------===//

namespace {
/// The activation the forward multiplies by g (or g'+1), as a dual in x:
/// the plan's roundings applied to the value, straight-through for the
/// derivative.
struct Gate {
  Dual act;           // value rounded as the plan says; derivative in x
  bool table = false; // the f16 table's special ranges decide alone
};
} // namespace

float oracle::ggmlGelu(float x) {
  const float coefA = 0.044715f;
  const float sqrt2OverPi = 0.79788456080286535587989211986876f;
  // The one multiply-add written as the fma ggml's build makes of it; no
  // other product feeds a sum, so no contraction flag changes the result.
  return 0.5f * x *
         (1.0f + ::tanhf(sqrt2OverPi * x * std::fma(coefA * x, x, 1.0f)));
}

static Gate gateOf(const Config &c, double x) {
  Dual seed{x, 1, 1};
  if (c.plan == Plan::f16_table) {
    if (c.variant == Variant::geglu && x <= -10)
      return {constant(0), true};
    if (c.variant == Variant::geglu && x >= 10)
      return {seed, true};
    Dual x16{roundTo(Storage::f16, x), 1, 1};
    Dual a = act(c, x16);
    // The GELU table is ggml's program's (docs/semantics.md section 3); the
    // derivative straight-through, of the exact activation.
    a.v = c.variant == Variant::geglu ? ggmlGelu(float(x16.v)) : a.v;
    a.v = roundTo(Storage::f16, a.v);
    return {a, true};
  }
  Dual a = act(c, seed);
  if (c.plan == Plan::two_round && c.storage != Storage::f32)
    a.v = roundTo(c.storage, a.v);
  return {a, false};
}

double oracle::forward(const Config &c, double x, double g) {
  if (c.variant == Variant::reglu) // as ggml: 0 whatever g is
    return x > 0 ? x * g : 0.0;
  Gate gate = gateOf(c, x);
  if (c.variant == Variant::swiglu_oai)
    return gate.act.v * (clampValue(g, c.limit) + 1);
  return gate.act.v * g;
}

//===----------------------------------------------------------------------===//
// docs/semantics.md section 4: the backward
//===----------------------------------------------------------------------===//

Gradients oracle::backward(const Config &c, double x, double g, double dy) {
  if (c.variant == Variant::reglu) {
    if (!(x > 0)) // NaN included
      return {0, 0, 0, 0};
    return {dy * g, dy * x, std::fabs(dy * g), std::fabs(dy * x)};
  }
  Gate gate = gateOf(c, x);
  double factor = g;
  double dgMask = 1;
  if (c.variant == Variant::swiglu_oai) {
    factor = clampValue(g, c.limit) + 1;
    // The gradient passes where -limit <= g <= limit; NaN propagates.
    dgMask = std::isnan(g) ? g : (g >= -c.limit && g <= c.limit ? 1 : 0);
  }
  Gradients out;
  out.dx = dy * factor * gate.act.d;
  out.dxScale = std::fabs(dy * factor) * gate.act.s;
  out.dg = dy * gate.act.v * dgMask;
  out.dgScale = std::fabs(out.dg);
  return out;
}
