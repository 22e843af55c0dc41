//===- GluDefinitions.h - One definition per variant ------------*- C++ -*-===//
//
// Each variant's forward program is written ONCE, here, as arith/math ops
// on f32 values, with its rounding plan's rounding points as glu.round ops.
// glu-expand-ops emits it for glu.glu, and differentiates the very same ops
// with the DifferentiableOpInterface rules for glu.glu_back.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_DEFINITIONS_GLUDEFINITIONS_H
#define GLUDIALECT_DEFINITIONS_GLUDEFINITIONS_H

#include "GluDialect/Definitions/FloatBuilder.h"
#include "GluDialect/Dialect/GluOps.h"

namespace mlir::glu {

/// Everything a variant's program depends on besides its operands.
struct GluProgram {
  Variant variant;
  Rounding rounding;
  float alpha = kDefaultAlpha;
  float limit = kDefaultLimit;
  /// The storage element type (f32, f16 or bf16).
  Type storage;

  template <typename OpT> static GluProgram of(OpT op) {
    return {op.getVariant(), op.getRounding(), op.getAlphaOrDefault(),
            op.getLimitOrDefault(), op.getStorageType()};
  }
};

/// A forward program: y (f32, before the final rounding to storage) from
/// the gate x and the up value g (f32 scalars or vectors).
using GluDefinitionFn =
    std::function<Value(FloatBuilder &, const GluProgram &, Value x, Value g)>;

/// Emits the definition (docs/semantics.md section 2) of `program.variant`
/// (section 2) with the rounding points of `program.rounding` (section 3).
Value buildGluDefinition(FloatBuilder &fb, const GluProgram &program, Value x,
                         Value g);

/// The building blocks the definitions share, exposed so that new variants
/// (and the test-only seventh one) are written the same way.
namespace definitions {
/// x * sigmoid(t + tLo), sigmoid(t) = 1 / (1 + exp(-t)), safe to
/// differentiate by the rules at every input and accurate where the result
/// is subnormal (see the implementation); `tLo` (optional) is the low part
/// of an argument carried as an unevaluated sum.
Value timesSigmoid(FloatBuilder &fb, Value x, Value t, Value tLo = Value());
/// max(x, -FLT_MAX): the linear factor of x * sigmoid(...) products, so that
/// act(-inf) is -inf * 0 = NaN nowhere.
Value finiteBelow(FloatBuilder &fb, Value x);
/// geglu's activation, 0.5*x*(1 + tanh(u)), as glu evaluates it in f32:
/// the derivative rule of glu.gelu_table (ggml's f16 table) differentiates
/// it.
Value gelu(FloatBuilder &fb, Value x);
/// act * g with the rounding plan's rounding of act.
Value gate(FloatBuilder &fb, const GluProgram &program, Value act, Value g);

/// The backward differentiates the activation alone: act'(x) is the
/// reverse sweep of the gate's ops at the constant seed 2^k, k this
/// exponent (so that the sweep's small intermediates stay normal and its
/// large ones finite), and d_x = dy * up * act'(x).
int derivativeSeedExponent(const GluProgram &program);
/// The terms of act'(x) * 2^k that gateGradient sums: the rules' terms
/// (`ruleTerms`, the reverse sweep's) or, for f32 storage where the
/// variant's act' is ill-conditioned as the sweep computes it, a
/// hand-written form with fewer roundings (docs/accuracy.md) in the
/// ordinary range, the rules' terms outside it (tails, saturation, inf,
/// NaN). The f16_table plan's act' is the same form at f16(x).
SmallVector<Value> derivativeTerms(FloatBuilder &fb, const GluProgram &program,
                                   Value x, ArrayRef<Value> ruleTerms);
/// d_x = dy * up * derivative * 2^-k, `derivative` the sweep's act'(x) * 2^k
/// given as the terms whose sum it is, and `up` the factor act multiplies
/// (g; clamp(g) + 1 for swiglu_oai): one product in the common case,
/// reordered by powers of two where it overflows while the gradient may be
/// finite.
Value gateGradient(FloatBuilder &fb, const GluProgram &program, Value dy,
                   Value up, ArrayRef<Value> derivativeTerms);
} // namespace definitions

} // namespace mlir::glu

#endif // GLUDIALECT_DEFINITIONS_GLUDEFINITIONS_H
