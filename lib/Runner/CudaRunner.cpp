//===- CudaRunner.cpp - Compile and call functions on a CUDA GPU ----------===//

#include "GluDialect/Runner/CudaRunner.h"
#include "RunnerSupport.h"

#include "GluDialect/Pipelines/GluToNVVM/GluToNVVM.h"
#include "GluDialect/Runner/JitRunner.h"
#include "GluDialect/Runtime/CudaRuntime.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace mlir::glu;
using runner::error;

char NoCudaDriverError::ID = 0;

void NoCudaDriverError::log(llvm::raw_ostream &os) const {
  os << "no CUDA driver found";
  if (!detail.empty())
    os << " (" << detail << ")";
}

std::error_code NoCudaDriverError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

/// The runtime's first error since the last check, as an llvm::Error.
static llvm::Error runtimeError(llvm::StringRef what) {
  std::string message = cuda::lastError();
  cuda::clearError();
  if (message.empty())
    return llvm::Error::success();
  return error(what + ": " + message);
}

CudaFunction::~CudaFunction() = default;

llvm::Expected<std::unique_ptr<CudaFunction>>
CudaFunction::compile(ModuleOp module, llvm::StringRef name,
                      const CudaOptions &options) {
  auto func = module.lookupSymbol<func::FuncOp>(name);
  if (!func || func.isExternal())
    return error("no function named '" + name + "' in the module");
  std::unique_ptr<CudaFunction> fn(new CudaFunction());
  fn->entry = name.str();
  for (auto [what, types, specs] :
       {std::make_tuple("argument", func.getArgumentTypes(), &fn->args),
        std::make_tuple("result", func.getResultTypes(), &fn->rets)}) {
    for (auto [i, type] : llvm::enumerate(types)) {
      auto spec = runner::callableSpec(func, what, i, type);
      if (!spec)
        return spec.takeError();
      specs->push_back(*spec);
    }
  }

  // Without a driver there is nothing to compile for (and the host code's
  // global constructors, which load the kernels, could not run). A driver
  // that fails to start is an error of its own, naming the failed call.
  std::string detail;
  switch (cuda::initialize(&detail)) {
  case cuda::Status::Ok:
    break;
  case cuda::Status::NoDriver:
    return llvm::make_error<NoCudaDriverError>(detail);
  case cuda::Status::StartFailed:
    return error("CUDA driver start-up failed: " + detail);
  }

  MLIRContext *ctx = module.getContext();
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                    BoolAttr::get(ctx, false));
  func->setAttr("llvm.emit_c_interface", UnitAttr::get(ctx));

  GluToNVVMOptions pipeline;
  pipeline.chip = options.chip;
  pipeline.features = options.features;
  pipeline.toolkit = options.toolkit;
  llvm::SmallString<128> ptxas(options.toolkit);
  llvm::sys::path::append(ptxas, "bin", "ptxas");
  pipeline.format = llvm::sys::fs::can_execute(ptxas) ? "bin" : "isa";
  if (std::string problem = checkGluToNVVMOptions(pipeline); !problem.empty())
    return error(problem);
  if (llvm::Error e = runner::runPipeline(
          module,
          [&](OpPassManager &pm) { buildGluToNVVMPipeline(pm, pipeline); },
          "the glu-to-nvvm"))
    return std::move(e);
  if (llvm::Error e = checkConstants(module))
    return std::move(e);

  auto machine =
      createCpuTargetMachine(CpuTarget(), llvm::CodeGenOptLevel::Default);
  if (!machine)
    return machine.takeError();
  auto transformer = makeOptimizingTransformer(/*optLevel=*/2, /*sizeLevel=*/0,
                                               machine->get());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  // The perf listener writes a jitdump file per run under ~/.debug/jit
  // (on by default): a compiler leaves nothing behind.
  engineOptions.enablePerfNotificationListener = false;
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(*machine));
  if (!engine)
    return engine.takeError();
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    for (const cuda::Symbol &symbol : cuda::symbols())
      symbols[interner(symbol.name)] = {
          llvm::orc::ExecutorAddr::fromPtr(symbol.address),
          llvm::JITSymbolFlags::Exported};
    runner::addRuntimeCheckSymbols(interner, symbols);
    return symbols;
  });
  fn->engine = std::move(*engine);
  fn->engine->initialize();
  if (llvm::Error e = runtimeError("loading the kernels"))
    return std::move(e);
  if (auto lookup = fn->engine->lookupPacked("_mlir_ciface_" + fn->entry);
      !lookup)
    return lookup.takeError();
  return fn;
}

namespace {
/// Device copies of the inputs, and one call's descriptors.
struct DeviceFrame {
  std::vector<void *> inputs;
  std::vector<std::vector<int64_t>> descriptors;
  std::vector<void *> descriptorPointers;
  std::vector<int64_t> resultWords;
  void *resultPointer = nullptr;
  std::vector<void *> packed;

  llvm::Error upload(llvm::ArrayRef<HostTensor> tensors) {
    for (const HostTensor &tensor : tensors) {
      void *device = cuda::allocate(tensor.data.size());
      if (!device ||
          !cuda::copyToDevice(device, tensor.data.data(), tensor.data.size()))
        return runtimeError("copying an input to the device");
      inputs.push_back(device);
      size_t rank = tensor.shape.size();
      std::vector<int64_t> words(3 + 2 * rank);
      words[0] = words[1] = reinterpret_cast<int64_t>(device);
      int64_t stride = 1;
      for (size_t d = rank; d-- > 0;) {
        words[3 + d] = tensor.shape[d];
        words[3 + rank + d] = stride;
        stride *= tensor.shape[d];
      }
      descriptors.push_back(std::move(words));
    }
    for (auto &d : descriptors)
      descriptorPointers.push_back(d.data());
    return llvm::Error::success();
  }

  void prepare(llvm::ArrayRef<TensorSpec> results) {
    size_t words = 0;
    for (const TensorSpec &spec : results)
      words += 3 + 2 * spec.shape.size();
    resultWords.assign(words, 0);
    resultPointer = resultWords.data();
    packed.clear();
    if (!results.empty())
      packed.push_back(&resultPointer);
    for (void *&p : descriptorPointers)
      packed.push_back(&p);
  }

  /// Copies the results out (when `out`) and frees the buffers the compiled
  /// code allocated for them, each once.
  llvm::Error releaseResults(llvm::StringRef entry,
                             llvm::ArrayRef<TensorSpec> results,
                             std::vector<HostTensor> *out) {
    if (out) {
      size_t at = 0;
      for (auto [i, spec] : llvm::enumerate(results)) {
        if (llvm::Error e =
                runner::checkResult(entry, i, spec, resultWords.data() + at)) {
          llvm::consumeError(releaseResults(entry, results, nullptr));
          return e;
        }
        at += 3 + 2 * spec.shape.size();
      }
    }
    llvm::SmallVector<int64_t> freed;
    size_t at = 0;
    for (const TensorSpec &spec : results) {
      size_t rank = spec.shape.size();
      const int64_t *w = resultWords.data() + at;
      at += 3 + 2 * rank;
      if (out) {
        llvm::SmallVector<int64_t> shape(w + 3, w + 3 + rank);
        HostTensor tensor(spec.kind, shape);
        if (llvm::Error e = copyOut(tensor, w, rank))
          return e;
        out->push_back(std::move(tensor));
      }
      int64_t allocated = w[0];
      bool owned =
          allocated != 0 && !llvm::is_contained(freed, allocated) &&
          !llvm::is_contained(inputs, reinterpret_cast<void *>(allocated));
      if (owned) {
        mgpuMemFree(reinterpret_cast<void *>(allocated), nullptr);
        freed.push_back(allocated);
      }
    }
    return runtimeError("freeing the results");
  }

  /// Copies a strided device result into a dense host tensor: the span it
  /// covers, then a gather on the host.
  static llvm::Error copyOut(HostTensor &tensor, const int64_t *w,
                             size_t rank) {
    size_t element = elementSize(tensor.kind);
    int64_t count = tensor.numElements();
    if (count == 0)
      return llvm::Error::success();
    int64_t span = 1;
    for (size_t d = 0; d < rank; ++d)
      span += (tensor.shape[d] - 1) * w[3 + rank + d];
    std::vector<uint8_t> staging(span * element);
    auto *base = reinterpret_cast<const uint8_t *>(w[1]) + w[2] * element;
    if (!cuda::copyToHost(staging.data(), base, staging.size()))
      return runtimeError("copying a result to the host");
    llvm::SmallVector<int64_t> index(rank, 0);
    for (int64_t i = 0; i < count; ++i) {
      int64_t offset = 0;
      for (size_t d = 0; d < rank; ++d)
        offset += index[d] * w[3 + rank + d];
      std::memcpy(tensor.data.data() + i * element,
                  staging.data() + offset * element, element);
      for (size_t d = rank; d-- > 0;) {
        if (++index[d] < tensor.shape[d])
          break;
        index[d] = 0;
      }
    }
    return llvm::Error::success();
  }

  ~DeviceFrame() {
    for (void *p : inputs)
      cuda::release(p);
  }
};
} // namespace

llvm::Expected<std::vector<HostTensor>>
CudaFunction::call(llvm::ArrayRef<HostTensor> inputs) {
  if (llvm::Error e = runner::checkInputs(entry, args, inputs))
    return std::move(e);
  DeviceFrame frame;
  if (llvm::Error e = frame.upload(inputs))
    return std::move(e);
  frame.prepare(rets);
  if (llvm::Error e =
          engine->invokePacked("_mlir_ciface_" + entry, frame.packed))
    return std::move(e);
  if (llvm::Error e = runtimeError("running @" + entry))
    return std::move(e);
  std::vector<HostTensor> results;
  if (llvm::Error e = frame.releaseResults(entry, rets, &results))
    return std::move(e);
  return results;
}

llvm::Expected<CudaTiming>
CudaFunction::benchmark(llvm::ArrayRef<HostTensor> inputs,
                        unsigned repetitions) {
  if (llvm::Error e = runner::checkInputs(entry, args, inputs))
    return std::move(e);
  auto function = engine->lookupPacked("_mlir_ciface_" + entry);
  if (!function)
    return function.takeError();
  DeviceFrame frame;
  if (llvm::Error e = frame.upload(inputs))
    return std::move(e);
  std::vector<double> calls, kernels;
  cuda::setKernelTiming(true);
  // 64-bit: `repetitions` + 1 calls even for the largest `unsigned`.
  for (uint64_t i = 0; i <= uint64_t(repetitions); ++i) {
    frame.prepare(rets);
    cuda::resetKernelMilliseconds();
    auto start = std::chrono::steady_clock::now();
    (*function)(frame.packed.data());
    auto stop = std::chrono::steady_clock::now();
    if (llvm::Error e = frame.releaseResults(entry, rets, nullptr)) {
      cuda::setKernelTiming(false);
      return std::move(e);
    }
    if (i > 0) {
      calls.push_back(
          std::chrono::duration<double, std::milli>(stop - start).count());
      kernels.push_back(cuda::kernelMilliseconds());
    }
  }
  cuda::setKernelTiming(false);
  if (llvm::Error e = runtimeError("running @" + entry))
    return std::move(e);
  auto median = [](std::vector<double> v) {
    if (v.empty())
      return 0.0;
    std::sort(v.begin(), v.end());
    size_t mid = v.size() / 2;
    return v.size() % 2 ? v[mid] : 0.5 * (v[mid - 1] + v[mid]);
  };
  return CudaTiming{median(calls), median(kernels)};
}
