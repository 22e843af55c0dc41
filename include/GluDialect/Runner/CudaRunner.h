//===- CudaRunner.h - Compile and call functions on a CUDA GPU --*- C++ -*-===//
//
// The GPU counterpart of JitRunner: compiles a module through glu-to-nvvm
// (kernels in a gpu.binary, host code JIT-compiled for the CPU), and calls
// one of its functions on host tensors copied to and from device memory,
// through the project's CUDA runtime (lib/Runtime).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNNER_CUDARUNNER_H
#define GLUDIALECT_RUNNER_CUDARUNNER_H

#include "GluDialect/Runner/JitRunner.h"

namespace mlir {
namespace glu {

/// The exit status of glu-run --target=cuda where no CUDA driver library is
/// found (a driver whose start-up fails is an ordinary error).
constexpr int kNoCudaDriverExitCode = 4;

/// The error CudaFunction::compile returns where libcuda.so.1 does not load;
/// its message starts with "no CUDA driver found".
class NoCudaDriverError : public llvm::ErrorInfo<NoCudaDriverError> {
public:
  static char ID;
  explicit NoCudaDriverError(std::string detail) : detail(std::move(detail)) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

private:
  std::string detail;
};

struct CudaOptions {
  std::string chip = "sm_90";
  std::string features = "+ptx80";
  /// ptxas, fatbinary; without ptxas the driver JIT-compiles PTX.
  std::string toolkit = "/usr/local/cuda";
};

/// One benchmark: the median of the calls (wall clock, host code included)
/// and of the kernels' device time per call (CUDA events).
struct CudaTiming {
  double callMs = 0, kernelMs = 0;
};

class CudaFunction {
public:
  ~CudaFunction();

  /// Checks the signature, loads the driver (NoCudaDriverError without
  /// one), compiles `module` (consumed) through glu-to-nvvm (cubin when
  /// ptxas is found, else PTX) and loads the kernels.
  static llvm::Expected<std::unique_ptr<CudaFunction>>
  compile(ModuleOp module, llvm::StringRef function,
          const CudaOptions &options = {});

  llvm::ArrayRef<TensorSpec> arguments() const { return args; }
  llvm::ArrayRef<TensorSpec> results() const { return rets; }

  /// Copies `inputs` to the device, calls the function, copies the results
  /// back (and frees every device buffer).
  llvm::Expected<std::vector<HostTensor>>
  call(llvm::ArrayRef<HostTensor> inputs);

  /// Copies `inputs` to the device once, then times `repetitions` calls
  /// after one warm-up (results freed between calls, nothing copied).
  llvm::Expected<CudaTiming> benchmark(llvm::ArrayRef<HostTensor> inputs,
                                       unsigned repetitions);

private:
  CudaFunction() = default;

  std::unique_ptr<ExecutionEngine> engine;
  std::string entry;
  llvm::SmallVector<TensorSpec> args, rets;
};

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_RUNNER_CUDARUNNER_H
