//===- Testing.cpp - Deliberate defects for the mutation suite -------------===//

#include "GluDialect/Dialect/Testing.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir::glu::testing;

static Defect currentDefect = Defect::None;

Defect mlir::glu::testing::activeDefect() { return currentDefect; }

DefectGuard::DefectGuard(Defect defect) : previous(currentDefect) {
  currentDefect = defect;
}

DefectGuard::~DefectGuard() { currentDefect = previous; }

std::optional<Defect> mlir::glu::testing::parseDefect(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<Defect>>(name)
      .Case("", Defect::None)
      .Case("none", Defect::None)
      .Case("constant-off", Defect::ConstantOff)
      .Case("dropped-term", Defect::DroppedTerm)
      .Case("swapped-halves", Defect::SwappedHalves)
      .Case("tail-not-written", Defect::TailNotWritten)
      .Case("wrong-kink-side", Defect::WrongKinkSide)
      .Case("unrounded-dg", Defect::UnroundedDg)
      .Default(std::nullopt);
}
