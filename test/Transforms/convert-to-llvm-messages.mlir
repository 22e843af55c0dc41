// RUN: glu-opt %s --glu-convert-to-llvm -split-input-file -verify-diagnostics

// A puts that is not a function: an error naming this pass (renamed, the
// calls would miss the C library).

// expected-error@below {{glu-convert-to-llvm: 'puts' is taken by an op other than an llvm.func}}
llvm.mlir.global internal @puts(0 : i32) : i32
func.func @clash(%a: i1) {
  cf.assert %a, "message"
  return
}

// -----

// A function puts of another type, lowered to an llvm.func by the same
// conversion before the asserts: upstream's declaration helper refuses it.

// expected-error@below {{redefinition of reserved function 'puts' of different type '!llvm.func<void (i32)>' is prohibited}}
func.func private @puts(i32)
func.func @clash(%a: i1) {
  cf.assert %a, "message"
  return
}
