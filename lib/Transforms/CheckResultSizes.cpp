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

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCHECKRESULTSIZES
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// The message of a failed check, in generate-runtime-verification's
/// format; the tensor type is the one a C header names (glu-compile).
std::string message(unsigned result, MemRefType type, unsigned dim) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "ERROR: Runtime op verification failed\n^ result #" << result << " ("
     << RankedTensorType::get(type.getShape(), type.getElementType())
     << "): the size along dimension " << dim
     << " is not the one the function computes";
  return text;
}

struct GluCheckResultSizesPass
    : glu::impl::GluCheckResultSizesBase<GluCheckResultSizesPass> {
  void runOnOperation() override {
    // Each allocation once, at its first result (a value returned twice
    // becomes a copy into the second output), right after it: before
    // anything writes the buffer that will take its place.
    llvm::SmallPtrSet<Operation *, 4> seen;
    getOperation().walk([&](func::ReturnOp ret) {
      for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
        auto alloc = value.getDefiningOp<memref::AllocOp>();
        if (!alloc || !seen.insert(alloc).second)
          continue;
        MemRefType type = alloc.getType();
        OpBuilder b = OpBuilder::atBlockEnd(alloc->getBlock());
        b.setInsertionPointAfter(alloc);
        Location loc = alloc.getLoc();
        unsigned next = 0;
        for (int64_t d = 0; d < type.getRank(); ++d) {
          if (!type.isDynamicDim(d))
            continue;
          Value size = memref::DimOp::create(b, loc, alloc, d);
          Value same =
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size,
                                    alloc.getDynamicSizes()[next++]);
          cf::AssertOp::create(b, loc, same, message(i, type, d));
        }
      }
    });
  }
};
} // namespace
