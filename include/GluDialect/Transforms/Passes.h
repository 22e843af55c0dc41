//===- Passes.h - glu transformation passes ---------------------*- C++ -*-===//

#ifndef GLUDIALECT_TRANSFORMS_PASSES_H
#define GLUDIALECT_TRANSFORMS_PASSES_H

#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/Transforms/NontemporalStores.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace glu {

#define GEN_PASS_DECL
#include "GluDialect/Transforms/Passes.h.inc"

/// glu.glu / glu.glu_back on tensors -> linalg.generic on tensors.
void populateGluExpandPatterns(RewritePatternSet &patterns);
/// glu.round -> arith.truncf + arith.extf.
void populateGluRoundLoweringPatterns(RewritePatternSet &patterns);

/// The host's vector register width in bits (512 with AVX-512, 256 with
/// AVX, else 128).
int64_t hostVectorBits();
/// Whether glu-vectorize-elementwise (and glu-to-llvm) take `bits` as its
/// vector-bits: 0 (the host's) or a power of two from 32 to 2048.
bool isValidVectorBits(uint64_t bits);
/// Whether glu-version-by-range (and glu-to-llvm's version-min-bound) take
/// `bound` as its min-bound: from 1 to 3.4028235e+38, the largest f32 as
/// printed; not NaN.
bool isValidVersionBound(double bound);
/// The most copies glu-version-by-range makes of a body (its `copies`, and
/// glu-to-llvm's version-copies): each is a whole body more code, and each
/// after the first runs only where every copy before it was refused.
constexpr unsigned kMaxVersionCopies = 4;

/// Lowers every cf.assert under `module` to the control flow upstream's
/// pattern emits (a conditional branch to the rest of the block or to a
/// block that puts the message and calls abort), in time linear in the
/// asserts of a block: glu-convert-cf-to-llvm and glu-convert-to-llvm
/// (`passName` starts the error when puts or abort name another op).
LogicalResult lowerAssertsToLLVM(ModuleOp module, StringRef passName);

#define GEN_PASS_REGISTRATION
#include "GluDialect/Transforms/Passes.h.inc"

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_TRANSFORMS_PASSES_H
