//===- CheckAllocSizes.cpp - Allocations whose byte size fits -------------===//
//
// The LLVM lowering of memref.alloc computes sizes x element bytes in
// 64-bit arithmetic that wraps: 2^62 f32 is 2^64 bytes, malloc was asked
// for 64 (the alignment padding) and the fill that followed wrote far past
// them. Upstream's runtime verification has no check for allocations; this
// pass adds one per allocation, before it, with a message in the format of
// generate-runtime-verification's (without the location).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"
#include <limits>

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCHECKALLOCSIZES
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// One message for every allocation, without its location: a message per
/// location is a global string per allocation (a function of 2,500 glu
/// ops with dynamic sizes compiled 20% slower with them).
constexpr llvm::StringLiteral kMessage =
    "ERROR: Runtime op verification failed\n^ a buffer's size in bytes is "
    "more than 2^63 - 1 (memref.alloc)";

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
  // The static sizes' product here (an empty buffer, or one of zero-byte
  // elements such as i0, needs no check); the run time multiplies in the
  // dynamic sizes.
  if (bytes == 0 || llvm::is_contained(type.getShape(), 0))
    return;
  std::optional<int64_t> known = int64_t(bytes);
  for (int64_t dim : type.getShape())
    if (known && !ShapedType::isDynamic(dim))
      known = llvm::checkedMul(*known, dim);
  if (known && type.hasStaticShape())
    return;
  if (known && dynamicSizes.size() == 1) {
    // One dynamic size (the common case: a dynamic leading dimension): it
    // fits when it is at most (2^63 - 1) / the rest; a negative one passes.
    Value dim = arith::IndexCastOp::create(b, loc, i64, dynamicSizes[0]);
    Value fits = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::sle, dim,
        constant(std::numeric_limits<int64_t>::max() / *known));
    cf::AssertOp::create(b, loc, fits, kMessage);
    return;
  }
  Value zero = constant(0);
  // A static product beyond 2^63 - 1 fails unless a dynamic size is <= 0.
  Value product = constant(known.value_or(1));
  Value overflow = flag(!known), exempt = flag(false);
  for (Value size : dynamicSizes) {
    Value dim = arith::IndexCastOp::create(b, loc, i64, size);
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
  cf::AssertOp::create(b, loc, fits, kMessage);
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
