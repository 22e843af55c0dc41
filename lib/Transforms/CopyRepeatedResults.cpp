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
    SmallVector<func::ReturnOp> returns;
    getOperation().walk([&](func::ReturnOp ret) { returns.push_back(ret); });
    // With several returns, each returns copies of its own: an allocation
    // computed before the branch and returned on one path (or at another
    // position on another) would otherwise take the same output buffer on
    // every path, and buffer-results-to-out-params let a result the path
    // does not return overwrite the one it does.
    bool copyAll = returns.size() > 1;
    for (func::ReturnOp ret : returns)
      for (unsigned i = 0; i < ret.getNumOperands(); ++i) {
        Value value = ret.getOperand(i);
        auto type = dyn_cast<RankedTensorType>(value.getType());
        if (!type || (!copyAll && !llvm::is_contained(
                                      ret.getOperands().take_front(i), value)))
          continue;
        OpBuilder b(ret);
        ret.setOperand(i, bufferization::AllocTensorOp::create(
                              b, ret.getLoc(), type, ValueRange(), value));
      }
  }
};
} // namespace
