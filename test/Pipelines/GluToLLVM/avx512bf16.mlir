// RUN: glu-opt %s "--glu-to-llvm=avx512=true avx512bf16=true vector-bits=512" | FileCheck %s
// RUN: glu-opt %s "--glu-to-llvm=avx512=true vector-bits=512" | FileCheck %s --check-prefix=OFF
// RUN: glu-opt %s "--glu-to-llvm=avx512bf16=true vectorize=false" | FileCheck %s --check-prefix=OFF
// RUN: glu-opt %s "--glu-to-llvm=avx512=true avx512bf16=true vector-bits=512 nontemporal-min-bytes=0" | FileCheck %s --check-prefix=PLAIN

// avx512bf16: the vector body's rounding to bf16 is tested for NaN and
// subnormal lanes (vfpclassps) and done by llvm.fptrunc where none is; the
// streaming copy stores the i16 words, volatile (glu-nontemporal-words).
// Off (or unvectorized): the integer rounding only.
// CHECK-LABEL: llvm.func @swiglu_bf16
// CHECK-NOT: is.fpclass
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.fpclass.ps.512"
// CHECK: llvm.fptrunc %{{.*}} : vector<64xf32> to vector<64xbf16>
// CHECK: llvm.store volatile %{{.*}} {alignment = 64 : i64, nontemporal} : vector<64xi16>, !llvm.ptr
// OFF-LABEL: llvm.func @swiglu_bf16
// OFF-NOT: fpclass
// OFF-NOT: llvm.fptrunc
// OFF-NOT: volatile
// PLAIN-LABEL: llvm.func @swiglu_bf16
// PLAIN: llvm.fptrunc
// PLAIN-NOT: volatile
func.func @swiglu_bf16(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> tensor<?x?xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x?xbf16>
  return %y : tensor<?x?xbf16>
}

// A row of 64 lanes: one step, its loop folded, the body straight in the
// OpenMP loop's memref.alloca_scope. The tests' x86 intrinsic (an op of
// unknown effects) kept the canonicalizer from inlining that scope, and
// scf-to-cf then split its region (invalid): the pass emits the pure
// is.fpclass, glu-avx512-fpclass the intrinsic after the lowering.
// CHECK-LABEL: llvm.func @one_step
// CHECK: llvm.call_intrinsic "llvm.x86.avx512.fpclass.ps.512"
// CHECK: llvm.fptrunc
func.func @one_step(%x: tensor<?x64xbf16>, %g: tensor<?x64xbf16>) -> tensor<?x64xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x64xbf16>
  return %y : tensor<?x64xbf16>
}
