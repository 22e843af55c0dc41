//===- Passes.td - glu transformation passes ---------------*- tablegen -*-===//

#ifndef GLU_TRANSFORMS_PASSES_TD
#define GLU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GluExpandOps : Pass<"glu-expand-ops"> {
  let summary = "Expand glu ops into elementwise linalg on tensors";
  let description = [{
    Rewrites every `glu.glu` into one elementwise `linalg.generic` whose
    scalar body is the variant's single definition (docs/semantics.md
    section 2, with the rounding plan's rounding points), and every `glu.glu_back` into one
    whose body is that same definition differentiated by the
    DifferentiableOpInterface rules. Fused operands are read through
    `tensor.extract_slice` (strided for `interleaved`); a fused gradient is
    assembled with `tensor.insert_slice`, the unread trailing element of odd
    widths written as zero. Runtime checks (`cf.assert`) guard what the
    verifier could not see in dynamic shapes. The rounding points stay
    `glu.round` ops; `glu-lower-math` lowers them.

    The CPU and GPU pipelines do not need this pass: the glu ops bufferize
    (BufferizableOpInterface) through the very same lowering, on buffers,
    where a fused gradient is written in place. On tensors, one-shot
    bufferization copies the halves of a fused `glu_back` result once.

    Before:

    ```mlir
    %y = glu.glu swiglu(%x, %g) : tensor<4x8xbf16>
    ```

    After (abridged):

    ```mlir
    %e = tensor.empty() : tensor<4x8xbf16>
    %y = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %g : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
    ^bb0(%xs: bf16, %gs: bf16, %out: bf16):
      %xf = arith.extf %xs : bf16 to f32
      ...                      // act = x * sigmoid(x)
      %ar = glu.round %act to bf16 : f32
      %yf = arith.mulf %ar, %gf : f32
      %r = arith.truncf %yf : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x8xbf16>
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def GluFuseElementwise : Pass<"glu-fuse-elementwise"> {
  let summary = "Fuse glu ops with their elementwise producers and consumers";
  let description = [{
    A glu op rarely stands alone: a bias or residual add, a scale, a cast
    or a mask reads its result or feeds its operands, and bufferized apart
    each is one more pass over memory. On tensors, this pass expands each
    `glu.glu` and split `glu.glu_back` that has such a neighbour (an
    elementwise `linalg.generic`, as `convert-elementwise-to-linalg` makes
    of arith on tensors) with `glu-expand-ops`' lowering, and merges the
    neighbours into its generic with upstream's elementwise fusion
    (`linalg::fuseElementwiseOps`): producers only it reads, and the
    consumer of a result it alone feeds, repeatedly. The fused body feeds
    the glu's yielded value, rounded to the storage type as before, to
    the neighbour's body in place of the element it loaded: the same bits,
    one loop, one pass over memory. Where a consumer was fused, the fused
    generic's float results are stored as the canonical quiet NaN where
    NaN, as the glu's are (docs/semantics.md decision 14): in one body LLVM
    may take another NaN for the glu's canonical one.

    A packed operand is read through the slices of its two halves
    (strided when interleaved); its producer is computed on the same
    slices of its own inputs, once per half, and fused like any other: its
    `linalg.index` ops still read the position in the whole operand (such
    a producer of interleaved halves stays apart: its strided body would
    not vectorize), and the sizes of its operands are checked first
    (`cf.assert`, in the words of `generate-runtime-verification`, which
    checked the producer before; nothing where the loops read nothing). A
    packed splat operand becomes a fill per half. A consumer is fused only
    in the glu op's block (not in a loop body, which would compute the glu
    op in every iteration), where the fused op can stand (the consumer's
    place, or the producer's), and if it reads one result of it.
    Neighbours are generics of at most `max-neighbour-ops` body ops (not
    another glu: chains of glu ops stay apart), and they add at most
    `max-fused-ops` ops to the glu op's expanded body (which alone is up
    to 340 ops, an f32 backward), so that the pass stays linear in a
    function's ops.
    Every map of a neighbour is the identity: the fused loop stays one
    that `glu-vectorize-elementwise` vectorizes, and no neighbour is
    computed once per element of a broadcast. Splat constants and fills the
    fused generic reads become scalars in its body (a tensor constant
    would otherwise become a global of its full size). Glu ops without a
    neighbour, and a packed `glu.glu_back` (its gradient's halves,
    assembled by `tensor.insert_slice`, would be copied by one-shot
    bufferization; its own bufferization writes them in place), are left
    to bufferize as they are.
  }];
  let options = [
    Option<"maxNeighbourOps", "max-neighbour-ops", "unsigned",
           /*default=*/"16",
           "Largest body (ops) of a generic fused as a neighbour">,
    Option<"maxFusedOps", "max-fused-ops", "unsigned", /*default=*/"256",
           "Most ops the neighbours add to a glu op's expanded body">,
    Option<"runtimeChecks", "runtime-checks", "bool", /*default=*/"true",
           "Check a sliced producer's operand sizes at run time, as "
           "generate-runtime-verification checked the producer">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def GluCopyRepeatedResults
    : Pass<"glu-copy-repeated-results", "::mlir::func::FuncOp"> {
  let summary = "Return each value once: a repeated result becomes a copy";
  let description = [{
    In each `func.return`, a value already returned earlier in the list is
    replaced by a copy of it (`bufferization.alloc_tensor() copy(...)`), so
    that after bufferization every result has its own buffer. Destination
    passing needs that: `buffer-results-to-out-params` gives each result
    its own out-parameter, and with allocations hoisted it cannot place one
    buffer in two of them (it crashes on `return %y, %y`).

    In a function with several `func.return`s, every tensor each one
    returns is copied right before it: the hoisting replaces a returned
    allocation by its output buffer on every path, so `return %a` on one
    path and `return %b` on another (both computed before the branch) wrote
    both into the same output, and the object returned %b's values where
    the function returns %a. The copies cost a pass over the results, in
    such functions only.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def GluSplatsToFills
    : Pass<"glu-splats-to-fills", "::mlir::func::FuncOp"> {
  let summary = "Large splat tensor constants become a linalg.fill at run time";
  let description = [{
    Rewrites an `arith.constant` of a ranked tensor type whose value is a
    splat (every element the same) and whose size is at least `min-bytes`
    into `linalg.fill` of its element into a `tensor.empty`. One-shot
    bufferization makes a constant tensor a global of its full size: a
    `dense<1.0> : tensor<4096x4096xf32>` was a 64 MiB object file (3.7 s
    to compile), and one of 65536x65536 elements a 16 GiB global that the
    compiler never finished building. A fill allocates and writes the
    buffer when the function runs, in the function's vectorized loops.
    Constants that glu-fuse-elementwise already folded into a fused body
    as scalars are not tensors any more; this pass takes the rest (a splat
    returned, or read by an op that is not fused). Below `min-bytes` a
    global is the cheaper of the two and is kept.
  }];
  let options = [Option<"minBytes", "min-bytes", "uint64_t",
                        /*default=*/"65536",
                        "Rewrite splat constants of at least this many bytes "
                        "(smaller ones stay globals)">];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def GluLowerMath : Pass<"glu-lower-math"> {
  let summary = "Lower glu.round and math functions to exactly rounded arithmetic";
  let description = [{
    Rewrites `glu.round %x to T` into `arith.truncf` + `arith.extf`, and
    applies upstream MLIR's polynomial approximations
    (`populateMathPolynomialApproximationPatterns`) to exp, tanh, erf, erfc
    and the other math ops they cover, on scalars and vectors, so that no
    libm or libdevice call remains. What is left uses only exactly rounded
    arithmetic (`.rn` operations and explicit `math.fma`), so the CPU and the
    GPU compute the same bits from it. Every f32 `math.exp` is first
    rewritten so that its subnormal results survive (upstream's flushes
    below 2^-126): for an argument below -87.5 it computes
    `exp(a + 32) * e^-32`, the same bits as before elsewhere; on vectors
    only when some lane needs it (`scf.if` on the lanes' `vector.reduction
    <or>`).

    `glu.gelu_table` (ggml's f16 GELU table) becomes a load from a private
    constant `memref.global` of 65536 f16 entries, built here on the
    compiling host with its C library's `tanhf` (ggml's program), once per
    symbol table (the module, or a kernel's `gpu.module`): the pass must run
    on the op that holds that symbol table. On vectors the load is a
    `vector.gather`.

    Before:

    ```mlir
    %r = glu.round %x to bf16 : vector<8xf32>
    %e = math.exp %r : vector<8xf32>
    ```

    After: `arith.truncf`/`arith.extf`, then range reduction, a polynomial of
    `math.fma`s and an exponent bit-insertion, all on `vector<8xf32>`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def GluSequentialReductions : Pass<"glu-sequential-reductions"> {
  let summary = "Run an scf.parallel whose reductions OpenMP's conversion "
                "lacks as nested scf.for loops";
  let description = [{
    Before `convert-scf-to-openmp`, which declares an OpenMP reduction only
    for the combiners it recognizes (one add, mul, and, or or xor of the
    two arguments, or a compare-and-select min or max) and stops on any
    other ("unconverted operation found": `arith.maximumf`, a combiner of
    two ops, a bf16 sum through f32): such a loop becomes nested `scf.for`
    loops, each reduction an iteration argument combined in iteration
    order, the result of one thread. Upstream's matcher is not public, so
    only a part of its set that it always matches and lowers stays
    parallel: one of those seven arith ops on the block's arguments in
    order, on i8, i16, i32, i64, f16, bf16, f32 or f64, scalars or 1-D
    vectors. A min or max by select runs sequentially too (slower, the same
    value), and so do the types upstream matches but cannot lower (an
    atomic update of i1, i24, i128 or f80; an n-D vector or index
    constant). Loops without reductions are left alone.

    ```mlir
    %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f32 {
      scf.reduce(%v : f32) {
      ^bb0(%a: f32, %b: f32):
        %m = arith.maximumf %a, %b : f32
        scf.reduce.return %m : f32
      }
    }
    ```

    becomes `scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z)` with
    `arith.maximumf %acc, %v` yielded.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def GluOneThreadFallback : Pass<"glu-one-thread-fallback", "::mlir::ModuleOp"> {
  let summary = "A sequential copy of every scf.parallel, taken on one OpenMP thread";
  let description = [{
    Before `convert-scf-to-openmp` with OpenMP's default thread count: every
    outermost `scf.parallel` (without reductions) becomes
    `scf.if (omp_get_max_threads() > 1)` around it, with a copy of it as
    nested `scf.for` in the else branch, outlined into a private function
    that LLVM does not inline (as OpenMP outlines the parallel body, so
    that both are register-allocated alike). On one thread LLVM's OpenMP runtime
    still enters a serialized parallel region and a worksharing loop on
    every call (about 300 ns on Zen 5, docs/performance-analysis.md), as
    long as a cache-resident reglu of 8 x 1024 elements takes; the copy
    skips it. Same arithmetic in both branches, so the same bits. The
    constants the copy uses are copied into the outlined function, not
    passed to it: an intrinsic's immediate operand (vscalefps's rounding
    mode, `glu-version-by-range`) must stay a constant there.

    ```mlir
    %n = func.call @omp_get_max_threads() : () -> i32
    %many = arith.cmpi sgt, %n, %c1_i32 : i32
    scf.if %many {
      scf.parallel (%i) = (%c0) to (%rows) step (%c1) { ... }
    } else {
      func.call @f__one_thread(...)   // scf.for %i = %c0 to %rows step %c1 { ... }
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def GluTabulate : Pass<"glu-tabulate", "::mlir::ModuleOp"> {
  let summary = "Functions of one f16/bf16 value as exact 65536-entry tables";
  let description = [{
    After vectorization and before `glu-lower-math`: for every
    `arith.extf` from f16 or bf16 to f32 (scalar or 1-D vector of a width
    that divides 65536) whose nearest symbol table is the module or a
    `gpu.module`, the cone of elementwise ops computed from that value
    alone (and constants the same in every lane) is found; where
    it holds a math function or a division and the kernel reads at most
    `max-tables` f32 values of it, each of those values becomes a lookup in
    a private `memref.global` of 65536 f32 indexed by the raw 16 bits, and
    the cone's ops that are left without a use are erased. On a vector
    read by a `vector.load` (1-D, same block, nothing writing memory in
    between) each lane's word is loaded again as a scalar and indexes a
    `memref.load` of the table, the lanes gathered by
    `vector.from_elements` (faster than a hardware gather on Zen 5, and
    not scalarized through pointer vectors on AVX2); in a forward on the
    host (one value per lane, a window of whole chunks of four words) the
    words are loaded four at a time as one i64 and shifted out, one load
    instead of four (docs/performance-analysis.md, t16); other vectors use
    `vector.gather`, scalars `memref.load`. A glu forward reads one value (act,
    or its rounding), a glu backward two (act and its derivative: the
    backward differentiates act alone, docs/semantics.md section 8), hence
    the default of two.

    On the host, the values a kernel reads of one cone share ONE table of
    65536 entries, each entry holding them side by side (act and act' of a
    backward: 8 bytes, one cache line and one load per lane). Where the one
    value an f16 gate's cone gives is `glu.round %v to T` (the rounded act
    of a two_round or f16_table forward), the table holds its 16 bits (i16
    entries: truncf(%v), widened by an extf after each lookup, which is
    glu.round's own definition): half the bytes, where the f16 forwards
    were bound by the lines of an f32 table in L1. In a loop
    body whose lanes are looked up one by one, every stream the body
    `vector.load`s is prefetched `prefetch-distance` bytes ahead
    (`memref.prefetch`, its index possibly past the memref's end: it lowers
    to a GEP without `inbounds`, and a prefetch never faults): the lookups
    fill the core's window, and the hardware
    prefetcher alone left the streams' loads waiting on memory at large
    sizes (docs/performance.md).

    The tables are filled at load time by an internal `llvm.func` listed in
    `llvm.mlir.global_ctors` (`.init_array` in an object; the JIT runs it
    in `ExecutionEngine::initialize`), whose body is the cone itself,
    cloned, run over all 65536 bit patterns and lowered by the same later
    passes as the kernels: a lookup gives the bits the computed path gives.
    Identical cones share their tables; at most `max-module-tables` per
    module, further distinct cones stay computed.

    A GPU module has no constructors. For a cone inside a `gpu.module`, the
    tables are uninitialized `memref.global`s in THAT gpu.module (no bytes
    in its binary), filled by one kernel per gpu.module, `gpu.func
    @__glu_table_init` (no arguments; a grid-stride loop over the 65536
    entries holding every distinct cone of the module, cloned), which the
    runtime launches once after loading the module (docs/gpu.md). The name
    is reserved in every gpu.module, with or without cones: any symbol
    already named so is an error (the pass does not run twice on its own
    output). With `host=false` only cones inside
    gpu.modules are tabulated.

    Before (bf16 swiglu, one_round):

    ```mlir
    %x = arith.extf %a : vector<32xbf16> to vector<32xf32>
    ...                                   // act(x): exp, div, selects
    %y = arith.mulf %act, %g : vector<32xf32>
    ```

    After:

    ```mlir
    %b = arith.bitcast %a : vector<32xbf16> to vector<32xi16>
    %i = arith.extui %b : vector<32xi16> to vector<32xi32>
    %t = memref.get_global @__glu_table : memref<65536xf32>
    %act = vector.gather %t[%c0] [%i], %true, %zero : ... into vector<32xf32>
    %y = arith.mulf %act, %g : vector<32xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"maxTables", "max-tables", "unsigned", /*default=*/"2",
           "Tabulate a cone only if the kernel reads at most this many of "
           "its values (one table each)">,
    Option<"maxModuleTables", "max-module-tables", "unsigned",
           /*default=*/"64",
           "At most this many tables (up to 256 KiB each) per module; further "
           "distinct cones stay computed">,
    Option<"host", "host", "bool", /*default=*/"true",
           "Tabulate cones outside gpu.modules too (false: only the GPU "
           "kernels', as glu-to-nvvm does)">,
    Option<"prefetchDistance", "prefetch-distance", "unsigned",
           /*default=*/"2048",
           "In a loop body whose gate lanes are looked up one by one, "
           "prefetch every stream it vector.loads this many bytes ahead "
           "(0: none)">,
    Option<"wordsFirst", "words-first", "bool", /*default=*/"true",
           "On the host, load a deinterleaved gate's words before the "
           "vector.load of both halves rather than after it (after it, LLVM "
           "took some of them out of that load's registers: two shuffles "
           "where a load was one)">,
  ];
}

def GluPrefetchStreams
    : Pass<"glu-prefetch-streams", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the streams of vector loop bodies in software";
  let description = [{
    In every loop body (an op with `LoopLikeOpInterface`'s block) that
    reads 1-D `vector.load`s of unit-stride memrefs, each such stream (a
    memref and index, once) gets one `memref.prefetch` (read, locality 3)
    per cache line of the load (at most 64 lines: a longer vector's rest
    is prefetched by the next iterations), `distance` bytes ahead; only
    elements of 1, 2, 4, 8, ... bytes (an i24 is stored in 4). The index may lie
    past the memref's end (the last step of a row): `memref.prefetch`
    lowers to a GEP without `inbounds` and an x86 prefetch never faults;
    nothing is loaded or stored there, and the values computed are the
    same. Loads of globals (glu-tabulate's tables) are not streams. A body
    that already holds a prefetch (glu-tabulate's, which knows its word
    loads) is left as it is.

    Why: a transcendental body is long (geglu_erf's forward, about 285
    instructions per 64 f32 lanes), the core's window holds few
    iterations, and the hardware prefetcher alone left one core's stream
    loads waiting on memory: swiglu's f32 forward, 16384 x 4096, one
    thread, Zen 5, went from 80-87% to 100-110% of the same-run triad,
    and from 0.92x to 1.18-1.22x ggml's time, with 2048 bytes
    (docs/performance-analysis.md). Run on the host's functions only (the
    GPU's kernels are not func.func).

    ```mlir
    %a = vector.load %x[%i, %j] : memref<?x?xf32>, vector<16xf32>
    // becomes
    %j2 = arith.addi %j, %c512 : index
    memref.prefetch %x[%i, %j2], read, locality<3>, data : memref<?x?xf32>
    %a = vector.load %x[%i, %j] : memref<?x?xf32>, vector<16xf32>
    ```
  }];
  let options = [Option<"distance", "distance", "unsigned",
                        /*default=*/"2048",
                        "Prefetch this many bytes ahead of each load "
                        "(0: no prefetches)">];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def GluEmulateBF16Arith : Pass<"glu-emulate-bf16-arith"> {
  let summary = "Arithmetic on bf16 computed in f32 and rounded per op";
  let description = [{
    Every arith op on bf16 values (scalars, vectors, tensors; `addf`,
    `mulf`, `cmpf`, `maximumf`, ...) becomes `extf` of its operands, the op
    in f32 and `truncf` of its results: upstream's
    `arith-emulate-unsupported-floats` patterns, whose conversions this pass
    leaves without fastmath flags (with their `contract`, canonicalization
    folds `extf(truncf(x))` to `x`, and two bf16 ops in a row lost the
    rounding between them). One rounding per op, IEEE's result, which
    `glu-round-to-bf16` then computes exactly: left to LLVM, the promoted
    result was rounded by `vcvtneps2bf16` on AVX512_BF16 hosts (subnormals
    flushed to 0, NaN payloads kept) and by a call of `__truncsfbf2` for
    x86-64-v3, which Debian 12's libgcc lacks (docs/semantics.md decision
    18). glu's own ops are computed in f32 already and are not touched.

    ```mlir
    %s = arith.mulf %a, %b : bf16
    // becomes
    %0 = arith.extf %a : bf16 to f32
    %1 = arith.extf %b : bf16 to f32
    %2 = arith.mulf %0, %1 : f32
    %s = arith.truncf %2 : f32 to bf16
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def GluRoundConversions : Pass<"glu-round-conversions"> {
  let summary = "Conversions to f32, f16 and bf16 (and 16-bit fma) rounded "
                "once, by their mode";
  let description = [{
    IEEE 754's rounding of the exact value, once, by the op's rounding mode,
    where upstream's lowering gives something else (docs/semantics.md
    decision 18).

    `arith.truncf` rounds by its `roundingmode` where it has one (IEEE
    754's five modes). Upstream's `convert-arith-to-llvm` lowers such a
    truncation to `llvm.intr.experimental.constrained.fptrunc`, whose mode
    only tells LLVM what the floating-point environment's mode is: in the
    default environment (round to nearest even, decision 17) every mode
    then rounded to nearest, and `arith-expand`'s bf16 expansion refuses a
    mode. A truncation to f32, f16 or bf16 with a mode becomes the default
    truncation `r` and a step of one unit in the last place where `r` lies
    on the wrong side of the input `x`: its bits minus 1 (toward zero) or
    plus 1 (away from zero) in the sign-magnitude encoding, read from
    `extf(r)` compared with `x` (exact: the wider type holds every value of
    the narrower one).

    - `to_nearest_even`: the default truncation (the attribute dropped);
    - `toward_zero`: `|extf(r)| > |x|` steps toward zero (a rounding up to
      infinity becomes the largest finite value);
    - `upward` / `downward`: `extf(r) < x` / `> x` steps toward +inf / -inf;
    - `to_nearest_away`: a tie that `r` broke toward zero (`x` halfway
      between `r` and its successor in magnitude, both differences exact)
      steps away from zero.

    LLVM converts to bf16 through f32, rounding twice: a truncation from a
    type wider than f32 (its vector lowering, and MLIR's runtime
    `__truncdfbf2` that the JIT links) and `arith.sitofp` / `arith.uitofp`
    from integers of 25 to 64 bits. Those round to f32 to odd first (toward
    zero, the last bit set where inexact), which makes the rounding to bf16
    after it the only one (f32 has bf16's 8 bits and 2 more): a truncation
    directly, an integer through f64 (exact up to 53 bits; wider, its low
    bits folded into a sticky last bit first).

    `math.fma` on bf16 and f16, which LLVM computes in f32 and rounds
    again, is computed in f64 (the product exact, the sum's error from
    TwoSum), rounded to odd with that error and then once to the 16-bit
    type.

    A NaN compares false and keeps the default truncation's NaN (glu's
    canonical one for bf16). Scalars, vectors and statically shaped
    tensors; a dynamically shaped tensor is left (the pipelines run this
    after `convert-elementwise-to-linalg`, where conversions are scalars in
    linalg bodies or vectors). A truncation to another type (f8, f4, tf32)
    and integers wider than 64 bits are left as they are.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def GluRoundToBF16 : Pass<"glu-round-to-bf16"> {
  let summary = "Round f32 to bf16 with integer ops, without a select on bf16";
  let description = [{
    Before `arith-expand`: every `arith.truncf` from f32 to bf16 (default
    rounding, scalar or shaped) becomes the integer round-to-nearest-even
    of upstream's bf16 expansion, with a NaN input replaced by the f32
    quiet NaN 0x7fc00000 before the rounding instead of a select of 0x7fc0
    after it (the same bits). A `select(cmpf uno %v, %v), <bf16 quiet NaN>,
    truncf(%v)` (glu-expand-ops' canonical NaN) is the rounding itself and
    is dropped. No select on bf16 values is left of either: LLVM
    scalarizes a vector select on bf16 on x86 without AVX512-BF16 (AVX2
    hosts), per element.

    Before:

    ```mlir
    %t = arith.truncf %v : vector<8xf32> to vector<8xbf16>
    %n = arith.cmpf uno, %v, %v : vector<8xf32>
    %y = arith.select %n, %qnan, %t : vector<8xi1>, vector<8xbf16>
    ```

    After: `%y` is `cmpf uno`, a select of 0x7fc00000 on `vector<8xf32>`,
    a bitcast to i32, `+ 0x7fff + bit 16`, a shift right by 16, `trunci`
    to i16 and a bitcast to bf16.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def GluAVX512BF16Rounding : Pass<"glu-avx512-bf16-rounding"> {
  let summary = "Round f32 to bf16 by AVX512_BF16's vcvtneps2bf16 where no "
                "lane is NaN or subnormal";
  let description = [{
    For x86 targets with AVX512_BF16 and AVX512DQ; before
    `glu-round-to-bf16`. AVX512_BF16's `vcvtneps2bf16` rounds 16 lanes of
    f32 to bf16 to nearest even in one instruction, where the integer
    rounding takes six per 16 lanes and a permute per 32 to pack. It reads
    a subnormal input as zero and keeps a NaN's payload; glu rounds the
    subnormal and stores the quiet NaN 0x7fc0 (docs/semantics.md). Every
    other f32 (zeros, normals, infinities; a rounding up to infinity
    included) gets the same bits from both.

    So the `arith.truncf`s from f32 to bf16 of a block (1-D vectors of a
    multiple of 16 lanes, default rounding) are tested together, before
    the first op that uses one of them: one `llvm.intr.is.fpclass` per 16
    lanes (NaN or subnormal; `glu-avx512-fpclass` makes it a `vfpclassps`
    after the lowering), the masks or'ed and reduced. An `scf.if` then
    yields the truncations as they were (with their canonical-NaN selects)
    where a lane is NaN or subnormal, for `glu-round-to-bf16` or
    `arith-expand` to expand, and `llvm.fptrunc` (which LLVM lowers to
    `vcvtneps2bf16` on such a target, and `arith-expand` leaves alone)
    where none is. A truncation whose only uses are the select of the bf16
    quiet NaN on a NaN input (glu-expand-ops' canonical NaN) yields in that
    select's place: no lane of the else branch is NaN. The same bits.

    Both branches yield the bits as i16, read as bf16 after the `scf.if`,
    and an interleave of two such results interleaves the i16 words: LLVM's
    x86 backend stores a bf16 vector with `vmovaps` even where it should
    stream (see `glu-nontemporal-words`), and a bf16 value from `fptrunc`
    or a bf16 shuffle reached the store as bf16.

    Before:

    ```mlir
    %t = arith.truncf %v : vector<16xf32> to vector<16xbf16>
    %n = arith.cmpf uno, %v, %v : vector<16xf32>
    %y = arith.select %n, %qnan, %t : vector<16xi1>, vector<16xbf16>
    vector.store %y, %m[%i] : memref<?xbf16>, vector<16xbf16>
    ```

    After:

    ```mlir
    %c = "llvm.intr.is.fpclass"(%v) <{bit = 147 : i32}>
        : (vector<16xf32>) -> vector<16xi1>
    %any = vector.reduction <or>, %c : vector<16xi1> into i1
    %w = scf.if %any -> (vector<16xi16>) {
      // The truncf and the NaN select as before, bitcast to i16.
    } else {
      %h = llvm.fptrunc %v : vector<16xf32> to vector<16xbf16>
      %b = arith.bitcast %h : vector<16xbf16> to vector<16xi16>
      scf.yield %b : vector<16xi16>
    }
    %y = arith.bitcast %w : vector<16xi16> to vector<16xbf16>
    vector.store %y, %m[%i] : memref<?xbf16>, vector<16xbf16>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def GluBF16PairsAsWords : Pass<"glu-bf16-pairs-as-words"> {
  let summary = "16-bit pairs read and written as 32-bit words, without a "
                "16-bit (de)interleave";
  let description = [{
    The interleaved packing keeps (g, up) pairs side by side; read as
    32-bit words, each word holds the even lane in its lower 16 bits and
    the odd lane in its upper 16 bits (on the little-endian hosts glu
    compiles for). Three rewrites use that, each giving the same bits:

    - Every `arith.extf` to f32 of one half of a `vector.deinterleave` of a
      1-D bf16 vector becomes integer ops on the deinterleaved vector: the
      odd half is the word masked with 0xffff0000, the even half the word
      shifted left by 16 (bf16 is f32's upper half; arith-expand extends it
      with the same shift), NaNs included.
    - Every `vector.interleave` of two 1-D 16-bit halves that are each an
      `arith.trunci` of i32 words (seen through an `arith.bitcast`: the
      bf16 values glu-round-to-bf16 leaves) becomes the words
      `(odd << 16) | (even & 0xffff)` read as the pairs.
    - Every other `arith.trunci` of i32 words shifted right by 16
      (`arith.shrui`) to 1-D i16 becomes the odd 16-bit lanes of the words
      (`vector.bitcast`, `vector.shuffle`): a split kernel's rounded bf16
      output. AVX-512 packs 32 lanes by one `vpermi2w` where it shifted,
      truncated twice (`vpmovdw`) and inserted; x86-64-v3 uses as many
      instructions either way.

    What goes: the 16-bit shuffles and their zero extensions or
    truncations. x86-64-v3 has no 16-bit deinterleave, and LLVM built it
    from general registers (`vpinsrw`); on AVX-512 LLVM interleaved the
    words with two-source permutes before truncating each half. Run after
    glu-tabulate (which reads a deinterleaved gate's words from memory) and
    after glu-round-to-bf16.

    Before:

    ```mlir
    %g, %u = vector.deinterleave %pairs : vector<32xbf16> -> vector<16xbf16>
    %x = arith.extf %u : vector<16xbf16> to vector<16xf32>
    ...
    %a = arith.trunci %even : vector<16xi32> to vector<16xi16>
    %b = arith.trunci %odd : vector<16xi32> to vector<16xi16>
    %p = vector.interleave %a, %b : vector<16xi16> -> vector<32xi16>
    ```

    After:

    ```mlir
    %w = vector.bitcast %pairs : vector<32xbf16> to vector<16xi32>
    %h = arith.andi %w, %upper : vector<16xi32>
    %x = arith.bitcast %h : vector<16xi32> to vector<16xf32>
    ...
    %lo = arith.andi %even, %lower : vector<16xi32>
    %hi = arith.shli %odd, %sixteen : vector<16xi32>
    %or = arith.ori %lo, %hi : vector<16xi32>
    %p = vector.bitcast %or : vector<16xi32> to vector<32xi16>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def GluSelectProduct : Pass<"glu-select-product"> {
  let summary = "A product of two factors selected by one condition as one "
                "selected product, where a factor is read from f16";
  let description = [{
    `mulf(select(%c, %a, +0), select(%c, %b, +0))` becomes
    `select(%c, mulf(%a, %b), +0)` (the same bits: where `%c` is false the
    product was +0 * +0 = +0) when `%a` or `%b` is an `arith.extf` from
    f16. reglu's definition selects both factors (its derivatives are then
    0 * 0 where the gate is not > 0); on x86 LLVM folds such a select of
    an f16 value just loaded into a zero-masked conversion load
    (`vcvtph2ps mem, zmm{k}{z}`), and a stream read only by masked loads
    ran at half the speed of plain loads on Zen 5 at large sizes
    (docs/performance.md). With the select after the product, the loads
    stay plain and the mask goes to the multiply. bf16 and f32 are left
    alone: their extension is not a load-folding conversion.

    Before:

    ```mlir
    %x = arith.extf %a : vector<16xf16> to vector<16xf32>
    %u = arith.extf %b : vector<16xf16> to vector<16xf32>
    %s = arith.select %c, %x, %zero : vector<16xi1>, vector<16xf32>
    %t = arith.select %c, %u, %zero : vector<16xi1>, vector<16xf32>
    %y = arith.mulf %s, %t : vector<16xf32>
    ```

    After:

    ```mlir
    %p = arith.mulf %x, %u : vector<16xf32>
    %y = arith.select %c, %p, %zero : vector<16xi1>, vector<16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def GluVectorizeElementwise : Pass<"glu-vectorize-elementwise"> {
  let summary = "Row-parallel, vectorized loops for elementwise generics on buffers";
  let description = [{
    For every `linalg.generic` on buffers whose loops are all parallel and
    whose maps are all the identity (what glu ops bufferize to, and what
    `convert-elementwise-to-linalg` produces): an `scf.parallel` over rows
    (over chunks of `chunk` elements for 1-D), an `scf.for` over the last
    dimension in steps of the vector width whose body is the generic
    vectorized (`linalg::vectorize`), and the remainder (< width elements
    per row) left as a generic on a dynamic slice, which
    `convert-linalg-to-loops` makes scalar. Built from upstream linalg tiling
    (with peeling) and vectorization; per-element arithmetic is unchanged,
    so the results are bit-identical to the scalar loops.

    Before:

    ```mlir
    linalg.generic {indexing_maps = [#id, #id, #id], ...}
        ins(%x, %g : memref<?x?xbf16>, memref<?x?xbf16>) outs(%y : memref<?x?xbf16>) {...}
    ```

    After (abridged, AVX2, unroll 2):

    ```mlir
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
      scf.for %j = %c0 to %main step %c16 {
        %a = vector.load %x[%i, %j] : memref<?x?xbf16>, vector<16xbf16>
        ...                              // the body on vector<16xf32>
        vector.store %r, %y[%i, %j] : memref<?x?xbf16>, vector<16xbf16>
      }
      scf.for %j = %main to %n step %c16 { linalg.generic ... }  // remainder
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"0",
           "Vector register width in bits (0: the host's: 512 with AVX-512, "
           "256 with AVX, else 128; else a power of two from 32 to 2048)">,
    Option<"unroll", "unroll", "unsigned", /*default=*/"2",
           "Vectors per step, 1 to 16 (the step is unroll * vector-bits / 32 "
           "elements)">,
    Option<"parallel", "parallel", "bool", /*default=*/"true",
           "Make the row (or chunk) loop an scf.parallel">,
    Option<"chunk", "chunk", "unsigned", /*default=*/"16384",
           "Elements per parallel task of a 1-D generic">,
  ];
}

def GluVersionByRange : Pass<"glu-version-by-range"> {
  let summary = "A copy of each vector loop body for loaded lanes in the ordinary range, its no-op guards folded";
  let description = [{
    For each `scf.for` without results whose body loads f32 vectors
    (`vector.load`, `vector.deinterleave`, or `arith.extf` to f32: a 16-bit
    kernel's loaded lanes widened), or an `scf.if` nested in the
    body does (a GPU kernel's tile, loaded under its alignment test; the
    outermost such block that is versioned, only; not a loop around a
    versioned loop, whose copy would copy the inner copies): an interval
    analysis (outward rounded: add, sub, mul, fma, div, neg, abs, floor,
    select, min/max; a `vector.extract`ed lane has its vector's range)
    finds, for each loaded vector in turn, how many `arith.cmpf` of the
    block after the load are decided for every lane when that vector's
    lanes lie in [-B, B] (no NaN). The vector that decides the most (at least
    `min-folds` under B = `min-bound`) is chosen, with the largest B that
    still decides as many, and the rest of the body is put under
    `scf.if (every lane of |v| <= B)`: the else branch is the body
    unchanged, the then branch a copy whose decided compares are constants
    (the canonicalizer then drops the selects and branches they guard);
    what the block yields (an `scf.if`'s results), each branch yields. A
    compare of a value with itself, or with a min/max of it that the range
    forwards, is decided for NaN-free lanes. Loads from a global (a
    table's entries, glu-tabulate's) are not tested.

    A second vector joins the test where the two decide at least
    `pair-min-folds` compares more than the first alone (with none
    alone: the two under one bound, the widest that decides as many): a
    product of two loaded vectors is bounded by neither, such as the
    backwards' dy * up, whose overflow guard (|dy * up| >= 2^63) and NaN
    test then fold. Its reduction joins the first's (`arith.andi`), the
    copy begins after the later of the two, and what lies between them
    (computed before the test) is folded in the copy only. The test is one compare of one
    register (`vector-bits`): the bits of |v| (NaN above every bound) folded
    by `arith.maxui`, against B's bits (with `vector-bits=32`, a GPU
    thread's registers, the lanes are folded as scalars).
    Both branches compute the same bits for every lane that passes the test,
    by construction, NaN signs and payloads aside: the folds a later
    canonicalizer applies to a copy need not keep them (`(-y) + |y|`
    becomes `|y| - y`, whose NaN takes y's sign on x86 where the sum's
    took -y's); glu's kernels store every NaN as the canonical one
    (docs/semantics.md, decision 14), so their outputs are bit-identical.
    Run after `glu-lower-math`, where the clamps, saturations and
    subnormal branches of the lowered math are compares: in the CPU
    pipeline's vectorized loops and the GPU kernels' tiles.

    The slow branch is then versioned again in the same way (up to
    `copies` copies in all), with bounds at least twice the smallest bound
    of the test before it (a copy for a sliver of inputs is code without
    speed): a swiglu_oai backward's up beyond the clamp's limit (7) fails
    the first test, which folds the clamp; the second, on up and dy within
    1.15e18, still folds the NaN routing and the overflow guard of dy * up.
    Its test runs only where the one before failed.

    Before (abridged):

    ```mlir
    scf.for %j = %c0 to %n step %c64 {
      %x = vector.load %a[%j] : memref<?xf32>, vector<64xf32>
      %low = arith.cmpf olt, %x, %cst_m87_5 : vector<64xf32>
      %t = arith.select %low, %shifted, %x : vector<64xi1>, vector<64xf32>
      ...
    }
    ```

    After:

    ```mlir
    scf.for %j = %c0 to %n step %c64 {
      %x = vector.load %a[%j] : memref<?xf32>, vector<64xf32>
      %bits = arith.bitcast %x : vector<64xf32> to vector<64xi32>
      %abs = arith.andi %bits, %cst_magnitude : vector<64xi32>
      // (with vector-bits=512: the four 16-lane pieces folded by maxui)
      %in = arith.cmpi ule, %abs, %cst_bound_bits : vector<64xi32>
      %all = vector.reduction <and>, %in : vector<64xi1> into i1
      scf.if %all {
        %false = arith.constant dense<false> : vector<64xi1>
        %t = arith.select %false, %shifted, %x : vector<64xi1>, vector<64xf32>
        ...
      } else {
        %low = arith.cmpf olt, %x, %cst_m87_5 : vector<64xf32>
        ...
      }
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
  let options = [
    Option<"avx512", "avx512", "bool", /*default=*/"false",
           "The target has AVX-512F: in the fast copy, a product by 2^k "
           "built from exponent bits (upstream's exp) whose k the analysis "
           "keeps in [-126, 127] becomes vscalefps, one instruction for "
           "four (fptosi, addi, shli, mulf); the same bits">,
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"0",
           "Vector register width in bits (0: the host's; else a power of "
           "two from 32 to 2048): the range test folds the loaded vector "
           "to one register before its one compare">,
    Option<"minBound", "min-bound", "double", /*default=*/"4.0",
           "The least bound B of a fast copy: the chosen vector's lanes in "
           "[-B, B] (1 to 3.4028235e+38, the largest f32)">,
    Option<"minFolds", "min-folds", "unsigned", /*default=*/"3",
           "The least number of compares a fast copy must fold (a test "
           "costs about three instructions)">,
    Option<"pairMinFolds", "pair-min-folds", "unsigned", /*default=*/"2",
           "The least number of compares a second vector's test must fold "
           "beyond the first's (0: one vector only). Its test joins the "
           "first's branch: two instructions a register">,
    Option<"copies", "copies", "unsigned", /*default=*/"2",
           "The most fast copies of a body: each after the first versions "
           "the slow branch of the one before, its bounds at least twice "
           "that one's smallest (lanes beyond a clamp still fold their NaN "
           "and overflow guards); 1: one copy, 0: none; at most 4">,
  ];
}

def GluOutlineKernels : Pass<"glu-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Compile repeated generics on buffers once, as private functions";
  let description = [{
    A graph with thousands of glu ops holds thousands of copies of a few
    kernels: every `glu.glu swiglu` on `tensor<?x4096xbf16>` bufferizes to
    the same `linalg.generic`. Lowering each copy (vectorization,
    polynomial approximations, LLVM) costs time linear in the copies times
    the kernel's size. This pass groups the `linalg.generic`s on buffers of
    the module's functions into classes of structurally equal ops (same
    maps, iterators, attributes, body and operand types; operands may
    differ), and where a class has at least `min-repeats` members, moves
    one copy into a private function taking one memref per operand and
    replaces every member by a `func.call` of it (the function has internal
    linkage in the object code). The kernel's body is the
    very op, so the code computing each element, and the results, are
    unchanged. Generics whose body reads values defined outside it are left
    alone.
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"minRepeats", "min-repeats", "unsigned", /*default=*/"16",
           "Outline a class of equal generics when it has at least this many "
           "members (0: never)">,
  ];
}

def GluSplitFanOut : Pass<"glu-split-fan-out", "::mlir::func::FuncOp"> {
  let summary = "One restrict view per glu reader of a widely read tensor";
  let description = [{
    One-shot bufferization checks each tensor operand for read-after-write
    conflicts by collecting every read of every alias of the operand: a
    tensor read by N ops costs N^2 (a weight shared by 10,000 glu ops).
    glu ops only read their operands and never alias them, so a tensor whose
    every user is a glu op can never be written in place. For such a
    tensor (a function argument or a glu op's result) with at least
    `min-uses` readers this pass takes its buffer once
    (`bufferization.to_buffer ... read_only`) and gives each reader its own
    `bufferization.to_tensor ... restrict` of it: one-shot bufferization
    then sees N tensors of one use each, and produces the same buffers.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::memref::MemRefDialect"];
  let options = [
    Option<"minUses", "min-uses", "unsigned", /*default=*/"16",
           "Split tensors read by at least this many glu ops (0: never)">,
  ];
}

def GluSplitDeallocs : Pass<"glu-split-deallocs"> {
  let summary = "One bufferization.dealloc per distinct allocation, in linear time";
  let description = [{
    Ownership-based deallocation leaves one `bufferization.dealloc` at the
    end of a block listing every buffer the block allocated. Upstream's
    `buffer-deallocation-simplification` splits it into one dealloc per
    buffer that aliases no other, proving it pairwise: quadratic in the
    number of buffers (a function with 10,000 glu ops has 10,000). When
    every buffer of a dealloc is a view of its own allocation
    (`memref.alloc`, `memref.alloca`: distinct allocations never alias),
    this pass performs that very split without the pairwise proof: the
    same dealloc ops, in the same order, the same disjunction of their
    updated conditions. Run it before `buffer-deallocation-simplification`;
    other deallocs are left to it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
  ];
}

def GluConvertControlFlowToLLVM
    : Pass<"glu-convert-cf-to-llvm", "::mlir::ModuleOp"> {
  let summary = "convert-cf-to-llvm in time linear in the cf.asserts of a block";
  let description = [{
    Upstream's lowering of `cf.assert` is quadratic in a block holding one
    runtime check per glu op, twice over: it splits the block after the
    assert, moving every op that follows, and it names each message's
    global by scanning the module's symbols (one global per assert lowered
    before). This pass lowers the asserts itself to the same control flow
    (a conditional branch to the rest of the block or to a block that puts
    the message and calls `abort`), splitting each block at its asserts
    from the last to the first (each op moves once) and naming the globals
    through one symbol table, one global per distinct message; the other
    cf ops go through upstream's `convert-cf-to-llvm` patterns. With
    distinct messages, the same IR as `convert-cf-to-llvm` alone.
  }];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def GluConvertToLLVM : Pass<"glu-convert-to-llvm", "::mlir::ModuleOp"> {
  let summary = "The last lowering to the LLVM dialect, in one conversion";
  let description = [{
    Upstream's math, index, arith, finalize-memref, func, cf (with
    `cf.assert` as `glu-convert-cf-to-llvm` lowers it), openmp and ub
    lowerings to the LLVM dialect, then `reconcile-unrealized-casts`: the
    patterns of those nine passes, with the options they have by default,
    in one dialect conversion. Each of those passes walks the whole module
    and, in a tool that verifies after every pass (glu-opt, mlir-opt), has
    the whole module verified after it: for a function of thousands of glu
    ops each such walk and verification costs as much as the conversion
    itself. Vector ops are lowered before (`convert-vector-to-llvm`, whose
    pass also rewrites vector ops that have no LLVM pattern). The result of
    each `llvm.fptosi` and `llvm.fptoui` is frozen (`llvm.freeze`): LLVM
    folds a conversion of a NaN it can prove to poison (docs/semantics.md
    decision 20).
  }];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def GluFreezeConversions : Pass<"glu-freeze-conversions"> {
  let summary = "Freeze the results of LLVM's float-to-integer conversions";
  let description = [{
    Follows each `llvm.fptosi` and `llvm.fptoui` by an `llvm.freeze` of
    its result. LLVM's conversion of NaN, or of a value out of the
    integer's range, is poison, and where LLVM can prove such an operand
    (a constant, a load from a constant global) it folds the conversion to
    poison, which reaches what is computed from it: exp's exponent is an
    fptosi, and the exp of a NaN constant came out as arbitrary numbers.
    Frozen, it is some fixed integer (the machine's instruction is the
    same; docs/semantics.md decision 20). glu-to-nvvm runs it on the
    kernels; glu-convert-to-llvm does the same in its conversion.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GluOrderConstantGlobals
    : Pass<"glu-order-constant-globals", "::mlir::ModuleOp"> {
  let summary = "Name and order bufferization's constant globals by first use";
  let description = [{
    One-shot bufferization makes a `memref.global` of each tensor constant
    (`__constant_4xf32`, `__constant_4xf32_0`, ...) as it meets them, and it
    meets the functions of a module in an order that changes from run to
    run when they do not call each other: the same input gave other names
    and another order of the globals, so the printed IR differed between
    runs (and between glu-opt and mlir-opt with the glu plugin). This pass
    renames the private constant globals named `__constant_*` in the order
    of their first `memref.get_global` in the module (each name's base,
    then `_0`, `_1`, ...), moves them to the top of the module in that
    order, and erases those nothing reads. Linear in the module.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def GluNontemporalStores
    : Pass<"glu-nontemporal-stores", "::mlir::func::FuncOp"> {
  let summary = "Streaming (non-temporal) stores in vector loops over large, aligned outputs";
  let description = [{
    Every `scf.for` without results whose body (no loop inside) stores
    only 1-D `vector.store`s of a power-of-two number of bytes (at least
    16), of elements of at least 16 bits, into memrefs that are not
    globals, each store's memref (views of one taken in the loop
    included: subviews, and reinterpret_casts of them at their own offset,
    as an interleaved kernel stores its pairs) and indices affine in the
    induction variable, and whose body computes at most `max-work` vector lanes (loads and constants aside)
    per lane it stores: the loop is put under `scf.if`, whose then branch
    is a copy of it with those stores `nontemporal` and aligned to their
    size (at most a 64-byte line), followed by `llvm.x86.sse.sfence`, and
    whose else branch is the loop as it was. The branch is taken when, at
    run time, every store's address in the first iteration is so aligned
    and moves by a multiple of the alignment per step (the address is
    computed for the first two iterations), the loop runs long enough for
    each store to write 2 KiB (an sfence per few stores would cost more
    than the streaming saves: an [N, 8] output), and the memrefs the
    stores' views are taken of hold at least `min-bytes` together (smaller outputs
    stay in the caches for their consumer; memrefs of static shapes below
    it get no copy). The same values are stored at the same addresses: the
    bits are unchanged. x86 only (the fence; glu-compile and the JIT turn
    it off for other targets).

    Why: an ordinary store reads the line it writes first, so a forward
    moves 4/3 and a backward 7/5 of the bytes it must; a streaming store
    does not. On Zen 5 (docs/performance-analysis.md, "Non-temporal
    stores"), reglu's f32 forward went from 104% to 114% of the same-run
    triad at 16384 x 4096 and its backward from 94% to 110%; bodies that
    compute much per element lost (geglu's f32 forward, 197 lanes of work
    per 128 stored: 92% -> 84%), hence `max-work`. 16-bit outputs stream
    too since reglu's 16-bit d_x became one fma (Zen 4, the same
    process alternating both loops, 2 threads: reglu's bf16 and f16
    forwards and backwards 1.10-1.36x faster, the tabulated f16 forwards
    1.08-1.24x, the f16 backwards 1.01-1.18x); the tabulated bf16
    backwards (30 to 40 lanes of work per lane stored, their lookups not
    counted) measured 0.95-1.07x, and stay under `max-work` 24 (reglu's
    f32 forward does 6, its backward 12.5, bf16 22 and 18.5, the
    tabulated f16 forwards 6.25). On a faster memory (Zen 4 at 48 GB/s
    for two cores, docs/performance-analysis.md "Streaming where AVX-512
    computes") the AVX-512 code of every kernel up to 60 lanes of work
    gained by streaming (the bf16 backwards 1.28-1.40x, the f32 forwards
    of geglu, geglu_quick, swiglu and swiglu_oai 1.18-1.25x) and none
    beyond, while the x86-64-v3 code between 24 and 60 lost (geglu's f32
    forward 0.93x): glu-to-llvm sets `max-work` 60 for AVX-512 code, 24
    otherwise. The
    sfence ends each streaming loop: x86's streaming stores are weakly
    ordered, and a thread's row must be visible before the OpenMP barrier
    that ends the parallel loop. Run after scf-to-openmp and the
    canonicalization that inlines its `memref.alloca_scope`s (an intrinsic
    call inside one would keep it).

    ```mlir
    scf.for %j = %c0 to %n step %c64 {
      vector.store %r, %y[%i, %j] : memref<?x?xf32>, vector<64xf32>
    }
    // becomes
    %ok = ...  // %y[%i, %c0] aligned to 64, %y's bytes >= min-bytes
    scf.if %ok {
      scf.for %j = %c0 to %n step %c64 {
        vector.store %r, %y[%i, %j] {alignment = 64 : i64, nontemporal = true}
            : memref<?x?xf32>, vector<64xf32>
      }
      llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
    } else {
      scf.for %j = %c0 to %n step %c64 { ... }  // as it was
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"minBytes", "min-bytes", "uint64_t",
           /*default=*/"::mlir::glu::kDefaultNontemporalMinBytes",
           "Stream only when the stored memrefs hold at least this many "
           "bytes (0: never)">,
    Option<"maxWork", "max-work", "double", /*default=*/"24",
           "Stream only loops whose body computes at most this many vector "
           "lanes (loads and constants aside) per lane it stores: bodies "
           "bound by memory">,
  ];
}

def GluAVX512FPClass : Pass<"glu-avx512-fpclass", "::mlir::ModuleOp"> {
  let summary = "llvm.intr.is.fpclass of 16 f32 lanes as AVX512DQ's "
                "vfpclassps";
  let description = [{
    On the LLVM dialect, after the lowering; for x86 targets with AVX512DQ
    (glu-to-llvm runs it with `avx512bf16`). Every `llvm.intr.is.fpclass`
    of a `vector<16xf32>` whose classes `vfpclassps` has (NaNs, zeros,
    infinities, subnormals of both signs: not the normals, nor one sign's
    subnormals) becomes `llvm.x86.avx512.fpclass.ps.512` with those
    classes as its immediate: the same mask in the default floating-point
    environment (under DAZ `vfpclassps` reads a subnormal as zero:
    docs/semantics.md, decision 17). LLVM's x86 backend expands
    `is.fpclass` to integer compares instead (for NaN or subnormal: an
    and, two compares, an add and an or of masks per 16 lanes), which made
    `glu-avx512-bf16-rounding`'s test cost more than the rounding it saves
    (the bf16 kernels 0.89-0.97x, against 1.07-1.24x with `vfpclassps`;
    Zen 4, cache-resident). That pass emits the generic intrinsic, a pure
    op: an `llvm.call_intrinsic` (of unknown effects) in a loop body keeps
    the canonicalizer from inlining `scf-to-openmp`'s `memref.alloca_scope`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GluNontemporalWords : Pass<"glu-nontemporal-words", "::mlir::ModuleOp"> {
  let summary = "Non-temporal stores of 16-bit float vectors as volatile "
                "stores of their i16 words";
  let description = [{
    On the LLVM dialect, after the lowering: every non-temporal `llvm.store`
    (not volatile, not atomic) of a 1-D vector of bf16 or f16 stores the
    value bitcast to i16 lanes instead, as a volatile store: the same bytes.
    LLVM's x86 backend has no non-temporal store pattern for vectors of
    bf16 (nor of f16 without AVX512-FP16) and selects an ordinary `vmovaps`
    for one, so a `glu-nontemporal-stores` copy whose bf16 values come from
    `fptrunc` (`glu-avx512-bf16-rounding`'s `vcvtneps2bf16`) would not
    stream. A plain store of the bitcast is not enough: instcombine stores
    the bitcast's operand instead. A volatile store keeps its type, and its
    order and count, which a streaming copy's stores keep anyway (they are
    never merged); it is still selected as `vmovntdq`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GluFenceVectorLoads : Pass<"glu-fence-vector-loads", "::mlir::ModuleOp"> {
  let summary = "Floating-point vector loads kept out of masked instructions";
  let description = [{
    On the LLVM dialect, after the lowering: every `llvm.load` of a vector
    of f32 or f64 (not volatile, not atomic) that something reads and
    that is not fenced yet (run twice, the pass adds nothing) gets its
    result passed through `llvm.arithmetic.fence`, the identity (it only
    orders fast-math reassociation, of which glu emits none). Without it, the x86 backend
    folds a load whose value a masked lane selection uses
    (`select(x > 0, x * g, 0)`: reglu) into the masked instruction, as
    `vmulps (mem), %zmm, %zmm {%k} {z}` or `vmovups (mem), %zmm {%k} {z}`:
    that load then waits for the mask, i.e. for the other operand's load
    from memory, and a streaming kernel loses its memory parallelism
    (reglu f32 on Zen 5 at the large size: 59-85% of the triad, against
    98-100% for the same loop with plain loads; docs/performance.md). The
    fence is a register-only pseudo-instruction that emits no code: the load
    stays a plain `vmovups`, the arithmetic and its bits are unchanged.
    16-bit float loads are not fenced themselves: x86-64-v3 has no bf16
    vectors, and the fence on them is split into lanes there (reglu bf16
    3.4x slower). Where an f16 vector load is extended to f32
    (`llvm.fpext`), the extension's result is fenced instead: without it
    reglu's f16 backward read the up stream only by zero-masked
    `vcvtph2ps (mem) {%k} {z}` on AVX-512 (and its gate a second time by a
    masked `vmovdqu16`), and on AVX2 the select was moved below the
    extension, onto the mask packed to 16 bits
    (docs/performance-analysis.md). Loads from a mutable global of the
    module (the address an `llvm.mlir.addressof` of a non-constant
    `llvm.mlir.global`, through getelementptrs and the fields of memref
    descriptors) are lookups into glu-tabulate's tables, written once at
    load time, not streams: a backward's act/act' pairs stay unfenced and
    fold into the insert that builds their vector (`vmovhps (mem)` on
    AVX-512). The LLVM optimizer's own fences leave the same loads alone
    (the forward's scalar entries then fold into `vinsertps $i, (mem)`).
    A constant global is a program's constant operand, read as a stream:
    fenced.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def GluPredicateChecks : Pass<"glu-predicate-checks"> {
  let summary = "Runtime checks in scf.if as straight-line predicated code";
  let description = [{
    `generate-runtime-verification` wraps many checks in `scf.if` (a linalg
    op's checks run only when its loops are not empty; a subview's bounds
    check selects one of two comparisons). With one such `scf.if` per
    checked op, later passes grow superlinearly in a function of many glu
    ops: CSE hashes the many `scf.if` on one condition alike and compares
    their regions pairwise, and each lowering of an `scf.if` to blocks
    splits the function body. This pass rewrites each `scf.if` whose
    regions hold only speculatable, memory-effect-free ops and `cf.assert`
    (innermost first), in a function body rather than in a loop, into
    straight-line code: the ops run
    unconditionally, each assert checks `!cond || check` (`cond || check`
    in the else region) and each result is an `arith.select`. Every check
    stays and fails on the same inputs; other `scf.if` are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def GluCheckAllocSizes : Pass<"glu-check-alloc-sizes"> {
  let summary = "A runtime check that each allocation's byte size fits";
  let description = [{
    The LLVM lowering of `memref.alloc` and `memref.alloca` multiplies the
    sizes and the element's bytes in 64-bit arithmetic that wraps: a
    buffer of 2^62 f32 asked malloc for 64 bytes, and the op that filled
    it wrote far past them (SIGSEGV). Before each allocation of a memref
    of non-negative sizes, this pass inserts a `cf.assert` that the
    product of the sizes and the element's bytes is at most 2^63 - 1 (an
    empty buffer always passes; a negative size is left to what reads the
    result). The failed check's message is in the format of
    `generate-runtime-verification`'s, without a location: one string for
    every allocation (one per location cost a function of 2,500 glu ops
    with dynamic sizes a fifth of its compile time).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

def GluCheckResultSizes : Pass<"glu-check-result-sizes", "::mlir::func::FuncOp"> {
  let summary = "A runtime check of each returned buffer's dynamic sizes";
  let description = [{
    Before each `func.return`'s operand that a `memref.alloc` with dynamic
    sizes defines, inserts a `cf.assert` that the buffer's size along each
    dynamic dimension (`memref.dim`) is the size it was allocated with. As
    written, the check holds. It is for `buffer-results-to-out-params`
    (`hoist-dynamic-allocs`), which replaces such an allocation by the
    caller's output buffer and drops its sizes: the assert then compares
    the caller's buffer with the sizes that the function computed from its
    inputs, before anything writes it. Without it, a C caller's output of
    the wrong size was reported by the first linalg op's runtime check,
    whose message names an operand number of that op, not the output.
    A returned value that no allocation defines (an argument, a view, a
    cast) is first copied into one of its sizes, the copy that
    `buffer-results-to-out-params` would make into the output, so that its
    output is checked the same way.

    The message is in `generate-runtime-verification`'s format and names
    the result and its dimension: "result #0 (tensor<?x?xf32>): the size
    along dimension 1 is not the one the function computes".
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::memref::MemRefDialect"];
}

def GluStridedCopiesToLoops : Pass<"glu-strided-copies-to-loops"> {
  let summary = "memref.copy of non-contiguous buffers as a linalg.copy";
  let description = [{
    `finalize-memref-to-llvm` lowers a `memref.copy` between contiguous
    buffers (identity layouts, or static contiguous row-major ones) to
    `llvm.memcpy`, and every other one to a call of `memrefCopy`, a
    function of MLIR's C runner utils. glu-compile's objects do not link
    that library, so a program whose copies read or write a strided view
    (`tensor.concat`, `tensor.insert_slice` into a result) gave an object
    with an undefined symbol. This pass rewrites each such copy of ranked
    memrefs into a `linalg.copy`, which the loop stage lowers with the
    rest; contiguous copies keep their memcpy.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def GluConvertSCFToControlFlow
    : Pass<"glu-convert-scf-to-cf", "::mlir::ModuleOp"> {
  let summary = "convert-scf-to-cf in time linear in the ops of a function";
  let description = [{
    Upstream's lowering of an scf op with regions (`scf.if`, `scf.for`,
    ...) splits the op's block, moving every op that follows it: with the
    runtime checks of each linalg op in an `scf.if`, a function of N glu
    ops costs N^2 moves. This pass splits each function body after each
    such op beforehand, from the last to the first (each op moves once),
    applies upstream's `convert-scf-to-cf` patterns as that pass does (each
    split now moves one branch), and merges the blocks it split off back
    into the continuations the lowering created: the same IR as
    `convert-scf-to-cf` alone.
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect"];
}

def GluDifferentiate : Pass<"glu-differentiate", "::mlir::ModuleOp"> {
  let summary = "Emit reverse-mode gradient (VJP) functions of whole functions";
  let description = [{
    For each selected `func.func @f`, emits next to it a function computing
    the vector-Jacobian product of `@f`:

    - arguments: `@f`'s arguments, then one cotangent per floating-point
      result (of that result's type; integer results take none);
    - results: the gradient of each differentiable argument, in argument
      order, each of that argument's type. An argument is differentiable
      when it is a tensor of floats without the `glu.no_grad` argument
      attribute; integer arguments (indices) never are.

    Selection: a function carrying `glu.grad = "name"` is differentiated
    into `@name` (the attribute is consumed); the `functions` option adds
    `f` (gradient `@f_grad`) or `f=name`.

    The gradient function recomputes `@f`'s body, then walks it backwards
    (`differentiateReverse`), asking each op that carries a cotangent and
    depends on a differentiable argument for its derivative rule through
    `DifferentiableOpInterface`. The pass knows no op: the rules are
    external models on the upstream ops (arith and math, elementwise on
    tensors; every linalg structured op from its indexing maps and payload,
    matmul giving transposed matmuls; tensor slices, concat, reshapes,
    extract/insert) and on `glu.glu`, whose rule is `glu.glu_back`. Where a
    value is used several times its cotangents are summed; ops that no
    result depends on, or that depend on no differentiable argument, get no
    derivative work, and dead code is removed from the gradient function.

    Errors (each a diagnostic, nothing emitted, the pass fails): an active
    op without a rule (the message names the op and the function), a
    function that is external, has several blocks or non-tensor arguments
    or results, no differentiable argument or no float result, an unknown
    function in `functions`, a gradient name that is already taken.

    Before:

    ```mlir
    func.func @ffn(%x: tensor<8x16xf32> {glu.no_grad}, %w1: tensor<16x64xf32>,
                   %w2: tensor<32x16xf32>) -> tensor<8x16xf32>
        attributes {glu.grad = "ffn_grad"} {
      %h = linalg.matmul ins(%x, %w1 : ...) outs(%z1 : tensor<8x64xf32>) -> tensor<8x64xf32>
      %a = glu.glu swiglu(%h) : tensor<8x64xf32> -> tensor<8x32xf32>
      %y = linalg.matmul ins(%a, %w2 : ...) outs(%z2 : tensor<8x16xf32>) -> tensor<8x16xf32>
      return %y : tensor<8x16xf32>
    }
    ```

    After (abridged; `@ffn` is kept):

    ```mlir
    func.func @ffn_grad(%x: tensor<8x16xf32>, %w1: tensor<16x64xf32>,
                        %w2: tensor<32x16xf32>, %dy: tensor<8x16xf32>)
        -> (tensor<16x64xf32>, tensor<32x16xf32>) {
      ...                                              // the forward again
      %dw2 = linalg.matmul indexing_maps = [(m,n,k) -> (k,m), (m,n,k) -> (k,n), ...]
               ins(%a, %dy ...)                         // a^T dy
      %da = linalg.matmul indexing_maps = [..., (m,n,k) -> (n,k), ...]
               ins(%dy, %w2 ...)                        // dy w2^T
      %dh = glu.glu_back swiglu(%da, %h) : ...
      %dw1 = linalg.matmul ... ins(%x, %dh ...)         // x^T dh
      return %dw1, %dw2 : tensor<16x64xf32>, tensor<32x16xf32>
    }
    ```

    See docs/differentiation.md for the rules and their derivations.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::glu::GluDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let options = [
    ListOption<"functions", "functions", "std::string",
               "Functions to differentiate besides those carrying glu.grad: "
               "`f` (gradient @f_grad) or `f=name`">,
  ];
}

def GluRaise : Pass<"glu-raise"> {
  let summary = "Raise the elementwise code of GLU activations to glu ops";
  let description = [{
    Recognises the elementwise code other frontends emit for gated linear
    units (torch-mlir's and StableHLO's lowerings to `linalg.generic`, and
    arith/math ops on tensors, in chains of generics or fused into one) and
    replaces it with `glu.glu`, so that the rest of the compiler (the
    derivative rules, the lowerings) sees the variant. It reads each
    float-tensor value as an elementwise expression (through identity-map
    generics, `linalg.map`, elementwise ops on tensors and splat constants)
    and raises `y = act(x) * g` when `act` is, with the f32 constants of
    docs/semantics.md section 2 matched bit for bit:

    | variant | recognised act(x) |
    |---|---|
    | `swiglu` | `x * 1/(1 + exp(-x))`, `x / (1 + exp(-x))` |
    | `geglu_quick` | the same with `exp(-1.702*x)` |
    | `geglu` | `0.5 * x * (1 + tanh(k*(x + c*x^3)))`, any polynomial form, `k` = SQRT_2_OVER_PI, `c` = C_A |
    | `geglu_erf` | `0.5 * x * (1 + erf(x * SQRT_2_INV))`, also `x / sqrt(2)` |
    | `reglu` | `relu(x)` (`select(x > 0, x, 0)`, `maximumf(x, 0)`), or `y = select(x > 0, x*g, 0)` |
    | `swiglu_oai` | `xc * sigmoid(alpha*xc)`, `xc = min(x, limit)`, times `clamp(g, -limit, limit) + 1` (any finite alpha, limit > 0; min and clamp in forms that propagate NaN) |

    Products are read up to association, commutation and constant factors
    (`0.5*x*T`, `x*T/2`, `x*(0.5*T)` are one form); any other constant is a
    near miss, not a match: torch-mlir's tanh-GELU, whose constant is
    0.7977240352 instead of sqrt(2/pi) = 0.7978845608, stays as it is.
    With `emit-remarks`, each near miss (a candidate that failed one of
    these checks) gets a remark saying which.

    Storage: f32 code is raised as is; f16/bf16 code must compute in f32
    between `arith.extf` of the operands and one `arith.truncf` of `y`
    (`rounding(one_round)`), or also round `act(x)` to the storage type
    before multiplying (`two_round`, the default), the multiply done in f32
    or in the storage type (`act(x).to(bf16) * g`: the f32 product of two
    storage values is exact). Any other arithmetic done in the narrow type
    matches no rounding plan and is not raised. f32 code that rounds x and
    `act(x)` through f16 (and, for geglu, cuts off at x <= -10 and
    x >= 10) is ggml's table: `rounding(f16_table)`.

    When `x` and `g` are two `tensor.extract_slice`s of one tensor along its
    last dimension (the halves, swapped halves, or even/odd elements of it),
    the fused form is produced (`packing`). `glu.glu` defines its results at
    special values (docs/semantics.md section 5); where a frontend's program
    gives NaN (e.g. `-inf * sigmoid(-inf)`), or a NaN gate passed through
    `relu`, the raised op gives the defined value instead.

    Before (torch-mlir, `F.silu(x) * g`, abridged):

    ```mlir
    %s = linalg.generic ... ins(%x) {
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32 }
    %xs = linalg.generic ... ins(%x, %s) { arith.mulf ... }
    %y = linalg.generic ... ins(%xs, %g) { arith.mulf ... }
    ```

    After:

    ```mlir
    %y = glu.glu swiglu(%x, %g) : tensor<?x64xf32>
    ```
  }];
  let dependentDialects = ["::mlir::glu::GluDialect"];
  let options = [
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Emit a remark on each near miss saying why it was not raised">,
  ];
}

#endif // GLU_TRANSFORMS_PASSES_TD
