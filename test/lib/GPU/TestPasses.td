//===- Passes.td - Test-only GPU passes --------------------*- tablegen -*-===//

#ifndef GLU_TEST_GPU_PASSES_TD
#define GLU_TEST_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // GLU_TEST_GPU_PASSES_TD
