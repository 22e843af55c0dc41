//===- inputs.h - The benchmarks' input values ------------------*- C++ -*-===//
//
// What glu-bench and glu-lookup-probe feed the kernels: element i of an
// operand is `scale` x 2 x z_i, z_i a standard normal value, rounded to
// nearest even in the storage type. A 16-bit kernel's speed depends on the
// gates' spread (the table lines it touches: an f16 gate has 1024 values
// per binade), so the gates are what an FFN's pre-activations look like,
// not a grid: 2·N(0,1) gates take 22367 f16 values on 64 KiB of the f16
// table's lines (3598 bf16 values, 18 KiB), where the 4096 multiples of
// 2^-8 in [-8, 8) used before took 28 KiB (bf16: 1280 values, 9 KiB).
//
//===----------------------------------------------------------------------===//

#ifndef GLU_BENCH_INPUTS_H
#define GLU_BENCH_INPUTS_H

#include <cmath>
#include <cstdint>
#include <cstring>

namespace glu_bench {

/// splitmix64: a well-mixed 64-bit hash of `x`.
inline uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// z_i: one of 65536 standard normal values (Box-Muller, drawn once),
/// chosen by a hash of i; the same in every run.
inline float normalAt(uint64_t i) {
  static const struct Table {
    float z[65536];
    Table() {
      for (uint64_t k = 0; k < 65536; ++k) {
        uint64_t h = mix(k + 0x5eed);
        double u1 = (double(h >> 40) + 1) / 16777217.0; // (0, 1)
        double u2 = double(h & 0xffffff) / 16777216.0;
        z[k] = float(std::sqrt(-2 * std::log(u1)) *
                     std::cos(6.283185307179586 * u2));
      }
    }
  } table;
  return table.z[mix(i) & 0xffff];
}

/// f32 -> bf16 bits, round to nearest even (the inputs hold no NaN).
inline uint16_t toBf16(float v) {
  uint32_t x;
  std::memcpy(&x, &v, 4);
  return uint16_t((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

/// f32 -> f16 bits, round to nearest even, subnormals included (the
/// inputs are finite and below 65504 in magnitude).
inline uint16_t toHalf(float v) {
  uint32_t x;
  std::memcpy(&x, &v, 4);
  uint32_t sign = (x >> 16) & 0x8000, rest = x & 0x7fffffff;
  if (rest < 0x38800000) { // below 2^-14: a multiple of 2^-24
    float scaled = std::nearbyint(std::fabs(v) * 16777216.0f);
    return uint16_t(sign | uint32_t(scaled));
  }
  uint32_t m = rest - 0x38000000; // rebias by 112
  return uint16_t(sign | ((m + 0xfff + ((m >> 13) & 1)) >> 13));
}

/// Element i of an operand of scale `scale`, as f32 before the rounding.
/// Operands of different scales (gate 1, up 0.5, dy 0.25 in glu-bench)
/// draw from different places of the sequence: no two are correlated.
inline float inputAt(uint64_t i, float scale) {
  uint32_t seed;
  std::memcpy(&seed, &scale, 4);
  return scale * 2 * normalAt(i + (uint64_t(seed) << 32));
}

} // namespace glu_bench

#endif // GLU_BENCH_INPUTS_H
