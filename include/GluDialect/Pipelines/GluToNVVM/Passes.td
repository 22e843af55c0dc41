//===- Passes.td - glu GPU (NVVM) lowering passes ----------*- tablegen -*-===//

#ifndef GLU_CONVERSION_GLUTONVVM_PASSES_TD
#define GLU_CONVERSION_GLUTONVVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def GluMapElementwiseToGPU : Pass<"glu-gpu-map-elementwise", "::mlir::func::FuncOp"> {
  let summary = "Map elementwise linalg on buffers to vectorized gpu.launch kernels";
  let description = [{
    Rewrites every elementwise `linalg.generic` on buffers (all loops
    parallel, identity indexing maps, scalar inputs allowed, a pure body;
    named elementwise ops such as `linalg.fill`, and `memref.copy`, are
    generalized first) of a host function into one `gpu.launch` in which
    each thread processes tiles of `vector-bytes` bytes of the widest
    operand (8 bf16 or 4 f32 elements):

    - The iteration space is flattened to rows x columns: every dimension
      collapses into one when all operands have the identity layout (the
      split form: one contiguous stream), else the leading dimensions
      collapse into rows and the last stays (the fused forms, whose halves
      are strided views of one buffer; leading dimensions collapse_shape
      cannot prove contiguous are reinterpreted from the strided metadata,
      with a runtime check). Tiles never cross a row.
    - A tile that is whole and whose every access is aligned (tested per
      tile at run time) takes the vector path: one `vector.load` per
      operand with that alignment (16-byte global loads), the scalar body
      once per lane, lane after lane (one lane's temporaries live at a
      time), one `vector.store` per output. The ragged end of a row and
      misaligned rows take a scalar loop with the same body.
    - Two operands that are the even and odd elements of one buffer (the
      `interleaved` packing) are read with one load of twice the width,
      their lanes taken at even and odd positions; an interleaved output
      pair is assembled the same way and written with one store.
    - The body is cloned unchanged, so every element is computed by the
      same scalar ops as on the CPU.
    - A grid-stride loop over tiles; the grid is ceil(tiles / block-size)
      blocks (at most 2^31 - 1, or `max-blocks` when set: testing the
      loop's wrap-around), so a large tensor fills the device.

    Before:

    ```mlir
    linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x, %g : memref<?x4096xbf16>, memref<?x4096xbf16>) outs(%y : memref<?x4096xbf16>) {...}
    ```

    After (abridged):

    ```mlir
    %xf = memref.collapse_shape %x [[0, 1]] : memref<?x4096xbf16> into memref<?xbf16>
    ...
    gpu.launch blocks(%bx, ...) in (%gx = %grid, ...) threads(%tx, ...) in (%sx = %c256, ...) {
      scf.for %tile = %first to %tiles step %stride {
        scf.if %whole_and_aligned {
          %a = vector.load %xf[%c] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
          %a0 = vector.extract %a[0] : bf16 from vector<8xbf16>
          ...                                  // the body on lane 0, then 1, ...
          %r = vector.from_elements %r0, ..., %r7 : vector<8xbf16>
          vector.store %r, %yf[%c] {alignment = 16 : i64} : memref<?xbf16>, vector<8xbf16>
        } else {
          scf.for %k = %c0 to %left step %c1 { ... }   // the body on scalars
        }
      }
      gpu.terminator
    }
    ```

    Generics inside `gpu.launch` or `gpu.module`, and ones that are not
    elementwise, are left alone (`glu-gpu-device-buffers` then reports
    those that would touch device memory from the host).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "Bytes of the widest operand one thread loads or stores at once "
           "(a power of two)">,
    Option<"maxBlocks", "max-blocks", "int64_t", /*default=*/"0",
           "Testing: at most this many blocks (0: ceil(tiles / block-size)), "
           "so that every thread's grid-stride loop runs more than once">,
  ];
}

def GluGPUDeviceBuffers : Pass<"glu-gpu-device-buffers", "::mlir::func::FuncOp"> {
  let summary = "Allocate the kernels' buffers on the device and reject host accesses";
  let description = [{
    After `glu-gpu-map-elementwise`, a host function's memref arguments and
    results are device buffers (the caller's contract). This pass makes
    its allocations agree: every `memref.alloc` whose buffer a `gpu.launch`
    captures, a `func.return` returns or a `func.call` passes on becomes a
    `gpu.alloc` (device memory, not managed memory), and every
    `memref.dealloc` of such a buffer becomes a `gpu.dealloc`; both are
    made async on a fresh stream and waited for, as `gpu-to-llvm` requires.
    Any host op that would still read or write a device buffer (a linalg
    op that is not elementwise, `memref.copy`, a load) is an error: it
    would dereference a device pointer on the host.

    Before:

    ```mlir
    %y = memref.alloc(%n) : memref<?x8xf32>
    gpu.launch ... { ... %y ... }
    return %y : memref<?x8xf32>
    ```

    After:

    ```mlir
    %t0 = gpu.wait async
    %y, %t1 = gpu.alloc async [%t0] (%n) : memref<?x8xf32>
    gpu.wait [%t1]
    gpu.launch ... { ... %y ... }
    return %y : memref<?x8xf32>
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def GluGPULaunchToLoops : Pass<"glu-gpu-launch-to-loops", "::mlir::func::FuncOp"> {
  let summary = "Testing: run gpu.launch bodies as sequential loops on the CPU";
  let description = [{
    Replaces each `gpu.launch` with a one-dimensional grid and block (the
    kind `glu-gpu-map-elementwise` creates) by two nested `scf.for` loops
    over block and thread ids that run its body, so that the kernels'
    index arithmetic, alignment tests, shuffles and vectorized bodies can
    be executed and compared bit for bit with the CPU pipeline on a machine
    without a GPU (`glu-run --target=cuda-emulated`). Bodies that use
    anything but the ids and sizes (barriers, shuffles, shared memory) are
    rejected: sequential execution would not be faithful.

    Before:

    ```mlir
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %g, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      ... gpu.terminator
    }
    ```

    After:

    ```mlir
    scf.for %bx = %c0 to %g step %c1 {
      scf.for %tx = %c0 to %c256 step %c1 { ... }
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def GluGPUModuleToBinary : Pass<"glu-gpu-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "gpu-module-to-binary with LLVM's SLP vectorizer off while it runs";
  let description = [{
    Runs upstream's `gpu-module-to-binary` (NVVM serialization) with LLVM's
    `-vectorize-slp` option set to false, and restores the option's
    previous value afterwards, so that nothing else in the process (a CPU
    JIT, another pipeline) sees the change.

    Why: `glu-gpu-map-elementwise` computes the lanes of a tile one after
    the other so that one lane's temporaries are live at a time. The SLP
    vectorizer, which the NVVM serialization runs at every optimization
    level, regroups them into vector operations that the NVPTX backend
    splits op by op across all lanes, keeping every lane live (115 registers
    instead of 48 on swiglu's bf16 backward). LLVM has no per-module switch
    (the function attribute `noimplicitfloat` stops SLP but also the
    load/store vectorizer that keeps f32 tiles in 16-byte loads), hence
    the process option, held only for the serialization. Serializations
    running at once in one process take turns (a lock), so that each
    restores what it found. No bits change, only which instructions carry
    them.
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"isa\"",
           "The serialization format (isa, bin, fatbin)">,
    Option<"toolkit", "toolkit", "std::string", /*default=*/"\"\"",
           "The CUDA toolkit's path">,
  ];
}

#endif // GLU_CONVERSION_GLUTONVVM_PASSES_TD
