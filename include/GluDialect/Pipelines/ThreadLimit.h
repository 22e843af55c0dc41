//===- ThreadLimit.h - The most threads a pipeline may ask for --*- C++ -*-===//
//
// One constant, plain C++: the pipelines' `threads` options check it when
// they are parsed, and the runners (glu-run, glu-compile, glu-bench's
// OpenMP checks) check the same limit before the OpenMP runtime starts.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_PIPELINES_THREADLIMIT_H
#define GLUDIALECT_PIPELINES_THREADLIMIT_H

namespace mlir::glu {

/// The most threads --num-threads and `threads=` may ask for (a larger
/// count reached `omp.parallel num_threads` as a negative i32, and the
/// OpenMP runtime aborts the process on a count it cannot create).
constexpr unsigned kMaxThreads = 1024;

} // namespace mlir::glu

#endif // GLUDIALECT_PIPELINES_THREADLIMIT_H
