// RUN: glu-opt %s --glu-predicate-checks -split-input-file | FileCheck %s

// The checks of a linalg op (run when its loops are not empty): straight-line
// code, each assert checking "not cond or check", in order.

// CHECK-LABEL: func.func @then_only(
// CHECK-SAME:      %[[C:.*]]: i1, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NOT:     scf.if
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         %[[SKIP:.*]] = arith.xori %[[C]], %[[T]]
// CHECK:         %[[EQ:.*]] = arith.cmpi eq, %[[N]], %[[M]]
// CHECK:         %[[OK:.*]] = arith.ori %[[SKIP]], %[[EQ]]
// CHECK-NEXT:    cf.assert %[[OK]], "sizes differ"
// CHECK:         %[[GE:.*]] = arith.cmpi sge, %[[N]], %{{.*}}
// CHECK:         %[[OK2:.*]] = arith.ori %[[SKIP]], %[[GE]]
// CHECK-NEXT:    cf.assert %[[OK2]], "negative"
// CHECK-NEXT:    return
func.func @then_only(%c: i1, %n: index, %m: index) {
  scf.if %c {
    %eq = arith.cmpi eq, %n, %m : index
    cf.assert %eq, "sizes differ"
    %c0 = arith.constant 0 : index
    %ge = arith.cmpi sge, %n, %c0 : index
    cf.assert %ge, "negative"
  }
  return
}

// -----

// A subview's bounds check: one of two comparisons, now a select; an assert
// in the else region checks "cond or check".

// CHECK-LABEL: func.func @results(
// CHECK-SAME:      %[[C:.*]]: i1, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NOT:     scf.if
// CHECK-DAG:     %[[A:.*]] = arith.cmpi sge, %[[N]], %[[M]]
// CHECK-DAG:     %[[B:.*]] = arith.cmpi sgt, %[[N]], %[[M]]
// CHECK:         %[[E:.*]] = arith.ori %[[C]], %[[B]]
// CHECK-NEXT:    cf.assert %[[E]], "else check"
// CHECK:         %[[R:.*]] = arith.select %[[C]], %[[A]], %[[B]]
// CHECK-NEXT:    cf.assert %[[R]], "out of bounds"
func.func @results(%c: i1, %n: index, %m: index) {
  %r = scf.if %c -> (i1) {
    %a = arith.cmpi sge, %n, %m : index
    scf.yield %a : i1
  } else {
    %b = arith.cmpi sgt, %n, %m : index
    cf.assert %b, "else check"
    scf.yield %b : i1
  }
  cf.assert %r, "out of bounds"
  return
}

// -----

// Nested: the inner if first, then the outer one.

// CHECK-LABEL: func.func @nested(
// CHECK-NOT:     scf.if
// CHECK:         cf.assert %{{.*}}, "inner"
// CHECK-NEXT:    return
func.func @nested(%c: i1, %d: i1, %x: i1) {
  scf.if %c {
    scf.if %d {
      cf.assert %x, "inner"
    }
  }
  return
}

// -----

// Ops that may not run unconditionally (a division, a load, a store) keep
// their scf.if, and the asserts inside it.

// CHECK-LABEL: func.func @kept(
// CHECK:         scf.if
// CHECK-NEXT:      arith.divsi
// CHECK-NEXT:      arith.cmpi
// CHECK-NEXT:      cf.assert %{{.*}}, "division"
// CHECK:         scf.if
// CHECK-NEXT:      memref.load
// CHECK:         scf.if
// CHECK-NEXT:      memref.store
func.func @kept(%c: i1, %n: index, %m: index, %buf: memref<4xindex>) {
  scf.if %c {
    %q = arith.divsi %n, %m : index
    %ok = arith.cmpi sge, %q, %n : index
    cf.assert %ok, "division"
  }
  %v = scf.if %c -> (index) {
    %l = memref.load %buf[%n] : memref<4xindex>
    scf.yield %l : index
  } else {
    scf.yield %m : index
  }
  scf.if %c {
    memref.store %v, %buf[%m] : memref<4xindex>
  }
  return
}

// -----

// In a loop, the scf.if stays: both regions would run at every iteration.

// CHECK-LABEL: func.func @in_loop(
// CHECK:         scf.for
// CHECK-NEXT:      scf.if
func.func @in_loop(%c: i1, %n: index, %x: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      cf.assert %x, "in a loop"
    }
  }
  return
}
