//===- GluToNVVM.cpp - The GPU (NVVM) pipeline ----------------------------===//

#include "GluDialect/Pipelines/GluToNVVM/GluToNVVM.h"

#include "GluDialect/GPU/Passes.h"
#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;

static bool toolkitHas(llvm::StringRef toolkit, llvm::StringRef tool) {
  llvm::SmallString<128> path(toolkit);
  llvm::sys::path::append(path, "bin", tool);
  return llvm::sys::fs::can_execute(path);
}

std::string glu::checkGluToNVVMOptions(const GluToNVVMOptions &options) {
  llvm::StringRef format = options.format;
  if (format != "isa" && format != "bin" && format != "fatbin")
    return "glu-to-nvvm: format must be isa, bin or fatbin, got '" +
           format.str() + "'";
  llvm::SmallString<128> libdevice(options.toolkit);
  llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
  if (!llvm::sys::fs::exists(libdevice))
    return "glu-to-nvvm: no libdevice in the CUDA toolkit '" + options.toolkit +
           "' (set toolkit=)";
  if (format != "isa" && !toolkitHas(options.toolkit, "ptxas"))
    return "glu-to-nvvm: format=" + format.str() +
           " needs ptxas, not found in '" + options.toolkit +
           "/bin' (set toolkit=, or use format=isa)";
  if (format == "fatbin" && !toolkitHas(options.toolkit, "fatbinary"))
    return "glu-to-nvvm: format=fatbin needs fatbinary, not found in '" +
           options.toolkit + "/bin'";
  return "";
}

void glu::addGluMapElementwiseToGPUPass(OpPassManager &pm,
                                        const GluToNVVMOptions &options) {
  GluMapElementwiseToGPUOptions map;
  map.blockSize = options.blockSize;
  map.vectorBytes = options.vectorBytes;
  map.maxBlocks = options.maxBlocks;
  pm.addNestedPass<func::FuncOp>(createGluMapElementwiseToGPU(map));
}

void glu::addGluGPUMappingPasses(OpPassManager &pm,
                                 const GluToNVVMOptions &options) {
  // bufferization.clone (ownership-based deallocation's copies) ->
  // memref.alloc + memref.copy, which become a gpu.alloc and a kernel.
  pm.addPass(createConvertBufferizationToMemRefPass());
  addGluMapElementwiseToGPUPass(pm, options);
  pm.addNestedPass<func::FuncOp>(createGluGPUDeviceBuffers());
  // Fold the host's size arithmetic so that static sizes reach the kernels
  // as constants.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Outlining passes every value defined above a launch as a kernel
  // argument; constants (the definitions' f32 coefficients too) are sunk
  // first, so that the kernels see them as constants: glu-tabulate's cones
  // are computed from the gate and constants alone.
  pm.addNestedPass<func::FuncOp>(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
}

void glu::setCPUStageOptions(glu::GluToLLVMOptions &cpu) {
  cpu.vectorize = false;
  // A thread's registers hold 32 bits: glu-version-by-range tests a tile's
  // lanes folded to one by maxui. A thread outside its fast copy's bound
  // makes its warp run both copies, so the bound is at least 8, not the
  // CPU's 4: swiglu_oai's copies then hold to 51 and not to its limit 7,
  // beyond which 2% of normal(0, 3) gates lie, in 92% of the warps
  // (docs/gpu.md); no other kernel's bound moves.
  cpu.vectorBits = 32;
  cpu.versionMinBound = 8.0;
  // One range test per tile: a second (the CPU's dy * up pairs) would make
  // more warps run both copies, and nothing has measured it on a GPU.
  cpu.versionPairs = false;
  // One copy: a thread's lanes beyond its bound would make its warp run
  // three bodies, not two.
  cpu.versionCopies = 1;
  cpu.threads = 1;
  // The GPU mapping works on the kernels where they are.
  cpu.outlineRepeats = 0;
  // The GPU computes the definition (the same bits; no load-time tables).
  cpu.tables = false;
  // No vector loops on the host to stream (and the sfence is x86's).
  cpu.nontemporalMinBytes = 0;
}

void glu::addGluCPUStages(OpPassManager &pm, unsigned first, unsigned last) {
  glu::GluToLLVMOptions cpu;
  setCPUStageOptions(cpu);
  if (first <= 1 && 1 <= last)
    addGluPreparationPasses(pm, cpu.fuseElementwise, cpu.runtimeChecks);
  if (first <= 2 && 2 <= last)
    addGluBufferizationPasses(pm, cpu);
  if (first <= 3 && 3 <= last)
    addGluLoopLoweringPasses(pm, cpu);
  if (first <= 4 && 4 <= last)
    addGluLLVMLoweringPasses(pm, cpu);
}

void glu::addGluGPUKernelLoweringPasses(OpPassManager &pm,
                                        const GluToNVVMOptions &options) {
  // The CPU pipeline's stage 3, on host and kernels alike: glu.round and the
  // math functions become the same exactly rounded arithmetic and explicit
  // math.fma as on the CPU (no libdevice, hence no .approx), and bf16
  // conversions the same integer arithmetic. Before it, the kernels' 16-bit
  // activations become lookups in tables of their gpu.module, filled by its
  // __glu_table_init kernel (the same ops; the host code has no cones to
  // tabulate and keeps its own).
  // Without tables, glu-tabulate still checks that no gpu.module defines
  // __glu_table_init (the runtime launches a kernel of that name at load):
  // at most 0 tables a cone, it tabulates none.
  GluTabulateOptions tabulate;
  tabulate.host = false;
  if (!options.tables)
    tabulate.maxTables = 0;
  pm.addPass(createGluTabulate(tabulate));
  addGluCPUStages(pm, 3, 3);

  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(memref::createExpandStridedMetadataPass());
  kernels.addPass(createLowerAffinePass());
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  kernels.addPass(createGluFreezeConversions());

  // What is left of math after glu-lower-math is exact (math.fma, absf,
  // floor); convert-gpu-to-nvvm calls libdevice for it (__nv_fmaf is
  // fma.rn.f32, __nv_fabsf abs.f32, __nv_floorf cvt.rmi.f32.f32), so every
  // format links libdevice from the toolkit. The serialization runs with
  // LLVM's SLP vectorizer off (glu-gpu-module-to-binary says why).
  GluGPUModuleToBinaryOptions binary;
  binary.format = options.format;
  binary.toolkit = options.toolkit;
  pm.addPass(createGluGPUModuleToBinary(binary));
}

void glu::addGluGPUHostLoweringPasses(OpPassManager &pm) {
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createGluConvertSCFToControlFlow()); // linear in the checks
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass()); // the runtime checks' index ops
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createGluConvertControlFlowToLLVM()); // linear in the checks
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void glu::buildGluToNVVMPipeline(OpPassManager &pm,
                                 const GluToNVVMOptions &options) {
  addGluCPUStages(pm, 1, 2);
  addGluGPUMappingPasses(pm, options);
  addGluGPUKernelLoweringPasses(pm, options);
  if (options.hostToLLVM)
    addGluGPUHostLoweringPasses(pm);
}

void glu::registerGluToNVVMPipeline() {
  registerPassPipeline(
      "glu-to-nvvm",
      "Lower IR with glu ops (and upstream tensor/linalg/arith/math) to "
      "vectorized GPU kernels in a gpu.binary (PTX or cubin) and host code "
      "in the LLVM dialect",
      [](OpPassManager &pm, llvm::StringRef text,
         llvm::function_ref<LogicalResult(const llvm::Twine &)> onError) {
        GluToNVVMOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        std::string error = checkGluToNVVMOptions(options);
        if (!error.empty())
          return onError(error);
        buildGluToNVVMPipeline(pm, options);
        return success();
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)> print) {
        print(GluToNVVMOptions());
      });
}
