//===- SpecialValuesTest.cpp - docs/semantics.md section 5 ---------------===//
//
// NaN, infinities, huge and denormal inputs, for every variant, forward and
// backward, in f32 (every plan), bf16 and f16:
// - a NaN gate or up value gives NaN in the outputs and gradients that read
//   it (min and clamp propagate NaN), except reglu: a NaN gate is not > 0,
//   so y and both gradients are 0 there;
// - a NaN cotangent dy gives NaN in both gradients, at every gate;
// - large finite inputs never manufacture a NaN: act(-inf) = act(-1e30) = 0
//   with derivative 0 (not inf * 0), swiglu(-100) is +-0;
// - denormals in, denormals or zero out, no trap.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace harness;
using oracle::Config;
using oracle::Plan;
using oracle::Storage;
using oracle::Variant;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// What an output must be.
struct Expect {
  enum Kind { NaN, Zero, PlusZero, Oracle, Exactly, Finite } kind;
  double value = 0;
};
Expect nan() { return {Expect::NaN}; }
Expect zero() { return {Expect::Zero}; }
Expect plusZero() { return {Expect::PlusZero}; }
Expect oracleValue() { return {Expect::Oracle}; }
Expect exactly(double v) { return {Expect::Exactly, v}; }
Expect finite() { return {Expect::Finite}; }

struct Row {
  double x, g;
  Expect y, dx, dg;
};

/// The rows for variant `v`; dy = 1.5 throughout.
std::vector<Row> rowsFor(const Config &c) {
  bool reglu = c.variant == Variant::reglu;
  bool oai = c.variant == Variant::swiglu_oai;
  bool quickTable =
      c.plan == Plan::f16_table && c.variant == Variant::geglu_quick;
  bool geluTable = c.plan == Plan::f16_table && c.variant == Variant::geglu;
  double dy = 1.5;
  std::vector<Row> rows = {
      // A NaN gate.
      {kNaN, 1.5, reglu ? zero() : nan(), reglu ? zero() : nan(),
       reglu ? zero() : nan()},
      // A NaN up value: d_g = dy * act does not read g (but oai's clamp
      // mask does).
      {0.5, kNaN, nan(), nan(), oai ? nan() : finite()},
      {-0.5, kNaN, reglu ? zero() : nan(), reglu ? zero() : nan(),
       reglu ? zero() : (oai ? nan() : finite())},
      // A NaN up value with x = -inf: d_x = dy * g * act'(-inf) = NaN, as
      // at x = -1e30 (f16_table geglu: x <= -10 reads neither).
      {-kInf, kNaN, reglu || geluTable ? zero() : nan(),
       reglu || geluTable ? zero() : nan(),
       reglu || geluTable ? zero() : (oai ? nan() : finite())},
      {-1e30, kNaN, reglu || geluTable ? zero() : nan(),
       reglu || geluTable ? zero() : nan(),
       reglu || geluTable ? zero() : (oai ? nan() : finite())},
      // -inf and -1e30: act -> 0, act' -> 0, no NaN.
      {-kInf, 1.5, zero(), zero(), zero()},
      {-1e30, 1.5, zero(), zero(), zero()},
      // swiglu(-100) is the subnormal -3.7e-42 (gradual underflow), the
      // others 0 there.
      {-100, -2.0, oracleValue(), oracleValue(), oracleValue()},
      // f16_table geglu writes +0.0 for x <= -10, whatever g is (ggml).
      {-12, geluTable ? kInf : -2.0, geluTable ? plusZero() : oracleValue(),
       geluTable ? plusZero() : oracleValue(),
       geluTable ? plusZero() : oracleValue()},
      {-10, -2.0, geluTable ? plusZero() : oracleValue(),
       geluTable ? plusZero() : oracleValue(),
       geluTable ? plusZero() : oracleValue()},
      // +1e30: act = x (oai: act(limit)), act' = 1 (oai: 0, x > limit). The
      // f16 table rounds 1e30 to inf first.
      {1e30, 1.5, quickTable ? exactly(kInf) : oracleValue(),
       exactly(oai ? 0.0 : dy * 1.5),
       quickTable ? exactly(kInf) : oracleValue()},
      // +inf: y = inf * g (oai: finite), act' -> 1 (oai: 0).
      {kInf, 1.5, oai ? oracleValue() : exactly(kInf),
       exactly(oai ? 0.0 : dy * 1.5), oai ? oracleValue() : exactly(kInf)},
      // A huge up value (f16's largest: 1e30 is inf there).
      {0.75, c.storage == Storage::f16 ? 65504 : 1e30, oracleValue(),
       oracleValue(), oracleValue()},
      // Denormals: tiny out, finite gradients.
      {1e-40, 1.5, oracleValue(), oracleValue(), oracleValue()},
      {-1e-40, 1e-40, oracleValue(), oracleValue(), oracleValue()},
  };
  return rows;
}

std::string describe(const Expect &e) {
  switch (e.kind) {
  case Expect::NaN:
    return "NaN";
  case Expect::Zero:
    return "+-0";
  case Expect::PlusZero:
    return "+0";
  case Expect::Oracle:
    return "the oracle's value";
  case Expect::Exactly:
    return std::to_string(e.value);
  case Expect::Finite:
    return "a finite value";
  }
  return "?";
}

bool meets(const Config &c, const Expect &e, double got, double oracleWant) {
  switch (e.kind) {
  case Expect::NaN:
    return std::isnan(got);
  case Expect::Zero:
    return got == 0;
  case Expect::PlusZero:
    return got == 0 && !std::signbit(got);
  case Expect::Exactly:
    return got == oracle::roundTo(c.storage, e.value);
  case Expect::Finite:
    return std::isfinite(got);
  case Expect::Oracle:
    return judge(c.storage, got, oracleWant, 0) <=
           (c.storage == Storage::f32 ? 4 : 1);
  }
  return false;
}

struct SpecialCase {
  Variant variant;
  Storage storage;
  Plan plan;
};

class SpecialValues : public ::testing::TestWithParam<SpecialCase> {};

TEST_P(SpecialValues, FollowSection5) {
  Config c{GetParam().variant, GetParam().plan, GetParam().storage};
  std::vector<Row> rows = rowsFor(c);
  int64_t n = rows.size();
  std::string t = oracle::name(c.storage), v = oracle::name(c.variant);
  std::string clauses =
      c.plan == Plan::two_round
          ? ""
          : std::string(" rounding(") + oracle::name(c.plan) + ")";
  std::string ty = "tensor<" + std::to_string(n) + "x" + t + ">";
  auto jit = compile(
      "func.func @f(%x: " + ty + ", %g: " + ty + ") -> " + ty +
      " {\n  %y = glu.glu " + v + "(%x, %g)" + clauses + " : " + ty +
      "\n  return %y : " + ty + "\n}\n" + "func.func @b(%dy: " + ty +
      ", %x: " + ty + ", %g: " + ty + ") -> (" + ty + ", " + ty +
      ") {\n  %dx, %dg = glu.glu_back " + v + "(%dy, %x, %g)" + clauses +
      " : " + ty + "\n  return %dx, %dg : " + ty + ", " + ty + "\n}\n");
  ASSERT_TRUE(jit);
  HostTensor x(kindOf(c.storage), {n}), g(kindOf(c.storage), {n}),
      dy(kindOf(c.storage), {n});
  for (int64_t i = 0; i < n; ++i) {
    x.set(i, rows[i].x);
    g.set(i, rows[i].g);
    dy.set(i, 1.5);
  }
  auto y = jit->call("f", {x, g});
  auto grads = jit->call("b", {dy, x, g});
  ASSERT_TRUE(y && grads);
  for (int64_t i = 0; i < n; ++i) {
    const Row &r = rows[i];
    double xi = x.get(i), gi = g.get(i); // as stored
    oracle::Gradients want = oracle::backward(c, xi, gi, 1.5);
    struct {
      const char *name;
      const Expect &expect;
      double got, oracleWant;
    } outputs[] = {{"y", r.y, (*y)[0].get(i), oracle::forward(c, xi, gi)},
                   {"dx", r.dx, (*grads)[0].get(i), want.dx},
                   {"dg", r.dg, (*grads)[1].get(i), want.dg}};
    for (auto &o : outputs)
      EXPECT_TRUE(meets(c, o.expect, o.got, o.oracleWant))
          << v << " " << t << " " << oracle::name(c.plan) << " x=" << r.x
          << " g=" << r.g << ": " << o.name << " = " << o.got << ", expected "
          << describe(o.expect) << " (oracle " << o.oracleWant << ")";
  }
}

/// One point of the split backward: a gate, an up value and a cotangent.
struct Point {
  double x, g, dy;
};

/// d_x and d_g of `c`'s split backward at `points` (one row), or why they
/// could not be computed.
llvm::Expected<std::vector<HostTensor>>
splitGradients(const Config &c, llvm::ArrayRef<Point> points) {
  const int64_t n = points.size();
  auto jit = compile(moduleSource(c, 1, n));
  if (!jit)
    return llvm::createStringError("the module did not compile");
  HostTensor x(kindOf(c.storage), {1, n}), g(kindOf(c.storage), {1, n}),
      dy(kindOf(c.storage), {1, n});
  for (int64_t i = 0; i < n; ++i) {
    x.set(i, points[i].x);
    g.set(i, points[i].g);
    dy.set(i, points[i].dy);
  }
  return jit->call("bwd_split", {dy, x, g});
}

/// A NaN cotangent reaches both gradients at every gate, reglu's x <= 0
/// and f16_table's x <= -10 included (docs/semantics.md section 5): a
/// broken upstream gradient is never masked to 0.
TEST_P(SpecialValues, NaNCotangentReachesBothGradients) {
  Config c{GetParam().variant, GetParam().plan, GetParam().storage};
  if (skippedUnderSanitizers(c))
    GTEST_SKIP() << "sanitized suite: geglu and swiglu_oai only";
  const double gates[] = {-kInf, -1e30, -12, -0.5, -0.0, 0.0, 0.5, 1e30, kInf};
  const int64_t n = std::size(gates);
  std::string t = oracle::name(c.storage), v = oracle::name(c.variant);
  std::vector<Point> points;
  for (double gate : gates)
    points.push_back({gate, 1.5, kNaN});
  auto grads = splitGradients(c, points);
  if (!grads)
    FAIL() << llvm::toString(grads.takeError());
  for (int64_t i = 0; i < n; ++i)
    for (int k = 0; k < 2; ++k)
      EXPECT_TRUE(std::isnan((*grads)[k].get(i)))
          << v << " " << t << " " << oracle::name(c.plan) << " x=" << gates[i]
          << ": " << (k ? "dg" : "dx") << " = " << (*grads)[k].get(i)
          << " for dy = NaN";
}

/// An infinite dy or up times a finite nonzero act'(x) is an infinite d_x
/// of IEEE's sign (docs/semantics.md section 5), not the NaN of a
/// compensated product's low part (inf - inf); d_g is dy * act(x) as ever.
/// swiglu_oai clamps up first, so only its infinite dy reaches d_x there.
/// The last case is finite: dy and up near FLT_MAX, whose product
/// overflows even scaled (the true gradient does too).
TEST_P(SpecialValues, InfiniteFactorGivesInfiniteGradient) {
  Config c{GetParam().variant, GetParam().plan, GetParam().storage};
  if (skippedUnderSanitizers(c))
    GTEST_SKIP() << "sanitized suite: geglu and swiglu_oai only";
  // A tiny finite factor beside an infinite one: scaled by 2^-64 it
  // became 0 (or a subnormal), and d_x NaN (0 * inf).
  const Point cases[] = {
      {0.5, kInf, 1.5},    {0.5, -kInf, 1.5},   {2.0, 1.5, kInf},
      {2.0, -2.0, -kInf},  {0.5, 1.5, -kInf},   {2.0, kInf, -kInf},
      {3.0, -kInf, 0.25},  {2.0, 3e38, -3e38},  {1.0, kInf, 1e-30},
      {1.0, 1e-30, -kInf}, {2.0, -kInf, 1e-45}, {0.5, 1e-38, 3e38}};
  const int64_t n = std::size(cases);
  std::string t = oracle::name(c.storage), v = oracle::name(c.variant);
  auto grads = splitGradients(c, cases);
  if (!grads)
    FAIL() << llvm::toString(grads.takeError());
  int infinite = 0;
  for (int64_t i = 0; i < n; ++i) {
    auto stored = [&](double v) { return oracle::roundTo(c.storage, v); };
    oracle::Gradients want = oracle::backward(
        c, stored(cases[i].x), stored(cases[i].g), stored(cases[i].dy));
    double wants[] = {want.dx, want.dg};
    for (int k = 0; k < 2; ++k) {
      double got = (*grads)[k].get(i);
      // Beyond the storage type's range the oracle's value is its infinity.
      double w = oracle::roundTo(c.storage, wants[k]);
      bool ok = std::isfinite(w) ? judge(c.storage, got, wants[k], 0) <=
                                       (c.storage == Storage::f32 ? 4 : 1)
                : std::isnan(w)  ? std::isnan(got)
                                 : got == w;
      infinite += k == 0 && std::isinf(w);
      EXPECT_TRUE(ok) << v << " " << t << " " << oracle::name(c.plan)
                      << " x=" << cases[i].x << " g=" << cases[i].g
                      << " dy=" << cases[i].dy << ": " << (k ? "dg" : "dx")
                      << " = " << got << ", oracle " << wants[k];
    }
  }
  // The cases exercise what they are for: most d_x are infinite.
  EXPECT_GE(infinite, c.variant == Variant::swiglu_oai ? 4
                      : c.storage == Storage::f16      ? 7
                                                       : 9);
}

std::vector<SpecialCase> specialCases() {
  std::vector<SpecialCase> cases;
  for (Variant v :
       {Variant::reglu, Variant::geglu, Variant::geglu_erf,
        Variant::geglu_quick, Variant::swiglu, Variant::swiglu_oai}) {
    bool table = v == Variant::geglu || v == Variant::geglu_quick;
    for (Plan p : {Plan::two_round, Plan::one_round, Plan::f16_table})
      if (p != Plan::f16_table || table)
        cases.push_back({v, Storage::f32, p});
    cases.push_back({v, Storage::bf16, Plan::two_round});
    cases.push_back({v, Storage::f16, Plan::two_round});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, SpecialValues,
                         ::testing::ValuesIn(specialCases()),
                         [](const ::testing::TestParamInfo<SpecialCase> &info) {
                           return oracle::name(info.param.variant,
                                               info.param.storage,
                                               info.param.plan);
                         });

} // namespace
