//===- Harness.cpp - Compile glu ops and judge them against the oracle ----===//

#include "Harness.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/Compiler.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <cmath>
#include <cstdlib>
#include <limits>

using namespace harness;
using oracle::Config;
using oracle::Storage;

const char *harness::name(Form f) {
  switch (f) {
  case Form::split:
    return "split";
  case Form::halves:
    return "halves";
  case Form::swapped:
    return "swapped";
  case Form::interleaved:
    return "interleaved";
  }
  return "?";
}

ElementKind harness::kindOf(Storage s) {
  switch (s) {
  case Storage::f32:
    return ElementKind::F32;
  case Storage::f16:
    return ElementKind::F16;
  case Storage::bf16:
    return ElementKind::BF16;
  }
  return ElementKind::F32;
}

mlir::glu::test::Defect harness::defectFromEnvironment() {
  const char *name = std::getenv("GLU_TEST_INJECT_DEFECT");
  auto defect = mlir::glu::test::parseDefect(name ? name : "");
  if (!defect) {
    ADD_FAILURE() << "unknown GLU_TEST_INJECT_DEFECT '" << name << "'";
    return mlir::glu::test::Defect::None;
  }
  return *defect;
}

bool harness::sanitized() { return LLVM_ADDRESS_SANITIZER_BUILD; }

bool harness::skippedUnderSanitizers(const Config &c) {
  return sanitized() && c.variant != oracle::Variant::geglu &&
         c.variant != oracle::Variant::swiglu_oai;
}

std::string harness::moduleSource(const Config &c, int64_t rows, int64_t h) {
  std::string t = oracle::name(c.storage);
  std::string clauses;
  if (c.plan != oracle::Plan::two_round)
    clauses += std::string(" rounding(") + oracle::name(c.plan) + ")";
  if (c.variant == oracle::Variant::swiglu_oai) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << " alpha(" << llvm::format("%.9g", c.alpha) << ") limit("
       << llvm::format("%.9g", c.limit) << ")";
    clauses += text;
  }
  std::string v = oracle::name(c.variant);
  std::string dyn = "tensor<?x?x" + t + ">";
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "func.func @fwd_split(%x: " << dyn << ", %g: " << dyn << ") -> " << dyn
     << " {\n  %y = glu.glu " << v << "(%x, %g)" << clauses << " : " << dyn
     << "\n  return %y : " << dyn << "\n}\n";
  os << "func.func @bwd_split(%dy: " << dyn << ", %x: " << dyn
     << ", %g: " << dyn << ") -> (" << dyn << ", " << dyn
     << ") {\n  %dx, %dg = "
     << "glu.glu_back " << v << "(%dy, %x, %g)" << clauses << " : " << dyn
     << "\n  return %dx, %dg : " << dyn << ", " << dyn << "\n}\n";
  for (Form f : {Form::halves, Form::swapped, Form::interleaved}) {
    bool isStatic = f != Form::swapped;
    std::string full = isStatic ? "tensor<" + std::to_string(rows) + "x" +
                                      std::to_string(2 * h + 1) + "x" + t + ">"
                                : dyn;
    std::string half = isStatic ? "tensor<" + std::to_string(rows) + "x" +
                                      std::to_string(h) + "x" + t + ">"
                                : dyn;
    std::string packing = std::string(" packing(") + name(f) + ")";
    os << "func.func @fwd_" << name(f) << "(%a: " << full << ") -> " << half
       << " {\n  %y = glu.glu " << v << "(%a)" << packing << clauses << " : "
       << full << " -> " << half << "\n  return %y : " << half << "\n}\n";
    os << "func.func @bwd_" << name(f) << "(%dy: " << half << ", %a: " << full
       << ") -> " << full << " {\n  %da = glu.glu_back " << v << "(%dy, %a)"
       << packing << clauses << " : " << half << ", " << full << " -> " << full
       << "\n  return %da : " << full << "\n}\n";
  }
  return out;
}

std::unique_ptr<mlir::glu::JitModule>
harness::compile(const std::string &source) {
  mlir::glu::JitOptions options;
  options.poisonAllocations = true;
  return compile(source, options, /*withDefect=*/true);
}

std::unique_ptr<mlir::glu::JitModule>
harness::compile(const std::string &source,
                 const mlir::glu::JitOptions &options, bool withDefect) {
  mlir::DialectRegistry registry;
  if (withDefect)
    mlir::glu::test::registerDefect(registry, defectFromEnvironment());
  mlir::glu::registerRunnerDialects(registry);
  mlir::MLIRContext context(registry);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  if (!module) {
    ADD_FAILURE() << "the generated module does not parse:\n" << source;
    return nullptr;
  }
  auto jit = mlir::glu::JitModule::compile(*module, options);
  if (!jit) {
    ADD_FAILURE() << llvm::toString(jit.takeError()) << "\n" << source;
    return nullptr;
  }
  return std::move(*jit);
}

int64_t harness::gateIndex(Form f, int64_t i, int64_t h) {
  switch (f) {
  case Form::split:
  case Form::halves:
    return i;
  case Form::swapped:
    return h + i;
  case Form::interleaved:
    return 2 * i;
  }
  return -1;
}

int64_t harness::upIndex(Form f, int64_t i, int64_t h) {
  switch (f) {
  case Form::split:
    return i;
  case Form::halves:
    return h + i;
  case Form::swapped:
    return i;
  case Form::interleaved:
    return 2 * i + 1;
  }
  return -1;
}

void Worst::add(double err, double x_, double g_, double dy_, double got_,
                double want_) {
  ++count;
  if (!(err <= error)) { // NaN-safe: a NaN error replaces anything
    error = err;
    x = x_;
    g = g_;
    dy = dy_;
    got = got_;
    want = want_;
  }
}

std::string Worst::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format("%.3g ulp", error) << " (x=" << llvm::format("%.9g", x)
     << " g=" << llvm::format("%.9g", g) << " dy=" << llvm::format("%.9g", dy)
     << ": got " << llvm::format("%.9g", got) << ", want "
     << llvm::format("%.9g", want) << ")";
  return s;
}

double harness::judge(Storage storage, double got, double want, double scale,
                      double allowance, bool *usedAllowance) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (std::isnan(want) || std::isnan(got))
    return std::isnan(want) && std::isnan(got) ? 0 : kInf;
  if (storage != Storage::f32)
    want = oracle::roundTo(storage, want);
  if (std::isinf(want) || std::isinf(got))
    return got == want ? 0 : kInf;
  double difference = std::fabs(got - want);
  if (difference == 0)
    return 0;
  // Subnormal results are judged in subnormal ulps (gradual underflow,
  // docs/accuracy.md).
  double unit = oracle::ulp(storage, std::fmax(std::fabs(want), scale));
  double err = difference / unit;
  if (allowance > 0 && difference <= allowance + unit) {
    if (usedAllowance && err > 1)
      *usedAllowance = true;
    return std::fmin(err, 1.0);
  }
  return err;
}

Inputs harness::sample(Storage s, int64_t count, uint64_t seed,
                       const Sampler &sampler) {
  std::mt19937_64 rng(seed);
  Inputs in;
  for (int64_t i = 0; i < count; ++i) {
    double x, g, dy;
    sampler(rng, x, g, dy);
    in.x.push_back(oracle::roundTo(s, x));
    in.g.push_back(oracle::roundTo(s, g));
    in.dy.push_back(oracle::roundTo(s, dy));
  }
  return in;
}

namespace {
/// Judges one element of each output against the oracle.
struct Judge {
  const Config &c;
  Report &report;

  /// Plans that round act before the product (two_round on f16/bf16,
  /// f16_table): near a rounding boundary the compiled f32 activation and
  /// the float64 one may round to neighbouring values; allow one ulp of the
  /// rounded act, times the factor it is multiplied by (counted, printed).
  double roundingAllowance(double x, double factor) const {
    Storage narrow;
    double at = x;
    if (c.plan == oracle::Plan::f16_table) {
      narrow = Storage::f16;
      at = oracle::roundTo(Storage::f16, x);
    } else if (c.plan == oracle::Plan::two_round && c.storage != Storage::f32 &&
               c.variant != oracle::Variant::reglu) {
      narrow = c.storage;
    } else {
      return 0;
    }
    oracle::Dual a = oracle::act(c, {at, 1, 1});
    if (c.variant == oracle::Variant::swiglu_oai)
      factor = std::fmin(std::fmax(factor, -c.limit), c.limit) + 1;
    return oracle::ulp(narrow, a.v) * std::fabs(factor);
  }

  void forward(double x, double g, double got) {
    double want = oracle::forward(c, x, g);
    bool used = false;
    double err = judge(c.storage, got, want, 0, roundingAllowance(x, g), &used);
    report.y.tableAllowances += used;
    report.y.add(err, x, g, 0, got, want);
  }

  void backward(double x, double g, double dy, double gotDx, double gotDg) {
    oracle::Gradients want = oracle::backward(c, x, g, dy);
    report.dx.add(judge(c.storage, gotDx, want.dx, want.dxScale), x, g, dy,
                  gotDx, want.dx);
    bool used = false;
    double err = judge(c.storage, gotDg, want.dg, want.dgScale,
                       roundingAllowance(x, dy), &used);
    report.dg.tableAllowances += used;
    report.dg.add(err, x, g, dy, gotDg, want.dg);
  }
};

HostTensor tensorOf(Storage s, int64_t rows, int64_t cols) {
  return HostTensor(kindOf(s), {rows, cols});
}
} // namespace

void harness::run(mlir::glu::JitModule &jit, const Config &c, int64_t rows,
                  int64_t h, const Inputs &in, Report &report) {
  Judge judgeOne{c, report};
  int64_t n = 2 * h + 1;
  auto fail = [&](llvm::Error e) {
    ++report.failedCalls;
    ADD_FAILURE() << llvm::toString(std::move(e));
  };
  for (Form f : kForms) {
    HostTensor dy = tensorOf(c.storage, rows, h);
    HostTensor x = tensorOf(c.storage, rows, h);
    HostTensor g = tensorOf(c.storage, rows, h);
    HostTensor a = tensorOf(c.storage, rows, n);
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t i = 0; i < h; ++i) {
        int64_t k = r * h + i;
        dy.set(k, in.dy[k]);
        x.set(k, in.x[k]);
        g.set(k, in.g[k]);
        a.set(r * n + gateIndex(f, i, h), in.x[k]);
        a.set(r * n + upIndex(f, i, h), in.g[k]);
      }
      // The unread trailing element: a NaN that must not leak anywhere.
      a.set(r * n + 2 * h, std::numeric_limits<double>::quiet_NaN());
    }
    std::string suffix = name(f);
    auto y = f == Form::split ? jit.call("fwd_split", {x, g})
                              : jit.call("fwd_" + suffix, {a});
    if (!y) {
      fail(y.takeError());
      continue;
    }
    auto grads = f == Form::split ? jit.call("bwd_split", {dy, x, g})
                                  : jit.call("bwd_" + suffix, {dy, a});
    if (!grads) {
      fail(grads.takeError());
      continue;
    }
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t i = 0; i < h; ++i) {
        int64_t k = r * h + i;
        judgeOne.forward(in.x[k], in.g[k], (*y)[0].get(k));
        double gotDx, gotDg;
        if (f == Form::split) {
          gotDx = (*grads)[0].get(k);
          gotDg = (*grads)[1].get(k);
        } else {
          gotDx = (*grads)[0].get(r * n + gateIndex(f, i, h));
          gotDg = (*grads)[0].get(r * n + upIndex(f, i, h));
        }
        judgeOne.backward(in.x[k], in.g[k], in.dy[k], gotDx, gotDg);
      }
      if (f != Form::split && (*grads)[0].get(r * n + 2 * h) != 0.0)
        ++report.tailNotZero;
    }
  }
}
