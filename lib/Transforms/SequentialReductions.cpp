//===- SequentialReductions.cpp - scf.parallel reductions OpenMP lacks ---===//
//
// convert-scf-to-openmp declares an OpenMP reduction only for the combiners
// it recognizes (one add, mul, and, or or xor of the two arguments, or a
// compare-and-select min or max); on any other (arith.maximumf, two ops, a
// combiner on bf16 through f32) it stops with "unconverted operation
// found", and glu-to-llvm failed on valid IR. Such a loop runs here as
// nested scf.for loops instead, its reductions carried as iteration
// arguments and combined in iteration order: the result of one thread. The
// recognized set is private to upstream, so this keeps parallel only a part
// of it that upstream matches and lowers for certain; a min or max by
// select runs sequentially too (slower, never wrong), and so do the types
// upstream matches but cannot lower (i1, i128, f80, n-D vectors, index).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUSEQUENTIALREDUCTIONS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// Whether `type` is one convert-scf-to-openmp's reductions handle: an
/// integer of 8, 16, 32 or 64 bits (a scalar's reduction also updates
/// atomically, which LLVM allows on those widths only) or f16, bf16, f32,
/// f64 (f80's atomic add fails), as a scalar or a 1-D vector (its constants
/// are LLVM ones, which have no n-D vectors).
bool isReducibleType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.getRank() != 1 || vector.isScalable())
      return false;
    type = vector.getElementType();
  }
  if (auto integer = dyn_cast<IntegerType>(type))
    return llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// Whether convert-scf-to-openmp declares the reduction `combiner`: one
/// add, mul, and, or or xor of the block's arguments in their order, whose
/// result the block returns, on a type above.
bool isDeclarable(Block &combiner) {
  if (combiner.getNumArguments() != 2 || !llvm::hasNItems(combiner, 2))
    return false;
  Operation &op = combiner.front();
  auto ret = dyn_cast<scf::ReduceReturnOp>(combiner.back());
  return isa<arith::AddFOp, arith::AddIOp, arith::MulFOp, arith::MulIOp,
             arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) &&
         ret && ret.getResult() == op.getResult(0) &&
         op.getOperands() == combiner.getArguments() &&
         isReducibleType(combiner.getArgument(0).getType());
}

/// `loop` as nested scf.for loops, its reductions as iteration arguments.
void makeSequential(scf::ParallelOp loop) {
  OpBuilder b(loop);
  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  scf::LoopNest nest = scf::buildLoopNest(
      b, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
      loop.getStep(), loop.getInitVals(),
      [&](OpBuilder &nested, Location, ValueRange ivs, ValueRange carried) {
        IRMapping map;
        map.map(loop.getInductionVars(), ivs);
        for (Operation &op : loop.getBody()->without_terminator())
          nested.clone(op, map);
        scf::ValueVector combined;
        for (auto [i, region] : llvm::enumerate(reduce.getReductions())) {
          Block &combiner = region.front();
          map.map(combiner.getArgument(0), carried[i]);
          map.map(combiner.getArgument(1),
                  map.lookupOrDefault(reduce.getOperands()[i]));
          for (Operation &op : combiner.without_terminator())
            nested.clone(op, map);
          auto ret = cast<scf::ReduceReturnOp>(combiner.getTerminator());
          combined.push_back(map.lookupOrDefault(ret.getResult()));
        }
        return combined;
      });
  loop.replaceAllUsesWith(nest.results);
  loop.erase();
}

struct GluSequentialReductionsPass
    : glu::impl::GluSequentialReductionsBase<GluSequentialReductionsPass> {
  void runOnOperation() override {
    // Post-order: a nested loop is rewritten before the loop holding it.
    SmallVector<scf::ParallelOp> loops;
    getOperation()->walk([&](scf::ParallelOp loop) {
      auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
      if (!llvm::all_of(reduce.getReductions(), [](Region &region) {
            return isDeclarable(region.front());
          }))
        loops.push_back(loop);
    });
    if (loops.empty())
      return markAllAnalysesPreserved();
    for (scf::ParallelOp loop : loops)
      makeSequential(loop);
  }
};
} // namespace
