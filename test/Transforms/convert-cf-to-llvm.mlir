// glu-convert-cf-to-llvm gives the very output of upstream's
// convert-cf-to-llvm (which it runs), whatever the asserts' places: several
// in one block, one before its block's terminator, in nested blocks.
// RUN: glu-opt %s --glu-convert-cf-to-llvm -o %t.glu
// RUN: glu-opt %s --convert-cf-to-llvm | diff - %t.glu
// RUN: FileCheck %s --input-file=%t.glu

// CHECK-LABEL: func.func @checks(
// CHECK-COUNT-4: llvm.cond_br
// CHECK-NOT:     cf.
func.func @checks(%a: i1, %b: i1, %x: f32) -> f32 {
  cf.assert %a, "first"
  %y = arith.addf %x, %x : f32
  cf.assert %b, "second"
  %z = arith.mulf %y, %y : f32
  cf.cond_br %a, ^then, ^done(%z : f32)
^then:
  %w = arith.subf %z, %x : f32
  cf.assert %b, "third"
  cf.assert %a, "fourth"
  cf.br ^done(%w : f32)
^done(%r: f32):
  return %r : f32
}
