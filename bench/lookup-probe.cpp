//===- lookup-probe.cpp - the 16-bit table lookup's ceiling on one core --===//
//
// A tabulated 16-bit forward (glu-tabulate) is y = round(T[gate] * up): a
// 65536-entry f32 table indexed by the gate's bits, then a multiply and the
// rounding to storage. Its loop is bound by the lookups, not by the
// arithmetic or memory. This probe times that loop for bf16, cache-resident
// (8192 elements, one thread, median of 15 rounds of 2000 calls), in every
// formulation of the lookup we know of, so that scripts/bench.sh can set
// the best of them against what the triad asks of a core (issue 10, item
// 1). Each row must give the same bytes as the first, or the probe fails.
//
// Formulations (16 lanes per vector on AVX-512, 8 on AVX2):
//  - no lookup: y = round(gate * up), the loop without the table;
//  - scalar lookups, one word load per lane, the vector built by inserts
//    (what LLVM makes of 16 scalar loads);
//  - the same, the words four per 64-bit load (glu-tabulate's form);
//  - broadcast + blend: each entry loaded by vbroadcastss and blended into
//    place (an asm statement: LLVM turns a blend of a broadcast back into
//    vinsertps);
//  - hardware gather (vgatherdps).
//
//===----------------------------------------------------------------------===//

#include "inputs.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#ifdef __AVX2__
#include <immintrin.h>

namespace {

constexpr long kElements = 8192;
alignas(64) float table[65536];

#ifdef __AVX512F__
constexpr int kLanes = 16;
using Vec = __m512;
Vec loadBf16(const uint16_t *p) {
  __m512i w = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)p));
  return _mm512_castsi512_ps(_mm512_slli_epi32(w, 16));
}
// Round to nearest even (finite values: the probe's are).
void storeBf16(uint16_t *p, Vec v) {
  __m512i b = _mm512_castps_si512(v);
  __m512i odd =
      _mm512_and_si512(_mm512_srli_epi32(b, 16), _mm512_set1_epi32(1));
  b = _mm512_add_epi32(b, _mm512_add_epi32(odd, _mm512_set1_epi32(0x7fff)));
  _mm256_storeu_si256((__m256i *)p,
                      _mm512_cvtepi32_epi16(_mm512_srli_epi32(b, 16)));
}
Vec mul(Vec a, Vec b) { return _mm512_mul_ps(a, b); }
Vec gather(const uint16_t *g) {
  __m512i i = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)g));
  return _mm512_i32gather_ps(i, table, 4);
}
Vec fromScalars(const float *t) { return _mm512_loadu_ps(t); }
#else
constexpr int kLanes = 8;
using Vec = __m256;
Vec loadBf16(const uint16_t *p) {
  __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p));
  return _mm256_castsi256_ps(_mm256_slli_epi32(w, 16));
}
void storeBf16(uint16_t *p, Vec v) {
  __m256i b = _mm256_castps_si256(v);
  __m256i odd =
      _mm256_and_si256(_mm256_srli_epi32(b, 16), _mm256_set1_epi32(1));
  b = _mm256_srli_epi32(
      _mm256_add_epi32(b, _mm256_add_epi32(odd, _mm256_set1_epi32(0x7fff))),
      16);
  __m128i packed = _mm_packus_epi32(_mm256_castsi256_si128(b),
                                    _mm256_extracti128_si256(b, 1));
  _mm_storeu_si128((__m128i *)p, packed);
}
Vec mul(Vec a, Vec b) { return _mm256_mul_ps(a, b); }
Vec gather(const uint16_t *g) {
  __m256i i = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)g));
  return _mm256_i32gather_ps(table, i, 4);
}
Vec fromScalars(const float *t) { return _mm256_loadu_ps(t); }
#endif

// An 8-lane vector of entries, each broadcast and blended into place.
template <int k> void blendIn(__m256 &acc, uint64_t index) {
  __m256 tmp;
  asm("vbroadcastss (%[t],%q[i],4), %[tmp]\n\t"
      "vblendps %[m], %[tmp], %[acc], %[acc]"
      : [acc] "+x"(acc), [tmp] "=&x"(tmp)
      : [t] "r"(table), [i] "r"(index), [m] "i"(1 << k));
}
__m256 blended8(const unsigned *w) {
  __m256 acc = _mm256_broadcast_ss(&table[w[0]]);
  blendIn<1>(acc, w[1]);
  blendIn<2>(acc, w[2]);
  blendIn<3>(acc, w[3]);
  blendIn<4>(acc, w[4]);
  blendIn<5>(acc, w[5]);
  blendIn<6>(acc, w[6]);
  blendIn<7>(acc, w[7]);
  return acc;
}

enum class Form { NoLookup, WordLoads, ChunkLoads, Blend, Gather };

// One vector of lanes i .. i + kLanes - 1.
template <Form form>
inline void step(const uint16_t *g, const uint16_t *u, uint16_t *y, long i) {
  Vec a;
  if constexpr (form == Form::NoLookup) {
    a = loadBf16(g + i);
  } else if constexpr (form == Form::Gather) {
    a = gather(g + i);
  } else {
    unsigned w[kLanes];
    if constexpr (form == Form::WordLoads) {
      for (int j = 0; j < kLanes; ++j)
        w[j] = g[i + j];
    } else {
      uint64_t chunk[kLanes / 4];
      std::memcpy(chunk, g + i, sizeof chunk);
      for (int j = 0; j < kLanes; ++j)
        w[j] = unsigned(chunk[j / 4] >> (16 * (j % 4))) & 0xffff;
    }
    if constexpr (form == Form::Blend) {
#ifdef __AVX512F__
      a = _mm512_insertf32x8(_mm512_castps256_ps512(blended8(w)),
                             blended8(w + 8), 1);
#else
      a = blended8(w);
#endif
    } else {
      float t[kLanes];
      for (int j = 0; j < kLanes; ++j)
        t[j] = table[w[j]];
      a = fromScalars(t);
    }
  }
  storeBf16(y + i, mul(a, loadBf16(u + i)));
}

// Four vectors per iteration, as glu's vector loops step
// (lib/Pipelines/GluToLLVM: unroll 4).
template <Form form>
__attribute__((noinline)) void kernel(const uint16_t *g, const uint16_t *u,
                                      uint16_t *y, long n) {
  for (long i = 0; i < n; i += 4 * kLanes) {
    step<form>(g, u, y, i);
    step<form>(g, u, y, i + kLanes);
    step<form>(g, u, y, i + 2 * kLanes);
    step<form>(g, u, y, i + 3 * kLanes);
  }
}

using Kernel = void (*)(const uint16_t *, const uint16_t *, uint16_t *, long);

double elementsPerNs(Kernel k, const uint16_t *g, const uint16_t *u,
                     uint16_t *y) {
  constexpr int calls = 2000;
  std::vector<double> t;
  for (int r = 0; r < 15; ++r) {
    auto a = std::chrono::steady_clock::now();
    for (int c = 0; c < calls; ++c)
      k(g, u, y, kElements);
    t.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - a)
            .count());
  }
  std::sort(t.begin(), t.end());
  return double(kElements) * calls / t[t.size() / 2] / 1e9;
}

} // namespace

int main() {
  // Compiled for AVX2 (or the build host's vectors): another host would
  // fault on the first vector instruction.
  __builtin_cpu_init();
#ifdef __AVX512F__
  bool supported =
      __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#else
  bool supported =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
  if (!supported) {
    std::printf("| (this host lacks the vectors it was compiled for) | | |\n");
    return 0;
  }
  for (int i = 0; i < 65536; ++i) {
    uint32_t b = uint32_t(i) << 16;
    float x;
    std::memcpy(&x, &b, 4);
    table[i] = std::isfinite(x) ? x / (1 + std::exp(-x)) : 0; // silu
  }
  // glu-bench's gates and up values (inputs.h).
  std::vector<uint16_t> g(kElements), u(kElements), y(kElements),
      first(kElements);
  for (long i = 0; i < kElements; ++i) {
    g[i] = glu_bench::toBf16(glu_bench::inputAt(i, 1));
    u[i] = glu_bench::toBf16(glu_bench::inputAt(i + kElements, 0.5f));
  }
  struct Row {
    const char *name;
    Kernel kernel;
  } rows[] = {
      {"no lookup: round(gate * up)", kernel<Form::NoLookup>},
      {"scalar lookups, a word load per lane, inserts",
       kernel<Form::WordLoads>},
      {"scalar lookups, words four per load (glu-tabulate's form)",
       kernel<Form::ChunkLoads>},
      {"scalar lookups, words four per load, broadcast + blend",
       kernel<Form::Blend>},
      {"hardware gather (vgatherdps)", kernel<Form::Gather>},
  };
  kernel<Form::ChunkLoads>(g.data(), u.data(), first.data(), kElements);
  for (const Row &row : rows) {
    row.kernel(g.data(), u.data(), y.data(), kElements);
    if (row.kernel != rows[0].kernel && y != first) {
      std::fprintf(stderr, "glu-lookup-probe: '%s' gives other bytes\n",
                   row.name);
      return 1;
    }
    std::printf("| %s | %d | %.2f |\n", row.name, kLanes,
                elementsPerNs(row.kernel, g.data(), u.data(), y.data()));
  }
}
#else
int main() { std::printf("| (no AVX2 on this host: not applicable) | | |\n"); }
#endif
