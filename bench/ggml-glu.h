//===- ggml-glu.h - ggml's CPU GLU forward, timed inside glu-bench -------===//
//
// glu-bench times ggml's own f32 forward next to glu's (same rounds, same
// triads, same buffers, same OpenMP threads) when it is built against a
// ggml checkout (GLU_BENCH_GGML_SRC_DIR / GLU_BENCH_GGML_BUILD_DIR, see
// bench/CMakeLists.txt; ggml is never vendored). Without one, ggmlForward
// returns an empty function and glu-bench prints no ggml figures.
//
//===----------------------------------------------------------------------===//

#ifndef GLU_BENCH_GGML_GLU_H
#define GLU_BENCH_GGML_GLU_H

#include <cstdint>
#include <functional>
#include <string>

/// Whether this glu-bench was linked with ggml.
bool ggmlLinked();

/// One computation of ggml's f32 forward of `variant` (ggml_<variant>_split,
/// ggml_swiglu_oai with alpha 1.702 and limit 7: bench/kernels.mlir's
/// defaults) reading the caller's dense row-major [rows, cols] buffers x
/// and g and writing y, on `threads` threads of the process's OpenMP
/// runtime (ggml built with GGML_OPENMP), with a graph, plan and thread
/// pool made once here (none of that is timed). Empty without ggml.
std::function<void()> ggmlForward(const std::string &variant, const float *x,
                                  const float *g, float *y, int64_t rows,
                                  int64_t cols, int threads);

#endif // GLU_BENCH_GGML_GLU_H
