//===- CudaRuntime.h - The project's small CUDA runtime ---------*- C++ -*-===//
//
// The functions the host code of glu-to-nvvm calls (the mgpu* ABI that
// MLIR's gpu-to-llvm emits), implemented over the CUDA driver API loaded
// with dlopen("libcuda.so.1") at first use, plus what glu-run and the GPU
// check harness need around them (driver detection, copies, timing).
//
// Plain C++ with no LLVM or MLIR dependency: the harness built for the GPU
// machine (scripts/build-gpu-check.sh) compiles this file with g++ alone.
// Nothing links the toolkit's libcuda stub, so a binary using this runtime
// starts on a machine without a driver and says so (Status::NoDriver).
//
// Errors inside mgpu* calls (which return nothing) are sticky: the first
// one is kept and reported by lastError().
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNTIME_CUDARUNTIME_H
#define GLUDIALECT_RUNTIME_CUDARUNTIME_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" {
void *mgpuModuleLoad(void *data, size_t size);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedMemoryBytes, void *stream,
                      void **params, void **extra, size_t paramsCount);
void *mgpuStreamCreate();
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate();
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
void mgpuSetDefaultDevice(int32_t device);
}

namespace mlir::glu::cuda {

enum class Status {
  Ok,
  /// libcuda.so.1 could not be loaded (the loader's message is the detail).
  NoDriver,
  /// The driver loaded but its start-up failed: a missing entry point, or
  /// cuInit, cuDeviceGetCount (or no device), cuDeviceGet,
  /// cuDevicePrimaryCtxRetain or cuCtxSetCurrent failed; the detail names
  /// the call and the error ("cuInit failed: CUDA_ERROR_NO_DEVICE (100)").
  StartFailed,
};

/// Loads the driver and makes device 0's primary context current (once;
/// later calls return the first result). `detail` receives a description
/// (the device's name, or why it failed).
Status initialize(std::string *detail = nullptr);

/// What start-up found (initializing first), for a report.
struct DriverInfo {
  bool library = false;  // libcuda.so.1 loaded
  int initResult = -1;   // cuInit's raw result (-1: not called)
  std::string initName;  // its cuGetErrorName
  int driverVersion = 0; // cuDriverGetVersion (13000: CUDA 13.0)
  int deviceCount = 0;
  std::string name; // device 0
  int computeMajor = 0, computeMinor = 0, multiprocessors = 0;
};
DriverInfo driverInfo();

/// The first error of any call since the last clearError(), or "".
std::string lastError();
void clearError();

/// Device memory (cached: freed blocks are reused for equal sizes).
void *allocate(size_t bytes);
void release(void *pointer);
/// Frees every cached block.
void trimCache();
bool copyToDevice(void *device, const void *host, size_t bytes);
bool copyToHost(void *host, const void *device, size_t bytes);
bool synchronize();

/// The name and address of every mgpu* function, for a JIT's symbol table.
struct Symbol {
  const char *name;
  void *address;
};
std::vector<Symbol> symbols();

/// Testing: launches get at most `blocks` blocks in x (0: no limit), so that
/// the grid-stride loops of glu-gpu-map-elementwise's kernels wrap around.
/// Only for kernels that stride over their grid (all of glu-to-nvvm's do);
/// a kernel that expects its grid to cover its work would skip work.
void setGridLimit(unsigned blocks);

/// Kernel timing: while enabled, every mgpuLaunchKernel is bracketed by
/// events on its stream and the elapsed device time is added up.
void setKernelTiming(bool enabled);
double kernelMilliseconds();
void resetKernelMilliseconds();

/// Times `repetitions` device-to-device copies of `bytes` bytes (after one
/// warm-up) with events; returns the median in milliseconds, or a negative
/// value on error.
double timeDeviceCopy(void *dst, const void *src, size_t bytes,
                      int repetitions);

/// Device attributes of device 0 (0 when unavailable).
int multiprocessorCount();
std::string deviceName();

} // namespace mlir::glu::cuda

#endif // GLUDIALECT_RUNTIME_CUDARUNTIME_H
