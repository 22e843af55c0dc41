//===- CudaRuntime.cpp - The project's small CUDA runtime -----------------===//
//
// The mgpu* functions over the CUDA driver API, loaded with dlopen. The few
// driver types and entry points used are declared here (their ABI is
// stable), so no CUDA header or library is needed to build this file.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Runtime/CudaRuntime.h"

#include <algorithm>
#include <cstdio>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <unordered_map>

namespace {

// The driver API subset, as cuda.h declares it.
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;
using CUstream = void *;
using CUevent = void *;
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_DEINITIALIZED = 4;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
// A stream created with CU_STREAM_DEFAULT (not CU_STREAM_NON_BLOCKING)
// waits for the work on the legacy default stream, where cuMemcpyHtoD from
// pageable memory runs (it may return before the data has landed).
constexpr unsigned CU_STREAM_DEFAULT = 0;
constexpr unsigned CU_EVENT_DEFAULT = 0;
constexpr unsigned CU_MEM_ATTACH_GLOBAL = 1;
constexpr int CU_JIT_OPTIMIZATION_LEVEL = 7;
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;

struct Driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
};

struct State {
  std::mutex mutex;
  bool attempted = false;
  mlir::glu::cuda::Status status = mlir::glu::cuda::Status::NoDriver;
  std::string detail;
  mlir::glu::cuda::DriverInfo info;
  Driver driver{};
  CUdevice device = 0;
  CUcontext context = nullptr;
  std::string error;
  // The caching allocator: live blocks and their sizes, free blocks by size.
  std::unordered_map<void *, size_t> live;
  std::multimap<size_t, void *> cached;
  // Kernel timing.
  bool timing = false;
  double kernelMs = 0;
  // Testing: the most blocks a launch gets in x (0: as the host code asks).
  unsigned gridLimit = 0;
};

/// Never destroyed: the host code's global destructors (.fini_array entries
/// calling mgpuModuleUnload) run after the destructors of function-local
/// statics, and must still find the state.
State &state() {
  static State *s = new State;
  return *s;
}

template <typename F>
bool load(void *library, F &function, const char *name,
          const char *fallback = nullptr) {
  void *symbol = dlsym(library, name);
  if (!symbol && fallback)
    symbol = dlsym(library, fallback);
  function = reinterpret_cast<F>(symbol);
  return symbol != nullptr;
}

/// Records the first error; returns whether `result` is a success.
bool check(CUresult result, const char *what) {
  if (result == CUDA_SUCCESS)
    return true;
  State &s = state();
  if (s.error.empty()) {
    const char *name = nullptr;
    if (s.driver.cuGetErrorName)
      s.driver.cuGetErrorName(result, &name);
    s.error = std::string(what) + " failed: " + (name ? name : "CUDA error") +
              " (" + std::to_string(result) + ")";
  }
  return false;
}

bool fail(const char *message) {
  State &s = state();
  if (s.error.empty())
    s.error = message;
  return false;
}

/// The driver, initialized; null (with an error recorded) when unavailable.
const Driver *driver() {
  std::string detail;
  mlir::glu::cuda::Status status = mlir::glu::cuda::initialize(&detail);
  if (status == mlir::glu::cuda::Status::NoDriver) {
    fail("no CUDA driver found");
    return nullptr;
  }
  if (status != mlir::glu::cuda::Status::Ok) {
    State &s = state();
    if (s.error.empty())
      s.error = "CUDA driver start-up failed: " + detail;
    return nullptr;
  }
  return &state().driver;
}

CUdeviceptr ptr(const void *p) { return reinterpret_cast<CUdeviceptr>(p); }

} // namespace

/// The name of a driver result ("CUDA_ERROR_NO_DEVICE"), or "".
static std::string errorName(const Driver &d, CUresult result) {
  const char *name = nullptr;
  if (d.cuGetErrorName && d.cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = nullptr;
  return name ? name : "";
}

/// Loads the driver's entry points; the first missing one's name, or "".
static const char *loadEntryPoints(void *library, Driver &d) {
#define GLU_LOAD(field, ...)                                                   \
  if (!load(library, d.field, __VA_ARGS__))                                    \
    return #field;
  GLU_LOAD(cuInit, "cuInit")
  GLU_LOAD(cuDriverGetVersion, "cuDriverGetVersion")
  GLU_LOAD(cuDeviceGetCount, "cuDeviceGetCount")
  GLU_LOAD(cuDeviceGet, "cuDeviceGet")
  GLU_LOAD(cuDeviceGetName, "cuDeviceGetName")
  GLU_LOAD(cuDeviceGetAttribute, "cuDeviceGetAttribute")
  GLU_LOAD(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain")
  GLU_LOAD(cuCtxSetCurrent, "cuCtxSetCurrent")
  GLU_LOAD(cuCtxSynchronize, "cuCtxSynchronize")
  GLU_LOAD(cuGetErrorName, "cuGetErrorName")
  GLU_LOAD(cuModuleLoadData, "cuModuleLoadData")
  GLU_LOAD(cuModuleLoadDataEx, "cuModuleLoadDataEx")
  GLU_LOAD(cuModuleUnload, "cuModuleUnload")
  GLU_LOAD(cuModuleGetFunction, "cuModuleGetFunction")
  GLU_LOAD(cuLaunchKernel, "cuLaunchKernel")
  GLU_LOAD(cuStreamCreate, "cuStreamCreate")
  GLU_LOAD(cuStreamDestroy, "cuStreamDestroy_v2", "cuStreamDestroy")
  GLU_LOAD(cuStreamSynchronize, "cuStreamSynchronize")
  GLU_LOAD(cuStreamWaitEvent, "cuStreamWaitEvent")
  GLU_LOAD(cuEventCreate, "cuEventCreate")
  GLU_LOAD(cuEventDestroy, "cuEventDestroy_v2", "cuEventDestroy")
  GLU_LOAD(cuEventSynchronize, "cuEventSynchronize")
  GLU_LOAD(cuEventRecord, "cuEventRecord")
  GLU_LOAD(cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime")
  GLU_LOAD(cuMemAlloc, "cuMemAlloc_v2")
  GLU_LOAD(cuMemAllocManaged, "cuMemAllocManaged")
  GLU_LOAD(cuMemFree, "cuMemFree_v2")
  GLU_LOAD(cuMemcpyHtoD, "cuMemcpyHtoD_v2")
  GLU_LOAD(cuMemcpyDtoH, "cuMemcpyDtoH_v2")
  GLU_LOAD(cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2")
  GLU_LOAD(cuMemcpyAsync, "cuMemcpyAsync")
  GLU_LOAD(cuMemsetD32Async, "cuMemsetD32Async")
  GLU_LOAD(cuMemsetD16Async, "cuMemsetD16Async")
#undef GLU_LOAD
  return "";
}

/// Driver start-up, once: every call's result is kept, and the first that
/// fails is named with its error name in the detail.
static void startUp(State &s) {
  using mlir::glu::cuda::Status;
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *why = dlerror();
    s.status = Status::NoDriver;
    s.detail = why ? why : "libcuda.so.1 could not be loaded";
    return;
  }
  s.info.library = true;
  Driver &d = s.driver;
  if (const char *missing = loadEntryPoints(library, d); *missing) {
    s.status = Status::StartFailed;
    s.detail = std::string("libcuda.so.1 lacks the entry point ") + missing;
    return;
  }
  auto failed = [&](const char *call, CUresult result) {
    if (result == CUDA_SUCCESS)
      return false;
    std::string name = errorName(d, result);
    s.status = Status::StartFailed;
    s.detail = std::string(call) +
               " failed: " + (name.empty() ? "unknown CUDA error" : name) +
               " (" + std::to_string(result) + ")";
    return true;
  };
  CUresult init = d.cuInit(0);
  s.info.initResult = init;
  s.info.initName = errorName(d, init);
  if (failed("cuInit", init))
    return;
  d.cuDriverGetVersion(&s.info.driverVersion);
  int count = 0;
  if (failed("cuDeviceGetCount", d.cuDeviceGetCount(&count)))
    return;
  s.info.deviceCount = count;
  if (count < 1) {
    s.status = Status::StartFailed;
    s.detail = "cuDeviceGetCount found no device";
    return;
  }
  if (failed("cuDeviceGet", d.cuDeviceGet(&s.device, 0)) ||
      failed("cuDevicePrimaryCtxRetain",
             d.cuDevicePrimaryCtxRetain(&s.context, s.device)) ||
      failed("cuCtxSetCurrent", d.cuCtxSetCurrent(s.context)))
    return;
  char name[256] = "";
  d.cuDeviceGetName(name, sizeof(name), s.device);
  s.info.name = name;
  d.cuDeviceGetAttribute(&s.info.computeMajor,
                         CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                         s.device);
  d.cuDeviceGetAttribute(&s.info.computeMinor,
                         CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                         s.device);
  d.cuDeviceGetAttribute(&s.info.multiprocessors,
                         CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, s.device);
  s.status = Status::Ok;
  s.detail = name;
}

mlir::glu::cuda::Status mlir::glu::cuda::initialize(std::string *detail) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.attempted) {
    s.attempted = true;
    startUp(s);
  }
  // Make the context current on every thread that calls in (once each).
  thread_local bool current = false;
  if (s.status == Status::Ok && !current) {
    s.driver.cuCtxSetCurrent(s.context);
    current = true;
  }
  if (detail)
    *detail = s.detail;
  return s.status;
}

mlir::glu::cuda::DriverInfo mlir::glu::cuda::driverInfo() {
  initialize();
  return state().info;
}

std::string mlir::glu::cuda::lastError() { return state().error; }
void mlir::glu::cuda::clearError() { state().error.clear(); }

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

void *mlir::glu::cuda::allocate(size_t bytes) {
  const Driver *d = driver();
  if (!d)
    return nullptr;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  size_t size = std::max<size_t>(bytes, 1);
  void *block = nullptr;
  if (auto it = s.cached.find(size); it != s.cached.end()) {
    block = it->second;
    s.cached.erase(it);
  } else {
    CUdeviceptr p = 0;
    if (!check(d->cuMemAlloc(&p, size), "cuMemAlloc")) {
      // Out of memory with blocks cached: free them and try once more.
      for (auto &[cachedSize, cachedBlock] : s.cached)
        d->cuMemFree(ptr(cachedBlock));
      s.cached.clear();
      s.error.clear();
      if (!check(d->cuMemAlloc(&p, size), "cuMemAlloc"))
        return nullptr;
    }
    block = reinterpret_cast<void *>(p);
  }
  s.live[block] = size;
  return block;
}

void mlir::glu::cuda::release(void *pointer) {
  if (!pointer)
    return;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.live.find(pointer);
  if (it == s.live.end()) {
    fail("release of a pointer this runtime did not allocate");
    return;
  }
  s.cached.emplace(it->second, pointer);
  s.live.erase(it);
}

void mlir::glu::cuda::trimCache() {
  const Driver *d = driver();
  if (!d)
    return;
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  for (auto &[size, block] : s.cached)
    check(d->cuMemFree(ptr(block)), "cuMemFree");
  s.cached.clear();
}

bool mlir::glu::cuda::copyToDevice(void *device, const void *host,
                                   size_t bytes) {
  const Driver *d = driver();
  return d && (bytes == 0 || check(d->cuMemcpyHtoD(ptr(device), host, bytes),
                                   "cuMemcpyHtoD"));
}

bool mlir::glu::cuda::copyToHost(void *host, const void *device, size_t bytes) {
  const Driver *d = driver();
  return d && (bytes == 0 || check(d->cuMemcpyDtoH(host, ptr(device), bytes),
                                   "cuMemcpyDtoH"));
}

bool mlir::glu::cuda::synchronize() {
  const Driver *d = driver();
  return d && check(d->cuCtxSynchronize(), "cuCtxSynchronize");
}

//===----------------------------------------------------------------------===//
// Timing and attributes
//===----------------------------------------------------------------------===//

void mlir::glu::cuda::setGridLimit(unsigned blocks) {
  state().gridLimit = blocks;
}

void mlir::glu::cuda::setKernelTiming(bool enabled) {
  state().timing = enabled;
}
double mlir::glu::cuda::kernelMilliseconds() { return state().kernelMs; }
void mlir::glu::cuda::resetKernelMilliseconds() { state().kernelMs = 0; }

double mlir::glu::cuda::timeDeviceCopy(void *dst, const void *src, size_t bytes,
                                       int repetitions) {
  const Driver *d = driver();
  if (!d)
    return -1;
  CUevent start = nullptr, stop = nullptr;
  if (!check(d->cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate") ||
      !check(d->cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate"))
    return -1;
  std::vector<double> times;
  for (int i = 0; i <= repetitions; ++i) {
    float ms = 0;
    if (!check(d->cuEventRecord(start, nullptr), "cuEventRecord") ||
        !check(d->cuMemcpyDtoDAsync(ptr(dst), ptr(src), bytes, nullptr),
               "cuMemcpyDtoDAsync") ||
        !check(d->cuEventRecord(stop, nullptr), "cuEventRecord") ||
        !check(d->cuEventSynchronize(stop), "cuEventSynchronize") ||
        !check(d->cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime"))
      return -1;
    if (i > 0)
      times.push_back(ms);
  }
  d->cuEventDestroy(start);
  d->cuEventDestroy(stop);
  if (times.empty())
    return 0;
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

int mlir::glu::cuda::multiprocessorCount() {
  return driverInfo().multiprocessors;
}

std::string mlir::glu::cuda::deviceName() {
  std::string detail;
  return initialize(&detail) == Status::Ok ? detail : "";
}

//===----------------------------------------------------------------------===//
// The mgpu* ABI
//===----------------------------------------------------------------------===//

/// glu-tabulate's contract (docs/gpu.md): a module whose kernels look up
/// 16-bit activations in tables has a kernel `__glu_table_init` (no
/// parameters) that fills them; it runs once, to completion, before the
/// module is returned. CUDA_ERROR_NOT_FOUND: a module without tables.
/// Returns the module, or null (the error recorded) if the fill failed.
static CUmodule fillTables(const Driver *d, CUmodule module) {
  if (!module)
    return nullptr;
  CUfunction init = nullptr;
  CUresult found = d->cuModuleGetFunction(&init, module, "__glu_table_init");
  if (found == CUDA_ERROR_NOT_FOUND)
    return module;
  // 65536 entries, one per thread; the kernel strides over any grid, so
  // the testing cap (setGridLimit) applies as to every launch.
  unsigned blocks = 256, limit = state().gridLimit;
  if (limit && blocks > limit)
    blocks = limit;
  if (check(found, "cuModuleGetFunction(__glu_table_init)") &&
      check(d->cuLaunchKernel(init, blocks, 1, 1, 256, 1, 1, 0, nullptr,
                              nullptr, nullptr),
            "cuLaunchKernel(__glu_table_init)") &&
      check(d->cuCtxSynchronize(), "cuCtxSynchronize(__glu_table_init)"))
    return module;
  d->cuModuleUnload(module);
  return nullptr;
}

extern "C" void *mgpuModuleLoad(void *data, size_t /*size*/) {
  const Driver *d = driver();
  CUmodule module = nullptr;
  if (d && check(d->cuModuleLoadData(&module, data), "cuModuleLoadData"))
    return fillTables(d, module);
  return module;
}

extern "C" void *mgpuModuleLoadJIT(void *data, int optLevel) {
  const Driver *d = driver();
  CUmodule module = nullptr;
  if (!d)
    return nullptr;
  int options[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  if (check(d->cuModuleLoadDataEx(&module, data, 1, options, values),
            "cuModuleLoadDataEx"))
    return fillTables(d, module);
  return module;
}

extern "C" void mgpuModuleUnload(void *module) {
  // Called from global destructors: never initialize the driver here. The
  // driver may have shut down already at process exit (its own destructors
  // can run first); that is no error.
  State &s = state();
  if (!module || s.status != mlir::glu::cuda::Status::Ok)
    return;
  CUresult result = s.driver.cuModuleUnload(module);
  if (result != CUDA_ERROR_DEINITIALIZED)
    check(result, "cuModuleUnload");
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  const Driver *d = driver();
  CUfunction function = nullptr;
  if (!d)
    return nullptr;
  if (!module) {
    fail("mgpuModuleGetFunction: the GPU module failed to load");
    return nullptr;
  }
  check(d->cuModuleGetFunction(&function, module, name), "cuModuleGetFunction");
  return function;
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ,
                                 int32_t sharedMemoryBytes, void *stream,
                                 void **params, void **extra,
                                 size_t /*paramsCount*/) {
  const Driver *d = driver();
  if (!d)
    return;
  if (!function) {
    fail("mgpuLaunchKernel: no kernel function");
    return;
  }
  State &s = state();
  if (s.gridLimit && gridX > intptr_t(s.gridLimit))
    gridX = s.gridLimit;
  CUevent start = nullptr, stop = nullptr;
  if (s.timing) {
    check(d->cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate");
    check(d->cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate");
    check(d->cuEventRecord(start, stream), "cuEventRecord");
  }
  check(d->cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY, blockZ,
                          sharedMemoryBytes, stream, params, extra),
        "cuLaunchKernel");
  if (s.timing) {
    float ms = 0;
    check(d->cuEventRecord(stop, stream), "cuEventRecord");
    check(d->cuEventSynchronize(stop), "cuEventSynchronize");
    check(d->cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime");
    s.kernelMs += ms;
    d->cuEventDestroy(start);
    d->cuEventDestroy(stop);
  }
}

extern "C" void *mgpuStreamCreate() {
  const Driver *d = driver();
  CUstream stream = nullptr;
  if (d)
    check(d->cuStreamCreate(&stream, CU_STREAM_DEFAULT), "cuStreamCreate");
  return stream;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  if (const Driver *d = driver())
    check(d->cuStreamDestroy(stream), "cuStreamDestroy");
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  if (const Driver *d = driver())
    check(d->cuStreamSynchronize(stream), "cuStreamSynchronize");
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  if (const Driver *d = driver())
    check(d->cuStreamWaitEvent(stream, event, 0), "cuStreamWaitEvent");
}

extern "C" void *mgpuEventCreate() {
  const Driver *d = driver();
  CUevent event = nullptr;
  if (d)
    check(d->cuEventCreate(&event, CU_EVENT_DEFAULT), "cuEventCreate");
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  if (const Driver *d = driver())
    check(d->cuEventDestroy(event), "cuEventDestroy");
}

extern "C" void mgpuEventSynchronize(void *event) {
  if (const Driver *d = driver())
    check(d->cuEventSynchronize(event), "cuEventSynchronize");
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  if (const Driver *d = driver())
    check(d->cuEventRecord(event, stream), "cuEventRecord");
}

extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/,
                              bool isHostShared) {
  if (!isHostShared)
    return mlir::glu::cuda::allocate(sizeBytes);
  const Driver *d = driver();
  CUdeviceptr p = 0;
  if (d)
    check(d->cuMemAllocManaged(&p, std::max<uint64_t>(sizeBytes, 1),
                               CU_MEM_ATTACH_GLOBAL),
          "cuMemAllocManaged");
  return reinterpret_cast<void *>(p);
}

extern "C" void mgpuMemFree(void *pointer, void * /*stream*/) {
  State &s = state();
  bool ours;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    ours = s.live.count(pointer) != 0;
  }
  if (ours) {
    mlir::glu::cuda::release(pointer);
    return;
  }
  if (const Driver *d = driver())
    check(d->cuMemFree(ptr(pointer)), "cuMemFree");
}

// Copies and sets are enqueued on the caller's stream, in order with its
// kernels (a null stream is the legacy default stream).
extern "C" void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                           void *stream) {
  if (const Driver *d = driver())
    check(d->cuMemcpyAsync(ptr(dst), ptr(src), sizeBytes, stream),
          "cuMemcpyAsync");
}

extern "C" void mgpuMemset32(void *dst, unsigned int value, size_t count,
                             void *stream) {
  if (const Driver *d = driver())
    check(d->cuMemsetD32Async(ptr(dst), value, count, stream),
          "cuMemsetD32Async");
}

extern "C" void mgpuMemset16(void *dst, unsigned short value, size_t count,
                             void *stream) {
  if (const Driver *d = driver())
    check(d->cuMemsetD16Async(ptr(dst), value, count, stream),
          "cuMemsetD16Async");
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  if (device != 0)
    fail("mgpuSetDefaultDevice: this runtime uses device 0 only");
}

std::vector<mlir::glu::cuda::Symbol> mlir::glu::cuda::symbols() {
  auto address = [](auto function) {
    return reinterpret_cast<void *>(function);
  };
  return {
      {"mgpuModuleLoad", address(&mgpuModuleLoad)},
      {"mgpuModuleLoadJIT", address(&mgpuModuleLoadJIT)},
      {"mgpuModuleUnload", address(&mgpuModuleUnload)},
      {"mgpuModuleGetFunction", address(&mgpuModuleGetFunction)},
      {"mgpuLaunchKernel", address(&mgpuLaunchKernel)},
      {"mgpuStreamCreate", address(&mgpuStreamCreate)},
      {"mgpuStreamDestroy", address(&mgpuStreamDestroy)},
      {"mgpuStreamSynchronize", address(&mgpuStreamSynchronize)},
      {"mgpuStreamWaitEvent", address(&mgpuStreamWaitEvent)},
      {"mgpuEventCreate", address(&mgpuEventCreate)},
      {"mgpuEventDestroy", address(&mgpuEventDestroy)},
      {"mgpuEventSynchronize", address(&mgpuEventSynchronize)},
      {"mgpuEventRecord", address(&mgpuEventRecord)},
      {"mgpuMemAlloc", address(&mgpuMemAlloc)},
      {"mgpuMemFree", address(&mgpuMemFree)},
      {"mgpuMemcpy", address(&mgpuMemcpy)},
      {"mgpuMemset32", address(&mgpuMemset32)},
      {"mgpuMemset16", address(&mgpuMemset16)},
      {"mgpuSetDefaultDevice", address(&mgpuSetDefaultDevice)},
  };
}
