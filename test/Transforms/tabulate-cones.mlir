// RUN: glu-opt %s -split-input-file -verify-each -glu-tabulate | FileCheck %s

// What glu-tabulate must leave computed (a table entry is one function of
// the 16 bits, the same in every lane, filled whole vectors at a time) and
// what it must not make invalid.

// A constant that differs per lane: the product is no function of the
// bits alone.
// CHECK-LABEL: func @per_lane_constant
// CHECK-NOT: memref.get_global
// CHECK: math.exp
func.func @per_lane_constant(%a: vector<4xbf16>) -> vector<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %x = arith.extf %a : vector<4xbf16> to vector<4xf32>
  %y = arith.mulf %x, %c : vector<4xf32>
  %e = math.exp %y : vector<4xf32>
  return %e : vector<4xf32>
}

// -----

// Ops that move lanes (shuffle) are no part of a cone.
// CHECK-LABEL: func @shuffled
// CHECK-NOT: memref.get_global
// CHECK: math.exp
func.func @shuffled(%a: vector<4xbf16>) -> vector<4xf32> {
  %x = arith.extf %a : vector<4xbf16> to vector<4xf32>
  %s = vector.shuffle %x, %x [3, 2, 1, 0] : vector<4xf32>, vector<4xf32>
  %e = math.exp %s : vector<4xf32>
  return %e : vector<4xf32>
}

// -----

// A reduction of the cone reads its vector (a gather), not a scalar
// load indexed by a vector (invalid IR before).
// CHECK-LABEL: func @reduced
// CHECK: %[[E:.*]] = vector.gather
// CHECK: %[[R:.*]] = vector.reduction <add>, %[[E]]
// CHECK: math.log %[[R]]
func.func @reduced(%a: vector<4xbf16>) -> f32 {
  %x = arith.extf %a : vector<4xbf16> to vector<4xf32>
  %e = math.exp %x : vector<4xf32>
  %r = vector.reduction <add>, %e : vector<4xf32> into f32
  %l = math.log %r : f32
  return %l : f32
}

// -----

// Widths that do not divide the 65536 entries (the fill stores whole
// vectors: past the table's end before), scalable and rank-0 vectors and
// tensors stay computed.
// CHECK-LABEL: func @shapes
// CHECK-NOT: memref.get_global
// CHECK-COUNT-6: math.exp
// CHECK-NOT: memref.global
func.func @shapes(%a: vector<3xbf16>, %b: vector<131072xf16>, %c: vector<[4]xbf16>, %d: vector<bf16>, %e: tensor<?xbf16>, %f: tensor<2x3xf16>) -> (vector<3xf32>, vector<131072xf32>, vector<[4]xf32>, vector<f32>, tensor<?xf32>, tensor<2x3xf32>) {
  %xa = arith.extf %a : vector<3xbf16> to vector<3xf32>
  %ea = math.exp %xa : vector<3xf32>
  %xb = arith.extf %b : vector<131072xf16> to vector<131072xf32>
  %eb = math.exp %xb : vector<131072xf32>
  %xc = arith.extf %c : vector<[4]xbf16> to vector<[4]xf32>
  %ec = math.exp %xc : vector<[4]xf32>
  %xd = arith.extf %d : vector<bf16> to vector<f32>
  %ed = math.exp %xd : vector<f32>
  %xe = arith.extf %e : tensor<?xbf16> to tensor<?xf32>
  %ee = math.exp %xe : tensor<?xf32>
  %xf = arith.extf %f : tensor<2x3xf16> to tensor<2x3xf32>
  %ef = math.exp %xf : tensor<2x3xf32>
  return %ea, %eb, %ec, %ed, %ee, %ef : vector<3xf32>, vector<131072xf32>, vector<[4]xf32>, vector<f32>, tensor<?xf32>, tensor<2x3xf32>
}

// -----

// A nested module's code could not reach the outer module's tables.
// CHECK-LABEL: module @inner
// CHECK-NOT: memref.get_global
// CHECK: math.exp
// CHECK-NOT: memref.global
module {
  module @inner {
    func.func @nested(%a: bf16) -> f32 {
      %x = arith.extf %a : bf16 to f32
      %e = math.exp %x : f32
      return %e : f32
    }
  }
}

// -----

// Words loaded from a memref of vectors are not reloaded one by one (a
// bf16 word is no element there): the lookup is a gather.
// CHECK-LABEL: func @vector_elements
// CHECK-NOT: memref.load
// CHECK: %[[G:.*]] = vector.gather
// CHECK-NEXT: return %[[G]]
func.func @vector_elements(%m: memref<?xvector<4xbf16>>, %i: index) -> vector<4xf32> {
  %v = vector.load %m[%i] : memref<?xvector<4xbf16>>, vector<4xbf16>
  %x = arith.extf %v : vector<4xbf16> to vector<4xf32>
  %e = math.exp %x : vector<4xf32>
  return %e : vector<4xf32>
}

// -----

// A gate computed from another 16-bit value (a bf16 negf fused before the
// glu: extf, negf, truncf, extf) is in that value's cone: one table of
// the first conversion, the second conversion not tabulated again (it was
// looked up in freed ops before).
// CHECK-LABEL: func @conversion_in_a_cone
// CHECK: memref.get_global
// CHECK-NOT: memref.get_global
// CHECK-NOT: math.exp
// CHECK: return
func.func @conversion_in_a_cone(%a: vector<4xbf16>) -> vector<4xf32> {
  %x = arith.extf %a : vector<4xbf16> to vector<4xf32>
  %n = arith.negf %x : vector<4xf32>
  %t = arith.truncf %n : vector<4xf32> to vector<4xbf16>
  %g = arith.extf %t : vector<4xbf16> to vector<4xf32>
  %e = math.exp %g : vector<4xf32>
  return %e : vector<4xf32>
}
