/* A stand-in libcuda.so.1 for testing the host side without a GPU: device
 * memory is host memory, modules are accepted (PTX or ELF cubins are
 * recognized and counted), kernels are not run but each launch is logged
 * on stderr as "fake-cuda: launch NAME grid(X,Y,Z) block(X,Y,Z)", and
 * events report 0.25 ms. Only what lib/Runtime/CudaRuntime.cpp loads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
struct Module { int cubin; };
struct Function { char name[128]; };

CUresult cuInit(unsigned flags) { return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int i) { *d = 0; return 0; }
CUresult cuDeviceGetName(char *name, int len, int d) {
  snprintf(name, len, "fake CUDA device"); return 0; }
CUresult cuDeviceGetAttribute(int *v, int attr, int d) { *v = 132; return 0; }
CUresult cuDevicePrimaryCtxRetain(void **ctx, int d) { *ctx = (void *)1; return 0; }
CUresult cuCtxSetCurrent(void *ctx) { return 0; }
CUresult cuCtxSynchronize(void) { return 0; }
CUresult cuGetErrorName(CUresult r, const char **s) { *s = "CUDA_ERROR_FAKE"; return 0; }
static int loaded;
CUresult cuModuleLoadData(void **m, const void *data) {
  struct Module *mod = driverOwned(malloc(sizeof *mod));
  mod->cubin = memcmp(data, "\x7f" "ELF", 4) == 0;
  if (!mod->cubin && !strstr((const char *)data, ".target sm_90")) {
    fprintf(stderr, "fake-cuda: module is neither a cubin nor PTX for sm_90\n");
    return 200;
  }
  if (loaded++ == 0)
    fprintf(stderr, "fake-cuda: loaded a %s\n", mod->cubin ? "cubin" : "PTX module");
  *m = mod; return 0;
}
CUresult cuModuleLoadDataEx(void **m, const void *data, unsigned n, int *o, void **v) {
  return cuModuleLoadData(m, data); }
CUresult cuModuleUnload(void *m) { free(m); return 0; }
CUresult cuModuleGetFunction(void **f, void *m, const char *name) {
  struct Function *fn = driverOwned(malloc(sizeof *fn));
  snprintf(fn->name, sizeof fn->name, "%s", name); *f = fn; return 0; }
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                        unsigned by, unsigned bz, unsigned smem, void *s, void **p, void **e) {
  fprintf(stderr, "fake-cuda: launch %s grid(%u,%u,%u) block(%u,%u,%u)\n",
          ((struct Function *)f)->name, gx, gy, gz, bx, by, bz);
  return 0; }
CUresult cuStreamCreate(void **s, unsigned flags) { *s = driverOwned(malloc(1)); return 0; }
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
CUresult cuMemcpy(CUdeviceptr d, CUdeviceptr s, size_t n) { memcpy((void *)d, (void *)s, n); return 0; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) { memcpy((void *)d, s, n); return 0; }
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) { memcpy(d, (void *)s, n); return 0; }
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, void *st) {
  memcpy((void *)d, (void *)s, n); return 0; }
CUresult cuMemsetD32_v2(CUdeviceptr d, unsigned v, size_t n) {
  for (size_t i = 0; i < n; ++i) ((unsigned *)d)[i] = v; return 0; }
CUresult cuMemsetD16_v2(CUdeviceptr d, unsigned short v, size_t n) {
  for (size_t i = 0; i < n; ++i) ((unsigned short *)d)[i] = v; return 0; }
