//===- BufferizableOpInterfaceImpl.cpp - Bufferization of glu ops ---------===//
//
// glu.glu and glu.glu_back read their operands and produce new values: they
// bufferize to allocations, filled by the same lowering as glu-expand-ops
// but on buffers (memref.subview instead of tensor slices). Writing each
// half of a fused gradient straight into its subview is what tensor-level
// bufferization cannot prove safe, hence this direct route. glu.round on
// tensors bufferizes in place, elementwise.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"

#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Transforms/Expand.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::glu;
using namespace mlir::bufferization;

namespace {
template <typename OpT>
struct GluOpBufferization
    : GluOpBufferizationBase<GluOpBufferization<OpT>, OpT> {
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    return bufferizeGluOp(op, rewriter, options, state, buildGluDefinition);
  }
};

/// glu.round (and glu.gelu_table) on a tensor is elementwise: like a
/// destination-style op it writes its result over its operand's buffer
/// (one-shot analysis copies the operand first where that buffer is still
/// needed), with one linalg.generic whose body is the op on each element.
template <typename OpT>
struct UnaryElementwiseBufferization
    : BufferizableOpInterface::ExternalModel<UnaryElementwiseBufferization<OpT>,
                                             OpT> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const AnalysisState &) const {
    return true;
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &,
                                      const AnalysisState &) const {
    return {{op->getResult(0), BufferRelation::Equivalent}};
  }
  bool bufferizesToElementwiseAccess(Operation *, const AnalysisState &,
                                     ArrayRef<OpOperand *>) const {
    return true;
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto unary = cast<OpT>(op);
    auto type = dyn_cast<RankedTensorType>(unary.getType());
    if (!type)
      return op->emitOpError("on an unranked tensor cannot be bufferized");
    rewriter.setInsertionPoint(op);
    FailureOr<Value> buffer =
        getBuffer(rewriter, unary.getInput(), options, state);
    if (failed(buffer))
      return failure();
    SmallVector<AffineMap> maps(
        1, rewriter.getMultiDimIdentityMap(type.getRank()));
    SmallVector<utils::IteratorType> iterators(type.getRank(),
                                               utils::IteratorType::parallel);
    linalg::GenericOp::create(
        rewriter, op->getLoc(), TypeRange(), ValueRange(), ValueRange{*buffer},
        maps, iterators, [&](OpBuilder &b, Location loc, ValueRange args) {
          IRMapping scalar;
          scalar.map(unary.getInput(), args[0]);
          Operation *element = b.clone(*op, scalar);
          element->getResult(0).setType(type.getElementType());
          linalg::YieldOp::create(b, loc, element->getResult(0));
        });
    replaceOpWithBufferizedValues(rewriter, op, *buffer);
    return success();
  }
};
} // namespace

LogicalResult mlir::glu::bufferizeGluOp(Operation *op, RewriterBase &rewriter,
                                        const BufferizationOptions &options,
                                        BufferizationState &state,
                                        const GluDefinitionFn &definition) {
  rewriter.setInsertionPoint(op);
  SmallVector<Value> buffers;
  for (Value operand : op->getOperands()) {
    FailureOr<Value> buffer = getBuffer(rewriter, operand, options, state);
    if (failed(buffer))
      return failure();
    buffers.push_back(*buffer);
  }
  auto allocate = [&](OpBuilder &b, Location loc, RankedTensorType type,
                      ArrayRef<OpFoldResult> sizes) -> FailureOr<Value> {
    SmallVector<Value> dynamic;
    for (auto [dim, size] : llvm::enumerate(sizes))
      if (type.isDynamicDim(dim))
        dynamic.push_back(getValueOrCreateConstantIndexOp(b, loc, size));
    return options.createAlloc(
        b, loc, MemRefType::get(type.getShape(), type.getElementType()),
        dynamic);
  };
  FailureOr<SmallVector<Value>> results =
      lowerGluOp(rewriter, op, buffers, allocate, definition);
  if (failed(results))
    return failure();
  replaceOpWithBufferizedValues(rewriter, op, *results);
  return success();
}

void mlir::glu::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, GluDialect *) {
    GluOp::attachInterface<GluOpBufferization<GluOp>>(*ctx);
    GluBackOp::attachInterface<GluOpBufferization<GluBackOp>>(*ctx);
    RoundOp::attachInterface<UnaryElementwiseBufferization<RoundOp>>(*ctx);
    GeluTableOp::attachInterface<UnaryElementwiseBufferization<GeluTableOp>>(
        *ctx);
  });
}
