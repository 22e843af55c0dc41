//===- DifferentiateTest.cpp - glu-differentiate against finite differences
//===//
//
// Every derivative rule glu-differentiate uses, executed: each case is a
// small function with `glu.grad`; the test differentiates it, JIT-compiles
// the function and its gradient through the CPU pipeline, and compares the
// gradient of every differentiable argument with finite differences
// (GradientCheck.h: directional derivatives along random directions, the
// symmetric relative error (docs/semantics.md section 6) |a-b|/(|a|+|b|), NaN
// fails) on fresh random inputs.
//
// Fresh inputs: the seeds are drawn at random on every run (three per case)
// and printed with any failure; GLU_TEST_SEED=N fixes the first, and
// GLU_TEST_SEEDS=K runs K seeds per case (GLU_TEST_REPORT=1 prints every
// case's worst error: that is how the numbers below were measured).
//
// Noise floor, measured over 6000 fresh seeds per case (GLU_TEST_SEEDS=2000
// from GLU_TEST_SEED=10000, 20000, 30000):
// - smooth functions: worst 6.5e-4 (fill_extract_insert), all others below
//   1e-4 (typically 1e-6..1e-5), except one seed of moe_router_given_indices
//   at 2.3e-3 (its row maximum is a kink of the rounding, not of the
//   function). Bound: kSmooth = 5e-3.
// - functions with kinks or jumps: a finite-difference step that crosses
//   one (relu, swiglu_oai's clamps, a row maximum, the router's top-2
//   selection) measures the kink, not the gradient. Over 6000 fresh seeds
//   7 reglu, 10 row_max and 1 swiglu_oai seeds exceeded 2e-2 (worst 0.18,
//   0.36, 5.8e-2), so these cases run on the fixed seeds 1, 2, 3 (the first
//   three, not chosen), where they measure 2.3e-6..4.6e-6. Bound: kKinked =
//   2e-2.
// Injected defects (measured with GLU_TEST_SEED=1):
// - the mutation tests below: the divf rule dropping its divisor term
//   (glu::test::Defect::DroppedTerm) measures 4.5e-1..1.0 on the router
//   and softmax cases; fused glu_back writing the gate gradient into the up
//   half (Defect::SwappedHalves) 7.2e-1..1.0;
// - once, by hand: the matmul rule's cotangent scaled by 1.05 measured
//   2.4e-2 on matmul and matmul_transposed (5x kSmooth); the linalg rule
//   without its `acc +` (no accumulation over reduction loops) measured
//   0.45..1.0 on matmul_broadcast_operand, matvec_dot, bias_broadcast,
//   softmax_and_row_normalisation, fill_extract_insert and both routers.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Differentiate.h"
#include "GluDialect/Runner/GradientCheck.h"
#include "GluDialect/Runner/JitRunner.h"
#include "GluDialect/Transforms/Passes.h"

#include "Defects/Defects.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

#include <cstdlib>
#include <random>

using namespace mlir;
using namespace mlir::glu;

namespace {

constexpr double kSmooth = 5e-3;
constexpr double kKinked = 2e-2;

struct Case {
  const char *name;
  /// MLIR with one function carrying glu.grad, or null to read `file`.
  const char *source;
  double tolerance;
  /// Integer arguments are drawn uniformly from [0, indexBound).
  int64_t indexBound = 0;
  /// A file under the source tree, instead of `source`.
  const char *file = nullptr;
  /// Seeds 1, 2, 3 instead of fresh ones (a discontinuous function).
  bool fixedSeeds = false;
};

//===----------------------------------------------------------------------===//
// The cases: one per rule or rule combination.
//===----------------------------------------------------------------------===//

const Case kCases[] = {
    {"arith_math", R"mlir(
func.func @f(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "f_grad"} {
  %p = arith.mulf %a, %b : tensor<4x8xf32>
  %e = math.exp %b : tensor<4x8xf32>
  %q = arith.divf %a, %e : tensor<4x8xf32>
  %t = math.tanh %p : tensor<4x8xf32>
  %s = arith.subf %t, %q : tensor<4x8xf32>
  %n = arith.negf %s : tensor<4x8xf32>
  %y = arith.addf %n, %a : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
})mlir",
     kSmooth},

    {"fan_out_two_results", R"mlir(
func.func @f(%x: tensor<8xf32>, %w: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    attributes {glu.grad = "f_grad"} {
  %a = arith.mulf %x, %x : tensor<8xf32>
  %b = arith.mulf %a, %w : tensor<8xf32>
  %c = arith.addf %b, %x : tensor<8xf32>
  return %c, %a : tensor<8xf32>, tensor<8xf32>
})mlir",
     kSmooth},

    {"matmul", R"mlir(
func.func @f(%a: tensor<6x5xf32>, %b: tensor<5x7xf32>) -> tensor<6x7xf32>
    attributes {glu.grad = "f_grad"} {
  %z = arith.constant dense<0.0> : tensor<6x7xf32>
  %c = linalg.matmul ins(%a, %b : tensor<6x5xf32>, tensor<5x7xf32>)
                     outs(%z : tensor<6x7xf32>) -> tensor<6x7xf32>
  return %c : tensor<6x7xf32>
})mlir",
     kSmooth},

    {"matmul_transposed", R"mlir(
func.func @f(%a: tensor<5x6xf32>, %b: tensor<7x5xf32>) -> tensor<6x7xf32>
    attributes {glu.grad = "f_grad"} {
  %z = arith.constant dense<0.0> : tensor<6x7xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<5x6xf32>, tensor<7x5xf32>) outs(%z : tensor<6x7xf32>) -> tensor<6x7xf32>
  return %c : tensor<6x7xf32>
})mlir",
     kSmooth},

    {"matmul_broadcast_operand", R"mlir(
func.func @f(%a: tensor<5xf32>, %b: tensor<5x7xf32>) -> tensor<6x7xf32>
    attributes {glu.grad = "f_grad"} {
  %z = arith.constant dense<0.0> : tensor<6x7xf32>
  %c = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k)>,
                                      affine_map<(m, n, k) -> (k, n)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<5xf32>, tensor<5x7xf32>) outs(%z : tensor<6x7xf32>) -> tensor<6x7xf32>
  return %c : tensor<6x7xf32>
})mlir",
     kSmooth},

    {"batch_matmul", R"mlir(
func.func @f(%a: tensor<3x4x5xf32>, %b: tensor<3x5x6xf32>) -> tensor<3x4x6xf32>
    attributes {glu.grad = "f_grad"} {
  %z = arith.constant dense<0.0> : tensor<3x4x6xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<3x4x5xf32>, tensor<3x5x6xf32>)
                           outs(%z : tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
  return %c : tensor<3x4x6xf32>
})mlir",
     kSmooth},

    {"batch_matmul_transposed", R"mlir(
func.func @f(%a: tensor<3x4x5xf32>, %b: tensor<3x6x5xf32>) -> tensor<3x4x6xf32>
    attributes {glu.grad = "f_grad"} {
  %z = arith.constant dense<0.0> : tensor<3x4x6xf32>
  %c = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                                            affine_map<(b, m, n, k) -> (b, n, k)>,
                                            affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%a, %b : tensor<3x4x5xf32>, tensor<3x6x5xf32>) outs(%z : tensor<3x4x6xf32>) -> tensor<3x4x6xf32>
  return %c : tensor<3x4x6xf32>
})mlir",
     kSmooth},

    {"matvec_dot", R"mlir(
func.func @f(%a: tensor<6x5xf32>, %x: tensor<5xf32>, %v: tensor<6xf32>) -> tensor<f32>
    attributes {glu.grad = "f_grad"} {
  %z = arith.constant dense<0.0> : tensor<6xf32>
  %y = linalg.matvec ins(%a, %x : tensor<6x5xf32>, tensor<5xf32>) outs(%z : tensor<6xf32>) -> tensor<6xf32>
  %z0 = arith.constant dense<0.0> : tensor<f32>
  %d = linalg.dot ins(%y, %v : tensor<6xf32>, tensor<6xf32>) outs(%z0 : tensor<f32>) -> tensor<f32>
  return %d : tensor<f32>
})mlir",
     kSmooth},

    {"named_elementwise", R"mlir(
func.func @f(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>) -> tensor<4x6xf32>
    attributes {glu.grad = "f_grad"} {
  %e = tensor.empty() : tensor<4x6xf32>
  %m = linalg.mul ins(%a, %b : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %x = linalg.exp ins(%b : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %d = linalg.div ins(%m, %x : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %t = linalg.tanh ins(%d : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %s = linalg.square ins(%a : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %u = linalg.sub ins(%t, %s : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %n = linalg.negf ins(%u : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %y = linalg.add ins(%n, %x : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %y : tensor<4x6xf32>
})mlir",
     kSmooth},

    // RMSNorm: y = x * rsqrt(mean(x^2) + eps) * w, and a reciprocal.
    {"rmsnorm_rsqrt_reciprocal", R"mlir(
func.func @f(%x: tensor<4x6xf32>, %w: tensor<6xf32>) -> tensor<4x6xf32>
    attributes {glu.grad = "f_grad"} {
  %e = tensor.empty() : tensor<4x6xf32>
  %sq = linalg.square ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %z = arith.constant dense<0.0> : tensor<4xf32>
  %s = linalg.reduce ins(%sq : tensor<4x6xf32>) outs(%z : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  %k = arith.constant dense<0.1666666> : tensor<4xf32>
  %eps = arith.constant dense<1.0e-1> : tensor<4xf32>
  %m = arith.mulf %s, %k : tensor<4xf32>
  %me = arith.addf %m, %eps : tensor<4xf32>
  %er = tensor.empty() : tensor<4xf32>
  %r = linalg.rsqrt ins(%me : tensor<4xf32>) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %rb = linalg.broadcast ins(%r : tensor<4xf32>) outs(%e : tensor<4x6xf32>) dimensions = [1]
  %wb = linalg.broadcast ins(%w : tensor<6xf32>) outs(%e : tensor<4x6xf32>) dimensions = [0]
  %n = linalg.mul ins(%x, %rb : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %y = linalg.mul ins(%n, %wb : tensor<4x6xf32>, tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %two = arith.constant dense<2.0> : tensor<4x6xf32>
  %d = arith.addf %sq, %two : tensor<4x6xf32>
  %inv = linalg.reciprocal ins(%d : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %o = arith.addf %y, %inv : tensor<4x6xf32>
  return %o : tensor<4x6xf32>
})mlir",
     kSmooth},

    {"elementwise_map_transpose", R"mlir(
func.func @f(%a: tensor<4x6xf32>, %b: tensor<6x4xf32>) -> tensor<6x4xf32>
    attributes {glu.grad = "f_grad"} {
  %e = tensor.empty() : tensor<6x4xf32>
  %t = linalg.transpose ins(%a : tensor<4x6xf32>) outs(%e : tensor<6x4xf32>) permutation = [1, 0]
  %x = linalg.elementwise kind=#linalg.elementwise_kind<exp>
      ins(%t : tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) -> tensor<6x4xf32>
  %m = linalg.elementwise kind=#linalg.elementwise_kind<mul>
      ins(%x, %b : tensor<6x4xf32>, tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) -> tensor<6x4xf32>
  %y = linalg.map { arith.subf } ins(%m, %b : tensor<6x4xf32>, tensor<6x4xf32>) outs(%e : tensor<6x4xf32>)
  return %y : tensor<6x4xf32>
})mlir",
     kSmooth},

    {"bias_broadcast", R"mlir(
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @f(%x: tensor<5x6xf32>, %b: tensor<6xf32>, %c: tensor<5xf32>) -> tensor<5x6xf32>
    attributes {glu.grad = "f_grad"} {
  %e = tensor.empty() : tensor<5x6xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<5x6xf32>, tensor<6xf32>) outs(%e : tensor<5x6xf32>) {
  ^bb0(%xv: f32, %bv: f32, %o: f32):
    %m = arith.mulf %xv, %bv : f32
    %s = arith.addf %m, %bv : f32
    linalg.yield %s : f32
  } -> tensor<5x6xf32>
  %cb = linalg.broadcast ins(%c : tensor<5xf32>) outs(%e : tensor<5x6xf32>) dimensions = [1]
  %z = arith.mulf %y, %cb : tensor<5x6xf32>
  return %z : tensor<5x6xf32>
})mlir",
     kSmooth},

    {"sum_reductions", R"mlir(
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @f(%x: tensor<5x6xf32>, %w: tensor<5x6xf32>) -> (tensor<6xf32>, tensor<f32>)
    attributes {glu.grad = "f_grad"} {
  %z = arith.constant dense<0.0> : tensor<6xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x, %w : tensor<5x6xf32>, tensor<5x6xf32>) outs(%z : tensor<6xf32>) {
  ^bb0(%xv: f32, %wv: f32, %acc: f32):
    %m = arith.mulf %xv, %wv : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<6xf32>
  %sq = arith.mulf %x, %x : tensor<5x6xf32>
  %z0 = arith.constant dense<0.5> : tensor<f32>
  %t = linalg.reduce ins(%sq : tensor<5x6xf32>) outs(%z0 : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  return %s, %t : tensor<6xf32>, tensor<f32>
})mlir",
     kSmooth},

    {"row_max", R"mlir(
func.func @f(%x: tensor<5x6xf32>) -> tensor<5xf32>
    attributes {glu.grad = "f_grad"} {
  %init = arith.constant dense<0xFF800000> : tensor<5xf32>
  %m = linalg.reduce ins(%x : tensor<5x6xf32>) outs(%init : tensor<5xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maximumf %in, %acc : f32
      linalg.yield %r : f32
    }
  return %m : tensor<5xf32>
})mlir",
     kKinked, 0, nullptr, /*fixedSeeds=*/true},

    {"softmax_and_row_normalisation", R"mlir(
func.func @f(%x: tensor<5x6xf32>, %g: tensor<5x3xf32>) -> (tensor<5x6xf32>, tensor<5x3xf32>)
    attributes {glu.grad = "f_grad"} {
  %ninf = arith.constant dense<0xFF800000> : tensor<5xf32>
  %zero = arith.constant dense<0.0> : tensor<5xf32>
  %e = tensor.empty() : tensor<5x6xf32>
  %m = linalg.reduce ins(%x : tensor<5x6xf32>) outs(%ninf : tensor<5xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maximumf %in, %acc : f32
      linalg.yield %r : f32
    }
  %mb = linalg.broadcast ins(%m : tensor<5xf32>) outs(%e : tensor<5x6xf32>) dimensions = [1]
  %d = arith.subf %x, %mb : tensor<5x6xf32>
  %ex = math.exp %d : tensor<5x6xf32>
  %s = linalg.reduce ins(%ex : tensor<5x6xf32>) outs(%zero : tensor<5xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  %sb = linalg.broadcast ins(%s : tensor<5xf32>) outs(%e : tensor<5x6xf32>) dimensions = [1]
  %p = arith.divf %ex, %sb : tensor<5x6xf32>
  // Division by a broadcast row sum of a positive input.
  %e2 = tensor.empty() : tensor<5x3xf32>
  %gg = arith.mulf %g, %g : tensor<5x3xf32>
  %one = arith.constant dense<1.0> : tensor<5x3xf32>
  %gp = arith.addf %gg, %one : tensor<5x3xf32>
  %gs = linalg.reduce ins(%gp : tensor<5x3xf32>) outs(%zero : tensor<5xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  %gsb = linalg.broadcast ins(%gs : tensor<5xf32>) outs(%e2 : tensor<5x3xf32>) dimensions = [1]
  %w = arith.divf %gp, %gsb : tensor<5x3xf32>
  return %p, %w : tensor<5x6xf32>, tensor<5x3xf32>
})mlir",
     kSmooth},

    {"slices", R"mlir(
func.func @f(%x: tensor<6x8xf32>, %d: tensor<6x8xf32>) -> (tensor<6x8xf32>, tensor<8xf32>)
    attributes {glu.grad = "f_grad"} {
  %s = tensor.extract_slice %x[1, 2] [4, 3] [1, 2] : tensor<6x8xf32> to tensor<4x3xf32>
  %r = tensor.insert_slice %s into %d[2, 0] [4, 3] [1, 1] : tensor<4x3xf32> into tensor<6x8xf32>
  %row = tensor.extract_slice %x[5, 0] [1, 8] [1, 1] : tensor<6x8xf32> to tensor<8xf32>
  return %r, %row : tensor<6x8xf32>, tensor<8xf32>
})mlir",
     kSmooth},

    {"concat_reshapes_casts", R"mlir(
func.func @f(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x16xf32>
    attributes {glu.grad = "f_grad"} {
  %bd = tensor.cast %b : tensor<4x5xf32> to tensor<4x?xf32>
  %c = tensor.concat dim(1) %a, %bd : (tensor<4x3xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  %cs = tensor.cast %c : tensor<4x?xf32> to tensor<4x8xf32>
  %e = tensor.expand_shape %cs [[0, 1], [2]] output_shape [2, 2, 8] : tensor<4x8xf32> into tensor<2x2x8xf32>
  %x = math.exp %e : tensor<2x2x8xf32>
  %y = tensor.collapse_shape %x [[0], [1, 2]] : tensor<2x2x8xf32> into tensor<2x16xf32>
  return %y : tensor<2x16xf32>
})mlir",
     kSmooth},

    {"fill_extract_insert", R"mlir(
func.func @f(%x: tensor<4xf32>, %t: tensor<3x2xf32>) -> tensor<3x2xf32>
    attributes {glu.grad = "f_grad"} {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = tensor.extract %x[%c2] : tensor<4xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %f = linalg.fill ins(%s : f32) outs(%e : tensor<3x2xf32>) -> tensor<3x2xf32>
  %m = arith.mulf %f, %t : tensor<3x2xf32>
  %v = tensor.extract %x[%c1] : tensor<4xf32>
  %r = tensor.insert %v into %m[%c2, %c1] : tensor<3x2xf32>
  return %r : tensor<3x2xf32>
})mlir",
     kSmooth},

    {"gather_3d", R"mlir(
#tk = affine_map<(t, k, c) -> (t, k)>
#tkc = affine_map<(t, k, c) -> (t, k, c)>
func.func @f(%p: tensor<4x8x1xf32>, %idx: tensor<4x3xi32>) -> tensor<4x3x1xf32>
    attributes {glu.grad = "f_grad"} {
  %e = tensor.empty() : tensor<4x3x1xf32>
  %sq = arith.mulf %p, %p : tensor<4x8x1xf32>
  %g = linalg.generic {indexing_maps = [#tk, #tkc], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<4x3xi32>) outs(%e : tensor<4x3x1xf32>) {
  ^bb0(%i: i32, %o: f32):
    %t = linalg.index 0 : index
    %c = linalg.index 2 : index
    %x = arith.index_cast %i : i32 to index
    %v = tensor.extract %sq[%t, %x, %c] : tensor<4x8x1xf32>
    %w = tensor.extract %p[%t, %x, %c] : tensor<4x8x1xf32>
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<4x3x1xf32>
  return %g : tensor<4x3x1xf32>
})mlir",
     kSmooth, /*indexBound=*/8},

    {"glu_split_swiglu", R"mlir(
func.func @f(%g: tensor<4x8xf32>, %u: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "f_grad"} {
  %y = glu.glu swiglu(%g, %u) : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
})mlir",
     kSmooth},

    {"glu_split_geglu_quick_dynamic", R"mlir(
func.func @f(%g: tensor<4x?xf32>, %u: tensor<4x?xf32>) -> tensor<4x?xf32>
    attributes {glu.grad = "f_grad"} {
  %y = glu.glu geglu_quick(%g, %u) : tensor<4x?xf32>
  %c = tensor.cast %y : tensor<4x?xf32> to tensor<4x?xf32>
  return %c : tensor<4x?xf32>
})mlir",
     kSmooth},

    {"glu_split_reglu", R"mlir(
func.func @f(%g: tensor<4x8xf32>, %u: tensor<4x8xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "f_grad"} {
  %y = glu.glu reglu(%g, %u) : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
})mlir",
     kKinked, 0, nullptr, /*fixedSeeds=*/true},

    {"glu_fused_geglu_halves", R"mlir(
func.func @f(%a: tensor<4x16xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "f_grad"} {
  %y = glu.glu geglu(%a) : tensor<4x16xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
})mlir",
     kSmooth},

    {"glu_fused_geglu_erf_swapped_odd", R"mlir(
func.func @f(%a: tensor<4x9xf32>) -> tensor<4x4xf32>
    attributes {glu.grad = "f_grad"} {
  %y = glu.glu geglu_erf(%a) packing(swapped) : tensor<4x9xf32> -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
})mlir",
     kSmooth},

    {"glu_fused_swiglu_oai_interleaved", R"mlir(
func.func @f(%a: tensor<4x16xf32>) -> tensor<4x8xf32>
    attributes {glu.grad = "f_grad"} {
  %y = glu.glu swiglu_oai(%a) packing(interleaved) limit(1.5) : tensor<4x16xf32> -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
})mlir",
     kKinked, 0, nullptr, /*fixedSeeds=*/true},

    // The router with the top-2 indices given (as a frontend that splits the
    // graph at the selection would pass them): continuous, fresh seeds.
    {"moe_router_given_indices", R"mlir(
#tk = affine_map<(t, k, c) -> (t, k)>
#tkc = affine_map<(t, k, c) -> (t, k, c)>
func.func @f(%x: tensor<6x4xf32>, %wr: tensor<4x5xf32>, %idx: tensor<6x2xi32>) -> tensor<6x2xf32>
    attributes {glu.grad = "f_grad"} {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<6x5xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %l = linalg.matmul ins(%x, %wr : tensor<6x4xf32>, tensor<4x5xf32>) outs(%z : tensor<6x5xf32>) -> tensor<6x5xf32>
  %er = tensor.empty() : tensor<6xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<6xf32>) -> tensor<6xf32>
  %m = linalg.reduce ins(%l : tensor<6x5xf32>) outs(%mi : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.maximumf %in, %acc : f32
      linalg.yield %r : f32
    }
  %mb = linalg.broadcast ins(%m : tensor<6xf32>) outs(%e : tensor<6x5xf32>) dimensions = [1]
  %d = arith.subf %l, %mb : tensor<6x5xf32>
  %ex = math.exp %d : tensor<6x5xf32>
  %zi = linalg.fill ins(%zero : f32) outs(%er : tensor<6xf32>) -> tensor<6xf32>
  %s = linalg.reduce ins(%ex : tensor<6x5xf32>) outs(%zi : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  %sb = linalg.broadcast ins(%s : tensor<6xf32>) outs(%e : tensor<6x5xf32>) dimensions = [1]
  %p = arith.divf %ex, %sb : tensor<6x5xf32>
  %p3 = tensor.expand_shape %p [[0], [1, 2]] output_shape [6, 5, 1] : tensor<6x5xf32> into tensor<6x5x1xf32>
  %eg = tensor.empty() : tensor<6x2x1xf32>
  %g3 = linalg.generic {indexing_maps = [#tk, #tkc], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%idx : tensor<6x2xi32>) outs(%eg : tensor<6x2x1xf32>) {
  ^bb0(%i: i32, %o: f32):
    %t = linalg.index 0 : index
    %c = linalg.index 2 : index
    %ex2 = arith.index_cast %i : i32 to index
    %v = tensor.extract %p3[%t, %ex2, %c] : tensor<6x5x1xf32>
    linalg.yield %v : f32
  } -> tensor<6x2x1xf32>
  %g = tensor.collapse_shape %g3 [[0], [1, 2]] : tensor<6x2x1xf32> into tensor<6x2xf32>
  %e2 = tensor.empty() : tensor<6x2xf32>
  %gs = linalg.reduce ins(%g : tensor<6x2xf32>) outs(%zi : tensor<6xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %r = arith.addf %in, %acc : f32
      linalg.yield %r : f32
    }
  %gsb = linalg.broadcast ins(%gs : tensor<6xf32>) outs(%e2 : tensor<6x2xf32>) dimensions = [1]
  %w = arith.divf %g, %gsb : tensor<6x2xf32>
  return %w : tensor<6x2xf32>
})mlir",
     kSmooth, /*indexBound=*/5},

    // The example selects the top 2 itself: the weights jump where the
    // selection changes, and a finite-difference step that crosses such a
    // boundary measures the jump. Over 200 fresh seeds one did (2.0e-2), so
    // this case runs on the fixed seeds 1, 2, 3 (the first three, not
    // chosen); the continuous router above takes the fresh ones.
    {"moe_router_example", nullptr, kKinked, 0,
     "examples/training/moe-router.mlir", /*fixedSeeds=*/true},
};

//===----------------------------------------------------------------------===//
// Harness
//===----------------------------------------------------------------------===//

/// The first seed of this run: GLU_TEST_SEED, or drawn afresh.
uint64_t baseSeed() {
  static uint64_t seed = [] {
    if (const char *s = std::getenv("GLU_TEST_SEED"))
      return uint64_t(std::strtoull(s, nullptr, 10));
    return uint64_t(std::random_device{}()) % 1000000;
  }();
  return seed;
}

unsigned numSeeds() {
  const char *s = std::getenv("GLU_TEST_SEEDS");
  return s ? unsigned(std::strtoul(s, nullptr, 10)) : 3;
}

/// A case differentiated and compiled.
struct Compiled {
  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<JitFunction> forward, grad;
  SmallVector<unsigned> wrt;
};

llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<Compiled>
compileCase(const Case &c, glu::test::Defect defect = glu::test::Defect::None) {
  std::string source;
  if (c.file) {
    auto buffer =
        llvm::MemoryBuffer::getFile(std::string(GLU_SOURCE_DIR) + "/" + c.file);
    if (!buffer)
      return error(std::string("cannot read ") + c.file);
    source = (*buffer)->getBuffer().str();
  } else {
    source = c.source;
  }
  Compiled compiled;
  DialectRegistry registry;
  glu::test::registerDefect(registry, defect); // ahead of the real models
  registerRunnerDialects(registry);
  compiled.context = std::make_unique<MLIRContext>(registry);
  std::string diagnostics;
  ScopedDiagnosticHandler handler(compiled.context.get(), [&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, compiled.context.get());
  if (!module)
    return error("parse error: " + diagnostics);
  std::string name, gradName;
  for (auto function : module->getOps<func::FuncOp>()) {
    auto attr = function->getAttrOfType<StringAttr>(kGradAttrName);
    if (!attr)
      continue;
    name = function.getName().str();
    gradName = attr.str();
    for (unsigned i = 0; i < function.getNumArguments(); ++i)
      if (isDifferentiableArgument(function, i))
        compiled.wrt.push_back(i);
  }
  PassManager pm(compiled.context.get());
  pm.addPass(createGluDifferentiate());
  if (failed(pm.run(*module)))
    return error("glu-differentiate failed: " + diagnostics);
  JitOptions options;
  auto forward = compileFunction(*module, name, options);
  if (!forward)
    return forward.takeError();
  auto grad = compileFunction(*module, gradName, options);
  if (!grad)
    return grad.takeError();
  compiled.forward = std::move(*forward);
  compiled.grad = std::move(*grad);
  return compiled;
}

/// Random inputs (dynamic sizes become 5), random cotangents, and the check.
llvm::Expected<GradientCheckReport> check(Compiled &compiled, const Case &c,
                                          uint64_t seed) {
  std::vector<HostTensor> inputs, cotangents;
  std::mt19937_64 rng(seed);
  for (auto [i, spec] : llvm::enumerate(compiled.forward->arguments())) {
    SmallVector<int64_t> shape;
    for (int64_t size : spec.shape)
      shape.push_back(size < 0 ? 5 : size);
    if (spec.kind == ElementKind::F32) {
      inputs.push_back(randomNormal(shape, seed * 31 + i));
      continue;
    }
    HostTensor indices(spec.kind, shape);
    std::uniform_int_distribution<int64_t> draw(0, c.indexBound - 1);
    for (int64_t e = 0; e < indices.numElements(); ++e)
      indices.set(e, double(draw(rng)));
    inputs.push_back(std::move(indices));
  }
  // Cotangents take the results' shapes: call the forward once.
  auto results = compiled.forward->call(inputs);
  if (!results)
    return results.takeError();
  for (auto [i, result] : llvm::enumerate(*results))
    if (result.kind == ElementKind::F32)
      cotangents.push_back(randomNormal(result.shape, seed * 37 + i));
  GradientCheckOptions options;
  options.seed = seed;
  return checkGradient(*compiled.forward, *compiled.grad, inputs, compiled.wrt,
                       cotangents, options);
}

class GradientTest : public ::testing::TestWithParam<Case> {};

TEST_P(GradientTest, MatchesFiniteDifferences) {
  const Case &c = GetParam();
  auto compiled = compileCase(c);
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  ASSERT_FALSE(compiled->wrt.empty());
  double worst = 0;
  unsigned seeds = c.fixedSeeds ? 3 : numSeeds();
  for (unsigned s = 0; s < seeds; ++s) {
    uint64_t seed = c.fixedSeeds ? 1 + s : baseSeed() + s;
    auto report = check(*compiled, c, seed);
    ASSERT_TRUE(bool(report)) << llvm::toString(report.takeError());
    // NaN fails: `NaN <= bound` is false.
    EXPECT_TRUE(report->worst <= c.tolerance)
        << c.name << ": worst error " << report->worst << " > " << c.tolerance
        << " with seed " << seed << " (GLU_TEST_SEED=" << seed
        << " reproduces it)";
    if (!(report->worst <= worst))
      worst = report->worst;
  }
  if (std::getenv("GLU_TEST_REPORT"))
    std::printf("worst %-36s %.2e over %u seeds from %llu\n", c.name, worst,
                seeds, (unsigned long long)(c.fixedSeeds ? 1 : baseSeed()));
}

INSTANTIATE_TEST_SUITE_P(Rules, GradientTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case> &info) {
                           return std::string(info.param.name);
                         });

const Case &caseNamed(llvm::StringRef name) {
  for (const Case &c : kCases)
    if (name == c.name)
      return c;
  llvm_unreachable("no such case");
}

/// The check must fail when a rule is wrong: the divf rule dropping its
/// divisor term (softmax and the router's normalisation divide).
TEST(GradientMutation, DroppedDivisorTermIsCaught) {
  for (const char *name : {"moe_router_example", "moe_router_given_indices",
                           "softmax_and_row_normalisation"}) {
    const Case &c = caseNamed(name);
    auto compiled = compileCase(c, glu::test::Defect::DroppedTerm);
    ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
    auto report = check(*compiled, c, c.fixedSeeds ? 1 : baseSeed());
    ASSERT_TRUE(bool(report)) << llvm::toString(report.takeError());
    EXPECT_GT(report->worst, kKinked) << name;
    if (std::getenv("GLU_TEST_REPORT"))
      std::printf("mutation dropped-term %-28s %.2e\n", name, report->worst);
  }
}

/// ... and when fused glu_back puts the gate gradient in the up half.
TEST(GradientMutation, SwappedHalvesAreCaught) {
  const Case &c = caseNamed("glu_fused_geglu_halves");
  auto compiled = compileCase(c, glu::test::Defect::SwappedHalves);
  ASSERT_TRUE(bool(compiled)) << llvm::toString(compiled.takeError());
  auto report = check(*compiled, c, baseSeed());
  ASSERT_TRUE(bool(report)) << llvm::toString(report.takeError());
  EXPECT_GT(report->worst, kKinked);
  if (std::getenv("GLU_TEST_REPORT"))
    std::printf("mutation swapped-halves %.2e\n", report->worst);
}

} // namespace
