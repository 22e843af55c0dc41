// glu-raise keeps the function of swiglu_oai programs (gpt-oss's clamps,
// `+ 1` and alpha): each frontend-shaped program below and its raised form
// are JIT-compiled by glu-run on the same 64x64 normal(0, 1) inputs and
// compared element by element (test/Integration/Inputs/npy-compare.py).
// limit is 1.5 so that both clamps act on such inputs.
//
// Bounds, measured (seeds 1-9): the f32 programs agree to 1.9e-7 (glu's
// sigmoid is compensated, the frontends' is not; bound 1e-6), the bf16
// plans bit for bit (bound 0).
// Injected defects, measured (the DEFECT runs): limit 2 for 1.5: 0.471;
// alpha 1 for 1.702: 0.805; bf16 one_round as two_round: 3.9e-3.
//
// A separate file from raise-equivalence.mlir: with these functions added
// there, glu-run computes wrong values for the unraised programs (kernels
// repeated 16 times get outlined by glu-outline-kernels; each function
// alone is right).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: glu-opt %s --glu-raise > %t/raised.mlir
// RUN: FileCheck %s --input-file=%t/raised.mlir
// CHECK-COUNT-4: glu.glu swiglu_oai
// CHECK-NOT:     math.exp
//
// RUN: glu-run %s --function=oai_torch --input=64x64xf32=random:1 --input=64x64xf32=random:2 --output=@%t/a.npy
// RUN: glu-run %t/raised.mlir --function=oai_torch --input=64x64xf32=random:1 --input=64x64xf32=random:2 --output=@%t/b.npy
// RUN: %python %S/Inputs/npy-compare.py %t/a.npy %t/b.npy 1e-6
//
// RUN: glu-run %s --function=oai_jax --input=64x64xf32=random:3 --input=64x64xf32=random:4 --output=@%t/a.npy
// RUN: glu-run %t/raised.mlir --function=oai_jax --input=64x64xf32=random:3 --input=64x64xf32=random:4 --output=@%t/b.npy
// RUN: %python %S/Inputs/npy-compare.py %t/a.npy %t/b.npy 1e-6
//
// RUN: glu-run %s --function=bf16_oai_one_round --input=64x64xbf16=random:1 --input=64x64xbf16=random:2 --output=@%t/a.npy
// RUN: glu-run %t/raised.mlir --function=bf16_oai_one_round --input=64x64xbf16=random:1 --input=64x64xbf16=random:2 --output=@%t/b.npy
// RUN: %python %S/Inputs/npy-compare.py %t/a.npy %t/b.npy 0
//
// RUN: glu-run %s --function=bf16_oai_two_round --input=64x64xbf16=random:1 --input=64x64xbf16=random:2 --output=@%t/a.npy
// RUN: glu-run %t/raised.mlir --function=bf16_oai_two_round --input=64x64xbf16=random:1 --input=64x64xbf16=random:2 --output=@%t/b.npy
// RUN: %python %S/Inputs/npy-compare.py %t/a.npy %t/b.npy 0
//
// The comparison fails a wrong raise (another limit, alpha or plan).
// RUN: sed -e 's/glu.glu swiglu_oai(%arg0, %arg1) limit/glu.glu swiglu_oai(%arg0, %arg1) alpha(1.0) limit/' -e 's/ rounding(one_round)//' %t/raised.mlir > %t/wrong.mlir
// RUN: sed -e 's/limit(1.500000e+00)/limit(2.0)/' %t/raised.mlir > %t/wrong-limit.mlir
// RUN: glu-run %s --function=oai_torch --input=64x64xf32=random:1 --input=64x64xf32=random:2 --output=@%t/a.npy
// RUN: glu-run %t/wrong-limit.mlir --function=oai_torch --input=64x64xf32=random:1 --input=64x64xf32=random:2 --output=@%t/b.npy
// RUN: not %python %S/Inputs/npy-compare.py %t/a.npy %t/b.npy 1e-6 | FileCheck %s --check-prefix=DEFECT
// RUN: glu-run %t/wrong.mlir --function=oai_jax --input=64x64xf32=random:3 --input=64x64xf32=random:4 --output=@%t/b.npy
// RUN: glu-run %s --function=oai_jax --input=64x64xf32=random:3 --input=64x64xf32=random:4 --output=@%t/a.npy
// RUN: not %python %S/Inputs/npy-compare.py %t/a.npy %t/b.npy 1e-6 | FileCheck %s --check-prefix=DEFECT
// RUN: glu-run %s --function=bf16_oai_one_round --input=64x64xbf16=random:1 --input=64x64xbf16=random:2 --output=@%t/a.npy
// RUN: glu-run %t/wrong.mlir --function=bf16_oai_one_round --input=64x64xbf16=random:1 --input=64x64xbf16=random:2 --output=@%t/b.npy
// RUN: not %python %S/Inputs/npy-compare.py %t/a.npy %t/b.npy 0 | FileCheck %s --check-prefix=DEFECT
// DEFECT: max symmetric relative error {{[0-9.e-]+}} over 4096 elements

#map = affine_map<(d0, d1) -> (d0, d1)>

// swiglu_oai with limit 1.5, so that the clamps act on normal(0, 1) inputs.
func.func @oai_torch(%x: tensor<64x64xf32>, %g: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %e = tensor.empty() : tensor<64x64xf32>
  %xc = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %max = arith.constant 1.500000e+00 : f32
    %c = arith.cmpf ogt, %in, %max : f32
    %r = arith.select %c, %max, %in : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  %gc = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%g : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %min = arith.constant -1.500000e+00 : f32
    %max = arith.constant 1.500000e+00 : f32
    %c0 = arith.cmpf olt, %in, %min : f32
    %r0 = arith.select %c0, %min, %in : f32
    %c1 = arith.cmpf ult, %r0, %max : f32
    %r1 = arith.select %c1, %r0, %max : f32
    linalg.yield %r1 : f32
  } -> tensor<64x64xf32>
  %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%xc : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %alpha = arith.constant 1.702000e+00 : f32
    %t = arith.mulf %in, %alpha : f32
    %n = arith.negf %t : f32
    %one = arith.constant 1.000000e+00 : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  %act = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%xc, %s : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  %up = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%gc : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %one = arith.constant 1.000000e+00 : f32
    %r = arith.addf %in, %one : f32
    linalg.yield %r : f32
  } -> tensor<64x64xf32>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%act, %up : tensor<64x64xf32>, tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %m = arith.mulf %in, %in_1 : f32
    linalg.yield %m : f32
  } -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

func.func @oai_jax(%x: tensor<64x64xf32>, %g: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %lim = arith.constant dense<1.500000e+00> : tensor<64x64xf32>
  %nlim = arith.constant dense<-1.500000e+00> : tensor<64x64xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<64x64xf32>
  %alpha = arith.constant dense<-1.702000e+00> : tensor<64x64xf32>
  %xc = arith.minimumf %lim, %x : tensor<64x64xf32>
  %g0 = arith.maximumf %g, %nlim : tensor<64x64xf32>
  %gc = arith.minimumf %g0, %lim : tensor<64x64xf32>
  %t = arith.mulf %alpha, %xc : tensor<64x64xf32>
  %ex = math.exp %t : tensor<64x64xf32>
  %d = arith.addf %one, %ex : tensor<64x64xf32>
  %s = arith.divf %one, %d : tensor<64x64xf32>
  %act = arith.mulf %s, %xc : tensor<64x64xf32>
  %up = arith.addf %gc, %one : tensor<64x64xf32>
  %y = arith.mulf %up, %act : tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

func.func @bf16_oai_one_round(%x: tensor<64x64xbf16>, %g: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %e = tensor.empty() : tensor<64x64xbf16>
  %y = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %g : tensor<64x64xbf16>, tensor<64x64xbf16>) outs(%e : tensor<64x64xbf16>) {
  ^bb0(%in: bf16, %in_1: bf16, %out: bf16):
    %xf = arith.extf %in : bf16 to f32
    %gf = arith.extf %in_1 : bf16 to f32
    %lim = arith.constant 1.500000e+00 : f32
    %nlim = arith.constant -1.500000e+00 : f32
    %alpha = arith.constant 1.702000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %xc = arith.minimumf %xf, %lim : f32
    %g0 = arith.maximumf %gf, %nlim : f32
    %gc = arith.minimumf %g0, %lim : f32
    %t = arith.mulf %alpha, %xc : f32
    %n = arith.negf %t : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %xc, %d : f32
    %u = arith.addf %gc, %one : f32
    %m = arith.mulf %s, %u : f32
    %r = arith.truncf %m : f32 to bf16
    linalg.yield %r : bf16
  } -> tensor<64x64xbf16>
  return %y : tensor<64x64xbf16>
}

func.func @bf16_oai_two_round(%x: tensor<64x64xbf16>, %g: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
  %lim = arith.constant dense<1.500000e+00> : tensor<64x64xf32>
  %nlim = arith.constant dense<-1.500000e+00> : tensor<64x64xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<64x64xf32>
  %alpha = arith.constant dense<1.702000e+00> : tensor<64x64xf32>
  %xf = arith.extf %x : tensor<64x64xbf16> to tensor<64x64xf32>
  %gf = arith.extf %g : tensor<64x64xbf16> to tensor<64x64xf32>
  %xc = arith.minimumf %xf, %lim : tensor<64x64xf32>
  %t = arith.mulf %alpha, %xc : tensor<64x64xf32>
  %n = arith.negf %t : tensor<64x64xf32>
  %ex = math.exp %n : tensor<64x64xf32>
  %d = arith.addf %ex, %one : tensor<64x64xf32>
  %s = arith.divf %xc, %d : tensor<64x64xf32>
  %a16 = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xbf16>
  %a = arith.extf %a16 : tensor<64x64xbf16> to tensor<64x64xf32>
  %g0 = arith.maximumf %gf, %nlim : tensor<64x64xf32>
  %gc = arith.minimumf %g0, %lim : tensor<64x64xf32>
  %u = arith.addf %gc, %one : tensor<64x64xf32>
  %m = arith.mulf %a, %u : tensor<64x64xf32>
  %r = arith.truncf %m : tensor<64x64xf32> to tensor<64x64xbf16>
  return %r : tensor<64x64xbf16>
}
