/* A stand-in libcuda.so.1 for testing the host side without a GPU: device
 * memory is host memory, modules are accepted (PTX or ELF cubins are
 * recognized), kernels are not run but each launch is logged on stderr as
 * "fake-cuda: launch NAME grid(X,Y,Z) block(X,Y,Z)", and events report
 * 0.25 ms. Only what lib/Runtime/CudaRuntime.cpp loads.
 *
 * Environment, to play a driver that fails:
 *   FAKE_CUDA_INIT=N      cuInit returns N (803: driver/library mismatch)
 *   FAKE_CUDA_DEVICES=N   cuDeviceGetCount reports N devices (default 1)
 *   FAKE_CUDA_NO_CUBIN=1  cubins fail to load (209, no binary for the GPU),
 *                         PTX loads (a driver older than the cubins)
 * It also models what the real driver does not check: a launch on a stream
 * created CU_STREAM_NON_BLOCKING fails, since such a stream does not wait
 * for the copies on the legacy default stream (cuMemcpyHtoD from pageable
 * memory may return before its data has landed). And glu-tabulate's
 * contract (docs/gpu.md): a module has a function __glu_table_init if its
 * PTX or cubin names one (else CUDA_ERROR_NOT_FOUND); a kernel of such a
 * module launched before its __glu_table_init ran, or a second run of it,
 * fails, saying so. */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

/* What a real driver owns until the process ends (device memory the
 * runtime's block cache keeps, function handles of loaded modules) is not
 * a leak of the process: under LeakSanitizer (the sanitized suite), such
 * blocks are ignored. */
void __lsan_ignore_object(const void *p) __attribute__((weak));
static void *driverOwned(void *p) {
  if (p && __lsan_ignore_object)
    __lsan_ignore_object(p);
  return p;
}

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
struct Module { int cubin, hasInit, initRuns; };
struct Function { char name[128]; struct Module *module; };

/* The bytes of an ELF64 cubin: up to the end of its last section or of
 * its section header table. */
static size_t elfSize(const unsigned char *elf) {
  uint64_t shoff; uint16_t shentsize, shnum;
  memcpy(&shoff, elf + 0x28, 8);
  memcpy(&shentsize, elf + 0x3a, 2);
  memcpy(&shnum, elf + 0x3c, 2);
  size_t end = shoff + (size_t)shnum * shentsize;
  for (unsigned i = 0; i < shnum; ++i) {
    const unsigned char *sh = elf + shoff + (size_t)i * shentsize;
    uint32_t type; uint64_t offset, size;
    memcpy(&type, sh + 4, 4);
    memcpy(&offset, sh + 0x18, 8);
    memcpy(&size, sh + 0x20, 8);
    if (type != 8 /* SHT_NOBITS */ && offset + size > end)
      end = offset + size;
  }
  return end;
}

static int names(const void *data, size_t size, const char *name) {
  return memmem(data, size, name, strlen(name)) != NULL;
}
struct Stream { unsigned flags; };

static int envInt(const char *name, int fallback) {
  const char *v = getenv(name);
  return v && *v ? atoi(v) : fallback;
}

CUresult cuInit(unsigned flags) { return envInt("FAKE_CUDA_INIT", 0); }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = envInt("FAKE_CUDA_DEVICES", 1); return 0; }
CUresult cuDeviceGet(int *d, int i) { *d = 0; return 0; }
CUresult cuDeviceGetName(char *name, int len, int d) {
  snprintf(name, len, "fake CUDA device"); return 0; }
CUresult cuDeviceGetAttribute(int *v, int attr, int d) {
  *v = attr == 75 ? 9 : attr == 76 ? 0 : 132; return 0; }
CUresult cuDevicePrimaryCtxRetain(void **ctx, int d) { *ctx = (void *)1; return 0; }
CUresult cuCtxSetCurrent(void *ctx) { return 0; }
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuGetErrorName(CUresult r, const char **s) {
  switch (r) {
  case 0: *s = "CUDA_SUCCESS"; return 0;
  case 100: *s = "CUDA_ERROR_NO_DEVICE"; return 0;
  case 209: *s = "CUDA_ERROR_NO_BINARY_FOR_GPU"; return 0;
  case 500: *s = "CUDA_ERROR_NOT_FOUND"; return 0;
  case 803: *s = "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"; return 0;
  case 999: *s = "CUDA_ERROR_UNKNOWN"; return 0;
  default: *s = NULL; return 1;
  }
}
static int loaded, unloaded;
CUresult cuModuleLoadData(void **m, const void *data) {
  int cubin = memcmp(data, "\x7f" "ELF", 4) == 0;
  if (!cubin && !strstr((const char *)data, ".target sm_90")) {
    fprintf(stderr, "fake-cuda: module is neither a cubin nor PTX for sm_90\n");
    return 200;
  }
  if (cubin && envInt("FAKE_CUDA_NO_CUBIN", 0))
    return 209;
  struct Module *mod = driverOwned(calloc(1, sizeof *mod));
  mod->cubin = cubin;
  mod->hasInit = names(data, cubin ? elfSize(data) : strlen(data),
                       cubin ? "__glu_table_init" : ".entry __glu_table_init(");
  if (loaded++ == 0)
    fprintf(stderr, "fake-cuda: loaded a %s\n", mod->cubin ? "cubin" : "PTX module");
  *m = mod; return 0;
}
CUresult cuModuleLoadDataEx(void **m, const void *data, unsigned n, int *o, void **v) {
  return cuModuleLoadData(m, data); }
CUresult cuModuleUnload(void *m) {
  free(m);
  if (++unloaded == loaded)
    fprintf(stderr, "fake-cuda: all %d modules unloaded\n", loaded);
  return 0; }
CUresult cuModuleGetFunction(void **f, void *m, const char *name) {
  struct Module *mod = m;
  if (strcmp(name, "__glu_table_init") == 0 && !mod->hasInit)
    return 500; /* CUDA_ERROR_NOT_FOUND */
  struct Function *fn = driverOwned(malloc(sizeof *fn));
  fn->module = mod;
  snprintf(fn->name, sizeof fn->name, "%s", name); *f = fn; return 0; }
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned smem, void *s, void **p, void **e) {
  if (s && ((struct Stream *)s)->flags & 1) {
    fprintf(stderr, "fake-cuda: launch on a non-blocking stream races the "
                    "legacy stream's copies\n");
    return 1;
  }
  struct Function *fn = f;
  if (strcmp(fn->name, "__glu_table_init") == 0) {
    if (fn->module->initRuns++) {
      fprintf(stderr, "fake-cuda: __glu_table_init launched again\n");
      return 1;
    }
  } else if (fn->module->hasInit && !fn->module->initRuns) {
    fprintf(stderr, "fake-cuda: %s launched before __glu_table_init\n", fn->name);
    return 1;
  }
  fprintf(stderr, "fake-cuda: launch %s grid(%u,%u,%u) block(%u,%u,%u)\n",
          ((struct Function *)f)->name, gx, gy, gz, bx, by, bz);
  return 0; }
CUresult cuStreamCreate(void **s, unsigned flags) {
  struct Stream *st = driverOwned(malloc(sizeof *st)); st->flags = flags; *s = st; return 0; }
CUresult cuStreamDestroy_v2(void *s) { free(s); return 0; }
CUresult cuStreamSynchronize(void *s) { return 0; }
CUresult cuStreamWaitEvent(void *s, void *e, unsigned f) { return 0; }
CUresult cuEventCreate(void **e, unsigned f) { *e = driverOwned(malloc(1)); return 0; }
CUresult cuEventDestroy_v2(void *e) { free(e); return 0; }
CUresult cuEventSynchronize(void *e) { return 0; }
CUresult cuEventRecord(void *e, void *s) { return 0; }
CUresult cuEventElapsedTime_v2(float *ms, void *a, void *b) { *ms = 0.25f; return 0; }
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) {
  *p = (CUdeviceptr)driverOwned(calloc(1, n)); return *p ? 0 : 2; }
CUresult cuMemAllocManaged(CUdeviceptr *p, size_t n, unsigned f) { return cuMemAlloc_v2(p, n); }
CUresult cuMemFree_v2(CUdeviceptr p) { free((void *)p); return 0; }
CUresult cuMemcpyAsync(CUdeviceptr d, CUdeviceptr s, size_t n, void *st) {
  memcpy((void *)d, (void *)s, n); return 0; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) { memcpy((void *)d, s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) { memcpy(d, (void *)s, n); return 0; }
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, void *st) {
  memcpy((void *)d, (void *)s, n); return 0; }
CUresult cuMemsetD32Async(CUdeviceptr d, unsigned v, size_t n, void *st) {
  for (size_t i = 0; i < n; ++i) ((unsigned *)d)[i] = v; return 0; }
CUresult cuMemsetD16Async(CUdeviceptr d, unsigned short v, size_t n, void *st) {
  for (size_t i = 0; i < n; ++i) ((unsigned short *)d)[i] = v; return 0; }
