//===- FenceVectorLoads.cpp - Vector loads out of masked instructions -----===//
//
// The x86 backend folds a load into the masked instruction that uses it
// (select(k, x * load, 0) -> vmulps (mem){k}{z}); the load then issues only
// once the mask is known, after the load the mask is computed from: in a
// streaming kernel the two loads from memory no longer overlap. An
// llvm.arithmetic.fence between the load and its users is selected to a
// pseudo-instruction without code, over which instruction selection does
// not fold (a freeze would be dropped first: a load is never poison to
// SelectionDAG). There is no backend option for this, and one would be
// process-wide state. Only f32 and f64: on 16-bit floats the fence is
// legalized lane by lane where the target has no such vector type (bf16
// on x86-64-v3: 3.4x slower reglu), and 16-bit storage is extended by
// integer ops or vcvtph2ps that the measurements showed no gain for.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUFENCEVECTORLOADS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kFence = "llvm.arithmetic.fence";

/// Whether `op` is already a fence: the pass run twice adds none.
bool isFence(Operation *op) {
  auto call = dyn_cast<LLVM::CallIntrinsicOp>(op);
  return call && call.getIntrin() == kFence;
}

struct GluFenceVectorLoadsPass
    : glu::impl::GluFenceVectorLoadsBase<GluFenceVectorLoadsPass> {
  void runOnOperation() override {
    SmallVector<LLVM::LoadOp> loads;
    getOperation().walk([&](LLVM::LoadOp load) {
      auto type = dyn_cast<VectorType>(load.getType());
      if (type && isa<Float32Type, Float64Type>(type.getElementType()) &&
          !load.getVolatile_() &&
          load.getOrdering() == LLVM::AtomicOrdering::not_atomic &&
          // Nothing to keep apart from an unused or already fenced load
          // (a fence nothing reads would stay: the call is not dead code
          // to canonicalize).
          !llvm::all_of(load->getUsers(), isFence))
        loads.push_back(load);
    });
    OpBuilder builder(&getContext());
    StringAttr fence = builder.getStringAttr(kFence);
    for (LLVM::LoadOp load : loads) {
      builder.setInsertionPointAfter(load);
      auto fenced =
          LLVM::CallIntrinsicOp::create(builder, load.getLoc(), load.getType(),
                                        fence, ValueRange{load.getResult()});
      // Not the fences' uses (the new one's, any already there).
      load.getResult().replaceUsesWithIf(
          fenced.getResult(0),
          [](OpOperand &use) { return !isFence(use.getOwner()); });
    }
  }
};
} // namespace
