//===- Passes.h - Target-independent GPU mapping ----------------*- C++ -*-===//
//
// Elementwise linalg on buffers to vectorized gpu.launch kernels, and the
// device allocations the kernels need: upstream gpu dialect only, no target.
// A GPU pipeline (lib/Pipelines/GluToNVVM) runs these, then its target's
// lowering and serialization. See docs/gpu.md.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_GPU_PASSES_H
#define GLUDIALECT_GPU_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace glu {

#define GEN_PASS_DECL
#include "GluDialect/GPU/Passes.h.inc"

/// The patterns of glu-gpu-map-elementwise.
void populateGluElementwiseToGPUPatterns(RewritePatternSet &patterns,
                                         int64_t blockSize, int64_t vectorBytes,
                                         int64_t maxBlocks = 0);

#define GEN_PASS_REGISTRATION
#include "GluDialect/GPU/Passes.h.inc"

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_GPU_PASSES_H
