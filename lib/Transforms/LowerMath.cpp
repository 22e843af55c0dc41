//===- LowerMath.cpp - glu.round and math to exact arithmetic
//--------------===//

#include "GluDialect/Transforms/Passes.h"
#include "GluDialect/Transforms/Vectors.h"

#include "GluDialect/Definitions/FloatBuilder.h"
#include "GluDialect/Definitions/GgmlGeluTable.h"
#include "GluDialect/Dialect/GluOps.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include <cmath>

namespace mlir::glu {
#define GEN_PASS_DEF_GLULOWERMATH
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

namespace {
/// arith.extf of a signalling NaN constant (a splat gate folded into a
/// glu op's body as a scalar) -> the quiet NaN that IEEE 754's conversion
/// gives. Upstream does not fold it (the conversion signals invalid), and
/// left to LLVM the exp approximation's fptosi of that NaN folded to
/// poison: the results were arbitrary values, other ones from run to run.
struct QuietSignalingNaNExtF : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Attribute attr;
    if (!matchPattern(op.getIn(), m_Constant(&attr)))
      return failure();
    FloatAttr scalar = dyn_cast<FloatAttr>(attr);
    if (auto splat = dyn_cast<SplatElementsAttr>(attr))
      scalar = dyn_cast<FloatAttr>(splat.getSplatValue<Attribute>());
    if (!scalar || !scalar.getValue().isSignaling())
      return failure();
    auto type = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    APFloat value = scalar.getValue();
    bool losesInfo = false;
    (void)value.convert(type.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                        &losesInfo);
    TypedAttr result = rewriter.getFloatAttr(type, value);
    if (auto shaped = dyn_cast<ShapedType>(op.getType()))
      result = SplatElementsAttr::get(shaped, result);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, result);
    return success();
  }
};

/// glu.round %x to T -> arith.extf(arith.truncf(%x)), elementwise on
/// scalars, vectors or tensors.
struct LowerRound : OpRewritePattern<RoundOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(RoundOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type narrow = glu::withElement(type, op.getTo());
    Value truncated =
        arith::TruncFOp::create(rewriter, op.getLoc(), narrow, op.getInput());
    rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, type, truncated);
    return success();
  }
};

/// Below this argument the upstream exp approximation would flush: its
/// 2^n factor is built from exponent bits and is 0 for n = -127, i.e. for
/// a < -87.68, where exp(a) is a subnormal (down to a = -103.97).
constexpr double kExpSubnormalBelow = -87.5;
/// exp(a) = exp(a + 32) * e^-32 there: a + 32 is exact (a is a multiple of
/// 2^-17 in [-128, -64), |a + 32| < 128), exp(a + 32) is a normal number
/// the approximation computes to its usual accuracy, and the product
/// rounds once into the subnormal range (gradual underflow). The rounding
/// of e^-32 to f32 (2^-24 relative) is below half a subnormal ulp.
constexpr double kExpShift = 32.0;

/// exp(a') * c with a' = a + 32, c = e^-32 where a < -87.5 and a' = a,
/// c = 1 elsewhere: the same bits as exp(a) for a >= -87.5 (a product with
/// 1 is exact), and subnormal results instead of 0 below.
Value subnormalSafeExp(OpBuilder &b, Location loc, Value a, Value low) {
  FloatBuilder fb(b, loc);
  Value shifted = fb.select(low, fb.add(a, kExpShift), a);
  Value shiftScale = fb.constantLike(a, std::exp(-kExpShift));
  Value scale = fb.select(low, shiftScale, fb.constantLike(a, 1.0));
  return fb.mul(math::ExpOp::create(b, loc, shifted), scale);
}

/// Rewrites every f32 math.exp(a) into subnormalSafeExp. On a vector (the
/// vectorized loops), the shifted form is computed only when some lane is
/// below -87.5 (a branch on the lanes' any): elsewhere it is plain exp(a),
/// the same bits, without the selects and the product that cost the
/// vectorized kernels up to a quarter of their speed. Scalars (remainder
/// loops, the GPU's threads) keep the branch-free selects.
void keepSubnormalExp(Operation *root) {
  SmallVector<math::ExpOp> exps;
  root->walk([&](math::ExpOp op) {
    if (getElementTypeOrSelf(op.getType()).isF32())
      exps.push_back(op);
  });
  for (math::ExpOp op : exps) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    FloatBuilder fb(b, loc);
    Value a = op.getOperand();
    Value low = fb.cmp(arith::CmpFPredicate::OLT, a, kExpSubnormalBelow);
    Value result;
    if (!isa<VectorType>(a.getType())) {
      result = subnormalSafeExp(b, loc, a, low);
    } else {
      Value any =
          vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, low);
      auto branch = scf::IfOp::create(
          b, loc, any,
          [&](OpBuilder &then, Location l) {
            scf::YieldOp::create(then, l, subnormalSafeExp(then, l, a, low));
          },
          [&](OpBuilder &otherwise, Location l) {
            scf::YieldOp::create(otherwise, l,
                                 Value(math::ExpOp::create(otherwise, l, a)));
          });
      result = branch.getResult(0);
    }
    op.replaceAllUsesWith(result);
    op.erase();
  }
}

/// The symbol name of ggml's GELU table (renamed if taken).
constexpr llvm::StringLiteral kGeluTableName = "__glu_ggml_gelu_f16";

/// ggml's GELU table as a private constant global of `symbolTableOp`.
memref::GlobalOp createGeluTable(Operation *symbolTableOp,
                                 DenseElementsAttr entries) {
  OpBuilder b(symbolTableOp->getContext()); // a detached op, inserted below
  auto type = MemRefType::get({1 << 16}, b.getF16Type());
  auto global = memref::GlobalOp::create(
      b, symbolTableOp->getLoc(), kGeluTableName, b.getStringAttr("private"),
      type, entries, /*constant=*/true, b.getI64IntegerAttr(64));
  // At the front, under a unique name.
  SymbolTable(symbolTableOp)
      .insert(global, symbolTableOp->getRegion(0).front().begin());
  return global;
}

/// glu.gelu_table %x -> the f16 bits of x index ggml's table (an f16
/// constant), extended to f32: memref.load on scalars, vector.gather on
/// vectors (flattened to 1-D).
void lowerGeluTable(GeluTableOp op, memref::GlobalOp table) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type f16 = b.getF16Type(), i16 = b.getI16Type();
  Value table16 =
      memref::GetGlobalOp::create(b, loc, table.getType(), table.getSymName());
  Value result;
  auto vectorType = dyn_cast<VectorType>(op.getType());
  if (!vectorType) {
    Value bits = arith::BitcastOp::create(
        b, loc, i16, arith::TruncFOp::create(b, loc, f16, op.getInput()));
    Value index = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), bits);
    Value entry = memref::LoadOp::create(b, loc, table16, index);
    result = arith::ExtFOp::create(b, loc, b.getF32Type(), entry);
  } else {
    auto flat = VectorType::get({vectorType.getNumElements()}, b.getF32Type());
    Value x = vector::ShapeCastOp::create(b, loc, flat, op.getInput());
    Value bits = arith::BitcastOp::create(
        b, loc, flat.clone(i16),
        arith::TruncFOp::create(b, loc, flat.clone(f16), x));
    Value index =
        arith::ExtUIOp::create(b, loc, flat.clone(b.getI32Type()), bits);
    Value all = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(flat.clone(b.getI1Type()), true));
    Value zeros = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(flat.clone(f16), b.getF16FloatAttr(0)));
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value entries = vector::GatherOp::create(
        b, loc, flat.clone(f16), table16, ValueRange{zero}, index, all, zeros,
        /*alignment=*/IntegerAttr());
    Value wide = arith::ExtFOp::create(b, loc, flat, entries);
    result = vector::ShapeCastOp::create(b, loc, vectorType, wide);
  }
  op.replaceAllUsesWith(result);
  op.erase();
}

/// Lowers every glu.gelu_table under `root`, with one table per symbol
/// table, built on this host (GgmlGeluTable.h) the first time one is needed.
LogicalResult lowerGeluTables(Operation *root, bool &lowered) {
  SmallVector<GeluTableOp> ops;
  root->walk([&](GeluTableOp op) { ops.push_back(op); });
  lowered = !ops.empty();
  DenseElementsAttr entries;
  llvm::DenseMap<Operation *, memref::GlobalOp> tables;
  for (GeluTableOp op : ops) {
    if (isa<TensorType>(op.getType()))
      return op.emitOpError("on tensors must be bufferized before "
                            "glu-lower-math");
    if (auto vector = dyn_cast<VectorType>(op.getType());
        vector && vector.isScalable())
      return op.emitOpError("on scalable vectors is not supported");
    Operation *owner = SymbolTable::getNearestSymbolTable(op);
    if (!owner || (owner != root && !root->isProperAncestor(owner)))
      return op.emitOpError(
          "needs glu-lower-math to run on the op that holds its symbol "
          "table (the table becomes a global there)");
    memref::GlobalOp &table = tables[owner];
    if (!table) {
      if (!entries) {
        std::vector<uint16_t> data = buildGgmlGeluTable();
        auto type = RankedTensorType::get({int64_t(data.size())},
                                          Float16Type::get(root->getContext()));
        entries = DenseElementsAttr::getFromRawBuffer(
            type, ArrayRef<char>(reinterpret_cast<const char *>(data.data()),
                                 data.size() * sizeof(uint16_t)));
      }
      table = createGeluTable(owner, entries);
    }
    lowerGeluTable(op, table);
  }
  return success();
}

/// The outermost ops isolated from above below `root` (its functions) that
/// hold a math op or a glu.round, `root` for those outside any, in walk
/// order.
SmallVector<Operation *> scopesWithMath(Operation *root) {
  llvm::SetVector<Operation *> scopes;
  root->walk([&](Operation *op) {
    if (!isa<RoundOp>(op) &&
        !isa_and_nonnull<math::MathDialect>(op->getDialect()))
      return;
    Operation *scope = root;
    for (Operation *parent = op->getParentOp(); parent && parent != root;
         parent = parent->getParentOp())
      if (parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
        scope = parent;
    scopes.insert(scope);
  });
  return scopes.takeVector();
}

/// Applies `patterns` greedily to each of `scopes`, as the greedy driver on
/// the whole module would (the scopes are isolated from above, so each
/// converges alone: same rewrites, same constants in the same order).
LogicalResult applyToScopes(ArrayRef<Operation *> scopes,
                            RewritePatternSet &&patterns) {
  FrozenRewritePatternSet frozen(std::move(patterns));
  for (Operation *scope : scopes)
    if (failed(applyPatternsGreedily(scope, frozen)))
      return failure();
  return success();
}

struct GluLowerMathPass : glu::impl::GluLowerMathBase<GluLowerMathPass> {
  void runOnOperation() override {
    bool tablesLowered = false;
    if (failed(lowerGeluTables(getOperation(), tablesLowered)))
      return signalPassFailure();
    // Every approximation upstream has (exp, tanh, erf, erfc, log, ...), and
    // the f16 -> f32 casts that let f16 math reuse them. No target-specific
    // variant (AVX2 rsqrt) is used, so the same program serves every target.
    // exp goes last: the other approximations (erfc) emit math.exp, and
    // every f32 exp is first given its subnormal range (keepSubnormalExp).
    auto notExp = [](StringRef name) {
      return name != math::ExpOp::getOperationName();
    };
    auto all = [](StringRef) { return true; };
    RewritePatternSet patterns(&getContext());
    populateGluRoundLoweringPatterns(patterns);
    patterns.add<QuietSignalingNaNExtF>(&getContext());
    populateMathF32ExpansionPatterns(patterns, all);
    populateMathPolynomialApproximationPatterns(patterns, notExp);
    // Only the functions with math, not the whole module: most of a large
    // module is calling code without any (docs/performance-analysis.md,
    // compile time).
    SmallVector<Operation *> scopes = scopesWithMath(getOperation());
    if (scopes.empty() && !tablesLowered)
      return markAllAnalysesPreserved(); // glu-opt then skips the verification
    if (failed(applyToScopes(scopes, std::move(patterns))))
      return signalPassFailure();
    keepSubnormalExp(getOperation());
    RewritePatternSet expPatterns(&getContext());
    populateMathPolynomialApproximationPatterns(expPatterns, all);
    if (failed(applyToScopes(scopesWithMath(getOperation()),
                             std::move(expPatterns))))
      signalPassFailure();
  }
};
} // namespace

void mlir::glu::populateGluRoundLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<LowerRound>(patterns.getContext());
}
