//===- Expand.cpp - glu ops to elementwise linalg
//--------------------------===//
//
// glu.glu and glu.glu_back become one elementwise linalg.generic each. The
// scalar body of the forward is the variant's definition; the body of the
// backward is the same definition followed by its reverse-mode derivative,
// produced by the DifferentiableOpInterface rules from the very ops the
// definition built. Packing is indexing only: fused operands are read
// through (strided) slices, once, for glu and glu_back alike.
//
// The same code runs on tensors (glu-expand-ops) and on buffers (the ops'
// bufferization): slices are tensor.extract_slice or memref.subview, and a
// result written through slices is reassembled with tensor.insert_slice on
// tensors and needs nothing on buffers.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Expand.h"

#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Interfaces/ReverseMode.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::glu;

//===----------------------------------------------------------------------===//
// Generics from a definition
//===----------------------------------------------------------------------===//

/// The generic's result types: the inits' on tensors, none on buffers.
static SmallVector<Type> resultTypesOf(ValueRange inits) {
  SmallVector<Type> types;
  for (Value init : inits)
    if (isa<TensorType>(init.getType()))
      types.push_back(init.getType());
  return types;
}

static SmallVector<Value> resultsOf(linalg::GenericOp generic,
                                    ValueRange inits) {
  if (generic->getNumResults() == 0)
    return SmallVector<Value>(inits);
  return SmallVector<Value>(generic->getResults());
}

/// Identity maps and parallel iterators for `numOperands` same-shape operands.
static linalg::GenericOp
createElementwise(OpBuilder &b, Location loc, ValueRange inputs,
                  ValueRange inits,
                  function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  int64_t rank = cast<ShapedType>(inits[0].getType()).getRank();
  SmallVector<AffineMap> maps(inputs.size() + inits.size(),
                              b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(b, loc, resultTypesOf(inits), inputs, inits,
                                   maps, iterators, body);
}

static Value toF32(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isF32())
    return v;
  return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
}

/// Rounds an f32 result to storage. A NaN result is stored as the
/// canonical quiet NaN of the storage type (0x7fc00000, 0x7e00, 0x7fc0): NaN
/// payloads are not portable (x86 propagates an operand's, NVIDIA GPUs
/// produce 0x7fffffff), and trainer and server must agree on every bit.
static Value toStorage(OpBuilder &b, Location loc, Value v, Type storage) {
  Value stored =
      storage.isF32() ? v : arith::TruncFOp::create(b, loc, storage, v);
  return canonicalNaN(b, loc, v, stored);
}

Value mlir::glu::canonicalNaN(OpBuilder &b, Location loc, Value value,
                              Value stored) {
  Type type = stored.getType();
  Value nan = arith::ConstantOp::create(
      b, loc,
      b.getFloatAttr(
          type, APFloat::getQNaN(cast<FloatType>(type).getFloatSemantics())));
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  return arith::SelectOp::create(b, loc, isNaN, nan, stored);
}

Value mlir::glu::buildForwardGeneric(OpBuilder &builder, Location loc,
                                     const GluProgram &program,
                                     const GluDefinitionFn &definition,
                                     Value gate, Value up, Value init) {
  auto generic = createElementwise(
      builder, loc, {gate, up}, {init},
      [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
        FloatBuilder fb(b, nestedLoc);
        Value x = toF32(b, nestedLoc, args[0]);
        Value g = toF32(b, nestedLoc, args[1]);
        Value y = definition(fb, program, x, g);
        linalg::YieldOp::create(b, nestedLoc,
                                toStorage(b, nestedLoc, y, program.storage));
      });
  return resultsOf(generic, init)[0];
}

namespace {
/// The primal program split at the gate: the ops computed from the gate x
/// (and constants) alone, the other ops, and the gate-only float values the
/// others read (or y itself, were it gate-only). By the chain rule
/// d_x = sum over those values v of (dy * dy/dv) * dv/dx, with dv/dx a
/// function of x alone.
struct GateSplit {
  SmallVector<Operation *> gateOps, otherOps;
  SmallVector<Value> frontier;
};

GateSplit splitAtGate(ArrayRef<Operation *> primal, Value x, Value y) {
  GateSplit split;
  DenseSet<Value> fromX{x}, constant;
  DenseSet<Operation *> gateOps;
  for (Operation *op : primal) {
    bool anyX = false, allKnown = op->getNumRegions() == 0;
    for (Value v : op->getOperands()) {
      if (fromX.contains(v))
        anyX = true;
      else if (!constant.contains(v))
        allKnown = false;
    }
    if (allKnown && !anyX) {
      constant.insert(op->result_begin(), op->result_end());
    } else if (allKnown) {
      fromX.insert(op->result_begin(), op->result_end());
      gateOps.insert(op);
      split.gateOps.push_back(op);
    } else {
      split.otherOps.push_back(op);
    }
  }
  for (Operation *op : split.gateOps)
    for (Value r : op->getResults())
      if (isa<FloatType>(r.getType()) &&
          (r == y || llvm::any_of(r.getUsers(), [&](Operation *user) {
             return !gateOps.contains(user);
           })))
        split.frontier.push_back(r);
  return split;
}
} // namespace

FailureOr<std::pair<Value, Value>> mlir::glu::buildBackwardGeneric(
    OpBuilder &builder, Location loc, const GluProgram &program,
    const GluDefinitionFn &definition, Value dy, Value gate, Value up,
    Value initGate, Value initUp) {
  bool failedRule = false;
  // The hand-written act' (definitions::derivativeTerms) belongs to the
  // variants' own definitions: any other (a test's seventh variant, a
  // defect model's) is derived by the rules alone.
  using DefinitionPtr =
      Value (*)(FloatBuilder &, const GluProgram &, Value, Value);
  const DefinitionPtr *target = definition.target<DefinitionPtr>();
  bool ownDefinition = target && *target == &buildGluDefinition;
  auto generic = createElementwise(
      builder, loc, {dy, gate, up}, {initGate, initUp},
      [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
        FloatBuilder fb(b, nestedLoc);
        Value dyF = toF32(b, nestedLoc, args[0]);
        Value x = toF32(b, nestedLoc, args[1]);
        Value g = toF32(b, nestedLoc, args[2]);
        // Everything the definition builds after this point is the primal
        // program the rules differentiate.
        Block *block = b.getInsertionBlock();
        Operation *last = block->empty() ? nullptr : &block->back();
        Value y = definition(fb, program, x, g);
        SmallVector<Operation *> primal;
        auto first = last ? std::next(last->getIterator()) : block->begin();
        for (Operation &op : llvm::make_range(first, block->end()))
          primal.push_back(&op);
        // The derivative of y by the gate's values and by g at a unit seed
        // (dy*g*act'(x) threaded through act's ops would read every one of
        // them with g and dy: no table reproduces that), and of each gate
        // value by x at the seed 2^k: a function of x alone.
        GateSplit split = splitAtGate(primal, x, y);
        SmallVector<Value> wrt(split.frontier);
        wrt.push_back(g);
        FailureOr<SmallVector<Value>> byGateValues = differentiateReverse(
            b, split.otherOps, {{y, fb.constantLike(y, 1.0)}}, wrt);
        Value dx, dg;
        if (succeeded(byGateValues)) {
          Value seed = fb.constantLike(
              x, std::ldexp(1.0, definitions::derivativeSeedExponent(program)));
          for (auto [value, upOf] :
               llvm::zip(split.frontier, ArrayRef(*byGateValues))) {
            if (!upOf)
              continue;
            // act' as the terms the sweep sums at x (the linear factor's
            // and the argument's), which gateGradient sums with dy*up.
            SmallVector<SmallVector<Value>> terms;
            FailureOr<SmallVector<Value>> derivative = differentiateReverse(
                b, split.gateOps, {{value, seed}}, {x}, &terms);
            if (failed(derivative)) {
              failedRule = true;
              break;
            }
            if (!(*derivative)[0])
              continue;
            // The activation is the one gate value of every variant whose
            // act' derivativeTerms may write by hand.
            SmallVector<Value> actTerms =
                ownDefinition && split.frontier.size() == 1
                    ? definitions::derivativeTerms(fb, program, x, terms[0])
                    : terms[0];
            Value term =
                definitions::gateGradient(fb, program, dyF, upOf, actTerms);
            dx = dx ? fb.add(dx, term) : term;
          }
          if (Value byG = byGateValues->back())
            dg = fb.mul(dyF, byG);
        } else {
          failedRule = true;
        }
        if (failedRule)
          dx = dg = Value();
        dx = dx ? dx : fb.zerosLike(x);
        dg = dg ? dg : fb.zerosLike(g);
        linalg::YieldOp::create(
            b, nestedLoc,
            ValueRange{toStorage(b, nestedLoc, dx, program.storage),
                       toStorage(b, nestedLoc, dg, program.storage)});
      });
  if (failedRule) {
    generic->erase();
    return failure();
  }
  SmallVector<Value> results = resultsOf(generic, {initGate, initUp});
  return std::make_pair(results[0], results[1]);
}

//===----------------------------------------------------------------------===//
// Tensors or buffers
//===----------------------------------------------------------------------===//

namespace {
/// Slicing and sizing that work the same on tensors and on buffers.
struct Shaped {
  OpBuilder &b;
  Location loc;

  SmallVector<OpFoldResult> sizes(Value v) const {
    if (isa<TensorType>(v.getType()))
      return tensor::getMixedSizes(b, loc, v);
    return memref::getMixedSizes(b, loc, v);
  }

  Value slice(Value v, ArrayRef<OpFoldResult> offsets,
              ArrayRef<OpFoldResult> sizes,
              ArrayRef<OpFoldResult> strides) const {
    if (isa<TensorType>(v.getType()))
      return tensor::ExtractSliceOp::create(b, loc, v, offsets, sizes, strides);
    return memref::SubViewOp::create(b, loc, v, offsets, sizes, strides);
  }

  /// Writes `part` (computed into `slice(dest, ...)`) back: a new tensor on
  /// tensors, nothing to do on buffers.
  Value insert(Value part, Value dest, ArrayRef<OpFoldResult> offsets,
               ArrayRef<OpFoldResult> sizes,
               ArrayRef<OpFoldResult> strides) const {
    if (!isa<TensorType>(dest.getType()))
      return dest;
    return tensor::InsertSliceOp::create(b, loc, part, dest, offsets, sizes,
                                         strides);
  }

  OpFoldResult apply(AffineExpr expr, ArrayRef<OpFoldResult> operands) const {
    return affine::makeComposedFoldedAffineApply(b, loc, expr, operands);
  }
};

/// Where the gate and up halves of a fused operand live: slices of the last
/// dimension with a size, two offsets and a stride.
struct Halves {
  SmallVector<OpFoldResult> sizes; // of one half
  OpFoldResult gateOffset, upOffset, stride;
  OpFoldResult n, h; // the fused last size and floor(n/2)

  // A Builder, not an OpBuilder: attributes only, no ops.
  SmallVector<OpFoldResult> offsets(Builder &b, OpFoldResult last) const {
    SmallVector<OpFoldResult> result(sizes.size(), b.getIndexAttr(0));
    result.back() = last;
    return result;
  }
  SmallVector<OpFoldResult> strides(Builder &b) const {
    SmallVector<OpFoldResult> result(sizes.size(), b.getIndexAttr(1));
    result.back() = stride;
    return result;
  }
  Value extract(const Shaped &s, Value fused, OpFoldResult offset) const {
    return s.slice(fused, offsets(s.b, offset), sizes, strides(s.b));
  }
  Value insert(const Shaped &s, Value part, Value dest,
               OpFoldResult offset) const {
    return s.insert(part, dest, offsets(s.b, offset), sizes, strides(s.b));
  }
};
} // namespace

static Halves locateHalves(const Shaped &s, Value fused, Packing packing) {
  OpBuilder &b = s.b;
  Halves halves;
  halves.sizes = s.sizes(fused);
  halves.n = halves.sizes.back();
  AffineExpr s0;
  bindSymbols(b.getContext(), s0);
  halves.h = s.apply(s0.floorDiv(2), {halves.n});
  halves.sizes.back() = halves.h;
  OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
  switch (packing) {
  case Packing::halves:
    halves.gateOffset = zero;
    halves.upOffset = halves.h;
    halves.stride = one;
    break;
  case Packing::swapped:
    halves.gateOffset = halves.h;
    halves.upOffset = zero;
    halves.stride = one;
    break;
  case Packing::interleaved:
    halves.gateOffset = zero;
    halves.upOffset = one;
    halves.stride = b.getIndexAttr(2);
    break;
  }
  return halves;
}

/// Emits `cf.assert` that the fused last size `n` is at least 2, when the
/// verifier could not check it.
static void checkFusedSize(const Shaped &s, OpFoldResult n, StringRef opName) {
  if (getConstantIntValue(n))
    return;
  Value two = arith::ConstantIndexOp::create(s.b, s.loc, 2);
  Value ok = arith::CmpIOp::create(s.b, s.loc, arith::CmpIPredicate::uge,
                                   cast<Value>(n), two);
  cf::AssertOp::create(
      s.b, s.loc, ok,
      (opName + ": the fused operand's last dimension must be >= 2").str());
}

/// Emits `cf.assert`s that `value` has the sizes `expected` wherever either
/// is dynamic (static mismatches were rejected by the verifier).
static void checkSizes(const Shaped &s, Value value,
                       ArrayRef<OpFoldResult> expected, StringRef what) {
  SmallVector<OpFoldResult> actual = s.sizes(value);
  for (auto [dim, pair] : llvm::enumerate(llvm::zip(actual, expected))) {
    auto [have, want] = pair;
    if (getConstantIntValue(have) && getConstantIntValue(want))
      continue;
    Value haveValue = getValueOrCreateConstantIndexOp(s.b, s.loc, have);
    Value ok = arith::CmpIOp::create(
        s.b, s.loc, arith::CmpIPredicate::eq, haveValue,
        getValueOrCreateConstantIndexOp(s.b, s.loc, want));
    cf::AssertOp::create(
        s.b, s.loc, ok,
        (what + " has the wrong size along dimension " + Twine(dim)).str());
  }
}

/// Emits `cf.assert`s that `sizes`, computed from the operands, agree with
/// the static sizes of the result type `type` where they are dynamic.
static void checkResultSizes(const Shaped &s, ArrayRef<OpFoldResult> sizes,
                             ShapedType type, StringRef what) {
  for (auto [dim, size] : llvm::enumerate(sizes)) {
    if (type.isDynamicDim(dim) || getConstantIntValue(size))
      continue;
    Value want =
        arith::ConstantIndexOp::create(s.b, s.loc, type.getDimSize(dim));
    Value ok = arith::CmpIOp::create(s.b, s.loc, arith::CmpIPredicate::eq,
                                     cast<Value>(size), want);
    cf::AssertOp::create(
        s.b, s.loc, ok,
        (what + " has the wrong size along dimension " + Twine(dim)).str());
  }
}

/// Zeroes the trailing n - 2h elements of `da` (one for odd n) the forward
/// never read (docs/semantics.md section 4).
static Value writeTail(const Shaped &s, Value da, const Halves &halves) {
  AffineExpr s0, s1;
  bindSymbols(s.b.getContext(), s0, s1);
  OpFoldResult tail = s.apply(s0 - s1 * 2, {halves.n, halves.h});
  if (std::optional<int64_t> size = getConstantIntValue(tail); size == 0)
    return da;
  SmallVector<OpFoldResult> sizes = halves.sizes;
  sizes.back() = tail;
  SmallVector<OpFoldResult> offsets(sizes.size(), s.b.getIndexAttr(0));
  offsets.back() = s.apply(s0 * 2, {halves.h});
  SmallVector<OpFoldResult> strides(sizes.size(), s.b.getIndexAttr(1));
  Value tailSlice = s.slice(da, offsets, sizes, strides);
  Type element = getElementTypeOrSelf(da.getType());
  Value zero = arith::ConstantOp::create(s.b, s.loc, s.b.getZeroAttr(element));
  auto fill = linalg::FillOp::create(s.b, s.loc, zero, tailSlice);
  Value filled = fill->getNumResults() ? fill.getResult(0) : tailSlice;
  return s.insert(filled, da, offsets, sizes, strides);
}

//===----------------------------------------------------------------------===//
// The lowering of glu.glu and glu.glu_back
//===----------------------------------------------------------------------===//

/// Whether `v` has a static size 0: it holds no element, and no slice of it
/// may be taken (the slice verifiers reject even offset 0 into a size-0
/// dimension), so its halves are not extracted.
static bool isStaticallyEmpty(Value v) {
  return llvm::is_contained(cast<ShapedType>(v.getType()).getShape(), 0);
}

static FailureOr<SmallVector<Value>>
lowerForward(const Shaped &s, GluOp op, Value a, Value b,
             const DestinationFn &makeDestination,
             const GluDefinitionFn &definition) {
  GluProgram program = GluProgram::of(op);
  Value gate = a, up = b;
  SmallVector<OpFoldResult> sizes;
  if (op.isFused()) {
    Halves halves = locateHalves(s, a, op.getPackingOrDefault());
    checkFusedSize(s, halves.n, "glu.glu");
    sizes = halves.sizes;
    if (!isStaticallyEmpty(a)) {
      gate = halves.extract(s, a, halves.gateOffset);
      up = halves.extract(s, a, halves.upOffset);
    }
  } else {
    sizes = s.sizes(a);
    checkSizes(s, b, sizes, "glu.glu: operand b");
  }
  checkResultSizes(s, sizes, op.getType(), "glu.glu: the result");
  FailureOr<Value> init = makeDestination(s.b, s.loc, op.getType(), sizes);
  if (failed(init))
    return failure();
  if (isStaticallyEmpty(a))
    return SmallVector<Value>{*init};
  Value y =
      buildForwardGeneric(s.b, s.loc, program, definition, gate, up, *init);
  return SmallVector<Value>{y};
}

static FailureOr<SmallVector<Value>>
lowerBackward(const Shaped &s, GluBackOp op, Value dy, Value a, Value b,
              const DestinationFn &makeDestination,
              const GluDefinitionFn &definition) {
  GluProgram program = GluProgram::of(op);
  auto typeOf = [](Value v) { return cast<RankedTensorType>(v.getType()); };

  if (!op.isFused()) {
    SmallVector<OpFoldResult> sizes = s.sizes(a);
    checkSizes(s, b, sizes, "glu.glu_back: operand b");
    checkSizes(s, dy, sizes, "glu.glu_back: dy");
    checkResultSizes(s, sizes, typeOf(op.getDa()), "glu.glu_back: d_a");
    checkResultSizes(s, sizes, typeOf(op.getDb()), "glu.glu_back: d_b");
    FailureOr<Value> initA =
        makeDestination(s.b, s.loc, typeOf(op.getDa()), sizes);
    FailureOr<Value> initB =
        makeDestination(s.b, s.loc, typeOf(op.getDb()), sizes);
    if (failed(initA) || failed(initB))
      return failure();
    auto grads = buildBackwardGeneric(s.b, s.loc, program, definition, dy, a, b,
                                      *initA, *initB);
    if (failed(grads))
      return op.emitOpError("could not derive the VJP of its definition");
    return SmallVector<Value>{grads->first, grads->second};
  }

  Halves halves = locateHalves(s, a, op.getPackingOrDefault());
  checkFusedSize(s, halves.n, "glu.glu_back");
  checkSizes(s, dy, halves.sizes, "glu.glu_back: dy");
  checkResultSizes(s, s.sizes(a), typeOf(op.getDa()), "glu.glu_back: d_a");
  if (isStaticallyEmpty(a)) {
    FailureOr<Value> da =
        makeDestination(s.b, s.loc, typeOf(op.getDa()), s.sizes(a));
    if (failed(da))
      return failure();
    return SmallVector<Value>{*da};
  }
  Value gate = halves.extract(s, a, halves.gateOffset);
  Value up = halves.extract(s, a, halves.upOffset);

  // d_a is written in place: each output of the generic is the slice of d_a
  // where the forward read that half.
  OpFoldResult gateAt = halves.gateOffset, upAt = halves.upOffset;
  FailureOr<Value> dest =
      makeDestination(s.b, s.loc, typeOf(op.getDa()), s.sizes(a));
  if (failed(dest))
    return failure();
  Value gateDest = halves.extract(s, *dest, gateAt);
  auto grads =
      buildBackwardGeneric(s.b, s.loc, program, definition, dy, gate, up,
                           gateDest, halves.extract(s, *dest, upAt));
  if (failed(grads))
    return op.emitOpError("could not derive the VJP of its definition");
  Value da = halves.insert(s, grads->first, *dest, gateAt);
  da = halves.insert(s, grads->second, da, upAt);
  return SmallVector<Value>{writeTail(s, da, halves)};
}

FailureOr<SmallVector<Value>>
mlir::glu::lowerGluOp(OpBuilder &builder, Operation *op, ValueRange operands,
                      const DestinationFn &makeDestination,
                      const GluDefinitionFn &definition) {
  Shaped s{builder, op->getLoc()};
  if (auto glu = dyn_cast<GluOp>(op))
    return lowerForward(s, glu, operands[0],
                        glu.isFused() ? Value() : operands[1], makeDestination,
                        definition);
  auto back = cast<GluBackOp>(op);
  return lowerBackward(s, back, operands[0], operands[1],
                       back.isFused() ? Value() : operands[2], makeDestination,
                       definition);
}
