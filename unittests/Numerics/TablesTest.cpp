//===- TablesTest.cpp - Table lookups give the computed path's bits
//--------===//
//
// glu-tabulate replaces what an f16/bf16 kernel computes from the gate alone
// by a lookup in a 65536-entry table filled at load time. This test compiles
// every variant x plan x 16-bit storage, forward and backward, split and the
// three fused packings, once with the tables and once computing the
// definition (tables=false), and compares the outputs byte for byte with
// every one of the 65536 gate bit patterns (NaNs, infinities, subnormals
// included) met by several up and dy values from a spread (signs, zeros,
// tiny, huge, inf, NaN), in rows long enough for full vector steps and a
// scalar remainder. It also checks that the tables are there (every
// transcendental kernel but f16_table geglu's: the forward reads one, the
// backward two, act and act').
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <cstring>
#include <map>
#include <ostream>

using namespace harness;
using oracle::Config;
using oracle::Plan;
using oracle::Storage;
using oracle::Variant;

namespace {

std::unique_ptr<mlir::glu::JitModule> compileWith(const std::string &source,
                                                  bool tables) {
  mlir::glu::JitOptions options;
  options.tables = tables;
  return compile(source, options, /*withDefect=*/true);
}

/// What a function's kernels read of tables: how many tables, how many
/// values per gate pattern they hold together, and how many bytes.
struct TableCount {
  int tables = 0, values = 0, bytes = 0;
  bool operator==(const TableCount &o) const {
    return tables == o.tables && values == o.values && bytes == o.bytes;
  }
};
std::ostream &operator<<(std::ostream &os, const TableCount &c) {
  return os << c.tables << " tables, " << c.values << " values, " << c.bytes
            << " bytes per gate";
}

/// For each function of `source`, what glu-to-llvm has its kernels read of
/// tables ({"", -1 tables} if the pipeline fails).
std::map<std::string, TableCount> countTables(const std::string &source) {
  mlir::DialectRegistry registry;
  mlir::glu::registerRunnerDialects(registry);
  mlir::MLIRContext context(registry);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  mlir::PassManager pm(&context);
  mlir::glu::GluToLLVMOptions options;
  // Up to the table pass: its globals are still memref.global there.
  mlir::glu::addGluPreparationPasses(pm);
  mlir::glu::addGluBufferizationPasses(pm, options);
  mlir::glu::addGluLoopLoweringPasses(pm, options);
  if (!module || mlir::failed(pm.run(*module)))
    return {{"", {-1, -1, -1}}};
  std::map<std::string, TableCount> counts;
  module->walk([&](mlir::func::FuncOp fn) {
    std::map<std::string, mlir::MemRefType> tables;
    fn.walk([&](mlir::memref::GetGlobalOp get) {
      if (get.getName().starts_with("__glu_table"))
        tables[get.getName().str()] = get.getType();
    });
    TableCount &count = counts[fn.getSymName().str()];
    for (auto &[name, type] : tables) {
      ++count.tables;
      count.values += int(type.getNumElements() / 65536);
      count.bytes += int(type.getNumElements() / 65536 *
                         type.getElementTypeBitWidth() / 8);
    }
  });
  return counts;
}

/// The up and dy values every gate meets (as float64, rounded to storage).
const double kSpread[] = {1.0,    -1.0,  0.5,      -3.25,     0.0,  -0.0,
                          1e-3,   -7e2,  6.0e4,    -1e-6,     1e30, -2.5,
                          1.0e-7, 100.0, INFINITY, -INFINITY, NAN,  0.1};
constexpr int64_t kSpreadSize = sizeof(kSpread) / sizeof(kSpread[0]);

struct TCase {
  Variant variant;
  Storage storage;
  Plan plan;
};

class Tables : public ::testing::TestWithParam<TCase> {};

TEST_P(Tables, SameBitsAsComputedOverEveryGate) {
  Config c{GetParam().variant, GetParam().plan, GetParam().storage};
  if (skippedUnderSanitizers(c))
    GTEST_SKIP() << "sanitized suite: geglu and swiglu_oai only";
  // 3 x 65536 elements: every gate pattern three times, each time with
  // other up and dy values; 1031 = 32 * 32 + 7 per row (vector steps and
  // a scalar remainder at every width).
  constexpr int64_t h = 1031, rows = (3 * 65536 + h - 1) / h;
  std::string source = moduleSource(c, rows, h);
  // reglu computes nothing worth a table; f16_table geglu's kernel reads a
  // predicate of the gate besides the activation (x <= -10 selects +0).
  bool expectTable =
      c.variant != Variant::reglu &&
      !(c.variant == Variant::geglu && c.plan == Plan::f16_table);
  // Every function tabulated: the forward reads act (or its rounding), the
  // backward act (d_up) and act' (d_gate, docs/semantics.md section 8), side
  // by side in ONE table (a lane's two values in one cache line). f32
  // entries, but the f16 forwards' rounded act (two_round, f16_table) as
  // its 16 bits.
  for (auto [fn, count] : countTables(source)) {
    bool bwd = llvm::StringRef(fn).starts_with("bwd");
    int values = !expectTable ? 0 : bwd ? 2 : 1;
    bool narrow =
        !bwd && c.storage == Storage::f16 && c.plan != Plan::one_round;
    TableCount want{values ? 1 : 0, values, values * (narrow ? 2 : 4)};
    EXPECT_EQ(count, want) << fn;
  }
  auto computed = compileWith(source, /*tables=*/false);
  auto tabulated = compileWith(source, /*tables=*/true);
  ASSERT_TRUE(computed && tabulated);

  ElementKind kind = kindOf(c.storage);
  auto setBits = [](HostTensor &t, int64_t k, uint16_t bits) {
    std::memcpy(&t.data[2 * k], &bits, 2);
  };
  auto gateBits = [](int64_t k) { return uint16_t(k & 0xffff); };
  auto upAt = [](int64_t k) {
    return kSpread[(k * 7 + k / 65536) % kSpreadSize];
  };
  auto dyAt = [](int64_t k) {
    return kSpread[(k * 5 + 3 + k / 65536) % kSpreadSize];
  };
  int64_t n = 2 * h + 1;
  HostTensor x(kind, {rows, h}), g(kind, {rows, h}), dy(kind, {rows, h}),
      a(kind, {rows, n});
  for (int64_t k = 0; k < rows * h; ++k) {
    setBits(x, k, gateBits(k));
    g.set(k, upAt(k));
    dy.set(k, dyAt(k));
  }

  for (Form f : kForms) {
    if (f != Form::split) {
      for (int64_t r = 0; r < rows; ++r) {
        for (int64_t i = 0; i < h; ++i) {
          int64_t k = r * h + i;
          setBits(a, r * n + gateIndex(f, i, h), gateBits(k));
          a.set(r * n + upIndex(f, i, h), upAt(k));
        }
        a.set(r * n + n - 1, 1.0); // the unread trailing element
      }
    }
    std::string suffix = name(f);
    std::vector<std::pair<std::string, std::vector<HostTensor>>> calls = {
        {"fwd_" + suffix, f == Form::split ? std::vector<HostTensor>{x, g}
                                           : std::vector<HostTensor>{a}},
        {"bwd_" + suffix, f == Form::split ? std::vector<HostTensor>{dy, x, g}
                                           : std::vector<HostTensor>{dy, a}}};
    for (auto &[fn, args] : calls) {
      auto want = computed->call(fn, args);
      auto got = tabulated->call(fn, args);
      ASSERT_TRUE(want && got) << fn;
      ASSERT_EQ(want->size(), got->size());
      for (size_t r = 0; r < want->size(); ++r) {
        const HostTensor &w = (*want)[r], &t = (*got)[r];
        ASSERT_EQ(w.data.size(), t.data.size());
        if (w.data == t.data)
          continue;
        size_t at = 0;
        while (at + 1 < w.data.size() && w.data[at] == t.data[at] &&
               w.data[at + 1] == t.data[at + 1])
          at += 2;
        ADD_FAILURE() << fn << " result " << r
                      << " differs from the computed path, first at element "
                      << at / 2 << " (" << t.get(at / 2) << " instead of "
                      << w.get(at / 2) << ")";
      }
    }
  }
}

std::vector<TCase> tcases() {
  std::vector<TCase> cases;
  for (Variant v : {Variant::reglu, Variant::geglu, Variant::geglu_erf,
                    Variant::geglu_quick, Variant::swiglu, Variant::swiglu_oai})
    for (Storage s : {Storage::f16, Storage::bf16})
      for (Plan p : {Plan::two_round, Plan::one_round, Plan::f16_table})
        if (p != Plan::f16_table || v == Variant::geglu ||
            v == Variant::geglu_quick)
          cases.push_back({v, s, p});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllConfigs, Tables, ::testing::ValuesIn(tcases()),
                         [](const ::testing::TestParamInfo<TCase> &info) {
                           return oracle::name(info.param.variant,
                                               info.param.storage,
                                               info.param.plan);
                         });

} // namespace
