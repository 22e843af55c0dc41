//===- GradientCheck.h - Finite-difference checks of VJP functions -*- C++
//-*-===//
//
// Compares a gradient function emitted by glu-differentiate with central
// finite differences of the forward function, both JIT-compiled, under the
// symmetric relative error of docs/semantics.md section 6. Shared by glu-train
// and the unit tests.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNNER_GRADIENTCHECK_H
#define GLUDIALECT_RUNNER_GRADIENTCHECK_H

#include "GluDialect/Runner/JitRunner.h"

namespace mlir::glu {

/// Compiles `function` of `module` alone (a pruned copy: the function and
/// the symbols it references), as JitFunction::compile does. The pipeline
/// lowers the whole module it is given, so this keeps a module of many
/// functions from being compiled once per function.
llvm::Expected<std::unique_ptr<JitFunction>>
compileFunction(ModuleOp module, llvm::StringRef function,
                const JitOptions &options = {});

/// |a - b| / (|a| + |b|); 0 when a == b (both 0 included); NaN when either
/// is NaN, so that a NaN can never pass a `<= bound` test.
double symmetricRelativeError(double a, double b);

/// `shape` filled with normal(0, scale^2) samples from `seed` (f32).
HostTensor randomNormal(llvm::ArrayRef<int64_t> shape, uint64_t seed,
                        double scale = 1.0);

/// sum_i a_i * b_i in double.
double dot(const HostTensor &a, const HostTensor &b);

/// The smallest GradientCheckOptions::step that checks anything: its
/// smallest quotient step, h/30, is f32's epsilon (2^-23). Below, the
/// perturbations leave f32 inputs of RMS 1 unchanged, every quotient is 0,
/// and checkGradient counts a flat function as agreeing with any small
/// gradient: every gradient passed (1e-10: worst 0, "ok").
constexpr double kMinGradientCheckStep = 30 * 0x1p-23;

struct GradientCheckOptions {
  /// Random directions per differentiated argument.
  unsigned directions = 4;
  /// The finite-difference step h, relative to max(RMS of the argument, 1);
  /// the quotients are taken at 3h, h, h/3, h/10 and h/30. At least
  /// kMinGradientCheckStep.
  double step = 3e-3;
  uint64_t seed = 1;
};

struct GradientCheckReport {
  /// The worst error over the directions, per differentiated argument.
  llvm::SmallVector<double> worstPerArgument;
  /// The worst of all (NaN if any comparison was NaN).
  double worst = 0.0;
};

/// Checks the gradient function `grad` of `forward` at `inputs`.
/// `wrt` lists the differentiated arguments of `forward` (in the order
/// `grad` returns their gradients), `cotangents` one tensor per float result
/// of `forward`; `grad` takes `inputs` followed by `cotangents`.
///
/// For each argument a in `wrt` and each of `directions` random directions
/// u, compares the directional derivative <grad_a, u> with fourth-order
/// central differences (8(p(h) - p(-h)) - (p(2h) - p(-2h))) / 12h of
/// p(t) = <cotangents, forward(inputs with a + t u)>, accumulated in double,
/// under symmetricRelativeError.
/// - u_i = |r_i| sign(grad_a_i) with r normal(0, 1), so that <grad_a, u> is
///   large compared with the f32 rounding of the forward (with random signs
///   it can be arbitrarily small).
/// - The quotient is taken at the steps 3h, h, h/3, h/10 and h/30 and the
///   closest counts: rounding noise grows as the step shrinks and kinks
///   crossed by the perturbation (relu, clamps, maxima) grow with it, while
///   a wrong gradient is wrong at every step. A perturbation can still cross
///   a kink or a jump (a top-k selection) at every step: such functions are
///   checked on fixed inputs.
/// Differentiated arguments must be f32.
llvm::Expected<GradientCheckReport>
checkGradient(JitFunction &forward, JitFunction &grad,
              llvm::ArrayRef<HostTensor> inputs, llvm::ArrayRef<unsigned> wrt,
              llvm::ArrayRef<HostTensor> cotangents,
              const GradientCheckOptions &options = {});

} // namespace mlir::glu

#endif // GLUDIALECT_RUNNER_GRADIENTCHECK_H
