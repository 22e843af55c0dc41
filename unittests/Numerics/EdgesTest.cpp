//===- EdgesTest.cpp - Large finite inputs and the subnormal band
//----------===//
//
// docs/semantics.md section 5 at the edges of f32, forward and backward of
// every variant (f32, both plans that apply; swiglu_oai also with alpha 0),
// against the float64 oracle:
// - the inputs of issue 14, whose products dy*g*x overflow long before the
//   result does (x = 100, g = 1e37 gave NaN; x = 20, g = 3e38 gave inf);
// - a sweep of large inputs: x and g over +-[2^-20, 2^127] in steps of
//   2^5 and dy in {1, 2^-100, 2^100}: where the exact result is finite the
//   compiled one must be finite and accurate.
// Accurate means within the f32 bounds of the wide mix
// (AccuracySweep.F32WideMix: 4.0 ulp forward and d_g, 3.25 for d_x at the
// scale of its terms; f16_table's d_x kTableDxBound) of the exact value,
// plus what the f32
// activation cannot carry: act is an f32 value, so where it is subnormal
// its absolute error (up to one subnormal ulp, 2^-149) is multiplied by g
// and dy (allowance |dy| * max(|g|, 1) * 2^-149).
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "gtest/gtest.h"

#include <cfloat>
#include <cmath>

using namespace harness;
using oracle::Config;
using oracle::Plan;
using oracle::Storage;
using oracle::Variant;

namespace {

struct Case {
  double x, g, dy;
};

std::vector<Config> edgeConfigs() {
  std::vector<Config> configs;
  for (Variant v : {Variant::reglu, Variant::geglu, Variant::geglu_erf,
                    Variant::geglu_quick, Variant::swiglu, Variant::swiglu_oai})
    for (Plan p : {Plan::two_round, Plan::f16_table})
      if (p != Plan::f16_table || v == Variant::geglu ||
          v == Variant::geglu_quick)
        configs.push_back({v, p, Storage::f32});
  Config oai0{Variant::swiglu_oai, Plan::two_round, Storage::f32};
  oai0.alpha = 0;
  configs.push_back(oai0);
  return configs;
}

std::string configName(const Config &c) {
  std::string name = oracle::name(c.variant, c.storage, c.plan);
  if (c.variant == Variant::swiglu_oai && c.alpha == 0)
    name += "_alpha0";
  return name;
}

/// Runs `cases` through config `c`; returns the number of failures and the
/// worst error (in ulps) seen, reporting each failure.
struct Outcome {
  int64_t failures = 0;
  double worst = 0;
};

Outcome check(const Config &c, const std::vector<Case> &cases) {
  Outcome outcome;
  int64_t n = cases.size();
  auto jit = compile(moduleSource(c, 1, n));
  if (!jit) {
    ++outcome.failures;
    return outcome;
  }
  HostTensor x(ElementKind::F32, {1, n}), g(ElementKind::F32, {1, n}),
      dy(ElementKind::F32, {1, n});
  for (int64_t i = 0; i < n; ++i) {
    x.set(i, cases[i].x);
    g.set(i, cases[i].g);
    dy.set(i, cases[i].dy);
  }
  auto y = jit->call("fwd_split", {x, g});
  auto grads = jit->call("bwd_split", {dy, x, g});
  if (!y || !grads) {
    ADD_FAILURE() << configName(c) << ": a call failed";
    ++outcome.failures;
    return outcome;
  }
  for (int64_t i = 0; i < n; ++i) {
    double xi = x.get(i), gi = g.get(i), dyi = dy.get(i);
    // f16_table geglu_quick beyond the f16 range: ggml's table holds NaN
    // (-inf * 0), glu the limit (docs/semantics.md decision 5).
    if (c.plan == Plan::f16_table && c.variant == Variant::geglu_quick &&
        std::fabs(xi) > 65504)
      continue;
    oracle::Gradients want = oracle::backward(c, xi, gi, dyi);
    // Bounds: AccuracySweep.F32WideMix's f32 bounds (d_x at the terms'
    // scale). Measured worst 1.87 ulp (docs/accuracy.md); they were 4.25,
    // 4.5 and 4.25, above issue 14's goal of 4.
    double dxBound = c.plan == Plan::f16_table ? kTableDxBound : 3.25;
    struct {
      const char *name;
      double got, want, scale, allowance, bound;
    } outputs[] = {{"y", (*y)[0].get(i), oracle::forward(c, xi, gi), 0,
                    std::fmax(std::fabs(gi), 1) * 0x1p-149, 4.0},
                   {"dx", (*grads)[0].get(i), want.dx, want.dxScale,
                    std::fabs(dyi) * std::fmax(std::fabs(gi), 1) * 0x1p-149,
                    dxBound},
                   {"dg", (*grads)[1].get(i), want.dg, want.dgScale,
                    std::fabs(dyi) * 0x1p-149, 4.0}};
    for (auto &o : outputs) {
      // The exact value rounded to f32; results within 4 ulps of FLT_MAX
      // may round to inf or not.
      double exact = oracle::roundTo(Storage::f32, o.want);
      if (std::fabs(o.want) > FLT_MAX * (1 - 0x1p-21) &&
          std::fabs(o.want) < FLT_MAX * (1 + 0x1p-21))
        continue;
      double err =
          std::isinf(exact) || std::isnan(exact)
              ? judge(Storage::f32, o.got, exact, 0)
              : judge(Storage::f32, o.got, o.want, o.scale, o.allowance);
      outcome.worst = std::fmax(outcome.worst, err);
      if (err <= o.bound)
        continue;
      if (++outcome.failures <= 10)
        ADD_FAILURE() << configName(c) << " x=" << xi << " g=" << gi
                      << " dy=" << dyi << ": " << o.name << " = " << o.got
                      << ", exact " << o.want << " (" << err << " ulp)";
    }
  }
  return outcome;
}

TEST(Edges, Issue14LargeFiniteInputs) {
  if (harness::sanitized())
    GTEST_SKIP() << "sanitized suite: a sweep of one program";
  std::vector<Case> cases = {
      {100, 1e37, 1},     {-100, 1e37, 1},     {-88, 1e37, 1},
      {20, 3e38, 1},      {7, 3e38, 1},        {7, 1e38, 1},
      {-5, 3e38, 1},      {100, 1, 1e37},      {-100, 1, 1e37},
      {-88, 1, 1e37},     {7, 1, 1e37},        {-100, 3e36, 1},
      {-100, 1e37, 1e37}, {-3.4e38, 1, 1},     {3.4e38, 1, 1e-38},
      {-1e30, 1e30, 1},   {1e30, 1e-30, 1e30}, {-13.2, 1e37, 1},
      {-10.1, 1e37, 1},   {-52, 1e37, 1},      {-60, 3e38, 1e-10}};
  for (const Config &c : edgeConfigs())
    EXPECT_EQ(check(c, cases).failures, 0) << configName(c);
}

TEST(Edges, LargeInputSweep) {
  if (harness::sanitized())
    GTEST_SKIP() << "sanitized suite: a sweep of one program";
  std::vector<double> magnitudes;
  for (int e = -20; e <= 127; e += 5)
    magnitudes.push_back(std::ldexp(1.0, e) * 1.37);
  std::vector<Case> cases;
  for (double xm : magnitudes)
    for (double gm : magnitudes)
      for (double dy : {1.0, 0x1p-100, 0x1p100})
        for (double xs : {-1.0, 1.0})
          for (double gs : {-1.0, 1.0})
            cases.push_back({xs * xm, gs * gm, dy});
  std::printf("\n");
  for (const Config &c : edgeConfigs()) {
    Outcome o = check(c, cases);
    std::printf("%s: %zu large inputs, worst %.2f ulp (with the subnormal "
                "allowance), %lld failures\n",
                configName(c).c_str(), cases.size(), o.worst,
                (long long)o.failures);
    EXPECT_EQ(o.failures, 0) << configName(c);
  }
}

} // namespace
