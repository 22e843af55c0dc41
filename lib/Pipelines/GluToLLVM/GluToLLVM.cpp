//===- GluToLLVM.cpp - The CPU pipeline
//------------------------------------===//

#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// canonicalize as upstream's pass has it by default (top-down, regions
/// simplified), in one sweep: the greedy driver already revisits what each
/// rewrite touches, and a second sweep over a function of thousands of glu
/// ops found nothing on the examples and benchmark graphs while costing a
/// walk of the whole module (docs/performance-analysis.md).
static std::unique_ptr<Pass> createCanonicalize() {
  return createCanonicalizerPass(
      GreedyRewriteConfig()
          .setUseTopDownTraversal(true)
          .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal)
          .setMaxIterations(1));
}

void glu::addGluPreparationPasses(OpPassManager &pm, bool fuseElementwise,
                                  bool runtimeChecks) {
  pm.addPass(createCanonicalize());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  // Conversions rounded once, by their mode (upstream's lowering rounds
  // every mode to nearest, and to bf16 through f32), on scalars in linalg
  // bodies and on vectors.
  pm.addPass(createGluRoundConversions());
  if (fuseElementwise) {
    GluFuseElementwiseOptions fuse;
    fuse.runtimeChecks = runtimeChecks;
    pm.addNestedPass<func::FuncOp>(createGluFuseElementwise(fuse));
  }
  // Arithmetic on bf16 values (a glu op's neighbours, any user code) in f32
  // between explicit conversions, which glu-round-to-bf16 rounds exactly
  // (LLVM's rounding differed between hosts).
  pm.addPass(createGluEmulateBF16Arith());
}

void glu::addGluRuntimeCheckPasses(OpPassManager &pm) {
  // On buffers, once results became out-parameters (the checks of a linalg
  // op then cover the caller's output buffers too) and deallocations were
  // placed (the deallocation stage then runs on code a quarter the size).
  // Level 0: the failed check and the op's location; level 1 would print
  // each checked op whole into the binary.
  std::unique_ptr<Pass> verify = createGenerateRuntimeVerificationPass();
  if (failed(verify->initializeOptions(
          "verbose-level=0", [](const Twine &) { return failure(); })))
    llvm_unreachable("generate-runtime-verification has verbose-level");
  pm.addPass(std::move(verify));
  // The checks in scf.if as straight-line code, for later passes to stay
  // linear in the checks.
  pm.addPass(createGluPredicateChecks());
  // Allocations whose byte size would wrap (upstream checks none).
  pm.addPass(createGluCheckAllocSizes());
}

void glu::addGluBufferizationPasses(OpPassManager &pm,
                                    const GluToLLVMOptions &options) {
  // The deallocation pipeline's first step (ownership-based deallocation
  // does not know memref.realloc), run while the module is small: no pass
  // of this stage makes a realloc, so only the input's are expanded.
  pm.addPass(memref::createExpandReallocPass(
      memref::ExpandReallocPassOptions{/*emitDeallocs=*/false}));
  // Large splat constants as fills, not globals of their full size.
  pm.addNestedPass<func::FuncOp>(createGluSplatsToFills());
  if (options.destinationPassing)
    pm.addNestedPass<func::FuncOp>(createGluCopyRepeatedResults());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // A glu op applied in an scf.for (layers, iterations) yields a new buffer
  // each iteration; ownership-based deallocation below frees them.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  if (options.outlineRepeats != 0) {
    // Tensors many glu ops read: one restrict view per reader, so that the
    // one-shot analysis stays linear.
    GluSplitFanOutOptions fanOut;
    fanOut.minUses = options.outlineRepeats;
    pm.addNestedPass<func::FuncOp>(createGluSplitFanOut(fanOut));
  }
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // Its constant globals' names and order depend on the order it met the
  // functions in, which changes from run to run.
  pm.addPass(createGluOrderConstantGlobals());
  if (options.outlineRepeats != 0) {
    GluOutlineKernelsOptions outline;
    outline.minRepeats = options.outlineRepeats;
    pm.addPass(createGluOutlineKernels(outline));
  }
  pm.addPass(createCanonicalize());
  if (options.destinationPassing) {
    bufferization::BufferResultsToOutParamsPassOptions outParams;
    outParams.hoistStaticAllocs = true;
    outParams.hoistDynamicAllocs = true;
    outParams.modifyPublicFunctions = true;
    // Keeps each returned allocation's sizes as a check of the caller's
    // output buffer that replaces it.
    if (options.runtimeChecks)
      pm.addNestedPass<func::FuncOp>(createGluCheckResultSizes());
    pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
    pm.addPass(createCanonicalize());
  }
  // Upstream's buildBufferDeallocationPipeline (its expand-realloc above,
  // its first canonicalize the one above), with glu-split-deallocs doing the
  // simplification's split of distinct allocations in linear time (a block
  // of N glu ops ends with a dealloc of N buffers).
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addPass(createCanonicalize());
  pm.addPass(createGluSplitDeallocs());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalize());
  // Deallocation clones buffers whose ownership it cannot prove (a function
  // argument written in place and returned); lower the clones.
  pm.addPass(createConvertBufferizationToMemRefPass());
  if (options.runtimeChecks) {
    addGluRuntimeCheckPasses(pm);
    // The checks repeat constants and sizes; the loop stage's vectorizer
    // walks this code and is several times slower on it uncleaned.
    pm.addPass(createCanonicalize());
    pm.addPass(createCSEPass());
  }
}

bool glu::ThreadCountCheck::valid(unsigned threads) {
  return threads <= kMaxThreads;
}

std::string glu::ThreadCountCheck::expected() {
  return "a thread count from 0 to " + std::to_string(kMaxThreads);
}

bool glu::VersionCopiesCheck::valid(unsigned copies) {
  return copies <= kMaxVersionCopies;
}

static_assert(glu::kMaxVersionCopies == 4,
              "the version-copies option's description names the limit");

std::string glu::VersionCopiesCheck::expected() {
  return "0 to " + std::to_string(kMaxVersionCopies) + " copies";
}

bool glu::VectorBitsCheck::valid(unsigned bits) {
  return isValidVectorBits(bits);
}

std::string glu::VectorBitsCheck::expected() {
  return "0 (the host's) or a power of two from 32 to 2048";
}

bool glu::VersionBoundCheck::valid(double bound) {
  return isValidVersionBound(bound);
}

std::string glu::VersionBoundCheck::expected() {
  return "a bound from 1 to 3.4028235e+38 (the largest f32)";
}

bool glu::usesOpenMP(const GluToLLVMOptions &options) {
  return options.vectorize && options.threads != 1;
}

void glu::addGluLoopLoweringPasses(OpPassManager &pm,
                                   const GluToLLVMOptions &options) {
  if (options.vectorize) {
    GluVectorizeElementwiseOptions vectorize;
    vectorize.vectorBits = options.vectorBits;
    // Four vectors per step: the transcendental bodies are latency-bound
    // chains (exp, div); 4 independent chains keep the FP units busy
    // (docs/performance.md: 1.1-1.4x over 2 on Zen 5, cache-resident).
    vectorize.unroll = 4;
    vectorize.parallel = options.threads != 1;
    pm.addNestedPass<func::FuncOp>(createGluVectorizeElementwise(vectorize));
  }
  // Copies between strided views as loops, not calls of the C runner
  // utils' memrefCopy (which glu-compile's objects do not link).
  pm.addPass(createGluStridedCopiesToLoops());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  if (options.tables) {
    GluTabulateOptions tabulate;
    tabulate.prefetchDistance = options.prefetchDistance;
    pm.addPass(createGluTabulate(tabulate));
  }
  // Before glu-version-by-range: its copies of a body keep the prefetches.
  if (options.vectorize && options.prefetchDistance)
    pm.addNestedPass<func::FuncOp>(
        createGluPrefetchStreams({options.prefetchDistance}));
  pm.addPass(createGluLowerMath());
  // The vector bodies again, for the lanes in the ordinary range, without
  // the guards that are no-ops there (the same bits). Unvectorized, the
  // loops that still load vectors are the GPU kernels' tiles.
  GluVersionByRangeOptions version;
  version.avx512 = options.avx512;
  version.vectorBits = options.vectorBits;
  version.minBound = options.versionMinBound;
  if (!options.versionPairs)
    version.pairMinFolds = 0;
  version.copies = options.versionCopies;
  pm.addPass(createGluVersionByRange(version));
  // Where no lane is NaN or subnormal, one vcvtneps2bf16 per 16 lanes.
  if (options.avx512bf16 && options.vectorize)
    pm.addPass(createGluAVX512BF16Rounding());
  // bf16 rounding that stays vectorized on AVX2 (arith-expand's select
  // on bf16 would be scalarized there), then the rest of arith-expand.
  pm.addPass(createGluRoundToBF16());
  // The interleaved packing's bf16 pairs as 32-bit words, no shuffle.
  pm.addPass(createGluBF16PairsAsWords());
  // reglu's selected f16 factors: plain loads, not masked ones.
  pm.addPass(createGluSelectProduct());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createCanonicalize());
  pm.addPass(createCSEPass());
}

void glu::addGluLLVMLoweringPasses(OpPassManager &pm,
                                   const GluToLLVMOptions &options) {
  if (usesOpenMP(options)) {
    // The reductions convert-scf-to-openmp cannot declare, on one thread
    // (it would stop on them).
    pm.addPass(createGluSequentialReductions());
    // OpenMP's default thread count may be one at run time: then a
    // sequential copy of each loop, without the runtime's region.
    if (options.threads == 0)
      pm.addPass(createGluOneThreadFallback());
    ConvertSCFToOpenMPPassOptions openmp;
    openmp.numThreads = options.threads;
    pm.addPass(createConvertSCFToOpenMPPass(openmp));
    // Inlines the memref.alloca_scope the conversion wraps each body in
    // (it holds no alloca), before scf-to-cf splits the body into blocks.
    pm.addPass(createCanonicalize());
  }
  // On the final bodies, after the OpenMP regions' alloca_scopes are
  // inlined (the copy's sfence, an intrinsic call, would keep them).
  // How much a loop may compute per lane it stores and still stream: a
  // 512-bit register does twice the lanes per instruction, so AVX-512 code
  // is bound by memory at twice the work (Zen 4, 48 GB/s for two cores,
  // docs/performance-analysis.md "Streaming where AVX-512 computes"): up to
  // 60 lanes the kernels that newly stream ran 1.03-1.40x at 16384 x 4096
  // (the bf16 backwards 1.28-1.40x), beyond 60 none gained (geglu's f32
  // backward 0.96x); the x86-64-v3 code of the same kernels between 24 and
  // 60 lost (geglu's f32 forward 0.93x), and keeps 24.
  if (options.vectorize && options.nontemporalMinBytes)
    pm.addNestedPass<func::FuncOp>(createGluNontemporalStores(
        {options.nontemporalMinBytes, options.avx512 ? 60.0 : 24.0}));
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // scf-to-cf, in time linear in the runtime checks (scf.if).
  pm.addPass(createGluConvertSCFToControlFlow());
  pm.addPass(createConvertVectorToLLVMPass());
  // math, index (the runtime checks' index ops), arith, finalize-memref,
  // func, cf (cf.assert in time linear in the checks), openmp and ub to
  // LLVM, and reconcile-unrealized-casts: one conversion, not nine passes.
  pm.addPass(createGluConvertToLLVM());
  // Vector loads as plain loads, not folded into masked instructions that
  // wait for the mask (docs/performance.md, "Masked loads").
  if (options.vectorize)
    pm.addPass(createGluFenceVectorLoads());
  // glu-avx512-bf16-rounding's tests as vfpclassps (LLVM expands them to
  // integer compares); the streaming stores of bf16 values from
  // vcvtneps2bf16, which LLVM would select as ordinary stores
  // (integer-rounded ones reach LLVM as i16 and stream without it).
  if (options.avx512bf16 && options.vectorize) {
    pm.addPass(createGluAVX512FPClass());
    if (options.nontemporalMinBytes)
      pm.addPass(createGluNontemporalWords());
  }
  pm.addPass(createCanonicalize());
}

void glu::buildGluToLLVMPipeline(OpPassManager &pm,
                                 const GluToLLVMOptions &options) {
  addGluPreparationPasses(pm, options.fuseElementwise, options.runtimeChecks);
  addGluBufferizationPasses(pm, options);
  addGluLoopLoweringPasses(pm, options);
  addGluLLVMLoweringPasses(pm, options);
}

void glu::registerGluToLLVMPipeline() {
  PassPipelineRegistration<GluToLLVMOptions>(
      "glu-to-llvm",
      "Lower IR with glu ops (and upstream tensor/linalg/arith/math) to the "
      "LLVM dialect for the CPU",
      buildGluToLLVMPipeline);
}
