//===- OpenMPEnvironment.h - The OpenMP runtime's environment ---*- C++ -*-===//
//
// What the processes that start the OpenMP runtime (libomp) check before it
// starts: glu-run and glu-train (through the JIT runner) and glu-bench. The
// runtime reads OMP_NUM_THREADS and OMP_THREAD_LIMIT when it starts and
// aborts on some values (an assertion failure, "Out of heap memory"), or
// runs fewer threads than asked for and says so only in a warning; these
// checks turn both into one error message before it starts.
//
// Plain C++ with no LLVM or MLIR dependency: glu-bench links it alone.
// kMaxThreads, the limit it checks, is the pipelines' (ThreadLimit.h).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNNER_OPENMP_OPENMPENVIRONMENT_H
#define GLUDIALECT_RUNNER_OPENMP_OPENMPENVIRONMENT_H

#include "GluDialect/Pipelines/ThreadLimit.h"

#include <string>
#include <vector>

namespace mlir::glu {

/// The cores this process may run on (its CPU affinity mask): the OpenMP
/// runtime's default team size.
unsigned availableCores();

/// Why the OpenMP runtime, started now for parallel regions of `threads`
/// threads (0: its default, OMP_NUM_THREADS's first count or else
/// availableCores()), would abort or run fewer threads; "" when it will
/// not. Errors:
///  - OMP_NUM_THREADS set to anything but a comma-separated list of counts
///    from 1 to kMaxThreads, one per nesting level (libomp aborts on "",
///    "abc", "-1", "1.5", "+2" and counts beyond its int; it runs one
///    thread for 0 and skips empty items: "2,", ",2");
///  - OMP_THREAD_LIMIT set to anything but a count from 1 (libomp warns and
///    ignores it, or runs one thread for 0), or below the threads asked for
///    (libomp warns and runs fewer); the same for KMP_DEVICE_THREAD_LIMIT
///    and its old name KMP_ALL_THREADS, which also take "all" (the
///    processors: availableCores());
///  - OMP_STACKSIZE, KMP_STACKSIZE or GOMP_STACKSIZE (libomp reads all
///    three) above this machine's memory and swap
///    (libomp aborts when it starts a thread).
std::string checkOpenMPEnvironment(unsigned threads);

/// The files libomp registers this process in when it starts,
/// /dev/shm/__KMP_REGISTERED_LIB_<pid>_<uid> and the same under /tmp/
/// (where /dev/shm is missing); it removes them at exit, not when a signal
/// ends the process: a tool removes them from its signal handlers.
std::vector<std::string> openMPRegistrationFiles();

} // namespace mlir::glu

#endif // GLUDIALECT_RUNNER_OPENMP_OPENMPENVIRONMENT_H
