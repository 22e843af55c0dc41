// Probe (not part of the build): can a 64K-entry f32 activation table
// indexed by the bf16 gate bits run a bf16 GLU forward at memory speed on a
// GPU? Compared with a plain product (reglu-like), silu computed with CUDA's
// IEEE expf and division, and a device copy; same 16-byte tiles, one per
// thread, as glu-gpu-map-elementwise. Result and how it was run:
// docs/gpu-runs/2026-11-30-h200/table-probe.txt (docs/gpu.md).
//   nvcc -O3 -arch=sm_90 -std=c++17 -cudart static bench/gpu-table-probe.cu \
//        -o gpu-check/gpu-table-probe
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cmath>
#define CK(x) do { cudaError_t e = (x); if (e) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)
__device__ __forceinline__ float bf(uint16_t b) { return __uint_as_float((uint32_t)b << 16); }
__device__ __forceinline__ uint16_t tobf(float f) {
  uint32_t u = __float_as_uint(f);
  if ((u & 0x7fffffff) > 0x7f800000) return (u >> 16) | 0x40;
  return (u + 0x7fff + ((u >> 16) & 1)) >> 16;
}
__global__ void fill(uint16_t *g, uint16_t *u, size_t n, float scale) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    uint32_t h = (uint32_t)(i * 2654435761u) ^ 0x9e3779b9u; h ^= h >> 15; h *= 0x2c1b3c6du; h ^= h >> 12; h *= 0x297a2d39u; h ^= h >> 15;
    uint32_t h2 = h * 0x85ebca6bu + 0xc2b2ae35u; h2 ^= h2 >> 13;
    float a = (h & 0xffffff) / 16777216.0f + 1e-7f, b = (h2 & 0xffffff) / 16777216.0f;
    float z = sqrtf(-2.f * logf(a)) * cospif(2.f * b);
    g[i] = tobf(z * scale); u[i] = tobf(sinpif(2.f * b) * sqrtf(-2.f * logf(a)));
  }
}
__global__ void buildTab(float *t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= 65536) return;
  float x = bf(i); t[i] = x / (1.f + expf(-x));
}
template <int K> __global__ void glu(const uint4 *g, const uint4 *u, uint4 *y, size_t tiles, const float *__restrict__ tab) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; if (i >= tiles) return;
  uint4 gv = g[i], uv = u[i], yv; const uint16_t *gs = (const uint16_t *)&gv, *us = (const uint16_t *)&uv; uint16_t *ys = (uint16_t *)&yv;
#pragma unroll
  for (int l = 0; l < 8; ++l) {
    float x = bf(gs[l]), a;
    if (K == 0) a = fmaxf(x, 0.f);
    else if (K == 1) a = __ldg(tab + gs[l]);
    else a = x / (1.f + expf(-x));
    ys[l] = tobf(a * bf(us[l]));
  }
  y[i] = yv;
}
int main() {
  size_t n = (size_t)1 << 28; uint16_t *g, *u, *y; float *tab;
  CK(cudaMalloc(&g, n * 2)); CK(cudaMalloc(&u, n * 2)); CK(cudaMalloc(&y, n * 2)); CK(cudaMalloc(&tab, 65536 * 4));
  buildTab<<<256, 256>>>(tab);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  auto time = [&](auto launch) { std::vector<float> ms; launch(); for (int r = 0; r < 10; ++r) { cudaEventRecord(a); launch(); cudaEventRecord(b); cudaEventSynchronize(b); float t; cudaEventElapsedTime(&t, a, b); ms.push_back(t); } std::sort(ms.begin(), ms.end()); return ms[5]; };
  void *c1, *c2; size_t cb = (size_t)1 << 30; CK(cudaMalloc(&c1, cb)); CK(cudaMalloc(&c2, cb));
  float tc = time([&] { cudaMemcpyAsync(c2, c1, cb, cudaMemcpyDeviceToDevice); });
  double copy = 2.0 * cb / tc / 1e6; printf("copy: %.0f GB/s\n", copy);
  size_t tiles = n / 8; unsigned blocks = (tiles + 255) / 256; double bytes = 6.0 * n;
  const char *names[] = {"reglu (product)", "table __ldg", "silu computed expf"};
  for (float scale : {3.0f, 1.0f, 30.0f}) {
    fill<<<4096, 256>>>(g, u, n, scale); CK(cudaDeviceSynchronize());
    float t[3];
    t[0] = time([&] { glu<0><<<blocks, 256>>>((uint4 *)g, (uint4 *)u, (uint4 *)y, tiles, tab); });
    t[1] = time([&] { glu<1><<<blocks, 256>>>((uint4 *)g, (uint4 *)u, (uint4 *)y, tiles, tab); });
    t[2] = time([&] { glu<2><<<blocks, 256>>>((uint4 *)g, (uint4 *)u, (uint4 *)y, tiles, tab); });
    CK(cudaGetLastError());
    for (int k = 0; k < 3; ++k) printf("gate normal(0,%g) %-20s %.3f ms %6.0f GB/s %5.1f%% of copy\n", scale, names[k], t[k], bytes / t[k] / 1e6, 100 * bytes / t[k] / 1e6 / copy);
  }
  return 0;
}
