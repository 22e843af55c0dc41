//===- Passes.td - Target-independent GPU mapping ----------*- tablegen -*-===//

#ifndef GLU_GPU_PASSES_TD
#define GLU_GPU_PASSES_TD

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

#endif // GLU_GPU_PASSES_TD
