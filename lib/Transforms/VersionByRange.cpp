//===- VersionByRange.cpp - A fast copy of vector loop bodies by range ----===//
//
// After glu-lower-math, a vectorized body computes every lane through the
// definitions' and the approximations' guards: saturation, clamps, the
// subnormal and overflow ranges, each a compare and a select that is a no-op
// for the ordinary inputs. This pass puts a body under
// `scf.if (all lanes of one loaded vector in [-R, R])`: the else branch is
// the body as it was, the then branch a copy in which every comparison that
// the range decides for every lane is replaced by its constant. The folds
// come from an interval analysis with outward rounding, so they hold for
// every input that passes the test: both branches compute the same bits
// (NaN signs and payloads aside, which arith's folds need not keep: glu's
// kernels store canonical NaNs). The canonicalizer then removes the dead
// selects and branches.
//
// Upstream's IntegerRangeAnalysis has no floating-point lattice; this is
// the small part of one that the lowered math needs (add, mul, fma, div,
// neg, abs, floor, select, min/max, compares).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"
#include "GluDialect/Transforms/Vectors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include <cfloat>
#include <cmath>
#include <optional>

namespace mlir::glu {
#define GEN_PASS_DEF_GLUVERSIONBYRANGE
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
constexpr double kInf = INFINITY;
/// A pair of seeds is looked for among the first this many when no seed
/// decides enough alone (a quadratic search).
constexpr size_t kMaxPairSeeds = 8;

/// What an f32 value (or every lane of a vector) may be: a number in
/// [lo, hi], infinities included (empty when lo > hi), or NaN when `nan`.
struct Range {
  double lo = -kInf, hi = kInf;
  bool nan = true;

  static Range top() { return {}; }
  static Range onlyNaN() { return {kInf, -kInf, true}; }
  static Range of(double v) {
    return std::isnan(v) ? onlyNaN() : Range{v, v, false};
  }
  bool empty() const { return lo > hi; }
  bool finite() const { return lo >= -FLT_MAX && hi <= FLT_MAX; }
  Range join(const Range &o) const {
    return {std::min(lo, o.lo), std::max(hi, o.hi), nan || o.nan};
  }
};

/// Outward by more than the error of one f32 rounding (2^-24 relative, or
/// half a subnormal) and of the double arithmetic that computed `v`.
double down(double v) {
  return std::isinf(v) ? v : v - std::fabs(v) * 0x1p-20 - 0x1p-140;
}
double up(double v) {
  return std::isinf(v) ? v : v + std::fabs(v) * 0x1p-20 + 0x1p-140;
}

/// [lo, hi] widened outward; an f32 result beyond FLT_MAX may be infinite.
Range rounded(double lo, double hi, bool nan) {
  Range r{down(lo), up(hi), nan};
  if (r.hi > FLT_MAX)
    r.hi = kInf;
  if (r.lo < -FLT_MAX)
    r.lo = -kInf;
  r.lo = std::min(r.lo, double(FLT_MAX));
  r.hi = std::max(r.hi, -double(FLT_MAX));
  return r;
}

Range add(const Range &a, const Range &b) {
  if (a.empty() || b.empty())
    return Range::onlyNaN();
  bool nan = a.nan || b.nan || (a.hi == kInf && b.lo == -kInf) ||
             (a.lo == -kInf && b.hi == kInf);
  if (!a.finite() || !b.finite())
    return {-kInf, kInf, nan};
  return rounded(a.lo + b.lo, a.hi + b.hi, nan);
}

Range neg(const Range &a) { return {-a.hi, -a.lo, a.nan}; }

Range mul(const Range &a, const Range &b) {
  if (a.empty() || b.empty())
    return Range::onlyNaN();
  if (!a.finite() || !b.finite())
    return Range::top(); // inf * 0
  double p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return rounded(*std::min_element(p, p + 4), *std::max_element(p, p + 4),
                 a.nan || b.nan);
}

Range div(const Range &a, const Range &b) {
  if (a.empty() || b.empty())
    return Range::onlyNaN();
  if (!a.finite() || !b.finite() || (b.lo <= 0 && b.hi >= 0))
    return Range::top();
  double q[] = {a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi};
  return rounded(*std::min_element(q, q + 4), *std::max_element(q, q + 4),
                 a.nan || b.nan);
}

Range abs(const Range &a) {
  if (a.empty() || a.lo >= 0)
    return a;
  if (a.hi <= 0)
    return neg(a);
  return {0, std::max(-a.lo, a.hi), a.nan};
}

/// `pred` (without its ordered/unordered part) of every non-NaN pair.
std::optional<bool> relation(arith::CmpFPredicate pred, const Range &a,
                             const Range &b) {
  using P = arith::CmpFPredicate;
  if (a.empty() || b.empty())
    return std::nullopt;
  std::optional<bool> r;
  switch (pred) {
  case P::OLT:
  case P::ULT:
    r = a.hi < b.lo    ? std::optional(true)
        : a.lo >= b.hi ? std::optional(false)
                       : std::nullopt;
    break;
  case P::OLE:
  case P::ULE:
    r = a.hi <= b.lo  ? std::optional(true)
        : a.lo > b.hi ? std::optional(false)
                      : std::nullopt;
    break;
  case P::OGT:
  case P::UGT:
    return relation(P::OLT, b, a);
  case P::OGE:
  case P::UGE:
    return relation(P::OLE, b, a);
  case P::OEQ:
  case P::UEQ:
  case P::ONE:
  case P::UNE: {
    bool isEq = pred == P::OEQ || pred == P::UEQ;
    if (a.hi < b.lo || a.lo > b.hi)
      r = !isEq;
    else if (a.lo == a.hi && b.lo == b.hi && a.lo == b.lo)
      r = isEq;
    break;
  }
  default:
    break;
  }
  return r;
}

/// The value of `pred`(a, b) for every lane, when the ranges decide it.
std::optional<bool> decide(arith::CmpFPredicate pred, const Range &a,
                           const Range &b) {
  using P = arith::CmpFPredicate;
  bool maybeNaN = a.nan || b.nan;
  switch (pred) {
  case P::AlwaysFalse:
  case P::AlwaysTrue:
    return std::nullopt; // the canonicalizer's
  case P::ORD:
  case P::UNO:
    if (maybeNaN)
      return std::nullopt;
    return pred == P::ORD;
  case P::OEQ:
  case P::OGT:
  case P::OGE:
  case P::OLT:
  case P::OLE:
  case P::ONE: {
    std::optional<bool> r = relation(pred, a, b);
    if (r == false || (r == true && !maybeNaN))
      return r;
    return std::nullopt;
  }
  default: { // unordered: true for NaN
    std::optional<bool> r = relation(pred, a, b);
    if (r == true || (r == false && !maybeNaN))
      return r;
    return std::nullopt;
  }
  }
}

/// The value of `pred`(v, v) for every lane of one value `v` in `a`: a
/// number equals itself (the definitions' NaN test x == x).
std::optional<bool> decideSelf(arith::CmpFPredicate pred, const Range &a) {
  using P = arith::CmpFPredicate;
  if (a.nan || a.empty())
    return decide(pred, a, a);
  switch (pred) {
  case P::OEQ:
  case P::OGE:
  case P::OLE:
  case P::ORD:
  case P::UEQ:
  case P::UGE:
  case P::ULE:
    return true;
  case P::ONE:
  case P::OGT:
  case P::OLT:
  case P::UNO:
  case P::UNE:
  case P::UGT:
  case P::ULT:
    return false;
  default:
    return std::nullopt; // always true/false: the canonicalizer's
  }
}

bool isF32(Type type) { return getElementTypeOrSelf(type).isF32(); }

/// Ranges of the f32 values and the decided i1 values of a region, given
/// the ranges of one or two values (the seeds).
class Analysis {
public:
  Analysis(ArrayRef<Value> seeds, ArrayRef<Range> seedRanges) {
    for (auto [seed, range] : llvm::zip_equal(seeds, seedRanges))
      ranges[seed] = range;
  }

  /// Visits `ops` (and their regions) in order.
  template <typename Ops> void run(Ops &&ops) {
    for (Operation &op : ops)
      visit(&op);
  }

  /// The compares (with an operand that is no constant) and min/max decided,
  /// and the compares of branches never taken: non-increasing as the seed's
  /// range grows.
  unsigned decidedCompares() const { return compares; }
  /// Of those, the min/max decided (each a vmaxps less; a compare decided
  /// drops its selects too).
  unsigned decidedMinMax() const { return minMax; }
  const llvm::DenseMap<Value, bool> &decisions() const { return decided; }
  /// min/max results that equal one operand (its index) in every lane.
  const llvm::DenseMap<Value, unsigned> &forwards() const { return forwarded; }

  /// What every lane of the f32 value `v` may be.
  Range range(Value v) const {
    if (auto it = ranges.find(v); it != ranges.end())
      return it->second;
    FloatAttr scalar;
    if (matchPattern(v, m_Constant(&scalar)) && isF32(v.getType()))
      return Range::of(scalar.getValueAsDouble());
    DenseFPElementsAttr dense;
    if (matchPattern(v, m_Constant(&dense)) && dense.isSplat() &&
        isF32(v.getType()))
      return Range::of(dense.getSplatValue<APFloat>().convertToDouble());
    return Range::top();
  }

private:
  std::optional<bool> boolean(Value v) const {
    if (auto it = decided.find(v); it != decided.end())
      return it->second;
    APInt bits;
    if (v.getType().isInteger(1) || getElementTypeOrSelf(v).isInteger(1))
      if (matchPattern(v, m_ConstantInt(&bits)))
        return !bits.isZero();
    return std::nullopt;
  }

  /// `v`, or the operand it equals in every lane when it is a forwarded
  /// min/max (repeatedly).
  Value unforwarded(Value v) const {
    for (auto it = forwarded.find(v); it != forwarded.end();
         it = forwarded.find(v))
      v = v.getDefiningOp()->getOperand(it->second);
    return v;
  }

  static unsigned comparesIn(Region &region) {
    unsigned n = 0;
    region.walk([&](arith::CmpFOp) { ++n; });
    return n;
  }

  void visitRegionsOf(Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        run(block);
  }

  /// The ranges of the yielded values of `region`'s block, visited.
  SmallVector<Range> yieldsOf(Region &region) {
    run(region.front());
    SmallVector<Range> out;
    for (Value v : region.front().getTerminator()->getOperands())
      out.push_back(range(v));
    return out;
  }

  void visit(Operation *op) {
    // A seed's range is given (a second seed's definition is visited).
    if (op->getNumResults() == 1 && ranges.contains(op->getResult(0)))
      return;
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      std::optional<bool> cond = boolean(ifOp.getCondition());
      SmallVector<Range> results;
      // The compares of a branch never taken go with it.
      if (cond == true && ifOp.elseBlock())
        compares += comparesIn(ifOp.getElseRegion());
      if (cond == false)
        compares += comparesIn(ifOp.getThenRegion());
      if (cond == true || !ifOp.elseBlock())
        results = yieldsOf(ifOp.getThenRegion());
      else if (cond == false)
        results = yieldsOf(ifOp.getElseRegion());
      else {
        results = yieldsOf(ifOp.getThenRegion());
        SmallVector<Range> other = yieldsOf(ifOp.getElseRegion());
        for (auto [r, o] : llvm::zip(results, other))
          r = r.join(o);
      }
      for (auto [v, r] : llvm::zip(ifOp.getResults(), results))
        ranges[v] = r;
      return;
    }
    visitRegionsOf(op);
    if (auto cmp = dyn_cast<arith::CmpFOp>(op)) {
      if (!isF32(cmp.getLhs().getType()))
        return;
      // The operands as the fast copy will have them (min/max forwarded):
      // a definition's NaN test of a clamped value, x == clamp(x), is
      // x == x there.
      std::optional<bool> d =
          unforwarded(cmp.getLhs()) == unforwarded(cmp.getRhs())
              ? decideSelf(cmp.getPredicate(), range(cmp.getLhs()))
              : decide(cmp.getPredicate(), range(cmp.getLhs()),
                       range(cmp.getRhs()));
      if (!d)
        return;
      decided[cmp.getResult()] = *d;
      if (!matchPattern(cmp.getLhs(), m_Constant()) ||
          !matchPattern(cmp.getRhs(), m_Constant()))
        ++compares;
      return;
    }
    if (auto reduce = dyn_cast<vector::ReductionOp>(op)) {
      std::optional<bool> lanes = boolean(reduce.getVector());
      auto kind = reduce.getKind();
      if (lanes && !reduce.getAcc() &&
          (kind == vector::CombiningKind::OR ||
           kind == vector::CombiningKind::AND))
        decided[reduce.getResult()] = *lanes;
      return;
    }
    if (auto x = dyn_cast<arith::XOrIOp>(op)) {
      std::optional<bool> a = boolean(x.getLhs()), b = boolean(x.getRhs());
      if (a && b)
        decided[x.getResult()] = *a != *b;
      return;
    }
    if (auto a = dyn_cast<arith::AndIOp>(op)) {
      std::optional<bool> l = boolean(a.getLhs()), r = boolean(a.getRhs());
      if (l == false || r == false)
        decided[a.getResult()] = false;
      else if (l && r)
        decided[a.getResult()] = true;
      return;
    }
    if (auto o = dyn_cast<arith::OrIOp>(op)) {
      std::optional<bool> l = boolean(o.getLhs()), r = boolean(o.getRhs());
      if (l == true || r == true)
        decided[o.getResult()] = true;
      else if (l && r)
        decided[o.getResult()] = false;
      return;
    }
    if (op->getNumResults() != 1 || !isF32(op->getResult(0).getType()))
      return;
    Value result = op->getResult(0);
    // A lane of a vector is within what every lane is (the GPU kernels'
    // bodies compute a loaded tile lane by lane).
    if (auto extract = dyn_cast<vector::ExtractOp>(op)) {
      ranges[result] = range(extract.getSource());
      return;
    }
    auto operand = [&](unsigned i) { return range(op->getOperand(i)); };
    Range r = Range::top();
    if (isa<arith::AddFOp>(op))
      r = add(operand(0), operand(1));
    else if (isa<arith::SubFOp>(op))
      r = add(operand(0), neg(operand(1)));
    else if (isa<arith::MulFOp>(op))
      r = mul(operand(0), operand(1));
    else if (isa<arith::DivFOp>(op))
      r = div(operand(0), operand(1));
    else if (isa<math::FmaOp>(op))
      r = add(mul(operand(0), operand(1)), operand(2));
    else if (isa<arith::NegFOp>(op))
      r = neg(operand(0));
    else if (isa<math::AbsFOp>(op))
      r = abs(operand(0));
    else if (isa<math::FloorOp>(op)) {
      Range a = operand(0);
      r = {std::floor(a.lo), std::floor(a.hi), a.nan};
    } else if (isa<arith::MaximumFOp, arith::MinimumFOp, arith::MaxNumFOp,
                   arith::MinNumFOp>(op)) {
      Range a = operand(0), b = operand(1);
      bool isMax = isa<arith::MaximumFOp, arith::MaxNumFOp>(op);
      if (isa<arith::MaxNumFOp, arith::MinNumFOp>(op) && (a.nan || b.nan)) {
        ranges[result] = Range::top(); // the other operand for a NaN
        return;
      }
      // One operand above (below) the other in every lane, neither NaN: the
      // result is that operand, whatever the min/max's NaN and zero rules.
      if (!a.empty() && !b.empty() && !a.nan && !b.nan) {
        // Touching at a non-zero value: both operands are that value.
        auto above = [](const Range &x, const Range &y) {
          return x.lo > y.hi || (x.lo == y.hi && x.lo != 0);
        };
        int wins = (isMax ? above(a, b) : above(b, a))   ? 0
                   : (isMax ? above(b, a) : above(a, b)) ? 1
                                                         : -1;
        if (wins >= 0) {
          forwarded[result] = wins;
          ++compares;
          ++minMax;
        }
      }
      if (a.empty() || b.empty())
        r = Range::onlyNaN();
      else if (isMax)
        r = {std::max(a.lo, b.lo), std::max(a.hi, b.hi), a.nan || b.nan};
      else
        r = {std::min(a.lo, b.lo), std::min(a.hi, b.hi), a.nan || b.nan};
    } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
      std::optional<bool> cond = boolean(select.getCondition());
      Range t = range(select.getTrueValue()), f = range(select.getFalseValue());
      r = cond == true ? t : cond == false ? f : t.join(f);
    }
    ranges[result] = r;
  }

  llvm::DenseMap<Value, Range> ranges;
  llvm::DenseMap<Value, bool> decided;
  llvm::DenseMap<Value, unsigned> forwarded;
  unsigned compares = 0, minMax = 0;
};

/// The seed defined first (`first`) or last in the block the seeds share.
Value seedAt(ArrayRef<Value> seeds, bool first) {
  Value pick = seeds.front();
  for (Value seed : seeds.drop_front())
    if (seed.getDefiningOp()->isBeforeInBlock(pick.getDefiningOp()) == first)
      pick = seed;
  return pick;
}

/// Where the versioned ops begin: `start`, or (null) after the last seed.
Operation *startAt(ArrayRef<Value> seeds, Operation *start) {
  return start ? start
               : seedAt(seeds, /*first=*/false).getDefiningOp()->getNextNode();
}

/// `start` and the ops after it in its block, the terminator excluded: what
/// a test versions.
SmallVector<Operation *> opsFrom(Operation *start) {
  SmallVector<Operation *> ops;
  for (Operation *op = start; !op->hasTrait<OpTrait::IsTerminator>();
       op = op->getNextNode())
    ops.push_back(op);
  return ops;
}

/// The ops after the first seed's definition, in the seeds' block, before
/// the one that is or holds `start` (the later seeds; a later copy's, the
/// earlier copies' tests): computed before the test, so their compares
/// stay, but the ranges they give count (one seed right before `start`:
/// none).
SmallVector<Operation *> opsBefore(ArrayRef<Value> seeds, Operation *start) {
  Operation *first = seedAt(seeds, /*first=*/true).getDefiningOp();
  Operation *end = first->getBlock()->findAncestorOpInBlock(*start);
  SmallVector<Operation *> ops;
  for (Operation *op = first->getNextNode(); op != end; op = op->getNextNode())
    ops.push_back(op);
  return ops;
}

/// The ranges [-bound, bound] without NaN.
SmallVector<Range> within(ArrayRef<double> bounds) {
  return llvm::map_to_vector(bounds,
                             [](double b) { return Range{-b, b, false}; });
}

/// The compares from `start` on (null: after the last seed) decided when
/// each seed is within its bound (with `minMax`, the min/max decided too).
unsigned foldsFor(ArrayRef<Value> seeds, ArrayRef<double> bounds,
                  Operation *start, bool minMax = true) {
  start = startAt(seeds, start);
  Analysis analysis(seeds, within(bounds));
  auto count = [&] {
    return analysis.decidedCompares() - (minMax ? 0 : analysis.decidedMinMax());
  };
  analysis.run(llvm::make_pointee_range(opsBefore(seeds, start)));
  unsigned before = count();
  analysis.run(llvm::make_pointee_range(opsFrom(start)));
  return count() - before;
}

/// The largest f32 bound (up to FLT_MAX) under which `count` is still at
/// least `folds` (it is under `least`); inclusion-monotone ranges make the
/// count non-increasing in the bound, and positive floats are ordered as
/// their bits, so a bisection on the bits finds it exactly.
float widestBound(function_ref<unsigned(double)> count, float least,
                  unsigned folds) {
  auto bits = [](float f) { return llvm::bit_cast<uint32_t>(f); };
  auto value = [](uint32_t b) { return double(llvm::bit_cast<float>(b)); };
  uint32_t lo = bits(least), hi = bits(FLT_MAX); // enough at lo
  if (count(value(hi)) >= folds)
    return FLT_MAX;
  while (hi - lo > 1) { // too few at hi
    uint32_t mid = lo + (hi - lo) / 2;
    if (count(value(mid)) >= folds)
      lo = mid;
    else
      hi = mid;
  }
  return llvm::bit_cast<float>(lo);
}

/// `n` when `v` is bitcast(shli(addi(fptosi(n), 127), 23)) on i32 lanes:
/// 2^trunc(n) built from exponent bits, as upstream's exp builds its 2^k.
Value exponentOf(Value v) {
  auto cast = v.getDefiningOp<arith::BitcastOp>();
  auto shl = cast ? cast.getIn().getDefiningOp<arith::ShLIOp>() : nullptr;
  APInt c;
  if (!shl || !getElementTypeOrSelf(shl.getType()).isInteger(32) ||
      !matchPattern(shl.getRhs(), m_ConstantInt(&c)) || c != 23)
    return {};
  auto add = shl.getLhs().getDefiningOp<arith::AddIOp>();
  if (!add)
    return {};
  for (unsigned i = 0; i < 2; ++i)
    if (matchPattern(add->getOperand(1 - i), m_ConstantInt(&c)) && c == 127)
      if (auto toInt = add->getOperand(i).getDefiningOp<arith::FPToSIOp>())
        return toInt.getIn();
  return {};
}

/// exponentOf(v) when it is a floor (through the selects the folds
/// decided, which the canonicalizer removes later): trunc(n) = floor(n),
/// the exponent vscalefps takes.
Value integralExponentOf(Value v) {
  Value n = exponentOf(v);
  while (n) {
    auto select = n.getDefiningOp<arith::SelectOp>();
    if (!select)
      break;
    SplatElementsAttr cond;
    if (!matchPattern(select.getCondition(), m_Constant(&cond)))
      return {};
    n = cond.getSplatValue<bool>() ? select.getTrueValue()
                                   : select.getFalseValue();
  }
  return n && n.getDefiningOp<math::FloorOp>() ? n : Value();
}

/// a * 2^n as AVX-512's vscalefps, 16 lanes at a time, the pieces
/// concatenated again (free in registers; any multiple of 16 lanes).
Value scalef(OpBuilder &b, Location loc, Value a, Value n) {
  int64_t width = cast<VectorType>(a.getType()).getNumElements();
  auto piece = VectorType::get({16}, b.getF32Type());
  Value all = arith::ConstantOp::create(b, loc, b.getI16IntegerAttr(-1));
  Value current = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(4));
  StringAttr name = b.getStringAttr("llvm.x86.avx512.mask.scalef.ps.512");
  SmallVector<Value> parts;
  for (int64_t i = 0; i < width; i += 16) {
    Value ai = vector::ExtractStridedSliceOp::create(b, loc, a, {i}, {16}, {1});
    Value ni = vector::ExtractStridedSliceOp::create(b, loc, n, {i}, {16}, {1});
    parts.push_back(
        LLVM::CallIntrinsicOp::create(b, loc, piece, name,
                                      ValueRange{ai, ni, ai, all, current})
            .getResult(0));
  }
  return glu::concatVectors(b, loc, parts);
}

/// Every a * 2^n of `block` (exponent bits, exponentOf) whose n is a floor
/// the analysis keeps in [-126, 127], without NaN, as vscalefps(a, n): 2^n
/// is then a normal number, so both are the product a * 2^n rounded once,
/// the same bits for every a. Vectors of whole 512-bit registers only.
void scaleByExponent(Block *block, const Analysis &analysis) {
  // Each product, the index of its 2^n operand, and n.
  SmallVector<std::tuple<arith::MulFOp, unsigned, Value>> products;
  block->walk([&](arith::MulFOp mul) {
    auto type = dyn_cast<VectorType>(mul.getType());
    if (!type || type.getRank() != 1 || type.isScalable() ||
        type.getNumElements() % 16 != 0 || !type.getElementType().isF32())
      return;
    for (unsigned i = 0; i < 2; ++i) {
      Value n = integralExponentOf(mul->getOperand(i));
      if (!n)
        continue;
      Range r = analysis.range(n);
      if (!r.nan && !r.empty() && r.lo >= -126 && r.hi <= 127) {
        products.push_back({mul, i, n});
        return;
      }
    }
  });
  OpBuilder b(block->getParentOp()->getContext());
  for (auto [mul, i, n] : products) {
    b.setInsertionPoint(mul);
    mul.replaceAllUsesWith(scalef(b, mul.getLoc(), mul->getOperand(1 - i), n));
    mul.erase();
  }
}

/// Whether every lane of `seed` is in [-bound, bound], NaN excluded. The
/// bits without the sign are ordered as the magnitudes, NaN above infinity,
/// so this is their unsigned maximum against `bound`'s bits: the vector's
/// pieces of `lanes` lanes (one register) folded by maxui, one compare of
/// one register, its reduction. A float compare per register and the
/// reduction of all their lanes packed the masks into bytes first (AVX2:
/// vpackssdw, vpermq, vpacksswb, vpmovmskb: 15 instructions for 32 lanes;
/// now 10: vpand, vpmaxud, vpmaxud with vpcmpeqd for the compare, vtestps).
Value allWithin(OpBuilder &b, Location loc, Value seed, float bound,
                int64_t lanes) {
  auto type = cast<VectorType>(seed.getType());
  auto intType = type.clone(b.getI32Type());
  Value bits = arith::BitcastOp::create(b, loc, intType, seed);
  Value magnitude = arith::AndIOp::create(
      b, loc, bits,
      arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(intType, b.getI32IntegerAttr(0x7fffffff))));
  int64_t width = type.getNumElements();
  if (lanes > 0 && width > lanes && width % lanes == 0) {
    // Registers of one lane (a GPU thread's) hold scalars.
    SmallVector<Value> pieces;
    for (int64_t i = 0; i < width; i += lanes)
      pieces.push_back(
          lanes == 1 ? Value(vector::ExtractOp::create(b, loc, magnitude, i))
                     : Value(vector::ExtractStridedSliceOp::create(
                           b, loc, magnitude, {i}, {lanes}, {1})));
    // A balanced tree: independent maxima first.
    while (pieces.size() > 1) {
      SmallVector<Value> next;
      for (size_t i = 0; i + 1 < pieces.size(); i += 2)
        next.push_back(
            arith::MaxUIOp::create(b, loc, pieces[i], pieces[i + 1]));
      if (pieces.size() % 2)
        next.push_back(pieces.back());
      pieces = std::move(next);
    }
    magnitude = pieces.front();
  }
  IntegerAttr boundBits = b.getI32IntegerAttr(llvm::bit_cast<int32_t>(bound));
  auto pieceType = dyn_cast<VectorType>(magnitude.getType());
  Value limit = arith::ConstantOp::create(
      b, loc,
      pieceType ? TypedAttr(DenseElementsAttr::get(pieceType, boundBits))
                : TypedAttr(boundBits));
  Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                       magnitude, limit);
  if (!pieceType)
    return inside;
  return vector::ReductionOp::create(b, loc, vector::CombiningKind::AND,
                                     inside);
}

/// The body from `start` on (null: after the last seed) under scf.if
/// (every lane of each seed within its bound), the then branch a copy with
/// the decided compares folded (and, with `avx512`, its products by 2^n as
/// vscalefps); the else branch the body as it was, returned.
Block *version(ArrayRef<Value> seeds, ArrayRef<float> bounds, Operation *start,
               bool avx512, int64_t registerLanes) {
  start = startAt(seeds, start);
  SmallVector<Operation *> ops = opsFrom(start);
  SmallVector<Operation *> before = opsBefore(seeds, start);
  OpBuilder b(start->getContext());
  b.setInsertionPoint(start);
  Location loc = seedAt(seeds, /*first=*/false).getLoc();
  Value all;
  for (auto [seed, bound] : llvm::zip_equal(seeds, bounds)) {
    assert(isa<VectorType>(seed.getType()) && "a vector body's seed");
    Value inside = allWithin(b, loc, seed, bound, registerLanes);
    all = all ? arith::AndIOp::create(b, loc, all, inside) : inside;
  }
  // What the block yields (an scf.if's results; nothing for a loop body)
  // the branches yield, each its own.
  Operation *terminator = start->getBlock()->getTerminator();
  auto branch = scf::IfOp::create(b, loc, terminator->getOperandTypes(), all,
                                  /*withElseRegion=*/true);
  Block *fast = branch.thenBlock(), *slow = branch.elseBlock();
  for (Block *block : {fast, slow})
    if (!block->empty())
      block->getTerminator()->erase();
  IRMapping mapping;
  b.setInsertionPointToEnd(fast);
  for (Operation *op : ops)
    b.clone(*op, mapping);
  SmallVector<Value> yielded;
  for (Value v : terminator->getOperands())
    yielded.push_back(mapping.lookupOrDefault(v));
  scf::YieldOp::create(b, loc, yielded);
  for (Operation *op : ops)
    op->moveBefore(slow, slow->end());
  b.setInsertionPointToEnd(slow);
  scf::YieldOp::create(b, loc, terminator->getOperands());
  terminator->setOperands(branch.getResults());

  SmallVector<double> wide(bounds.begin(), bounds.end());
  Analysis analysis(seeds, within(wide));
  analysis.run(llvm::make_pointee_range(before));
  analysis.run(fast->without_terminator());
  // Only the copy's uses: what is computed before the test (between two
  // seeds) holds for every lane there, not on the slow branch.
  Region &copy = branch.getThenRegion();
  auto inCopy = [&](OpOperand &use) {
    return copy.isAncestor(use.getOwner()->getParentRegion());
  };
  for (auto [value, isTrue] : analysis.decisions()) {
    if (copy.isAncestor(value.getParentRegion()))
      b.setInsertionPointAfterValue(value);
    else
      b.setInsertionPointToStart(fast);
    Type type = value.getType();
    Attribute attr = b.getBoolAttr(isTrue);
    if (auto shaped = dyn_cast<ShapedType>(type))
      attr = DenseElementsAttr::get(shaped, isTrue);
    Value constant =
        arith::ConstantOp::create(b, value.getLoc(), cast<TypedAttr>(attr));
    value.replaceUsesWithIf(constant, inCopy);
  }
  // The operand as it is now (it may have been forwarded itself).
  for (auto [value, index] : analysis.forwards())
    value.replaceUsesWithIf(value.getDefiningOp()->getOperand(index), inCopy);
  if (avx512)
    scaleByExponent(fast, analysis);
  // What the folds left unused (nested regions: the canonicalizer's).
  SmallVector<Operation *> copied;
  for (Operation &op : fast->without_terminator())
    copied.push_back(&op);
  for (Operation *op : llvm::reverse(copied))
    if (isOpTriviallyDead(op))
      op->erase();
  return slow;
}

/// The largest min-bound: FLT_MAX in the 8 significant digits that read
/// back as it, as the error prints it. That double is a little above
/// FLT_MAX and rounds to it as a float.
constexpr double kMaxBound = 3.4028235e+38;
static_assert(float(kMaxBound) == FLT_MAX);

/// `v` with 8 significant digits (a diagnostic's double has 6).
std::string printed(double v) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%.8g", v);
  return text;
}

struct GluVersionByRangePass
    : glu::impl::GluVersionByRangeBase<GluVersionByRangePass> {
  using GluVersionByRangeBase::GluVersionByRangeBase;

  void runOnOperation() override {
    if (!glu::isValidVersionBound(minBound)) {
      getOperation()->emitError()
          << "glu-version-by-range: min-bound must be from 1 to "
          << printed(kMaxBound) << " (the largest f32), not "
          << printed(minBound);
      return signalPassFailure();
    }
    if (!glu::isValidVectorBits(vectorBits)) {
      getOperation()->emitError()
          << "glu-version-by-range: vector-bits must be 0 (the host's) or a "
             "power of two from 32 to 2048, not "
          << int64_t(vectorBits);
      return signalPassFailure();
    }
    if (copies > glu::kMaxVersionCopies) {
      getOperation()->emitError()
          << "glu-version-by-range: copies must be from 0 to "
          << glu::kMaxVersionCopies << ", not " << uint64_t(copies);
      return signalPassFailure();
    }
    // f32 lanes per register.
    int64_t lanes =
        (vectorBits > 0 ? int64_t(vectorBits) : glu::hostVectorBits()) / 32;
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop.getNumResults() == 0)
        loops.push_back(loop);
    });
    // Inner loops first (the walk's post-order). A loop around a versioned
    // one is left: its copy would copy the inner copies, twice the code at
    // each level of a nest (12 levels: 79 lines became 73,720).
    SmallVector<Operation *> versionedLoops;
    for (scf::ForOp loop : loops) {
      if (llvm::any_of(versionedLoops, [&](Operation *inner) {
            return loop->isProperAncestor(inner);
          }))
        continue;
      // A block inside a versioned one is in its slow branch now: left.
      SmallVector<Block *> versioned;
      for (Block *block : blocksOf(loop)) {
        if (llvm::any_of(versioned, [&](Block *outer) {
              return outer->findAncestorOpInBlock(*block->getParentOp());
            }))
          continue;
        if (versionBlock(block, lanes))
          versioned.push_back(block);
      }
      if (!versioned.empty())
        versionedLoops.push_back(loop);
    }
  }

  /// The loop's body and the blocks of the scf.if ops nested in it (the
  /// GPU kernels load a tile under a test of its alignment), outer blocks
  /// first; not those of nested loops, which are loops of their own.
  static SmallVector<Block *> blocksOf(scf::ForOp loop) {
    SmallVector<Block *> blocks{loop.getBody()};
    for (size_t i = 0; i < blocks.size(); ++i)
      for (Operation &op : *blocks[i])
        if (auto ifOp = dyn_cast<scf::IfOp>(op))
          for (Region &region : ifOp->getRegions())
            for (Block &block : region)
              blocks.push_back(&block);
    return blocks;
  }

  /// Versions the rest of `block` after the f32 vector it loads (or
  /// widens from 16-bit lanes it loads: the 16-bit kernels' up and dy) that
  /// decides the most compares, if one decides at least min-folds; then
  /// under a second such vector too, where the two decide at least
  /// pair-min-folds more compares, min/max not counted (a product of two:
  /// the gradient's dy * up, whose overflow guard neither bounds alone).
  /// Then the slow branch again (up to `copies` copies), under bounds at
  /// least twice the smallest one before: lanes beyond a clamp's limit fail
  /// the first test, and the second still folds the NaN and overflow guards
  /// for them.
  bool versionBlock(Block *block, int64_t lanes) {
    SmallVector<Value> seeds;
    for (Operation &op : block->without_terminator()) {
      if (!isa<vector::LoadOp, vector::DeinterleaveOp, arith::ExtFOp>(op))
        continue;
      // Not a table's entries (glu-tabulate's loads from a global, one or
      // two f32 a lane): dozens of them, and they bound nothing tested.
      if (auto load = dyn_cast<vector::LoadOp>(op);
          load && load.getBase().getDefiningOp<memref::GetGlobalOp>())
        continue;
      for (Value v : op.getResults())
        if (auto vt = dyn_cast<VectorType>(v.getType());
            vt && vt.getRank() == 1 && !vt.isScalable() &&
            vt.getElementType().isF32())
          seeds.push_back(v);
    }
    float least = float(minBound);
    Operation *start = nullptr;
    bool versioned = false;
    for (unsigned copy = 0; copy < copies; ++copy) {
      // A later copy's seeds are those defined before the earlier tests.
      if (start)
        llvm::erase_if(seeds, [&](Value seed) {
          return seed.getDefiningOp()->getBlock() != block;
        });
      std::optional<Test> test = choose(seeds, start, least);
      if (!test)
        break;
      start =
          &version(test->seeds, test->bounds, start, avx512, lanes)->front();
      versioned = true;
      // Twice the smallest bound at least: a copy for a sliver above it
      // (geglu's next fold lies at 10.021, its first copy's bound 10.008)
      // is a body more of code for inputs that hardly occur.
      double smallest = *llvm::min_element(test->bounds);
      if (2 * smallest > FLT_MAX)
        break;
      least = float(2 * smallest);
    }
    return versioned;
  }

  /// A copy's test: every lane of each seed within its bound.
  struct Test {
    SmallVector<Value, 2> seeds;
    SmallVector<float, 2> bounds;
  };

  /// The seed, or two, whose test from `start` on (null: after the seed)
  /// folds the most, each with the widest bound from `least` on that still
  /// folds as many; none where none folds enough.
  std::optional<Test> choose(ArrayRef<Value> seeds, Operation *start,
                             float least) {
    Value best;
    unsigned bestFolds = 0;
    for (Value seed : seeds) {
      unsigned folds = foldsFor({seed}, {least}, start);
      if (folds >= minFolds && folds > bestFolds) {
        best = seed;
        bestFolds = folds;
      }
    }
    float bestBound = 0;
    if (best)
      bestBound =
          widestBound([&](double b) { return foldsFor({best}, {b}, start); },
                      least, bestFolds);
    // A pair: `best` at its bound with another, or (none alone) two at one
    // bound. Counted without the min/max decided: a second test is worth
    // compares that drop their selects (a clamp alone, two vmaxps, was
    // not: swiglu_oai's f32 forward 0.95x at 16384 x 4096).
    auto pairFoldsFor = [&](Value a, Value b, double boundA, double boundB) {
      return foldsFor({a, b}, {boundA, boundB}, start, /*minMax=*/false);
    };
    // With none alone, two of the first kMaxPairSeeds: each pair's analysis
    // walks the body (400 seeds in a hand-written body took 32 s).
    Value first, second;
    uint64_t pairFolds =
        (best ? foldsFor({best}, {bestBound}, start, /*minMax=*/false) : 0) +
        uint64_t(pairMinFolds) - 1;
    for (auto [i, other] : llvm::enumerate(seeds)) {
      if (other == best || pairMinFolds == 0 || (!best && i >= kMaxPairSeeds))
        continue;
      for (Value partner : best ? ArrayRef<Value>(best) : seeds.take_front(i)) {
        unsigned folds =
            pairFoldsFor(partner, other, best ? bestBound : least, least);
        if (folds > pairFolds) {
          first = partner;
          second = other;
          pairFolds = folds;
        }
      }
    }
    if (second) {
      // `first` is `best` where there is one, at its own bound.
      auto firstBound = [&](double b) { return best ? bestBound : b; };
      float bound = widestBound(
          [&](double b) {
            return pairFoldsFor(first, second, firstBound(b), b);
          },
          least, pairFolds);
      return Test{{first, second}, {float(firstBound(bound)), bound}};
    }
    if (!best)
      return std::nullopt;
    return Test{{best}, {bestBound}};
  }
};
} // namespace

bool mlir::glu::isValidVersionBound(double bound) {
  return bound >= 1 && bound <= kMaxBound;
}
