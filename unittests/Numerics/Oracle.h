//===- Oracle.h - An independent float64 reference for the GLU family -----===//
//
// The formulas (section 2), rounding plans (section 3) and backward
// conventions (section 4) transcribed in float64, with derivatives from dual
// numbers. Nothing here comes from the compiler: not its definitions, not its
// rules, not its approximations. OracleTest checks the derivatives against
// central finite differences in float64.
//
// Where a formula cancels in float64 too, the oracle uses the same function
// written without cancellation from the C library (1 + tanh(u) as
// 2 / (1 + exp(-2u)); 1 + erf(z) as erfc(-z)): it must be accurate, not
// literal.
//
//===----------------------------------------------------------------------===//

#ifndef GLU_UNITTESTS_NUMERICS_ORACLE_H
#define GLU_UNITTESTS_NUMERICS_ORACLE_H

#include <string>

namespace oracle {

enum class Variant { reglu, geglu, geglu_erf, geglu_quick, swiglu, swiglu_oai };
enum class Plan { two_round, one_round, f16_table };
enum class Storage { f32, f16, bf16 };

const char *name(Variant v);
const char *name(Plan p);
const char *name(Storage s);
/// A test case's name: "<variant>_<storage>_<plan>".
std::string name(Variant v, Storage s, Plan p);

struct Config {
  Variant variant;
  Plan plan;
  Storage storage;
  double alpha = double(1.702f);
  double limit = 7.0;
};

/// The symmetric relative error |a - b| / (|a| + |b|) (docs/semantics.md
/// section 6): 0 when equal (both 0 included), NaN fails (returned as
/// infinity).
double specMetric(double a, double b);

/// Rounds to the nearest value of `s` (ties to even), from float64 directly
/// (no double rounding through f32).
double roundTo(Storage s, double v);
/// The spacing of `s` values at |v| (the unit in the last place; the
/// smallest subnormal spacing near zero).
double ulp(Storage s, double v);

/// A value, its derivative along one seed, and the sum of the absolute
/// values of the terms that make up that derivative (the scale its rounding
/// errors live at: much larger than |d| only where the terms cancel, near a
/// zero of the derivative).
struct Dual {
  double v = 0, d = 0, s = 0;
};

/// act(x) of docs/semantics.md section 2 (swiglu_oai: with its min(x, limit)),
/// in float64.
Dual act(const Config &c, Dual x);

/// ggml's f32 GELU, the program docs/semantics.md section 3 fixes for the
/// f16_table plan's table (section 3): 0.5f*x*(1.0f +
/// tanhf(SQRT_2_OVER_PI*x*(1.0f + GELU_COEF_A*x*x))) in f32 with the C
/// library's tanhf, its multiply-add fused as ggml's default build fuses it.
/// Not float64: the table is this program's bytes (its 1 + tanhf(u) cancels for
/// x < 0: 7 of ggml's entries are 2 f16 ulps from the exact activation, 267 one
/// ulp).
float ggmlGelu(float x);

/// The forward program of `c.plan`: y before the final rounding to storage.
double forward(const Config &c, double x, double g);

struct Gradients {
  double dx, dg;           // before the final rounding to storage
  double dxScale, dgScale; // the Dual scales of dx and dg (>= |dx|, |dg|)
};
/// docs/semantics.md section 4: rounding steps straight-through, d_g with the
/// value the forward multiplied, the kink conventions.
Gradients backward(const Config &c, double x, double g, double dy);

} // namespace oracle

#endif // GLU_UNITTESTS_NUMERICS_ORACLE_H
