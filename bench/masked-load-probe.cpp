//===- masked-load-probe.cpp - cost of a load folded into a masked op ----===//
//
// LLVM folds the load of g in select(x > 0, x * g, 0) into a zero-masked
// multiply with a memory operand (vmulps (mem), zmm, zmm{k}{z}): a masked,
// fault-suppressing load. This probe streams y = x > 0 ? x * g : 0 over
// 3 x 256 MiB, one thread, twice: once as LLVM emits it (load folded into
// the masked multiply), once with the load kept a separate plain vmovups
// (an empty asm statement hides the loaded vector from the folding), and
// prints both rates. scripts/bench.sh includes its output in
// docs/performance.md, where it explains reglu's one-thread gap.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#ifdef __AVX512F__
#include <immintrin.h>

namespace {

template <bool separateLoad>
__attribute__((noinline)) void kernel(const float *__restrict x,
                                      const float *__restrict g,
                                      float *__restrict y, size_t n) {
  __m512 zero = _mm512_setzero_ps();
  for (size_t i = 0; i < n; i += 16) {
    __m512 xv = _mm512_loadu_ps(x + i);
    __m512 gv = _mm512_loadu_ps(g + i);
    if (separateLoad)
      asm volatile("" : "+v"(gv));
    __mmask16 positive = _mm512_cmp_ps_mask(zero, xv, _CMP_LT_OQ);
    _mm512_storeu_ps(y + i, _mm512_maskz_mul_ps(positive, xv, gv));
  }
}

template <bool separateLoad>
double gbPerSecond(const float *x, const float *g, float *y, size_t n) {
  std::vector<double> t;
  for (int r = 0; r < 11; ++r) {
    auto a = std::chrono::steady_clock::now();
    kernel<separateLoad>(x, g, y, n);
    t.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - a)
            .count());
  }
  std::sort(t.begin(), t.end());
  return 12.0 * double(n) / t[t.size() / 2] / 1e9;
}

} // namespace

int main() {
  size_t n = size_t(64) << 20;
  auto make = [&](float scale) {
    auto *p = static_cast<float *>(std::aligned_alloc(64, n * sizeof(float)));
    for (size_t i = 0; i < n; ++i)
      p[i] = scale * float(int(i % 17) - 8) / 4;
    return p;
  };
  float *x = make(1), *g = make(0.5f), *y = make(0);
  double folded = gbPerSecond<false>(x, g, y, n);
  double separate = gbPerSecond<true>(x, g, y, n);
  std::printf("| load folded into vmulps{k}{z} (as LLVM emits) | %.1f |\n"
              "| separate vmovups load, then vmulps{k}{z} | %.1f |\n",
              folded, separate);
  std::free(x);
  std::free(g);
  std::free(y);
}
#else
int main() { std::printf("| (no AVX-512 on this host: not applicable) | |\n"); }
#endif
