//===- RangeVersionedTest.cpp - The fast copies compute the same bits -----===//
//
// glu-version-by-range gives each vectorized f32 body a copy for vectors
// whose lanes all lie in [-B, B] (B found by the compiler: 87.5 for swiglu,
// 7 for swiglu_oai, about 10, 12.7 and 51.4 for geglu, geglu_erf and
// geglu_quick today), with the guards that are no-ops there removed. This
// test compares the vectorized kernels (for this host and for x86-64-v3)
// with plain scalar loops byte for byte on inputs built vector by vector:
// lanes up to exactly +-m for magnitudes m at and next to those bounds and
// on a grid from 1 to 1024, alone (the fast copy where m <= B), with one
// lane one ulp beyond m, with a NaN, an infinity or an edge value
// (subnormal, -0, exp's subnormal range, huge) among ordinary lanes.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/bit.h"
#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace harness;
using oracle::Config;
using oracle::Plan;
using oracle::Storage;
using oracle::Variant;

namespace {

std::unique_ptr<mlir::glu::JitModule>
compileFor(const std::string &source, bool vectorize, const char *cpu) {
  mlir::glu::JitOptions options;
  options.vectorize = vectorize;
  options.threads = vectorize ? 0 : 1;
  options.cpu.cpu = cpu;
  return compile(source, options, /*withDefect=*/false);
}

/// Lanes per segment: a whole step of the widest vector loop (4 x 16).
constexpr int64_t kSegment = 64;

/// One operand's values, segment by segment: each segment's lanes lie in
/// [-m, m] with -m and m among them, and pattern p adds one lane outside:
/// none, one ulp beyond m, NaN, +-inf, or an edge value.
std::vector<float> segments(int64_t rows, int64_t h, uint64_t seed, int shift) {
  const float bounds[] = {1,         4,           7,           10.0081272f,
                          12.72791f, 51.4100533f, 87.5f,       87.8f,
                          110,       10.0081215f, 12.7278748f, 6.99999952f};
  std::vector<float> magnitudes;
  for (float b : bounds)
    for (float m : {std::nextafter(b, 0.0f), b, std::nextafter(b, INFINITY)})
      magnitudes.push_back(m);
  for (int i = 0; i <= 40; ++i)
    magnitudes.push_back(std::exp2(float(i) / 4));
  const float edges[] = {-87.6f, -103.9f,  1e-45f,  -0.0f,
                         1e30f,  -3.4e38f, -110.0f, 3e-39f};
  std::mt19937_64 rng(seed);
  std::vector<float> out(rows * h);
  int64_t k = shift;
  // Segments aligned with each row's vector steps (the last one shorter:
  // the scalar remainder).
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < h; c += kSegment, ++k) {
      int64_t begin = r * h + c, end = r * h + std::min(h, c + kSegment);
      float m = magnitudes[(k / 5) % magnitudes.size()];
      int pattern = int(k % 5);
      std::uniform_real_distribution<float> lane(-m, m);
      for (int64_t i = begin; i < end; ++i)
        out[i] = lane(rng);
      out[begin] = m;
      out[begin + 1] = -m;
      int64_t odd = begin + int64_t(rng() % uint64_t(end - begin));
      switch (pattern) {
      case 1:
        out[odd] = std::nextafter(rng() % 2 ? m : -m,
                                  rng() % 2 ? INFINITY : -INFINITY);
        break;
      case 2: { // canonical, negative, with a payload
        const uint32_t nans[] = {0x7fc00000u, 0xffc00000u, 0x7fc12345u};
        out[odd] = llvm::bit_cast<float>(nans[rng() % 3]);
        break;
      }
      case 3:
        out[odd] = rng() % 2 ? INFINITY : -INFINITY;
        break;
      case 4:
        out[odd] = edges[rng() % std::size(edges)];
        break;
      default:
        break;
      }
    }
  }
  return out;
}

struct RCase {
  Variant variant;
  Plan plan;
};

class RangeVersioned : public ::testing::TestWithParam<RCase> {};

TEST_P(RangeVersioned, SameBitsAsScalarLoops) {
  Config c{GetParam().variant, GetParam().plan, Storage::f32};
  if (skippedUnderSanitizers(c))
    GTEST_SKIP() << "sanitized suite: geglu and swiglu_oai only";
  // Rows of three full 64-lane steps and a remainder (2h + 1 fused): 400
  // segments, every magnitude with every pattern.
  constexpr int64_t rows = 100, h = 203, n = 2 * h + 1;
  std::string source = moduleSource(c, rows, h);
  auto scalar = compileFor(source, /*vectorize=*/false, "");
  ASSERT_TRUE(scalar);
  std::vector<float> x = segments(rows, h, 1, 0), g = segments(rows, h, 2, 7),
                     dy = segments(rows, h, 3, 13);
  auto tensor = [](const std::vector<float> &v, int64_t r, int64_t w) {
    HostTensor t(ElementKind::F32, {r, w});
    std::memcpy(t.data.data(), v.data(), v.size() * 4); // NaN payloads too
    return t;
  };
  HostTensor tx = tensor(x, rows, h), tg = tensor(g, rows, h),
             tdy = tensor(dy, rows, h);
  // This host's vectors, then AVX2's (x86-64-v3) where the host has them.
  std::vector<const char *> cpus = {""};
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
      __builtin_cpu_supports("f16c") && __builtin_cpu_supports("bmi2"))
    cpus.push_back("x86-64-v3");
  for (const char *cpu : cpus) {
    auto vector = compileFor(source, /*vectorize=*/true, cpu);
    ASSERT_TRUE(vector) << cpu;
    for (Form f : kForms) {
      std::string suffix = name(f);
      // The fused operand holds x and g where this packing puts them.
      std::vector<float> a(rows * n, 1.5f);
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t i = 0; i < h; ++i) {
          a[r * n + gateIndex(f, i, h)] = x[r * h + i];
          a[r * n + upIndex(f, i, h)] = g[r * h + i];
        }
      HostTensor ta = tensor(a, rows, n);
      std::vector<std::pair<std::string, std::vector<HostTensor>>> calls = {
          {"fwd_" + suffix, f == Form::split ? std::vector<HostTensor>{tx, tg}
                                             : std::vector<HostTensor>{ta}},
          {"bwd_" + suffix, f == Form::split
                                ? std::vector<HostTensor>{tdy, tx, tg}
                                : std::vector<HostTensor>{tdy, ta}}};
      for (auto &[fn, args] : calls) {
        auto want = scalar->call(fn, args);
        auto got = vector->call(fn, args);
        ASSERT_TRUE(want && got) << fn;
        ASSERT_EQ(want->size(), got->size());
        for (size_t r = 0; r < want->size(); ++r)
          EXPECT_TRUE((*want)[r].data == (*got)[r].data)
              << fn << " (cpu '" << cpu << "') result " << r
              << " differs from the scalar loops";
      }
    }
  }
}

std::vector<RCase> rcases() {
  std::vector<RCase> cases;
  for (Variant v : {Variant::reglu, Variant::geglu, Variant::geglu_erf,
                    Variant::geglu_quick, Variant::swiglu, Variant::swiglu_oai})
    for (Plan p : {Plan::two_round, Plan::one_round})
      cases.push_back({v, p});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(F32, RangeVersioned, ::testing::ValuesIn(rcases()),
                         [](const ::testing::TestParamInfo<RCase> &info) {
                           return oracle::name(info.param.variant, Storage::f32,
                                               info.param.plan);
                         });

} // namespace
