//===- glu-run.cpp - Run a function with glu ops on .npy tensors
//-----------===//
//
//   glu-run FILE.mlir --function=NAME --input=@a.npy [--input=4x8xf32=random:7]
//           [--output=@out.npy ...] [--benchmark=N]
//
// JIT-compiles FILE through the glu-to-llvm pipeline and calls NAME on the
// inputs (one --input per argument, in order), writing one --output per
// result, in order (flags in the style of IREE's iree-run-module). Without
// --output the results are printed. bf16 travels in .npy files as raw bits
// ('<u2'). Every error is one message and exit status 1; a failed runtime
// check of the compiled code exits with status 3.
//
// --target=cuda compiles through glu-to-nvvm and runs on the GPU (the
// project's CUDA runtime, lib/Runtime); without a driver it prints "no CUDA
// driver found" and exits with status 4. --target=cuda-emulated (testing)
// runs the same kernels' MLIR as loops on the CPU.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Pipelines/GluToNVVM/GluToNVVM.h"
#include "GluDialect/Runner/CodegenOptions.h"
#include "GluDialect/Runner/CudaRunner.h"
#include "GluDialect/Runner/HostTensor.h"
#include "GluDialect/Runner/JitRunner.h"
#include "GluDialect/Runner/OutputFiles.h"
#ifdef GLU_INCLUDE_TESTS
#include "Defects/Defects.h"
#include "GPU/TestGPU.h"
#endif

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <limits>
#include <malloc.h>

using namespace mlir;
using namespace mlir::glu;
namespace cl = llvm::cl;

static cl::OptionCategory category("glu-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<file.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> functionName("function",
                                         cl::desc("The function to call"),
                                         cl::Required, cl::value_desc("name"),
                                         cl::cat(category));
static cl::list<std::string>
    inputs("input",
           cl::desc("One per argument, in order: @file.npy (@- reads "
                    "standard input), or an inline "
                    "tensor SHAPExTYPE=VALUES (4x8xf32=random:7 draws "
                    "normal(0,1) from seed 7; 2x2xbf16=1.5 is a splat; "
                    "3xf32=1,2,3 lists every element)"),
           cl::value_desc("@file.npy|SHAPExTYPE=VALUES"), cl::cat(category));
static cl::list<std::string>
    outputs("output",
            cl::desc("One per result, in order: @file.npy (@- writes "
                     "standard output). Without any "
                     "--output the results are printed"),
            cl::value_desc("@file.npy"), cl::cat(category));
static cl::opt<unsigned> benchmark(
    "benchmark",
    cl::desc("After one warm-up call, call the function N times (at most "
             "1000000) and print 'median_ms <value>' (the call alone: no "
             "compilation, no I/O)"),
    cl::init(0), cl::value_desc("N"), cl::cat(category));
// --num-threads (LLVM already registers a global `--threads`),
// --vectorize, --tables, --nontemporal-min-bytes, --mcpu, --mattr.
static CodegenCLOptions codegenOptions(category);
static cl::opt<bool> poison(
    "poison-alloc",
    cl::desc("Fill every buffer the compiled code allocates with 0xFF bytes "
             "(NaN), so unwritten elements show"),
    cl::init(false), cl::cat(category));
enum class Target { CPU, CUDA, CUDAEmulated };
static cl::opt<Target> target(
    "target", cl::desc("Where the function runs"),
    cl::values(
        clEnumValN(Target::CPU, "cpu",
                   "the CPU, through glu-to-llvm (default)"),
        clEnumValN(Target::CUDA, "cuda",
                   "a CUDA GPU, through glu-to-nvvm and the project's CUDA "
                   "runtime; without a driver: 'no CUDA driver found', exit "
                   "status 4"),
        clEnumValN(Target::CUDAEmulated, "cuda-emulated",
                   "testing: the kernels glu-to-nvvm maps, run as loops on "
                   "the CPU (glu-to-llvm-emulating-gpu)")),
    cl::init(Target::CPU), cl::cat(category));
#ifdef GLU_INCLUDE_TESTS
static cl::opt<std::string>
    injectDefect("test-inject-defect",
                 cl::desc("Testing only: compile with a deliberate defect"),
                 cl::init(""), cl::Hidden, cl::cat(category));
#endif

static int fail(const llvm::Twine &message) {
  llvm::errs() << "glu-run: error: " << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

static void print(llvm::raw_ostream &os, unsigned index,
                  const HostTensor &tensor) {
  os << "result[" << index << "]: " << tensor.typeString() << "\n";
  int64_t count = tensor.numElements();
  constexpr int64_t kLimit = 1024;
  for (int64_t i = 0; i < std::min(count, kLimit); ++i)
    os << (i % 8 ? " " : (i ? "\n  " : "  ")) << tensor.format(i);
  if (count > kLimit)
    os << "\n  ... (" << count - kLimit << " more)";
  os << "\n";
}

/// Prints or writes `results` as the flags ask: every file or none
/// (OutputFiles).
static int emit(llvm::ArrayRef<HostTensor> results) {
  if (outputs.empty()) {
    for (auto [i, tensor] : llvm::enumerate(results))
      print(llvm::outs(), i, tensor);
    return 0;
  }
  // Every output opened before any is written: stdout (`@-`) took result
  // 0 and then a missing folder failed the next.
  OutputFiles files;
  SmallVector<llvm::raw_pwrite_stream *> streams;
  for (const std::string &spec : outputs) {
    auto os = files.open(llvm::StringRef(spec).drop_front());
    if (!os)
      return fail(os.takeError());
    streams.push_back(&*os);
  }
  for (auto [os, tensor] : llvm::zip(streams, results))
    writeNpy(*os, tensor);
  if (llvm::Error e = files.commit())
    return fail(std::move(e));
  return 0;
}

static int runOnCuda(ModuleOp module, llvm::ArrayRef<HostTensor> tensors) {
  CudaOptions options;
  auto function = CudaFunction::compile(module, functionName, options);
  if (!function) {
    int status = 1;
    llvm::handleAllErrors(
        function.takeError(),
        [&](const NoCudaDriverError &e) {
          llvm::errs() << "glu-run: " << e.message() << "\n";
          status = kNoCudaDriverExitCode;
        },
        [&](const llvm::ErrorInfoBase &e) { status = fail(e.message()); });
    return status;
  }
  if (benchmark) {
    auto timing = (*function)->benchmark(tensors, benchmark);
    if (!timing)
      return fail(timing.takeError());
    llvm::outs() << "median_ms " << timing->callMs << "\n"
                 << "kernel_ms " << timing->kernelMs << "\n";
    return 0;
  }
  auto results = (*function)->call(tensors);
  if (!results)
    return fail(results.takeError());
  return emit(*results);
}

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
      "glu-run: JIT-compile an MLIR file with glu ops and call a function\n\n"
      "Exit status: 0 success; 1 any error; 3 a runtime check of the compiled "
      "code failed;\n4 --target=cuda found no CUDA driver library "
      "(libcuda.so.1).\n");
  // A write past `ulimit -f` is an error to report (EFBIG), not a signal.
  std::signal(SIGXFSZ, SIG_IGN);

#ifdef GLU_INCLUDE_TESTS
  std::optional<test::Defect> defect = test::parseDefect(injectDefect);
  if (!defect)
    return fail("unknown --test-inject-defect '" + injectDefect + "'");
#else
  if (target == Target::CUDAEmulated)
    return fail("--target=cuda-emulated is a test hook: this glu-run was "
                "built without GLU_INCLUDE_TESTS");
#endif
  if (!outputs.empty() && benchmark)
    return fail("--output and --benchmark do not go together");
  if (poison && target != Target::CPU)
    return fail("--poison-alloc is only for --target=cpu");
  if (llvm::Error e = codegenOptions.verify())
    return fail(std::move(e));
  // Each timed call keeps its time until the median: bound them.
  constexpr unsigned kMaxBenchmarkCalls = 1000000;
  if (benchmark > kMaxBenchmarkCalls)
    return fail("--benchmark=" + llvm::Twine(unsigned(benchmark)) +
                " is more than " + llvm::Twine(kMaxBenchmarkCalls) + " calls");

  // Standard input holds one thing: the module or one .npy input.
  if (llvm::count(inputs, "@-") > (inputFile == "-" ? 0 : 1))
    return fail(inputFile == "-"
                    ? "--input=@- reads standard input, which holds the "
                      "module here; name the .npy file"
                    : "--input=@- is given twice: standard input holds one "
                      ".npy; name the others' files");
  // Inputs first: a bad file is reported before any compilation.
  std::vector<HostTensor> tensors;
  for (const std::string &spec : inputs) {
    llvm::StringRef text(spec);
    bool file = text.consume_front("@");
    // A file named without its '@' read as a bad inline tensor.
    if (!file && !text.contains('=') && llvm::sys::fs::exists(text))
      return fail("--input='" + text + "' is a file, read as --input=@" + text +
                  " (without '@' an input is an inline tensor, "
                  "SHAPExTYPE=VALUES)");
    auto tensor = file ? readNpy(text) : parseInlineTensor(text);
    if (!tensor)
      return fail(tensor.takeError());
    tensors.push_back(std::move(*tensor));
  }
  for (const std::string &spec : outputs) {
    if (!llvm::StringRef(spec).starts_with("@") || spec.size() < 2)
      return fail("--output expects @file.npy, got '" + spec + "'");
    if (isInputFile(inputFile, spec.substr(1)))
      return fail("--output '" + spec.substr(1) +
                  "' is the input file; write elsewhere");
  }

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
  eraseUnreachableFunctions(module, functionName);
  // The signature, the inputs and the --output count, before compiling.
  if (llvm::Error e = checkCall(module, functionName, tensors, outputs.size()))
    return fail(std::move(e));

  if (target == Target::CUDA)
    return runOnCuda(module, tensors);

  JitOptions options = codegenOptions.jitOptions();
  options.poisonAllocations = poison;
#ifdef GLU_INCLUDE_TESTS
  if (target == Target::CUDAEmulated)
    options.pipeline = [](OpPassManager &pm) {
      buildGluGPUEmulationPipeline(pm, GluToNVVMOptions());
    };
#endif
  auto function = JitFunction::compile(module, functionName, options);
  if (!function)
    return fail(function.takeError());

  if (benchmark) {
    // The compiled function allocates its results on every call. Keep the
    // freed memory in the heap (no mmap, no trimming), so that the timed
    // calls reuse pages already faulted in rather than timing the kernel
    // zeroing fresh ones.
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, std::numeric_limits<int>::max());
    auto median = (*function)->benchmark(tensors, benchmark);
    if (!median)
      return fail(median.takeError());
    llvm::outs() << "median_ms " << *median << "\n";
    return 0;
  }

  auto results = (*function)->call(tensors);
  if (!results)
    return fail(results.takeError());
  return emit(*results);
}
