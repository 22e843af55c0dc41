//===- SelectProduct.cpp - One select after a product of selected factors -===//
//
// reglu selects both factors of its product with one condition. Where a
// factor is an f16 value just loaded, LLVM's x86 backend folds the select
// into a zero-masked conversion load (vcvtph2ps mem, zmm{k}{z}), and a
// stream read only by masked loads ran at half the speed of plain loads on
// Zen 5 at large sizes (docs/performance.md). Selecting the product
// instead gives the same bits (+0 * +0 = +0 where the condition is false)
// and leaves the loads plain.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUSELECTPRODUCT
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// `select(c, v, +0)`'s condition and `v`, or nulls.
std::pair<Value, Value> selectedFactor(Value v) {
  auto select = v.getDefiningOp<arith::SelectOp>();
  if (!select || !matchPattern(select.getFalseValue(), m_PosZeroFloat()))
    return {};
  return {select.getCondition(), select.getTrueValue()};
}

bool isExtFromF16(Value v) {
  auto ext = v.getDefiningOp<arith::ExtFOp>();
  return ext && getElementTypeOrSelf(ext.getIn().getType()).isF16();
}

struct GluSelectProductPass
    : glu::impl::GluSelectProductBase<GluSelectProductPass> {
  void runOnOperation() override {
    SmallVector<arith::MulFOp> products;
    getOperation()->walk([&](arith::MulFOp mul) {
      auto [c, a] = selectedFactor(mul.getLhs());
      auto [d, b] = selectedFactor(mul.getRhs());
      if (c && c == d && (isExtFromF16(a) || isExtFromF16(b)))
        products.push_back(mul);
    });
    if (products.empty())
      return markAllAnalysesPreserved();
    for (arith::MulFOp mul : products) {
      auto lhs = mul.getLhs().getDefiningOp<arith::SelectOp>();
      auto rhs = mul.getRhs().getDefiningOp<arith::SelectOp>();
      OpBuilder b(mul);
      // The product's own flags: the factors differ, the operation not.
      auto product =
          arith::MulFOp::create(b, mul.getLoc(), lhs.getTrueValue(),
                                rhs.getTrueValue(), mul.getFastmathAttr());
      mul.replaceAllUsesWith(
          arith::SelectOp::create(b, mul.getLoc(), lhs.getCondition(), product,
                                  lhs.getFalseValue())
              .getResult());
      mul.erase();
      if (lhs->use_empty())
        lhs->erase();
      if (rhs != lhs && rhs->use_empty())
        rhs->erase();
    }
  }
};
} // namespace
