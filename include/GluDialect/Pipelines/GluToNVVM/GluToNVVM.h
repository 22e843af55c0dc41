//===- GluToNVVM.h - The GPU (NVVM) pipeline --------------------*- C++ -*-===//
//
// IR with glu ops, mixed with upstream func/tensor/linalg/arith/math, to
// vectorized GPU kernels, NVVM and a gpu.binary (PTX or cubin), with the
// host side lowered to the LLVM dialect and calls of the mgpu* runtime
// functions (lib/Runtime). The preparation and bufferization stages are the
// CPU pipeline's; the kernels' bodies go through the CPU pipeline's math
// lowering, so both targets run the same scalar program. See docs/gpu.md.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_PIPELINES_GLUTONVVM_GLUTONVVM_H
#define GLUDIALECT_PIPELINES_GLUTONVVM_GLUTONVVM_H

#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace glu {

#define GEN_PASS_DECL
#include "GluDialect/Pipelines/GluToNVVM/Passes.h.inc"

struct GluToNVVMOptions : public PassPipelineOptions<GluToNVVMOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("GPU architecture"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (sm_90 needs PTX 8.0: +ptx80)"),
      llvm::cl::init("+ptx80")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the gpu.binary holds: isa (PTX text), bin (cubin, "
                     "needs ptxas) or fatbin (cubin + PTX, needs ptxas and "
                     "fatbinary)"),
      llvm::cl::init("isa")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit: every format links its libdevice; "
                     "bin and fatbin also run ptxas (and fatbinary)"),
      llvm::cl::init("/usr/local/cuda")};
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("LLVM optimization level of the "
                                           "kernels"),
                            llvm::cl::init(2)};
  Option<int64_t> blockSize{*this, "block-size",
                            llvm::cl::desc("Threads per block"),
                            llvm::cl::init(256)};
  Option<int64_t> vectorBytes{
      *this, "vector-bytes",
      llvm::cl::desc("Bytes per thread and operand per access"),
      llvm::cl::init(16)};
  Option<int64_t> maxBlocks{
      *this, "max-blocks",
      llvm::cl::desc("Testing: at most this many blocks per launch (0: as "
                     "many as tiles need), so that the kernels' grid-stride "
                     "loops wrap around"),
      llvm::cl::init(0)};
  Option<bool> tables{
      *this, "tables",
      llvm::cl::desc("f16/bf16 activations in the kernels as exact "
                     "65536-entry tables in each GPU module, filled by its "
                     "__glu_table_init kernel, which the runtime launches at "
                     "module load (glu-tabulate); off: computed. The same "
                     "bits"),
      llvm::cl::init(true)};
  Option<bool> hostToLLVM{
      *this, "host-to-llvm",
      llvm::cl::desc("Lower the host code to the LLVM dialect (mgpu* calls); "
                     "false stops after gpu-module-to-binary"),
      llvm::cl::init(true)};
};

/// GPU stage 1 (target-independent, lib/GPU): elementwise linalg on buffers
/// -> vectorized gpu.launch (glu-gpu-map-elementwise), device allocations
/// (glu-gpu-device-buffers), kernel outlining.
void addGluGPUMappingPasses(OpPassManager &pm, const GluToNVVMOptions &options);
/// GPU stage 2: the CPU pipeline's math lowering on the whole module (so the
/// kernels use the same polynomial approximations and bf16 conversions),
/// NVVM, and serialization into a gpu.binary.
void addGluGPUKernelLoweringPasses(OpPassManager &pm,
                                   const GluToNVVMOptions &options);
/// GPU stage 3: the host code to the LLVM dialect (gpu-to-llvm).
void addGluGPUHostLoweringPasses(OpPassManager &pm);

/// The CPU pipeline's options as the GPU pipelines use its stages: no CPU
/// vectorization and no OpenMP (glu-gpu-map-elementwise maps the kernels).
void setCPUStageOptions(GluToLLVMOptions &cpu);
/// The CPU pipeline's stages `first` to `last` (1 preparation, 2
/// bufferization, 3 loops, 4 LLVM) with the options setCPUStageOptions sets.
void addGluCPUStages(OpPassManager &pm, unsigned first, unsigned last);
/// glu-gpu-map-elementwise on each function, with the options' block size,
/// vector bytes and block limit.
void addGluMapElementwiseToGPUPass(OpPassManager &pm,
                                   const GluToNVVMOptions &options);

/// The CPU stages 1-2, then the GPU stages 1-3: the `glu-to-nvvm` pipeline.
void buildGluToNVVMPipeline(OpPassManager &pm, const GluToNVVMOptions &options);

/// Checks the options: a known format, and ptxas where the format needs it.
/// Returns an error message, or an empty string.
std::string checkGluToNVVMOptions(const GluToNVVMOptions &options);

/// Registers `glu-to-nvvm` with the global pipeline registry.
void registerGluToNVVMPipeline();

/// LLVM's -vectorize-slp option (null if LLVM registered none), which
/// glu-gpu-module-to-binary holds false while it serializes.
llvm::cl::opt<bool> *slpVectorizerOption();

#define GEN_PASS_REGISTRATION
#include "GluDialect/Pipelines/GluToNVVM/Passes.h.inc"

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_PIPELINES_GLUTONVVM_GLUTONVVM_H
