//===- DefectModels.cpp - The mutation suite's wrong models ---------------===//
//
// Each defect is made of models registered ahead of the real ones (the
// first model attached to an op wins): wrong derivative rules for the
// arith ops, or a bufferization of the glu ops that lowers them through
// the library's own code (bufferizeGluOp) with a wrong definition, or
// rewrites what that lowering just built.
//
//===----------------------------------------------------------------------===//

#include "Defects/Defects.h"

#include "GluDialect/Definitions/FloatBuilder.h"
#include "GluDialect/Definitions/GluDefinitions.h"
#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/DialectRegistry.h"

#include <cmath>

using namespace mlir;
using namespace mlir::glu;
using namespace mlir::bufferization;

namespace {
//===----------------------------------------------------------------------===//
// Derivative rules
//===----------------------------------------------------------------------===//

/// dropped-term: y = a / b gives da = dy / b and forgets db = -da * y.
struct DroppedTermDivF
    : DifferentiableOpInterface::ExternalModel<DroppedTermDivF, arith::DivFOp> {
  LogicalResult emitVJP(Operation *op, OpBuilder &builder,
                        ArrayRef<Value> resultCotangents,
                        SmallVectorImpl<Value> &operandCotangents) const {
    operandCotangents.assign(op->getNumOperands(), Value());
    if (Value dy = resultCotangents[0]) {
      FloatBuilder fb(builder, op->getLoc());
      operandCotangents[0] = fb.div(dy, op->getOperand(1));
    }
    return success();
  }
};

/// wrong-kink-side: a two-way choice whose ties send the gradient to the
/// second operand (`toSecond` holds at a == b), where the real rules keep it
/// on the first.
template <typename OpT, arith::CmpFPredicate toSecond>
struct WrongKinkSide
    : DifferentiableOpInterface::ExternalModel<WrongKinkSide<OpT, toSecond>,
                                               OpT> {
  LogicalResult emitVJP(Operation *op, OpBuilder &builder,
                        ArrayRef<Value> resultCotangents,
                        SmallVectorImpl<Value> &operandCotangents) const {
    operandCotangents.assign(op->getNumOperands(), Value());
    Value dy = resultCotangents[0];
    if (!dy)
      return success();
    FloatBuilder fb(builder, op->getLoc());
    Value second = fb.cmp(toSecond, op->getOperand(0), op->getOperand(1));
    Value zero = fb.zerosLike(dy);
    operandCotangents[0] = fb.select(second, zero, dy);
    operandCotangents[1] = fb.select(second, dy, zero);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The glu ops' lowering
//===----------------------------------------------------------------------===//

/// Whether `value` is a variant constant (what the definitions name: the
/// GELU and erf scales, QUICK, alpha, ...) rather than a structural one (0,
/// a power of two, an integer bound or shift).
bool isVariantConstant(double value) {
  if (value == 0 || !std::isfinite(value) || value == std::trunc(value))
    return false;
  int exponent;
  return std::frexp(std::fabs(value), &exponent) != 0.5;
}

/// constant-off: the definition, with every variant constant it emits 5%
/// off.
Value constantOffDefinition(FloatBuilder &fb, const GluProgram &program,
                            Value x, Value g) {
  OpBuilder &b = fb.builder();
  Block *block = b.getInsertionBlock();
  Block::iterator end = b.getInsertionPoint();
  Operation *before = end == block->begin() ? nullptr : &*std::prev(end);
  Value y = buildGluDefinition(fb, program, x, g);
  Block::iterator begin =
      before ? std::next(Block::iterator(before)) : block->begin();
  for (Operation &op : llvm::make_range(begin, b.getInsertionPoint()))
    op.walk([](arith::ConstantOp cst) {
      auto attr = dyn_cast<FloatAttr>(cst.getValue());
      if (!attr || !isVariantConstant(attr.getValueAsDouble()))
        return;
      float off = float(attr.getValueAsDouble()) * 1.05f;
      cst.setValueAttr(FloatAttr::get(attr.getType(), off));
    });
  return y;
}

/// unrounded-dg: two_round differentiated as if act were not rounded.
Value unroundedDefinition(FloatBuilder &fb, const GluProgram &program, Value x,
                          Value g) {
  GluProgram unrounded = program;
  if (unrounded.rounding == Rounding::two_round)
    unrounded.rounding = Rounding::one_round;
  return buildGluDefinition(fb, unrounded, x, g);
}

/// The bufferization of glu.glu and glu.glu_back (the analysis answers of
/// the real model, from its base), lowered with the defect.
template <typename OpT>
struct DefectiveGluOpBufferization
    : GluOpBufferizationBase<DefectiveGluOpBufferization<OpT>, OpT> {
  /// The defect; one per process, like the registry that holds the model.
  static inline test::Defect defect = test::Defect::None;

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    GluDefinitionFn definition = buildGluDefinition;
    if (defect == test::Defect::ConstantOff)
      definition = constantOffDefinition;
    if (defect == test::Defect::UnroundedDg && isa<GluBackOp>(op))
      definition = unroundedDefinition;
    Block *block = op->getBlock();
    Operation *before = op->getPrevNode(), *after = op->getNextNode();
    // Asked before the lowering, which erases op.
    auto back = dyn_cast<GluBackOp>(op);
    bool fusedBack = back && back.isFused();
    if (failed(bufferizeGluOp(op, rewriter, options, state, definition)))
      return failure();
    if (!fusedBack)
      return success();
    // What the lowering of a fused glu_back built, between its neighbours.
    Block::iterator begin =
        before ? std::next(Block::iterator(before)) : block->begin();
    Block::iterator end = after ? Block::iterator(after) : block->end();
    for (Operation &built :
         llvm::make_early_inc_range(llvm::make_range(begin, end))) {
      // tail-not-written: the zero fill of the unread trailing element.
      if (defect == test::Defect::TailNotWritten &&
          isa<linalg::FillOp>(built)) {
        rewriter.eraseOp(&built);
        continue;
      }
      // swapped-halves: the gate gradient written where the up half lives.
      auto generic = dyn_cast<linalg::GenericOp>(built);
      if (defect == test::Defect::SwappedHalves && generic &&
          generic.getNumDpsInits() == 2) {
        Value gateAt = generic.getDpsInits()[0];
        Value upAt = generic.getDpsInits()[1];
        rewriter.modifyOpInPlace(generic, [&] {
          generic.getDpsInitsMutable()[0].set(upAt);
          generic.getDpsInitsMutable()[1].set(gateAt);
        });
      }
    }
    return success();
  }
};
} // namespace

void mlir::glu::test::registerDefect(DialectRegistry &registry, Defect defect) {
  switch (defect) {
  case Defect::None:
    return;
  case Defect::DroppedTerm:
    registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
      arith::DivFOp::attachInterface<DroppedTermDivF>(*ctx);
    });
    return;
  case Defect::WrongKinkSide:
    registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *) {
      arith::MinimumFOp::attachInterface<
          WrongKinkSide<arith::MinimumFOp, arith::CmpFPredicate::OGE>>(*ctx);
      arith::MaximumFOp::attachInterface<
          WrongKinkSide<arith::MaximumFOp, arith::CmpFPredicate::OLE>>(*ctx);
    });
    return;
  case Defect::ConstantOff:
  case Defect::SwappedHalves:
  case Defect::TailNotWritten:
  case Defect::UnroundedDg:
    DefectiveGluOpBufferization<GluOp>::defect = defect;
    DefectiveGluOpBufferization<GluBackOp>::defect = defect;
    registry.addExtension(+[](MLIRContext *ctx, GluDialect *) {
      GluOp::attachInterface<DefectiveGluOpBufferization<GluOp>>(*ctx);
      GluBackOp::attachInterface<DefectiveGluOpBufferization<GluBackOp>>(*ctx);
    });
    return;
  }
}
