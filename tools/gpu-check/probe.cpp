//===- probe.cpp - What the CUDA driver says at start-up ------------------===//
//
// glu-cuda-probe: loads the driver through the project's runtime (the same
// start-up as glu-run --target=cuda and glu-gpu-check) and prints what it
// found, raw: whether libcuda.so.1 loaded, cuInit's result and error name,
// the driver API version, the devices, and device 0's name, compute
// capability and SM count. No kernel is loaded (unlike glu-gpu-check, whose
// global constructors load every module), so it answers in well under a
// second, and says why the driver would not start.
//
// Exit status: 0 the driver started; 1 it loaded but did not start; 4 no
// driver library.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Runtime/CudaRuntime.h"

#include <cstdio>
#include <cstring>

namespace cuda = mlir::glu::cuda;

int main(int argc, char **argv) {
  if (argc > 1) { // no options: --help must not start the driver
    bool help = !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h");
    std::fprintf(help ? stdout : stderr,
                 "usage: glu-cuda-probe (no options): what the CUDA driver "
                 "says at start-up;\nexit 4 when libcuda.so.1 does not "
                 "load\n");
    return help ? 0 : 2;
  }
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::string detail;
  cuda::Status status = cuda::initialize(&detail);
  cuda::DriverInfo info = cuda::driverInfo();
  std::printf("libcuda.so.1: %s\n", info.library ? "loaded" : detail.c_str());
  if (!info.library)
    return 4;
  if (info.initResult >= 0)
    std::printf("cuInit: %d (%s)\n", info.initResult,
                info.initName.empty() ? "no name" : info.initName.c_str());
  std::printf("driver API version: %d\n", info.driverVersion);
  std::printf("devices: %d\n", info.deviceCount);
  if (status != cuda::Status::Ok) {
    std::printf("start-up failed: %s\n", detail.c_str());
    return 1;
  }
  std::printf("device 0: %s, compute capability %d.%d, %d SMs\n",
              info.name.c_str(), info.computeMajor, info.computeMinor,
              info.multiprocessors);
  return 0;
}
