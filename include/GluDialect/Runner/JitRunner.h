//===- JitRunner.h - Compile and call functions with glu ops ----*- C++ -*-===//
//
// JIT-compiles a module through the CPU pipeline (glu-to-llvm) and calls one
// of its functions on host tensors. Shared by glu-run and the numerics tests.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNNER_JITRUNNER_H
#define GLUDIALECT_RUNNER_JITRUNNER_H

#include "GluDialect/Dialect/Testing.h"
#include "GluDialect/Runner/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>

namespace mlir {
class ExecutionEngine;
class DialectRegistry;
class OpPassManager;
namespace glu {

/// Registers what the runner needs: the glu dialect and its interfaces, the
/// upstream dialects the pipeline produces, and the LLVM IR translations.
void registerRunnerDialects(DialectRegistry &registry);

/// The exit status of a process whose compiled code failed a runtime check
/// (a cf.assert, e.g. a dynamic size the verifier could not see).
constexpr int kRuntimeCheckExitCode = 3;

struct JitOptions {
  /// Fill every buffer the compiled code allocates with 0xFF bytes (NaN in
  /// every float type), so that an element it forgets to write shows.
  bool poisonAllocations = false;
  /// Testing only: compile with a deliberate defect (see Testing.h).
  testing::Defect defect = testing::Defect::None;
  /// The pipeline that lowers the module to the LLVM dialect for the CPU;
  /// empty: glu-to-llvm.
  std::function<void(OpPassManager &)> pipeline;
};

/// The type of an argument or result: element kind and sizes (-1: dynamic).
struct TensorSpec {
  ElementKind kind;
  llvm::SmallVector<int64_t> shape;
  std::string str() const;
};

class JitFunction {
public:
  ~JitFunction();

  /// Compiles `module` (consumed: it is lowered in place) and prepares to
  /// call `function`. Errors: no such function, a signature glu-run cannot
  /// call (non-tensor arguments or results), a pipeline failure (with the
  /// diagnostics), a JIT failure.
  static llvm::Expected<std::unique_ptr<JitFunction>>
  compile(ModuleOp module, llvm::StringRef function,
          const JitOptions &options = {});

  llvm::ArrayRef<TensorSpec> arguments() const { return args; }
  llvm::ArrayRef<TensorSpec> results() const { return rets; }

  /// Checks `inputs` against the signature (count, element types, static
  /// sizes), calls the function, and returns its results.
  llvm::Expected<std::vector<HostTensor>>
  call(llvm::ArrayRef<HostTensor> inputs);

  /// Checks `inputs` as `call` does, then times `repetitions` calls after
  /// one warm-up (the call alone: results are freed between calls, nothing
  /// copied). Returns the median in milliseconds.
  llvm::Expected<double> benchmark(llvm::ArrayRef<HostTensor> inputs,
                                   unsigned repetitions);

private:
  JitFunction() = default;
  llvm::Error checkInputs(llvm::ArrayRef<HostTensor> inputs) const;

  std::unique_ptr<ExecutionEngine> engine;
  std::string entry;
  llvm::SmallVector<TensorSpec> args, rets;
};

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_RUNNER_JITRUNNER_H
