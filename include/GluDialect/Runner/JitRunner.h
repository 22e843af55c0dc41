//===- JitRunner.h - Compile and call functions with glu ops ----*- C++ -*-===//
//
// JIT-compiles a module through the CPU pipeline (glu-to-llvm) and calls one
// of its functions on host tensors. Shared by glu-run and the numerics tests.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNNER_JITRUNNER_H
#define GLUDIALECT_RUNNER_JITRUNNER_H

#include "GluDialect/Runner/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

#include <functional>
#include <memory>
#include <optional>

namespace mlir {
class ExecutionEngine;
class DialectRegistry;
class SourceMgrDiagnosticHandler;
class OpPassManager;
namespace glu {

/// Registers what the runner needs: the glu dialect and its interfaces, the
/// upstream dialects the pipeline produces, and the LLVM IR translations.
void registerRunnerDialects(DialectRegistry &registry);

/// The exit status of a process whose compiled code failed a runtime check
/// (a cf.assert, e.g. a dynamic size the verifier could not see).
constexpr int kRuntimeCheckExitCode = 3;

/// The most threads --num-threads may ask for (the tools reject more: the
/// OpenMP runtime aborts the process on a count it cannot create).
constexpr unsigned kMaxThreads = 1024;

/// The CPU the code is generated for. Both empty: this host, with its
/// features. `cpu` is an LLVM CPU name (x86-64-v3: AVX2 and FMA, no
/// AVX-512); `features` LLVM's "+avx2,-avx512f" on top of it (or of the
/// host's). The vector width of the vectorized loops follows the result.
struct CpuTarget {
  std::string cpu;
  std::string features;
};

/// The target machine for `target`, or why there is none (an unknown CPU
/// or feature is an error, not LLVM's warning and a generic CPU).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createCpuTargetMachine(const CpuTarget &target, llvm::CodeGenOptLevel level,
                       std::optional<llvm::Reloc::Model> relocation = {});

/// The widest vector register `machine` has for f32: 512 with AVX-512F,
/// 256 with AVX, else 128.
unsigned vectorBitsOf(const llvm::TargetMachine &machine);

struct JitOptions {
  /// Fill every buffer the compiled code allocates with 0xFF bytes (NaN in
  /// every float type), so that an element it forgets to write shows.
  bool poisonAllocations = false;
  /// Vectorized, row-parallel loops (off: plain scalar loops).
  bool vectorize = true;
  /// Threads of the row-parallel loops (0: all cores; 1: no OpenMP).
  unsigned threads = 0;
  /// The CPU to generate code for (default: this host).
  CpuTarget cpu;
  /// f16/bf16 activations looked up in exact tables (off: computed).
  bool tables = true;
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

/// The spec of `type` if a compiled function can take or return it: a
/// ranked tensor of f32, f16, bf16, i32 or i64 (shared by the CPU and CUDA
/// runners).
std::optional<TensorSpec> tensorSpecOf(Type type);

/// An .mlir file read and parsed (and verified) in `context`, with every
/// diagnostic emitted while this object lives printed against the file's
/// source (the tools keep it alive while they compile the module).
class ParsedInputFile {
public:
  explicit ParsedInputFile(MLIRContext &context);
  ~ParsedInputFile();
  /// Reads `path` ("-": stdin) and parses it; the error names the file.
  llvm::Error parse(llvm::StringRef path);
  ModuleOp module() { return *parsed; }

private:
  MLIRContext &context;
  llvm::SourceMgr sourceMgr;
  // The concrete type: ScopedDiagnosticHandler has no virtual destructor.
  std::unique_ptr<SourceMgrDiagnosticHandler> handler;
  OwningOpRef<ModuleOp> parsed;
};

/// Erases every function that @`root` does not reach through symbol uses
/// (calls, nested references), so that an unrelated function that does not
/// compile, or a declaration nothing defines, cannot block @`root`. Nothing
/// is erased when the module has no @`root` (the runner then names what it
/// has).
void eraseUnreachableFunctions(ModuleOp module, llvm::StringRef root);

/// A JIT-compiled module whose public functions can be called by name.
class JitModule {
public:
  ~JitModule();

  /// Compiles `module` (consumed: it is lowered in place). Every defined
  /// function whose signature has only ranked tensors of f32, f16, bf16, i32
  /// or i64 becomes callable; `required` names functions that must be (an
  /// error otherwise: no such function, or a signature that cannot be
  /// called). Pipeline failures come back with their diagnostics.
  static llvm::Expected<std::unique_ptr<JitModule>>
  compile(ModuleOp module, const JitOptions &options = {},
          llvm::ArrayRef<std::string> required = {});

  /// The signature of a callable function.
  llvm::Expected<
      std::pair<llvm::ArrayRef<TensorSpec>, llvm::ArrayRef<TensorSpec>>>
  signature(llvm::StringRef function) const;

  /// Checks `inputs` against the signature (count, element types, static
  /// sizes), calls the function, and returns its results.
  llvm::Expected<std::vector<HostTensor>>
  call(llvm::StringRef function, llvm::ArrayRef<HostTensor> inputs);

  /// Checks `inputs` as `call` does, then times `repetitions` calls after
  /// one warm-up (the call alone: results are freed between calls, nothing
  /// copied). Returns the median in milliseconds.
  llvm::Expected<double> benchmark(llvm::StringRef function,
                                   llvm::ArrayRef<HostTensor> inputs,
                                   unsigned repetitions);

private:
  struct Function {
    llvm::SmallVector<TensorSpec> args, rets;
  };
  JitModule() = default;
  llvm::Expected<Function *> find(llvm::StringRef function);

  std::unique_ptr<ExecutionEngine> engine;
  llvm::StringMap<Function> functions;
};

/// One function of a JitModule.
class JitFunction {
public:
  /// Compiles `module` and checks that `function` can be called.
  static llvm::Expected<std::unique_ptr<JitFunction>>
  compile(ModuleOp module, llvm::StringRef function,
          const JitOptions &options = {});

  llvm::ArrayRef<TensorSpec> arguments() const;
  llvm::ArrayRef<TensorSpec> results() const;

  llvm::Expected<std::vector<HostTensor>>
  call(llvm::ArrayRef<HostTensor> inputs) {
    return module->call(name, inputs);
  }
  llvm::Expected<double> benchmark(llvm::ArrayRef<HostTensor> inputs,
                                   unsigned repetitions) {
    return module->benchmark(name, inputs, repetitions);
  }

private:
  std::unique_ptr<JitModule> module;
  std::string name;
};

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_RUNNER_JITRUNNER_H
