//===- CheckAllocSizes.cpp - Allocations whose byte size fits -------------===//
//
// The LLVM lowering of memref.alloc computes sizes x element bytes in
// 64-bit arithmetic that wraps: 2^62 f32 is 2^64 bytes, malloc was asked
// for 64 (the alignment padding) and the fill that followed wrote far past
// them. Upstream's runtime verification has no check for allocations; this
// pass adds one per allocation, before it, in generate-runtime-verification's
// message format (verbose level 0: the message and the op's location).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCHECKALLOCSIZES
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
std::string messageFor(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "ERROR: Runtime op verification failed\n^ the buffer's size in bytes "
        "is more than 2^63 - 1\nLocation: ";
  op->getLoc().print(os);
  return text;
}

/// A cf.assert before `op` that its memref's byte size fits in int64: the
/// product is computed size by size, each step's overflow noted; an empty
/// buffer (a size 0) and a negative size pass.
void check(Operation *op, MemRefType type, ValueRange dynamicSizes) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Type i64 = b.getI64Type();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, i64, v);
  };
  auto flag = [&](bool v) -> Value {
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), v);
  };
  llvm::TypeSize elementSize =
      DataLayout::closest(op).getTypeSize(type.getElementType());
  if (elementSize.isScalable())
    return;
  uint64_t bytes = elementSize.getFixedValue();
  if (type.hasStaticShape()) {
    // Decided here: nothing to check at run time when it fits.
    std::optional<int64_t> total = int64_t(bytes);
    for (int64_t dim : type.getShape())
      if (total)
        total = llvm::checkedMul(*total, dim);
    if (total || llvm::is_contained(type.getShape(), 0))
      return;
  }
  Value product = constant(int64_t(bytes)), zero = constant(0);
  Value overflow = flag(false), exempt = flag(false);
  unsigned next = 0;
  for (int64_t size : type.getShape()) {
    Value dim = ShapedType::isDynamic(size)
                    ? arith::IndexCastOp::create(b, loc, i64,
                                                 dynamicSizes[next++])
                          .getResult()
                    : constant(size);
    exempt = arith::OrIOp::create(
        b, loc, exempt,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, dim, zero));
    // Both factors are in [0, 2^63) when it matters: the product fits
    // when its high word is 0 and its low word is non-negative.
    auto wide = arith::MulUIExtendedOp::create(b, loc, product, dim);
    Value high = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                       wide.getHigh(), zero);
    Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           wide.getLow(), zero);
    overflow = arith::OrIOp::create(
        b, loc, overflow, arith::OrIOp::create(b, loc, high, negative));
    product = wide.getLow();
  }
  Value fits = arith::OrIOp::create(
      b, loc, exempt, arith::XOrIOp::create(b, loc, overflow, flag(true)));
  cf::AssertOp::create(b, loc, fits, messageFor(op));
}

struct GluCheckAllocSizesPass
    : glu::impl::GluCheckAllocSizesBase<GluCheckAllocSizesPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (auto alloc = dyn_cast<memref::AllocOp>(op))
        check(op, alloc.getType(), alloc.getDynamicSizes());
      else if (auto alloca = dyn_cast<memref::AllocaOp>(op))
        check(op, alloca.getType(), alloca.getDynamicSizes());
    });
  }
};
} // namespace
