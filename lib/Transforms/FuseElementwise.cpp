//===- FuseElementwise.cpp - glu ops fused with elementwise neighbours ----===//
//
// A glu op rarely stands alone: a bias or residual add, a scale, a cast or a
// mask reads its result or feeds its operands. Bufferized apart, each is one
// more pass over memory. This pass expands (glu-expand-ops' lowering) each
// glu op that has such a neighbour, an elementwise linalg.generic on
// tensors, and merges the neighbours into its generic with upstream's
// elementwise fusion (linalg::fuseElementwiseOps). The fused body computes
// the glu's yielded value, rounded to the storage type as before, and feeds
// it to the neighbour's body in place of the loaded element: the same bits,
// and the fused results' NaNs canonical as the glu's (canonicalizeResults).
//
// A packed operand is read through two slices, its gate and up halves
// (stride 2 when interleaved). Its producer is moved below them: computed
// on the same slices of its own inputs, one copy per half (the halves are
// disjoint, so each element is still computed once), and each copy fused
// like any other producer. Upstream's swaps of a slice with its producer
// (BubbleUpExtractSliceOpPattern, TilingInterface's result tiles) take unit
// strides and a producer read once, hence sliceProducer below. A packed
// glu_back stays apart (see hasNeighbour).
//
// Only small neighbours are fused (not another glu's body), and the fused
// body is capped, so that the pass stays linear in the ops of a function
// (fusing a chain of N glu ops would copy a growing body N times), and
// only through identity maps (see isNeighbour). Splat constants and fills the
// fused generic reads become scalars in its body (upstream's
// FoldScalarOrSplatConstant and FoldFillWithGenericOp): read as tensors, they
// would bufferize to full-size buffers (a constant one to a global of the
// tensor's size). A glu op that reads a splat is expanded for it alone, so
// that it reads a scalar (a 65536x65536 splat up operand was a 16 GiB
// global, or a buffer of that size filled at run time).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Transforms/Expand.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUFUSEELEMENTWISE
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

namespace {
/// The fused body's f16, bf16, f32 and f64 results stored as the canonical
/// quiet NaN where NaN, as the glu's own (docs/semantics.md decision 14): a
/// neighbour's result is computed from the glu's, and once the two are one
/// body LLVM may take another NaN for the glu's canonical one (a payload is
/// unspecified): a scale of a NaN result kept the up value's payload on
/// the host and not in the GPU code.
void canonicalizeResults(IRRewriter &rewriter, linalg::GenericOp generic) {
  Operation *yield = generic.getBody()->getTerminator();
  rewriter.setInsertionPoint(yield);
  Location loc = yield->getLoc();
  for (OpOperand &operand : yield->getOpOperands()) {
    Value v = operand.get();
    Type type = v.getType();
    if (!type.isF16() && !type.isBF16() && !type.isF32() && !type.isF64())
      continue;
    // The glu's own result (canonicalNaN's select of the NaN constant).
    APFloat constant(0.0);
    if (auto select = v.getDefiningOp<arith::SelectOp>();
        select &&
        matchPattern(select.getTrueValue(), m_ConstantFloat(&constant)) &&
        constant.isNaN())
      continue;
    operand.set(canonicalNaN(rewriter, loc, v, v));
  }
}

/// Ops in a generic's body (its yield excluded).
unsigned bodySize(linalg::GenericOp op) {
  return op.getBody()->getOperations().size() - 1;
}

/// An elementwise generic on tensors small enough to be a neighbour (an
/// add, a scale, a cast, a mask; not another glu), every map the identity:
/// fused, the generic keeps the shape glu-vectorize-elementwise
/// parallelizes and vectorizes, and no neighbour is computed once per
/// element of a broadcast.
bool isNeighbour(Operation *op, unsigned maxNeighbourOps) {
  auto generic = dyn_cast_if_present<linalg::GenericOp>(op);
  return generic && generic.hasPureTensorSemantics() &&
         linalg::isElementwise(generic) &&
         llvm::all_of(generic.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); }) &&
         bodySize(generic) <= maxNeighbourOps;
}

/// A tensor every element of which is one scalar: a splat constant or a
/// fill (upstream's FoldScalarOrSplatConstant and FoldFillWithGenericOp
/// fold them into a generic's body).
bool isSplat(Value value) {
  if (auto fill = value.getDefiningOp<linalg::FillOp>())
    return fill.hasPureTensorSemantics();
  DenseElementsAttr dense;
  return matchPattern(value, m_Constant(&dense)) && dense.isSplat();
}

/// The sizes of a result of a destination-style op are those of its init:
/// tensor.dim of `value` reads them there, so that the sizes do not keep the
/// op alive once fused.
void resolveDims(RewriterBase &rewriter, Value value) {
  auto result = dyn_cast<OpResult>(value);
  auto dps = value.getDefiningOp<DestinationStyleOpInterface>();
  if (!result || !dps)
    return;
  Value init = dps.getTiedOpOperand(result)->get();
  for (OpOperand &use : llvm::make_early_inc_range(value.getUses()))
    if (auto dim = dyn_cast<tensor::DimOp>(use.getOwner()))
      rewriter.modifyOpInPlace(dim, [&] { use.set(init); });
}

/// Neighbours that write into `value` without reading it (as
/// convert-elementwise-to-linalg makes an arith op write into its first
/// operand) write into a tensor.empty instead, as upstream's fusion
/// patterns do (RemoveOutsDependency): `value` then has one reader.
void freeOuts(RewriterBase &rewriter, Value value, unsigned maxNeighbourOps) {
  for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
    auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!isNeighbour(generic, maxNeighbourOps) || !generic.isDpsInit(&use) ||
        !generic.getMatchingBlockArgument(&use).use_empty())
      continue;
    rewriter.setInsertionPoint(generic);
    auto type = cast<RankedTensorType>(value.getType());
    Value empty = tensor::EmptyOp::create(
        rewriter, generic.getLoc(),
        tensor::getMixedSizes(rewriter, generic.getLoc(), value),
        type.getElementType());
    rewriter.modifyOpInPlace(generic, [&] { use.set(empty); });
    resolveDims(rewriter, value);
  }
}

/// The slices through which packed operands' halves are read (made by the
/// expansion, or by sliceProducer from such slices): the slices of one
/// value among them are disjoint.
using HalfSlices = DenseSet<Operation *>;

/// Whether `value` (the producer's first operand, whose sizes are its
/// loops') has no element: upstream checks nothing then, and the loops read
/// nothing.
Value nothingRead(RewriterBase &rewriter, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Value none = arith::ConstantIntOp::create(rewriter, loc, 0, 1);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d)) {
      if (type.getDimSize(d) == 0)
        return arith::ConstantIntOp::create(rewriter, loc, 1, 1);
      continue;
    }
    Value size = tensor::DimOp::create(rewriter, loc, value, d);
    none = arith::OrIOp::create(rewriter, loc, none,
                                arith::CmpIOp::create(rewriter, loc,
                                                      arith::CmpIPredicate::eq,
                                                      size, zero));
  }
  return none;
}

/// The checks generate-runtime-verification would have made of `producer`
/// (its operands' sizes agree; identity maps), in its words: once computed
/// on slices, its operands are read through slices of one size and the
/// linalg op that would check them is gone (a mis-sized input was read
/// silently).
void checkOperandSizes(RewriterBase &rewriter, linalg::GenericOp producer) {
  rewriter.setInsertionPoint(producer);
  Location loc = producer.getLoc();
  std::string where;
  llvm::raw_string_ostream os(where);
  loc.print(os);
  Value first = producer->getOperand(0);
  auto firstType = cast<RankedTensorType>(first.getType());
  Value empty; // nothingRead(first), made with the first check
  for (OpOperand &operand : producer->getOpOperands()) {
    // The first operand gives the loops' sizes (as the same tensor again
    // does: `a + a`).
    if (operand.get() == first)
      continue;
    auto type = cast<RankedTensorType>(operand.get().getType());
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d) && !firstType.isDynamicDim(d))
        continue;
      Value want = getValueOrCreateConstantIndexOp(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, first, d));
      Value have = getValueOrCreateConstantIndexOp(
          rewriter, loc, tensor::getMixedSize(rewriter, loc, operand.get(), d));
      Value same = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::eq, have, want);
      if (!empty)
        empty = nothingRead(rewriter, loc, first);
      cf::AssertOp::create(
          rewriter, loc, arith::OrIOp::create(rewriter, loc, same, empty),
          ("ERROR: Runtime op verification failed\n^ dimension #" + Twine(d) +
           " of input/output operand #" + Twine(operand.getOperandNumber()) +
           " is incompatible with inferred dimension size\nLocation: " + where)
              .str());
    }
  }
}

/// Replaces `slice`, a slice of the result of `producer` (a neighbour, one
/// result), by `producer` computed on the same slices of its operands.
void sliceProducer(RewriterBase &rewriter, tensor::ExtractSliceOp slice,
                   linalg::GenericOp producer, HalfSlices &halves) {
  rewriter.setInsertionPoint(slice);
  Location loc = slice.getLoc();
  SmallVector<OpFoldResult> offsets = slice.getMixedOffsets(),
                            sizes = slice.getMixedSizes(),
                            strides = slice.getMixedStrides();
  SmallVector<Value> inputs;
  for (Value input : producer.getDpsInputs()) {
    auto part = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets,
                                               sizes, strides);
    halves.insert(part);
    inputs.push_back(part);
  }
  OpOperand &init = producer.getDpsInitsMutable()[0];
  Value sliceInit =
      producer.getMatchingBlockArgument(&init).use_empty()
          ? tensor::EmptyOp::create(rewriter, loc, sizes,
                                    slice.getType().getElementType())
                .getResult()
          : tensor::ExtractSliceOp::create(rewriter, loc, init.get(), offsets,
                                           sizes, strides)
                .getResult();
  auto sliced = linalg::GenericOp::create(
      rewriter, loc, TypeRange{slice.getType()}, inputs, sliceInit,
      producer.getIndexingMapsArray(), producer.getIteratorTypesArray());
  rewriter.cloneRegionBefore(producer.getRegion(), sliced.getRegion(),
                             sliced.getRegion().begin());
  // linalg.index now counts from the slice's start: the producer's from
  // its operand's (a bias by column, a gather of a table).
  SmallVector<linalg::IndexOp> indices;
  sliced.getRegion().walk([&](linalg::IndexOp op) { indices.push_back(op); });
  for (linalg::IndexOp index : indices) {
    uint64_t d = index.getDim();
    if (isZeroInteger(offsets[d]) && isOneInteger(strides[d]))
      continue;
    rewriter.setInsertionPoint(sliced);
    Value offset = getValueOrCreateConstantIndexOp(rewriter, loc, offsets[d]);
    Value stride = getValueOrCreateConstantIndexOp(rewriter, loc, strides[d]);
    rewriter.setInsertionPointAfter(index);
    auto scaled = arith::MulIOp::create(rewriter, loc, index, stride);
    Value global = arith::AddIOp::create(rewriter, loc, scaled, offset);
    rewriter.replaceAllUsesExcept(index, global, scaled);
  }
  rewriter.replaceOp(slice, sliced->getResults());
}

/// `slice`, of a splat (a packed operand's half of a constant or a fill),
/// as a fill of its own sizes, which becomes a scalar in the body: a
/// tensor constant read by the body became a global (of the halves' full
/// size), which the GPU kernels cannot read.
void fillSliceOfSplat(RewriterBase &rewriter, tensor::ExtractSliceOp slice) {
  Location loc = slice.getLoc();
  rewriter.setInsertionPoint(slice);
  Value scalar;
  if (auto fill = slice.getSource().getDefiningOp<linalg::FillOp>()) {
    scalar = fill.getDpsInputs()[0];
  } else {
    DenseElementsAttr dense;
    if (!matchPattern(slice.getSource(), m_Constant(&dense)))
      return;
    scalar = arith::ConstantOp::create(rewriter, loc,
                                       dense.getSplatValue<TypedAttr>());
  }
  Value empty = tensor::EmptyOp::create(rewriter, loc, slice.getMixedSizes(),
                                        slice.getType().getElementType());
  rewriter.replaceOp(slice,
                     linalg::FillOp::create(rewriter, loc, scalar, empty));
}

/// Forgets the ops a rewriter erases (an address may come back as a new
/// op).
struct ForgetErased : RewriterBase::Listener {
  SmallVector<DenseSet<Operation *> *> sets;
  void notifyOperationErased(Operation *op) override {
    for (DenseSet<Operation *> *set : sets)
      set->erase(op);
  }
};

struct GluFuseElementwisePass
    : glu::impl::GluFuseElementwiseBase<GluFuseElementwisePass> {
  using GluFuseElementwiseBase::GluFuseElementwiseBase;

  HalfSlices halves;
  /// The expanded glu op's body and the max-fused-ops its neighbours may
  /// add (a cap on the whole body left the f32 backwards of geglu,
  /// geglu_erf and swiglu_oai, 320-340 ops alone, unfused).
  unsigned largestBody = 0;

  /// Whether the neighbour reached through `operand` may be fused with
  /// `generic`.
  bool fusable(OpOperand &operand, linalg::GenericOp producer,
               linalg::GenericOp consumer) {
    return bodySize(producer) + bodySize(consumer) <= largestBody &&
           linalg::areElementwiseOpsFusable(&operand);
  }

  /// The producer `generic` reads through `input`, a half slice, if it is a
  /// neighbour read only through half slices that only `generic` reads
  /// (each of its elements is then read once), and small enough to be
  /// copied for each.
  linalg::GenericOp slicedProducer(IRRewriter &rewriter, OpOperand *input,
                                   linalg::GenericOp generic) {
    auto slice = input->get().getDefiningOp<tensor::ExtractSliceOp>();
    if (!slice || !halves.contains(slice))
      return {};
    auto producer = slice.getSource().getDefiningOp<linalg::GenericOp>();
    if (!isNeighbour(producer, maxNeighbourOps) ||
        producer->getNumResults() != 1 ||
        slice.getSourceType().getRank() != slice.getType().getRank())
      return {};
    resolveDims(rewriter, slice.getSource());
    unsigned copies = 0;
    for (Operation *user : producer->getUsers()) {
      // A body that reads its position, computed on the interleaved halves,
      // reads it as 2j or 2j + 1: glu-vectorize-elementwise's interleaved
      // loads take elementwise bodies only, and upstream's vectorizer left
      // strided reads that do not lower (dynamic sizes).
      auto half = dyn_cast<tensor::ExtractSliceOp>(user);
      if (half && producer.hasIndexSemantics() &&
          !llvm::all_of(half.getMixedStrides(), isOneInteger))
        return {};
      if (!halves.contains(user) ||
          !llvm::all_of(user->getUsers(),
                        [&](Operation *reader) { return reader == generic; }))
        return {};
      ++copies;
    }
    if (bodySize(generic) + copies * bodySize(producer) > largestBody)
      return {};
    return producer;
  }

  /// Where the fused op of the producer of `operand` and its consumer
  /// can stand: the consumer's place (upstream's pattern builds it there)
  /// where no other result of the producer is read before it, else the
  /// producer's where the consumer's other operands are defined by then;
  /// null where neither holds. A glu_back's d_x read between the two, by
  /// an op whose result the consumer of d_g reads, fused at that consumer,
  /// was read before it was defined.
  Operation *placeOfFused(OpOperand &operand, DominanceInfo &dominance) {
    Operation *producer = operand.get().getDefiningOp();
    Operation *consumer = operand.getOwner();
    if (llvm::all_of(producer->getUses(), [&](OpOperand &use) {
          return &use == &operand ||
                 dominance.properlyDominates(consumer, use.getOwner());
        }))
      return consumer;
    // Its operands and the values its body reads from above (a scalar
    // extracted between the two) must be there at the producer's place.
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(consumer->getRegions(), above);
    if (llvm::all_of(consumer->getOpOperands(),
                     [&](OpOperand &other) {
                       return &other == &operand || dominance.properlyDominates(
                                                        other.get(), producer);
                     }) &&
        llvm::all_of(above, [&](Value value) {
          return dominance.properlyDominates(value, producer);
        }))
      return producer;
    return nullptr;
  }

  /// Fuses `producer` into the consumer of `operand`; returns the fused op.
  linalg::GenericOp fuse(IRRewriter &rewriter, OpOperand &operand,
                         DominanceInfo &dominance) {
    Operation *producer = operand.get().getDefiningOp();
    Operation *consumer = operand.getOwner();
    rewriter.setInsertionPoint(placeOfFused(operand, dominance));
    FailureOr<linalg::ElementwiseOpFusionResult> fused =
        linalg::fuseElementwiseOps(rewriter, &operand);
    if (failed(fused))
      return {};
    // As upstream's FuseElementwiseOps pattern: the consumer's results and
    // the producer's results used elsewhere now come from the fused op.
    for (auto [original, replacement] : fused->replacements)
      rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
        return use.getOwner() != producer;
      });
    rewriter.eraseOp(consumer);
    if (producer->use_empty())
      rewriter.eraseOp(producer);
    return cast<linalg::GenericOp>(fused->fusedOp);
  }

  /// A producer of `generic`'s inputs that only `generic` reads.
  OpOperand *fusableProducer(IRRewriter &rewriter, linalg::GenericOp generic) {
    for (OpOperand *input : generic.getDpsInputOperands()) {
      if (linalg::GenericOp sliced = slicedProducer(rewriter, input, generic)) {
        if (runtimeChecks)
          checkOperandSizes(rewriter, sliced);
        for (Operation *user : llvm::make_early_inc_range(sliced->getUsers()))
          sliceProducer(rewriter, cast<tensor::ExtractSliceOp>(user), sliced,
                        halves);
        rewriter.eraseOp(sliced);
      }
      Operation *producer = input->get().getDefiningOp();
      if (isNeighbour(producer, maxNeighbourOps))
        resolveDims(rewriter, input->get());
      if (isNeighbour(producer, maxNeighbourOps) && producer->hasOneUse() &&
          fusable(*input, cast<linalg::GenericOp>(producer), generic))
        return input;
    }
    return nullptr;
  }

  /// The one use of a result of `generic` by a neighbour reading it.
  OpOperand *fusableConsumer(IRRewriter &rewriter, linalg::GenericOp generic,
                             DominanceInfo &dominance) {
    for (Value result : generic->getResults()) {
      freeOuts(rewriter, result, maxNeighbourOps);
      resolveDims(rewriter, result);
      if (!result.hasOneUse())
        continue;
      OpOperand &use = *result.use_begin();
      auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
      // A consumer that reads another result of `generic` too (a
      // backward's d_x and d_g summed) stays apart: upstream's fusion keeps
      // that read as an operand, and the fused op read its own result.
      auto readsAnother = [&] {
        return llvm::any_of(consumer->getOpOperands(), [&](OpOperand &other) {
          return &other != &use && other.get().getDefiningOp() == generic;
        });
      };
      // In the glu op's block: a consumer in a loop body would compute the
      // glu op again in every iteration.
      if (isNeighbour(consumer, maxNeighbourOps) &&
          consumer->getBlock() == generic->getBlock() &&
          consumer.isDpsInput(&use) && !readsAnother() &&
          fusable(use, generic, consumer) && placeOfFused(use, dominance))
        return &use;
    }
    return nullptr;
  }

  /// Whether `op` has a neighbour worth expanding it for.
  bool hasNeighbour(Operation *op) {
    // A packed gradient is assembled from its halves by two
    // tensor.insert_slice into one tensor: one-shot bufferization cannot
    // tell the halves apart and would copy one (the op's own bufferization
    // writes both in place).
    if (auto back = dyn_cast<GluBackOp>(op); back && back.isFused())
      return false;
    // A splat operand (a constant or a fill) becomes a scalar in the
    // expanded body: no buffer of its size at all.
    for (Value operand : op->getOperands())
      if ((isNeighbour(operand.getDefiningOp(), maxNeighbourOps) &&
           operand.hasOneUse()) ||
          isSplat(operand))
        return true;
    // A result only one neighbour reads (convert-elementwise-to-linalg
    // also makes it the neighbour's init, which freeOuts replaces).
    for (Value result : op->getResults()) {
      if (result.use_empty())
        continue;
      Operation *user = result.use_begin()->getOwner();
      if (isNeighbour(user, maxNeighbourOps) &&
          llvm::all_of(result.getUsers(),
                       [&](Operation *other) { return other == user; }))
        return true;
    }
    return false;
  }

  /// Expands `op` and fuses its neighbours; returns the fused generic.
  FailureOr<linalg::GenericOp>
  expandAndFuse(IRRewriter &rewriter, Operation *op, DominanceInfo &dominance) {
    // The slices a packed operand is read through are disjoint (a user's
    // slices of a split op's operands may overlap).
    auto glu = dyn_cast<GluOp>(op);
    bool packed = glu && glu.isFused();
    rewriter.setInsertionPoint(op);
    FailureOr<SmallVector<Value>> results = expandOnTensors(rewriter, op);
    if (failed(results)) {
      op->emitOpError("could not be expanded");
      return failure();
    }
    rewriter.replaceOp(op, *results);
    // None when the operands are statically empty.
    auto generic = (*results)[0].getDefiningOp<linalg::GenericOp>();
    if (!generic)
      return generic;
    largestBody = bodySize(generic) + maxFusedOps;
    if (packed)
      for (Value input : generic.getDpsInputs())
        if (auto slice = input.getDefiningOp<tensor::ExtractSliceOp>())
          halves.insert(slice);
    bool consumers = false;
    while (true) {
      if (OpOperand *input = fusableProducer(rewriter, generic)) {
        generic = fuse(rewriter, *input, dominance);
      } else if (OpOperand *use =
                     fusableConsumer(rewriter, generic, dominance)) {
        generic = fuse(rewriter, *use, dominance);
        consumers = true;
      } else {
        if (consumers)
          canonicalizeResults(rewriter, generic);
        return generic;
      }
      if (!generic)
        return generic;
    }
  }

  void runOnOperation() override {
    SmallVector<Operation *> gluOps;
    getOperation()->walk([&](Operation *op) {
      if (isa<GluOp, GluBackOp>(op))
        gluOps.push_back(op);
    });
    DenseSet<Operation *> fused, splats;
    ForgetErased forget;
    forget.sets = {&fused, &halves, &splats};
    IRRewriter rewriter(&getContext(), &forget);
    // Ops move within blocks only: the dominator trees stay valid.
    DominanceInfo dominance(getOperation());
    for (Operation *op : gluOps) {
      if (!hasNeighbour(op))
        continue;
      FailureOr<linalg::GenericOp> generic =
          expandAndFuse(rewriter, op, dominance);
      if (failed(generic))
        return signalPassFailure();
      if (*generic)
        fused.insert(*generic);
    }
    halves.clear();
    if (fused.empty())
      return;

    // Splat constants and fills read by the fused generics become scalars
    // in their bodies (upstream's FoldScalarOrSplatConstant and
    // FoldFillWithGenericOp, with no further fusion).
    SmallVector<Operation *> generics, candidates;
    getOperation()->walk([&](linalg::GenericOp generic) {
      if (fused.contains(generic))
        generics.push_back(generic);
    });
    for (Operation *op : generics) {
      auto generic = cast<linalg::GenericOp>(op);
      for (Value input : generic.getDpsInputs())
        if (auto slice = input.getDefiningOp<tensor::ExtractSliceOp>();
            slice && isSplat(slice.getSource()) &&
            slice.getSourceType().getRank() == slice.getType().getRank()) {
          Value source = slice.getSource();
          fillSliceOfSplat(rewriter, slice);
          if (isOpTriviallyDead(source.getDefiningOp()))
            rewriter.eraseOp(source.getDefiningOp());
        }
      for (Value input : generic.getDpsInputs())
        if (Operation *def = input.getDefiningOp();
            isa_and_present<arith::ConstantOp, linalg::FillOp>(def) &&
            splats.insert(def).second)
          candidates.push_back(def);
    }
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseOpsFusionPatterns(
        patterns, [](OpOperand *) { return false; });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    config.setListener(&forget);
    (void)applyOpPatternsGreedily(generics, std::move(patterns), config);
    // A splat constant no longer read would still become a global.
    for (Operation *splat : candidates)
      if (splats.contains(splat) && isOpTriviallyDead(splat))
        rewriter.eraseOp(splat);
  }
};
} // namespace
