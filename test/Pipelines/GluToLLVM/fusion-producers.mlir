// glu-to-llvm's fusion of a packed operand's producer and of a backward's
// consumers computes what the program computes apart (a function boundary
// keeps the glu op unfused), found wrong by a hostile review (2026-12-05):
// - a producer that reads its position (linalg.index: a bias by column, a
//   gather) counted from each half's start (reglu over p[j] = j gave
//   0 1 4 9 ... where the program gives 0 9 20 33 ...);
// - a producer's mis-sized operand was read silently (no check: the linalg
//   op that upstream's runtime verification checks is gone);
// - a bf16 gate computed from one bf16 value (negf, a + a), fused into the
//   glu's loop, crashed glu-tabulate; here its tables give the computed
//   bits over all 65536 gates;
// - a backward's consumers fused out of order did not verify.
//
// RUN: rm -rf %t && split-file %s %t
// RUN: glu-run %t/index.mlir --function=fused --input=3x16xf32=random:1 --output=@%t/i1.npy --output=@%t/i2.npy --output=@%t/i3.npy
// RUN: glu-run %t/index.mlir --function=apart --input=3x16xf32=random:1 --output=@%t/a1.npy --output=@%t/a2.npy --output=@%t/a3.npy
// RUN: cmp %t/i1.npy %t/a1.npy
// RUN: cmp %t/i2.npy %t/a2.npy
// RUN: cmp %t/i3.npy %t/a3.npy
// RUN: glu-run %t/index.mlir --function=fused --input=3x16xf32=0 | FileCheck %s --check-prefix=INDEX
// INDEX: result[0]: 3x8xf32
// INDEX-NEXT: 0 9 20 33 48 65 84 105
// INDEX: result[1]: 3x8xf32
// INDEX-NEXT: 0 6 20 42 72 110 156 210
// INDEX: result[2]: 3x8xf32
// INDEX-NEXT: 128 105 84 65 48 33 20 9
// RUN: glu-run %t/index.mlir --target=cuda-emulated --function=fused --input=3x16xf32=random:1 --output=@%t/g1.npy --output=@%t/g2.npy --output=@%t/g3.npy
// RUN: cmp %t/g1.npy %t/a1.npy
// RUN: cmp %t/g2.npy %t/a2.npy
// RUN: cmp %t/g3.npy %t/a3.npy
// Interleaved with dynamic sizes, such a producer stays apart: fused, the
// object did not build ("could not convert to LLVM IR").
// RUN: glu-run %t/dynamic.mlir --function=f --input=2x8xf32=0 | FileCheck %s --check-prefix=DYNAMIC
// RUN: glu-compile %t/dynamic.mlir -o %t/dynamic.o --header=%t/dynamic.h
// DYNAMIC: result[0]: 2x4xf32
// DYNAMIC-NEXT: 0 6 20 42 0 6 20 42
//
// RUN: not glu-run %t/sizes.mlir --function=f --input=2x8xf32=1 --input=2x17xf32=2 2>&1 | FileCheck %s --check-prefix=SIZES
// RUN: not glu-run %t/sizes.mlir --function=f --input=2x8xf32=1 --input=3x8xf32=2 2>&1 | FileCheck %s --check-prefix=ROWS
// SIZES: ^ dimension #1 of input/output operand #1 is incompatible with inferred dimension size
// SIZES-NEXT: Location: loc("{{.*}}sizes.mlir":2:9)
// ROWS: ^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size
// Upstream's check passes where the loops read nothing; so does this one.
// RUN: glu-run %t/sizes.mlir --function=f --input=0x8xf32=1 --input=0x9xf32=2 | FileCheck %s --check-prefix=EMPTY
// EMPTY: result[0]: 0x4xf32
// RUN: glu-run %t/sizes.mlir --function=f --input=2x8xf32=1 --input=2x8xf32=2 | FileCheck %s --check-prefix=SIZES-OK
// SIZES-OK: result[0]: 2x4xf32
// SIZES-OK-NEXT: 8.5731678 8.5731678 8.5731678 8.5731678 8.5731678 8.5731678 8.5731678 8.5731678
//
// RUN: glu-run %t/gates.mlir --function=fused --input=256x256xbf16=random:3 --input=256x256xf16=random:4 --output=@%t/t1.npy --output=@%t/t2.npy --output=@%t/t3.npy
// RUN: glu-run %t/gates.mlir --function=fused --tables=false --input=256x256xbf16=random:3 --input=256x256xf16=random:4 --output=@%t/c1.npy --output=@%t/c2.npy --output=@%t/c3.npy
// RUN: glu-run %t/gates.mlir --function=apart --input=256x256xbf16=random:3 --input=256x256xf16=random:4 --output=@%t/p1.npy --output=@%t/p2.npy --output=@%t/p3.npy
// RUN: cmp %t/t1.npy %t/c1.npy
// RUN: cmp %t/t2.npy %t/c2.npy
// RUN: cmp %t/t3.npy %t/c3.npy
// RUN: cmp %t/t1.npy %t/p1.npy
// RUN: cmp %t/t2.npy %t/p2.npy
// RUN: cmp %t/t3.npy %t/p3.npy
//
// An f16 signalling NaN splat, a scalar in the fused body (split, and
// packed since it is a fill per half): NaN everywhere, with tables or
// computed (computed, exp's fptosi of the constant NaN was poison in LLVM,
// and the results arbitrary numbers).
// RUN: glu-run %t/snan.mlir --function=f --input=3x8xf16=1 | FileCheck %s --check-prefix=SNAN
// RUN: glu-run %t/snan.mlir --function=f --input=3x8xf16=1 --tables=false | FileCheck %s --check-prefix=SNAN
// SNAN: result[0]: 3x8xf16
// SNAN-COUNT-3: nan nan nan nan nan nan nan nan
// SNAN: result[1]: 3x8xf16
// SNAN-COUNT-3: nan nan nan nan nan nan nan nan
//
// RUN: glu-run %t/back.mlir --function=fused --input=4x8xf32=random:1 --input=4x8xf32=random:2 --input=4x8xf32=random:3 --input=4x8xf32=random:4 --output=@%t/b1.npy
// RUN: glu-run %t/back.mlir --function=apart --input=4x8xf32=random:1 --input=4x8xf32=random:2 --input=4x8xf32=random:3 --input=4x8xf32=random:4 --output=@%t/b2.npy
// RUN: cmp %t/b1.npy %t/b2.npy

//--- index.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
// p[r, j] = a[r, j] + j in halves and interleaved; a gather of a table by
// the position in swapped.
func.func @fused(%a: tensor<3x16xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>) {
  %e = tensor.empty() : tensor<3x16xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x16xf32>) outs(%e : tensor<3x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %t = arith.addf %x, %f : f32
    linalg.yield %t : f32
  } -> tensor<3x16xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x16xf32>) outs(%e : tensor<3x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %t = arith.addf %x, %f : f32
    linalg.yield %t : f32
  } -> tensor<3x16xf32>
  %table = arith.constant dense<[16.0, 15.0, 14.0, 13.0, 12.0, 11.0, 10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0]> : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x16xf32>) outs(%e : tensor<3x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %v = tensor.extract %table[%i] : tensor<16xf32>
    %t = arith.addf %x, %v : f32
    linalg.yield %t : f32
  } -> tensor<3x16xf32>
  %y1 = glu.glu reglu(%p) packing(halves) : tensor<3x16xf32> -> tensor<3x8xf32>
  %y2 = glu.glu reglu(%q) packing(interleaved) : tensor<3x16xf32> -> tensor<3x8xf32>
  %y3 = glu.glu reglu(%r) packing(swapped) : tensor<3x16xf32> -> tensor<3x8xf32>
  return %y1, %y2, %y3 : tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>
}

func.func private @glu(%p: tensor<3x16xf32>, %q: tensor<3x16xf32>, %r: tensor<3x16xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>) {
  %y1 = glu.glu reglu(%p) packing(halves) : tensor<3x16xf32> -> tensor<3x8xf32>
  %y2 = glu.glu reglu(%q) packing(interleaved) : tensor<3x16xf32> -> tensor<3x8xf32>
  %y3 = glu.glu reglu(%r) packing(swapped) : tensor<3x16xf32> -> tensor<3x8xf32>
  return %y1, %y2, %y3 : tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>
}

func.func @apart(%a: tensor<3x16xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>) {
  %e = tensor.empty() : tensor<3x16xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x16xf32>) outs(%e : tensor<3x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %t = arith.addf %x, %f : f32
    linalg.yield %t : f32
  } -> tensor<3x16xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x16xf32>) outs(%e : tensor<3x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %t = arith.addf %x, %f : f32
    linalg.yield %t : f32
  } -> tensor<3x16xf32>
  %table = arith.constant dense<[16.0, 15.0, 14.0, 13.0, 12.0, 11.0, 10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0]> : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<3x16xf32>) outs(%e : tensor<3x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %v = tensor.extract %table[%i] : tensor<16xf32>
    %t = arith.addf %x, %v : f32
    linalg.yield %t : f32
  } -> tensor<3x16xf32>
  %y:3 = call @glu(%p, %q, %r) : (tensor<3x16xf32>, tensor<3x16xf32>, tensor<3x16xf32>) -> (tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>)
  return %y#0, %y#1, %y#2 : tensor<3x8xf32>, tensor<3x8xf32>, tensor<3x8xf32>
}

//--- dynamic.mlir
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 1 : index
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %t = arith.addf %x, %f : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  %y = glu.glu reglu(%p) packing(interleaved) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

//--- sizes.mlir
func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %ab = arith.addf %a, %b : tensor<?x?xf32>
  %y = glu.glu swiglu(%ab) packing(interleaved) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

//--- gates.mlir
// Every bf16 and f16 bit pattern as a gate (256 x 256), negated or doubled
// in its own type before the glu op.
func.func private @bits16() -> tensor<256x256xi16> {
  %t = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c256 = arith.constant 256 : index
    %k = arith.muli %i, %c256 : index
    %l = arith.addi %k, %j : index
    %w = arith.index_cast %l : index to i16
    tensor.yield %w : i16
  } : tensor<256x256xi16>
  return %t : tensor<256x256xi16>
}

func.func @fused(%ub: tensor<256x256xbf16>, %uh: tensor<256x256xf16>) -> (tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xf16>) {
  %w = call @bits16() : () -> tensor<256x256xi16>
  %b = arith.bitcast %w : tensor<256x256xi16> to tensor<256x256xbf16>
  %h = arith.bitcast %w : tensor<256x256xi16> to tensor<256x256xf16>
  %nb = arith.negf %b : tensor<256x256xbf16>
  %y1 = glu.glu swiglu(%nb, %ub) : tensor<256x256xbf16>
  %db = arith.addf %b, %b : tensor<256x256xbf16>
  %y2 = glu.glu geglu(%db, %ub) : tensor<256x256xbf16>
  %nh = arith.negf %h : tensor<256x256xf16>
  %y3 = glu.glu swiglu_oai(%nh, %uh) : tensor<256x256xf16>
  return %y1, %y2, %y3 : tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xf16>
}

func.func private @glu(%nb: tensor<256x256xbf16>, %db: tensor<256x256xbf16>, %nh: tensor<256x256xf16>, %ub: tensor<256x256xbf16>, %uh: tensor<256x256xf16>) -> (tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xf16>) {
  %y1 = glu.glu swiglu(%nb, %ub) : tensor<256x256xbf16>
  %y2 = glu.glu geglu(%db, %ub) : tensor<256x256xbf16>
  %y3 = glu.glu swiglu_oai(%nh, %uh) : tensor<256x256xf16>
  return %y1, %y2, %y3 : tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xf16>
}

func.func @apart(%ub: tensor<256x256xbf16>, %uh: tensor<256x256xf16>) -> (tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xf16>) {
  %w = call @bits16() : () -> tensor<256x256xi16>
  %b = arith.bitcast %w : tensor<256x256xi16> to tensor<256x256xbf16>
  %h = arith.bitcast %w : tensor<256x256xi16> to tensor<256x256xf16>
  %nb = arith.negf %b : tensor<256x256xbf16>
  %db = arith.addf %b, %b : tensor<256x256xbf16>
  %nh = arith.negf %h : tensor<256x256xf16>
  %y:3 = call @glu(%nb, %db, %nh, %ub, %uh) : (tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xf16>, tensor<256x256xbf16>, tensor<256x256xf16>) -> (tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xf16>)
  return %y#0, %y#1, %y#2 : tensor<256x256xbf16>, tensor<256x256xbf16>, tensor<256x256xf16>
}

//--- snan.mlir
func.func @f(%u: tensor<3x8xf16>) -> (tensor<3x8xf16>, tensor<3x8xf16>) {
  %c = arith.constant dense<0x7D01> : tensor<3x8xf16>
  %y = glu.glu swiglu(%c, %u) : tensor<3x8xf16>
  %p = arith.constant dense<0x7D01> : tensor<3x16xf16>
  %h = glu.glu swiglu(%p) packing(halves) : tensor<3x16xf16> -> tensor<3x8xf16>
  %z = arith.addf %h, %u : tensor<3x8xf16>
  return %y, %z : tensor<3x8xf16>, tensor<3x8xf16>
}

//--- back.mlir
func.func @fused(%dy: tensor<4x8xf32>, %x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<4x8xf32>
  %a = arith.mulf %dx, %c : tensor<4x8xf32>
  %s = arith.negf %a : tensor<4x8xf32>
  %b = arith.addf %dg, %s : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

func.func private @back(%dy: tensor<4x8xf32>, %x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<4x8xf32>
  return %dx, %dg : tensor<4x8xf32>, tensor<4x8xf32>
}

func.func @apart(%dy: tensor<4x8xf32>, %x: tensor<4x8xf32>, %g: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %d:2 = call @back(%dy, %x, %g) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
  %a = arith.mulf %d#0, %c : tensor<4x8xf32>
  %s = arith.negf %a : tensor<4x8xf32>
  %b = arith.addf %d#1, %s : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}
