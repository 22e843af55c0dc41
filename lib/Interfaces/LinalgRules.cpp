//===- LinalgRules.cpp - Derivative rules of linalg structured ops
//---------===//
//
// One rule serves every linalg structured op on tensors (linalg.generic,
// map, reduce, broadcast, transpose, elementwise, fill, copy, the matmul
// family and the named elementwise ops), because it is derived from what a
// structured op is: an iteration space, one indexing map per operand and a
// scalar payload. The payload's scalar derivatives come from the scalar rules
// (ArithRules, MathRules) through the same reverse-mode driver, one level
// down: one concept, two levels.
//
// Notation. The op visits every point i of its iteration space; operand p is
// read at m_p(i). If every loop is parallel, result k is
//
//   y_k[m_k(i)] = f_k(x_1[m_1(i)], ..., x_n[m_n(i)], o_k[m_k(i)])       (1)
//
// (o_k the init operand). With reduction loops, each result must be a sum or
// an extremum over them: the payload yields `o_k + g_k(...)` or
// `max/min(o_k, g_k(...))` with g_k independent of o_k, i.e.
//
//   y_k[j] = o_k[j] + sum_{i : m_k(i) = j} g_k(i)                       (2)
//   y_k[j] = max(o_k[j], max_{i : m_k(i) = j} g_k(i))                   (3)
//
// Chain rule. With dy_k the cotangent of y_k,
//
//   dx_p[l] = sum_{i : m_p(i) = l} sum_k dy_k[m_k(i)] * s_k(i) * dc_k/dx_p(i)
//
// where c_k is the payload value whose derivative flows (f_k for (1), g_k for
// (2) and (3)), dc_k/dx_p is the scalar payload differentiated by the scalar
// rules, and s_k(i) = 1 except for extrema (3), where s_k(i) = [g_k(i) == y_k]
// routes dy_k to every maximiser (ties each receive the full dy_k). The sum
// over {i : m_p(i) = l} is a reduction over exactly the loops m_p does not
// use, so dx_p is ONE linalg.generic over the same iteration space with
// output map m_p, those loops marked reduction and the others parallel:
// - broadcasting (m_p drops loops) sums the cotangent back onto x_p's shape,
// - transposition (m_p permutes loops) transposes it back,
// - a reduction operand (a sum over a loop) broadcasts dy back over it.
// For the inits: (1) differentiates f_k with respect to o_k when the payload
// reads it; (2) gives do_k = dy_k; (3) gives do_k = [o_k == y_k] * dy_k.
//
// m_p must be a projected permutation (every map result a distinct loop), so
// that l determines the parallel loops of the cotangent's generic; other maps
// (convolutions, strided reads) are a diagnostic.
//
// Contractions. For linalg.matmul C = A B (C[m,n] = sum_k A[m,k] B[k,n]) the
// formula gives dA[m,k] = sum_n dC[m,n] B[k,n], i.e. dA = dC B^T, and
// dB = A^T dC; batch_matmul the same per batch. These are emitted as
// linalg.matmul / linalg.batch_matmul with transposing indexing maps rather
// than generics, so later matmul lowerings apply.
//
// Gathers. A payload may read a tensor T captured from above with
// tensor.extract at computed indices (the form frontends emit for
// torch.gather / ggml_get_rows: `linalg.index` and `arith.index_cast` of an
// integer operand give the indices). Then dT[idx(i)] += dc/dT[idx(i)] at
// every point i: a scatter-add, emitted as an scf.for nest over the iteration
// space carrying dT. The integer index operands get no cotangent.
//
//===----------------------------------------------------------------------===//

#include "RuleBase.h"

#include "GluDialect/Interfaces/ReverseMode.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::glu;

namespace {

/// How a result is built over the reduction loops.
enum class Fold {
  /// No reduction loops: (1).
  None,
  /// A sum, (2).
  Sum,
  /// A maximum or minimum, (3).
  Extremum,
  /// Reduction loops, but not a sum or extremum this rule understands.
  Unsupported,
};

struct ResultForm {
  Fold fold = Fold::None;
  /// The payload value the derivative flows from: the yielded value for
  /// Fold::None, g_k for sums and extrema.
  Value contribution;
};

/// True when `value` (a payload value) depends on `arg`.
bool dependsOn(Value value, BlockArgument arg) {
  Block *body = arg.getOwner();
  SmallVector<Value> work{value};
  llvm::DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (v == arg)
      return true;
    if (!seen.insert(v).second)
      continue;
    Operation *def = v.getDefiningOp();
    if (!def || !body->findAncestorOpInBlock(*def))
      continue;
    llvm::append_range(work, def->getOperands());
  }
  return false;
}

/// The form of each result of `op` (see the file comment).
SmallVector<ResultForm> analyseResults(linalg::LinalgOp op) {
  Block *body = op.getBlock();
  Operation *yield = body->getTerminator();
  bool reduces = op.getNumReductionLoops() > 0;
  SmallVector<ResultForm> forms;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    Value yielded =
        yield->getOperand(init.getOperandNumber() - op.getNumDpsInputs());
    if (!reduces) {
      forms.push_back({Fold::None, yielded});
      continue;
    }
    BlockArgument out = op.getMatchingBlockArgument(&init);
    Operation *def = yielded.getDefiningOp();
    ResultForm form{Fold::Unsupported, Value()};
    if (def && def->getBlock() == body && def->getNumOperands() == 2) {
      Fold fold = Fold::Unsupported;
      if (isa<arith::AddFOp>(def))
        fold = Fold::Sum;
      else if (isa<arith::MaximumFOp, arith::MaxNumFOp, arith::MinimumFOp,
                   arith::MinNumFOp>(def))
        fold = Fold::Extremum;
      Value lhs = def->getOperand(0), rhs = def->getOperand(1);
      // The term must not read any result's running value: one that reads
      // another's (a sum of prefix sums) is no sum of the inputs' terms,
      // and its gradient through that value was dropped (a zero gradient).
      auto readsRunning = [&](Value term) {
        return llvm::any_of(op.getDpsInitsMutable(), [&](OpOperand &other) {
          return dependsOn(term, op.getMatchingBlockArgument(&other));
        });
      };
      if (fold != Fold::Unsupported) {
        if (lhs == out && !readsRunning(rhs))
          form = {fold, rhs};
        else if (rhs == out && !readsRunning(lhs))
          form = {fold, lhs};
      }
    }
    forms.push_back(form);
  }
  return forms;
}

/// Clones the payload of `op` (without its terminator) at `b`, its block
/// arguments replaced through `mapping`; with `ivs`, `linalg.index d` becomes
/// ivs[d]. Returns the clones in program order.
SmallVector<Operation *> clonePayload(OpBuilder &b, linalg::LinalgOp op,
                                      IRMapping &mapping, ValueRange ivs) {
  SmallVector<Operation *> clones;
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(inner); index && !ivs.empty()) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    clones.push_back(b.clone(inner, mapping));
  }
  return clones;
}

/// The cotangent of `value`, a candidate of the extremum `y`: dy where it
/// is y, 0 elsewhere. A NaN extremum is its NaN candidates' (NaN == NaN is
/// false: they got 0): they take dy, as NaN, as a NaN operand of maximumf
/// does.
Value extremumCotangent(FloatBuilder &fb, Value value, Value y, Value dy) {
  Value nan = fb.cmp(arith::CmpFPredicate::UNO, value, value);
  Value chosen = fb.select(nan, fb.cmp(arith::CmpFPredicate::UNO, y, y),
                           fb.cmp(arith::CmpFPredicate::OEQ, value, y));
  return fb.select(chosen, fb.select(nan, value, dy), fb.zerosLike(dy));
}

/// The seeds of the payload's reverse sweep: each result's contribution
/// with its cotangent (`dy`, scalars, null for none), masked to the points
/// that attain the extremum `y` for extrema.
SmallVector<std::pair<Value, Value>>
payloadSeeds(OpBuilder &b, Location loc, ArrayRef<ResultForm> forms,
             ArrayRef<Value> dy, ArrayRef<Value> y, IRMapping &mapping) {
  SmallVector<std::pair<Value, Value>> seeds;
  FloatBuilder fb(b, loc);
  for (auto [k, form] : llvm::enumerate(forms)) {
    if (!dy[k])
      continue;
    Value contribution = mapping.lookupOrDefault(form.contribution);
    Value seed = dy[k];
    if (form.fold == Fold::Extremum)
      seed = extremumCotangent(fb, contribution, y[k], dy[k]);
    seeds.push_back({contribution, seed});
  }
  return seeds;
}

bool isFloatLike(Type type) {
  return isa<FloatType>(getElementTypeOrSelf(type));
}

/// dx_p for one operand of `op` (an input, or an init its payload reads in
/// an all-parallel op): the linalg.generic of the file comment.
FailureOr<Value> emitOperandCotangent(OpBuilder &b, linalg::LinalgOp op,
                                      OpOperand &wrt,
                                      ArrayRef<ResultForm> forms,
                                      ArrayRef<Value> dys) {
  Location loc = op.getLoc();
  AffineMap wrtMap = op.getMatchingIndexingMap(&wrt);
  if (!wrtMap.isProjectedPermutation())
    return op->emitOpError("cannot be differentiated with respect to operand #")
           << wrt.getOperandNumber() << ": it is read through "
           << AffineMapAttr::get(wrtMap)
           << ", which is not a projected permutation";

  // Inputs of the cotangent's generic: every operand of `op` (the payload
  // reads them), then each result cotangent and, for extrema, the result.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand &operand : op->getOpOperands()) {
    inputs.push_back(operand.get());
    maps.push_back(op.getMatchingIndexingMap(&operand));
  }
  unsigned numResults = op->getNumResults();
  SmallVector<int> dyArg(numResults, -1), yArg(numResults, -1);
  for (auto [k, result] : llvm::enumerate(op->getResults())) {
    if (!dys[k])
      continue;
    AffineMap map = op.getIndexingMapMatchingResult(cast<OpResult>(result));
    dyArg[k] = inputs.size();
    inputs.push_back(dys[k]);
    maps.push_back(map);
    // The forward result: extrema compare with it; elementwise payloads
    // read it instead of recomputing their value (exp's rule uses exp).
    if (forms[k].fold != Fold::Sum) {
      yArg[k] = inputs.size();
      inputs.push_back(result);
      maps.push_back(map);
    }
  }

  // The loops the operand does not use are summed over.
  SmallVector<utils::IteratorType> iterators(op.getNumLoops(),
                                             utils::IteratorType::reduction);
  for (AffineExpr e : wrtMap.getResults())
    iterators[cast<AffineDimExpr>(e).getPosition()] =
        utils::IteratorType::parallel;
  bool accumulates =
      llvm::is_contained(iterators, utils::IteratorType::reduction);

  Value primal = wrt.get();
  Type elementType = getElementTypeOrSelf(primal.getType());
  auto tensorType = dyn_cast<RankedTensorType>(primal.getType());
  // A sum of a 16-bit operand's terms runs in f32, rounded once at the end
  // (in bf16, 4096 terms of 1 summed to 256: each partial sum rounded).
  auto floatType = dyn_cast<FloatType>(elementType);
  Type sumType = accumulates && floatType && floatType.getWidth() < 32
                     ? b.getF32Type()
                     : elementType;
  // A scalar operand (linalg.fill's value) gets a rank-0 cotangent first.
  SmallVector<int64_t> shape;
  if (tensorType)
    shape = llvm::to_vector(tensorType.getShape());
  auto outType = RankedTensorType::get(
      shape, sumType, tensorType ? tensorType.getEncoding() : Attribute());
  FloatBuilder fb(b, loc);
  Value init;
  if (accumulates && sumType != elementType) {
    SmallVector<OpFoldResult> sizes;
    if (tensorType)
      sizes = tensor::getMixedSizes(b, loc, primal);
    Value empty = tensor::EmptyOp::create(b, loc, sizes, sumType);
    Value zero =
        arith::ConstantOp::create(b, loc, b.getFloatAttr(sumType, 0.0));
    init = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
  } else if (accumulates) {
    init = tensorType ? fb.zerosLike(primal)
                      : arith::ConstantOp::create(
                            b, loc,
                            DenseElementsAttr::get(
                                outType, b.getFloatAttr(elementType, 0.0)));
  } else {
    SmallVector<OpFoldResult> sizes;
    if (tensorType)
      sizes = tensor::getMixedSizes(b, loc, primal);
    init = tensor::EmptyOp::create(b, loc, sizes, elementType);
  }
  maps.push_back(wrtMap);

  bool bodyFailed = false;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        IRMapping mapping;
        for (auto [arg, value] : llvm::zip(op.getBlock()->getArguments(), args))
          mapping.map(arg, value);
        SmallVector<Operation *> clones =
            clonePayload(nb, op, mapping, ValueRange());
        SmallVector<Value> dy(numResults), y(numResults);
        for (unsigned k = 0; k < numResults; ++k) {
          if (dyArg[k] >= 0)
            dy[k] = args[dyArg[k]];
          if (yArg[k] >= 0)
            y[k] = args[yArg[k]];
        }
        auto seeds = payloadSeeds(nb, nloc, forms, dy, y, mapping);
        Value wrtArg = args[wrt.getOperandNumber()];
        FailureOr<SmallVector<Value>> grads =
            differentiateReverse(nb, clones, seeds, {wrtArg});
        // The recomputed yielded values equal the forward results.
        for (auto [k, form] : llvm::enumerate(forms)) {
          Value recomputed = mapping.lookupOrNull(form.contribution);
          if (form.fold == Fold::None && yArg[k] >= 0 && recomputed &&
              recomputed.getDefiningOp())
            recomputed.replaceAllUsesWith(args[yArg[k]]);
        }
        FloatBuilder nfb(nb, nloc);
        Value d;
        if (failed(grads))
          bodyFailed = true;
        else
          d = (*grads)[0];
        if (!d)
          d = nfb.zerosLike(wrtArg);
        if (accumulates) {
          if (d.getType() != sumType)
            d = arith::ExtFOp::create(nb, nloc, sumType, d);
          d = nfb.add(args.back(), d);
        }
        linalg::YieldOp::create(nb, nloc, d);
      });
  if (bodyFailed) {
    generic.erase();
    return failure();
  }
  Value cotangent = generic.getResult(0);
  if (sumType != elementType)
    cotangent = arith::TruncFOp::create(
        b, loc,
        RankedTensorType::get(shape, elementType, outType.getEncoding()),
        cotangent);
  if (!tensorType)
    cotangent = tensor::ExtractOp::create(b, loc, cotangent, ValueRange());
  return cotangent;
}

/// For linalg.matmul / batch_matmul with a plain multiply-add payload in one
/// element type and no broadcast operand: the cotangent of input `wrt` as a
/// (batch) matmul of the output cotangent `dy` and the other input. Returns
/// a null Value when the op is not of that form (the generic path applies).
///
/// The new loops are wrt's dimensions in wrt's order, then the summed one
/// (the one wrt does not use), so the output map is the identity; the
/// operand holding the first non-batch output loop becomes the lhs.
Value emitContractionCotangent(OpBuilder &b, linalg::LinalgOp op,
                               OpOperand &wrt, Value dy) {
  if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op.getOperation()) || !dy)
    return Value();
  Type elementType = getElementTypeOrSelf(wrt.get().getType());
  for (Value operand : op->getOperands())
    if (getElementTypeOrSelf(operand.getType()) != elementType)
      return Value();
  unsigned numLoops = op.getNumLoops();
  auto wrtType = dyn_cast<RankedTensorType>(wrt.get().getType());
  if (!wrtType || wrtType.getRank() + 1 != numLoops)
    return Value(); // a broadcast operand: the generic sums over two loops
  bool batched = isa<linalg::BatchMatmulOp>(op.getOperation());
  OpOperand &other = op->getOpOperand(1 - wrt.getOperandNumber());
  AffineMap wrtMap = op.getMatchingIndexingMap(&wrt);
  AffineMap otherMap = op.getMatchingIndexingMap(&other);
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (otherMap.getNumResults() + 1 != numLoops)
    return Value();
  if (batched)
    for (AffineMap map : {wrtMap, otherMap, outMap})
      if (map.getDimPosition(0) != 0)
        return Value();

  SmallVector<unsigned> newPosition(numLoops, numLoops - 1);
  for (unsigned r = 0; r < wrtMap.getNumResults(); ++r)
    newPosition[wrtMap.getDimPosition(r)] = r;
  MLIRContext *ctx = b.getContext();
  auto remap = [&](AffineMap map) {
    SmallVector<AffineExpr> results;
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      results.push_back(
          getAffineDimExpr(newPosition[map.getDimPosition(r)], ctx));
    return AffineMap::get(numLoops, 0, results, ctx);
  };
  AffineMap dyMap = remap(outMap), factorMap = remap(otherMap);
  // (d0, ..., d_{n-2}): the loops of wrt, in wrt's order.
  AffineMap resultMap = AffineMap::getMultiDimIdentityMap(numLoops, ctx)
                            .getMajorSubMap(numLoops - 1);
  unsigned lhsLoop = numLoops - 3; // the first non-batch output loop
  bool dyIsLhs = dyMap.isFunctionOfDim(lhsLoop);
  Value lhs = dyIsLhs ? dy : other.get();
  Value rhs = dyIsLhs ? other.get() : dy;
  AffineMap lhsMap = dyIsLhs ? dyMap : factorMap;
  AffineMap rhsMap = dyIsLhs ? factorMap : dyMap;

  Location loc = op.getLoc();
  FloatBuilder fb(b, loc);
  Value init = fb.zerosLike(wrt.get());
  ArrayAttr indexingMaps = b.getAffineMapArrayAttr({lhsMap, rhsMap, resultMap});
  if (batched) {
    auto matmul = linalg::BatchMatmulOp::create(
        b, loc, TypeRange{wrtType}, ValueRange{lhs, rhs}, ValueRange{init});
    matmul.setIndexingMapsAttr(indexingMaps);
    return matmul.getResult(0);
  }
  auto matmul = linalg::MatmulOp::create(
      b, loc, TypeRange{wrtType}, ValueRange{lhs, rhs}, ValueRange{init});
  matmul.setIndexingMapsAttr(indexingMaps);
  return matmul.getResult(0);
}

/// The cotangents of `captures`, values from above the payload reads: tensors
/// read with tensor.extract (a gather; the cotangent is a scatter-add) and
/// float scalars. One scf.for nest over the iteration space re-evaluates
/// the payload at each point, differentiates it, and accumulates.
LogicalResult emitCaptureCotangents(OpBuilder &b, linalg::LinalgOp op,
                                    ArrayRef<ResultForm> forms,
                                    ArrayRef<Value> dys,
                                    ArrayRef<Value> captures,
                                    SmallVectorImpl<Value> &cotangents) {
  Location loc = op.getLoc();
  for (Value capture : captures) {
    if (isa<RankedTensorType>(capture.getType())) {
      for (OpOperand &use : capture.getUses()) {
        if (!op->isProperAncestor(use.getOwner()))
          continue;
        auto extract = dyn_cast<tensor::ExtractOp>(use.getOwner());
        if (!extract || extract->getBlock() != op.getBlock())
          return op->emitOpError(
              "reads a differentiable tensor defined above other than "
              "with a tensor.extract in its payload");
      }
    } else if (!isa<FloatType>(capture.getType())) {
      return op->emitOpError("uses a differentiable value of type ")
             << capture.getType() << " defined above";
    }
  }

  FloatBuilder fb(b, loc);
  SmallVector<Value> lbs, ubs, steps, inits;
  for (Range range : op.createLoopRanges(b, loc)) {
    lbs.push_back(getValueOrCreateConstantIndexOp(b, loc, range.offset));
    ubs.push_back(getValueOrCreateConstantIndexOp(b, loc, range.size));
    steps.push_back(getValueOrCreateConstantIndexOp(b, loc, range.stride));
  }
  for (Value capture : captures)
    inits.push_back(fb.zerosLike(capture));

  bool bodyFailed = false;
  unsigned numResults = op->getNumResults();
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, inits,
      [&](OpBuilder &nb, Location nloc, ValueRange ivs,
          ValueRange accumulators) -> scf::ValueVector {
        scf::ValueVector next(accumulators.begin(), accumulators.end());
        SmallVector<OpFoldResult> point = getAsOpFoldResult(ivs);
        auto elementAt = [&](Value tensor, AffineMap map) -> Value {
          SmallVector<Value> indices;
          for (AffineExpr e : map.getResults())
            indices.push_back(getValueOrCreateConstantIndexOp(
                nb, nloc,
                affine::makeComposedFoldedAffineApply(
                    nb, nloc, AffineMap::get(map.getNumDims(), 0, e), point)));
          return tensor::ExtractOp::create(nb, nloc, tensor, indices);
        };
        IRMapping mapping;
        for (OpOperand &operand : op->getOpOperands()) {
          Value value = operand.get();
          mapping.map(
              op.getMatchingBlockArgument(&operand),
              isa<RankedTensorType>(value.getType())
                  ? elementAt(value, op.getMatchingIndexingMap(&operand))
                  : value);
        }
        SmallVector<Value> dy(numResults), y(numResults);
        for (auto [k, result] : llvm::enumerate(op->getResults())) {
          if (!dys[k])
            continue;
          AffineMap map =
              op.getIndexingMapMatchingResult(cast<OpResult>(result));
          dy[k] = elementAt(dys[k], map);
          if (forms[k].fold == Fold::Extremum)
            y[k] = elementAt(result, map);
        }
        SmallVector<Operation *> clones = clonePayload(nb, op, mapping, ivs);
        auto seeds = payloadSeeds(nb, nloc, forms, dy, y, mapping);

        // Differentiate with respect to each read of a captured tensor and
        // each captured scalar.
        SmallVector<Value> wrt;
        SmallVector<std::pair<unsigned, tensor::ExtractOp>> reads;
        for (Operation *clone : clones) {
          auto extract = dyn_cast<tensor::ExtractOp>(clone);
          if (!extract)
            continue;
          auto *it = llvm::find(captures, extract.getTensor());
          if (it == captures.end())
            continue;
          reads.push_back({unsigned(it - captures.begin()), extract});
          wrt.push_back(extract.getResult());
        }
        SmallVector<unsigned> scalars;
        for (auto [c, capture] : llvm::enumerate(captures))
          if (!isa<RankedTensorType>(capture.getType())) {
            scalars.push_back(c);
            wrt.push_back(capture);
          }
        FailureOr<SmallVector<Value>> grads =
            differentiateReverse(nb, clones, seeds, wrt);
        if (failed(grads)) {
          bodyFailed = true;
          return next;
        }
        FloatBuilder nfb(nb, nloc);
        for (auto [r, read] : llvm::enumerate(reads)) {
          Value d = (*grads)[r];
          if (!d)
            continue;
          auto [c, extract] = read;
          SmallVector<Value> indices(extract.getIndices());
          Value sum =
              nfb.add(tensor::ExtractOp::create(nb, nloc, next[c], indices), d);
          next[c] = tensor::InsertOp::create(nb, nloc, sum, next[c], indices);
        }
        for (auto [s, c] : llvm::enumerate(scalars))
          if (Value d = (*grads)[reads.size() + s])
            next[c] = nfb.add(next[c], d);
        return next;
      });
  if (bodyFailed) {
    if (!nest.loops.empty())
      nest.loops.front().erase();
    return failure();
  }
  cotangents.assign(nest.results.begin(), nest.results.end());
  return success();
}

/// The rule of every linalg structured op (see the file comment).
LogicalResult emitLinalgVJP(linalg::LinalgOp op, OpBuilder &b,
                            ArrayRef<Value> dys, ArrayRef<bool> active,
                            ArrayRef<Value> captures,
                            SmallVectorImpl<Value> &cotangents,
                            SmallVectorImpl<Value> &captureCotangents) {
  cotangents.assign(op->getNumOperands(), Value());
  captureCotangents.clear();
  if (!op.hasPureTensorSemantics())
    return op->emitOpError("can only be differentiated on tensors");
  SmallVector<ResultForm> forms = analyseResults(op);
  for (auto [k, form] : llvm::enumerate(forms))
    if (dys[k] && form.fold == Fold::Unsupported)
      return op->emitOpError("cannot be differentiated: result #")
             << k
             << " is neither a sum (arith.addf) nor a maximum/minimum of "
                "the init and a term that reads no result's running value "
                "over the reduction loops";

  for (OpOperand *input : op.getDpsInputOperands()) {
    unsigned i = input->getOperandNumber();
    if (!active[i] || !isFloatLike(input->get().getType()) ||
        !op.payloadUsesValueFromOperand(input))
      continue;
    if (Value d = emitContractionCotangent(b, op, *input, dys[0])) {
      cotangents[i] = d;
      continue;
    }
    FailureOr<Value> d = emitOperandCotangent(b, op, *input, forms, dys);
    if (failed(d))
      return failure();
    cotangents[i] = *d;
  }

  bool reduces = op.getNumReductionLoops() > 0;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    unsigned i = init.getOperandNumber();
    unsigned k = i - op.getNumDpsInputs();
    if (!active[i] || !dys[k] || !isFloatLike(init.get().getType()))
      continue;
    if (!reduces) {
      // (1): the payload may read the init (an accumulating generic).
      if (!op.payloadUsesValueFromOperand(&init))
        continue;
      FailureOr<Value> d = emitOperandCotangent(b, op, init, forms, dys);
      if (failed(d))
        return failure();
      cotangents[i] = *d;
    } else if (forms[k].fold == Fold::Sum) {
      cotangents[i] = dys[k]; // (2): y = o + ..., do = dy
    } else {
      // (3): the init receives dy where it is the extremum.
      FloatBuilder fb(b, op.getLoc());
      cotangents[i] =
          extremumCotangent(fb, init.get(), op->getResult(k), dys[k]);
    }
  }

  if (!captures.empty())
    return emitCaptureCotangents(b, op, forms, dys, captures,
                                 captureCotangents);
  return success();
}

template <typename OpT>
struct LinalgRule
    : DifferentiableOpInterface::ExternalModel<LinalgRule<OpT>, OpT> {
  LogicalResult emitVJP(Operation *op, OpBuilder &builder,
                        ArrayRef<Value> resultCotangents,
                        SmallVectorImpl<Value> &operandCotangents) const {
    SmallVector<bool> active(op->getNumOperands(), true);
    SmallVector<Value> captureCotangents;
    return emitLinalgVJP(cast<linalg::LinalgOp>(op), builder, resultCotangents,
                         active, {}, operandCotangents, captureCotangents);
  }

  LogicalResult emitActiveVJP(Operation *op, OpBuilder &builder,
                              ArrayRef<Value> resultCotangents,
                              ArrayRef<bool> activeOperands,
                              ArrayRef<Value> captures,
                              SmallVectorImpl<Value> &operandCotangents,
                              SmallVectorImpl<Value> &captureCotangents) const {
    return emitLinalgVJP(cast<linalg::LinalgOp>(op), builder, resultCotangents,
                         activeOperands, captures, operandCotangents,
                         captureCotangents);
  }
};

template <typename... OpTs> void attachLinalgRules(MLIRContext *ctx) {
  (OpTs::template attachInterface<LinalgRule<OpTs>>(*ctx), ...);
}
} // namespace

void mlir::glu::registerLinalgRules(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, linalg::LinalgDialect *) {
    using namespace linalg;
    attachLinalgRules<
        // Structured ops with a user-written payload.
        GenericOp, MapOp, ReduceOp,
        // Data movement.
        BroadcastOp, TransposeOp, CopyOp, FillOp,
        // Contractions.
        MatmulOp, BatchMatmulOp, BatchReduceMatmulOp, ContractOp, MatvecOp,
        VecmatOp, BatchMatvecOp, BatchVecmatOp, DotOp,
        // Elementwise.
        ElementwiseOp, AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp, SelectOp,
        ExpOp, LogOp, AbsOp, NegFOp, ReciprocalOp, SqrtOp, RsqrtOp, SquareOp,
        TanhOp, ErfOp>(ctx);
  });
}
