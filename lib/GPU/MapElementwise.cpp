//===- MapElementwise.cpp - Elementwise linalg to vectorized kernels ------===//
//
// The mapping glu-gpu-map-elementwise applies; docs/gpu.md explains the
// choices. In short: flatten the iteration space to rows x columns, give
// each thread a tile of one 16-byte vector per operand, take the vector
// path only for whole tiles whose addresses are aligned (checked per tile at
// run time) and a scalar loop otherwise, and read/write interleaved pairs
// with one wide access plus shuffles. The generic's scalar body is cloned
// twice, on vectors and on scalars, unchanged: every element is computed by
// the same ops as on the CPU.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/GPU/Passes.h"
#include "GluDialect/Transforms/InterleavedPairs.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUMAPELEMENTWISETOGPU
#include "GluDialect/GPU/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

/// Ops already on the device are not mapped again.
static bool onDevice(Operation *op) {
  return op->getParentOfType<gpu::LaunchOp>() ||
         op->getParentOfType<gpu::GPUModuleOp>();
}

namespace {

//===----------------------------------------------------------------------===//
// Preparation: named elementwise ops and copies become generics
//===----------------------------------------------------------------------===//

/// linalg.fill, linalg.copy, linalg.add, ... on buffers -> linalg.generic.
struct GeneralizeElementwise : OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (isa<linalg::GenericOp>(op))
      return rewriter.notifyMatchFailure(op, "already a generic");
    if (onDevice(op))
      return rewriter.notifyMatchFailure(op, "already on the device");
    if (!op.hasPureBufferSemantics() || !linalg::isElementwise(op))
      return rewriter.notifyMatchFailure(op, "not elementwise on buffers");
    if (failed(linalg::generalizeNamedOp(rewriter, op)))
      return rewriter.notifyMatchFailure(op, "cannot be generalized");
    return success();
  }
};

/// memref.copy between buffers of one shape -> linalg.copy (then a kernel).
struct CopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    if (onDevice(op))
      return rewriter.notifyMatchFailure(op, "already on the device");
    auto source = dyn_cast<MemRefType>(op.getSource().getType());
    auto target = dyn_cast<MemRefType>(op.getTarget().getType());
    if (!source || !target || source.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "not a ranked copy of rank >= 1");
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(op, op.getSource(),
                                                op.getTarget());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The kernel of one elementwise generic
//===----------------------------------------------------------------------===//

/// How the kernel reaches one operand of the generic.
struct Access {
  /// A memref operand (false: a scalar input, captured as is).
  bool isMemRef = false;
  /// The operand as a rank-1 (flat) or rank-2 (rows x columns) view.
  Value view;
  /// Element size in bytes.
  int64_t bytes = 0;
  /// The view's last stride is statically 1: vector accesses are possible.
  bool unitStride = false;
  /// Interleaved pairs: the even (`pairLow`) operand holds the partner's
  /// index and the contiguous view of both (twice the columns).
  int partner = -1;
  bool pairLow = false, pairHigh = false;
  Value pairView;
};

/// The contiguous view of both elements of an interleaved pair.
static Value pairSourceView(OpBuilder &b, Location loc, Value lo) {
  auto sub = lo.getDefiningOp<memref::SubViewOp>();
  SmallVector<OpFoldResult> offsets = sub.getMixedOffsets();
  SmallVector<OpFoldResult> sizes = sub.getMixedSizes();
  SmallVector<OpFoldResult> strides = sub.getMixedStrides();
  AffineExpr s0;
  bindSymbols(b.getContext(), s0);
  sizes.back() =
      affine::makeComposedFoldedAffineApply(b, loc, s0 * 2, {sizes.back()});
  strides.back() = b.getIndexAttr(1);
  return memref::SubViewOp::create(b, loc, sub.getSource(), offsets, sizes,
                                   strides);
}

/// `memref` (rank > 2) as rows x columns through its strided metadata, for
/// layouts collapse_shape cannot prove collapsible (dynamic strides, as in a
/// subview of a tensor<?x?xN> buffer). The leading dimensions must be
/// contiguous with each other: checked statically where the strides are
/// static, else by a cf.assert. Returns null where they are statically not.
static Value reinterpretAsRows(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t rank = type.getRank();
  auto [strides, offset] = type.getStridesAndOffset();
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  auto mixed = [&](int64_t value, Value dynamic) -> OpFoldResult {
    if (ShapedType::isDynamic(value))
      return dynamic;
    return b.getIndexAttr(value);
  };
  SmallVector<OpFoldResult> sizes, strideValues;
  for (int64_t d = 0; d < rank; ++d) {
    sizes.push_back(mixed(type.getDimSize(d), metadata.getSizes()[d]));
    strideValues.push_back(mixed(strides[d], metadata.getStrides()[d]));
  }
  AffineExpr s0, s1;
  bindSymbols(b.getContext(), s0, s1);
  OpFoldResult rows = sizes[0];
  for (int64_t d = 0; d + 2 < rank; ++d) {
    OpFoldResult inner = affine::makeComposedFoldedAffineApply(
        b, loc, s0 * s1, {strideValues[d + 1], sizes[d + 1]});
    std::optional<int64_t> outer = getConstantIntValue(strideValues[d]);
    std::optional<int64_t> expected = getConstantIntValue(inner);
    if (outer && expected) {
      if (*outer != *expected)
        return Value();
    } else {
      Value stride = getValueOrCreateConstantIndexOp(b, loc, strideValues[d]);
      Value ok =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stride,
                                getValueOrCreateConstantIndexOp(b, loc, inner));
      cf::AssertOp::create(b, loc, ok,
                           "glu-gpu-map-elementwise: the leading dimensions "
                           "of a buffer are not contiguous");
    }
    rows = affine::makeComposedFoldedAffineApply(b, loc, s0 * s1,
                                                 {rows, sizes[d + 1]});
  }
  SmallVector<OpFoldResult> viewSizes{rows, sizes[rank - 1]};
  SmallVector<OpFoldResult> viewStrides{strideValues[rank - 2],
                                        strideValues[rank - 1]};
  auto staticOf = [](OpFoldResult v) {
    return getConstantIntValue(v).value_or(ShapedType::kDynamic);
  };
  auto layout = StridedLayoutAttr::get(
      b.getContext(), offset,
      {staticOf(viewStrides[0]), staticOf(viewStrides[1])});
  auto viewType =
      MemRefType::get({staticOf(viewSizes[0]), staticOf(viewSizes[1])},
                      type.getElementType(), layout, type.getMemorySpace());
  return memref::ReinterpretCastOp::create(
      b, loc, viewType, metadata.getBaseBuffer(),
      mixed(offset, metadata.getOffset()), viewSizes, viewStrides);
}

/// `memref` as a rank-1 view (`flat`) or a rank-2 rows x columns view (the
/// leading dimensions collapsed). Returns null where that is not possible.
static Value viewOf(OpBuilder &b, Location loc, Value memref, bool flat) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t rank = type.getRank();
  if ((flat && rank == 1) || (!flat && rank == 2))
    return memref;
  SmallVector<ReassociationIndices> reassociation;
  if (flat) {
    reassociation.push_back(llvm::to_vector(llvm::seq<int64_t>(0, rank)));
  } else {
    reassociation.push_back(llvm::to_vector(llvm::seq<int64_t>(0, rank - 1)));
    reassociation.push_back({rank - 1});
  }
  if (memref::CollapseShapeOp::isGuaranteedCollapsible(type, reassociation))
    return memref::CollapseShapeOp::create(b, loc, memref, reassociation);
  if (flat)
    return Value();
  return reinterpretAsRows(b, loc, memref);
}

/// The byte address of `view[indices]`, as an index.
static Value addressOf(OpBuilder &b, Location loc, Value view,
                       ValueRange indices, int64_t bytes) {
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, view);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, view);
  Value linear = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(indices, metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  Value size = arith::ConstantIndexOp::create(b, loc, bytes);
  return arith::AddIOp::create(b, loc, base,
                               arith::MulIOp::create(b, loc, linear, size));
}

/// The largest power of two dividing `bytes`, at most `cap`.
static int64_t alignmentOf(int64_t bytes, int64_t cap) {
  return std::min<int64_t>(cap, bytes & -bytes);
}

static Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

struct MapElementwiseToLaunch : OpRewritePattern<linalg::GenericOp> {
  MapElementwiseToLaunch(MLIRContext *ctx, int64_t blockSize,
                         int64_t vectorBytes, int64_t maxBlocks)
      : OpRewritePattern(ctx), blockSize(blockSize), vectorBytes(vectorBytes),
        maxBlocks(maxBlocks) {}

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override;

private:
  LogicalResult checkGeneric(linalg::GenericOp op,
                             PatternRewriter &rewriter) const;

  int64_t blockSize, vectorBytes, maxBlocks;
};
} // namespace

LogicalResult
MapElementwiseToLaunch::checkGeneric(linalg::GenericOp op,
                                     PatternRewriter &rewriter) const {
  if (onDevice(op))
    return rewriter.notifyMatchFailure(op, "already on the device");
  if (!op.hasPureBufferSemantics())
    return rewriter.notifyMatchFailure(op, "not on buffers");
  int64_t rank = op.getNumLoops();
  if (rank == 0)
    return rewriter.notifyMatchFailure(op, "no loops");
  if (op.getNumParallelLoops() != rank)
    return rewriter.notifyMatchFailure(op, "not all loops are parallel");
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      if (!op.isDpsInput(&operand) || map.getNumResults() != 0)
        return rewriter.notifyMatchFailure(op, "a non-memref operand that is "
                                               "not a scalar input");
      continue;
    }
    if (!map.isIdentity())
      return rewriter.notifyMatchFailure(op, "an indexing map that is not the "
                                             "identity");
    Type element = type.getElementType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 ||
        element.getIntOrFloatBitWidth() / 8 > vectorBytes)
      return rewriter.notifyMatchFailure(op, "an element type that is not a "
                                             "whole number of bytes that fits "
                                             "a vector access");
  }
  for (Operation &bodyOp : op.getRegion().front().without_terminator())
    if (bodyOp.getNumRegions() || !isMemoryEffectFree(&bodyOp) ||
        isa<linalg::IndexOp>(bodyOp))
      return rewriter.notifyMatchFailure(op, "a body op that is not pure, "
                                             "has regions or reads indices");
  return success();
}

LogicalResult
MapElementwiseToLaunch::matchAndRewrite(linalg::GenericOp op,
                                        PatternRewriter &rewriter) const {
  if (failed(checkGeneric(op, rewriter)))
    return failure();
  Location loc = op.getLoc();
  int64_t rank = op.getNumLoops();
  unsigned numOperands = op->getNumOperands();
  unsigned numInputs = op.getNumDpsInputs();

  // Views: flat when every memref is contiguous (or the rank is 1), else
  // rows x columns.
  bool flat = rank == 1 || llvm::all_of(op->getOperands(), [](Value v) {
                auto type = dyn_cast<MemRefType>(v.getType());
                return !type || type.getLayout().isIdentity();
              });
  int64_t maxBytes = 1;
  SmallVector<Access> accesses(numOperands);
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    auto type = dyn_cast<MemRefType>(operand.getType());
    if (!type)
      continue;
    Access &access = accesses[i];
    access.isMemRef = true;
    access.bytes = type.getElementType().getIntOrFloatBitWidth() / 8;
    maxBytes = std::max(maxBytes, access.bytes);
  }
  int64_t width = vectorBytes / maxBytes;

  // Interleaved pairs, among the inputs and among the outputs.
  for (unsigned i = 0; i < numOperands; ++i) {
    if (!accesses[i].isMemRef || accesses[i].pairHigh || accesses[i].pairLow)
      continue;
    for (unsigned j = 0; j < numOperands; ++j) {
      if (i == j || !accesses[j].isMemRef || accesses[j].pairHigh ||
          accesses[j].pairLow || (i < numInputs) != (j < numInputs))
        continue;
      if (!glu::isInterleavedPair(op->getOperand(i), op->getOperand(j)))
        continue;
      accesses[i].pairLow = true;
      accesses[i].partner = j;
      accesses[j].pairHigh = true;
      accesses[j].partner = i;
      break;
    }
  }

  rewriter.setInsertionPoint(op);
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    Access &access = accesses[i];
    if (!access.isMemRef)
      continue;
    access.view = viewOf(rewriter, loc, operand, flat);
    if (!access.view)
      return rewriter.notifyMatchFailure(op, "an operand whose leading "
                                             "dimensions cannot be collapsed");
    auto [strides, offset] =
        cast<MemRefType>(access.view.getType()).getStridesAndOffset();
    access.unitStride = strides.back() == 1;
    if (access.pairLow) {
      access.pairView =
          viewOf(rewriter, loc, pairSourceView(rewriter, loc, operand), flat);
      if (!access.pairView)
        return rewriter.notifyMatchFailure(op, "an interleaved pair whose "
                                               "leading dimensions cannot be "
                                               "collapsed");
    }
  }
  // Whether the vector path exists at all: every memref operand is unit
  // stride or half of a pair.
  bool vectorizable = llvm::all_of(accesses, [](const Access &a) {
    return !a.isMemRef || a.unitStride || a.pairLow || a.pairHigh;
  });

  // Host: the sizes of the iteration space and the grid.
  Value firstView =
      llvm::find_if(accesses, [](const Access &a) { return a.isMemRef; })->view;
  auto index = [&](int64_t v) { return indexConstant(rewriter, loc, v); };
  Value columns = getValueOrCreateConstantIndexOp(
      rewriter, loc,
      memref::getMixedSize(rewriter, loc, firstView, flat ? 0 : 1));
  Value rows = flat ? Value()
                    : getValueOrCreateConstantIndexOp(
                          rewriter, loc,
                          memref::getMixedSize(rewriter, loc, firstView, 0));
  Value vectorWidth = index(width);
  Value tilesPerRow =
      arith::CeilDivUIOp::create(rewriter, loc, columns, vectorWidth);
  Value tiles =
      flat
          ? tilesPerRow
          : arith::MulIOp::create(rewriter, loc, rows, tilesPerRow).getResult();
  Value threads = index(blockSize);
  Value blocks = arith::CeilDivUIOp::create(rewriter, loc, tiles, threads);
  // At most 2^31 - 1 blocks (the x limit), or `max-blocks` (testing: a
  // grid smaller than the work, so that the grid-stride loop wraps around).
  int64_t limit = std::numeric_limits<int32_t>::max();
  if (maxBlocks > 0)
    limit = std::min(limit, maxBlocks);
  blocks = arith::MinUIOp::create(rewriter, loc, blocks, index(limit));
  blocks = arith::MaxUIOp::create(rewriter, loc, blocks, index(1));
  Value one = index(1);
  auto launch =
      gpu::LaunchOp::create(rewriter, loc, blocks, one, one, threads, one, one);

  // Device: a grid-stride loop over tiles.
  Block &launchBody = launch.getBody().front();
  rewriter.setInsertionPointToStart(&launchBody);
  Value first = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, launch.getBlockIds().x,
                            launch.getBlockSize().x),
      launch.getThreadIds().x);
  Value step = arith::MulIOp::create(rewriter, loc, launch.getGridSize().x,
                                     launch.getBlockSize().x);
  gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPointToStart(&launchBody);
  rewriter.setInsertionPointAfterValue(step);
  auto loop = scf::ForOp::create(rewriter, loc, first, tiles, step);
  rewriter.setInsertionPointToStart(loop.getBody());
  Value tile = loop.getInductionVar();
  Value row, tileInRow = tile;
  if (!flat) {
    row = arith::DivUIOp::create(rewriter, loc, tile, tilesPerRow);
    tileInRow = arith::RemUIOp::create(rewriter, loc, tile, tilesPerRow);
  }
  Value column = arith::MulIOp::create(rewriter, loc, tileInRow, vectorWidth);
  Value left = arith::SubIOp::create(rewriter, loc, columns, column);
  auto at = [&](Value col) -> SmallVector<Value> {
    if (flat)
      return {col};
    return {row, col};
  };

  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());

  // The vector path: whole tiles whose every access is aligned. One wide
  // load per operand (one of twice the width for an interleaved pair), the
  // scalar body once per lane, lane after lane (only one lane's temporaries
  // are live at a time: computing all lanes op by op on vectors needs up to
  // three times the registers), one wide store per output.
  auto vectorPath = [&](OpBuilder &b, Location l) {
    Value pairColumn =
        arith::MulIOp::create(b, l, column, indexConstant(b, l, 2));
    // Where each operand's lane k is: element stride * k + offset of a
    // loaded vector.
    struct Lanes {
      Value vector;
      int64_t stride = 1, offset = 0;
    };
    SmallVector<Lanes> lanes(numOperands);
    auto used = [&](unsigned i) {
      return i < numInputs || !body.getArgument(i).use_empty();
    };
    for (auto [i, access] : llvm::enumerate(accesses)) {
      if (!access.isMemRef || access.pairHigh)
        continue;
      Type element = cast<MemRefType>(access.view.getType()).getElementType();
      if (access.pairLow) {
        if (!used(i) && !used(access.partner))
          continue;
        Value both = vector::LoadOp::create(
            b, l, VectorType::get({2 * width}, element), access.pairView,
            at(pairColumn), /*nontemporal=*/false,
            llvm::MaybeAlign(
                alignmentOf(2 * width * access.bytes, vectorBytes)));
        lanes[i] = {both, 2, 0};
        lanes[access.partner] = {both, 2, 1};
        continue;
      }
      if (!used(i))
        continue;
      lanes[i] = {
          vector::LoadOp::create(
              b, l, VectorType::get({width}, element), access.view, at(column),
              /*nontemporal=*/false,
              llvm::MaybeAlign(alignmentOf(width * access.bytes, vectorBytes))),
          1, 0};
    }
    // results[j][k]: output j's value in lane k.
    unsigned numOutputs = op.getNumDpsInits();
    SmallVector<SmallVector<Value>> results(numOutputs);
    for (int64_t k = 0; k < width; ++k) {
      IRMapping map;
      for (auto [i, access] : llvm::enumerate(accesses)) {
        BlockArgument arg = body.getArgument(i);
        if (!access.isMemRef)
          map.map(arg, op->getOperand(i));
        else if (lanes[i].vector)
          map.map(arg, vector::ExtractOp::create(
                           b, l, lanes[i].vector,
                           ArrayRef<int64_t>{lanes[i].stride * k +
                                             lanes[i].offset}));
      }
      for (Operation &bodyOp : body.without_terminator())
        b.clone(bodyOp, map);
      for (unsigned j = 0; j < numOutputs; ++j)
        results[j].push_back(map.lookupOrDefault(yield.getOperand(j)));
    }
    for (unsigned j = 0; j < numOutputs; ++j) {
      const Access &access = accesses[numInputs + j];
      if (access.pairHigh)
        continue;
      Type element = cast<MemRefType>(access.view.getType()).getElementType();
      if (access.pairLow) {
        SmallVector<Value> both;
        for (int64_t k = 0; k < width; ++k)
          both.append({results[j][k], results[access.partner - numInputs][k]});
        Value vector = vector::FromElementsOp::create(
            b, l, VectorType::get({2 * width}, element), both);
        vector::StoreOp::create(b, l, vector, access.pairView, at(pairColumn),
                                /*nontemporal=*/false,
                                llvm::MaybeAlign(alignmentOf(
                                    2 * width * access.bytes, vectorBytes)));
        continue;
      }
      Value vector = vector::FromElementsOp::create(
          b, l, VectorType::get({width}, element), results[j]);
      vector::StoreOp::create(
          b, l, vector, access.view, at(column), /*nontemporal=*/false,
          llvm::MaybeAlign(alignmentOf(width * access.bytes, vectorBytes)));
    }
    scf::YieldOp::create(b, l);
  };

  // The scalar path: the ragged end of a row, or a misaligned tile.
  auto scalarPath = [&](OpBuilder &b, Location l, bool terminate) {
    Value count = arith::MinUIOp::create(b, l, left, vectorWidth);
    Value zero = indexConstant(b, l, 0);
    auto inner = scf::ForOp::create(b, l, zero, count, indexConstant(b, l, 1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(inner.getBody());
    Value col = arith::AddIOp::create(b, l, column, inner.getInductionVar());
    IRMapping map;
    for (auto [i, access] : llvm::enumerate(accesses)) {
      BlockArgument arg = body.getArgument(i);
      if (!access.isMemRef) {
        map.map(arg, op->getOperand(i));
        continue;
      }
      if (i >= numInputs && arg.use_empty())
        continue;
      map.map(arg, memref::LoadOp::create(b, l, access.view, at(col)));
    }
    for (Operation &bodyOp : body.without_terminator())
      b.clone(bodyOp, map);
    for (unsigned k = 0; k < op.getNumDpsInits(); ++k)
      memref::StoreOp::create(b, l, map.lookupOrDefault(yield.getOperand(k)),
                              accesses[numInputs + k].view, at(col));
    b.setInsertionPointAfter(inner);
    if (terminate)
      scf::YieldOp::create(b, l);
  };

  if (!vectorizable) {
    scalarPath(rewriter, loc, /*terminate=*/false);
  } else {
    Value whole = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::uge, left, vectorWidth);
    Value ok = whole;
    Value pairColumn = arith::MulIOp::create(rewriter, loc, column, index(2));
    for (const Access &access : accesses) {
      if (!access.isMemRef || access.pairHigh)
        continue;
      int64_t bytes = (access.pairLow ? 2 : 1) * width * access.bytes;
      int64_t alignment = alignmentOf(bytes, vectorBytes);
      if (alignment <= access.bytes)
        continue; // element alignment: always true
      Value address = access.pairLow ? addressOf(rewriter, loc, access.pairView,
                                                 at(pairColumn), access.bytes)
                                     : addressOf(rewriter, loc, access.view,
                                                 at(column), access.bytes);
      Value misalignment =
          arith::AndIOp::create(rewriter, loc, address, index(alignment - 1));
      Value aligned = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, misalignment, index(0));
      ok = arith::AndIOp::create(rewriter, loc, ok, aligned);
    }
    scf::IfOp::create(
        rewriter, loc, ok, vectorPath,
        [&](OpBuilder &b, Location l) { scalarPath(b, l, true); });
  }
  rewriter.eraseOp(op);
  return success();
}

void mlir::glu::populateGluElementwiseToGPUPatterns(RewritePatternSet &patterns,
                                                    int64_t blockSize,
                                                    int64_t vectorBytes,
                                                    int64_t maxBlocks) {
  patterns.add<GeneralizeElementwise, CopyToLinalg>(patterns.getContext());
  patterns.add<MapElementwiseToLaunch>(patterns.getContext(), blockSize,
                                       vectorBytes, maxBlocks);
}

namespace {
struct GluMapElementwiseToGPUPass
    : glu::impl::GluMapElementwiseToGPUBase<GluMapElementwiseToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    if (vectorBytes <= 0 || !llvm::isPowerOf2_64(vectorBytes)) {
      getOperation().emitError()
          << "glu-gpu-map-elementwise: vector-bytes must be a power of two, "
             "got "
          << static_cast<int64_t>(vectorBytes);
      return signalPassFailure();
    }
    if (blockSize <= 0 || blockSize > 1024) {
      getOperation().emitError()
          << "glu-gpu-map-elementwise: block-size must be in [1, 1024], got "
          << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    if (maxBlocks < 0) {
      getOperation().emitError()
          << "glu-gpu-map-elementwise: max-blocks must be >= 0, got "
          << static_cast<int64_t>(maxBlocks);
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populateGluElementwiseToGPUPatterns(patterns, blockSize, vectorBytes,
                                        maxBlocks);
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace
