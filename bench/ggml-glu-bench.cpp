//===- ggml-glu-bench.cpp - ggml's CPU GLU forward, for comparison --------===//
//
// Times ggml's own f32 GLU forward ops (ggml_<variant>_split, and
// ggml_swiglu_oai with alpha 1.702, limit 7: bench/kernels.mlir's
// defaults) on its CPU backend, on the sizes and inputs glu-bench uses,
// with a thread pool made once per thread count (no pool creation timed).
// Not part of the build: scripts/bench.sh compiles it against a ggml
// checkout built under build/ (ggml is never vendored) and puts its
// elements/ns next to glu's in docs/performance.md.
//
// Usage: ggml-glu-bench [--quick] [--size=large|cache]   (prints CSV:
// size,threads,kernel,elem_per_ns; --size: one size only, as glu-bench)
//
//===----------------------------------------------------------------------===//

#include "ggml-cpu.h"
#include "ggml.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

ggml_tensor *glu(ggml_context *ctx, const std::string &v, ggml_tensor *x,
                 ggml_tensor *g) {
  if (v == "reglu")
    return ggml_reglu_split(ctx, x, g);
  if (v == "geglu")
    return ggml_geglu_split(ctx, x, g);
  if (v == "geglu_erf")
    return ggml_geglu_erf_split(ctx, x, g);
  if (v == "geglu_quick")
    return ggml_geglu_quick_split(ctx, x, g);
  if (v == "swiglu")
    return ggml_swiglu_split(ctx, x, g);
  return ggml_swiglu_oai(ctx, x, g, 1.702f, 7.0f);
}

/// Median seconds of `reps` computations of `y` after one warm-up.
double time(ggml_tensor *y, ggml_context *ctx, int threads, int reps) {
  ggml_cgraph *graph = ggml_new_graph(ctx);
  ggml_build_forward_expand(graph, y);
  ggml_threadpool_params params = ggml_threadpool_params_default(threads);
  ggml_threadpool *pool = ggml_threadpool_new(&params);
  ggml_cplan plan = ggml_graph_plan(graph, threads, pool);
  std::vector<uint8_t> work(plan.work_size);
  plan.work_data = work.data();
  ggml_graph_compute(graph, &plan);
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto a = Clock::now();
    ggml_graph_compute(graph, &plan);
    t.push_back(std::chrono::duration<double>(Clock::now() - a).count());
  }
  ggml_threadpool_free(pool);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

} // namespace

int main(int argc, char **argv) {
  bool quick = false;
  std::string onlySize;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick"))
      quick = true;
    else if (!std::strcmp(argv[i], "--size=large") ||
             !std::strcmp(argv[i], "--size=cache"))
      onlySize = argv[i] + std::strlen("--size=");
    else {
      std::fputs("usage: ggml-glu-bench [--quick] [--size=large|cache]\n",
                 stderr);
      return 2;
    }
  }
  struct Size {
    const char *name;
    int64_t rows, cols;
    int reps;
  } sizes[] = {{"large", quick ? 2048 : 16384, 4096, quick ? 3 : 5},
               {"cache", 8, 1024, 2001}};
  int cores = int(std::thread::hardware_concurrency());
  std::vector<int> threadCounts = {1};
  if (cores > 1)
    threadCounts.push_back(cores);
  std::printf("size,threads,kernel,elem_per_ns\n");
  for (const Size &s : sizes) {
    if (!onlySize.empty() && onlySize != s.name)
      continue;
    size_t n = size_t(s.rows * s.cols);
    ggml_init_params init = {3 * n * sizeof(float) + (1 << 20), nullptr, false};
    ggml_context *ctx = ggml_init(init);
    ggml_tensor *x = ggml_new_tensor_2d(ctx, GGML_TYPE_F32, s.cols, s.rows);
    ggml_tensor *g = ggml_new_tensor_2d(ctx, GGML_TYPE_F32, s.cols, s.rows);
    // glu-bench's inputs: x in [-2, 2], g in [-1, 1].
    for (size_t i = 0; i < n; ++i) {
      static_cast<float *>(x->data)[i] = float(int(i % 17) - 8) / 4.0f;
      static_cast<float *>(g->data)[i] = 0.5f * float(int(i % 17) - 8) / 4.0f;
    }
    for (int t : threadCounts)
      for (const char *v : {"reglu", "geglu", "geglu_erf", "geglu_quick",
                            "swiglu", "swiglu_oai"}) {
        // A fresh context for each graph: the output tensor's memory.
        ggml_init_params out = {n * sizeof(float) + (1 << 20), nullptr, false};
        ggml_context *graphCtx = ggml_init(out);
        ggml_tensor *y = glu(graphCtx, v, x, g);
        double seconds = time(y, graphCtx, t, s.reps);
        std::printf("%s,%d,%s,%.4f\n", s.name, t, v, double(n) / seconds / 1e9);
        std::fflush(stdout);
        ggml_free(graphCtx);
      }
    ggml_free(ctx);
  }
  return 0;
}
