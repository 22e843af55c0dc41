//===- FreezeConversions.cpp - frozen float-to-integer conversions --------===//
//
// LLVM's fptosi and fptoui of NaN, or of a value out of the integer's
// range, are poison. Where LLVM can prove such an operand (a constant, a
// load from a constant global) it folds the conversion to poison, and the
// poison reaches what is computed from it: exp's exponent is an fptosi,
// and the exp of a NaN constant came out as arbitrary numbers instead of
// NaN. Frozen, the conversion is some fixed integer, which a NaN result
// does not depend on; the instruction is the same (docs/semantics.md
// decision 20).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/FreezeConversions.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUFREEZECONVERSIONS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

void glu::freezeFloatToIntConversions(Operation *root) {
  SmallVector<Operation *> conversions;
  root->walk([&](Operation *op) {
    if (isa<LLVM::FPToSIOp, LLVM::FPToUIOp>(op))
      conversions.push_back(op);
  });
  for (Operation *op : conversions) {
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    Value result = op->getResult(0);
    auto frozen = LLVM::FreezeOp::create(b, op->getLoc(), result);
    result.replaceAllUsesExcept(frozen, frozen);
  }
}

namespace {
struct GluFreezeConversionsPass
    : glu::impl::GluFreezeConversionsBase<GluFreezeConversionsPass> {
  void runOnOperation() override {
    glu::freezeFloatToIntConversions(getOperation());
  }
};
} // namespace
