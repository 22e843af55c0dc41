//===- OracleTest.cpp - The float64 oracle against finite differences -----===//
//
// The oracle's dual-number derivatives, checked against central finite
// differences of its own float64 forward, and against the reference
// derivatives docs/semantics.md section 4 writes out. With
// h = 1e-5 * max(1, |x|) the central difference is accurate to ~1e-9
// (truncation h^2 * f''' and rounding 1e-16 / h); the measured worst symmetric
// relative error (docs/semantics.md section 6) is printed (noise floor ~1e-10).
// A derivative with one term dropped measured > 1e-2.
//
//===----------------------------------------------------------------------===//

#include "Oracle.h"

#include "gtest/gtest.h"

#include <cmath>
#include <iostream>

using namespace oracle;

namespace {

const Variant kVariants[] = {Variant::geglu,       Variant::geglu_erf,
                             Variant::geglu_quick, Variant::swiglu,
                             Variant::swiglu_oai,  Variant::reglu};

/// Points of [-20, 20] away from the kinks (0 for reglu, limit for oai).
std::vector<double> grid(Variant v) {
  std::vector<double> xs;
  for (double x = -20; x <= 20; x += 0.0137) {
    if (v == Variant::reglu && std::fabs(x) < 1e-3)
      continue;
    if (v == Variant::swiglu_oai && std::fabs(x - 7.0) < 1e-3)
      continue;
    xs.push_back(x);
  }
  return xs;
}

TEST(Oracle, DerivativesMatchCentralDifferences) {
  for (Variant v : kVariants) {
    Config c{v, Plan::one_round, Storage::f32};
    double worst = 0, at = 0;
    for (double x : grid(v)) {
      double h = 1e-5 * std::fmax(1, std::fabs(x));
      double fd = (act(c, {x + h, 0, 0}).v - act(c, {x - h, 0, 0}).v) / (2 * h);
      double d = act(c, {x, 1, 1}).d;
      // Where both are below 1e-12 the metric measures float64 noise only.
      if (std::fabs(d) < 1e-12 && std::fabs(fd) < 1e-12)
        continue;
      double err = specMetric(d, fd);
      if (err > worst) {
        worst = err;
        at = x;
      }
    }
    std::cout << name(v) << ": worst |d - fd| / (|d| + |fd|) = " << worst
              << " at x = " << at << "\n";
    EXPECT_LT(worst, 1e-7) << name(v);
  }
}

/// The reference derivatives of docs/semantics.md section 4, written out
/// independently.
double specDerivative(Variant v, double x) {
  const double cA = double(0.044715f);
  const double k0 = double(0.79788456080286535587989211986876f);
  const double k2 = double(0.70710678118654752440084436210484f);
  auto s = [](double t) { return 1 / (1 + std::exp(-t)); };
  switch (v) {
  case Variant::swiglu:
    return s(x) * (1 + x * (1 - s(x)));
  case Variant::geglu_quick: {
    double k = double(1.702f);
    return s(k * x) + k * x * s(k * x) * (1 - s(k * x));
  }
  case Variant::geglu: {
    double u = k0 * x * (1 + cA * x * x);
    double t = std::tanh(u);
    return 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * k0 * (1 + 3 * cA * x * x);
  }
  case Variant::geglu_erf:
    // The textbook form writes exp(-x^2/2), i.e. SQRT_2_INV^2 = 1/2 exactly;
    // with the f32 constant the forward's derivative has exp(-(SQRT_2_INV*x)^2)
    // (1.4e-6 apart at |x| = 4; docs/semantics.md).
    return 0.5 * (1 + std::erf(x * k2)) +
           x * k2 * (1 / std::sqrt(M_PI)) * std::exp(-(k2 * x) * (k2 * x));
  case Variant::swiglu_oai: {
    double a = double(1.702f);
    double xc = std::fmin(x, 7.0);
    double gate = x <= 7.0 ? 1 : 0;
    return gate * (s(a * xc) + a * xc * s(a * xc) * (1 - s(a * xc)));
  }
  case Variant::reglu:
    return x > 0 ? 1 : 0;
  }
  return NAN;
}

TEST(Oracle, DerivativesMatchTheSpecFormulas) {
  for (Variant v : kVariants) {
    Config c{v, Plan::one_round, Storage::f32};
    double worst = 0;
    // In [-4, 4]: further out the literal closed forms cancel in float64
    // (1 + tanh(u), 1 - t^2, 1 + erf(z) for x < 0: 5e-7 at x = -6).
    for (double x = -4; x <= 4; x += 0.01)
      worst = std::fmax(worst,
                        specMetric(act(c, {x, 1, 1}).d, specDerivative(v, x)));
    EXPECT_LT(worst, 1e-10) << name(v);
  }
}

/// docs/semantics.md decision 8: geglu_erf's derivative is the program's,
/// with the f32 constant c = SQRT_2_INV: exp(-(c x)^2), not the textbook
/// exp(-x^2/2). The oracle follows the program out to the clamp (1 + erf
/// as erfc, no cancellation), and the two forms are far apart there: 2.3e-6
/// relative (19 f32 ulps) at x = -11.6, so a form swapped in the oracle
/// (or in glu, judged by it) would fail the f32 bounds.
TEST(Oracle, GeluErfDerivativeFollowsTheF32Constant) {
  const double c = double(0.70710678118654752440084436210484f);
  Config config{Variant::geglu_erf, Plan::one_round, Storage::f32};
  for (double x : {-14.5, -11.6, -8.0, -4.0, 4.0, 11.6}) {
    double program = 0.5 * std::erfc(-c * x) +
                     x * c / std::sqrt(M_PI) * std::exp(-(c * x) * (c * x));
    double textbook = 0.5 * std::erfc(-x / std::sqrt(2.0)) +
                      x / std::sqrt(2 * M_PI) * std::exp(-x * x / 2);
    double d = act(config, {x, 1, 1}).d;
    EXPECT_LT(specMetric(d, program), 1e-13) << x;
    if (x == -11.6) {
      EXPECT_GT(std::fabs(program - textbook) / std::fabs(program), 2e-6);
    }
  }
}

TEST(Oracle, KinkConventions) {
  Config oai{Variant::swiglu_oai, Plan::one_round, Storage::f32};
  // min(x, limit): the gradient passes at x == limit, not above.
  EXPECT_GT(backward(oai, 7.0, 0.5, 1.0).dx, 0);
  EXPECT_EQ(backward(oai, 7.5, 0.5, 1.0).dx, 0);
  // clamp(g, -limit, limit): passes at both bounds, inclusive.
  EXPECT_NE(backward(oai, 1.0, 7.0, 1.0).dg, 0);
  EXPECT_NE(backward(oai, 1.0, -7.0, 1.0).dg, 0);
  EXPECT_EQ(backward(oai, 1.0, 7.5, 1.0).dg, 0);
  // NaN propagates through min and clamp.
  EXPECT_TRUE(std::isnan(backward(oai, NAN, 0.5, 1.0).dx));
  EXPECT_TRUE(std::isnan(backward(oai, 1.0, NAN, 1.0).dg));
  // reglu: 0 at x == 0 and for a NaN gate, whatever g is.
  Config reglu{Variant::reglu, Plan::one_round, Storage::f32};
  EXPECT_EQ(backward(reglu, 0.0, 2.0, 1.0).dx, 0);
  EXPECT_EQ(forward(reglu, NAN, INFINITY), 0);
  EXPECT_EQ(backward(reglu, NAN, 2.0, 1.0).dg, 0);
}

TEST(Oracle, RoundingPlans) {
  // two_round rounds act to storage before the product; one_round does not.
  Config two{Variant::swiglu, Plan::two_round, Storage::bf16};
  Config one{Variant::swiglu, Plan::one_round, Storage::bf16};
  double x = 0.7, g = 1.3;
  double act07 = act(one, {x, 0, 0}).v;
  EXPECT_EQ(forward(two, x, g), roundTo(Storage::bf16, act07) * g);
  EXPECT_EQ(forward(one, x, g), act07 * g);
  // d_g uses the value the forward multiplied.
  EXPECT_EQ(backward(two, x, g, 1.0).dg, roundTo(Storage::bf16, act07));
  // For f32 storage the two plans are one program.
  Config twoF32{Variant::swiglu, Plan::two_round, Storage::f32};
  EXPECT_EQ(forward(twoF32, x, g), act07 * g);
  // f16_table geglu: 0 at and below -10, x*g at and above 10.
  Config table{Variant::geglu, Plan::f16_table, Storage::f32};
  EXPECT_EQ(forward(table, -10, 3), 0);
  EXPECT_EQ(forward(table, 10, 3), 30);
  EXPECT_EQ(backward(table, 12, 3, 1).dx, 3);
  EXPECT_EQ(backward(table, 12, 3, 1).dg, 12);
  EXPECT_EQ(backward(table, -12, 3, 1).dx, 0);
}

TEST(Oracle, RoundToAndUlp) {
  EXPECT_EQ(roundTo(Storage::bf16, 1.0 + 0x1p-8), 1.0); // tie to even
  EXPECT_EQ(roundTo(Storage::bf16, 1.0 + 0x1p-8 + 0x1p-30), 1.0 + 0x1p-7);
  EXPECT_EQ(roundTo(Storage::f16, 65520.0), INFINITY);
  EXPECT_EQ(ulp(Storage::f32, 1.0), 0x1p-23);
  EXPECT_EQ(ulp(Storage::bf16, 1.0), 0x1p-7);
  EXPECT_EQ(ulp(Storage::f16, 0.0), 0x1p-24);
  EXPECT_EQ(ulp(Storage::f32, 0.0), 0x1p-149);
}

} // namespace
