//===- Harness.h - Compile glu ops and judge them against the oracle ------===//

#ifndef GLU_UNITTESTS_NUMERICS_HARNESS_H
#define GLU_UNITTESTS_NUMERICS_HARNESS_H

#include "Oracle.h"

#include "GluDialect/Runner/JitRunner.h"

#include "Defects/Defects.h"

#include <functional>
#include <memory>
#include <random>
#include <string>

namespace harness {

using mlir::glu::ElementKind;
using mlir::glu::HostTensor;

/// The packings of the fused form, and the split form.
enum class Form { split, halves, swapped, interleaved };
const char *name(Form f);
constexpr Form kForms[] = {Form::split, Form::halves, Form::swapped,
                           Form::interleaved};

ElementKind kindOf(oracle::Storage s);

/// The defect the mutation suite asks for (GLU_TEST_INJECT_DEFECT), so a
/// test binary can prove it fails on a broken compiler.
mlir::glu::test::Defect defectFromEnvironment();

/// Whether this binary is instrumented (ASan and UBSan: scripts/sanitize.sh,
/// 3 to 5 times slower). The sanitized suite checks the code of each test,
/// not its sweep: a parameterized test runs its geglu and swiglu_oai
/// configurations there (the f16_table plan, the attributes and kinks, every
/// storage type and packing), a sweep over one program is skipped. The
/// plain suite runs everything. Measured on 2 cores (AMD EPYC Zen 5):
/// GluNumericsTests took 9 min 38 s of the sanitized suite's wall time.
bool sanitized();
/// True where the sanitized suite leaves config `c` to the plain one; the
/// caller skips: `if (skippedUnderSanitizers(c)) GTEST_SKIP() << ...`.
bool skippedUnderSanitizers(const oracle::Config &c);

/// MLIR source of one module with, for config `c`, the functions
/// fwd_<form>(...) and bwd_<form>(...) for every form (split: (x, g) and
/// (dy, x, g); fused: (a) and (dy, a)), dynamic sizes for split and
/// swapped, static sizes [rows, 2h+1] for halves and interleaved.
std::string moduleSource(const oracle::Config &c, int64_t rows, int64_t h);

/// Parses and JIT-compiles `source` (with poisoned allocations and the
/// environment's defect). Fails the calling test on error.
std::unique_ptr<mlir::glu::JitModule> compile(const std::string &source);

/// The same with the caller's JIT options, and the environment's defect
/// only where `withDefect` (the tests that compare two compilations of
/// the same module need not see it).
std::unique_ptr<mlir::glu::JitModule>
compile(const std::string &source, const mlir::glu::JitOptions &options,
        bool withDefect);

/// Element (r, i) of the gate and up halves inside a fused row of width n.
int64_t gateIndex(Form f, int64_t i, int64_t h);
int64_t upIndex(Form f, int64_t i, int64_t h);

/// The worst error seen for one output, with the element that produced it.
struct Worst {
  double error = 0; // in units of the storage type's ulp (see judge)
  double x = 0, g = 0, dy = 0, got = 0, want = 0;
  int64_t count = 0;
  int64_t tableAllowances = 0; // act rounded to a neighbouring value
  void add(double err, double x, double g, double dy, double got, double want);
  std::string str() const;
};

/// The error of `got` against the float64 `want`, in ulps of `storage` at
/// max(|want|, scale) (scale: the size of the terms `want` was summed from,
/// so that cancellation near a zero of the derivative is not counted as the
/// compiled code's fault). For f16/bf16 `want` is rounded to storage first,
/// so the error counts storage ulps between two storage values. NaN must
/// meet NaN, inf the same inf; anything else is an infinite error.
/// `allowance` is an absolute tolerance added on top (the freedom of an
/// intermediate rounding of act, see roundingAllowance), reported when used.
double judge(oracle::Storage storage, double got, double want, double scale,
             double allowance = 0, bool *usedAllowance = nullptr);

/// The f16_table plan's f32 d_x bound, in ulps at the terms' scale. d_x is
/// act'(f16(x)) times dy * g (docs/semantics.md section 4), so the f16
/// gates measure act' completely (GgmlTableTest.cpp,
/// DerivativeAtEveryF16Gate): within 2.07 (geglu) and 2.81 (geglu_quick,
/// x = -59.7) units of 2^-24 relative. gateGradient multiplies it by dy * g
/// carried exactly and rounds once: <= 2.81 + 0.5 ulp for every g and dy,
/// rounded up to a quarter. The rules' act' (before it was written by hand)
/// measured 4.34 and 4.17 units there, d_x 4.22 and 4.30 ulp on
/// GgmlTableTest's random g.
constexpr double kTableDxBound = 3.5;

/// Inputs for one range: x, g, dy as storage-representable float64 values.
struct Inputs {
  std::vector<double> x, g, dy;
};
using Sampler =
    std::function<void(std::mt19937_64 &, double &x, double &g, double &dy)>;
Inputs sample(oracle::Storage s, int64_t count, uint64_t seed,
              const Sampler &sampler);

/// Runs every form of config `c` on `inputs` (rows x h) and records the
/// worst errors: forward y, backward dx and dg, and (fused) the tail.
struct Report {
  Worst y, dx, dg;
  int64_t tailNotZero = 0;
  int64_t failedCalls = 0;
};
void run(mlir::glu::JitModule &jit, const oracle::Config &c, int64_t rows,
         int64_t h, const Inputs &inputs, Report &report);

} // namespace harness

#endif // GLU_UNITTESTS_NUMERICS_HARNESS_H
