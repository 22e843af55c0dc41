//===- StridedCopiesToLoops.cpp - Copies that need no runtime library -----===//
//
// finalize-memref-to-llvm lowers a memref.copy between contiguous buffers to
// llvm.memcpy, and any other (a subview with an offset, a strided view) to a
// call of `memrefCopy`, which lives in MLIR's C runner utils: glu-run's JIT
// links that library, but an object of glu-compile did not link with the
// documented `cc main.c k.o -lm` (tensor.concat, tensor.insert_slice into a
// result). As a linalg.copy such a copy becomes loops with the rest.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUSTRIDEDCOPIESTOLOOPS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// Whether finalize-memref-to-llvm copies a buffer of `type` by memcpy (its
/// own test, MemRefCopyOpLowering).
bool copiedByMemcpy(MemRefType type) {
  return type.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(type);
}

struct GluStridedCopiesToLoopsPass
    : glu::impl::GluStridedCopiesToLoopsBase<GluStridedCopiesToLoopsPass> {
  void runOnOperation() override {
    getOperation()->walk([](memref::CopyOp copy) {
      auto source = dyn_cast<MemRefType>(copy.getSource().getType());
      auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
      // Unranked copies have no loops to become (the C runner utils' call
      // stays).
      if (!source || !target ||
          (copiedByMemcpy(source) && copiedByMemcpy(target)))
        return;
      OpBuilder b(copy);
      linalg::CopyOp::create(b, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    });
  }
};
} // namespace
