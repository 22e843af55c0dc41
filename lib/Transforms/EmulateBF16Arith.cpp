//===- EmulateBF16Arith.cpp - bf16 arithmetic in f32, rounded per op ------===//
//
// Upstream's arith-emulate-unsupported-floats rewrites an arith op on bf16
// into extf, the op in f32 and truncf: one rounding per op, the bf16 op's
// IEEE result. Its conversions carry fastmath<contract>, with which
// arith.extf folds extf(truncf(x)) to x: two bf16 ops in a row (a fused
// scale and residual add) then lost the rounding between them, other bits
// than the same ops apart. This pass runs its patterns and leaves the
// conversions it made without fastmath flags. The truncf are then rounded
// by glu-round-to-bf16, exactly; left to LLVM, a bf16 op was rounded by the
// host's vcvtneps2bf16 (subnormals flushed) or by a call of __truncsfbf2.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUEMULATEBF16ARITH
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
struct GluEmulateBF16ArithPass
    : glu::impl::GluEmulateBF16ArithBase<GluEmulateBF16ArithPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    Operation *root = getOperation();
    // The conversions already there keep their flags.
    DenseSet<Operation *> before;
    root->walk([&](Operation *op) {
      if (isa<arith::ExtFOp, arith::TruncFOp>(op))
        before.insert(op);
    });
    TypeConverter converter;
    arith::populateEmulateUnsupportedFloatsConversions(
        converter, {BFloat16Type::get(ctx)}, Float32Type::get(ctx));
    RewritePatternSet patterns(ctx);
    arith::populateEmulateUnsupportedFloatsPatterns(patterns, converter);
    ConversionTarget target(*ctx);
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      return signalPassFailure();
    root->walk([&](Operation *op) {
      if (auto ext = dyn_cast<arith::ExtFOp>(op); ext && !before.contains(op))
        ext.removeFastmathAttr();
      if (auto trunc = dyn_cast<arith::TruncFOp>(op);
          trunc && !before.contains(op))
        trunc.removeFastmathAttr();
    });
  }
};
} // namespace
