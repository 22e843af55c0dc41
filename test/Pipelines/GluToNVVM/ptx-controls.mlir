// REQUIRES: cuda-toolkit
// The PTX census (ptx-{f32,bf16,f16}.test) can fail: each count it checks
// is shown here to catch the defect it is about.
//
// 1. math.exp through upstream's lowering (libdevice's __nv_expf) instead of
//    glu-lower-math: approximate instructions appear (ex2.approx.ftz:
//    flushed denormals too).
// RUN: glu-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(glu-gpu-map-elementwise), canonicalize, gpu-kernel-outlining, nvvm-attach-target{chip=sm_90 features=+ptx80}, gpu.module(expand-strided-metadata, lower-affine, convert-scf-to-cf, convert-gpu-to-nvvm, reconcile-unrealized-casts), gpu-module-to-binary{format=isa toolkit=%cuda_toolkit})' -o %t.upstream
// RUN: %python %glu_src_root/tools/gpu-check/ptx_census.py %t.upstream | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: kernel exp_kernel: ld.v4 1 st.v4 1 approx {{[1-9][0-9]*}} ftz {{[1-9][0-9]*}}
//
// 2. The same through glu-to-nvvm: none; the polynomial's fma.rn are the
//    explicit math.fma of the approximation, lane for lane.
// RUN: glu-opt %s -split-input-file --glu-to-nvvm="host-to-llvm=0 toolkit=%cuda_toolkit" --mlir-print-ir-before=convert-gpu-to-nvvm -o %t.glu 2> %t.glu.before
// RUN: %python %glu_src_root/tools/gpu-check/ptx_census.py --before=%t.glu.before %t.glu | FileCheck %s --check-prefix=GLU
// GLU: kernel exp_kernel: ld.v4 1 st.v4 1 approx 0 ftz 0 fma [[F:[1-9][0-9]*]] math.fma [[F]] contract 0
//
// 3. fastmath<contract> on a multiply and an add: an fma nobody asked for
//    (TOOLCHAIN.md: -nvptx-fma-level=0 does not prevent it), counted as
//    contract 5 (four lanes and the scalar tail). An explicit math.fma is
//    not counted.
// GLU: kernel contract_kernel: ld.v4 2 st.v4 1 approx 0 ftz 0 fma 5 math.fma 0 contract 5
// GLU: kernel explicit_fma_kernel: ld.v4 2 st.v4 1 approx 0 ftz 0 fma 5 math.fma 5 contract 0

#id = affine_map<(d0) -> (d0)>
func.func @exp(%x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @contract(%x: tensor<?xf32>, %g: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %g : tensor<?xf32>, tensor<?xf32>) outs(%x : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %m, %b fastmath<contract> : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @explicit_fma(%x: tensor<?xf32>, %g: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %g : tensor<?xf32>, tensor<?xf32>) outs(%x : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = math.fma %a, %b, %b : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
