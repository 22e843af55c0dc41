//===- RunnerSupport.h - What the CPU and CUDA runners share ----*- C++ -*-===//
//
// Private to lib/Runner: signature checks, input checks, running a lowering
// pipeline with its diagnostics captured, the host target machine, and the
// handler of failed runtime checks. One copy, so that `glu-run
// --target=cpu` and `--target=cuda` say the same things.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_LIB_RUNNER_RUNNERSUPPORT_H
#define GLUDIALECT_LIB_RUNNER_RUNNERSUPPORT_H

#include "GluDialect/Runner/JitRunner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Target/TargetMachine.h"

namespace mlir {
class OpPassManager;
namespace glu {
namespace runner {

llvm::Error error(const llvm::Twine &message);

/// `type` as the signature entry `what` #`index` of `func`, or why it
/// cannot be passed.
llvm::Expected<TensorSpec> callableSpec(func::FuncOp func, llvm::StringRef what,
                                        unsigned index, Type type);

/// Whether `inputs` fit the argument types `args` of @`entry`; the error
/// says which input and why.
llvm::Error checkInputs(llvm::StringRef entry, llvm::ArrayRef<TensorSpec> args,
                        llvm::ArrayRef<HostTensor> inputs);

/// Whether the descriptor `words` (allocated, aligned, offset, sizes,
/// strides) that @`entry` returned as result #`index` describes a tensor of
/// `spec` that can be copied: sizes that are not negative, that agree with
/// the static ones and whose product is a size in bytes, data where there
/// are elements. A size the program computed (tensor.empty(%n) with %n = -1
/// or 2^62) came back as such a descriptor, and copying it out crashed.
llvm::Error checkResult(llvm::StringRef entry, unsigned index,
                        const TensorSpec &spec, const int64_t *words);

/// Runs the pipeline `build` adds on `module`; on failure the error is
/// "<what> pipeline failed:" and every diagnostic (with its notes).
llvm::Error runPipeline(ModuleOp module,
                        llvm::function_ref<void(OpPassManager &)> build,
                        const llvm::Twine &what);

/// Adds to `symbols` the replacements of `puts` and `abort` below, for the
/// compiled code of a JIT.
void addRuntimeCheckSymbols(llvm::orc::MangleAndInterner &interner,
                            llvm::orc::SymbolMap &symbols);

/// Replaces `puts` in compiled code, whose only caller is a failed
/// cf.assert (ControlFlowToLLVM prints its message with puts, then calls
/// abort): the message goes to stderr, after what stdout holds.
int runtimeCheckMessage(const char *message);

/// Replaces `abort` in compiled code: a failed cf.assert has printed its
/// message; end the process with kRuntimeCheckExitCode, not a core dump.
void runtimeCheckFailed();

} // namespace runner
} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_LIB_RUNNER_RUNNERSUPPORT_H
