//===- BF16RoundingTest.cpp - vcvtneps2bf16 against the integer rounding --===//
//
// glu-avx512-bf16-rounding rounds f32 to bf16 by AVX512_BF16's
// vcvtneps2bf16 where no lane is NaN or subnormal (vfpclassps with the
// classes 0xa1), by glu-round-to-bf16's integer rounding where one is. Its
// claim: on every other f32 (zeros, normals, infinities, a rounding up to
// infinity included) the two give the same bits. This test checks that
// claim on all 2^32 bit patterns, with the pass's own class test, on a host
// that has the instruction (skipped elsewhere), and that the excluded
// classes do differ (else the test would be needless).
//
//===----------------------------------------------------------------------===//

#include "gtest/gtest.h"

#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>

namespace {
/// glu-round-to-bf16: a NaN is the quiet NaN 0x7fc00000 first, then the
/// bits plus 0x7fff plus bit 16, shifted right by 16.
uint16_t integerRounding(uint32_t bits) {
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    bits = 0x7fc00000u;
  return uint16_t((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}

__attribute__((target("avx512f,avx512bf16,avx512dq,avx512vl"))) uint16_t
hardwareRounding(uint32_t bits) {
  __m512 v = _mm512_castsi512_ps(_mm512_set1_epi32(int(bits)));
  __m256bh r = _mm512_cvtneps_pbh(v);
  return uint16_t(_mm256_extract_epi16(__m256i(r), 0));
}

/// The bit patterns in [first, last] where vfpclassps 0xa1 finds no NaN
/// or subnormal and the two roundings differ; 16 at a time.
__attribute__((target("avx512f,avx512bf16,avx512dq,avx512bw,avx512vl")))
uint64_t
countDifferences(uint64_t first, uint64_t last) {
  const __m512i lanes =
      _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i bias = _mm512_set1_epi32(0x7fff);
  const __m512i one = _mm512_set1_epi32(1);
  uint64_t differences = 0;
  for (uint64_t base = first; base <= last; base += 16) {
    __m512i bits = _mm512_add_epi32(_mm512_set1_epi32(int(base)), lanes);
    __m512 v = _mm512_castsi512_ps(bits);
    __mmask16 special = _mm512_fpclass_ps_mask(v, 0xa1);
    // The integer rounding (no NaN reaches it here).
    __m512i up = _mm512_add_epi32(
        bias, _mm512_and_si512(_mm512_srli_epi32(bits, 16), one));
    __m256i soft = _mm512_cvtepi32_epi16(
        _mm512_srli_epi32(_mm512_add_epi32(bits, up), 16));
    __m256i hard = __m256i(_mm512_cvtneps_pbh(v));
    __mmask16 differ = _mm256_cmpneq_epi16_mask(soft, hard);
    differences += __builtin_popcount(unsigned(differ & ~special));
  }
  return differences;
}

bool hasAVX512BF16() {
  return __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512dq") &&
         __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") &&
         __builtin_cpu_supports("avx512bf16");
}

TEST(BF16Rounding, HardwareMatchesIntegerRoundingOffNaNAndSubnormal) {
  if (!hasAVX512BF16())
    GTEST_SKIP() << "the host has no AVX512_BF16";
  EXPECT_EQ(countDifferences(0, 0xffffffffu), 0u);
}

TEST(BF16Rounding, ExcludedClassesDiffer) {
  if (!hasAVX512BF16())
    GTEST_SKIP() << "the host has no AVX512_BF16";
  // A subnormal is read as zero; the integer rounding keeps it.
  EXPECT_EQ(hardwareRounding(0x00010000u), 0u);
  EXPECT_EQ(integerRounding(0x00010000u), 1u);
  EXPECT_EQ(hardwareRounding(0x807fffffu), 0x8000u);
  EXPECT_EQ(integerRounding(0x807fffffu), 0x8080u);
  // A NaN keeps its payload's upper bits; the integer rounding stores
  // the quiet NaN.
  EXPECT_EQ(hardwareRounding(0xffa00000u), 0xffe0u);
  EXPECT_EQ(integerRounding(0xffa00000u), 0x7fc0u);
  // Both round the largest finite f32 up to infinity.
  EXPECT_EQ(hardwareRounding(0x7f7fffffu), 0x7f80u);
  EXPECT_EQ(integerRounding(0x7f7fffffu), 0x7f80u);
}
} // namespace
#endif
