// The kernels glu-to-nvvm maps, run as loops on the CPU
// (--target=cuda-emulated), give the CPU pipeline's bits: their index
// arithmetic, per-tile alignment tests, lane extraction of interleaved pairs,
// ragged tails and the zeroed odd column are checked here without a GPU.
// (The full matrix of variants, plans, packings and types runs in
// gpu-check-dry-run.test.) Shapes are chosen for ragged rows: widths that
// are not multiples of the tile, odd fused widths (misaligned rows).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: glu-run %s --function=oai_interleaved_back --input=5x261xbf16=random:1 --input=5x523xbf16=random:2 --output=@%t/a.cpu.npy
// RUN: glu-run %s --function=oai_interleaved_back --input=5x261xbf16=random:1 --input=5x523xbf16=random:2 --output=@%t/a.emu.npy --target=cuda-emulated
// RUN: cmp %t/a.cpu.npy %t/a.emu.npy
// RUN: glu-run %s --function=geglu_swapped_f16 --input=3x4x77xf16=random:3 --output=@%t/b.cpu.npy
// RUN: glu-run %s --function=geglu_swapped_f16 --input=3x4x77xf16=random:3 --output=@%t/b.emu.npy --target=cuda-emulated
// RUN: cmp %t/b.cpu.npy %t/b.emu.npy
// RUN: glu-run %s --function=swiglu_split_back_f32 --input=7x1003xf32=random:4 --input=7x1003xf32=random:5 --input=7x1003xf32=random:6 \
// RUN:   --output=@%t/c0.cpu.npy --output=@%t/c1.cpu.npy
// RUN: glu-run %s --function=swiglu_split_back_f32 --input=7x1003xf32=random:4 --input=7x1003xf32=random:5 --input=7x1003xf32=random:6 \
// RUN:   --output=@%t/c0.emu.npy --output=@%t/c1.emu.npy --target=cuda-emulated
// RUN: cmp %t/c0.cpu.npy %t/c0.emu.npy
// RUN: cmp %t/c1.cpu.npy %t/c1.emu.npy
// RUN: glu-run %s --function=back3 --input=2x3x130xbf16=random:7 --input=2x3x261xbf16=random:8 --output=@%t/d.cpu.npy
// RUN: glu-run %s --function=back3 --input=2x3x130xbf16=random:7 --input=2x3x261xbf16=random:8 --output=@%t/d.emu.npy --target=cuda-emulated
// RUN: cmp %t/d.cpu.npy %t/d.emu.npy
//
// The comparison can fail: a defect in the compiled program shows.
// RUN: glu-run %s --function=oai_interleaved_back --input=5x261xbf16=random:1 --input=5x523xbf16=random:2 --output=@%t/a.bad.npy --target=cuda-emulated --test-inject-defect=constant-off
// RUN: not cmp %t/a.cpu.npy %t/a.bad.npy

func.func @oai_interleaved_back(%dy: tensor<?x261xbf16>, %a: tensor<?x523xbf16>) -> tensor<?x523xbf16> {
  %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved) : tensor<?x261xbf16>, tensor<?x523xbf16> -> tensor<?x523xbf16>
  return %da : tensor<?x523xbf16>
}

func.func @geglu_swapped_f16(%a: tensor<?x?x77xf16>) -> tensor<?x?x38xf16> {
  %y = glu.glu geglu(%a) packing(swapped) rounding(one_round) : tensor<?x?x77xf16> -> tensor<?x?x38xf16>
  return %y : tensor<?x?x38xf16>
}

func.func @swiglu_split_back_f32(%dy: tensor<?x?xf32>, %x: tensor<?x?xf32>, %g: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x?xf32>
  return %dx, %dg : tensor<?x?xf32>, tensor<?x?xf32>
}

func.func @back3(%dy: tensor<?x?x?xbf16>, %a: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> {
  %da = glu.glu_back swiglu(%dy, %a) packing(interleaved) : tensor<?x?x?xbf16>, tensor<?x?x?xbf16> -> tensor<?x?x?xbf16>
  return %da : tensor<?x?x?xbf16>
}
