//===- GluToLLVM.h - The CPU pipeline ---------------------------*- C++ -*-===//
//
// IR with glu ops, mixed with upstream func/tensor/linalg/arith/math, to the
// LLVM dialect: expansion, bufferization, loops, polynomial approximations,
// LLVM. Built in stages so that other pipelines (the GPU one, a user's) can
// reuse the stages they share.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_PIPELINES_GLUTOLLVM_GLUTOLLVM_H
#define GLUDIALECT_PIPELINES_GLUTOLLVM_GLUTOLLVM_H

#include "GluDialect/Pipelines/ThreadLimit.h"
#include "GluDialect/Transforms/NontemporalStores.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace glu {

/// A pipeline option's parser that also checks the value it parsed, so
/// that the pipeline refuses an invalid one when it is parsed: a pass does
/// not see its option where it does not run (vector-bits=7 with
/// vectorize=false went unnoticed), and its own message would name its
/// option. `Check::valid(value)`, else "expects <Check::expected()>, got
/// '<arg>'".
template <typename T, typename Check>
struct CheckedParser : public llvm::cl::parser<T> {
  using llvm::cl::parser<T>::parser;
  bool parse(llvm::cl::Option &option, StringRef name, StringRef arg,
             T &value) {
    if (llvm::cl::parser<T>::parse(option, name, arg, value))
      return true;
    if (Check::valid(value))
      return false;
    return option.error("expects " + Check::expected() + ", got '" + arg + "'");
  }
};

/// A thread count: 0 (OpenMP's default) to kMaxThreads, the runners' limit
/// (a larger one reached `omp.parallel num_threads` as a negative i32).
struct ThreadCountCheck {
  static bool valid(unsigned threads);
  static std::string expected();
};
using ThreadCountParser = CheckedParser<unsigned, ThreadCountCheck>;

/// glu-version-by-range's copies: 0 to kMaxVersionCopies.
struct VersionCopiesCheck {
  static bool valid(unsigned copies);
  static std::string expected();
};
using VersionCopiesParser = CheckedParser<unsigned, VersionCopiesCheck>;

/// A vector width glu-vectorize-elementwise takes (isValidVectorBits).
struct VectorBitsCheck {
  static bool valid(unsigned bits);
  static std::string expected();
};
using VectorBitsParser = CheckedParser<unsigned, VectorBitsCheck>;

/// glu-version-by-range's least bound (isValidVersionBound).
struct VersionBoundCheck {
  static bool valid(double bound);
  static std::string expected();
};
using VersionBoundParser = CheckedParser<double, VersionBoundCheck>;

static_assert(kMaxThreads == 1024,
              "the threads option's description below names the limit");

struct GluToLLVMOptions : public PassPipelineOptions<GluToLLVMOptions> {
  PassOptions::Option<bool> vectorize{
      *this, "vectorize",
      llvm::cl::desc("Vectorize elementwise loops (glu-vectorize-elementwise); "
                     "off: plain scalar loops"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned, ThreadCountParser> threads{
      *this, "threads",
      llvm::cl::desc("Threads for the row-parallel loops (0: OpenMP's "
                     "default, all cores; 1: no OpenMP; at most 1024)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> destinationPassing{
      *this, "destination-passing",
      llvm::cl::desc("Results become trailing out-parameters the caller "
                     "allocates (buffer-results-to-out-params, the "
                     "allocations replaced by them): the C ABI of "
                     "glu-compile"),
      llvm::cl::init(false)};
  PassOptions::Option<unsigned> outlineRepeats{
      *this, "outline-repeats",
      llvm::cl::desc("Kernels (generics on buffers) repeated at least this "
                     "many times in the module are lowered once, as private "
                     "functions the copies call (glu-outline-kernels; 0: "
                     "never): compile time linear in the graph"),
      llvm::cl::init(16)};
  PassOptions::Option<bool> tables{
      *this, "tables",
      llvm::cl::desc("f16/bf16 activations as exact 65536-entry tables "
                     "filled at load time (glu-tabulate); off: computed"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned> prefetchDistance{
      *this, "prefetch-distance",
      llvm::cl::desc("Vector loop bodies prefetch the streams they read "
                     "this many bytes ahead (glu-prefetch-streams; 0: "
                     "none; the same bits)"),
      llvm::cl::init(2048)};
  PassOptions::Option<uint64_t> nontemporalMinBytes{
      *this, "nontemporal-min-bytes",
      llvm::cl::desc("Vector loops whose outputs hold at least this many "
                     "bytes store them with aligned non-temporal stores "
                     "when their rows are aligned (glu-nontemporal-stores; "
                     "0: never; x86 only, glu-compile and the JIT set 0 "
                     "for other targets; the same bits)"),
      llvm::cl::init(kDefaultNontemporalMinBytes)};
  PassOptions::Option<unsigned, VectorBitsParser> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Vector register width in bits (0: the host's; else a "
                     "power of two from 32 to 2048)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> avx512{
      *this, "avx512",
      llvm::cl::desc("The target has AVX-512F (glu-compile and the JIT set "
                     "it from their target): the fast copies' products by "
                     "2^n as vscalefps (glu-version-by-range's avx512); the "
                     "same bits"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> avx512bf16{
      *this, "avx512bf16",
      llvm::cl::desc("The target has AVX512_BF16 and AVX512DQ (glu-compile "
                     "and the JIT set it from their target): vector "
                     "roundings to bf16 by vcvtneps2bf16 where no lane is "
                     "NaN or subnormal (glu-avx512-bf16-rounding); the same "
                     "bits"),
      llvm::cl::init(false)};
  PassOptions::Option<double, VersionBoundParser> versionMinBound{
      *this, "version-min-bound",
      llvm::cl::desc("The least bound of glu-version-by-range's fast copies "
                     "(its min-bound: the chosen vector's lanes in [-B, B], "
                     "B >= this; 1 to 3.4028235e+38); the same bits"),
      llvm::cl::init(4.0)};
  PassOptions::Option<bool> versionPairs{
      *this, "version-pairs",
      llvm::cl::desc("glu-version-by-range may test a second vector beside "
                     "the first (a product of two: the 16-bit backwards' "
                     "dy * up); false: one vector only (pair-min-folds=0); "
                     "the same bits"),
      llvm::cl::init(true)};
  PassOptions::Option<unsigned, VersionCopiesParser> versionCopies{
      *this, "version-copies",
      llvm::cl::desc("The most fast copies glu-version-by-range makes of a "
                     "body, each for the vectors the one before rejects (its "
                     "copies option; 0: none; at most 4); the same bits"),
      llvm::cl::init(2)};
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse glu ops with their elementwise producers and "
                     "consumers (an add, a scale, a cast, a mask) into one "
                     "loop (glu-fuse-elementwise); the same bits"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Check at run time what the verifier could not: "
                     "operand sizes of linalg ops, indices and casts of "
                     "tensor ops (upstream generate-runtime-verification); "
                     "a failed check calls the cf.assert handler"),
      llvm::cl::init(true)};
};

/// Stage 1: clean-up, arith/math/glu.round on tensors -> linalg, and glu ops
/// fused with their elementwise neighbours (when `fuseElementwise`).
void addGluPreparationPasses(OpPassManager &pm, bool fuseElementwise = true,
                             bool runtimeChecks = true);
/// Upstream runtime verification (generate-runtime-verification) of the
/// memref and linalg ops on buffers: the checks of a linalg op stand before
/// its loops, not in them. Part of stage 2 when `options.runtimeChecks`.
void addGluRuntimeCheckPasses(OpPassManager &pm);
/// Stage 2: one-shot bufferization of whole modules (identity layouts at
/// function boundaries; glu ops lower to linalg on buffers through their
/// BufferizableOpInterface), repeated kernels outlined
/// (`options.outlineRepeats`), results to out-parameters (when
/// `options.destinationPassing`, a value returned twice copied first),
/// ownership-based deallocation and the lowering of the clones it makes, then
/// runtime checks (when `options.runtimeChecks`).
void addGluBufferizationPasses(OpPassManager &pm,
                               const GluToLLVMOptions &options);
/// Stage 3: elementwise generics -> row-parallel vectorized loops (when
/// `options.vectorize`), the rest -> loops; glu.round and math -> exact
/// arithmetic and polynomial approximations; bf16 conversions -> integer
/// arithmetic.
void addGluLoopLoweringPasses(OpPassManager &pm,
                              const GluToLLVMOptions &options);
/// Stage 4: everything to the LLVM dialect (parallel loops through OpenMP
/// unless `options.threads` is 1).
void addGluLLVMLoweringPasses(OpPassManager &pm,
                              const GluToLLVMOptions &options);

/// True when code built with `options` calls the OpenMP runtime (libomp).
bool usesOpenMP(const GluToLLVMOptions &options);

/// All four stages: the `glu-to-llvm` pipeline.
void buildGluToLLVMPipeline(OpPassManager &pm, const GluToLLVMOptions &options);

/// Registers `glu-to-llvm` with the global pipeline registry.
void registerGluToLLVMPipeline();

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_PIPELINES_GLUTOLLVM_GLUTOLLVM_H
