//===- BF16PairsAsWords.cpp - 16-bit pairs as 32-bit words ----------------===//
//
// The interleaved packing keeps (g, up) pairs side by side: a vector of
// pairs read as 32-bit words holds the even lane in each word's lower 16
// bits and the odd lane in its upper 16 bits (on the little-endian hosts
// glu compiles for). Both ends of a bf16 kernel on such pairs are bit
// placements that integer ops on the words do without a 16-bit shuffle:
//
// - Widening. A bf16 value widens to f32 by placing its 16 bits above 16
//   zero bits: the odd half is the word masked with 0xffff0000, the even
//   half the word shifted left by 16. The same bits as arith-expand's
//   extension (a shift of the zero-extended bits), NaNs included. Without
//   this, x86-64-v3 (no 16-bit deinterleave) built each half from general
//   registers (vpinsrw, 28 per 32 lanes of swiglu_oai's forward).
// - Narrowing. glu-round-to-bf16 leaves each rounded value in the upper
//   half of an i32 (shifted down and truncated to 16 bits); an interleave
//   of two such halves is the words `(odd << 16) | (even & 0xffff)`, which
//   LLVM's instcombine turns into `(odd_word & 0xffff0000) | (even_word >>
//   16)` (one vpternlogd). Without this, AVX-512 interleaved the words
//   with two-source permutes, then shifted and truncated each half (36
//   instructions per 128 stored values of swiglu_oai's backward).
// - A split output's rounded words narrow to their upper halves, the odd
//   16-bit lanes of the words (a shuffle): one vpermi2w per 32 lanes on
//   AVX-512, where the truncation took two shifts, two vpmovdw and an
//   insert (the bf16 backwards 1.10x cache-resident on Zen 4).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUBF16PAIRSASWORDS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// A 1-D vector of a fixed number of lanes.
bool isFixed1D(VectorType type) {
  return type.getRank() == 1 && !type.isScalable();
}

/// `words` as a constant of every lane `v`.
Value splat(PatternRewriter &rewriter, Location loc, Type words, int64_t v) {
  return createScalarOrSplatConstant(rewriter, loc, words, v);
}

struct WidenHalf : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp ext,
                                PatternRewriter &rewriter) const override {
    auto split = ext.getIn().getDefiningOp<vector::DeinterleaveOp>();
    auto wide = dyn_cast<VectorType>(ext.getType());
    if (!split || !wide || !wide.getElementType().isF32() ||
        !split.getSourceVectorType().getElementType().isBF16() ||
        !isFixed1D(split.getSourceVectorType()))
      return failure();
    Location loc = ext.getLoc();
    auto words = wide.clone(rewriter.getI32Type());
    Value pairs =
        vector::BitCastOp::create(rewriter, loc, words, split.getSource());
    bool odd = ext.getIn() == split.getRes2();
    Value bits =
        odd ? Value(arith::AndIOp::create(
                  rewriter, loc, pairs,
                  splat(rewriter, loc, words, 0xffff0000)))
            : Value(arith::ShLIOp::create(rewriter, loc, pairs,
                                          splat(rewriter, loc, words, 16)));
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(ext, wide, bits);
    return success();
  }
};

/// The i32 vector whose lanes' lower 16 bits are `half`: `half` is
/// `arith.trunci` of it to i16, seen through an `arith.bitcast` to another
/// 16-bit type (bf16: glu-round-to-bf16's result).
Value truncatedWords(Value half) {
  if (auto cast = half.getDefiningOp<arith::BitcastOp>())
    half = cast.getIn();
  auto trunc = half.getDefiningOp<arith::TruncIOp>();
  if (!trunc || !getElementTypeOrSelf(trunc.getIn()).isInteger(32) ||
      !getElementTypeOrSelf(trunc.getType()).isInteger(16))
    return {};
  return trunc.getIn();
}

struct NarrowPairs : OpRewritePattern<vector::InterleaveOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::InterleaveOp both,
                                PatternRewriter &rewriter) const override {
    VectorType halfType = both.getSourceVectorType();
    Type element = halfType.getElementType();
    if (!isFixed1D(halfType) || !element.isIntOrFloat() ||
        element.getIntOrFloatBitWidth() != 16)
      return failure();
    Value even = truncatedWords(both.getLhs());
    Value odd = truncatedWords(both.getRhs());
    if (!even || !odd)
      return failure();
    Location loc = both.getLoc();
    Type words = even.getType();
    Value low = arith::AndIOp::create(rewriter, loc, even,
                                      splat(rewriter, loc, words, 0xffff));
    Value high = arith::ShLIOp::create(rewriter, loc, odd,
                                       splat(rewriter, loc, words, 16));
    Value pairs = arith::OrIOp::create(rewriter, loc, low, high);
    rewriter.replaceOpWithNewOp<vector::BitCastOp>(
        both, both.getResultVectorType(), pairs);
    return success();
  }
};

/// trunci(shrui(words, 16)) to 16 bits, each word's upper half: the odd
/// halves of the words read as 16-bit lanes. AVX-512 then packs 32 lanes
/// with one two-source word permute (vpermi2w) where the truncation took
/// two shifts, two vpmovdw and an insert. Not where the halves are
/// interleaved (NarrowPairs' case).
struct NarrowHighHalves : OpRewritePattern<arith::TruncIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncIOp trunc,
                                PatternRewriter &rewriter) const override {
    auto narrow = dyn_cast<VectorType>(trunc.getType());
    auto shift = trunc.getIn().getDefiningOp<arith::ShRUIOp>();
    APInt amount;
    if (!narrow || !isFixed1D(narrow) ||
        !narrow.getElementType().isInteger(16) || !shift ||
        !getElementTypeOrSelf(shift.getType()).isInteger(32) ||
        !matchPattern(shift.getRhs(), m_ConstantInt(&amount)) || amount != 16)
      return failure();
    auto interleaved = [](Operation *user) {
      if (auto cast = dyn_cast<arith::BitcastOp>(user))
        return llvm::any_of(cast->getUsers(), [](Operation *u) {
          return isa<vector::InterleaveOp>(u);
        });
      return isa<vector::InterleaveOp>(user);
    };
    if (llvm::any_of(trunc->getUsers(), interleaved))
      return failure();
    int64_t lanes = narrow.getNumElements();
    auto halves = VectorType::get({2 * lanes}, narrow.getElementType());
    Value words = vector::BitCastOp::create(rewriter, trunc.getLoc(), halves,
                                            shift.getLhs());
    SmallVector<int64_t> odd;
    for (int64_t i = 0; i < lanes; ++i)
      odd.push_back(2 * i + 1);
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(trunc, words, words, odd);
    return success();
  }
};

struct GluBF16PairsAsWordsPass
    : glu::impl::GluBF16PairsAsWordsBase<GluBF16PairsAsWordsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WidenHalf, NarrowPairs, NarrowHighHalves>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
