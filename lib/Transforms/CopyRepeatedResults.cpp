//===- CopyRepeatedResults.cpp - Return each value once -------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCOPYREPEATEDRESULTS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
struct GluCopyRepeatedResultsPass
    : glu::impl::GluCopyRepeatedResultsBase<GluCopyRepeatedResultsPass> {
  void runOnOperation() override {
    getOperation().walk([](func::ReturnOp ret) {
      for (unsigned i = 1; i < ret.getNumOperands(); ++i) {
        Value value = ret.getOperand(i);
        auto type = dyn_cast<RankedTensorType>(value.getType());
        if (!type ||
            !llvm::is_contained(ret.getOperands().take_front(i), value))
          continue;
        OpBuilder b(ret);
        ret.setOperand(i, bufferization::AllocTensorOp::create(
                              b, ret.getLoc(), type, ValueRange(), value));
      }
    });
  }
};
} // namespace
