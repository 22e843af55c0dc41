//===- Differentiate.cpp - The glu-differentiate pass
//----------------------===//
//
// A thin driver: it selects functions, checks their signatures, clones the
// forward computation into the gradient function and hands the reverse sweep
// to differentiateReverse, which asks each op for its rule through
// DifferentiableOpInterface. No derivative math lives here.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Differentiate.h"
#include "GluDialect/Transforms/Passes.h"

#include "GluDialect/Definitions/FloatBuilder.h"
#include "GluDialect/Interfaces/ReverseMode.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUDIFFERENTIATE
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

static bool isFloatTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<FloatType>(tensor.getElementType());
}

bool mlir::glu::isDifferentiableArgument(func::FuncOp function,
                                         unsigned index) {
  return isFloatTensor(function.getArgumentTypes()[index]) &&
         !function.getArgAttr(index, kNoGradAttrName);
}

bool mlir::glu::isDifferentiableResult(func::FuncOp function, unsigned index) {
  return isFloatTensor(function.getResultTypes()[index]);
}

/// Checks that `function` is something glu-differentiate can differentiate.
static LogicalResult checkSignature(func::FuncOp function) {
  if (function.isExternal())
    return function.emitError("cannot differentiate @")
           << function.getName() << ": it is a declaration without a body";
  if (!function.getBody().hasOneBlock())
    return function.emitError("cannot differentiate @")
           << function.getName() << ": it has "
           << function.getBody().getBlocks().size()
           << " blocks; only single-block functions (no control flow) are "
              "supported";
  for (auto [what, types] :
       {std::make_pair("argument", function.getArgumentTypes()),
        std::make_pair("result", function.getResultTypes())})
    for (auto [i, type] : llvm::enumerate(types))
      if (!isa<RankedTensorType>(type))
        return function.emitError("cannot differentiate @")
               << function.getName() << ": " << what << " #" << i
               << " has type " << type << "; only ranked tensors are supported";
  unsigned numArgs = function.getNumArguments();
  if (llvm::none_of(llvm::seq(numArgs), [&](unsigned i) {
        return isDifferentiableArgument(function, i);
      }))
    return function.emitError("cannot differentiate @")
           << function.getName()
           << ": no argument is differentiable (a float tensor without "
           << kNoGradAttrName << ")";
  if (llvm::none_of(llvm::seq(function.getNumResults()), [&](unsigned i) {
        return isDifferentiableResult(function, i);
      }))
    return function.emitError("cannot differentiate @")
           << function.getName() << ": it has no floating-point result";
  return success();
}

FailureOr<func::FuncOp> mlir::glu::differentiateFunction(func::FuncOp function,
                                                         StringRef gradName) {
  if (failed(checkSignature(function)))
    return failure();
  MLIRContext *ctx = function.getContext();
  Location loc = function.getLoc();
  unsigned numArgs = function.getNumArguments();

  SmallVector<unsigned> wrtArgs, cotangentResults;
  SmallVector<Type> argTypes(function.getArgumentTypes()), resultTypes;
  for (unsigned i = 0; i < numArgs; ++i)
    if (isDifferentiableArgument(function, i)) {
      wrtArgs.push_back(i);
      resultTypes.push_back(function.getArgumentTypes()[i]);
    }
  for (unsigned i = 0; i < function.getNumResults(); ++i)
    if (isDifferentiableResult(function, i)) {
      cotangentResults.push_back(i);
      argTypes.push_back(function.getResultTypes()[i]);
    }

  // Built detached; inserted on success.
  auto grad = func::FuncOp::create(
      loc, gradName, FunctionType::get(ctx, argTypes, resultTypes));
  Block *entry = grad.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockEnd(entry);
  IRMapping mapping;
  Block &body = function.getBody().front();
  for (unsigned i = 0; i < numArgs; ++i)
    mapping.map(body.getArgument(i), entry->getArgument(i));
  SmallVector<Operation *> forward;
  for (Operation &op : body.without_terminator())
    forward.push_back(b.clone(op, mapping));

  auto ret = cast<func::ReturnOp>(body.getTerminator());
  SmallVector<std::pair<Value, Value>> seeds;
  for (auto [i, r] : llvm::enumerate(cotangentResults))
    seeds.push_back(
        {mapping.lookup(ret.getOperand(r)), entry->getArgument(numArgs + i)});
  SmallVector<Value> wrt;
  for (unsigned i : wrtArgs)
    wrt.push_back(entry->getArgument(i));

  // Every error of a rule says which function it was differentiating.
  FailureOr<SmallVector<Value>> grads;
  {
    ScopedDiagnosticHandler context(ctx, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        diag << "; it is needed to differentiate @" << function.getName();
      return failure(); // on to the next handler
    });
    grads = differentiateReverse(b, forward, seeds, wrt);
  }
  if (failed(grads)) {
    grad.erase();
    return failure();
  }
  SmallVector<Value> results;
  FloatBuilder fb(b, loc);
  for (auto [value, gradient] : llvm::zip(wrt, *grads))
    results.push_back(gradient ? gradient : fb.zerosLike(value));
  func::ReturnOp::create(b, loc, results);

  function->getBlock()->getOperations().insertAfter(
      Block::iterator(function.getOperation()), grad.getOperation());

  // Forward ops no gradient needs, rule outputs nobody reads, and the
  // operands and payload ops a derivative generic does not use, go.
  RewritePatternSet patterns(ctx);
  linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
  linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
  GreedyRewriteConfig config;
  config.enableFolding(false);
  (void)applyPatternsGreedily(grad, std::move(patterns), config);
  return grad;
}

namespace {
struct GluDifferentiatePass
    : glu::impl::GluDifferentiateBase<GluDifferentiatePass> {
  using GluDifferentiateBase::GluDifferentiateBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    bool ok = true;

    // Requests, in module order: attributes first, then the option.
    SmallVector<std::pair<func::FuncOp, std::string>> requests;
    for (auto function : module.getOps<func::FuncOp>()) {
      Attribute attr = function->getAttr(kGradAttrName);
      if (!attr)
        continue;
      auto name = dyn_cast<StringAttr>(attr);
      if (!name || name.getValue().empty()) {
        function.emitError("'")
            << kGradAttrName
            << "' must be a non-empty string naming the gradient function, "
               "got "
            << attr;
        ok = false;
        continue;
      }
      requests.push_back({function, name.str()});
    }
    for (const std::string &spec : functions) {
      auto [name, gradName] = StringRef(spec).split('=');
      name = name.trim();
      gradName = gradName.trim();
      // `f=` names no gradient: a typo, not `f` (which means @f_grad).
      if (gradName.empty() && StringRef(spec).contains('=')) {
        module.emitError("glu-differentiate: '")
            << spec << "' names no gradient function after '=' (from the "
            << "'functions' option; write '" << name << "' for @" << name
            << "_grad)";
        ok = false;
        continue;
      }
      auto function = symbols.lookup<func::FuncOp>(name);
      if (!function) {
        module.emitError("glu-differentiate: no function named @")
            << name << " (from the 'functions' option)";
        ok = false;
        continue;
      }
      std::string grad =
          gradName.empty() ? (name + "_grad").str() : gradName.str();
      auto *same = llvm::find_if(
          requests, [&](auto &request) { return request.first == function; });
      if (same != requests.end()) {
        if (same->second != grad) {
          function.emitError("@")
              << name << " is asked for two gradient functions, @"
              << same->second << " and @" << grad;
          ok = false;
        }
        continue;
      }
      requests.push_back({function, grad});
    }

    // Gradient names must be new and distinct.
    llvm::StringMap<func::FuncOp> claimed;
    for (auto &[function, grad] : requests) {
      if (Operation *existing = symbols.lookup(grad)) {
        InFlightDiagnostic diag =
            function.emitError("cannot emit the gradient of @")
            << function.getName() << " as @" << grad
            << ": a symbol of that name already exists";
        diag.attachNote(existing->getLoc())
            << "@" << grad << " is defined here";
        ok = false;
        continue;
      }
      auto [it, inserted] = claimed.try_emplace(grad, function);
      if (!inserted) {
        function.emitError("cannot emit the gradient of @")
            << function.getName() << " as @" << grad << ": @"
            << it->second.getName() << "'s gradient has that name";
        ok = false;
      }
    }
    if (!ok)
      return signalPassFailure();

    SmallVector<func::FuncOp> emitted;
    for (auto &[function, grad] : requests) {
      FailureOr<func::FuncOp> gradient = differentiateFunction(function, grad);
      if (failed(gradient)) {
        ok = false;
        continue;
      }
      emitted.push_back(*gradient);
    }
    if (!ok) {
      // Nothing is emitted when any function fails.
      for (func::FuncOp gradient : emitted)
        gradient.erase();
      return signalPassFailure();
    }
    // The requests are served: their attributes go (the LLVM lowering would
    // warn about unknown argument attributes).
    for (auto &[function, grad] : requests) {
      function->removeAttr(kGradAttrName);
      for (unsigned i = 0; i < function.getNumArguments(); ++i)
        function.removeArgAttr(i, kNoGradAttrName);
    }
  }
};
} // namespace
