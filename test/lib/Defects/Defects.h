//===- Defects.h - Deliberate defects for the mutation suite ----*- C++ -*-===//
//
// Test-only. The numerics suite must fail when the compiler is wrong. To
// prove it, the mutation suite (test/Integration/mutations.test) compiles
// with one of these defects and expects the suite to fail. A defect is a
// set of wrong interface models (derivative rules, the glu ops'
// bufferization) registered ahead of the real ones, so the libraries hold
// no trace of it: the test tools (glu-run, glu-train, the unit tests) call
// registerDefect before registerRunnerDialects.
//
//===----------------------------------------------------------------------===//

#ifndef GLU_TEST_LIB_DEFECTS_DEFECTS_H
#define GLU_TEST_LIB_DEFECTS_DEFECTS_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace mlir {
class DialectRegistry;
namespace glu::test {

enum class Defect {
  None,
  /// A variant constant 5% off (SQRT_2_OVER_PI, QUICK, the erf scale, ...).
  ConstantOff,
  /// The divf rule drops the divisor's term (sigmoid' loses (1 - s)).
  DroppedTerm,
  /// Fused glu_back writes the gate gradient where the up half lives.
  SwappedHalves,
  /// Fused glu_back leaves the unread trailing element of odd widths alone.
  TailNotWritten,
  /// minimumf/maximumf rules give ties to the second operand (x == limit
  /// stops the gradient).
  WrongKinkSide,
  /// two_round's d_g uses the unrounded activation.
  UnroundedDg,
};

/// Parses a defect name (`constant-off`, `dropped-term`, `swapped-halves`,
/// `tail-not-written`, `wrong-kink-side`, `unrounded-dg`, `none`, or empty).
std::optional<Defect> parseDefect(llvm::StringRef name);

/// Adds the models that make `defect` to `registry`. Call it before the real
/// models are registered (registerRunnerDialects): the first model attached
/// to an op wins. Defect::None adds nothing.
void registerDefect(DialectRegistry &registry, Defect defect);

} // namespace glu::test
} // namespace mlir

#endif // GLU_TEST_LIB_DEFECTS_DEFECTS_H
