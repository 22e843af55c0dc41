//===- VectorizeElementwise.cpp - Row-parallel, vectorized elementwise ----===//
//
// glu's generics are elementwise over identity maps: what the CPU needs is
// a parallel loop over rows (chunks, for 1-D), a sequential loop over the
// last dimension in steps of the vector width whose body is the generic
// vectorized, and a scalar remainder. This pass builds exactly that from
// upstream pieces: linalg tiling (parallel, then sequential with the last
// loop peeled), linalg::vectorize on the full tiles, and the vector
// unit-dimension cleanups. Per-element arithmetic is unchanged, so the bits
// are the same as the scalar loops'.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/InterleavedPairs.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/TargetParser/Host.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUVECTORIZEELEMENTWISE
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

bool mlir::glu::isValidVectorBits(uint64_t bits) {
  return bits == 0 || (llvm::isPowerOf2_64(bits) && bits >= 32 && bits <= 2048);
}

int64_t mlir::glu::hostVectorBits() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 512;
  if (features.lookup("avx"))
    return 256;
  return 128;
}

/// A linalg.generic on buffers, all loops parallel, every map the identity:
/// the shape glu's lowering produces (and convert-elementwise-to-linalg's).
static bool isElementwiseOnBuffers(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0)
    return false;
  if (op.getNumParallelLoops() != op.getNumLoops())
    return false;
  return llvm::all_of(op.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); });
}

/// A 1-D view of `lanes` contiguous elements starting at `view`'s first
/// element (whatever `view`'s layout).
static Value contiguousWindow(RewriterBase &rewriter, Location loc, Value view,
                              int64_t lanes) {
  auto type = cast<MemRefType>(view.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(rewriter, loc, view);
  auto windowType = MemRefType::get(
      {lanes}, type.getElementType(),
      StridedLayoutAttr::get(rewriter.getContext(), ShapedType::kDynamic, {1}),
      type.getMemorySpace());
  return memref::ReinterpretCastOp::create(
      rewriter, loc, windowType, metadata.getBaseBuffer(),
      OpFoldResult(metadata.getOffset()),
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(lanes)},
      ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
}

/// True when the innermost stride of `view` is statically 1.
static bool hasUnitInnerStride(Value view) {
  auto type = cast<MemRefType>(view.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

/// The operands of `g` that are the even and odd lanes of one contiguous
/// region (isInterleavedPair; inputs with inputs, outputs with outputs), as
/// [even0, odd0, even1, odd1, ...]; empty unless every other operand has a
/// unit inner stride (scalars excluded), the body reads no output and every
/// body op is a constant or elementwise, which is what vectorizeInterleaved
/// handles.
static SmallVector<int64_t> interleavedPairs(linalg::GenericOp g) {
  SmallVector<int64_t> pairs;
  unsigned numInputs = g.getNumDpsInputs();
  unsigned numOperands = g->getNumOperands();
  SmallVector<bool> paired(numOperands, false);
  for (unsigned i = 0; i < numOperands; ++i) {
    for (unsigned j = 0; j < numOperands && !paired[i]; ++j) {
      if (i == j || paired[j] || (i < numInputs) != (j < numInputs) ||
          !isa<MemRefType>(g->getOperand(i).getType()) ||
          !isa<MemRefType>(g->getOperand(j).getType()) ||
          !glu::isInterleavedPair(g->getOperand(i), g->getOperand(j)))
        continue;
      paired[i] = paired[j] = true;
      pairs.append({int64_t(i), int64_t(j)});
    }
  }
  if (pairs.empty())
    return pairs;
  Block *body = g.getBody();
  bool supported =
      llvm::all_of(llvm::seq(numOperands),
                   [&](unsigned i) {
                     Value v = g->getOperand(i);
                     return isa<MemRefType>(v.getType()) &&
                            (paired[i] || hasUnitInnerStride(v));
                   }) &&
      llvm::all_of(body->getArguments().drop_front(numInputs),
                   [](BlockArgument out) { return out.use_empty(); }) &&
      llvm::all_of(body->without_terminator(), [](Operation &op) {
        return isa<arith::ConstantOp>(op) ||
               OpTrait::hasElementwiseMappableTraits(&op);
      });
  if (!supported)
    pairs.clear();
  return pairs;
}

/// Vectorizes a full tile ([1, ..., 1, width]) of an elementwise generic
/// whose operand `pairs` are the even and odd lanes of stride-2 regions
/// (interleaved packing): each pair is one contiguous load of 2*width
/// elements and a vector.deinterleave (or a vector.interleave and one
/// store), the other operands plain vector loads and stores, and the body
/// cloned on vectors (every body op is elementwise).
static LogicalResult vectorizeInterleaved(RewriterBase &rewriter,
                                          linalg::GenericOp g,
                                          ArrayRef<int64_t> pairs,
                                          int64_t width) {
  Location loc = g.getLoc();
  unsigned numInputs = g.getNumDpsInputs();
  SmallVector<Value> operands(g->getOperands());
  DenseMap<int64_t, int64_t> partner; // operand -> other lane, even first
  DenseSet<int64_t> even;
  for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
    partner[pairs[i]] = pairs[i + 1];
    partner[pairs[i + 1]] = pairs[i];
    even.insert(pairs[i]);
  }
  for (auto [i, v] : llvm::enumerate(operands))
    if (!partner.count(i) && !hasUnitInnerStride(v))
      return failure();
  auto vectorOf = [&](Type t) { return VectorType::get({width}, t); };
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);

  // Inputs.
  Block *body = g.getBody();
  IRMapping mapping;
  for (unsigned i = 0; i < numInputs; ++i) {
    if (mapping.contains(body->getArgument(i)))
      continue;
    Type element = getElementTypeOrSelf(operands[i].getType());
    if (!partner.count(i)) {
      Value window = contiguousWindow(rewriter, loc, operands[i], width);
      mapping.map(body->getArgument(i),
                  vector::LoadOp::create(rewriter, loc, vectorOf(element),
                                         window, ValueRange{zero}));
      continue;
    }
    int64_t lo = even.contains(i) ? i : partner[i], hi = partner[lo];
    Value window = contiguousWindow(rewriter, loc, operands[lo], 2 * width);
    Value both = vector::LoadOp::create(rewriter, loc,
                                        VectorType::get({2 * width}, element),
                                        window, ValueRange{zero});
    auto split = vector::DeinterleaveOp::create(rewriter, loc, both);
    mapping.map(body->getArgument(lo), split.getRes1());
    mapping.map(body->getArgument(hi), split.getRes2());
  }
  for (BlockArgument out : body->getArguments().drop_front(numInputs))
    if (!out.use_empty())
      return failure(); // the outputs' old values are never read here

  // The body, on vectors.
  for (Operation &op : body->without_terminator()) {
    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      auto splat =
          DenseElementsAttr::get(vectorOf(cst.getType()), cst.getValue());
      mapping.map(cst.getResult(),
                  arith::ConstantOp::create(rewriter, loc, splat));
      continue;
    }
    if (!OpTrait::hasElementwiseMappableTraits(&op))
      return failure();
    for (Value operand : op.getOperands())
      if (!mapping.contains(operand)) // defined above the body
        mapping.map(operand,
                    vector::BroadcastOp::create(
                        rewriter, loc, vectorOf(operand.getType()), operand));
    Operation *clone = rewriter.clone(op, mapping);
    for (Value result : clone->getResults())
      result.setType(vectorOf(result.getType()));
  }

  // Outputs.
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  for (unsigned r = 0; r < yield.getNumOperands(); ++r) {
    int64_t i = numInputs + r;
    Value value = mapping.lookup(yield.getOperand(r));
    if (!partner.count(i)) {
      Value window = contiguousWindow(rewriter, loc, operands[i], width);
      vector::StoreOp::create(rewriter, loc, value, window, ValueRange{zero});
      continue;
    }
    if (!even.contains(i))
      continue; // stored with its even partner
    Value odd = mapping.lookup(yield.getOperand(partner[i] - numInputs));
    Value both = vector::InterleaveOp::create(rewriter, loc, value, odd);
    Value window = contiguousWindow(rewriter, loc, operands[i], 2 * width);
    vector::StoreOp::create(rewriter, loc, both, window, ValueRange{zero});
  }
  rewriter.eraseOp(g);
  return success();
}

namespace {
struct GluVectorizeElementwisePass
    : glu::impl::GluVectorizeElementwiseBase<GluVectorizeElementwisePass> {
  using GluVectorizeElementwiseBase::GluVectorizeElementwiseBase;

  void runOnOperation() override {
    // A zero step would leave the generic untiled (no loop to peel); a step
    // that is no whole number of registers, or of millions of lanes, is no
    // vector code.
    if (!glu::isValidVectorBits(vectorBits)) {
      getOperation()->emitError()
          << "glu-vectorize-elementwise: vector-bits must be 0 (the host's) "
             "or a power of two from 32 to 2048, not "
          << int64_t(vectorBits);
      return signalPassFailure();
    }
    if (unroll < 1 || unroll > 16) {
      getOperation()->emitError()
          << "glu-vectorize-elementwise: unroll must be from 1 to 16, not "
          << int64_t(unroll);
      return signalPassFailure();
    }
    int64_t bits = vectorBits > 0 ? int64_t(vectorBits) : glu::hostVectorBits();
    // f32 lanes per register, times the unroll factor.
    int64_t width = std::max<int64_t>(1, bits / 32) * int64_t(unroll);
    SmallVector<linalg::GenericOp> generics;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (isElementwiseOnBuffers(op))
        generics.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : generics)
      opaqueSizes(rewriter, op);
    for (linalg::GenericOp op : generics)
      if (failed(tileOne(rewriter, op, width)))
        return signalPassFailure();
    // Fold the peeled loop's constant tile sizes into the subview types.
    if (failed(canonicalize()))
      return signalPassFailure();
    if (failed(vectorizeFullTiles(rewriter, width)))
      return signalPassFailure();

    // vector<1x..x1xN> -> vector<N>, transfers on unit-stride rows -> plain
    // loads and stores.
    RewritePatternSet patterns(&getContext());
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    vector::populateVectorTransferDropUnitDimsPatterns(patterns);
    vector::populateVectorTransferLoweringPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }

  /// The canonicalization patterns of every loaded dialect and op, as the
  /// canonicalizer pass collects them.
  LogicalResult canonicalize() {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    for (Dialect *dialect : ctx->getLoadedDialects())
      dialect->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName op : ctx->getRegisteredOperations())
      op.getCanonicalizationPatterns(patterns, ctx);
    return applyPatternsGreedily(getOperation(), std::move(patterns));
  }

  /// Expands the affine.apply ops that give `op`'s operands their sizes
  /// into arith ops. The tiling composes affine maps through affine.apply:
  /// an interleaved half, n floordiv 2, would make the peeled loop's bound
  /// ((n floordiv 2) floordiv w) * w, under which peeling cannot prove its
  /// tiles full (nested floordivs), and the main loop would stay scalar.
  /// With the size an opaque value the bound is (s floordiv w) * w.
  void opaqueSizes(RewriterBase &rewriter, linalg::GenericOp op) {
    for (Value operand : op->getOperands()) {
      auto subview = operand.getDefiningOp<memref::SubViewOp>();
      if (!subview)
        continue;
      for (Value size : subview.getSizes()) {
        auto apply = size.getDefiningOp<affine::AffineApplyOp>();
        if (!apply)
          continue;
        rewriter.setInsertionPoint(apply);
        std::optional<SmallVector<Value, 8>> expanded = affine::expandAffineMap(
            rewriter, apply.getLoc(), apply.getAffineMap(),
            apply.getMapOperands());
        if (expanded)
          rewriter.replaceOp(apply, (*expanded)[0]);
      }
    }
  }

  /// The row loop `loop` runs no row when `cols`, the row's length, is 0:
  /// its first upper bound becomes its lower bound then.
  static void withoutEmptyRows(RewriterBase &rewriter, Operation *loop,
                               Value cols) {
    auto bounded = [&](Value lb, Value ub) {
      Location loc = loop->getLoc();
      Value none = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, cols,
          arith::ConstantIndexOp::create(rewriter, loc, 0));
      return arith::SelectOp::create(rewriter, loc, none, lb, ub).getResult();
    };
    rewriter.setInsertionPoint(loop);
    if (auto parallel = dyn_cast<scf::ParallelOp>(loop)) {
      rewriter.modifyOpInPlace(parallel, [&] {
        parallel.getUpperBoundMutable().slice(0, 1).assign(
            bounded(parallel.getLowerBound().front(),
                    parallel.getUpperBound().front()));
      });
    } else if (auto serial = dyn_cast<scf::ForOp>(loop)) {
      rewriter.modifyOpInPlace(serial, [&] {
        serial.setUpperBound(
            bounded(serial.getLowerBound(), serial.getUpperBound()));
      });
    }
  }

  /// Tiles `op`: parallel rows (or chunks), then the last dimension by
  /// `width` with the remainder peeled.
  LogicalResult tileOne(RewriterBase &rewriter, linalg::GenericOp op,
                        int64_t width) {
    int64_t rank = op.getNumLoops();
    // Rows (a 1-D generic: chunks) one at a time: in parallel, or not.
    SmallVector<int64_t> rowTiles(rank, 1);
    rowTiles.back() = rank == 1 ? int64_t(chunk) : 0;
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    // The last dimension's size (every map is the identity): with none of
    // it, a row has no element, and 2^48 empty rows took hours.
    Value cols;
    if (rank > 1)
      cols = memref::DimOp::create(rewriter, loc,
                                   op.getDpsInitOperand(0)->get(), rank - 1);
    FailureOr<linalg::TiledLinalgOp> rows = linalg::tileLinalgOp(
        rewriter, op,
        linalg::LinalgTilingOptions().setTileSizes(rowTiles).setLoopType(
            parallel ? linalg::LinalgTilingLoopType::ParallelLoops
                     : linalg::LinalgTilingLoopType::Loops));
    if (failed(rows))
      return op.emitOpError("could not be tiled into rows");
    rewriter.eraseOp(op);
    if (cols && !rows->loops.empty())
      withoutEmptyRows(rewriter, rows->loops.front(), cols);
    linalg::LinalgOp inner = rows->op;
    // The last dimension in vector-width steps, the remainder peeled off.
    SmallVector<int64_t> tiles(rank, 0);
    tiles.back() = width;
    rewriter.setInsertionPoint(inner);
    FailureOr<linalg::TiledLinalgOp> tiled = linalg::tileLinalgOp(
        rewriter, inner,
        linalg::LinalgTilingOptions().setTileSizes(tiles).setLoopType(
            linalg::LinalgTilingLoopType::Loops));
    if (failed(tiled))
      return inner->emitOpError("could not be tiled by the vector width");
    rewriter.eraseOp(inner);
    // Peel the partial last step: the main loop's tiles become static.
    if (tiled->loops.empty())
      return success();
    auto loop = cast<scf::ForOp>(tiled->loops.back());
    scf::ForOp partial;
    (void)scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial);
    return success();
  }

  /// Vectorizes every full tile ([1, ..., 1, width], static) left by the
  /// tiling; remainders keep a dynamic size and become scalar loops later.
  LogicalResult vectorizeFullTiles(RewriterBase &rewriter, int64_t width) {
    SmallVector<linalg::GenericOp> full;
    getOperation()->walk([&](linalg::GenericOp g) {
      if (!isElementwiseOnBuffers(g))
        return;
      SmallVector<int64_t> ranges = g.getStaticLoopRanges();
      if (ranges.back() == width &&
          llvm::all_of(ArrayRef(ranges).drop_back(),
                       [](int64_t r) { return r == 1; }))
        full.push_back(g);
    });
    for (linalg::GenericOp g : full) {
      rewriter.setInsertionPoint(g);
      if (SmallVector<int64_t> pairs = interleavedPairs(g); !pairs.empty()) {
        if (failed(vectorizeInterleaved(rewriter, g, pairs, width)))
          return g.emitOpError("could not be vectorized");
        continue;
      }
      // A body upstream's vectorizer does not take (a tensor.extract at an
      // index read from an operand: a gather) stays a scalar loop, as the
      // remainders do; it was an error that failed the whole program.
      if (failed(linalg::vectorizeOpPrecondition(g)))
        continue;
      FailureOr<linalg::VectorizationResult> result =
          linalg::vectorize(rewriter, g);
      if (failed(result))
        return g.emitOpError("could not be vectorized");
      rewriter.replaceOp(g, result->replacements);
    }
    return success();
  }
};
} // namespace
