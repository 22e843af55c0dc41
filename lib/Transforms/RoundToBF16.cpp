//===- RoundToBF16.cpp - f32 to bf16 rounding: integer ops, or AVX512_BF16 ===//
//
// glu-round-to-bf16:
// Upstream's arith-expand rounds f32 to bf16 with integer ops and then
// selects 0x7fc0 for a NaN input in i16; glu-expand-ops selects the bf16
// quiet NaN for a NaN result once more. LLVM's instcombine turns every
// select feeding a bf16 value into a select on bf16 (it folds the bitcast
// into the select's constant arm), and the x86 backend without AVX512-BF16
// has no vector select on bf16: it scalarizes it, 16 compares, cmovs and
// word stores per vector, which made every bf16 kernel compiled for
// x86-64-v3 (AVX2) four to eight times slower than memory. Here the NaN is
// replaced in f32 before the rounding (0x7fc00000 rounds to 0x7fc0, the
// same bits), so no select on 16-bit values is left, and the select of
// the quiet NaN on a rounded value is dropped: it is the same value.
//
// glu-avx512-bf16-rounding: AVX512_BF16's vcvtneps2bf16 rounds 16 lanes
// to nearest even in one instruction where the integer rounding takes six
// and a permute per 32 lanes to pack. It reads a subnormal input as zero
// and keeps a NaN's payload, where glu rounds the subnormal and stores the
// quiet NaN 0x7fc0 (docs/semantics.md); on every other f32 the two agree
// (unittests/Numerics/BF16RoundingTest.cpp: all 2^32). So the truncations
// of a block are tested together first, a class test per 16 lanes: the
// instruction where no lane is NaN or subnormal, the integer rounding (the
// ops as they were) where one is.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"
#include "GluDialect/Transforms/Vectors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/Matchers.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUAVX512BF16ROUNDING
#define GEN_PASS_DEF_GLUROUNDTOBF16
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// Whether `select` is `select(cmpf uno|une %v, %v), <bf16 quiet NaN>,
/// truncf(%v)` for the truncation `trunc`.
bool isNaNSelectOf(arith::SelectOp select, arith::TruncFOp trunc) {
  if (select.getFalseValue() != trunc.getResult())
    return false;
  auto cmp = select.getCondition().getDefiningOp<arith::CmpFOp>();
  Value v = trunc.getIn();
  if (!cmp || cmp.getLhs() != v || cmp.getRhs() != v ||
      (cmp.getPredicate() != arith::CmpFPredicate::UNO &&
       cmp.getPredicate() != arith::CmpFPredicate::UNE))
    return false;
  APFloat nan(0.0f);
  if (!matchPattern(select.getTrueValue(), m_ConstantFloat(&nan)))
    return false;
  return nan.bitcastToAPInt() ==
         APFloat::getQNaN(APFloat::BFloat()).bitcastToAPInt();
}

/// Round to nearest even as upstream's expansion does: the bits plus
/// 0x7fff plus bit 16, shifted right by 16 (a carry into the exponent is
/// the rounding up to the next binade or to infinity); a NaN input is the
/// quiet NaN 0x7fc00000 first, which this rounds to 0x7fc0.
Value roundToBF16(OpBuilder &b, Location loc, Value v, Type resultType) {
  Type f32Type = v.getType();
  Type i32Type = glu::withElement(f32Type, b.getI32Type());
  Type i16Type = glu::withElement(f32Type, b.getI16Type());
  auto i32 = [&](uint32_t c) {
    return createScalarOrSplatConstant(b, loc, i32Type, int64_t(c));
  };
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, v, v);
  Value nan = createScalarOrSplatConstant(
      b, loc, f32Type, APFloat(std::numeric_limits<float>::quiet_NaN()));
  Value quiet = arith::SelectOp::create(b, loc, isNaN, nan, v);
  Value bits = arith::BitcastOp::create(b, loc, i32Type, quiet);
  Value high = arith::ShRUIOp::create(b, loc, bits, i32(16));
  Value bit16 = arith::AndIOp::create(b, loc, high, i32(1));
  Value bias = arith::AddIOp::create(b, loc, bit16, i32(0x7fff));
  Value biased = arith::AddIOp::create(b, loc, bits, bias);
  Value rounded = arith::ShRUIOp::create(b, loc, biased, i32(16));
  Value narrow = arith::TruncIOp::create(b, loc, i16Type, rounded);
  return arith::BitcastOp::create(b, loc, resultType, narrow);
}

struct GluRoundToBF16Pass : glu::impl::GluRoundToBF16Base<GluRoundToBF16Pass> {
  void runOnOperation() override {
    SmallVector<arith::TruncFOp> truncs;
    getOperation()->walk([&](arith::TruncFOp trunc) {
      // The integer rounding's constants are splats: a dynamically shaped
      // tensor has none (and is not what the vector code this is for has).
      auto shaped = dyn_cast<ShapedType>(trunc.getType());
      if (shaped && !shaped.hasStaticShape())
        return;
      if (getElementTypeOrSelf(trunc.getType()).isBF16() &&
          getElementTypeOrSelf(trunc.getIn().getType()).isF32() &&
          !trunc.getRoundingmodeAttr())
        truncs.push_back(trunc);
    });
    if (truncs.empty())
      return markAllAnalysesPreserved();
    for (arith::TruncFOp trunc : truncs) {
      OpBuilder b(trunc);
      Value rounded =
          roundToBF16(b, trunc.getLoc(), trunc.getIn(), trunc.getType());
      for (Operation *user : llvm::make_early_inc_range(trunc->getUsers())) {
        auto select = dyn_cast<arith::SelectOp>(user);
        if (select && isNaNSelectOf(select, trunc)) {
          select.replaceAllUsesWith(rounded);
          select.erase();
        }
      }
      trunc.replaceAllUsesWith(rounded);
      trunc.erase();
    }
  }
};
} // namespace

namespace {
/// A truncation to bf16 the hardware may round: f32 to bf16, default
/// rounding, a 1-D vector of whole 512-bit registers.
bool isHardwareTruncation(arith::TruncFOp trunc) {
  auto type = dyn_cast<VectorType>(trunc.getType());
  return type && type.getRank() == 1 && !type.isScalable() &&
         type.getNumElements() % 16 == 0 && type.getElementType().isBF16() &&
         getElementTypeOrSelf(trunc.getIn().getType()).isF32() &&
         !trunc.getRoundingmodeAttr();
}

/// Truncations of one block rounded behind one test, at `point`: the first
/// op of the block that uses one of them (or its NaN select). Each value
/// is the truncation or, where that is its only use, its NaN select.
struct Group {
  SmallVector<arith::TruncFOp> truncs;
  SmallVector<SmallVector<arith::SelectOp>> selects;
  Operation *point = nullptr;
};

/// The op of `block` holding `user` (the last op where the user is in a
/// later block: the truncation's block dominates it).
Operation *holder(Block *block, Operation *user) {
  Operation *op = block->findAncestorOpInBlock(*user);
  return op ? op : &block->back();
}

/// The groups of `block`: in block order, a truncation joins the group
/// before it when it comes before that group's point, so every input
/// dominates the test.
SmallVector<Group> groupsOf(Block *block) {
  SmallVector<Group> groups;
  Group current;
  for (Operation &op : *block) {
    if (&op == current.point)
      groups.push_back(std::exchange(current, Group()));
    auto trunc = dyn_cast<arith::TruncFOp>(op);
    if (!trunc || !isHardwareTruncation(trunc) || trunc->use_empty())
      continue;
    // Its NaN selects go where they are its only uses; else every use,
    // those selects included, reads the rounded value.
    SmallVector<arith::SelectOp> selects;
    for (Operation *user : trunc->getUsers()) {
      auto select = dyn_cast<arith::SelectOp>(user);
      if (!select || !isNaNSelectOf(select, trunc)) {
        selects.clear();
        break;
      }
      selects.push_back(select);
    }
    Operation *first = nullptr;
    auto see = [&](Operation *user) {
      Operation *at = holder(block, user);
      if (!first || at->isBeforeInBlock(first))
        first = at;
    };
    if (selects.empty())
      llvm::for_each(trunc->getUsers(), see);
    for (arith::SelectOp select : selects)
      llvm::for_each(select->getUsers(), see);
    // Only NaN selects, none of them used: nothing to round here.
    if (!first)
      continue;
    current.truncs.push_back(trunc);
    current.selects.push_back(selects);
    if (!current.point || first->isBeforeInBlock(current.point))
      current.point = first;
  }
  if (!current.truncs.empty())
    groups.push_back(std::move(current));
  return groups;
}

/// Whether any lane of `values` (f32 vectors of whole 512-bit registers)
/// is NaN or subnormal: llvm.intr.is.fpclass per 16 lanes, the masks
/// or'ed and reduced. glu-avx512-fpclass makes each a vfpclassps after the
/// lowering to LLVM (the x86 intrinsic now, an op of unknown effects, would
/// keep the canonicalizer from inlining scf-to-openmp's alloca_scopes).
Value anyNaNOrSubnormal(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  auto maskType = VectorType::get({16}, b.getI1Type());
  // llvm.is.fpclass's classes: signaling NaN (bit 0), quiet NaN (1),
  // negative subnormal (4), positive subnormal (7).
  constexpr uint32_t kNaNOrSubnormal = 0x1 | 0x2 | 0x10 | 0x80;
  Value any;
  for (Value v : values) {
    int64_t width = cast<VectorType>(v.getType()).getNumElements();
    for (int64_t i = 0; i < width; i += 16) {
      Value piece = width == 16 ? v
                                : vector::ExtractStridedSliceOp::create(
                                      b, loc, v, {i}, {16}, {1});
      Value mask =
          LLVM::IsFPClass::create(b, loc, maskType, piece, kNaNOrSubnormal);
      any = any ? arith::OrIOp::create(b, loc, any, mask) : mask;
    }
  }
  return vector::ReductionOp::create(b, loc, vector::CombiningKind::OR, any);
}

/// `scf.if` (any lane NaN or subnormal) the integer rounding, else the
/// hardware's, for the group's truncations, at its point. The branches
/// yield the bits as i16: LLVM's x86 backend has no non-temporal store of
/// bf16 vectors (it emits `vmovaps` for one), so a value that reaches the
/// store as bf16 never streams (glu-nontemporal-stores). i16 alone is not
/// enough either (instcombine stores a bitcast's operand):
/// glu-nontemporal-words stores these words volatile, which keeps them
/// i16 through LLVM.
void roundByHardware(Group &group) {
  OpBuilder b(group.point);
  Location loc = group.truncs.front().getLoc();
  SmallVector<Value> inputs;
  SmallVector<Type> words;
  for (arith::TruncFOp trunc : group.truncs) {
    inputs.push_back(trunc.getIn());
    words.push_back(glu::withElement(trunc.getType(), b.getI16Type()));
  }
  Value special = anyNaNOrSubnormal(b, loc, inputs);
  auto ifOp = scf::IfOp::create(b, loc, words, special, /*withElse=*/true);
  // Then: the truncations (and NaN selects) as they were, for
  // glu-round-to-bf16 (or arith-expand) to expand.
  b.setInsertionPointToStart(ifOp.thenBlock());
  SmallVector<Value> exact;
  for (auto [trunc, selects, word] :
       llvm::zip(group.truncs, group.selects, words)) {
    Value t = arith::TruncFOp::create(b, loc, trunc.getType(), trunc.getIn());
    if (!selects.empty()) {
      Value nan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                        trunc.getIn(), trunc.getIn());
      Value qnan = createScalarOrSplatConstant(
          b, loc, trunc.getType(), APFloat::getQNaN(APFloat::BFloat()));
      t = arith::SelectOp::create(b, loc, nan, qnan, t);
    }
    exact.push_back(arith::BitcastOp::create(b, loc, word, t));
  }
  scf::YieldOp::create(b, loc, exact);
  // Else: LLVM's fptrunc, vcvtneps2bf16 on an AVX512_BF16 target, which
  // arith-expand leaves alone; no lane is NaN, so no select either.
  b.setInsertionPointToStart(ifOp.elseBlock());
  SmallVector<Value> fast;
  for (auto [trunc, word] : llvm::zip(group.truncs, words))
    fast.push_back(arith::BitcastOp::create(
        b, loc, word,
        LLVM::FPTruncOp::create(b, loc, trunc.getType(), trunc.getIn())));
  scf::YieldOp::create(b, loc, fast);
  b.setInsertionPointAfter(ifOp);
  for (auto [trunc, selects, result] :
       llvm::zip(group.truncs, group.selects, ifOp.getResults())) {
    Value rounded = arith::BitcastOp::create(b, loc, trunc.getType(), result);
    for (arith::SelectOp select : selects) {
      select.replaceAllUsesWith(rounded);
      select.erase();
    }
    trunc.replaceAllUsesWith(rounded);
    trunc.erase();
  }
}

/// The words of an interleaved packing's rounded halves interleaved as
/// i16, then read as bf16: an interleave on bf16 values reaches LLVM's
/// store as a bf16 shuffle, which the x86 backend does not stream (see
/// roundByHardware).
void interleaveWords(Operation *root) {
  auto wordsOf = [](Value v) -> Value {
    auto cast = v.getDefiningOp<arith::BitcastOp>();
    if (!cast || !getElementTypeOrSelf(cast.getIn().getType()).isInteger(16))
      return {};
    return cast.getIn();
  };
  SmallVector<vector::InterleaveOp> interleaves;
  root->walk([&](vector::InterleaveOp op) {
    if (op.getType().getElementType().isBF16() && wordsOf(op.getLhs()) &&
        wordsOf(op.getRhs()))
      interleaves.push_back(op);
  });
  for (vector::InterleaveOp op : interleaves) {
    OpBuilder b(op);
    Value words = vector::InterleaveOp::create(
        b, op.getLoc(), wordsOf(op.getLhs()), wordsOf(op.getRhs()));
    op.getResult().replaceAllUsesWith(
        arith::BitcastOp::create(b, op.getLoc(), op.getType(), words));
    op.erase();
  }
}

struct GluAVX512BF16RoundingPass
    : glu::impl::GluAVX512BF16RoundingBase<GluAVX512BF16RoundingPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) {
      if (llvm::any_of(*block, [](Operation &op) {
            auto trunc = dyn_cast<arith::TruncFOp>(op);
            return trunc && isHardwareTruncation(trunc);
          }))
        blocks.push_back(block);
    });
    if (blocks.empty())
      return markAllAnalysesPreserved();
    for (Block *block : blocks)
      for (Group &group : groupsOf(block))
        roundByHardware(group);
    interleaveWords(getOperation());
  }
};
} // namespace
