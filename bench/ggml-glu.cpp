//===- ggml-glu.cpp - ggml's CPU GLU forward, timed inside glu-bench -----===//
//
// Compiled into glu-bench only when a ggml build is given (see
// bench/CMakeLists.txt). The ggml tensors are views of glu-bench's own
// buffers (a no_alloc context), so ggml reads and writes the very pages
// glu's kernels use, placed by the same threads.
//
//===----------------------------------------------------------------------===//

#include "ggml-glu.h"

#include "ggml-cpu.h"
#include "ggml.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

namespace {

/// A graph of one glu op over borrowed buffers, with its plan and pool.
struct Graph {
  ggml_context *ctx = nullptr;
  ggml_threadpool *pool = nullptr;
  ggml_cgraph *graph = nullptr;
  ggml_cplan plan{};
  std::vector<uint8_t> work;
  Graph() = default;
  Graph(const Graph &) = delete;
  Graph &operator=(const Graph &) = delete;
  ~Graph() {
    if (pool)
      ggml_threadpool_free(pool);
    if (ctx)
      ggml_free(ctx);
  }
};

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
  if (v == "swiglu_oai")
    return ggml_swiglu_oai(ctx, x, g, 1.702f, 7.0f);
  return nullptr;
}

} // namespace

bool ggmlLinked() { return true; }

std::function<void()> ggmlForward(const std::string &variant, const float *x,
                                  const float *g, float *y, int64_t rows,
                                  int64_t cols, int threads) {
  auto graph = std::make_shared<Graph>();
  // Metadata only: the tensors' data are the caller's buffers.
  ggml_init_params init = {4 * ggml_tensor_overhead() + ggml_graph_overhead(),
                           nullptr, /*no_alloc=*/true};
  graph->ctx = ggml_init(init);
  if (!graph->ctx) {
    std::fprintf(stderr, "glu-bench: error: ggml_init failed\n");
    std::exit(1);
  }
  ggml_tensor *tx = ggml_new_tensor_2d(graph->ctx, GGML_TYPE_F32, cols, rows);
  ggml_tensor *tg = ggml_new_tensor_2d(graph->ctx, GGML_TYPE_F32, cols, rows);
  tx->data = const_cast<float *>(x);
  tg->data = const_cast<float *>(g);
  ggml_tensor *ty = glu(graph->ctx, variant, tx, tg);
  if (!ty)
    return {};
  ty->data = y;
  graph->graph = ggml_new_graph(graph->ctx);
  ggml_build_forward_expand(graph->graph, ty);
  ggml_threadpool_params params = ggml_threadpool_params_default(threads);
  graph->pool = ggml_threadpool_new(&params);
  graph->plan = ggml_graph_plan(graph->graph, threads, graph->pool);
  graph->work.resize(graph->plan.work_size);
  graph->plan.work_data = graph->work.data();
  return [graph] {
    if (ggml_graph_compute(graph->graph, &graph->plan) != GGML_STATUS_SUCCESS) {
      std::fprintf(stderr, "glu-bench: error: ggml_graph_compute failed\n");
      std::exit(1);
    }
  };
}
