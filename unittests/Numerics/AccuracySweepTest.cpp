//===- AccuracySweepTest.cpp - ulp error over a dense sweep ---------------===//
//
// The numbers of docs/accuracy.md: the compiled f32 forward (act, with
// g = 1) and backward (act' with dy = g = 1, and d_g = act) of every
// variant over every f32 in a dense sweep of [-20, 20] (step 2^-9), of
// [-12, 12] (step 2^-12) and of the subnormal tails [-120, -20] (step 2^-7)
// plus extremes (+-1e-30, +-1e-10, +-30, +-50, +-87, +-100, +-1e4,
// +-1e30), judged by the float64 oracle. Two figures per output:
// - "max": ulp of the exact value (subnormal ulps included);
// - "max away from zero crossings": the same, on the points where act' is
//   computed without cancelling more than one bit (|act'| >= scale / 2,
//   see oracle::Dual), i.e. away from the zeros of the derivative where any
//   relative error measure explodes.
// Regenerate the table: build/unittests/GluNumericsTests
//   --gtest_filter='AccuracySweep*' (the test prints it).
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdio>

using namespace harness;
using oracle::Config;
using oracle::Plan;
using oracle::Storage;
using oracle::Variant;

namespace {

std::vector<double> sweepPoints() {
  std::vector<double> xs;
  for (int i = -20 * 512; i <= 20 * 512; ++i)
    xs.push_back(i / 512.0);
  // Denser where every variant bends: [-12, 12] in steps of 2^-12.
  for (int i = -12 * 4096; i <= 12 * 4096; ++i)
    if (i % 8)
      xs.push_back(i / 4096.0);
  // The subnormal band of every variant's tail (geglu x < -10, geglu_erf
  // x < -13.2, geglu_quick and swiglu_oai x < -51.5, swiglu x < -87.7)
  // down to where act is 0: [-120, -20] in steps of 2^-7.
  for (int i = -120 * 128; i < -20 * 128; ++i)
    xs.push_back(i / 128.0);
  for (double e : {1e-30, 1e-10, 30.0, 50.0, 87.0, 100.0, 1e4, 1e30}) {
    xs.push_back(e);
    xs.push_back(-e);
  }
  return xs;
}

struct Row {
  double y = 0, dx = 0, dg = 0, dxAway = 0;
  double yAt = 0, dxAt = 0, dxAwayAt = 0;
};

TEST(AccuracySweep, F32ForwardAndBackward) {
  std::vector<double> xs = sweepPoints();
  int64_t n = xs.size();
  std::printf("\n| variant | fwd max ulp (at x) | bwd d_x max ulp, at the "
              "terms' scale (at x) | bwd d_x max ulp away from zero "
              "crossings (at x) | bwd d_g max ulp |\n|---|---|---|---|---|\n");
  for (Variant v : {Variant::reglu, Variant::geglu, Variant::geglu_erf,
                    Variant::geglu_quick, Variant::swiglu,
                    Variant::swiglu_oai}) {
    Config c{v, Plan::one_round, Storage::f32};
    std::string name = oracle::name(v);
    std::string ty = "tensor<" + std::to_string(n) + "xf32>";
    auto jit = compile("func.func @f(%x: " + ty + ", %g: " + ty + ") -> " +
                       ty + " {\n  %y = glu.glu " + name + "(%x, %g) : " + ty +
                       "\n  return %y : " + ty + "\n}\nfunc.func @b(%dy: " +
                       ty + ", %x: " + ty + ", %g: " + ty + ") -> (" + ty +
                       ", " + ty + ") {\n  %dx, %dg = glu.glu_back " + name +
                       "(%dy, %x, %g) : " + ty + "\n  return %dx, %dg : " +
                       ty + ", " + ty + "\n}\n");
    ASSERT_TRUE(jit);
    HostTensor x(ElementKind::F32, {n}), ones(ElementKind::F32, {n});
    for (int64_t i = 0; i < n; ++i) {
      x.set(i, xs[i]);
      ones.set(i, 1.0);
    }
    auto y = jit->call("f", {x, ones});
    auto grads = jit->call("b", {ones, x, ones});
    ASSERT_TRUE(y && grads);
    Row row;
    for (int64_t i = 0; i < n; ++i) {
      double xi = x.get(i); // the f32 value actually passed
      double fy = judge(Storage::f32, (*y)[0].get(i),
                        oracle::forward(c, xi, 1.0), 0);
      oracle::Gradients want = oracle::backward(c, xi, 1.0, 1.0);
      double fdx = judge(Storage::f32, (*grads)[0].get(i), want.dx,
                         want.dxScale);
      double fdg = judge(Storage::f32, (*grads)[1].get(i), want.dg, 0);
      if (fy > row.y)
        row.y = fy, row.yAt = xi;
      if (fdx > row.dx)
        row.dx = fdx, row.dxAt = xi;
      row.dg = std::fmax(row.dg, fdg);
      if (std::fabs(want.dx) >= want.dxScale / 2) {
        double away = judge(Storage::f32, (*grads)[0].get(i), want.dx, 0);
        if (away > row.dxAway)
          row.dxAway = away, row.dxAwayAt = xi;
      }
    }
    std::printf("| %s | %.2f (%g) | %.2f (%g) | %.2f (%g) | %.2f |\n",
                name.c_str(), row.y, row.yAt, row.dx, row.dxAt, row.dxAway,
                row.dxAwayAt, row.dg);
    // The measured maxima (docs/accuracy.md) with a quarter ulp of margin
    // for the host's vector width.
    EXPECT_LE(row.y, 4.25) << name;
    EXPECT_LE(row.dx, 5.25) << name;
    EXPECT_LE(row.dxAway, 8.5) << name;
    EXPECT_LE(row.dg, 4.25) << name;
  }
}

} // namespace
