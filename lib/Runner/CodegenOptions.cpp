//===- CodegenOptions.cpp - glu-run's and glu-compile's code options ------===//

#include "GluDialect/Runner/CodegenOptions.h"

#include "GluDialect/Pipelines/ThreadLimit.h"

using namespace mlir::glu;
namespace cl = llvm::cl;

CodegenCLOptions::CodegenCLOptions(cl::OptionCategory &category)
    : threadsOpt("num-threads",
                 cl::desc("Threads of the row-parallel loops (0: OpenMP's "
                          "default, all cores; 1: one thread, no OpenMP "
                          "runtime; at most 1024)"),
                 cl::init(0), cl::value_desc("N"), cl::cat(category)),
      vectorizeOpt("vectorize",
                   cl::desc("Vectorized loops (default on; "
                            "--vectorize=false: plain scalar loops on one "
                            "thread, whatever --num-threads says; the same "
                            "bits)"),
                   cl::init(true), cl::cat(category)),
      tablesOpt("tables",
                cl::desc("f16/bf16 activations looked up in exact tables "
                         "filled at load time (default on; off only to "
                         "measure them: the same bits)"),
                cl::init(true), cl::Hidden, cl::cat(category)),
      nontemporalOpt("nontemporal-min-bytes",
                     cl::desc("Outputs of at least this many bytes, rows "
                              "aligned to the vector, are written with "
                              "non-temporal stores that bypass the caches, in "
                              "loops bound by memory (default 32 MiB; 0: "
                              "never; the same bits)"),
                     cl::init(kDefaultNontemporalMinBytes), cl::cat(category)),
      cpuOpt("mcpu",
             cl::desc("CPU to generate code for (default or native: this "
                      "host's, with its features; x86-64-v3: AVX2 and FMA, "
                      "no AVX-512)"),
             cl::init(""), cl::value_desc("name"), cl::cat(category)),
      featuresOpt("mattr",
                  cl::desc("CPU features on top of --mcpu's or the host's "
                           "(+avx2,-avx512f,...)"),
                  cl::init(""), cl::value_desc("+a,-b"), cl::cat(category)) {}

llvm::Error CodegenCLOptions::verify() const {
  if (threadsOpt > kMaxThreads)
    return llvm::createStringError(
        "--num-threads=" + llvm::Twine(unsigned(threadsOpt)) +
        " is more than " + llvm::Twine(kMaxThreads));
  return llvm::Error::success();
}

JitOptions CodegenCLOptions::jitOptions() const {
  JitOptions options;
  options.threads = threads();
  options.vectorize = vectorize();
  options.cpu = cpu();
  options.tables = tables();
  options.nontemporalMinBytes = nontemporalMinBytes();
  return options;
}
