//===- TensorRules.cpp - Derivative rules of tensor data-movement ops
//------===//
//
// Reverse-mode rules for the tensor dialect's data movement. None of these
// ops computes: each output element is a copy of one input element (or of
// nothing), so each cotangent routes dy back to where the element came from
// and is zero where an input element was not read. Index operands (offsets,
// sizes, output shapes) get no cotangent. tensor.empty has none either: its
// operands are sizes, so it is never active and needs no rule.
//
//===----------------------------------------------------------------------===//

#include "RuleBase.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::glu;

namespace {
// y = extract_slice(x)[offsets, sizes, strides] copies a (strided) box of x:
// dx is dy written into that box of zeros, insert_slice(dy, 0) with the same
// offsets, sizes and strides (a rank-reduced dy inserts back the same way).
struct ExtractSliceRule : RuleBase<ExtractSliceRule, tensor::ExtractSliceOp> {
  static LogicalResult rule(FloatBuilder &fb, tensor::ExtractSliceOp op,
                            Value dy, SmallVectorImpl<Value> &d) {
    d[0] = tensor::InsertSliceOp::create(
        fb.builder(), fb.getLoc(), dy, fb.zerosLike(op.getSource()),
        op.getMixedOffsets(), op.getMixedSizes(), op.getMixedStrides());
    return success();
  }
};

// y = insert_slice(s into t): y is s on the box and t elsewhere. So ds is
// the box of dy, extract_slice(dy), and dt is dy with the box zeroed (t's
// values there were overwritten), insert_slice(0 into dy).
struct InsertSliceRule : RuleBase<InsertSliceRule, tensor::InsertSliceOp> {
  static LogicalResult rule(FloatBuilder &fb, tensor::InsertSliceOp op,
                            Value dy, SmallVectorImpl<Value> &d) {
    OpBuilder &b = fb.builder();
    d[0] = tensor::ExtractSliceOp::create(
        b, fb.getLoc(), op.getSourceType(), dy, op.getMixedOffsets(),
        op.getMixedSizes(), op.getMixedStrides());
    d[1] = tensor::InsertSliceOp::create(
        b, fb.getLoc(), fb.zerosLike(op.getSource()), dy, op.getMixedOffsets(),
        op.getMixedSizes(), op.getMixedStrides());
    return success();
  }
};

// y = concat(x_1, ..., x_n) along dim: x_i occupies [o_i, o_i + size_i) of
// that dim, o_i = size_1 + ... + size_{i-1}, so dx_i = dy[..., o_i:o_i+size_i,
// ...].
struct ConcatRule : RuleBase<ConcatRule, tensor::ConcatOp> {
  static LogicalResult rule(FloatBuilder &fb, tensor::ConcatOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    OpBuilder &b = fb.builder();
    Location loc = fb.getLoc();
    uint64_t dim = op.getDim();
    OpFoldResult offset = b.getIndexAttr(0);
    AffineExpr s0, s1;
    bindSymbols(b.getContext(), s0, s1);
    for (auto [i, input] : llvm::enumerate(op.getInputs())) {
      auto type = cast<RankedTensorType>(input.getType());
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, input);
      SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
      SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
      offsets[dim] = offset;
      d[i] = tensor::ExtractSliceOp::create(b, loc, type, dy, offsets, sizes,
                                            strides);
      offset = affine::makeComposedFoldedAffineApply(b, loc, s0 + s1,
                                                     {offset, sizes[dim]});
    }
    return success();
  }
};

// y = expand_shape(x) only regroups x's elements: dx = collapse_shape(dy)
// with the same reassociation.
struct ExpandShapeRule : RuleBase<ExpandShapeRule, tensor::ExpandShapeOp> {
  static LogicalResult rule(FloatBuilder &fb, tensor::ExpandShapeOp op,
                            Value dy, SmallVectorImpl<Value> &d) {
    d[0] = tensor::CollapseShapeOp::create(fb.builder(), fb.getLoc(),
                                           op.getSrcType(), dy,
                                           op.getReassociationIndices());
    return success();
  }
};

// y = collapse_shape(x): dx = expand_shape(dy) back to x's sizes.
struct CollapseShapeRule
    : RuleBase<CollapseShapeRule, tensor::CollapseShapeOp> {
  static LogicalResult rule(FloatBuilder &fb, tensor::CollapseShapeOp op,
                            Value dy, SmallVectorImpl<Value> &d) {
    OpBuilder &b = fb.builder();
    d[0] = tensor::ExpandShapeOp::create(
        b, fb.getLoc(), op.getSrcType(), dy, op.getReassociationIndices(),
        tensor::getMixedSizes(b, fb.getLoc(), op.getSrc()));
    return success();
  }
};

// y = cast(x) changes only static shape information: dx = cast(dy).
struct CastRule : RuleBase<CastRule, tensor::CastOp> {
  static LogicalResult rule(FloatBuilder &fb, tensor::CastOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d[0] = tensor::CastOp::create(fb.builder(), fb.getLoc(),
                                  op.getSource().getType(), dy);
    return success();
  }
};

// y = t[idx] (a scalar): dt is zero but dy at idx.
struct ExtractRule : RuleBase<ExtractRule, tensor::ExtractOp> {
  static LogicalResult rule(FloatBuilder &fb, tensor::ExtractOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    d[0] =
        tensor::InsertOp::create(fb.builder(), fb.getLoc(), dy,
                                 fb.zerosLike(op.getTensor()), op.getIndices());
    return success();
  }
};

// y = insert(s into t[idx]): ds = dy[idx]; dt = dy with 0 at idx.
struct InsertRule : RuleBase<InsertRule, tensor::InsertOp> {
  static LogicalResult rule(FloatBuilder &fb, tensor::InsertOp op, Value dy,
                            SmallVectorImpl<Value> &d) {
    OpBuilder &b = fb.builder();
    d[0] = tensor::ExtractOp::create(b, fb.getLoc(), dy, op.getIndices());
    d[1] = tensor::InsertOp::create(
        b, fb.getLoc(), fb.zerosLike(op.getScalar()), dy, op.getIndices());
    return success();
  }
};
} // namespace

void mlir::glu::registerTensorRules(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    tensor::ExtractSliceOp::attachInterface<ExtractSliceRule>(*ctx);
    tensor::InsertSliceOp::attachInterface<InsertSliceRule>(*ctx);
    tensor::ConcatOp::attachInterface<ConcatRule>(*ctx);
    tensor::ExpandShapeOp::attachInterface<ExpandShapeRule>(*ctx);
    tensor::CollapseShapeOp::attachInterface<CollapseShapeRule>(*ctx);
    tensor::CastOp::attachInterface<CastRule>(*ctx);
    tensor::ExtractOp::attachInterface<ExtractRule>(*ctx);
    tensor::InsertOp::attachInterface<InsertRule>(*ctx);
  });
}
