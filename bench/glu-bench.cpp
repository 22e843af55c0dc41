//===- glu-bench.cpp - glu kernels against the memory bandwidth -----------===//
//
// Times the ahead-of-time compiled kernels of bench/kernels.mlir (every
// variant x {fwd, bwd} x {f32, bf16, f16}, plus gpt-oss's interleaved fused
// form) through their C ABI, with caller-allocated buffers touched before
// timing (so no allocation or page fault is timed), and compares them with
//  - the machine's limit measured in the same run: a STREAM-style triad
//    a[i] = b[i] + s*c[i] on float arrays (12 bytes moved per element),
//    OpenMP static schedule, the same thread count;
//  - a plain scalar C++ loop of the same math (libm expf/tanhf/erff),
//    built with -O3.
// Bytes moved per element: forward 2 reads + 1 write, backward 3 reads +
// 2 writes (fused interleaved: 2 + 1 and 3 + 2 halves' worth as well).
//
// Usage: glu-bench [--quick | --smoke] [--csv FILE] [--size=large|cache]
//                  [--filter=WORD,...]
// (prints a markdown table; --quick: smaller large size; --smoke: tiny
// sizes, a check that it runs, no meaningful numbers; --size: one size
// only; --filter: only the kernels that have every WORD as their variant,
// direction, type or instruction set, e.g. --filter=f32,fwd,avx2)
// Every kernel is timed twice where the host can run both: compiled for
// this host (isa avx512 on an AVX-512 machine) and for x86-64-v3 (isa
// avx2: AVX2 and FMA, no AVX-512, the code an AVX2-only host gets).
//
//===----------------------------------------------------------------------===//

#include "kernels-avx2.h"
#include "kernels.h"

#include <omp.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

/// Median of `reps` timings of `fn` after one warm-up call.
double medianSeconds(int reps, const std::function<void()> &fn) {
  fn();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto a = Clock::now();
    fn();
    t.push_back(seconds(a, Clock::now()));
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

/// f32 -> f16 bits for the values Buffer uses (0, or normal in f16 and
/// exact: multiples of 2^-10 below 8 in magnitude).
uint16_t toHalf(float v) {
  uint32_t x;
  std::memcpy(&x, &v, 4);
  uint32_t sign = (x >> 16) & 0x8000, rest = x & 0x7fffffff;
  if (rest == 0)
    return uint16_t(sign);
  return uint16_t(sign | ((rest - 0x38000000) >> 13)); // rebias by 112
}

/// A buffer of `n` elements of `bytes` each, filled (so its pages exist).
struct Buffer {
  std::vector<uint8_t> data;
  Buffer(size_t n, size_t bytes, float fill, const std::string &type)
      : data(n * bytes) {
    for (size_t i = 0; i < n; ++i) {
      float v = fill * float(int(i % 17) - 8) / 4.0f;
      if (type == "f32") {
        std::memcpy(&data[4 * i], &v, 4);
        continue;
      }
      // 16-bit storage: 4096 distinct values in [-8, 8] * fill, so that
      // table lookups (glu-tabulate) touch a realistic spread of entries.
      v = fill * float(int((i * 2654435761u) % 4096) - 2048) / 256.0f;
      uint32_t x;
      std::memcpy(&x, &v, 4);
      uint16_t b = type == "bf16" ? uint16_t(x >> 16) : toHalf(v);
      std::memcpy(&data[2 * i], &b, 2);
    }
  }
  void *ptr() { return data.data(); }
};

double triadGBs(size_t n, int reps) {
  std::vector<float> a(n), b(n, 1.0f), c(n, 2.0f);
#pragma omp parallel for schedule(static)
  for (size_t i = 0; i < n; ++i)
    a[i] = 0;
  float s = 3.0f;
  double t = medianSeconds(reps, [&] {
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; ++i)
      a[i] = b[i] + s * c[i];
  });
  return 12.0 * double(n) / t / 1e9;
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
void baseline(const std::string &variant, bool fwd, bool bf16, const void *dy,
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

struct Result {
  double glu, baseline; // seconds
  double bytes;
};

Result run(const Kernel &k, int64_t rows, int64_t cols, int reps,
           bool withBaseline) {
  bool bf16 = k.type == "bf16";
  size_t e = k.type == "f32" ? 4 : 2, n = size_t(rows) * size_t(cols);
  const std::string &t = k.type;
  Buffer x(n, e, 1, t), g(n, e, 0.5f, t), dy(n, e, 0.25f, t), out0(n, e, 0, t),
      out1(n, e, 0, t);
  glu_memref_2d mx = glu_memref_2d_dense(x.ptr(), rows, cols);
  glu_memref_2d mg = glu_memref_2d_dense(g.ptr(), rows, cols);
  glu_memref_2d mdy = glu_memref_2d_dense(dy.ptr(), rows, cols);
  glu_memref_2d mo0 = glu_memref_2d_dense(out0.ptr(), rows, cols);
  glu_memref_2d mo1 = glu_memref_2d_dense(out1.ptr(), rows, cols);
  Result r{0, 0, 0};
  bool fwd = k.direction == "fwd";
  r.bytes = double(n) * e * (fwd ? 3 : 5);
  if (k.interleaved) {
    // The fused operand is [rows, 2*cols/2*2]: reuse x+g's storage as one
    // [rows, cols] operand whose halves are [rows, cols/2].
    glu_memref_2d ma = glu_memref_2d_dense(x.ptr(), rows, cols);
    glu_memref_2d mh = glu_memref_2d_dense(dy.ptr(), rows, cols / 2);
    glu_memref_2d mo =
        glu_memref_2d_dense(out0.ptr(), rows, fwd ? cols / 2 : cols);
    r.bytes = double(n) * e * (fwd ? 1.5 : 2.5);
    r.glu = medianSeconds(reps, [&] {
      if (fwd)
        reinterpret_cast<FusedFwd>(k.fn)(&ma, &mo);
      else
        reinterpret_cast<FusedBwd>(k.fn)(&mh, &ma, &mo);
    });
    return r;
  }
  r.glu = medianSeconds(reps, [&] {
    if (fwd)
      reinterpret_cast<Fwd>(k.fn)(&mx, &mg, &mo0);
    else
      reinterpret_cast<Bwd>(k.fn)(&mdy, &mx, &mg, &mo0, &mo1);
  });
  if (withBaseline)
    r.baseline = medianSeconds(std::max(1, reps / 2), [&] {
      baseline(k.variant, fwd, bf16, dy.ptr(), x.ptr(), g.ptr(), out0.ptr(),
               out1.ptr(), n);
    });
  return r;
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

} // namespace

static const char kUsage[] =
    "usage: glu-bench [--quick | --smoke] [--csv FILE] [--size=large|cache] "
    "[--filter=WORD,...]\n";

int main(int argc, char **argv) {
  bool quick = false, smoke = false;
  const char *csvPath = nullptr;
  std::string onlySize, filter;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick"))
      quick = true;
    else if (!std::strcmp(argv[i], "--smoke"))
      smoke = true;
    else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc)
      csvPath = argv[++i];
    else if (!std::strcmp(argv[i], "--size=large") ||
             !std::strcmp(argv[i], "--size=cache"))
      onlySize = argv[i] + std::strlen("--size=");
    else if (!std::strncmp(argv[i], "--filter=", 9))
      filter = argv[i] + 9;
    else if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::fputs(kUsage, stdout);
      return 0;
    } else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  FILE *csv = csvPath ? std::fopen(csvPath, "w") : nullptr;
  if (csvPath && !csv) {
    std::fprintf(stderr, "glu-bench: error: cannot write '%s': %s\n", csvPath,
                 std::strerror(errno));
    return 1;
  }
  if (csv)
    std::fprintf(csv, "size,threads,kernel,direction,type,isa,gb_s,pct_triad,"
                      "elem_per_ns,baseline_gb_s,speedup\n");

  int cores = omp_get_num_procs();
  std::vector<int> threadCounts = {1};
  if (cores > 1)
    threadCounts.push_back(cores);
  // Large: 64M elements per operand (>= 256 MiB moved by every kernel);
  // cache-resident: 8 x 1024.
  struct Size {
    const char *name;
    int64_t rows, cols;
    int reps;
  } sizes[] = {{"large",
                smoke   ? 16
                : quick ? 2048
                        : 16384,
                4096,
                smoke   ? 1
                : quick ? 3
                        : 5},
               {"cache", 8, 1024, smoke ? 3 : 2001}};
  std::printf("| size | threads | kernel | dir | type | isa | GB/s | %% of "
              "triad | elements/ns | scalar C++ GB/s | speedup |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const Size &s : sizes) {
    if (!onlySize.empty() && onlySize != s.name)
      continue;
    for (int t : threadCounts) {
      omp_set_num_threads(t);
      size_t triadN = s.rows * s.cols;
      double triad = triadGBs(triadN, s.reps);
      std::printf("| %s | %d | **triad** (a = b + s*c, f32) | | | | %.1f | 100 "
                  "| %.2f | | |\n",
                  s.name, t, triad, triad / 12.0);
      for (const Kernel &k : kernels()) {
        if (!matches(k, filter))
          continue;
        bool baseline = !k.interleaved && k.isa != "avx2" &&
                        k.type != "f16"; // one C++ loop
        Result r = run(k, s.rows, s.cols, s.reps, baseline);
        double gbs = r.bytes / r.glu / 1e9;
        double elemNs = double(s.rows * s.cols) / r.glu / 1e9;
        if (k.interleaved)
          elemNs /= 2; // one output element per gate/up pair
        double base = r.baseline > 0 ? r.bytes / r.baseline / 1e9 : 0;
        std::printf(
            "| %s | %d | %s | %s | %s | %s | %.1f | %.0f | %.2f | %s "
            "| %s |\n",
            s.name, t, k.variant.c_str(), k.direction.c_str(), k.type.c_str(),
            k.isa.c_str(), gbs, 100 * gbs / triad, elemNs,
            base > 0 ? std::to_string(base).substr(0, 5).c_str() : "",
            base > 0 ? (std::to_string(r.baseline / r.glu).substr(0, 5) + "x")
                           .c_str()
                     : "");
        if (csv)
          std::fprintf(csv, "%s,%d,%s,%s,%s,%s,%.3f,%.2f,%.4f,%.3f,%.3f\n",
                       s.name, t, k.variant.c_str(), k.direction.c_str(),
                       k.type.c_str(), k.isa.c_str(), gbs, 100 * gbs / triad,
                       elemNs, base, r.baseline > 0 ? r.baseline / r.glu : 0.0);
        std::fflush(stdout);
      }
    }
  }
  // A write error (disk full) shows at the latest when the file is closed.
  if (csv && (std::ferror(csv) | std::fclose(csv))) {
    std::fprintf(stderr, "glu-bench: error: cannot write '%s': %s\n", csvPath,
                 std::strerror(errno));
    return 1;
  }
  return 0;
}
