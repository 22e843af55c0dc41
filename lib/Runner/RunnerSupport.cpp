//===- RunnerSupport.cpp - What the CPU and CUDA runners share ------------===//

#include "RunnerSupport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"

#include <cstdio>
#include <unistd.h>

using namespace mlir;
using namespace mlir::glu;

llvm::Error runner::error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<TensorSpec> runner::callableSpec(func::FuncOp func,
                                                llvm::StringRef what,
                                                unsigned index, Type type) {
  if (std::optional<TensorSpec> spec = tensorSpecOf(type))
    return *spec;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return error("@" + func.getName() + " " + what + " #" + llvm::Twine(index) +
               " has type " + text +
               "; only ranked tensors of f32, f16, bf16, i32 or i64 can be "
               "passed");
}

llvm::Error runner::checkInputs(llvm::StringRef entry,
                                llvm::ArrayRef<TensorSpec> args,
                                llvm::ArrayRef<HostTensor> inputs) {
  if (inputs.size() != args.size())
    return error("@" + entry + " takes " + llvm::Twine(args.size()) +
                 " input(s), got " + llvm::Twine(inputs.size()));
  for (size_t i = 0; i < inputs.size(); ++i) {
    const HostTensor &input = inputs[i];
    const TensorSpec &spec = args[i];
    auto mismatch = [&](const llvm::Twine &why) {
      return error("input #" + llvm::Twine(i) + " (" + input.typeString() +
                   ") does not match @" + entry + "'s argument type " +
                   spec.str() + ": " + why);
    };
    if (input.kind != spec.kind)
      return mismatch("element type " + elementName(input.kind) + " is not " +
                      elementName(spec.kind));
    if (input.shape.size() != spec.shape.size())
      return mismatch("rank " + llvm::Twine(input.shape.size()) + " is not " +
                      llvm::Twine(spec.shape.size()));
    for (size_t dim = 0; dim < input.shape.size(); ++dim)
      if (spec.shape[dim] >= 0 && input.shape[dim] != spec.shape[dim])
        return mismatch("size " + llvm::Twine(input.shape[dim]) +
                        " along dimension " + llvm::Twine(dim) + " is not " +
                        llvm::Twine(spec.shape[dim]));
  }
  return llvm::Error::success();
}

llvm::Error runner::checkResult(llvm::StringRef entry, unsigned index,
                                const TensorSpec &spec, const int64_t *words) {
  size_t rank = spec.shape.size();
  auto bad = [&](const llvm::Twine &why) {
    return error("@" + entry + " returned result #" + llvm::Twine(index) +
                 " (" + spec.str() + ") " + why +
                 "; the program computed a size it cannot allocate");
  };
  int64_t count = 1;
  for (size_t d = 0; d < rank; ++d) {
    int64_t size = words[3 + d];
    std::string along = " along dimension " + std::to_string(d);
    if (size < 0)
      return bad("with size " + llvm::Twine(size) + along);
    if (spec.shape[d] >= 0 && size != spec.shape[d])
      return bad("with size " + llvm::Twine(size) + along + ", not " +
                 llvm::Twine(spec.shape[d]));
    if (__builtin_mul_overflow(count, size, &count) ||
        count > kMaxTensorElements)
      return bad("with more than 2^48 elements");
  }
  if (count > 0 && words[1] == 0)
    return bad("without data");
  return llvm::Error::success();
}

llvm::Error runner::runPipeline(ModuleOp module,
                                llvm::function_ref<void(OpPassManager &)> build,
                                const llvm::Twine &what) {
  MLIRContext *ctx = module.getContext();
  std::string diagnostics;
  ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
    llvm::raw_string_ostream os(diagnostics);
    os << diag.getLocation() << ": " << diag << "\n";
    for (Diagnostic &note : diag.getNotes())
      os << note.getLocation() << ": note: " << note << "\n";
    return success();
  });
  PassManager pm(ctx);
  build(pm);
  if (failed(pm.run(module)))
    return error(what + " pipeline failed:\n" + diagnostics);
  return llvm::Error::success();
}

void runner::addRuntimeCheckSymbols(llvm::orc::MangleAndInterner &interner,
                                    llvm::orc::SymbolMap &symbols) {
  symbols[interner("puts")] = {
      llvm::orc::ExecutorAddr::fromPtr(&runtimeCheckMessage),
      llvm::JITSymbolFlags::Exported};
  symbols[interner("abort")] = {
      llvm::orc::ExecutorAddr::fromPtr(&runtimeCheckFailed),
      llvm::JITSymbolFlags::Exported};
}

int runner::runtimeCheckMessage(const char *message) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", message);
  std::fflush(stderr);
  return 0;
}

void runner::runtimeCheckFailed() {
  std::fflush(stdout);
  std::fputs("error: a runtime check of the compiled code failed (message "
             "above)\n",
             stderr);
  std::fflush(stderr);
  removeOpenMPRegistration(); // _exit runs no atexit handler: libomp's
  _exit(kRuntimeCheckExitCode);
}
