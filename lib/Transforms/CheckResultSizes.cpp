//===- CheckResultSizes.cpp - The sizes of each returned buffer -----------===//
//
// buffer-results-to-out-params with hoist-dynamic-allocs replaces a
// returned allocation by the caller's buffer and drops the allocation's
// sizes: a caller's output of the wrong size was then caught (if at all) by
// the first linalg op's check, "dimension #1 of input/output operand #2 is
// incompatible", which names neither the function's result nor its
// dimension. The assert this pass places keeps the sizes: after the hoist,
// it compares the caller's buffer with them.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCHECKRESULTSIZES
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// The message of a failed check, in generate-runtime-verification's
/// format; the tensor type is the one a C header names (glu-compile).
std::string message(unsigned result, MemRefType type, const llvm::Twine &what) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "ERROR: Runtime op verification failed\n^ result #" << result << " ("
     << RankedTensorType::get(type.getShape(), type.getElementType())
     << "): " << what;
  return text;
}

/// Moves `alloc`, and the pure ops its sizes come from, to the start of its
/// block, so that its checks run before the work there (the other results'
/// kernels); where a size needs an op that is not pure (a load), only up to
/// just after its operands' last definition in the block.
void hoistInBlock(memref::AllocOp alloc) {
  Block *block = alloc->getBlock();
  llvm::SetVector<Operation *> slice; // each op after its operands'
  Operation *last = nullptr;
  bool pure = true;
  std::function<void(Value)> visit = [&](Value value) {
    Operation *def = value.getDefiningOp();
    if (!def || !(def = block->findAncestorOpInBlock(*def)) ||
        slice.contains(def))
      return;
    if (!last || last->isBeforeInBlock(def))
      last = def;
    if (!isPure(def) || def->getNumRegions() != 0) {
      pure = false;
      return;
    }
    for (Value operand : def->getOperands())
      visit(operand);
    slice.insert(def);
  };
  for (Value operand : alloc->getOperands())
    visit(operand);
  if (!pure) {
    alloc->moveAfter(last);
    return;
  }
  Operation *previous = nullptr;
  for (Operation *op : slice) {
    if (previous)
      op->moveAfter(previous);
    else
      op->moveBefore(&block->front());
    previous = op;
  }
  if (previous)
    alloc->moveAfter(previous);
  else
    alloc->moveBefore(&block->front());
}

/// Returns, in place of the operands of `ret` that no allocation defines
/// (an argument, a view, a cast) and whose type has dynamic sizes and the
/// identity layout, a copy in an allocation of their sizes: the copy that
/// buffer-results-to-out-params would make into the output, made here so
/// that the output is checked as an allocation's (its message names the
/// result; the copy's named neither it nor the output).
void copyIntoAllocations(func::ReturnOp ret) {
  OpBuilder b(ret);
  Location loc = ret.getLoc();
  for (OpOperand &operand : ret->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || type.hasStaticShape() || !type.getLayout().isIdentity() ||
        operand.get().getDefiningOp<memref::AllocOp>())
      continue;
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        sizes.push_back(memref::DimOp::create(b, loc, operand.get(), d));
    Value copy = memref::AllocOp::create(b, loc, type, sizes);
    memref::CopyOp::create(b, loc, operand.get(), copy);
    operand.set(copy);
  }
}

struct GluCheckResultSizesPass
    : glu::impl::GluCheckResultSizesBase<GluCheckResultSizesPass> {
  void runOnOperation() override {
    getOperation().walk(copyIntoAllocations);
    // Each returned allocation with its position among the results: one
    // returned at two positions (by two returns) takes neither output, so
    // it is left alone.
    llvm::MapVector<Operation *, std::optional<unsigned>> returned;
    getOperation().walk([&](func::ReturnOp ret) {
      for (auto [i, value] : llvm::enumerate(ret.getOperands()))
        if (auto alloc = value.getDefiningOp<memref::AllocOp>()) {
          auto [it, inserted] = returned.try_emplace(alloc, i);
          if (!inserted && it->second != i)
            it->second = std::nullopt;
        }
    });
    for (auto [op, index] : returned) {
      auto alloc = cast<memref::AllocOp>(op);
      MemRefType type = alloc.getType();
      if (!index || type.hasStaticShape())
        continue;
      hoistInBlock(alloc);
      OpBuilder b = OpBuilder::atBlockEnd(alloc->getBlock());
      b.setInsertionPointAfter(alloc);
      Location loc = alloc.getLoc();
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      unsigned next = 0;
      for (int64_t d = 0; d < type.getRank(); ++d) {
        if (!type.isDynamicDim(d))
          continue;
        Value computed = alloc.getDynamicSizes()[next++];
        // A negative size is the function's error, not the caller's.
        cf::AssertOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, computed,
                                  zero),
            message(*index, type,
                    "the function computes a negative size along dimension " +
                        llvm::Twine(d)));
        Value size = memref::DimOp::create(b, loc, alloc, d);
        cf::AssertOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size,
                                  computed),
            message(*index, type,
                    "the size along dimension " + llvm::Twine(d) +
                        " is not the one the function "
                        "computes"));
      }
    }
  }
};
} // namespace
