//===- WidenBF16Pairs.cpp - bf16 pairs widened without a deinterleave -----===//
//
// A bf16 value widens to f32 by placing its 16 bits above 16 zero bits.
// The interleaved packing loads (g, up) pairs as one vector and
// deinterleaves it; widened half by half, that is a 16-bit shuffle and a
// zero extension per half, and x86-64-v3 has no 16-bit deinterleave: LLVM
// builds it from general registers (vpinsrw, 28 per 32 lanes of swiglu_oai's
// forward). Read as 32-bit words, the pairs already hold each value in
// place: the odd lane is a word's upper half (the word masked with
// 0xffff0000), the even lane its lower half (shifted left by 16), on the
// little-endian hosts glu compiles for. The same bits as arith-expand's
// bf16 extension (a shift of the zero-extended bits), NaNs included.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUWIDENBF16PAIRS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
struct WidenHalf : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp ext,
                                PatternRewriter &rewriter) const override {
    auto split = ext.getIn().getDefiningOp<vector::DeinterleaveOp>();
    auto wide = dyn_cast<VectorType>(ext.getType());
    if (!split || !wide || !wide.getElementType().isF32() ||
        !split.getSourceVectorType().getElementType().isBF16() ||
        split.getSourceVectorType().getRank() != 1 ||
        split.getSourceVectorType().isScalable())
      return failure();
    Location loc = ext.getLoc();
    auto words = wide.clone(rewriter.getI32Type());
    Value pairs =
        vector::BitCastOp::create(rewriter, loc, words, split.getSource());
    bool odd = ext.getIn() == split.getRes2();
    auto constant = [&](int64_t v) {
      return createScalarOrSplatConstant(rewriter, loc, words, v);
    };
    Value bits =
        odd ? Value(arith::AndIOp::create(rewriter, loc, pairs,
                                          constant(0xffff0000)))
            : Value(arith::ShLIOp::create(rewriter, loc, pairs, constant(16)));
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(ext, wide, bits);
    return success();
  }
};

struct GluWidenBF16PairsPass
    : glu::impl::GluWidenBF16PairsBase<GluWidenBF16PairsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WidenHalf>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
