//===- FiniteDifferenceTest.cpp - Compiled gradients vs finite differences ===//
//
// The compiled f32 backward of every variant against central finite
// differences of the compiled f32 forward, with the symmetric relative error
// (docs/semantics.md section 6) |a - b| / (|a| + |b|) (0 when equal, NaN
// fails).
//
// Finite differences of an f32 function are noisy: with h = 2^-10 * |x|
// (a power of two, so x +- h is exact) each difference carries ~ulp(y)/h of
// rounding. The noise floor is measured in the same run: the same
// differences against the float64 oracle's derivative. Elements where even
// the oracle disagrees with the differences by more than 1e-3 are counted
// and left out: near a zero of the derivative any relative metric explodes,
// and where the gradient is far below the forward's rounding (geglu at
// x < -5: act' < 1e-9) f32 differences resolve nothing (at most a quarter of
// the elements; up to 20% for geglu). On the rest the compiled gradient must
// sit within 2x the floor. Measured: floors 5e-5 (dg) .. 9.5e-4 (dx), the
// compiled gradients within 1.003x of them; a dropped term in the divf rule
// (mutations.test, dropped-term) measured 0.5 and more.
// f16_table is not checked here: its forward is piecewise constant between
// f16 values and its backward straight-through by definition.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "gtest/gtest.h"

#include <cmath>
#include <iostream>

using namespace harness;
using oracle::Config;
using oracle::Plan;
using oracle::specMetric;
using oracle::Storage;
using oracle::Variant;

namespace {

/// A power of two about 2^-10 * max(1, |v|): v +- h is exact in f32.
double stepFor(double v) {
  int e;
  std::frexp(std::fmax(1.0, std::fabs(v)), &e);
  return std::ldexp(1.0, e - 11);
}

struct Stats {
  double worst = 0, floor = 0;
  int64_t kept = 0, dropped = 0;
};

class FiniteDifferences : public ::testing::TestWithParam<Variant> {};

TEST_P(FiniteDifferences, CompiledGradientsMatch) {
  Config c{GetParam(), Plan::one_round, Storage::f32};
  const char *v = oracle::name(c.variant);
  std::string module =
      std::string("func.func @f(%x: tensor<?xf32>, %g: tensor<?xf32>) -> "
                  "tensor<?xf32> {\n  %y = glu.glu ") +
      v + "(%x, %g) : tensor<?xf32>\n  return %y : tensor<?xf32>\n}\n" +
      "func.func @b(%dy: tensor<?xf32>, %x: tensor<?xf32>, %g: "
      "tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {\n  %dx, %dg = "
      "glu.glu_back " +
      v +
      "(%dy, %x, %g) : tensor<?xf32>\n  return %dx, %dg : "
      "tensor<?xf32>, tensor<?xf32>\n}\n";
  auto jit = compile(module);
  ASSERT_TRUE(jit);

  // x in |x| < 3 and |x| in [5, 20]; g away from the clamp kinks at
  // +-limit, x away from the kinks at 0 (reglu) and limit (swiglu_oai).
  constexpr int64_t n = 4000;
  std::mt19937_64 rng(12345);
  std::vector<double> xs, gs;
  while (int64_t(xs.size()) < n) {
    double x = xs.size() % 2
                   ? std::uniform_real_distribution<double>(-3, 3)(rng)
                   : std::uniform_real_distribution<double>(5, 20)(rng) *
                         (rng() & 1 ? 1 : -1);
    double g = std::uniform_real_distribution<double>(-3, 3)(rng);
    x = double(float(x));
    g = double(float(g));
    if (std::fabs(x) < 0.05 || std::fabs(x - c.limit) < 0.05)
      continue;
    xs.push_back(x);
    gs.push_back(g);
  }

  // One forward call evaluates all shifted points: [x+h, x-h, x, x].
  HostTensor fx(ElementKind::F32, {4 * n}), fg(ElementKind::F32, {4 * n});
  for (int64_t i = 0; i < n; ++i) {
    double hx = stepFor(xs[i]), hg = stepFor(gs[i]);
    fx.set(i, xs[i] + hx);
    fx.set(n + i, xs[i] - hx);
    fx.set(2 * n + i, xs[i]);
    fx.set(3 * n + i, xs[i]);
    fg.set(i, gs[i]);
    fg.set(n + i, gs[i]);
    fg.set(2 * n + i, gs[i] + hg);
    fg.set(3 * n + i, gs[i] - hg);
  }
  HostTensor x(ElementKind::F32, {n}), g(ElementKind::F32, {n}),
      dy(ElementKind::F32, {n});
  for (int64_t i = 0; i < n; ++i) {
    x.set(i, xs[i]);
    g.set(i, gs[i]);
    dy.set(i, 1.0);
  }
  auto y = jit->call("f", {fx, fg});
  auto grads = jit->call("b", {dy, x, g});
  ASSERT_TRUE(y && grads);

  Stats sx, sg;
  auto check = [](Stats &s, double compiled, double exact, double fd) {
    double floor = specMetric(exact, fd);
    if (floor > 1e-3) {
      ++s.dropped;
      return;
    }
    ++s.kept;
    s.floor = std::fmax(s.floor, floor);
    s.worst = std::fmax(s.worst, specMetric(compiled, fd));
  };
  for (int64_t i = 0; i < n; ++i) {
    double hx = stepFor(xs[i]), hg = stepFor(gs[i]);
    double fdX = ((*y)[0].get(i) - (*y)[0].get(n + i)) / (2 * hx);
    double fdG = ((*y)[0].get(2 * n + i) - (*y)[0].get(3 * n + i)) / (2 * hg);
    oracle::Gradients exact = oracle::backward(c, xs[i], gs[i], 1.0);
    check(sx, (*grads)[0].get(i), exact.dx, fdX);
    check(sg, (*grads)[1].get(i), exact.dg, fdG);
  }
  for (auto [label, s] : {std::make_pair("dx", sx), std::make_pair("dg", sg)}) {
    std::cout << v << " " << label
              << ": worst symmetric relative error vs finite "
              << "differences " << s.worst << ", noise floor " << s.floor
              << " (" << s.kept << " elements, " << s.dropped
              << " near a zero of the derivative left out)\n";
    EXPECT_LE(s.worst, 2 * s.floor + 1e-6) << v << " " << label;
    EXPECT_GT(s.kept, n * 3 / 4) << v << " " << label;
  }
}

INSTANTIATE_TEST_SUITE_P(AllVariants, FiniteDifferences,
                         ::testing::Values(Variant::reglu, Variant::geglu,
                                           Variant::geglu_erf,
                                           Variant::geglu_quick,
                                           Variant::swiglu,
                                           Variant::swiglu_oai),
                         [](const ::testing::TestParamInfo<Variant> &info) {
                           return std::string(oracle::name(info.param));
                         });

} // namespace
