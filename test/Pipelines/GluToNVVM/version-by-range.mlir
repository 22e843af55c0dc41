// REQUIRES: cuda-toolkit
// RUN: glu-opt %s --glu-to-nvvm="host-to-llvm=0 toolkit=%cuda_toolkit" --mlir-print-ir-after=glu-version-by-range -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: glu-opt %s --glu-to-llvm="vector-bits=512 threads=1" --mlir-print-ir-after=glu-version-by-range -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU

// The kernels' tiles get glu-version-by-range's fast copy: one test of the
// gate tile's four lanes, folded as scalars (a thread's registers), then
// the ordinary-range body. The GPU's least bound is 8, the CPU's 4: for
// swiglu_oai (limit 7) the GPU's copy holds for |x| <= 51.41 (0x424DA5E5,
// where 1.702 x reaches exp's -87.5), the CPU's for |x| <= 7 (0x40E00000,
// its limit's compare decided too). The CPU's slow branch gets a second
// copy, for |x| <= 51.41 (gates beyond the limit fold the rest); the GPU
// makes one copy (version-copies=1): a warp would run three bodies.

// GPU-LABEL: gpu.func @swiglu_oai_kernel
//       GPU:   scf.if
//       GPU:     %[[X:.*]] = vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
//       GPU:     %[[B:.*]] = arith.bitcast %[[X]] : vector<4xf32> to vector<4xi32>
//       GPU:     %[[A:.*]] = arith.andi %[[B]]
//   GPU-COUNT-4:     vector.extract %[[A]]
//   GPU-COUNT-3:     arith.maxui
//       GPU:     %[[IN:.*]] = arith.cmpi ule, %{{.*}}, %c1112384485_i32 : i32
//  GPU-NEXT:     scf.if %[[IN]] {
//   GPU-NOT:     arith.maxui

// CPU-LABEL: func.func @swiglu_oai
//       CPU:   %[[BOUND:.*]] = arith.constant dense<1088421888> : vector<16xi32>
//       CPU:   %[[IN:.*]] = arith.cmpi ule, %{{.*}}, %[[BOUND]] : vector<16xi32>
//  CPU-NEXT:   vector.reduction <and>, %[[IN]] : vector<16xi1> into i1
//       CPU:   scf.if
//       CPU:   } else {
//       CPU:     %[[SECOND:.*]] = arith.constant dense<1112384485> : vector<16xi32>
//       CPU:     %[[IN2:.*]] = arith.cmpi ule, %{{.*}}, %[[SECOND]] : vector<16xi32>
//  CPU-NEXT:     vector.reduction <and>, %[[IN2]] : vector<16xi1> into i1
func.func @swiglu_oai(%x: tensor<?x?xf32>, %g: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = glu.glu swiglu_oai(%x, %g) : tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
