//===- glu-bench.cpp - glu kernels against the memory bandwidth -----------===//
//
// Times the ahead-of-time compiled kernels of bench/kernels.mlir (every
// variant x {fwd, bwd} x {f32, bf16, f16}, plus gpt-oss's interleaved fused
// form) through their C ABI, with caller-allocated buffers touched before
// timing (so no allocation or page fault is timed), and compares them with
//  - the machine's limit, measured next to every kernel: a STREAM-style
//    triad a[i] = b[i] + s*c[i] on float arrays as large as make it move
//    the kernel's bytes, timed before and after each call of the kernel
//    (rounds: triad, kernel, triad, kernel, ..., triad), so that each
//    kernel call is compared with the bandwidth of its own few
//    milliseconds: this VM's bandwidth drifts over minutes, and a triad
//    measured once per size put kernels at 170% of it;
//  - a plain scalar C++ loop of the same math (libm expf/tanhf/erff),
//    built with -O3, timed in the same rounds;
//  - where glu-bench is linked with ggml (bench/ggml-glu.h), ggml's own
//    f32 forward of the same variant on the same buffers, timed in the
//    same rounds (glu and ggml taking turns at going first), so that glu
//    over ggml is a ratio of two calls between the same two triads.
// Triad and kernels run on the same OpenMP threads (one runtime, one
// process), pinned the same way (OMP_PROC_BIND=close, OMP_PLACES=cores
// unless the environment says otherwise), over static partitions (rows of
// the kernels' operands, elements of the triad's arrays), and every buffer
// is first written by the thread that later reads or writes that part
// (first-touch placement). Every buffer starts at its own offset within a
// page (see Buffer), the same in every run.
//
// Bytes per element, the STREAM convention (what the program must read
// and write; the read that a cached store's write-allocate adds is not
// counted, for the triad nor for the kernels): triad 2 reads + 1 write of
// f32 (12 bytes); forward 2 reads + 1 write, backward 3 reads + 2 writes
// in the storage type; the interleaved forms per gate/up pair the same
// (forward: a [rows, 2c] read, y [rows, c] written; backward: dy [rows, c]
// and a read, da [rows, 2c] written). Both sides store with ordinary
// (write-allocating) stores, so the DRAM traffic is 4/3 of the counted
// bytes for the triad and the forward kernels, 7/5 for the backward ones:
// a backward kernel that moves DRAM bytes exactly as fast as the triad
// shows 95% of it.
//
// Usage: glu-bench [--quick | --smoke] [--csv FILE] [--size=large|cache]
//                  [--filter=WORD,...]
//        glu-bench --fusion [--quick | --smoke] [--csv FILE]
// (--fusion: bench/fusion.mlir's programs instead, each call between two
// triads, on all cores: see runFusion)
// (prints a markdown table; --quick: smaller large size; --smoke: tiny
// sizes, a check that it runs, no meaningful numbers; --size: one size
// only; --filter: only the kernels that have every WORD as their variant,
// direction, type or instruction set, e.g. --filter=f32,fwd,avx2)
// Every kernel is timed twice where the host can run both: compiled for
// this host (isa avx512 on an AVX-512 machine) and for x86-64-v3 (isa
// avx2: AVX2 and FMA, no AVX-512, the code an AVX2-only host gets).
//
//===----------------------------------------------------------------------===//

#include "fusion.h"
#include "ggml-glu.h"
#include "inputs.h"
#include "kernels-avx2.h"
#include "kernels.h"

#include "GluDialect/Runner/OpenMP/OpenMPEnvironment.h"

#include <csignal>
#include <malloc.h>
#include <omp.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

/// Seconds one call of `fn` takes.
double timeOnce(const std::function<void()> &fn) {
  auto a = Clock::now();
  fn();
  return std::chrono::duration<double>(Clock::now() - a).count();
}

/// The nearest-rank `q`-quantile of `v` (sorted in place): with 5 values
/// the 10% and 90% quantiles are the minimum and the maximum.
double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  size_t rank = size_t(std::ceil(q * double(v.size())));
  return v[std::min(v.size() - 1, rank == 0 ? 0 : rank - 1)];
}

double median(const std::vector<double> &v) { return quantile(v, 0.5); }

/// Where a buffer starts: the slot's multiple of kSlotBytes past a
/// kBaseAlign-aligned address. Every operand a kernel and its triad touch
/// has its own slot, so that they start at distinct offsets within a page
/// (aligned_alloc gave every large one the same, 0x40: a kernel's loads
/// then 4K-aliased its stores and the operands met in the same cache
/// sets), the same offsets run after run. 576 bytes is 9 cache lines: ten
/// slots fall in distinct lines of a 4 KiB page and of the L1's 64 sets.
constexpr size_t kSlotBytes = 576, kBaseAlign = size_t(2) << 20;

/// Memory for `n` elements of `bytes` each in slot `slot`, mapped and not
/// touched until fill(): pages are placed where first written.
class Buffer {
public:
  Buffer() = default;
  Buffer(size_t n, size_t bytes, int slot) {
    mapped = kBaseAlign + size_t(slot) * kSlotBytes + n * bytes;
    void *p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      std::fprintf(stderr, "glu-bench: error: out of memory\n");
      std::exit(1);
    }
    base = static_cast<uint8_t *>(p);
    uintptr_t aligned =
        (reinterpret_cast<uintptr_t>(p) + kBaseAlign - 1) & ~(kBaseAlign - 1);
    data = reinterpret_cast<uint8_t *>(aligned) + size_t(slot) * kSlotBytes;
  }
  Buffer(Buffer &&other) { *this = std::move(other); }
  Buffer &operator=(Buffer &&other) {
    std::swap(base, other.base);
    std::swap(mapped, other.mapped);
    std::swap(data, other.data);
    return *this;
  }
  ~Buffer() {
    if (base)
      munmap(base, mapped);
  }
  void *ptr() { return data; }

private:
  uint8_t *base = nullptr, *data = nullptr;
  size_t mapped = 0;
};

/// Writes `rows` x `cols` elements of `type` into `b`, row-parallel with
/// the static schedule the kernels' row loops use, so that each page is
/// placed by the thread that later works on it. Element i holds
/// glu_bench::inputAt(i, scale) (inputs.h: `scale` x 2·N(0,1), rounded to
/// the type; 0 for scale 0).
void fill(Buffer &b, int64_t rows, int64_t cols, float scale,
          const std::string &type) {
  uint8_t *p = static_cast<uint8_t *>(b.ptr());
  bool f32 = type == "f32", bf16 = type == "bf16";
#pragma omp parallel for schedule(static)
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      size_t i = size_t(r * cols + c);
      float v = glu_bench::inputAt(i, scale);
      if (f32) {
        std::memcpy(&p[4 * i], &v, 4);
        continue;
      }
      uint16_t h = bf16 ? glu_bench::toBf16(v) : glu_bench::toHalf(v);
      std::memcpy(&p[2 * i], &h, 2);
    }
}

/// The STREAM triad on f32 arrays of `n` elements in slots `slot` to
/// `slot` + 2, parallel over elements with the static schedule (each
/// thread's pages placed by its fill).
struct Triad {
  int64_t n;
  Buffer a, b, c;
  Triad(int64_t n, int slot)
      : n(n), a(n, 4, slot), b(n, 4, slot + 1), c(n, 4, slot + 2) {
    fill(a, n, 1, 0, "f32");
    fill(b, n, 1, 1, "f32");
    fill(c, n, 1, 0.5f, "f32");
  }
  double bytes() const { return 12.0 * double(n); }
  void operator()() {
    float *pa = static_cast<float *>(a.ptr());
    const float *pb = static_cast<const float *>(b.ptr()),
                *pc = static_cast<const float *>(c.ptr());
    const float s = 3.0f;
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i)
      pa[i] = pb[i] + s * pc[i];
  }
};

/// Timings of one kernel in `rounds` rounds after one warm-up of each
/// party: triad, kernel, [ggml,] [baseline,] triad, [ggml,] kernel, ...,
/// triad. triad[r] and triad[r+1] bracket kernel[r] and ggml[r]; the
/// kernel and ggml's call take turns at going first, so that neither
/// always follows the triad.
struct Window {
  std::vector<double> triad, kernel, ggml, baseline; // seconds
};

Window measure(int rounds, Triad &triad, const std::function<void()> &kernel,
               const std::function<void()> &ggml,
               const std::function<void()> &baseline) {
  Window w;
  std::function<void()> t = [&] { triad(); };
  kernel();
  if (ggml)
    ggml();
  if (baseline)
    baseline();
  t();
  w.triad.push_back(timeOnce(t));
  for (int r = 0; r < rounds; ++r) {
    if (ggml && r % 2)
      w.ggml.push_back(timeOnce(ggml));
    w.kernel.push_back(timeOnce(kernel));
    if (ggml && r % 2 == 0)
      w.ggml.push_back(timeOnce(ggml));
    if (baseline)
      w.baseline.push_back(timeOnce(baseline));
    w.triad.push_back(timeOnce(t));
  }
  return w;
}

/// A median and its spread (the 10% and 90% quantiles).
struct Spread {
  double median = 0, p10 = 0, p90 = 0;
  explicit operator bool() const { return median > 0; }
};

Spread spreadOf(const std::vector<double> &v) {
  if (v.empty())
    return {};
  return {median(v), quantile(v, 0.1), quantile(v, 0.9)};
}

/// Per round, the bandwidth of `bytes` moved in `seconds[r]` as a % of the
/// mean of the two triads around it (`triadGbs[r]`, `triadGbs[r + 1]`).
std::vector<double> pctOfTriad(const std::vector<double> &seconds, double bytes,
                               const std::vector<double> &triadGbs) {
  std::vector<double> pct;
  for (size_t i = 0; i < seconds.size(); ++i)
    pct.push_back(100 * (bytes / seconds[i] / 1e9) /
                  (0.5 * (triadGbs[i] + triadGbs[i + 1])));
  return pct;
}

//===----------------------------------------------------------------------===//
// Scalar C++ baselines (the math of docs/semantics.md section 2, textbook
// derivatives)
//===----------------------------------------------------------------------===//

enum class V { reglu, geglu, geglu_erf, geglu_quick, swiglu, swiglu_oai };

V variantOf(const std::string &v) {
  if (v == "reglu")
    return V::reglu;
  if (v == "geglu")
    return V::geglu;
  if (v == "geglu_erf")
    return V::geglu_erf;
  if (v == "geglu_quick")
    return V::geglu_quick;
  if (v == "swiglu")
    return V::swiglu;
  return V::swiglu_oai;
}

inline float sig(float t) { return 1.0f / (1.0f + std::exp(-t)); }

template <V v> inline float act(float x) {
  switch (v) {
  case V::reglu:
    return x > 0 ? x : 0;
  case V::geglu:
    return 0.5f * x *
           (1.0f + std::tanh(0.7978845608f * x * (1.0f + 0.044715f * x * x)));
  case V::geglu_erf:
    return 0.5f * x * (1.0f + std::erf(x * 0.70710678f));
  case V::geglu_quick:
    return x / (1.0f + std::exp(-1.702f * x));
  case V::swiglu:
    return x / (1.0f + std::exp(-x));
  case V::swiglu_oai: {
    float xc = std::min(x, 7.0f);
    return xc / (1.0f + std::exp(-1.702f * xc));
  }
  }
  return 0;
}

template <V v> inline float actPrime(float x) {
  switch (v) {
  case V::reglu:
    return x > 0 ? 1.0f : 0.0f;
  case V::geglu: {
    float u = 0.7978845608f * x * (1.0f + 0.044715f * x * x);
    float t = std::tanh(u);
    return 0.5f * (1 + t) +
           0.5f * x * (1 - t * t) * 0.7978845608f * (1 + 3 * 0.044715f * x * x);
  }
  case V::geglu_erf:
    return 0.5f * (1 + std::erf(x * 0.70710678f)) +
           x * 0.3989422804f * std::exp(-0.5f * x * x);
  case V::geglu_quick:
    return sig(1.702f * x) +
           1.702f * x * sig(1.702f * x) * (1 - sig(1.702f * x));
  case V::swiglu:
    return sig(x) * (1 + x * (1 - sig(x)));
  case V::swiglu_oai:
    if (x > 7.0f)
      return 0.0f;
    return sig(1.702f * x) +
           1.702f * x * sig(1.702f * x) * (1 - sig(1.702f * x));
  }
  return 0;
}

inline float load(const void *p, size_t i, bool bf16) {
  if (!bf16)
    return static_cast<const float *>(p)[i];
  uint32_t x = uint32_t(static_cast<const uint16_t *>(p)[i]) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

inline void store(void *p, size_t i, float v, bool bf16) {
  if (!bf16) {
    static_cast<float *>(p)[i] = v;
    return;
  }
  uint32_t x;
  std::memcpy(&x, &v, 4);
  static_cast<uint16_t *>(p)[i] =
      uint16_t((x + 0x7fffu + ((x >> 16) & 1)) >> 16);
}

template <V v, bool bf16>
void forwardLoop(const void *x, const void *g, void *y, size_t n) {
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; ++i)
    store(y, i, act<v>(load(x, i, bf16)) * load(g, i, bf16), bf16);
}

template <V v, bool bf16>
void backwardLoop(const void *dy, const void *x, const void *g, void *dx,
                  void *dg, size_t n) {
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; ++i) {
    float xi = load(x, i, bf16), d = load(dy, i, bf16), gi = load(g, i, bf16);
    store(dx, i, d * gi * actPrime<v>(xi), bf16);
    store(dg, i, d * act<v>(xi), bf16);
  }
}

template <V v>
void baselineFor(bool fwd, bool bf16, const void *dy, const void *x,
                 const void *g, void *o0, void *o1, size_t n) {
  if (fwd)
    bf16 ? forwardLoop<v, true>(x, g, o0, n)
         : forwardLoop<v, false>(x, g, o0, n);
  else
    bf16 ? backwardLoop<v, true>(dy, x, g, o0, o1, n)
         : backwardLoop<v, false>(dy, x, g, o0, o1, n);
}

/// The scalar C++ loop of `variant`, the variant chosen outside the loop.
void scalarLoop(const std::string &variant, bool fwd, bool bf16, const void *dy,
                const void *x, const void *g, void *o0, void *o1, size_t n) {
  switch (variantOf(variant)) {
  case V::reglu:
    return baselineFor<V::reglu>(fwd, bf16, dy, x, g, o0, o1, n);
  case V::geglu:
    return baselineFor<V::geglu>(fwd, bf16, dy, x, g, o0, o1, n);
  case V::geglu_erf:
    return baselineFor<V::geglu_erf>(fwd, bf16, dy, x, g, o0, o1, n);
  case V::geglu_quick:
    return baselineFor<V::geglu_quick>(fwd, bf16, dy, x, g, o0, o1, n);
  case V::swiglu:
    return baselineFor<V::swiglu>(fwd, bf16, dy, x, g, o0, o1, n);
  case V::swiglu_oai:
    return baselineFor<V::swiglu_oai>(fwd, bf16, dy, x, g, o0, o1, n);
  }
}

//===----------------------------------------------------------------------===//
// The kernels
//===----------------------------------------------------------------------===//

using Fwd = void (*)(const glu_memref_2d *, const glu_memref_2d *,
                     const glu_memref_2d *);
using Bwd = void (*)(const glu_memref_2d *, const glu_memref_2d *,
                     const glu_memref_2d *, const glu_memref_2d *,
                     const glu_memref_2d *);
using FusedFwd = void (*)(const glu_memref_2d *, const glu_memref_2d *);
using FusedBwd = void (*)(const glu_memref_2d *, const glu_memref_2d *,
                          const glu_memref_2d *);

struct Kernel {
  std::string variant, direction, type;
  bool interleaved;
  void *fn;
  std::string isa;
};

/// The instruction set of the kernels compiled for this host (kernels.h).
const char *hostIsa() {
  return __builtin_cpu_supports("avx512f") ? "avx512" : "native";
}

#define SPLIT(p, v)                                                            \
  {#v, "fwd", "f32", false, (void *)&p##v##_fwd_f32, ""},                      \
      {#v, "bwd", "f32", false, (void *)&p##v##_bwd_f32, ""},                  \
      {#v, "fwd", "bf16", false, (void *)&p##v##_fwd_bf16, ""},                \
      {#v, "bwd", "bf16", false, (void *)&p##v##_bwd_bf16, ""},                \
      {#v, "fwd", "f16", false, (void *)&p##v##_fwd_f16, ""},                  \
      {#v, "bwd", "f16", false, (void *)&p##v##_bwd_f16, ""}
#define ALL(p)                                                                 \
  SPLIT(p, reglu), SPLIT(p, geglu), SPLIT(p, geglu_erf),                       \
      SPLIT(p, geglu_quick), SPLIT(p, swiglu), SPLIT(p, swiglu_oai),           \
      {"swiglu_oai/interleaved",                                               \
       "fwd",                                                                  \
       "f32",                                                                  \
       true,                                                                   \
       (void *)&p##swiglu_oai_fwd_interleaved_f32,                             \
       ""},                                                                    \
      {"swiglu_oai/interleaved",                                               \
       "bwd",                                                                  \
       "f32",                                                                  \
       true,                                                                   \
       (void *)&p##swiglu_oai_bwd_interleaved_f32,                             \
       ""},                                                                    \
      {"swiglu_oai/interleaved",                                               \
       "fwd",                                                                  \
       "bf16",                                                                 \
       true,                                                                   \
       (void *)&p##swiglu_oai_fwd_interleaved_bf16,                            \
       ""},                                                                    \
      {"swiglu_oai/interleaved",                                               \
       "bwd",                                                                  \
       "bf16",                                                                 \
       true,                                                                   \
       (void *)&p##swiglu_oai_bwd_interleaved_bf16,                            \
       ""}

/// This host's kernels, then the x86-64-v3 ones (kernels-avx2.h) where the
/// host can run them.
std::vector<Kernel> kernels() {
  std::vector<Kernel> host = {ALL(glu_)}, avx2 = {ALL(glu_avx2_)};
  for (Kernel &k : host)
    k.isa = hostIsa();
  bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
            __builtin_cpu_supports("f16c") && __builtin_cpu_supports("bmi2");
  if (v3 && host[0].isa != std::string("native"))
    for (Kernel &k : avx2) {
      k.isa = "avx2";
      host.push_back(k);
    }
  return host;
}

/// One kernel's figures from its window.
struct Result {
  double gbs = 0, elemNs = 0, baselineGbs = 0, speedup = 0;
  // The triad of the window (median, 10% and 90% quantiles), and the
  // kernel's bandwidth over the mean of the two triads around each call.
  double triad = 0, triadP10 = 0, triadP90 = 0;
  double pct = 0, pctP10 = 0, pctP90 = 0;
  // ggml's forward in the same rounds: its elements/ns, its % of the same
  // triads, and glu's speed over ggml's per round (ggml's time / glu's).
  double ggmlElemNs = 0;
  Spread ggmlPct, overGgml;
  int rounds = 0;
  double bytes = 0; // moved per call, by the kernel and by each triad
};

Result summarize(const Window &w, double bytes, double triadBytes,
                 double elements) {
  Result r;
  r.rounds = int(w.kernel.size());
  r.bytes = bytes;
  double k = median(w.kernel);
  r.gbs = bytes / k / 1e9;
  r.elemNs = elements / k / 1e9;
  std::vector<double> triadGbs;
  for (double t : w.triad)
    triadGbs.push_back(triadBytes / t / 1e9);
  std::vector<double> pct = pctOfTriad(w.kernel, bytes, triadGbs);
  r.triad = median(triadGbs);
  r.triadP10 = quantile(triadGbs, 0.1);
  r.triadP90 = quantile(triadGbs, 0.9);
  r.pct = median(pct);
  r.pctP10 = quantile(pct, 0.1);
  r.pctP90 = quantile(pct, 0.9);
  if (!w.ggml.empty()) {
    r.ggmlElemNs = elements / median(w.ggml) / 1e9;
    r.ggmlPct = spreadOf(pctOfTriad(w.ggml, bytes, triadGbs));
    std::vector<double> ratio;
    for (size_t i = 0; i < w.kernel.size(); ++i)
      ratio.push_back(w.ggml[i] / w.kernel[i]);
    r.overGgml = spreadOf(ratio);
  }
  if (!w.baseline.empty()) {
    double b = median(w.baseline);
    r.baselineGbs = bytes / b / 1e9;
    std::vector<double> speedup;
    for (size_t i = 0; i < w.kernel.size(); ++i)
      speedup.push_back(w.baseline[i] / w.kernel[i]);
    r.speedup = median(speedup);
  }
  return r;
}

/// The operands of the kernels of one type and form, allocated and placed
/// (fill) with the thread count in force. Split: x, g, dy, out0, out1 all
/// [rows, cols]. Interleaved: a = x [rows, cols] (gate/up pairs of
/// [rows, cols/2]), dy [rows, cols/2], out0 the forward's y [rows, cols/2],
/// out1 the backward's da [rows, cols]. Slots 0 to 4 (kOperandSlots), the
/// triads' after them.
constexpr int kOperandSlots = 5;
struct Operands {
  std::string type;
  bool interleaved;
  Buffer x, g, dy, out0, out1;
  Operands(const std::string &type, bool interleaved, int64_t rows,
           int64_t cols)
      : type(type), interleaved(interleaved) {
    size_t e = type == "f32" ? 4 : 2, n = size_t(rows * cols);
    int64_t half = cols / 2;
    x = Buffer(n, e, 0);
    fill(x, rows, cols, 1, type);
    dy = Buffer(n, e, 2);
    fill(dy, rows, interleaved ? half : cols, 0.25f, type);
    out0 = Buffer(n, e, 3);
    fill(out0, rows, interleaved ? half : cols, 0, type);
    out1 = Buffer(n, e, 4);
    fill(out1, rows, cols, 0, type);
    if (!interleaved) {
      g = Buffer(n, e, 1);
      fill(g, rows, cols, 0.5f, type);
    }
  }
};

/// --layout: where each buffer of a split f32 kernel's run on [rows, cols]
/// and of its triad starts within its page, allocated as a run allocates
/// them.
void printLayout(int64_t rows, int64_t cols) {
  Operands ops("f32", /*interleaved=*/false, rows, cols);
  Triad triad(rows * cols, kOperandSlots);
  std::pair<const char *, Buffer *> buffers[] = {
      {"x", &ops.x},         {"g", &ops.g},        {"dy", &ops.dy},
      {"out0", &ops.out0},   {"out1", &ops.out1},  {"triad.a", &triad.a},
      {"triad.b", &triad.b}, {"triad.c", &triad.c}};
  for (auto [name, buffer] : buffers)
    std::printf("%s: page offset %zu\n", name,
                size_t(reinterpret_cast<uintptr_t>(buffer->ptr()) % 4096));
}

/// The bytes `k` must read and write on [rows, cols] operands (the fused
/// operand of an interleaved kernel is [rows, cols], its halves
/// [rows, cols/2]).
double bytesMoved(const Kernel &k, int64_t rows, int64_t cols) {
  double perElement =
      (k.type == "f32" ? 4 : 2) * (k.direction == "fwd" ? 3 : 5);
  return double(rows * cols) * perElement / (k.interleaved ? 2 : 1);
}

/// Exits unless glu's and ggml's forward agree on the first elements of
/// their common output `y` (to 1%: ggml's gelu reads an f16 table), so
/// that a wrongly wired comparison (operands swapped, another variant)
/// never reaches a table.
void checkAgainstGgml(const Kernel &k, const std::function<void()> &kernel,
                      const std::function<void()> &ggml, void *y, size_t n) {
  const float *out = static_cast<const float *>(y);
  size_t m = std::min<size_t>(n, 4096);
  kernel();
  std::vector<float> glu(out, out + m);
  ggml();
  for (size_t i = 0; i < m; ++i)
    if (!(std::fabs(glu[i] - out[i]) <=
          0.01f * std::max(1.0f, std::fabs(glu[i])))) {
      std::fprintf(stderr,
                   "glu-bench: error: ggml's %s forward gives %g at element "
                   "%zu, glu's %s code %g\n",
                   k.variant.c_str(), double(out[i]), i, k.isa.c_str(),
                   double(glu[i]));
      std::exit(1);
    }
}

Result run(const Kernel &k, Operands &ops, Triad &triad, int64_t rows,
           int64_t cols, int rounds, bool withBaseline, int threads) {
  bool bf16 = k.type == "bf16", fwd = k.direction == "fwd";
  size_t n = size_t(rows) * size_t(cols);
  double bytes = bytesMoved(k, rows, cols);
  double elements = double(n);
  std::function<void()> kernel, ggml, baseline;
  glu_memref_2d mx = glu_memref_2d_dense(ops.x.ptr(), rows, cols);
  if (k.interleaved) {
    glu_memref_2d mh = glu_memref_2d_dense(ops.dy.ptr(), rows, cols / 2);
    glu_memref_2d my = glu_memref_2d_dense(ops.out0.ptr(), rows, cols / 2);
    glu_memref_2d mda = glu_memref_2d_dense(ops.out1.ptr(), rows, cols);
    elements /= 2; // one output element per gate/up pair
    kernel = [&, mx, mh, my, mda] {
      if (fwd)
        reinterpret_cast<FusedFwd>(k.fn)(&mx, &my);
      else
        reinterpret_cast<FusedBwd>(k.fn)(&mh, &mx, &mda);
    };
  } else {
    glu_memref_2d mg = glu_memref_2d_dense(ops.g.ptr(), rows, cols);
    glu_memref_2d mdy = glu_memref_2d_dense(ops.dy.ptr(), rows, cols);
    glu_memref_2d mo0 = glu_memref_2d_dense(ops.out0.ptr(), rows, cols);
    glu_memref_2d mo1 = glu_memref_2d_dense(ops.out1.ptr(), rows, cols);
    kernel = [&, mx, mg, mdy, mo0, mo1] {
      if (fwd)
        reinterpret_cast<Fwd>(k.fn)(&mx, &mg, &mo0);
      else
        reinterpret_cast<Bwd>(k.fn)(&mdy, &mx, &mg, &mo0, &mo1);
    };
    // ggml's split f32 forward, into the same output buffer.
    if (fwd && k.type == "f32")
      ggml = ggmlForward(k.variant, static_cast<const float *>(ops.x.ptr()),
                         static_cast<const float *>(ops.g.ptr()),
                         static_cast<float *>(ops.out0.ptr()), rows, cols,
                         threads);
    if (withBaseline)
      baseline = [&, n] {
        scalarLoop(k.variant, fwd, bf16, ops.dy.ptr(), ops.x.ptr(), ops.g.ptr(),
                   ops.out0.ptr(), ops.out1.ptr(), n);
      };
  }
  if (ggml)
    checkAgainstGgml(k, kernel, ggml, ops.out0.ptr(), n);
  return summarize(measure(rounds, triad, kernel, ggml, baseline), bytes,
                   triad.bytes(), elements);
}

/// Whether `k` has every comma-separated word of `filter` as its variant,
/// direction, type or instruction set.
bool matches(const Kernel &k, const std::string &filter) {
  size_t start = 0;
  while (start <= filter.size()) {
    size_t end = filter.find(',', start);
    if (end == std::string::npos)
      end = filter.size();
    std::string word = filter.substr(start, end - start);
    if (!word.empty() && word != k.variant && word != k.direction &&
        word != k.type && word != k.isa)
      return false;
    start = end + 1;
  }
  return true;
}

/// "12.3" or "" for 0.
std::string optional(double v, const char *format) {
  if (v <= 0)
    return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

/// "12 (10-14)" from `s` with `format` for each (and `unit` after the
/// median: "1.20x (1.10-1.30)"), or "" without `s`.
std::string spread(const Spread &s, const char *format, const char *unit = "") {
  if (!s)
    return "";
  std::string f =
      std::string(format) + unit + " (" + format + "-" + format + ")";
  char buf[64];
  std::snprintf(buf, sizeof buf, f.c_str(), s.median, s.p10, s.p90);
  return buf;
}

/// "12.3,10.1,14.2" from `s` with `format`, or ",," without `s`.
std::string spreadCsv(const Spread &s, const char *format) {
  if (!s)
    return ",,";
  std::string f = std::string(format) + "," + format + "," + format;
  char buf[64];
  std::snprintf(buf, sizeof buf, f.c_str(), s.median, s.p10, s.p90);
  return buf;
}

//===----------------------------------------------------------------------===//
// Leaving nothing behind
//===----------------------------------------------------------------------===//

/// The --csv file until it is complete: removed when glu-bench ends before
/// (an error, a signal), since a partial table would read as a finished
/// run.
std::string partialCsv;

void removePartialCsv() {
  if (!partialCsv.empty())
    unlink(partialCsv.c_str());
}

/// What a signal that ends glu-bench removes: libomp's registration files
/// (libomp removes them at exit only) and a partial --csv. Fixed before the
/// handlers are installed: a handler may only call async-signal-safe
/// functions (unlink, signal, raise).
std::vector<std::string> removedOnSignal;

extern "C" void removeAndRaise(int signal) {
  for (const std::string &file : removedOnSignal)
    unlink(file.c_str());
  std::signal(signal, SIG_DFL);
  std::raise(signal); // delivered with its default action once this returns
}

/// Has the signals that end a process remove `files` first (glu-run has
/// LLVM's signal handlers do the same: removeOpenMPRegistrationOnSignal).
/// A signal the process ignores (nohup's SIGHUP, a background job's
/// SIGINT) stays ignored.
void removeOnSignal(std::vector<std::string> files) {
  removedOnSignal = std::move(files);
  for (int signal : {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM,
                     SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ,
                     SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV}) {
    struct sigaction old = {}, action = {};
    if (sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN)
      continue;
    action.sa_handler = removeAndRaise;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, nullptr);
  }
}

/// Exits (status 1, a partial --csv removed) once standard output has
/// failed, a full disk say: the table is what glu-bench is run for, and a
/// run of minutes stops at its first block of rows.
void flushTable() {
  if (std::fflush(stdout) == 0 && !std::ferror(stdout))
    return;
  std::fprintf(stderr,
               "glu-bench: error: cannot write the table to standard output: "
               "%s\n",
               std::strerror(errno));
  std::exit(1);
}

/// Sets the OpenMP threads to `threads` and exits unless a parallel region
/// then runs that many: a limit of the runtime's own (KMP_DEVICE_THREAD_LIMIT,
/// OMP_DYNAMIC) has it run fewer with only a warning, and every row would
/// name threads that did not run.
void setThreads(int threads) {
  omp_set_num_threads(threads);
  int team = 0;
#pragma omp parallel
  {
#pragma omp single
    team = omp_get_num_threads();
  }
  if (team != threads) {
    std::fprintf(stderr,
                 "glu-bench: error: the OpenMP runtime runs %d threads where "
                 "%d were asked for\n",
                 team, threads);
    std::exit(1);
  }
}

//===----------------------------------------------------------------------===//
// Fusion with neighbours (--fusion): bench/fusion.mlir's programs
//===----------------------------------------------------------------------===//

/// One program of bench/fusion.mlir: the 4096 x 4096 f32 arrays it must
/// read and write, and the program it is compared with call by call.
struct Program {
  const char *name;
  int arrays;
  const char *reference; // "" for none
  std::function<void()> call;
};

/// Times bench/fusion.mlir's programs on all cores in `rounds` rounds after
/// one warm-up of each, every call between two triads: triad, program 1,
/// triad, program 2, triad, ..., the last program, triad, program 1, ....
/// Each call is a % of the mean of the two triads around it, and its time
/// a ratio to its reference's call in the same round.
int runFusion(int rounds, int threads, FILE *csv, const char *csvPath) {
  // A program's temporaries (apart's intermediate arrays) come from the
  // heap and are reused call after call, as a framework's caching
  // allocator would: no page fault of a fresh mmap is timed.
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, INT32_MAX);
  const int64_t n = 4096;
  setThreads(threads);
  Buffer x(n * n, 4, 0), g(n * n, 4, 1), c(n * n, 4, 2), r(n * n, 4, 3),
      out(n * n, 4, 4), packed(2 * n * n, 4, 5), packedBf16(2 * n * n, 2, 6);
  fill(x, n, n, 1, "f32");
  fill(g, n, n, 0.5f, "f32");
  fill(c, n, n, 0.5f, "f32");
  fill(r, n, n, 1, "f32");
  fill(out, n, n, 0, "f32");
  fill(packed, n, 2 * n, 1, "f32");
  fill(packedBf16, n, 2 * n, 1, "bf16");
  glu_memref_2d mx = glu_memref_2d_dense(x.ptr(), n, n),
                mg = glu_memref_2d_dense(g.ptr(), n, n),
                mc = glu_memref_2d_dense(c.ptr(), n, n),
                mr = glu_memref_2d_dense(r.ptr(), n, n),
                mo = glu_memref_2d_dense(out.ptr(), n, n),
                mp = glu_memref_2d_dense(packed.ptr(), n, 2 * n),
                mb = glu_memref_2d_dense(packedBf16.ptr(), n, 2 * n);
  std::vector<Program> programs = {
      {"triad", 3, "", [&] { glu_fusion_triad(&mx, &mg, &mo); }},
      {"glu", 3, "", [&] { glu_fusion_glu(&mx, &mg, &mo); }},
      {"fused", 5, "glu", [&] { glu_fusion_fused(&mx, &mg, &mc, &mr, &mo); }},
      {"apart", 9, "glu", [&] { glu_fusion_apart(&mx, &mg, &mc, &mr, &mo); }},
      {"packed_glu", 3, "", [&] { glu_fusion_packed_glu(&mp, &mo); }},
      {"packed_fused", 3, "packed_glu",
       [&] { glu_fusion_packed_fused(&mb, &mr, &mo); }},
      {"packed_apart", 9, "packed_glu",
       [&] { glu_fusion_packed_apart(&mb, &mr, &mo); }},
      {"splat", 3, "glu", [&] { glu_fusion_splat(&mx, &mg, &mo); }},
      {"scale", 4, "glu", [&] { glu_fusion_scale(&mx, &mg, &mc, &mo); }},
  };
  const double arrayBytes = 4.0 * double(n * n);
  Triad triad(n * n, 7); // 3 arrays, as many bytes as the GLU alone
  std::function<void()> t = [&] { triad(); };
  for (Program &p : programs)
    p.call();
  t();
  // seconds[i][r]: program i in round r; triadGbs[i][r] and [r + 1]: the
  // triads around it.
  std::vector<double> triadSeconds = {timeOnce(t)};
  std::vector<std::vector<double>> seconds(programs.size()),
      triadGbs(programs.size());
  for (int round = 0; round < rounds; ++round)
    for (size_t i = 0; i < programs.size(); ++i) {
      seconds[i].push_back(timeOnce(programs[i].call));
      if (triadGbs[i].empty())
        triadGbs[i].push_back(triad.bytes() / triadSeconds.back() / 1e9);
      triadSeconds.push_back(timeOnce(t));
      triadGbs[i].push_back(triad.bytes() / triadSeconds.back() / 1e9);
    }
  std::vector<double> allTriadGbs;
  for (double s : triadSeconds)
    allTriadGbs.push_back(triad.bytes() / s / 1e9);
  std::printf("| program | arrays moved | MB moved | ms | GB/s | %% of triad "
              "(p10-p90) | time / reference's (p10-p90) |\n"
              "|---|---:|---:|---:|---:|---:|---:|\n"
              "| **triad** (a = b + s*c, C++: the rounds' brackets) | 3 | "
              "%.0f | %.2f | %.1f (%.1f-%.1f) | 100 | |\n",
              triad.bytes() / 1e6, 1e3 * median(triadSeconds),
              median(allTriadGbs), quantile(allTriadGbs, 0.1),
              quantile(allTriadGbs, 0.9));
  if (csv)
    std::fprintf(csv, "program,threads,arrays,bytes,ms,gb_s,pct_triad,pct_p10,"
                      "pct_p90,reference,time_ratio,ratio_p10,ratio_p90,"
                      "triad_gb_s,rounds\n");
  for (size_t i = 0; i < programs.size(); ++i) {
    const Program &p = programs[i];
    double bytes = p.arrays * arrayBytes, ms = 1e3 * median(seconds[i]);
    Spread pct = spreadOf(pctOfTriad(seconds[i], bytes, triadGbs[i])), ratio;
    for (size_t j = 0; j < programs.size(); ++j)
      if (*p.reference && programs[j].name == std::string(p.reference)) {
        std::vector<double> v;
        for (int round = 0; round < rounds; ++round)
          v.push_back(seconds[i][round] / seconds[j][round]);
        ratio = spreadOf(v);
      }
    std::string versus =
        ratio ? spread(ratio, "%.2f", "x") + " " + p.reference : std::string();
    std::printf("| %s | %d | %.0f | %.2f | %.1f | %s | %s |\n", p.name,
                p.arrays, bytes / 1e6, ms, bytes / (ms / 1e3) / 1e9,
                spread(pct, "%.0f").c_str(), versus.c_str());
    if (csv)
      std::fprintf(csv, "%s,%d,%d,%.0f,%.3f,%.3f,%s,%s,%s,%.3f,%d\n", p.name,
                   threads, p.arrays, bytes, ms, bytes / (ms / 1e3) / 1e9,
                   spreadCsv(pct, "%.2f").c_str(), p.reference,
                   spreadCsv(ratio, "%.3f").c_str(), median(triadGbs[i]),
                   rounds);
  }
  flushTable();
  if (csv && (std::ferror(csv) | std::fclose(csv))) {
    std::fprintf(stderr, "glu-bench: error: cannot write '%s': %s\n", csvPath,
                 std::strerror(errno));
    return 1;
  }
  partialCsv.clear();
  return 0;
}

} // namespace

#ifndef GLU_BENCH_GGML
bool ggmlLinked() { return false; }
std::function<void()> ggmlForward(const std::string &, const float *,
                                  const float *, float *, int64_t, int64_t,
                                  int) {
  return {};
}
#endif

static const char kUsage[] =
    "usage: glu-bench [--quick | --smoke] [--csv FILE] [--size=large|cache] "
    "[--filter=WORD,...]\n"
    "       glu-bench --fusion [--quick | --smoke] [--csv FILE]\n"
    "       glu-bench --layout [--quick | --smoke]\n";

int main(int argc, char **argv) {
  // Before the OpenMP runtime starts: the triad and the kernels share its
  // threads, each pinned to one core (the environment may say otherwise).
  setenv("OMP_PROC_BIND", "close", /*overwrite=*/0);
  setenv("OMP_PLACES", "cores", /*overwrite=*/0);
  bool quick = false, smoke = false, fusion = false, layout = false;
  const char *csvPath = nullptr;
  std::string onlySize, filter;
  auto usageError = [](const std::string &message) {
    std::fprintf(stderr, "glu-bench: error: %s\n%s", message.c_str(), kUsage);
    return 2;
  };
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quick")
      quick = true;
    else if (arg == "--smoke")
      smoke = true;
    else if (arg == "--fusion")
      fusion = true;
    else if (arg == "--layout")
      layout = true;
    else if (arg == "--csv") {
      if (i + 1 == argc)
        return usageError("--csv needs a FILE");
      csvPath = argv[++i];
    } else if (arg.rfind("--size=", 0) == 0) {
      onlySize = arg.substr(std::strlen("--size="));
      if (onlySize != "large" && onlySize != "cache")
        return usageError("--size must be large or cache, not '" + onlySize +
                          "'");
    } else if (arg.rfind("--filter=", 0) == 0)
      filter = arg.substr(std::strlen("--filter="));
    else if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      std::printf("ggml: %s\n", ggmlLinked() ? "linked (its f32 forward is "
                                               "timed next to glu's)"
                                             : "not linked");
      flushTable();
      return 0;
    } else
      return usageError("unknown argument '" + arg + "'");
  }
  if (quick && smoke)
    return usageError("--quick and --smoke exclude each other");
  if (fusion && (!onlySize.empty() || !filter.empty())) {
    std::fputs("glu-bench: error: --fusion takes no --size or --filter\n",
               stderr);
    return 2;
  }
  if (layout && (fusion || csvPath || !onlySize.empty() || !filter.empty()))
    return usageError("--layout takes --quick or --smoke alone");
  // A filter that selects nothing would print an empty table and succeed.
  std::vector<Kernel> all = kernels();
  if (std::none_of(all.begin(), all.end(),
                   [&](const Kernel &k) { return matches(k, filter); })) {
    std::string words;
    for (auto field :
         {&Kernel::variant, &Kernel::direction, &Kernel::type, &Kernel::isa})
      for (size_t i = 0; i < all.size(); ++i)
        if (std::none_of(all.begin(), all.begin() + i, [&](const Kernel &k) {
              return k.*field == all[i].*field;
            }))
          words += " " + all[i].*field;
    std::fprintf(stderr,
                 "glu-bench: error: --filter=%s selects no kernel (each word "
                 "is one of:%s)\n",
                 filter.c_str(), words.c_str());
    return 1;
  }
  // Before the OpenMP runtime starts and reads its environment: the values
  // it would abort on, or run fewer threads than the cores for, are an
  // error, as in glu-run.
  int cores = int(mlir::glu::availableCores());
  if (std::string problem = mlir::glu::checkOpenMPEnvironment(unsigned(cores));
      !problem.empty()) {
    std::fprintf(stderr, "glu-bench: error: %s\n", problem.c_str());
    return 1;
  }
  FILE *csv = csvPath ? std::fopen(csvPath, "w") : nullptr;
  if (csvPath && !csv) {
    std::fprintf(stderr, "glu-bench: error: cannot write '%s': %s\n", csvPath,
                 std::strerror(errno));
    return 1;
  }
  // A run ended early leaves nothing behind: no registration file of
  // libomp's, no partial --csv (a regular file: never /dev/full or a pipe).
  std::vector<std::string> removed = mlir::glu::openMPRegistrationFiles();
  struct stat csvStat;
  if (csv && fstat(fileno(csv), &csvStat) == 0 && S_ISREG(csvStat.st_mode)) {
    partialCsv = csvPath;
    removed.push_back(csvPath);
  }
  removeOnSignal(removed);
  std::atexit(removePartialCsv);
  if (fusion)
    return runFusion(smoke ? 1 : quick ? 5 : 15, cores, csv, csvPath);
  if (csv)
    std::fprintf(csv, "size,threads,kernel,direction,type,isa,gb_s,pct_triad,"
                      "elem_per_ns,baseline_gb_s,speedup,triad_gb_s,"
                      "triad_p10,triad_p90,pct_p10,pct_p90,rounds,bytes,"
                      "ggml_elem_per_ns,ggml_pct,ggml_pct_p10,ggml_pct_p90,"
                      "over_ggml,over_ggml_p10,over_ggml_p90\n");

  std::vector<int> threadCounts = {1};
  if (cores > 1)
    threadCounts.push_back(cores);
  // Large: 64M elements per operand (>= 256 MiB moved by every kernel);
  // cache-resident: 8 x 1024, 2001 rounds (each call a few microseconds).
  struct Size {
    const char *name;
    int64_t rows, cols;
    int rounds;
  } sizes[] = {{"large",
                smoke   ? 16
                : quick ? 2048
                        : 16384,
                4096,
                smoke   ? 1
                : quick ? 3
                        : 5},
               {"cache", 8, 1024, smoke ? 3 : 2001}};
  if (layout) {
    setThreads(cores);
    printLayout(sizes[0].rows, sizes[0].cols);
    flushTable();
    return 0;
  }
  bool ggml = ggmlLinked();
  std::printf(
      "| size | threads | kernel | dir | type | isa | GB/s | triad GB/s "
      "(p10-p90) | %% of triad (p10-p90) | elements/ns | scalar C++ "
      "GB/s | speedup |%s\n"
      "|---|---|---|---|---|---|---|---|---|---|---|---|%s\n",
      ggml ? " ggml % of triad (p10-p90) | glu/ggml (p10-p90) |" : "",
      ggml ? "---|---|" : "");
  flushTable();
  for (const Size &s : sizes) {
    if (!onlySize.empty() && onlySize != s.name)
      continue;
    for (int t : threadCounts) {
      setThreads(t);
      // Operands per type and form, made (and placed) once for all the
      // kernels that use them, with a triad for each byte count they
      // move: the triad moves the kernel's bytes, so that both see the
      // same share of the last-level cache (--quick's large size is not
      // far above it). The rows print in the kernels' order.
      std::vector<Result> results(all.size());
      std::vector<double> triads;
      for (const char *type : {"f32", "bf16", "f16"})
        for (bool interleaved : {false, true}) {
          std::unique_ptr<Operands> ops;
          std::map<int64_t, std::unique_ptr<Triad>> triadOf;
          for (size_t i = 0; i < all.size(); ++i) {
            const Kernel &k = all[i];
            if (k.type != type || k.interleaved != interleaved ||
                !matches(k, filter))
              continue;
            if (!ops)
              ops =
                  std::make_unique<Operands>(type, interleaved, s.rows, s.cols);
            bool baseline = !k.interleaved && k.isa != "avx2" &&
                            k.type != "f16"; // one C++ loop
            int64_t m = int64_t(bytesMoved(k, s.rows, s.cols) / 12);
            std::unique_ptr<Triad> &triad = triadOf[m];
            if (!triad)
              triad = std::make_unique<Triad>(m, kOperandSlots);
            results[i] =
                run(k, *ops, *triad, s.rows, s.cols, s.rounds, baseline, t);
            triads.push_back(results[i].triad);
          }
        }
      if (!triads.empty())
        std::printf("| %s | %d | **triad** (a = b + s*c, f32: the rows' "
                    "windows) | | | | | %.1f (%.1f-%.1f) | | | | |%s\n",
                    s.name, t, median(triads), quantile(triads, 0.1),
                    quantile(triads, 0.9), ggml ? " | |" : "");
      for (size_t i = 0; i < all.size(); ++i) {
        const Kernel &k = all[i];
        const Result &r = results[i];
        if (r.rounds == 0)
          continue;
        std::printf("| %s | %d | %s | %s | %s | %s | %.1f | %.1f (%.1f-%.1f) "
                    "| %.0f (%.0f-%.0f) | %.2f | %s | %s |",
                    s.name, t, k.variant.c_str(), k.direction.c_str(),
                    k.type.c_str(), k.isa.c_str(), r.gbs, r.triad, r.triadP10,
                    r.triadP90, r.pct, r.pctP10, r.pctP90, r.elemNs,
                    optional(r.baselineGbs, "%.1f").c_str(),
                    optional(r.speedup, "%.2fx").c_str());
        if (ggml)
          std::printf(" %s | %s |", spread(r.ggmlPct, "%.0f").c_str(),
                      spread(r.overGgml, "%.2f", "x").c_str());
        std::printf("\n");
        if (csv)
          std::fprintf(csv,
                       "%s,%d,%s,%s,%s,%s,%.3f,%.2f,%.4f,%.3f,%.3f,%.3f,%.3f,"
                       "%.3f,%.2f,%.2f,%d,%.0f,%s,%s,%s\n",
                       s.name, t, k.variant.c_str(), k.direction.c_str(),
                       k.type.c_str(), k.isa.c_str(), r.gbs, r.pct, r.elemNs,
                       r.baselineGbs, r.speedup, r.triad, r.triadP10,
                       r.triadP90, r.pctP10, r.pctP90, r.rounds, r.bytes,
                       optional(r.ggmlElemNs, "%.4f").c_str(),
                       spreadCsv(r.ggmlPct, "%.2f").c_str(),
                       spreadCsv(r.overGgml, "%.3f").c_str());
      }
      flushTable();
    }
  }
  // A write error (disk full) shows at the latest when the file is closed.
  if (csv && (std::ferror(csv) | std::fclose(csv))) {
    std::fprintf(stderr, "glu-bench: error: cannot write '%s': %s\n", csvPath,
                 std::strerror(errno));
    return 1;
  }
  partialCsv.clear();
  return 0;
}
