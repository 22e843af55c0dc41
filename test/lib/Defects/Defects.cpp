//===- Defects.cpp - The names of the mutation suite's defects ------------===//
//
// LLVM only, so that glu-npy-fuzzer can fuzz the parser alone.
//
//===----------------------------------------------------------------------===//

#include "Defects/Defects.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir::glu::test;

std::optional<Defect> mlir::glu::test::parseDefect(llvm::StringRef name) {
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
