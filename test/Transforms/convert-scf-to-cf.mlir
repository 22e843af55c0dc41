// glu-convert-scf-to-cf gives the very output of upstream's
// convert-scf-to-cf (whose patterns it applies), whatever the places of the
// scf ops: several in one block, one before its block's terminator, nested,
// with results, and in a block that is not a function's.
// RUN: glu-opt %s --glu-convert-scf-to-cf -o %t.glu
// RUN: glu-opt %s --convert-scf-to-cf | diff - %t.glu
// RUN: FileCheck %s --input-file=%t.glu

// CHECK-LABEL: func.func @checks(
// CHECK-NOT:     scf.
// CHECK:         return
func.func @checks(%a: i1, %b: i1, %n: index, %x: f32) -> f32 {
  scf.if %a {
    cf.assert %b, "first"
  }
  %y = arith.addf %x, %x : f32
  %z = scf.if %b -> (f32) {
    %m = arith.mulf %y, %y : f32
    scf.yield %m : f32
  } else {
    scf.yield %y : f32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %w = arith.addf %acc, %x : f32
    scf.if %a {
      cf.assert %b, "in the loop"
    }
    scf.yield %w : f32
  }
  cf.cond_br %a, ^then, ^done(%s : f32)
^then:
  %t = scf.if %b -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %s : f32
  }
  scf.if %a {
    cf.assert %b, "last"
  }
  cf.br ^done(%t : f32)
^done(%r: f32):
  return %r : f32
}
