//===- NontemporalWords.cpp - 16-bit float streaming stores as words ------===//
//
// The x86 backend selects a non-temporal store of a vector of bf16 (or of
// f16 without AVX512-FP16) as an ordinary vmovaps: it has no streaming
// pattern for those types. A bf16 vector from LLVM's fptrunc
// (glu-avx512-bf16-rounding's vcvtneps2bf16) reaches the store as bf16, and
// bitcasting it to i16 is not enough: instcombine stores a bitcast's
// operand, not the bitcast (and turns the if's i16 phis into bf16 ones).
// A volatile store keeps its type, and is still selected as vmovntdq. It
// also keeps its count and order: a streaming copy's stores are never
// merged anyway, and the machine scheduler's ordering of them against the
// loop's loads cost nothing measurable (docs/performance-analysis.md).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUNONTEMPORALWORDS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
struct GluNontemporalWordsPass
    : glu::impl::GluNontemporalWordsBase<GluNontemporalWordsPass> {
  void runOnOperation() override {
    SmallVector<LLVM::StoreOp> stores;
    getOperation()->walk([&](LLVM::StoreOp store) {
      auto type = dyn_cast<VectorType>(store.getValue().getType());
      if (store.getNontemporal() && !store.getVolatile_() &&
          store.getOrdering() == LLVM::AtomicOrdering::not_atomic && type &&
          type.getRank() == 1 && !type.isScalable() &&
          (type.getElementType().isBF16() || type.getElementType().isF16()))
        stores.push_back(store);
    });
    if (stores.empty())
      return markAllAnalysesPreserved();
    for (LLVM::StoreOp store : stores) {
      OpBuilder b(store);
      auto type = cast<VectorType>(store.getValue().getType());
      Value words = LLVM::BitcastOp::create(
          b, store.getLoc(), type.clone(b.getI16Type()), store.getValue());
      store.getValueMutable().assign(words);
      store.setVolatile_(true);
    }
  }
};
} // namespace
