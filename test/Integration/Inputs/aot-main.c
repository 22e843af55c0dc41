/* Calls kernels compiled by glu-compile through the generated header, with
   no MLIR at run time, and checks the results against C references. */
#include "kernels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float bf16_to_float(uint16_t b) {
  uint32_t x = (uint32_t)b << 16;
  float f;
  memcpy(&f, &x, 4);
  return f;
}

static uint16_t float_to_bf16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  return (uint16_t)((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

static double silu(double x) { return x / (1 + exp(-x)); }

static double sigmoid(double t) { return 1 / (1 + exp(-t)); }

int main(void) {
  enum { ROWS = 7, COLS = 1000, FUSED = 2 * COLS + 1 };
  int failures = 0;

  /* swiglu, bf16, two_round: within one bf16 ulp of the reference. */
  uint16_t *x = malloc(sizeof(uint16_t) * ROWS * COLS);
  uint16_t *g = malloc(sizeof(uint16_t) * ROWS * COLS);
  uint16_t *y = malloc(sizeof(uint16_t) * ROWS * COLS);
  for (int i = 0; i < ROWS * COLS; ++i) {
    x[i] = float_to_bf16((float)((i % 97) - 48) / 8.0f);
    g[i] = float_to_bf16((float)((i % 13) - 6) / 4.0f);
  }
  glu_memref_2d mx = glu_memref_2d_dense(x, ROWS, COLS);
  glu_memref_2d mg = glu_memref_2d_dense(g, ROWS, COLS);
  glu_memref_2d my = glu_memref_2d_dense(y, ROWS, COLS);
  glu_swiglu_bf16(&mx, &mg, &my);
  int bad = 0;
  for (int i = 0; i < ROWS * COLS; ++i) {
    float act = bf16_to_float(float_to_bf16((float)silu(bf16_to_float(x[i]))));
    float want = bf16_to_float(float_to_bf16(act * bf16_to_float(g[i])));
    float got = bf16_to_float(y[i]);
    float ulp = fabsf(want) * 0x1p-7f + 0x1p-133f;
    bad += !(fabsf(got - want) <= ulp);
  }
  printf("swiglu_bf16: %d of %d elements off by more than one bf16 ulp\n", bad,
         ROWS * COLS);
  failures += bad != 0;

  /* reglu, f32: exact. */
  float *xf = malloc(sizeof(float) * ROWS * COLS);
  float *gf = malloc(sizeof(float) * ROWS * COLS);
  float *yf = malloc(sizeof(float) * ROWS * COLS);
  for (int i = 0; i < ROWS * COLS; ++i) {
    xf[i] = (float)((i % 11) - 5) * 0.5f;
    gf[i] = (float)((i % 7) - 3) * 0.25f;
  }
  glu_memref_2d mxf = glu_memref_2d_dense(xf, ROWS, COLS);
  glu_memref_2d mgf = glu_memref_2d_dense(gf, ROWS, COLS);
  glu_memref_2d myf = glu_memref_2d_dense(yf, ROWS, COLS);
  glu_reglu_f32(&mxf, &mgf, &myf);
  bad = 0;
  for (int i = 0; i < ROWS * COLS; ++i)
    bad += yf[i] != (xf[i] > 0 ? xf[i] * gf[i] : 0.0f);
  printf("reglu_f32: %d of %d elements differ\n", bad, ROWS * COLS);
  failures += bad != 0;

  /* swiglu_oai backward, interleaved, odd width: gate gradients at even
     positions, up gradients at odd ones, the unread tail zero. The output
     buffer starts as NaN so an unwritten element shows. */
  float *dy = malloc(sizeof(float) * ROWS * COLS);
  float *a = malloc(sizeof(float) * ROWS * FUSED);
  float *da = malloc(sizeof(float) * ROWS * FUSED);
  for (int i = 0; i < ROWS * COLS; ++i)
    dy[i] = (float)((i % 5) - 2) * 0.5f;
  for (int i = 0; i < ROWS * FUSED; ++i) {
    a[i] = (float)((i % 37) - 18) * 0.5f;
    da[i] = NAN;
  }
  glu_memref_2d mdy = glu_memref_2d_dense(dy, ROWS, COLS);
  glu_memref_2d ma = glu_memref_2d_dense(a, ROWS, FUSED);
  glu_memref_2d mda = glu_memref_2d_dense(da, ROWS, FUSED);
  glu_oai_back_interleaved(&mdy, &ma, &mda);
  bad = 0;
  for (int r = 0; r < ROWS; ++r) {
    for (int i = 0; i < COLS; ++i) {
      double xv = a[r * FUSED + 2 * i], gv = a[r * FUSED + 2 * i + 1];
      double d = dy[r * COLS + i], alpha = 1.702f, limit = 7.0;
      double xc = xv < limit ? xv : limit;
      double s = sigmoid(alpha * xc);
      double gc = gv < -limit ? -limit : gv > limit ? limit : gv;
      double dx = xv <= limit ? d * (gc + 1) * (s + alpha * xc * s * (1 - s)) : 0;
      double dg = (gv >= -limit && gv <= limit) ? d * xc * s : 0;
      double gotDx = da[r * FUSED + 2 * i], gotDg = da[r * FUSED + 2 * i + 1];
      bad += !(fabs(gotDx - dx) <= 1e-5 * (fabs(dx) + 1e-3));
      bad += !(fabs(gotDg - dg) <= 1e-5 * (fabs(dg) + 1e-3));
    }
    bad += da[r * FUSED + 2 * COLS] != 0.0f;
  }
  printf("oai_back_interleaved: %d of %d values wrong\n", bad,
         ROWS * (2 * COLS + 1));
  failures += bad != 0;

  puts(failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
