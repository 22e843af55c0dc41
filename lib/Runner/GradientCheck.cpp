//===- GradientCheck.cpp - Finite-difference checks of VJP functions ------===//

#include "GluDialect/Runner/GradientCheck.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cmath>
#include <limits>
#include <random>

using namespace mlir;
using namespace mlir::glu;

llvm::Expected<std::unique_ptr<JitFunction>>
mlir::glu::compileFunction(ModuleOp module, llvm::StringRef function,
                           const JitOptions &options) {
  OwningOpRef<ModuleOp> copy = module.clone();
  eraseUnreachableFunctions(*copy, function);
  return JitFunction::compile(*copy, function, options);
}

double mlir::glu::symmetricRelativeError(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<double>::quiet_NaN();
  if (a == b)
    return 0.0;
  return std::fabs(a - b) / (std::fabs(a) + std::fabs(b));
}

HostTensor mlir::glu::randomNormal(llvm::ArrayRef<int64_t> shape, uint64_t seed,
                                   double scale) {
  HostTensor tensor(ElementKind::F32, shape);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, scale);
  for (int64_t i = 0, e = tensor.numElements(); i < e; ++i)
    tensor.set(i, normal(rng));
  return tensor;
}

double mlir::glu::dot(const HostTensor &a, const HostTensor &b) {
  double sum = 0.0;
  for (int64_t i = 0, e = a.numElements(); i < e; ++i)
    sum += a.get(i) * b.get(i);
  return sum;
}

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static bool isFloat(ElementKind kind) {
  return kind == ElementKind::F32 || kind == ElementKind::F16 ||
         kind == ElementKind::BF16;
}

llvm::Expected<GradientCheckReport> mlir::glu::checkGradient(
    JitFunction &forward, JitFunction &grad, llvm::ArrayRef<HostTensor> inputs,
    llvm::ArrayRef<unsigned> wrt, llvm::ArrayRef<HostTensor> cotangents,
    const GradientCheckOptions &options) {
  std::vector<HostTensor> gradInputs(inputs.begin(), inputs.end());
  gradInputs.insert(gradInputs.end(), cotangents.begin(), cotangents.end());
  auto gradients = grad.call(gradInputs);
  if (!gradients)
    return gradients.takeError();
  if (gradients->size() != wrt.size())
    return error("the gradient function returns " +
                 llvm::Twine(gradients->size()) + " tensors for " +
                 llvm::Twine(wrt.size()) + " differentiated arguments");

  // sum over the float results y of term(c, y), c the result's cotangent,
  // with the forward called at `at`.
  auto sumOverResults =
      [&](llvm::ArrayRef<HostTensor> at,
          llvm::function_ref<double(const HostTensor &, const HostTensor &)>
              term) -> llvm::Expected<double> {
    auto results = forward.call(at);
    if (!results)
      return results.takeError();
    double sum = 0.0;
    size_t next = 0;
    for (const HostTensor &result : *results) {
      if (!isFloat(result.kind))
        continue;
      if (next == cotangents.size())
        return error("more float results than cotangents");
      sum += term(cotangents[next++], result);
    }
    return sum;
  };
  // p(inputs) = <cotangents, forward(inputs)> over the float results.
  auto project = [&](llvm::ArrayRef<HostTensor> at) {
    return sumOverResults(at, dot);
  };

  // What the forward can show: sum_i |c_i| ulp(y_i) at the inputs. A
  // directional derivative D whose |D| * 6h (the widest perturbation) is
  // below it may leave every f32 result unchanged, so every quotient 0:
  // then the quotients cannot tell D from any other value that small.
  auto resolution =
      sumOverResults(inputs, [](const HostTensor &c, const HostTensor &y) {
        int digits = y.kind == ElementKind::F32   ? 24
                     : y.kind == ElementKind::F16 ? 11
                                                  : 8;
        double sum = 0.0;
        for (int64_t i = 0, e = y.numElements(); i < e; ++i) {
          int exponent;
          std::frexp(y.get(i), &exponent);
          sum += std::fabs(c.get(i)) * std::ldexp(1.0, exponent - digits);
        }
        return sum;
      });
  if (!resolution)
    return resolution.takeError();

  GradientCheckReport report;
  std::vector<HostTensor> perturbed(inputs.begin(), inputs.end());
  // The difference quotient of p along u at step h (fourth order).
  auto differenceQuotient = [&](unsigned argument, const HostTensor &u,
                                double h) -> llvm::Expected<double> {
    const HostTensor &x = inputs[argument];
    const double t[4] = {h, -h, 2 * h, -2 * h};
    double p[4];
    for (int s = 0; s < 4; ++s) {
      HostTensor &y = perturbed[argument];
      for (int64_t i = 0, e = x.numElements(); i < e; ++i)
        y.set(i, x.get(i) + t[s] * u.get(i));
      auto value = project(perturbed);
      if (!value)
        return value.takeError();
      p[s] = *value;
    }
    perturbed[argument] = x;
    return (8 * (p[0] - p[1]) - (p[2] - p[3])) / (12 * h);
  };

  for (auto [w, argument] : llvm::enumerate(wrt)) {
    const HostTensor &x = inputs[argument];
    if (x.kind != ElementKind::F32)
      return error("argument #" + llvm::Twine(argument) +
                   " is not f32: finite differences need f32 inputs");
    const HostTensor &g = (*gradients)[w];
    double rms = std::sqrt(dot(x, x) / std::max<int64_t>(1, x.numElements()));
    double h = options.step * std::max(rms, 1.0);
    double worst = 0.0;
    for (unsigned d = 0; d < options.directions; ++d) {
      // u_i = |r_i| sign(g_i) with r normal(0, 1): a random direction along
      // which the directional derivative is large (|r|-weighted |g|_1), so
      // that f32 rounding in the forward does not swamp it; any error in g
      // (a scale, a wrong sign, a dropped term) still shows.
      HostTensor u = randomNormal(x.shape, options.seed * 7919 +
                                               argument * 104729 + d * 1299709);
      for (int64_t i = 0, e = u.numElements(); i < e; ++i)
        if (g.get(i) != 0)
          u.set(i, std::copysign(std::fabs(u.get(i)), g.get(i)));
      double analytic = dot(g, u);
      // Quotients at five steps: rounding noise grows as the step shrinks,
      // and kinks crossed by the perturbation (relu, clamps, maxima) grow
      // with it, while a wrong gradient is wrong at every step: the closest
      // quotient counts.
      double err = std::numeric_limits<double>::infinity();
      bool flat = true; // every quotient exactly 0
      for (double scale : {3.0, 1.0, 1.0 / 3, 0.1, 1.0 / 30}) {
        auto q = differenceQuotient(argument, u, scale * h);
        if (!q)
          return q.takeError();
        flat = flat && *q == 0.0;
        double e = symmetricRelativeError(analytic, *q);
        if (std::isnan(e) || e < err)
          err = e;
        if (std::isnan(e))
          break;
      }
      // Flat at f32 resolution and an analytic value the forward could
      // not show either: consistent (a saturated softmax, 1.2e-4 of the
      // router test's random seeds: analytic 1e-7, quotients 0).
      if (flat && std::fabs(analytic) * 6 * h <= *resolution)
        err = 0.0;
      if (std::isnan(err) || err > worst)
        worst = err;
      if (std::isnan(worst))
        break;
    }
    report.worstPerArgument.push_back(worst);
    if (std::isnan(worst) || worst > report.worst)
      report.worst = worst;
  }
  return report;
}
