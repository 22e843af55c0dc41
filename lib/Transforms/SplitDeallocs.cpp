//===- SplitDeallocs.cpp - One dealloc per distinct allocation ------------===//
//
// buffer-deallocation-simplification splits a bufferization.dealloc into
// one dealloc per buffer that aliases no other buffer of the list, which it
// proves pair by pair: quadratic in the buffers a block allocates. Buffers
// that are views of distinct allocations never alias, so for a dealloc
// whose every buffer is one this pass builds the same split directly (same
// ops, same order, same disjunctions), and the simplification finds
// nothing left to split.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUSPLITDEALLOCS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::bufferization;

namespace {

/// The allocation `value` is a view of, or null when it is not (visibly)
/// one.
static Value allocationOf(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  Operation *op = value.getDefiningOp();
  if (op && hasEffect<MemoryEffects::Allocate>(op, value))
    return value;
  return {};
}

/// True when every buffer of `dealloc` views an allocation of its own.
static bool hasDistinctAllocations(DeallocOp dealloc) {
  llvm::DenseSet<Value> seen;
  for (Value memref : dealloc.getMemrefs()) {
    Value allocation = allocationOf(memref);
    if (!allocation || !seen.insert(allocation).second)
      return false;
  }
  return true;
}

/// Splits `dealloc` into one dealloc per buffer (each retaining what it
/// retained), then an empty one, its results the disjunction of theirs.
static void split(RewriterBase &rewriter, DeallocOp dealloc) {
  Location loc = dealloc.getLoc();
  ValueRange retained = dealloc.getRetained();
  rewriter.setInsertionPoint(dealloc);
  SmallVector<DeallocOp> parts;
  for (auto [memref, condition] :
       llvm::zip(dealloc.getMemrefs(), dealloc.getConditions()))
    parts.push_back(
        DeallocOp::create(rewriter, loc, memref, condition, retained));
  auto rest =
      DeallocOp::create(rewriter, loc, ValueRange(), ValueRange(), retained);
  SmallVector<Value> results(rest.getUpdatedConditions());
  for (DeallocOp part : parts)
    for (auto [i, updated] : llvm::enumerate(part.getUpdatedConditions()))
      results[i] = arith::OrIOp::create(rewriter, loc, results[i], updated);
  rewriter.replaceOp(dealloc, results);
}

struct GluSplitDeallocsPass
    : glu::impl::GluSplitDeallocsBase<GluSplitDeallocsPass> {
  void runOnOperation() override {
    SmallVector<DeallocOp> deallocs;
    getOperation()->walk([&](DeallocOp dealloc) {
      if (dealloc.getMemrefs().size() > 1 && hasDistinctAllocations(dealloc))
        deallocs.push_back(dealloc);
    });
    if (deallocs.empty())
      return markAllAnalysesPreserved(); // glu-opt then skips the verification
    IRRewriter rewriter(&getContext());
    for (DeallocOp dealloc : deallocs)
      split(rewriter, dealloc);
  }
};
} // namespace
