//===- SplatsToFills.cpp - Large splat constants filled at run time -------===//
//
// A splat tensor constant bufferizes to a global of its full size; a fill
// costs one vectorized pass at run time and nothing in the object file.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUSPLATSTOFILLS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// The byte size of a static tensor type, saturated at UINT64_MAX.
uint64_t byteSize(RankedTensorType type) {
  uint64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), uint64_t(8));
  for (int64_t dim : type.getShape())
    bytes = llvm::SaturatingMultiply(bytes, uint64_t(dim));
  return bytes;
}

struct GluSplatsToFillsPass
    : glu::impl::GluSplatsToFillsBase<GluSplatsToFillsPass> {
  using Base::Base;
  void runOnOperation() override {
    getOperation().walk([&](arith::ConstantOp constant) {
      auto type = dyn_cast<RankedTensorType>(constant.getType());
      auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
      // An encoded tensor (sparse, ...) keeps its own materialization.
      if (!type || !splat || !type.hasStaticShape() || type.getEncoding() ||
          !type.getElementType().isIntOrFloat() || byteSize(type) < minBytes)
        return;
      OpBuilder b(constant);
      Location loc = constant.getLoc();
      Value element = arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(splat.getSplatValue<Attribute>()));
      Value empty = tensor::EmptyOp::create(b, loc, type.getShape(),
                                            type.getElementType());
      Value fill = linalg::FillOp::create(b, loc, element, empty).result();
      constant.replaceAllUsesWith(fill);
      constant.erase();
    });
  }
};
} // namespace
