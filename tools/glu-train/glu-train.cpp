//===- glu-train.cpp - Train and gradient-check functions via glu-differentiate
//===//
//
//   glu-train FILE.mlir [--steps=N] [--lr=X] [--function=NAME ...]
//
// Runs `--inline --glu-differentiate` on FILE, JIT-compiles the results
// through the CPU pipeline (glu-to-llvm) and, for every function that asked
// for a gradient with `glu.grad`:
//
// - a loss `@M_loss(x, t, params...) -> tensor<f32>` whose model
//   `@M(x, params...) -> y` is in the file is TRAINED: x is normal(0, 1),
//   t = @M(x, teacher params) with random teacher weights, and the student
//   params (other random weights) follow plain SGD, p -= lr * dloss/dp, for
//   --steps steps. It prints the loss at the start, the middle and the end,
//   and fails unless the loss fell at least --min-drop times;
// - every selected function (losses included, at the student's initial
//   weights) is GRADIENT-CHECKED: the gradient function's directional
//   derivatives along random directions are compared with finite
//   differences of the forward function (GradientCheck.h), and the worst
//   symmetric relative error (docs/semantics.md section 6) |a-b|/(|a|+|b|) must
//   not exceed --gradcheck-tolerance (NaN fails).
//
// Parameters are initialised normal(0, 1/fan_in) for matrices [in, out],
// normal(0, 0.1^2) for vectors (biases). Exit status 1 on any failure.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Runner/GradientCheck.h"
#include "GluDialect/Runner/JitRunner.h"
#include "GluDialect/Runner/OutputFiles.h"
#include "GluDialect/Transforms/Differentiate.h"
#include "GluDialect/Transforms/Passes.h"
#ifdef GLU_INCLUDE_TESTS
#include "Defects/Defects.h"
#endif

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>

using namespace mlir;
using namespace mlir::glu;
namespace cl = llvm::cl;

static cl::OptionCategory category("glu-train options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<file.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::list<std::string>
    selected("function",
             cl::desc("Only these functions (default: every function with "
                      "glu.grad)"),
             cl::value_desc("name"), cl::cat(category));
static cl::opt<unsigned> steps("steps", cl::desc("SGD steps (1 to 1000000)"),
                               cl::init(300), cl::cat(category));
static cl::opt<double> learningRate("lr", cl::desc("SGD learning rate"),
                                    cl::init(0.5), cl::cat(category));
static cl::opt<double>
    minDrop("min-drop",
            cl::desc("Fail unless the loss falls at least this many times"),
            cl::init(10.0), cl::cat(category));
static cl::opt<double> tolerance(
    "gradcheck-tolerance",
    cl::desc("Fail when the worst finite-difference error exceeds this"),
    cl::init(1e-2), cl::cat(category));
static cl::opt<unsigned>
    directions("gradcheck-directions",
               cl::desc("Random directions per differentiated argument "
                        "(1 to 1000)"),
               cl::init(4), cl::cat(category));
static cl::opt<double>
    step("gradcheck-step",
         cl::desc("Finite-difference step, relative to the argument's RMS"),
         cl::init(3e-3), cl::cat(category));
static cl::opt<unsigned>
    seed("seed", cl::desc("Seed of every random draw (at least 1)"),
         cl::init(1), cl::cat(category));
#ifdef GLU_INCLUDE_TESTS
static cl::opt<std::string> injectDefect(
    "test-inject-defect",
    cl::desc("Testing only: differentiate and compile with a deliberate "
             "defect, to show the checks catch it"),
    cl::init(""), cl::Hidden, cl::cat(category));
#endif

static int fail(const llvm::Twine &message) {
  llvm::errs() << "glu-train: error: " << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

namespace {
/// A function that asked for a gradient, recorded before the pass consumes
/// its glu.grad attribute.
struct Target {
  std::string name, gradName;
  SmallVector<unsigned> wrt;
};

/// Random parameters of `shape` (see the file comment).
HostTensor initParameter(ArrayRef<int64_t> shape, uint64_t seed) {
  double scale = shape.size() == 2   ? 1.0 / std::sqrt(double(shape[0]))
                 : shape.size() == 1 ? 0.1
                                     : 1.0;
  return randomNormal(shape, seed, scale);
}

/// The seed of draw `i` of one kind (`kind` 1000 teacher weights, 2000
/// student weights, 3000 inputs, 4000 cotangents), in 64 bits: in 32 the
/// products wrapped, and --seed=2^29 drew the student equal to the teacher
/// (loss 0 from step 0).
uint64_t drawSeed(uint64_t kind, size_t i) { return uint64_t(seed) * kind + i; }

HostTensor scalarOne() {
  HostTensor one(ElementKind::F32, {});
  one.set(0, 1.0);
  return one;
}

/// Whether glu-train can draw the inputs of `function` and a cotangent of
/// each of its float results, checked before anything is compiled (the
/// pipeline itself runs out of memory on a constant of a huge type): every
/// argument an f32 tensor of static sizes this machine can hold (an f16
/// argument failed with an input count or element mismatch, a dynamic
/// one with std::length_error, tensor<1099511627776x4xf32> with "LLVM
/// ERROR: out of memory"), every float result f32 (a cotangent is drawn
/// in f32; an f16 result made the gradient function's call fail, naming
/// nothing). Integer results take no cotangent; a result's sizes may be
/// dynamic (the call computes them).
llvm::Error checkSignature(func::FuncOp function) {
  auto problem = [&](StringRef what, size_t i, Type type,
                     const llvm::Twine &why) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "@" << function.getName() << " " << what << " #" << i << " has type "
       << type;
    return llvm::createStringError(llvm::inconvertibleErrorCode(), text + why);
  };
  for (auto [i, type] : llvm::enumerate(function.getArgumentTypes())) {
    std::optional<TensorSpec> spec = tensorSpecOf(type);
    if (!spec || spec->kind != ElementKind::F32)
      return problem("argument", i, type,
                     "; glu-train draws f32 tensor inputs only");
    if (llvm::is_contained(spec->shape, -1))
      return problem("argument", i, type,
                     ", a dynamic size; glu-train needs static shapes to "
                     "draw its inputs");
    if (llvm::Error e = checkAllocatable(spec->kind, spec->shape))
      return problem("argument", i, type, ": " + toString(std::move(e)));
  }
  for (auto [i, type] : llvm::enumerate(function.getResultTypes())) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (tensor && isa<FloatType>(tensor.getElementType()) &&
        !tensor.getElementType().isF32())
      return problem("result", i, type,
                     "; glu-train checks f32 results only (integer results "
                     "are fine)");
  }
  return llvm::Error::success();
}

/// `value` in few digits that say it (%g: 1e+308, 1e-05; formatv's default
/// printed --lr=1e-5 as 0.00).
std::string shortest(double value) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%g", value);
  return text;
}

std::string formatError(double e) {
  return std::isnan(e) ? "NaN" : llvm::formatv("{0:e1}", e).str();
}
} // namespace

static int run(int argc, char **argv);

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  int status = run(argc, argv);
  // What was printed may not have been written (stdout on a full disk).
  if (llvm::Error e = flushStdout())
    return fail(std::move(e));
  return status;
}

static int run(int argc, char **argv) {
  mlir::glu::removeOpenMPRegistrationOnSignal();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "glu-train: train and gradient-check functions differentiated by "
      "glu-differentiate\n");
#ifdef GLU_INCLUDE_TESTS
  std::optional<test::Defect> defect = test::parseDefect(injectDefect);
  if (!defect)
    return fail("unknown --test-inject-defect '" + injectDefect + "'");
#endif
  // Options that would make a run check or train nothing, or compare
  // against NaN, are errors rather than a vacuous "all passed".
  // Beyond a million steps plain SGD on these models learns nothing more,
  // and the run takes hours (0.6 ms a step for examples/training/ffn.mlir).
  if (steps == 0 || steps > 1000000)
    return fail("--steps must be from 1 to 1000000, got " +
                llvm::Twine(unsigned(steps)));
  // Seed 0 drew the teacher's and the student's weights alike (0 * kind).
  if (seed == 0)
    return fail("--seed must be at least 1");
  // Each direction is two more forward calls per argument: beyond 1000 a
  // check runs for hours and says no more.
  if (directions == 0 || directions > 1000)
    return fail("--gradcheck-directions must be from 1 to 1000, got " +
                llvm::Twine(unsigned(directions)));
  for (auto [name, value] : {std::pair<StringRef, double>{"lr", learningRate},
                             {"min-drop", minDrop},
                             {"gradcheck-tolerance", tolerance},
                             {"gradcheck-step", step}})
    if (!std::isfinite(value) || value <= 0)
      return fail("--" + name + " must be a positive finite number, got " +
                  shortest(value) +
                  // 1e-400 reads as 0: not what was typed otherwise.
                  (value == 0 ? " (a magnitude below 4.9e-324, the least "
                                "double, also reads as 0)"
                              : ""));
  // The symmetric relative error is at most 1: a tolerance of 1 passes
  // every gradient (only NaN fails).
  if (tolerance >= 1)
    return fail("--gradcheck-tolerance must be below 1 (the error "
                "|a-b|/(|a|+|b|) is at most 1: every gradient would pass), "
                "got " +
                shortest(tolerance));
  if (step < kMinGradientCheckStep)
    return fail("--gradcheck-step must be at least " +
                shortest(kMinGradientCheckStep) +
                " (its smallest quotient step, a 30th, is f32's epsilon: "
                "smaller ones leave the f32 inputs unchanged and check "
                "nothing), got " +
                shortest(step));
  auto start = std::chrono::steady_clock::now();

  DialectRegistry registry;
#ifdef GLU_INCLUDE_TESTS
  test::registerDefect(registry, *defect); // ahead of the real models
#endif
  registerRunnerDialects(registry);
  MLIRContext context(registry);
  ParsedInputFile input(context);
  if (llvm::Error error = input.parse(inputFile))
    return fail(std::move(error));
  ModuleOp module = input.module();

  SmallVector<Target> targets;
  for (auto function : module.getOps<func::FuncOp>()) {
    Attribute grad = function->getAttr(kGradAttrName);
    if (!grad)
      continue;
    if (!selected.empty() &&
        !llvm::is_contained(selected, function.getName())) {
      // Not differentiated: a glu.grad glu-differentiate rejects there
      // (a taken name, an op without a rule) failed the selected ones too.
      function->removeAttr(kGradAttrName);
      continue;
    }
    // glu-differentiate says what is wrong with a glu.grad that is not a
    // string; left out here, it would read as no glu.grad at all.
    auto gradName = dyn_cast<StringAttr>(grad);
    Target target{function.getName().str(),
                  gradName ? gradName.str() : std::string(),
                  {}};
    for (unsigned i = 0; i < function.getNumArguments(); ++i)
      if (isDifferentiableArgument(function, i))
        target.wrt.push_back(i);
    if (llvm::Error e = checkSignature(function))
      return fail(std::move(e));
    // Each argument is held twice while training (the inputs and the
    // gradient call's copy), a differentiated one twice more (its gradient
    // and the check's perturbed input): a lower bound on the run's memory,
    // checked as a whole (each argument alone passed, and the run went to
    // the out-of-memory abort; it measured 11 copies of x for x * x).
    uint64_t copies = 0;
    for (auto [i, type] : llvm::enumerate(function.getArgumentTypes())) {
      auto tensor = cast<RankedTensorType>(type); // static: checkSignature's
      uint64_t bytes = uint64_t(tensor.getNumElements()) *
                       (tensor.getElementTypeBitWidth() / 8);
      copies += bytes * (llvm::is_contained(target.wrt, i) ? 4 : 2);
    }
    if (llvm::Error e = checkMemoryFor(copies))
      return fail("@" + function.getName() +
                  ": training it holds its arguments' data at least twice, "
                  "the differentiated ones four times: " +
                  toString(std::move(e)));
    targets.push_back(std::move(target));
  }
  if (targets.empty())
    return fail("no function with " + kGradAttrName + " in '" + inputFile +
                "'" + (selected.empty() ? "" : " among --function"));
  // Every --function names a target: a misspelt one beside a good one was
  // skipped, and the run said "all passed" for what it did not check.
  for (const std::string &name : selected)
    if (llvm::none_of(targets, [&](const Target &t) { return t.name == name; }))
      return fail("--function=" + name + ": no function named '" + name +
                  "' with " + kGradAttrName + " in '" + inputFile + "'");
  // A declaration has no body to differentiate; made public below, it was
  // a public declaration, which the verifier rejects ("symbol declaration
  // cannot have public visibility") against a line that says private.
  for (const Target &target : targets)
    if (module.lookupSymbol<func::FuncOp>(target.name).isDeclaration())
      return fail("@" + target.name + " has " + kGradAttrName +
                  " but no body to differentiate (a declaration)");

  // What glu-train calls is public: a private target was "no function
  // named", and the inliner erased a private model (then its loss was
  // only checked, not trained, saying nothing).
  for (const Target &target : targets) {
    module.lookupSymbol<func::FuncOp>(target.name).setPublic();
    StringRef name(target.name);
    if (name.ends_with("_loss"))
      if (auto model = module.lookupSymbol<func::FuncOp>(name.drop_back(5)))
        model.setPublic();
  }
  PassManager pm(&context);
  pm.addPass(createInlinerPass());
  pm.addPass(createGluDifferentiate());
  if (failed(pm.run(module)))
    return fail("glu-differentiate failed (diagnostics above)");
  for (const Target &target : targets)
    if (auto grad = module.lookupSymbol<func::FuncOp>(target.gradName))
      grad.setPublic();

  JitOptions jitOptions;
  auto compile = [&](StringRef name) {
    return compileFunction(module, name, jitOptions);
  };

  GradientCheckOptions checkOptions;
  checkOptions.directions = directions;
  checkOptions.seed = seed;
  checkOptions.step = step;
  bool allPassed = true;
  llvm::outs() << llvm::formatv(
      "{0}: {1} function(s); SGD {2} steps, lr {3}; gradient check: {4} "
      "directions per argument, worst |a-b|/(|a|+|b|) <= {5}\n",
      std::string(inputFile), targets.size(), unsigned(steps),
      shortest(learningRate), unsigned(directions), shortest(tolerance));

  for (const Target &target : targets) {
    auto forward = compile(target.name);
    if (!forward)
      return fail(forward.takeError());
    auto grad = compile(target.gradName);
    if (!grad)
      return fail(grad.takeError());
    ArrayRef<TensorSpec> args = (*forward)->arguments();
    StringRef name(target.name);
    std::string modelName =
        name.ends_with("_loss") ? name.drop_back(5).str() : std::string();
    bool train =
        !modelName.empty() && module.lookupSymbol<func::FuncOp>(modelName);
    std::vector<HostTensor> inputs;
    std::vector<HostTensor> cotangents;
    std::unique_ptr<JitFunction> model;
    if (train) {
      // @M_loss(x, t, params...) and @M(x, params...).
      auto compiled = compile(modelName);
      if (!compiled)
        return fail(compiled.takeError());
      model = std::move(*compiled);
      if (args.size() < 3 || target.wrt.empty() || target.wrt.front() != 2 ||
          target.wrt.size() != args.size() - 2 ||
          model->arguments().size() != args.size() - 1 ||
          (*forward)->results().size() != 1 ||
          !(*forward)->results()[0].shape.empty())
        return fail("@" + target.name +
                    " must be (x, t, params...) -> "
                    "tensor<f32> with x and t glu.no_grad, and @" +
                    modelName + " (x, params...)");
      // t is the teacher's first result (none: an index past the end, a
      // crash; another type: a mismatch reported against the gradient).
      if (model->results().empty())
        return fail("@" + modelName + " returns nothing; @" + target.name +
                    " is trained on t, its first result");
      const TensorSpec &y = model->results()[0], &t = args[1];
      if (y.kind != t.kind || y.shape.size() != t.shape.size() ||
          llvm::any_of(llvm::zip_equal(y.shape, t.shape), [](auto sizes) {
            auto [a, b] = sizes;
            return a >= 0 && a != b;
          }))
        return fail("@" + modelName + " result #0 has type " + y.str() +
                    ", not the type of @" + target.name +
                    "'s argument #1 (t), " + t.str());
      HostTensor x = randomNormal(args[0].shape, seed);
      std::vector<HostTensor> teacher{x};
      for (size_t i = 2; i < args.size(); ++i)
        teacher.push_back(initParameter(args[i].shape, drawSeed(1000, i)));
      auto targetsOut = model->call(teacher);
      if (!targetsOut)
        return fail(targetsOut.takeError());
      // A dynamic size the call computed: checked here, it was "input #1
      // does not match @..._grad's argument type", of a call the user
      // never wrote.
      const HostTensor &computed = (*targetsOut)[0];
      for (auto [dim, sizes] :
           llvm::enumerate(llvm::zip_equal(computed.shape, t.shape)))
        if (std::get<1>(sizes) >= 0 && std::get<0>(sizes) != std::get<1>(sizes))
          return fail("@" + modelName + " result #0 is " +
                      computed.typeString() + ": size " +
                      llvm::Twine(std::get<0>(sizes)) + " along dimension " +
                      llvm::Twine(dim) + ", where @" + target.name +
                      "'s argument #1 (t), " + t.str() + ", has " +
                      llvm::Twine(std::get<1>(sizes)));
      inputs = {x, computed};
      for (size_t i = 2; i < args.size(); ++i)
        inputs.push_back(initParameter(args[i].shape, drawSeed(2000, i)));
      cotangents.push_back(scalarOne());
    } else {
      for (auto [i, spec] : llvm::enumerate(args))
        inputs.push_back(randomNormal(spec.shape, drawSeed(3000, i)));
      // The results' sizes as the call computes them: a dynamic one
      // (tensor<?x4xf32>) has none in the type.
      auto results = (*forward)->call(inputs);
      if (!results)
        return fail(results.takeError());
      for (auto [i, result] : llvm::enumerate(*results))
        if (result.kind == ElementKind::F32)
          cotangents.push_back(randomNormal(result.shape, drawSeed(4000, i)));
    }

    // A zero-size argument or result has no derivative to compare: its
    // error would read 0 ("ok") for a check on nothing.
    auto isEmpty = [](ArrayRef<int64_t> shape) {
      return llvm::is_contained(shape, 0);
    };
    if (llvm::all_of(target.wrt,
                     [&](unsigned i) { return isEmpty(args[i].shape); }))
      return fail("@" + target.name +
                  ": every differentiated argument has zero elements; "
                  "there is no gradient to check");
    if (llvm::all_of(cotangents,
                     [&](const HostTensor &t) { return t.numElements() == 0; }))
      return fail("@" + target.name +
                  ": every f32 result has zero elements; there is no "
                  "gradient to check");

    auto report = checkGradient(**forward, **grad, inputs, target.wrt,
                                cotangents, checkOptions);
    if (!report)
      return fail(report.takeError());
    bool checkPassed = report->worst <= tolerance; // false for NaN
    std::string line = llvm::formatv("  {0,-24}", target.name).str();

    bool trainPassed = true;
    if (train) {
      std::vector<HostTensor> gradInputs = inputs;
      gradInputs.push_back(cotangents[0]);
      size_t numParams = target.wrt.size();
      double losses[3] = {0, 0, 0};
      for (unsigned step = 0; step <= steps; ++step) {
        auto loss = (*forward)->call(inputs);
        if (!loss)
          return fail(loss.takeError());
        double value = (*loss)[0].get(0);
        if (step == 0)
          losses[0] = value;
        if (step == steps / 2)
          losses[1] = value;
        if (step == steps) {
          losses[2] = value;
          break;
        }
        auto grads = (*grad)->call(gradInputs);
        if (!grads)
          return fail(grads.takeError());
        for (size_t p = 0; p < numParams; ++p) {
          HostTensor &param = inputs[target.wrt[p]];
          const HostTensor &g = (*grads)[p];
          for (int64_t i = 0, e = param.numElements(); i < e; ++i)
            param.set(i, param.get(i) - learningRate * g.get(i));
          gradInputs[target.wrt[p]] = param;
        }
      }
      double drop = losses[0] / losses[2];
      trainPassed = drop >= minDrop; // false for NaN
      // The midpoint only where it is a step of its own (--steps=1 printed
      // step 0 twice).
      std::string middle =
          steps >= 2
              ? llvm::formatv("{0:e3} (step {1})  ", losses[1], steps / 2).str()
              : std::string();
      line += llvm::formatv(" loss {0:e3} (step 0)  {1}{2:e3} (step {3})  "
                            "fell {4:f1}x {5}",
                            losses[0], middle, losses[2], steps, drop,
                            trainPassed ? "ok  " : "FAIL")
                  .str();
    }
    std::string perArgument;
    for (auto [i, e] : llvm::enumerate(report->worstPerArgument))
      perArgument += (perArgument.empty() ? "" : " ") +
                     (isEmpty(args[target.wrt[i]].shape) ? std::string("empty")
                                                         : formatError(e));
    line += llvm::formatv(" | gradcheck worst {0} {1} ({2})",
                          formatError(report->worst),
                          checkPassed ? "ok" : "FAIL", perArgument)
                .str();
    llvm::outs() << line << "\n";
    allPassed &= checkPassed && trainPassed;
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::outs() << llvm::formatv("  {0} in {1:f1} s\n",
                                allPassed ? "all passed" : "FAILED", seconds);
  return allPassed ? 0 : 1;
}
