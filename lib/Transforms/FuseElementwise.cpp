//===- FuseElementwise.cpp - glu ops fused with elementwise neighbours ----===//
//
// A glu op rarely stands alone: a bias or residual add, a scale, a cast or a
// mask reads its result or feeds its operands. Bufferized apart, each is one
// more pass over memory. This pass expands (glu-expand-ops' lowering) each
// glu op that has such a neighbour, an elementwise linalg.generic on
// tensors, and merges the neighbours into its generic with upstream's
// elementwise fusion (linalg::fuseElementwiseOps). The fused body computes
// the glu's yielded value, rounded to the storage type as before, and feeds
// it to the neighbour's body in place of the loaded element: the same bits.
//
// Only small neighbours are fused (not another glu's body), and the fused
// body is capped, so that the pass stays linear in the ops of a function
// (fusing a chain of N glu ops would copy a growing body N times).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Transforms/Expand.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUFUSEELEMENTWISE
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

namespace {
/// Ops in a generic's body (its yield excluded).
unsigned bodySize(linalg::GenericOp op) {
  return op.getBody()->getOperations().size() - 1;
}

/// An elementwise generic on tensors small enough to be a neighbour (an
/// add, a scale, a cast, a mask; not another glu).
bool isNeighbour(Operation *op, unsigned maxNeighbourOps) {
  auto generic = dyn_cast_if_present<linalg::GenericOp>(op);
  return generic && generic.hasPureTensorSemantics() &&
         linalg::isElementwise(generic) && bodySize(generic) <= maxNeighbourOps;
}

/// On tensors, results start as tensor.empty (as in glu-expand-ops).
FailureOr<Value> emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                             ArrayRef<OpFoldResult> sizes) {
  SmallVector<Value> dynamic;
  for (auto [dim, size] : llvm::enumerate(sizes))
    if (type.isDynamicDim(dim))
      dynamic.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
  return tensor::EmptyOp::create(b, loc, type, dynamic).getResult();
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

struct GluFuseElementwisePass
    : glu::impl::GluFuseElementwiseBase<GluFuseElementwisePass> {
  using GluFuseElementwiseBase::GluFuseElementwiseBase;

  /// Whether the neighbour reached through `operand` may be fused with
  /// `generic`.
  bool fusable(OpOperand &operand, linalg::GenericOp producer,
               linalg::GenericOp consumer) {
    return bodySize(producer) + bodySize(consumer) <= maxFusedOps &&
           linalg::areElementwiseOpsFusable(&operand);
  }

  /// Fuses `producer` into the consumer of `operand`; returns the fused op.
  linalg::GenericOp fuse(IRRewriter &rewriter, OpOperand &operand) {
    Operation *producer = operand.get().getDefiningOp();
    Operation *consumer = operand.getOwner();
    // Where upstream's pattern builds it: at the consumer.
    rewriter.setInsertionPoint(consumer);
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
  OpOperand *fusableConsumer(IRRewriter &rewriter, linalg::GenericOp generic) {
    for (Value result : generic->getResults()) {
      freeOuts(rewriter, result, maxNeighbourOps);
      resolveDims(rewriter, result);
      if (!result.hasOneUse())
        continue;
      OpOperand &use = *result.use_begin();
      auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (isNeighbour(consumer, maxNeighbourOps) && consumer.isDpsInput(&use) &&
          fusable(use, generic, consumer))
        return &use;
    }
    return nullptr;
  }

  /// Whether `op` has a neighbour worth expanding it for.
  bool hasNeighbour(Operation *op) {
    for (Value operand : op->getOperands())
      if (isNeighbour(operand.getDefiningOp(), maxNeighbourOps) &&
          operand.hasOneUse())
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

  void runOnOperation() override {
    SmallVector<Operation *> gluOps;
    getOperation()->walk([&](Operation *op) {
      // Split operands only: a fused (packed) operand is read through
      // tensor.extract_slice (strided when interleaved) and a fused gradient
      // assembled by tensor.insert_slice, which neighbours do not fuse with
      // and which the lowering on buffers handles better (in place, lanes
      // paired).
      if (auto glu = dyn_cast<GluOp>(op); glu && !glu.isFused())
        gluOps.push_back(op);
      if (auto back = dyn_cast<GluBackOp>(op); back && !back.isFused())
        gluOps.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : gluOps) {
      if (!hasNeighbour(op))
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<SmallVector<Value>> results =
          lowerGluOp(rewriter, op, op->getOperands(), emptyTensor);
      if (failed(results)) {
        op->emitOpError("could not be expanded");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, *results);
      auto generic = (*results)[0].getDefiningOp<linalg::GenericOp>();
      while (generic) {
        if (OpOperand *input = fusableProducer(rewriter, generic))
          generic = fuse(rewriter, *input);
        else if (OpOperand *use = fusableConsumer(rewriter, generic))
          generic = fuse(rewriter, *use);
        else
          break;
      }
    }
  }
};
} // namespace
