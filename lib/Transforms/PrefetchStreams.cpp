//===- PrefetchStreams.cpp - Software prefetches of vector loop streams ---===//
//
// A transcendental vector body is long (geglu_erf's forward: about 285
// instructions per 64 lanes): the core's window holds few iterations, so
// the loads of the next ones reach memory late and the hardware prefetcher
// alone leaves a core short of the bandwidth a plain triad gets. A
// prefetch a fixed distance ahead in every stream starts those reads
// early (docs/performance-analysis.md, "Software prefetch of every vector
// body's streams").
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/PrefetchStreams.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUPREFETCHSTREAMS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

/// The most lines prefetched per load: 4 KiB, sixteen of the pipeline's
/// widest loads (64 lanes of f32).
constexpr int64_t kMaxLines = 64;

bool glu::prefetchStreams(Block *body, unsigned distance,
                          const llvm::DenseSet<Operation *> &skip) {
  // One per stream: a load of the same place again (the gate's, read both
  // as a vector and lane by lane) adds none. Its memref's last dimension
  // has unit stride: vector.load's verifier requires it. Elements of a
  // power-of-two number of bytes only: an i24 or f80 is stored in more
  // bytes than its bits say, and the lines would be misplaced.
  SmallVector<vector::LoadOp> loads;
  for (auto load : body->getOps<vector::LoadOp>())
    if (!load.getBase().getDefiningOp<memref::GetGlobalOp>() &&
        !skip.contains(load) && load.getVectorType().getRank() == 1 &&
        load.getMemRefType().getElementType().isIntOrFloat() &&
        llvm::isPowerOf2_64(load.getMemRefType().getElementTypeBitWidth()) &&
        load.getMemRefType().getElementTypeBitWidth() >= 8 &&
        llvm::none_of(loads, [&](vector::LoadOp seen) {
          return seen.getBase() == load.getBase() &&
                 seen.getIndices() == load.getIndices();
        }))
      loads.push_back(load);
  for (vector::LoadOp load : loads) {
    OpBuilder b(load);
    Location loc = load.getLoc();
    int64_t bytes = load.getMemRefType().getElementTypeBitWidth() / 8;
    // The lines of a long vector past the first kMaxLines follow in the
    // next iterations' prefetches (a hand-written vector<64M x i8> made a
    // million prefetch ops).
    int64_t span = std::min<int64_t>(
        load.getVectorType().getNumElements() * bytes, kMaxLines * 64);
    for (int64_t line = 0; line < span; line += 64) {
      SmallVector<Value> at(load.getIndices());
      at.back() = arith::AddIOp::create(
          b, loc, at.back(),
          arith::ConstantIndexOp::create(b, loc,
                                         (int64_t(distance) + line) / bytes));
      memref::PrefetchOp::create(b, loc, load.getBase(), at,
                                 /*isWrite=*/false, /*localityHint=*/3,
                                 /*isDataCache=*/true);
    }
  }
  return !loads.empty();
}

namespace {
struct GluPrefetchStreamsPass
    : glu::impl::GluPrefetchStreamsBase<GluPrefetchStreamsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (distance == 0)
      return markAllAnalysesPreserved();
    // Loop bodies first collected: prefetching adds ops to the blocks.
    SetVector<Block *> bodies;
    getOperation().walk([&](vector::LoadOp load) {
      Block *body = load->getBlock();
      if (isa<LoopLikeOpInterface>(body->getParentOp()))
        bodies.insert(body);
    });
    bool changed = false;
    for (Block *body : bodies) {
      // glu-tabulate prefetched its own (without its word loads).
      if (!body->getOps<memref::PrefetchOp>().empty())
        continue;
      changed |= glu::prefetchStreams(body, distance);
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
