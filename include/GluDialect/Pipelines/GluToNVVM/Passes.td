//===- Passes.td - The NVVM pipeline's own passes ----------*- tablegen -*-===//

#ifndef GLU_PIPELINES_GLUTONVVM_PASSES_TD
#define GLU_PIPELINES_GLUTONVVM_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // GLU_PIPELINES_GLUTONVVM_PASSES_TD
