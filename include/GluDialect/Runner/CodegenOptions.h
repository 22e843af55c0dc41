//===- CodegenOptions.h - glu-run's, glu-compile's code options -*- C++ -*-===//
//
// The command-line options that choose the code glu-run's JIT and
// glu-compile generate, declared once so that the two tools take the same
// names, help, defaults and limits (as LLVM's codegen::RegisterCodeGenFlags
// serves llc and lli): --num-threads, --vectorize, --tables,
// --nontemporal-min-bytes, --mcpu and --mattr. A tool holds one
// CodegenCLOptions in its own option category; the options are registered
// with llvm::cl while it lives (a tool's static, like its other options).
//
//===----------------------------------------------------------------------===//

#ifndef GLU_RUNNER_CODEGENOPTIONS_H
#define GLU_RUNNER_CODEGENOPTIONS_H

#include "GluDialect/Runner/JitRunner.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

namespace mlir::glu {

class CodegenCLOptions {
public:
  explicit CodegenCLOptions(llvm::cl::OptionCategory &category);

  /// An error for a value no pipeline takes (--num-threads above
  /// kMaxThreads), worded for the command line.
  llvm::Error verify() const;

  unsigned threads() const { return threadsOpt; }
  bool vectorize() const { return vectorizeOpt; }
  bool tables() const { return tablesOpt; }
  uint64_t nontemporalMinBytes() const { return nontemporalOpt; }
  CpuTarget cpu() const { return {cpuOpt, featuresOpt}; }

  /// JitOptions with these choices (the rest at their defaults).
  JitOptions jitOptions() const;

private:
  llvm::cl::opt<unsigned> threadsOpt;
  llvm::cl::opt<bool> vectorizeOpt;
  llvm::cl::opt<bool> tablesOpt;
  llvm::cl::opt<uint64_t> nontemporalOpt;
  llvm::cl::opt<std::string> cpuOpt;
  llvm::cl::opt<std::string> featuresOpt;
};

} // namespace mlir::glu

#endif // GLU_RUNNER_CODEGENOPTIONS_H
