//===- Testing.h - Deliberate defects for the mutation suite ----*- C++ -*-===//
//
// The numerics suite must fail when the compiler is wrong. To prove it, the
// mutation suite (test/Integration/mutations.test) compiles with one of these
// defects injected (glu-expand-ops option `test-inject-defect`) and expects
// the suite to fail. Nothing outside that option sets them.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_DIALECT_TESTING_H
#define GLUDIALECT_DIALECT_TESTING_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace mlir::glu::testing {

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

/// The active defect (None outside the mutation suite).
Defect activeDefect();
/// Sets the active defect for the lifetime of the guard.
class DefectGuard {
public:
  explicit DefectGuard(Defect defect);
  ~DefectGuard();

private:
  Defect previous;
};

/// Parses a defect name (`constant-off`, `dropped-term`, `swapped-halves`,
/// `tail-not-written`, `wrong-kink-side`, `unrounded-dg`, or empty).
std::optional<Defect> parseDefect(llvm::StringRef name);

} // namespace mlir::glu::testing

#endif // GLUDIALECT_DIALECT_TESTING_H
