//===- NontemporalStores.cpp - Streaming stores for large outputs ---------===//
//
// An ordinary store first reads the line it writes (write-allocate): a
// forward that must move 12 bytes per f32 element moves 16 from DRAM, and
// where glu and ggml both run at memory speed that read is the difference
// left. A non-temporal store (x86 vmovntps) writes whole lines without the
// read, but only from an address aligned to the vector, and its lines skip
// the caches: an output that fits in the last-level cache is better stored
// the ordinary way for its consumer, and a body that computes much per
// element lost with them (Zen 5: geglu's f32 forward 92% -> 84% of the
// triad). So each vector loop with a cheap body gets a copy with
// non-temporal stores, taken at run time when every store's first address
// is aligned and the memrefs it stores to hold at least `min-bytes`
// together; the original loop stays for every other case. x86's
// non-temporal stores are weakly ordered: the copy ends with an sfence, so
// the stores are visible before the thread leaves its row (and its
// OpenMP barrier). Nothing computed changes: the same values are stored at
// the same addresses (docs/performance-analysis.md, "Non-temporal stores").
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUNONTEMPORALSTORES
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// A cache line: a store of a vector this long or longer is aligned to it,
/// a shorter one to its own size (both a power of two).
constexpr int64_t kLine = 64;
/// Elements of at least 16 bits: the widths of glu's outputs (16-bit
/// outputs lost with streaming stores on Zen 5 while reglu's bf16 backward
/// computed 50 instructions per 16 lanes; now that it is one fma they gain:
/// docs/performance-analysis.md, "Streaming 16-bit outputs").
constexpr unsigned kMinBits = 16;
/// Each stream writes at least this many bytes per execution of the loop:
/// the sfence that ends it waits for the lines in flight, and a short row
/// (an [N, 8] output) would fence every few stores.
constexpr int64_t kMinStreamBytes = 2048;

/// A store the copy makes non-temporal: `bytes` per store, aligned to
/// `align` bytes.
struct Stream {
  vector::StoreOp store;
  int64_t bytes, align;
};

/// The memref `store`'s view is taken of (through subviews).
Value rootOf(vector::StoreOp store) {
  Value root = store.getBase();
  while (Operation *view = root.getDefiningOp()) {
    if (auto sub = dyn_cast<memref::SubViewOp>(view))
      root = sub.getSource();
    else if (auto cast = dyn_cast<memref::ReinterpretCastOp>(view))
      root = cast.getSource();
    else
      break;
  }
  return root;
}

/// The distinct memrefs `streams` store views of.
SmallVector<Value> rootsOf(ArrayRef<Stream> streams) {
  SmallVector<Value> roots;
  for (Stream s : streams)
    if (!llvm::is_contained(roots, rootOf(s.store)))
      roots.push_back(rootOf(s.store));
  return roots;
}

/// Whether `expr` is a sum of dimensions and symbols times constants: no
/// mod, floordiv or ceildiv (pure affine allows them by a constant, and
/// (d0 mod 60) * 4 bytes is not aligned for every d0 that two steps are).
bool isLinear(AffineExpr expr) {
  if (!expr.isPureAffine())
    return false;
  bool linear = true;
  expr.walk([&](AffineExpr e) {
    linear &= e.getKind() != AffineExprKind::Mod &&
              e.getKind() != AffineExprKind::FloorDiv &&
              e.getKind() != AffineExprKind::CeilDiv;
  });
  return linear;
}

/// Whether `value` is an affine function of `loop`'s induction variable
/// that the loop's own ops compute from values defined outside it, through
/// views (their offsets are sums of products by strides) and integer
/// arithmetic that keeps it affine; those ops are added to `slice`.
bool isAffineInLoop(Value value, scf::ForOp loop,
                    SetVector<Operation *> &slice) {
  if (value == loop.getInductionVar() || loop.isDefinedOutsideOfLoop(value))
    return true;
  Operation *op = value.getDefiningOp();
  if (!op)
    return false; // an argument of a block inside the loop
  if (slice.contains(op))
    return true;
  auto affine = [&](Value v) { return isAffineInLoop(v, loop, slice); };
  bool ok = TypeSwitch<Operation *, bool>(op)
                .Case([&](arith::ConstantOp) { return true; })
                .Case<arith::AddIOp, arith::SubIOp>([&](Operation *op) {
                  return llvm::all_of(op->getOperands(), affine);
                })
                .Case([&](arith::MulIOp mul) {
                  // One factor invariant: the product stays affine.
                  return (loop.isDefinedOutsideOfLoop(mul.getLhs()) ||
                          loop.isDefinedOutsideOfLoop(mul.getRhs())) &&
                         llvm::all_of(mul->getOperands(), affine);
                })
                .Case([&](affine::AffineApplyOp apply) {
                  return isLinear(apply.getAffineMap().getResult(0)) &&
                         llvm::all_of(apply.getMapOperands(), affine);
                })
                .Case<memref::SubViewOp, memref::ReinterpretCastOp>(
                    [&](Operation *view) {
                      // Its sizes do not move the address, but the clone
                      // needs them. A reinterpret_cast of a view at the
                      // view's own offset (an interleaved kernel's pairs
                      // stored as one vector) moves as the view does.
                      return llvm::all_of(view->getOperands(), affine);
                    })
                .Case([&](memref::ExtractStridedMetadataOp meta) {
                  return affine(meta.getSource());
                })
                .Default([](Operation *) { return false; });
  if (ok)
    slice.insert(op);
  return ok;
}

/// The streams of `loop` (no loop inside it), or nothing when one of its
/// vector stores does not qualify and the loop is left as it is: a 1-D
/// vector of a power-of-two number of bytes, at least 16, of elements of
/// at least 16 bits (a power of two), not into a global, its memref and
/// indices affine in the induction variable (`slice` gets the ops that
/// compute them).
std::optional<SmallVector<Stream>> streamsOf(scf::ForOp loop,
                                             SetVector<Operation *> &slice) {
  SmallVector<Stream> streams;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (isa<LoopLikeOpInterface>(op))
      return WalkResult::interrupt();
    auto store = dyn_cast<vector::StoreOp>(op);
    if (!store)
      return WalkResult::advance();
    // Elements of a width first: index and vector elements have none that
    // getElementTypeBitWidth may be asked for.
    Type element = store.getMemRefType().getElementType();
    VectorType vector = store.getVectorType();
    if (!element.isIntOrFloat() || vector.getRank() != 1 ||
        vector.isScalable() || store.getNontemporal())
      return WalkResult::interrupt();
    unsigned bits = element.getIntOrFloatBitWidth();
    int64_t bytes = vector.getNumElements() * int64_t(bits / 8);
    if (bits < kMinBits || !llvm::isPowerOf2_64(bits) ||
        !llvm::isPowerOf2_64(vector.getNumElements()) || bytes < 16)
      return WalkResult::interrupt();
    if (rootOf(store).getDefiningOp<memref::GetGlobalOp>() ||
        !isAffineInLoop(store.getBase(), loop, slice) ||
        !llvm::all_of(store.getIndices(), [&](Value index) {
          return isAffineInLoop(index, loop, slice);
        }))
      return WalkResult::interrupt();
    streams.push_back({store, bytes, std::min(bytes, kLine)});
    return WalkResult::advance();
  });
  if (walk.wasInterrupted() || streams.empty())
    return std::nullopt;
  return streams;
}

/// The lanes of vector values computed (loads and constants aside) and
/// stored in `block`, per execution: of an `scf.if` with two branches the
/// branch with less work per lane stored, the one ordinary inputs run
/// (glu-version-by-range's fast copy; the body as it was is the other,
/// and each stores every output).
std::pair<int64_t, int64_t> workOf(Block &block) {
  int64_t computed = 0, stored = 0;
  for (Operation &op : block) {
    if (auto store = dyn_cast<vector::StoreOp>(op))
      stored += store.getVectorType().getNumElements();
    if (auto ifOp = dyn_cast<scf::IfOp>(op); ifOp && ifOp.elseBlock()) {
      auto [a, as] = workOf(*ifOp.thenBlock());
      auto [b, bs] = workOf(*ifOp.elseBlock());
      // a / as <= b / bs; a branch that stores nothing as one lane.
      bool first = double(a) / double(std::max<int64_t>(as, 1)) <=
                   double(b) / double(std::max<int64_t>(bs, 1));
      computed += first ? a : b;
      stored += first ? as : bs;
    } else {
      for (Region &region : op.getRegions())
        for (Block &inner : region) {
          auto [c, st] = workOf(inner);
          computed += c;
          stored += st;
        }
    }
    if (op.getNumResults() != 1 || isa<vector::LoadOp, arith::ConstantOp>(op))
      continue;
    if (auto type = dyn_cast<VectorType>(op.getResult(0).getType()))
      computed += type.getNumElements();
  }
  return {computed, stored};
}

/// The lanes of the vector values `loop`'s body computes (loads and
/// constants aside) per lane it stores to its streams: the body's work per
/// stored element, a measure of whether it is bound by memory.
double workPerLane(scf::ForOp loop) {
  auto [computed, stored] = workOf(*loop.getBody());
  return double(computed) / double(std::max<int64_t>(stored, 1));
}

/// The byte address `store` writes to, its memref and indices cloned from
/// `slice` with the induction variable mapped as `mapping` says.
Value addressOf(OpBuilder &b, Location loc, vector::StoreOp store,
                ArrayRef<Operation *> slice, IRMapping &mapping) {
  for (Operation *op : slice)
    if (!mapping.contains(op->getResult(0)))
      b.clone(*op, mapping);
  Value base = mapping.lookupOrDefault(store.getBase());
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, base);
  Value element = meta.getOffset();
  for (auto [index, stride] :
       llvm::zip_equal(store.getIndices(), meta.getStrides()))
    element = arith::AddIOp::create(
        b, loc, element,
        arith::MulIOp::create(b, loc, mapping.lookupOrDefault(index), stride));
  int64_t bytes = store.getMemRefType().getElementTypeBitWidth() / 8;
  Value pointer = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, base);
  return arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(b, loc, element,
                            arith::ConstantIndexOp::create(b, loc, bytes)));
}

/// Whether, at run time, every store of `streams` is aligned in the first
/// iteration and stays so (its address moves by a multiple of the
/// alignment per step: it is affine in the induction variable), the loop
/// runs long enough for each stream to write kMinStreamBytes, and the
/// memrefs the stores' views are taken of hold at least `minBytes`.
Value streamable(OpBuilder &b, Location loc, scf::ForOp loop,
                 ArrayRef<Stream> streams, ArrayRef<Operation *> slice,
                 uint64_t minBytes) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  IRMapping first, second;
  first.map(loop.getInductionVar(), loop.getLowerBound());
  second.map(
      loop.getInductionVar(),
      arith::AddIOp::create(b, loc, loop.getLowerBound(), loop.getStep()));
  Value ok = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto require = [&](Value value, int64_t align) {
    Value rest = arith::RemUIOp::create(
        b, loc, value, arith::ConstantIndexOp::create(b, loc, align));
    ok = arith::AndIOp::create(
        b, loc, ok,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rest, zero));
  };
  for (Stream s : streams) {
    Value at = addressOf(b, loc, s.store, slice, first);
    Value next = addressOf(b, loc, s.store, slice, second);
    require(at, s.align);
    require(arith::SubIOp::create(b, loc, next, at), s.align);
  }
  // Enough steps for kMinStreamBytes from each stream (one store per step:
  // the smallest store decides).
  int64_t smallest = kMinStreamBytes;
  for (Stream s : streams)
    smallest = std::min(smallest, s.bytes);
  Value span =
      arith::SubIOp::create(b, loc, loop.getUpperBound(), loop.getLowerBound());
  Value needed = arith::MulIOp::create(
      b, loc, loop.getStep(),
      arith::ConstantIndexOp::create(
          b, loc, llvm::divideCeil(kMinStreamBytes, smallest)));
  ok = arith::AndIOp::create(
      b, loc, ok,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, span, needed));
  Value total = zero;
  for (Value root : rootsOf(streams)) {
    // Its byte size (wrapping only for sizes no allocation can have).
    auto type = cast<MemRefType>(root.getType());
    Value size = arith::ConstantIndexOp::create(
        b, loc, type.getElementTypeBitWidth() / 8);
    for (auto [i, dim] : llvm::enumerate(type.getShape()))
      size = arith::MulIOp::create(
          b, loc, size,
          ShapedType::isDynamic(dim)
              ? Value(memref::DimOp::create(b, loc, root, i))
              : Value(arith::ConstantIndexOp::create(b, loc, dim)));
    total = arith::AddIOp::create(b, loc, total, size);
  }
  Value large = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::uge, total,
      arith::ConstantIndexOp::create(b, loc, int64_t(minBytes)));
  return arith::AndIOp::create(b, loc, ok, large);
}

/// Whether the memrefs `streams` store to have static shapes and hold
/// fewer than `minBytes` together: no copy for a branch never taken.
bool isStaticallySmall(ArrayRef<Stream> streams, uint64_t minBytes) {
  uint64_t total = 0;
  for (Value root : rootsOf(streams)) {
    auto type = cast<MemRefType>(root.getType());
    if (!type.hasStaticShape())
      return false;
    total = llvm::SaturatingAdd(
        total,
        llvm::SaturatingMultiply(uint64_t(type.getNumElements()),
                                 uint64_t(type.getElementTypeBitWidth() / 8)));
  }
  return total < minBytes;
}

struct GluNontemporalStoresPass
    : glu::impl::GluNontemporalStoresBase<GluNontemporalStoresPass> {
  using Base::Base;
  LogicalResult initialize(MLIRContext *context) override {
    // NaN would compare false with every body: no copy, silently.
    if (!(maxWork >= 0))
      return emitError(UnknownLoc::get(context))
             << "glu-nontemporal-stores: max-work must be a number >= 0, got "
             << maxWork;
    return success();
  }
  void runOnOperation() override {
    if (minBytes == 0)
      return markAllAnalysesPreserved();
    struct Candidate {
      scf::ForOp loop;
      SmallVector<Stream> streams;
      SetVector<Operation *> slice;
    };
    SmallVector<Candidate> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop.getNumResults() != 0)
        return;
      SetVector<Operation *> slice;
      std::optional<SmallVector<Stream>> streams = streamsOf(loop, slice);
      if (streams && workPerLane(loop) <= maxWork &&
          !isStaticallySmall(*streams, minBytes))
        loops.push_back({loop, std::move(*streams), std::move(slice)});
    });
    for (auto &[loop, streams, slice] : loops) {
      OpBuilder b(loop);
      Location loc = loop.getLoc();
      // The slice lists each op after its operands' (isAffineInLoop).
      Value cond =
          streamable(b, loc, loop, streams, slice.getArrayRef(), minBytes);
      auto branch = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/true);
      b.setInsertionPointToStart(branch.thenBlock());
      IRMapping mapping;
      Operation *copy = b.clone(*loop, mapping);
      for (Stream &s : streams) {
        auto store = cast<vector::StoreOp>(mapping.lookup(s.store));
        store.setNontemporal(true);
        store.setAlignmentAttr(b.getI64IntegerAttr(s.align));
      }
      // Visible before the thread moves on: x86's streaming stores are not
      // ordered with the stores (an OpenMP barrier's flag) that follow.
      b.setInsertionPointAfter(copy);
      LLVM::CallIntrinsicOp::create(
          b, loc, b.getStringAttr("llvm.x86.sse.sfence"), ValueRange{});
      loop->moveBefore(branch.elseBlock(), branch.elseBlock()->begin());
    }
    if (loops.empty())
      markAllAnalysesPreserved();
  }
};
} // namespace
