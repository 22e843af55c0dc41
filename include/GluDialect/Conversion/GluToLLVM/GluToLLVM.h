//===- GluToLLVM.h - The CPU pipeline ---------------------------*- C++ -*-===//
//
// IR with glu ops, mixed with upstream func/tensor/linalg/arith/math, to the
// LLVM dialect: expansion, bufferization, loops, polynomial approximations,
// LLVM. Built in stages so that other pipelines (the GPU one, a user's) can
// reuse the stages they share.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_CONVERSION_GLUTOLLVM_GLUTOLLVM_H
#define GLUDIALECT_CONVERSION_GLUTOLLVM_GLUTOLLVM_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace glu {

struct GluToLLVMOptions : public PassPipelineOptions<GluToLLVMOptions> {};

/// Stage 1: clean-up, and arith/math/glu.round on tensors -> linalg.
void addGluPreparationPasses(OpPassManager &pm);
/// Stage 2: one-shot bufferization of whole modules (identity layouts at
/// function boundaries; glu ops lower to linalg on buffers through their
/// BufferizableOpInterface), ownership-based deallocation and the lowering
/// of the clones it makes.
void addGluBufferizationPasses(OpPassManager &pm);
/// Stage 3: linalg -> loops, glu.round and math -> exact arithmetic and
/// polynomial approximations, bf16 conversions -> integer arithmetic.
void addGluLoopLoweringPasses(OpPassManager &pm);
/// Stage 4: everything to the LLVM dialect.
void addGluLLVMLoweringPasses(OpPassManager &pm);

/// All four stages: the `glu-to-llvm` pipeline.
void buildGluToLLVMPipeline(OpPassManager &pm, const GluToLLVMOptions &options);

/// Registers `glu-to-llvm` with the global pipeline registry.
void registerGluToLLVMPipeline();

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_CONVERSION_GLUTOLLVM_GLUTOLLVM_H
