//===- VectorizedTest.cpp - Vectorized code computes the same bits --------===//
//
// glu-vectorize-elementwise changes how elements are visited (parallel
// rows, vector steps, contiguous pair loads with (de)interleaves for
// interleaved packing, a scalar remainder), never what is computed per
// element. This test compiles every variant x plan x element type, forward
// and backward, split and all three fused packings, once with plain scalar
// loops (vectorize=false, one thread) and once as the default pipeline
// builds it (vectorized, OpenMP rows), and compares the outputs byte for
// byte on random inputs whose rows are long enough for several full vector
// steps plus a remainder.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace harness;
using oracle::Config;
using oracle::Plan;
using oracle::Storage;
using oracle::Variant;

namespace {

std::unique_ptr<mlir::glu::JitModule>
compileWith(const std::string &source, bool vectorize, unsigned threads) {
  mlir::glu::JitOptions options;
  options.vectorize = vectorize;
  options.threads = threads;
  return compile(source, options, /*withDefect=*/false);
}

struct VCase {
  Variant variant;
  Storage storage;
  Plan plan;
};

class Vectorized : public ::testing::TestWithParam<VCase> {};

TEST_P(Vectorized, SameBitsAsScalarLoops) {
  Config c{GetParam().variant, GetParam().plan, GetParam().storage};
  if (skippedUnderSanitizers(c))
    GTEST_SKIP() << "sanitized suite: geglu and swiglu_oai only";
  constexpr int64_t rows = 5, h = 203; // odd fused width 407
  std::string source = moduleSource(c, rows, h);
  auto scalar = compileWith(source, /*vectorize=*/false, /*threads=*/1);
  auto vector = compileWith(source, /*vectorize=*/true, /*threads=*/0);
  ASSERT_TRUE(scalar && vector);

  Inputs in =
      sample(c.storage, rows * h, 7,
             [](std::mt19937_64 &rng, double &x, double &g, double &dy) {
               std::normal_distribution<double> n(0, 3);
               x = n(rng);
               g = n(rng);
               dy = n(rng);
             });
  int64_t n = 2 * h + 1;
  ElementKind kind = kindOf(c.storage);
  HostTensor x(kind, {rows, h}), g(kind, {rows, h}), dy(kind, {rows, h}),
      a(kind, {rows, n});
  for (int64_t k = 0; k < rows * h; ++k) {
    x.set(k, in.x[k]);
    g.set(k, in.g[k]);
    dy.set(k, in.dy[k]);
  }
  for (int64_t k = 0; k < rows * n; ++k)
    a.set(k, in.x[k % (rows * h)] - in.g[(k * 7) % (rows * h)]);

  for (Form f : kForms) {
    std::string suffix = name(f);
    std::vector<std::pair<std::string, std::vector<HostTensor>>> calls = {
        {"fwd_" + suffix, f == Form::split ? std::vector<HostTensor>{x, g}
                                           : std::vector<HostTensor>{a}},
        {"bwd_" + suffix, f == Form::split ? std::vector<HostTensor>{dy, x, g}
                                           : std::vector<HostTensor>{dy, a}}};
    for (auto &[fn, args] : calls) {
      auto want = scalar->call(fn, args);
      auto got = vector->call(fn, args);
      ASSERT_TRUE(want && got) << fn;
      ASSERT_EQ(want->size(), got->size());
      for (size_t r = 0; r < want->size(); ++r)
        EXPECT_TRUE((*want)[r].data == (*got)[r].data)
            << fn << " result " << r << " differs from the scalar loops";
    }
  }
}

std::vector<VCase> vcases() {
  std::vector<VCase> cases;
  for (Variant v : {Variant::reglu, Variant::geglu, Variant::geglu_erf,
                    Variant::geglu_quick, Variant::swiglu, Variant::swiglu_oai})
    for (Storage s : {Storage::f32, Storage::f16, Storage::bf16})
      for (Plan p : {Plan::two_round, Plan::one_round, Plan::f16_table})
        if (p != Plan::f16_table || v == Variant::geglu ||
            v == Variant::geglu_quick)
          cases.push_back({v, s, p});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllConfigs, Vectorized, ::testing::ValuesIn(vcases()),
                         [](const ::testing::TestParamInfo<VCase> &info) {
                           return oracle::name(info.param.variant,
                                               info.param.storage,
                                               info.param.plan);
                         });

} // namespace
