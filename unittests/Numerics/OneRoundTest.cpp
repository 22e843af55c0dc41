//===- OneRoundTest.cpp - one_round 16-bit kernels: f32 kernels rounded ---===//
//===//
//
// docs/semantics.md section 3: under one_round a bf16/f16 kernel computes
// in f32 and rounds once, y = (act(gate.float()) * up.float()).to(storage).
// So its results are the f32 kernel's on the widened inputs, rounded to
// storage: y and d_up = dy * act for every variant, and d_gate for reglu,
// whose act' has no hand-written f32 form (the other variants' f32 d_gate
// is the more accurate form of docs/accuracy.md, which the 16-bit kernels
// do not use). Two code paths meet here: the 16-bit kernels look act and
// act' up in tables (glu-tabulate) and reglu's 16-bit d_gate is one fma
// (gateGradient's selected-seed form), where the f32 kernels compute the
// definition and gateGradient's scaled, compensated product. Every one of
// the 65536 gate bit patterns meets every pair of a spread of up and dy
// values (signs, zeros, subnormal, tiny and huge products, inf, NaN).
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "GluDialect/Runner/HostTensor.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace harness;
using mlir::glu::bf16ToFloat;
using mlir::glu::floatToBf16;
using mlir::glu::floatToHalf;
using mlir::glu::halfToFloat;
using oracle::Config;
using oracle::Plan;
using oracle::Storage;
using oracle::Variant;

namespace {
/// up and dy values (rounded to storage): products that overflow f32 and
/// products that underflow it (bf16), exact zeros of either sign.
const double kSpread[] = {1.0,  -1.0,     0.5,      -3.25,     0.0,  -0.0,
                          1e-3, -7e2,     6.0e4,    -1e-6,     1e30, -2.5,
                          1e-7, 100.0,    INFINITY, -INFINITY, NAN,  0.1,
                          3e38, -1.2e-38, 2.0e-39,  -1e-30,    1e20, -6e-8};
constexpr int64_t kSpreadSize = sizeof(kSpread) / sizeof(kSpread[0]);

class OneRound : public ::testing::TestWithParam<Config> {};

TEST_P(OneRound, IsTheF32KernelRounded) {
  Config c = GetParam();
  if (skippedUnderSanitizers(c))
    GTEST_SKIP() << "sanitized suite: geglu and swiglu_oai only";
  Config wide = c;
  wide.storage = Storage::f32;
  // Every gate pattern 3 times (65536 = 113 * 576 + 448, so each pass
  // meets the 576 up/dy pairs at other gates); rows of 1031 = 32 * 32 + 7
  // (vector steps and a scalar remainder at every width).
  constexpr int64_t h = 1031, rows = (3 * 65536 + h - 1) / h;
  auto narrow = compile(moduleSource(c, rows, h));
  auto f32 = compile(moduleSource(wide, rows, h));
  ASSERT_TRUE(narrow && f32);

  bool bf16 = c.storage == Storage::bf16;
  auto widen = [&](uint16_t bits) {
    return bf16 ? bf16ToFloat(bits) : halfToFloat(bits);
  };
  auto round = [&](float v) { return bf16 ? floatToBf16(v) : floatToHalf(v); };
  ElementKind kind = kindOf(c.storage);
  HostTensor x(kind, {rows, h}), g(kind, {rows, h}), dy(kind, {rows, h});
  HostTensor x32(ElementKind::F32, {rows, h}), g32(ElementKind::F32, {rows, h}),
      dy32(ElementKind::F32, {rows, h});
  auto bitsAt = [](const HostTensor &t, int64_t k) {
    uint16_t bits;
    std::memcpy(&bits, &t.data[2 * k], 2);
    return bits;
  };
  auto floatAt = [](const HostTensor &t, int64_t k) {
    float v;
    std::memcpy(&v, &t.data[4 * k], 4);
    return v;
  };
  for (int64_t k = 0; k < rows * h; ++k) {
    uint16_t gate = uint16_t(k & 0xffff);
    std::memcpy(&x.data[2 * k], &gate, 2);
    g.set(k, kSpread[k % kSpreadSize]);
    dy.set(k, kSpread[(k / kSpreadSize) % kSpreadSize]);
    x32.set(k, widen(gate));
    g32.set(k, widen(bitsAt(g, k)));
    dy32.set(k, widen(bitsAt(dy, k)));
  }

  auto y = narrow->call("fwd_split", {x, g});
  auto back = narrow->call("bwd_split", {dy, x, g});
  auto y32 = f32->call("fwd_split", {x32, g32});
  auto back32 = f32->call("bwd_split", {dy32, x32, g32});
  ASSERT_TRUE(y && back && y32 && back32);
  struct Output {
    const char *name;
    const HostTensor &got, &wide;
  };
  std::vector<Output> outputs = {{"y", (*y)[0], (*y32)[0]},
                                 {"d_up", (*back)[1], (*back32)[1]}};
  if (c.variant == Variant::reglu)
    outputs.push_back({"d_gate", (*back)[0], (*back32)[0]});
  for (const Output &o : outputs) {
    int64_t differ = 0;
    for (int64_t k = 0; k < rows * h; ++k) {
      uint16_t want = round(floatAt(o.wide, k)), got = bitsAt(o.got, k);
      if (got == want)
        continue;
      if (differ++ < 3)
        ADD_FAILURE() << o.name << " at gate bits 0x" << std::hex
                      << bitsAt(x, k) << std::dec << ", up " << g.get(k)
                      << ", dy " << dy.get(k) << ": 0x" << std::hex << got
                      << " instead of 0x" << want << " (the f32 kernel's "
                      << floatAt(o.wide, k) << " rounded)";
    }
    EXPECT_EQ(differ, 0) << o.name << ": elements that differ";
  }
}

std::vector<Config> configs() {
  std::vector<Config> cases;
  for (Variant v : {Variant::reglu, Variant::geglu, Variant::geglu_erf,
                    Variant::geglu_quick, Variant::swiglu, Variant::swiglu_oai})
    for (Storage s : {Storage::bf16, Storage::f16})
      cases.push_back({v, Plan::one_round, s});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, OneRound, ::testing::ValuesIn(configs()),
                         [](const ::testing::TestParamInfo<Config> &info) {
                           return oracle::name(info.param.variant,
                                               info.param.storage,
                                               info.param.plan);
                         });

} // namespace
