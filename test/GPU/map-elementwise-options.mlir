// Bad options of glu-gpu-map-elementwise are errors, not crashes.
// RUN: not glu-opt %s -pass-pipeline='builtin.module(func.func(glu-gpu-map-elementwise{vector-bytes=12}))' 2>&1 | FileCheck %s --check-prefix=BYTES
// RUN: not glu-opt %s -pass-pipeline='builtin.module(func.func(glu-gpu-map-elementwise{block-size=2048}))' 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not glu-opt %s -pass-pipeline='builtin.module(func.func(glu-gpu-map-elementwise{max-blocks=-1}))' 2>&1 | FileCheck %s --check-prefix=MAXBLOCKS
// RUN: glu-opt %s -pass-pipeline='builtin.module(func.func(glu-gpu-map-elementwise{vector-bytes=8 block-size=128}))' | FileCheck %s --check-prefix=SMALL
// RUN: glu-opt %s -pass-pipeline='builtin.module(func.func(glu-gpu-map-elementwise))' | FileCheck %s --check-prefix=GRID
// RUN: glu-opt %s -pass-pipeline='builtin.module(func.func(glu-gpu-map-elementwise{max-blocks=3}))' | FileCheck %s --check-prefix=WRAP

// BYTES: error: glu-gpu-map-elementwise: vector-bytes must be a power of two, got 12
// BLOCK: error: glu-gpu-map-elementwise: block-size must be in [1, 1024], got 2048
// MAXBLOCKS: error: glu-gpu-map-elementwise: max-blocks must be >= 0, got -1
// SMALL: arith.ceildivui %{{.*}}, %c128
// SMALL: vector.load {{.*}} {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>

// The grid: ceil(tiles / 256) blocks, at most 2^31 - 1; with max-blocks=3
// (testing), at most 3, and the grid-stride loop wraps around.
// GRID: %[[BLOCKS:.*]] = arith.ceildivui %{{.*}}, %c256
// GRID-NEXT: %[[BIG:.*]] = arith.constant 2147483647 : index
// GRID-NEXT: arith.minui %[[BLOCKS]], %[[BIG]]
// WRAP: %[[BLOCKS:.*]] = arith.ceildivui %{{.*}}, %c256
// WRAP-NEXT: %[[THREE:.*]] = arith.constant 3 : index
// WRAP-NEXT: arith.minui %[[BLOCKS]], %[[THREE]]

#id = affine_map<(d0) -> (d0)>
func.func @f(%x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  return
}
