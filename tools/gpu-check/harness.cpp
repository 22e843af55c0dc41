//===- harness.cpp - The GPU check: same bits as the CPU, at what speed ---===//
//
// Built by scripts/build-gpu-check.sh from objects compiled here (no MLIR
// or LLVM needed where it runs):
//   cpu_*  every case through glu-to-llvm (the CPU pipeline glu-run uses),
//   emu_*  the same through glu-to-llvm-emulating-gpu (the GPU kernels' MLIR
//          run as loops on the CPU),
//   wrap_* the same with at most 3 blocks per launch (max-blocks=3), so that
//          every grid-stride loop wraps around,
//   gpu_*  the same through glu-to-nvvm (cubins for sm_90, or PTX for the
//          driver to compile, + host code calling lib/Runtime/CudaRuntime.cpp).
//
//   glu-gpu-check [--dry-run] [--filter=REGEX] [--no-bandwidth] [--no-bits]
//                 [--limit=N] [--reps=N] [--dump=DIR]
//                 [--bandwidth-shape=ROWSxHALF]
//
// --limit=N checks the first N matching cases only (the smoke case).
//
// For every case (variant x rounding plan x packing x {fwd, bwd} x type)
// and three shapes (one whose rows are all aligned for 16-byte vectors, two
// ragged: odd fused widths, row lengths that are not a multiple of the
// vector width), the inputs are the same deterministic values with special
// values mixed in; the GPU outputs (--dry-run: the emulated ones) are
// compared bit for bit with the CPU outputs, once with the grid the host
// code computes and once with a grid of 3 blocks (the GPU: the runtime caps
// the launches; --dry-run: the wrap_* objects), where each thread's
// grid-stride loop runs several times. Then, unless --no-bandwidth,
// every variant x {fwd, bwd} x {split, halves, interleaved} in bf16 and f32
// (default rounding plan) is timed at >= 1 GiB moved against a
// device-to-device copy measured in the same run. One table comes last.
//
// Every line goes to stdout, line-buffered (a run killed by a timeout keeps
// what it printed). Exit status: 0 all bits identical; 1 a difference or an
// error (a driver that fails to start: the failed call and its error name);
// 4 no CUDA driver library; 5 the GPU kernels did not load (a driver older
// than the cubins: scripts/gpu-check.sh then runs the PTX variant).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Runtime/CudaRuntime.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <regex>
#include <string>
#include <vector>

namespace cuda = mlir::glu::cuda;

//===----------------------------------------------------------------------===//
// The compiled cases
//===----------------------------------------------------------------------===//

#define PARAMS_1 void *, void *
#define PARAMS_2 void *, void *, void *
#define PARAMS_3 void *, void *, void *, void *
#define INPUTS_split_fwd 2
#define INPUTS_split_bwd 3
#define INPUTS_fused_fwd 1
#define INPUTS_fused_bwd 2

// Every case has 1, 2 or 3 inputs; the declarations must say which (the
// generated table gives the packing and direction as strings, so each
// function is declared with the widest signature it could have and called
// through the exact one below).
#define CASE(name, type, variant, rounding, packing, direction)                \
  extern "C" void _mlir_ciface_cpu_##name(PARAMS_3);                           \
  GPU_DECL(name) EMU_DECL(name)

// What the gpu_* objects hold (the build says: cubins or PTX).
#ifdef GLU_CHECK_PTX
#define GLU_CHECK_KERNELS "PTX (ISA 8.0, sm_90), compiled by the driver"
#else
#define GLU_CHECK_KERNELS "cubins (sm_90, ptxas 13.0)"
#endif
#ifdef GLU_CHECK_GPU
#define GPU_DECL(name) extern "C" void _mlir_ciface_gpu_##name(PARAMS_3);
#define GPU_PTR(name) reinterpret_cast<void *>(&_mlir_ciface_gpu_##name)
#else
#define GPU_DECL(name)
#define GPU_PTR(name) nullptr
#endif
#ifdef GLU_CHECK_EMU
#define EMU_DECL(name)                                                         \
  extern "C" void _mlir_ciface_emu_##name(PARAMS_3);                           \
  extern "C" void _mlir_ciface_wrap_##name(PARAMS_3);
#define EMU_PTR(name)                                                          \
  reinterpret_cast<void *>(&_mlir_ciface_emu_##name),                          \
      reinterpret_cast<void *>(&_mlir_ciface_wrap_##name)
#else
#define EMU_DECL(name)
#define EMU_PTR(name) nullptr, nullptr
#endif
#include "cases.inc"
#undef CASE

// The bandwidth cases (bf16, default plan) once more with tables=0: the
// kernels computing the definition, timed for comparison ("computed").
#ifdef GLU_CHECK_COMPUTED
#define CASE(name, type, variant, rounding, packing, direction)                \
  extern "C" void _mlir_ciface_cmp_##name(PARAMS_3);
#include "computed.inc"
#undef CASE
#endif

namespace {

enum class Type { F32, BF16, F16 };
constexpr Type f32 = Type::F32, bf16 = Type::BF16, f16 = Type::F16;
enum Direction { fwd, bwd };

struct Case {
  const char *name;
  Type type;
  const char *variant, *rounding, *packing;
  Direction direction;
  void *cpu, *gpu, *emu, *wrap;

  bool split() const { return std::strcmp(packing, "split") == 0; }
  int inputs() const { return split() ? 2 + direction : 1 + direction; }
  int outputs() const { return split() && direction == bwd ? 2 : 1; }
};

const Case kCases[] = {
#define CASE(name, type, variant, rounding, packing, direction)                \
  {#name,                                                                      \
   type,                                                                       \
   variant,                                                                    \
   rounding,                                                                   \
   packing,                                                                    \
   direction,                                                                  \
   reinterpret_cast<void *>(&_mlir_ciface_cpu_##name),                         \
   GPU_PTR(name),                                                              \
   EMU_PTR(name)},
#include "cases.inc"
#undef CASE
};

struct Computed {
  const char *name;
  void *gpu;
};
const Computed kComputed[] = {
#ifdef GLU_CHECK_COMPUTED
#define CASE(name, type, variant, rounding, packing, direction)                \
  {#name, reinterpret_cast<void *>(&_mlir_ciface_cmp_##name)},
#include "computed.inc"
#undef CASE
#endif
    {nullptr, nullptr}};

/// The computed twin of a case (tables=0), or null.
void *computedOf(const Case &c) {
  for (const Computed &k : kComputed)
    if (k.name && std::strcmp(k.name, c.name) == 0)
      return k.gpu;
  return nullptr;
}

size_t bytesOf(Type t) { return t == Type::F32 ? 4 : 2; }
const char *nameOf(Type t) {
  return t == Type::F32 ? "f32" : t == Type::BF16 ? "bf16" : "f16";
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

uint16_t toBf16(float f) {
  uint32_t u = bitsOf(f);
  if (std::isnan(f))
    return uint16_t((u >> 16) | 0x40);
  return uint16_t((u + 0x7fff + ((u >> 16) & 1)) >> 16);
}

uint16_t toF16(float f) {
  uint32_t u = bitsOf(f);
  uint32_t sign = (u >> 16) & 0x8000;
  int32_t exponent = int32_t((u >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = u & 0x7fffff;
  if (((u >> 23) & 0xff) == 0xff)
    return uint16_t(sign | 0x7c00 | (mantissa ? 0x200 | (mantissa >> 13) : 0));
  if (exponent >= 31)
    return uint16_t(sign | 0x7c00);
  if (exponent <= 0) {
    if (exponent < -10)
      return uint16_t(sign);
    mantissa |= 0x800000;
    uint32_t shift = uint32_t(14 - exponent);
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t midpoint = 1u << (shift - 1);
    if (rest > midpoint || (rest == midpoint && (half & 1)))
      ++half;
    return uint16_t(sign | half);
  }
  uint32_t half = sign | (uint32_t(exponent) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent, up to infinity: correct
  return uint16_t(half);
}

/// Deterministic values: normal(0, 3) with special values every 61st
/// element (zeros, infinities, NaN, huge, tiny, the kinks of the variants).
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  float normal() {
    double u = std::max(uniform(), 1e-300), v = uniform();
    return float(std::sqrt(-2 * std::log(u)) * std::cos(6.283185307179586 * v));
  }
};

const float kSpecials[] = {0.0f,   -0.0f,  INFINITY, -INFINITY, NAN,
                           1e30f,  -1e30f, 7.0f,     -7.0f,     10.0f,
                           -10.0f, 20.0f,  -100.0f,  1e-40f,    -1e-40f,
                           15.0f,  -15.0f, 1.0f,     -1.0f,     65504.0f};

struct Buffer {
  Type type;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;
  Buffer(Type type, std::vector<int64_t> shape) : type(type), shape(shape) {
    data.resize(count() * bytesOf(type));
  }
  int64_t count() const {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    return n;
  }
  void set(int64_t i, float v) {
    if (type == Type::F32)
      std::memcpy(&data[4 * i], &v, 4);
    else {
      uint16_t h = type == Type::BF16 ? toBf16(v) : toF16(v);
      std::memcpy(&data[2 * i], &h, 2);
    }
  }
  void fill(uint64_t seed, bool specials) {
    Random random(seed);
    int64_t n = count(), k = 0;
    for (int64_t i = 0; i < n; ++i) {
      float v = 3.0f * random.normal();
      if (specials && i % 61 == 17)
        v = kSpecials[k++ % (sizeof(kSpecials) / sizeof(float))];
      set(i, v);
    }
  }
};

/// A ranked memref descriptor of rank 2 (what every case takes and returns).
struct Descriptor {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
};

Descriptor describe(void *data, const std::vector<int64_t> &shape) {
  return {data, data, 0, {shape[0], shape[1]}, {shape[1], 1}};
}

/// Copies a (possibly strided) result into a dense buffer; `device` memory
/// goes through the runtime.
bool gather(const Descriptor &d, Buffer &out, bool device) {
  size_t e = bytesOf(out.type);
  int64_t n = out.count();
  if (n == 0)
    return true;
  int64_t span =
      1 + (d.sizes[0] - 1) * d.strides[0] + (d.sizes[1] - 1) * d.strides[1];
  const uint8_t *base = static_cast<const uint8_t *>(d.aligned) + d.offset * e;
  std::vector<uint8_t> staging;
  if (device) {
    staging.resize(span * e);
    if (!cuda::copyToHost(staging.data(), base, staging.size()))
      return false;
    base = staging.data();
  }
  int64_t i = 0;
  for (int64_t r = 0; r < d.sizes[0]; ++r)
    for (int64_t c = 0; c < d.sizes[1]; ++c, ++i)
      std::memcpy(&out.data[i * e],
                  base + (r * d.strides[0] + c * d.strides[1]) * e, e);
  return true;
}

//===----------------------------------------------------------------------===//
// Running a case
//===----------------------------------------------------------------------===//

using Call1 = void (*)(PARAMS_1);
using Call2 = void (*)(PARAMS_2);
using Call3 = void (*)(PARAMS_3);

void invoke(const Case &c, void *fn, Descriptor *results, Descriptor *in) {
  switch (c.inputs()) {
  case 1:
    reinterpret_cast<Call1>(fn)(results, &in[0]);
    break;
  case 2:
    reinterpret_cast<Call2>(fn)(results, &in[0], &in[1]);
    break;
  default:
    reinterpret_cast<Call3>(fn)(results, &in[0], &in[1], &in[2]);
    break;
  }
}

/// The inputs of `c` at `rows` x `half` (the output width); fused widths
/// are 2 * half + (odd ? 1 : 0).
std::vector<Buffer> inputsOf(const Case &c, int64_t rows, int64_t half,
                             bool odd, bool specials, uint64_t seed) {
  std::vector<Buffer> in;
  std::vector<int64_t> narrow{rows, half}, wide{rows, 2 * half + (odd ? 1 : 0)};
  if (c.direction == bwd)
    in.emplace_back(c.type, narrow); // dy
  if (c.split()) {
    in.emplace_back(c.type, narrow);
    in.emplace_back(c.type, narrow);
  } else {
    in.emplace_back(c.type, wide);
  }
  for (size_t i = 0; i < in.size(); ++i)
    in[i].fill(seed * 7 + i, specials);
  return in;
}

std::vector<Buffer> outputShapesOf(const Case &c,
                                   const std::vector<Buffer> &in) {
  std::vector<Buffer> out;
  const Buffer &a = in.back();
  if (c.direction == fwd)
    out.emplace_back(
        c.type,
        c.split() ? a.shape : std::vector<int64_t>{a.shape[0], a.shape[1] / 2});
  else if (c.split())
    out = {Buffer(c.type, a.shape), Buffer(c.type, a.shape)};
  else
    out.emplace_back(c.type, a.shape);
  return out;
}

/// Runs a host-compiled function (cpu_* or emu_*).
std::vector<Buffer> runHost(const Case &c, void *fn,
                            const std::vector<Buffer> &in) {
  Descriptor args[3], results[2] = {};
  for (size_t i = 0; i < in.size(); ++i)
    args[i] = describe(const_cast<uint8_t *>(in[i].data.data()), in[i].shape);
  invoke(c, fn, results, args);
  std::vector<Buffer> out = outputShapesOf(c, in);
  for (int k = 0; k < c.outputs(); ++k) {
    gather(results[k], out[k], false);
    if (k == 0 || results[k].allocated != results[0].allocated)
      std::free(results[k].allocated);
  }
  return out;
}

/// Device copies of inputs, freed on destruction.
struct DeviceInputs {
  std::vector<void *> pointers;
  Descriptor args[3];
  bool upload(const std::vector<Buffer> &in) {
    for (size_t i = 0; i < in.size(); ++i) {
      void *p = cuda::allocate(in[i].data.size());
      if (!p || !cuda::copyToDevice(p, in[i].data.data(), in[i].data.size()))
        return false;
      pointers.push_back(p);
      args[i] = describe(p, in[i].shape);
    }
    return true;
  }
  ~DeviceInputs() {
    for (void *p : pointers)
      cuda::release(p);
  }
};

void freeDeviceResults(const Case &c, Descriptor *results) {
  for (int k = 0; k < c.outputs(); ++k)
    if (k == 0 || results[k].allocated != results[0].allocated)
      mgpuMemFree(results[k].allocated, nullptr);
}

bool runDevice(const Case &c, const std::vector<Buffer> &in,
               std::vector<Buffer> &out) {
  DeviceInputs device;
  if (!device.upload(in))
    return false;
  Descriptor results[2] = {};
  invoke(c, c.gpu, results, device.args);
  out = outputShapesOf(c, in);
  bool ok = cuda::lastError().empty();
  for (int k = 0; ok && k < c.outputs(); ++k)
    ok = gather(results[k], out[k], true);
  freeDeviceResults(c, results);
  return ok && cuda::lastError().empty();
}

struct Differences {
  int64_t elements = 0, differ = 0, nanPayload = 0;
  std::string first;
};

void compare(const Buffer &ref, const Buffer &got, Differences &d) {
  size_t e = bytesOf(ref.type);
  int64_t n = ref.count();
  d.elements += n;
  for (int64_t i = 0; i < n; ++i) {
    uint32_t a = 0, b = 0;
    std::memcpy(&a, &ref.data[i * e], e);
    std::memcpy(&b, &got.data[i * e], e);
    if (a == b)
      continue;
    auto isNan = [&](uint32_t v) {
      if (ref.type == Type::F32)
        return (v & 0x7f800000u) == 0x7f800000u && (v & 0x7fffffu);
      if (ref.type == Type::BF16)
        return (v & 0x7f80u) == 0x7f80u && (v & 0x7fu);
      return (v & 0x7c00u) == 0x7c00u && (v & 0x3ffu);
    };
    if (isNan(a) && isNan(b)) {
      ++d.nanPayload;
      continue;
    }
    if (d.differ++ == 0) {
      char text[160];
      std::snprintf(text, sizeof(text), "element %lld: cpu 0x%0*x, got 0x%0*x",
                    (long long)i, int(2 * e), a, int(2 * e), b);
      d.first = text;
    }
  }
}

void writeNpy(const std::string &path, const Buffer &b) {
  std::string descr = b.type == Type::F32   ? "<f4"
                      : b.type == Type::F16 ? "<f2"
                                            : "<u2";
  std::string header =
      "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (" +
      std::to_string(b.shape[0]) + ", " + std::to_string(b.shape[1]) + "), }";
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    return;
  unsigned char magic[10] = {0x93,
                             'N',
                             'U',
                             'M',
                             'P',
                             'Y',
                             1,
                             0,
                             (unsigned char)(header.size() & 0xff),
                             (unsigned char)(header.size() >> 8)};
  std::fwrite(magic, 1, 10, f);
  std::fwrite(header.data(), 1, header.size(), f);
  std::fwrite(b.data.data(), 1, b.data.size(), f);
  std::fclose(f);
}

//===----------------------------------------------------------------------===//
// Bandwidth
//===----------------------------------------------------------------------===//

struct Speed {
  double bytes = 0, kernelMs = 0, callMs = 0;
  bool ok = false;
};

double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Fills a device buffer with a repeated random block (values as the checks
/// use, without specials: every variant's code is branch-free).
bool fillDevice(void *p, size_t bytes, Type type, uint64_t seed) {
  const size_t block = 16u << 20;
  Buffer b(type, {1, int64_t(block / bytesOf(type))});
  b.fill(seed, false);
  for (size_t at = 0; at < bytes; at += block)
    if (!cuda::copyToDevice(static_cast<uint8_t *>(p) + at, b.data.data(),
                            std::min(block, bytes - at)))
      return false;
  return true;
}

Speed timeCase(const Case &c, void *function, int64_t rows, int64_t half,
               int reps) {
  Speed s;
  std::vector<int64_t> narrow{rows, half}, wide{rows, 2 * half};
  std::vector<std::vector<int64_t>> shapes;
  if (c.direction == bwd)
    shapes.push_back(narrow);
  if (c.split())
    shapes.insert(shapes.end(), {narrow, narrow});
  else
    shapes.push_back(wide);
  DeviceInputs device;
  size_t e = bytesOf(c.type);
  for (size_t i = 0; i < shapes.size(); ++i) {
    size_t bytes = size_t(shapes[i][0] * shapes[i][1]) * e;
    void *p = cuda::allocate(bytes);
    if (!p || !fillDevice(p, bytes, c.type, 100 + i))
      return s;
    device.pointers.push_back(p);
    device.args[i] = describe(p, shapes[i]);
    s.bytes += bytes;
  }
  // Outputs: as many bytes as the outputs hold.
  if (c.direction == fwd)
    s.bytes += double(rows * half * e);
  else
    s.bytes += double(c.split() ? 2 * rows * half * e : rows * 2 * half * e);
  std::vector<double> kernel, call;
  cuda::setKernelTiming(true);
  for (int i = 0; i <= reps; ++i) {
    Descriptor results[2] = {};
    cuda::resetKernelMilliseconds();
    auto start = std::chrono::steady_clock::now();
    invoke(c, function, results, device.args);
    auto stop = std::chrono::steady_clock::now();
    freeDeviceResults(c, results);
    if (i > 0) {
      kernel.push_back(cuda::kernelMilliseconds());
      call.push_back(
          std::chrono::duration<double, std::milli>(stop - start).count());
    }
  }
  cuda::setKernelTiming(false);
  s.kernelMs = median(kernel);
  s.callMs = median(call);
  s.ok = cuda::lastError().empty();
  return s;
}

//===----------------------------------------------------------------------===//
// Main
//===----------------------------------------------------------------------===//

struct Row {
  Differences diff, wrap;
  int cases = 0;
  std::map<std::string, double> percent; // packing -> % of copy
  std::map<std::string, double> gbps;
  std::map<std::string, double> computed; // the same, tables=0
};

/// The grid of the wrap-around runs: 3 blocks of 256 threads, fewer than
/// the tiles of every shape but the smallest, so each thread's grid-stride
/// loop runs several times and the last round is partial (the wrap_*
/// objects are built with the same max-blocks=3).
constexpr unsigned kWrapBlocks = 3;

int usage(FILE *to, int status) {
  std::fprintf(to, "usage: glu-gpu-check [--dry-run] [--filter=REGEX] "
                   "[--no-bandwidth] [--no-bits] [--limit=N] [--reps=N] "
                   "[--dump=DIR] "
                   "[--bandwidth-shape=ROWSxHALF]\n");
  return status;
}

std::string keyOf(const Case &c) {
  return std::string(c.variant) + " " + (c.direction == fwd ? "fwd" : "bwd") +
         " " + nameOf(c.type);
}

} // namespace

int main(int argc, char **argv) {
  // Line-buffered even into a pipe: a run stopped by a timeout keeps every
  // line it printed. Every message, errors included, goes to stdout.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  bool dryRun = false, bandwidth = true, bits = true;
  int reps = 10, limit = 0;
  // 2^28 output elements: >= 1.5 GiB moved in bf16, 3 GiB in f32.
  long long bandwidthRows = 32768, bandwidthHalf = 8192;
  std::string filter, dump;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--dry-run")
      dryRun = true;
    else if (a == "--no-bandwidth")
      bandwidth = false;
    else if (a == "--no-bits")
      bits = false;
    else if (a.rfind("--filter=", 0) == 0)
      filter = a.substr(9);
    else if (a.rfind("--limit=", 0) == 0)
      limit = std::max(1, std::atoi(a.c_str() + 8));
    else if (a.rfind("--reps=", 0) == 0)
      reps = std::max(1, std::atoi(a.c_str() + 7));
    else if (a.rfind("--dump=", 0) == 0)
      dump = a.substr(7);
    else if (a.rfind("--bandwidth-shape=", 0) == 0) {
      if (std::sscanf(a.c_str() + 18, "%lldx%lld", &bandwidthRows,
                      &bandwidthHalf) != 2 ||
          bandwidthRows < 1 || bandwidthHalf < 1)
        return usage(stdout, 1);
    } else if (a == "--help")
      return usage(stdout, 0);
    else
      return usage(stdout, 1);
  }
  if (!bits && (dryRun || !bandwidth)) {
    std::printf("glu-gpu-check: --no-bits leaves nothing to do with "
                "--dry-run or --no-bandwidth\n");
    return 1;
  }
  std::regex pattern;
  try {
    pattern = std::regex(filter.empty() ? ".*" : filter);
  } catch (const std::regex_error &) {
    std::printf("glu-gpu-check: --filter: not a regular expression: '%s'\n",
                filter.c_str());
    return 1;
  }

  const char *against = dryRun ? "emulated GPU kernels (CPU)" : "GPU";
  if (dryRun) {
    for (const Case &c : kCases)
      if (!c.emu) {
        std::printf("glu-gpu-check: --dry-run needs the emulated kernels "
                    "(built without them)\n");
        return 1;
      }
  } else {
    std::string detail;
    switch (cuda::initialize(&detail)) {
    case cuda::Status::Ok:
      break;
    case cuda::Status::NoDriver:
      std::printf("glu-gpu-check: no CUDA driver found (%s)\n", detail.c_str());
      return 4;
    case cuda::Status::StartFailed:
      std::printf("glu-gpu-check: CUDA driver start-up failed: %s\n",
                  detail.c_str());
      return 1;
    }
    if (!kCases[0].gpu) {
      std::printf("glu-gpu-check: built without the GPU kernels\n");
      return 1;
    }
    cuda::DriverInfo info = cuda::driverInfo();
    std::printf("device: %s, %d SMs, compute capability %d.%d, driver API "
                "%d\n",
                detail.c_str(), info.multiprocessors, info.computeMajor,
                info.computeMinor, info.driverVersion);
    std::printf("kernels: %s\n", GLU_CHECK_KERNELS);
    // The kernels were loaded by global constructors, before main.
    if (std::string error = cuda::lastError(); !error.empty()) {
      std::printf("glu-gpu-check: the kernels did not load (%s): %s\n",
                  GLU_CHECK_KERNELS, error.c_str());
      return 5;
    }
  }

  // Bit-for-bit checks, with the host code's grid and with a small one.
  struct Shape {
    const char *name;
    int64_t rows, half;
    bool odd;
  };
  const Shape shapes[] = {{"aligned", 64, 1024, false},
                          {"ragged", 7, 261, true},
                          {"ragged-long", 37, 261, true}};
  std::map<std::string, Row> table; // "variant fwd bf16"
  std::vector<std::string> order;
  int64_t totalDiffer = 0, totalNan = 0, checked = 0;
  bool errors = false;
  auto rowOf = [&](const Case &c) -> Row & {
    std::string key = keyOf(c);
    if (!table.count(key))
      order.push_back(key);
    return table[key];
  };
  for (const Case &c : kCases) {
    if (!bits || !std::regex_search(c.name, pattern))
      continue;
    if (limit && checked == limit)
      break;
    Row &row = rowOf(c);
    ++row.cases;
    Differences d, w;
    for (const Shape &shape : shapes) {
      std::vector<Buffer> in = inputsOf(c, shape.rows, shape.half, shape.odd,
                                        /*specials=*/true, checked + 1);
      std::vector<Buffer> ref = runHost(c, c.cpu, in);
      // Full grid, then the small grid.
      for (Differences *into : {&d, &w}) {
        bool wrap = into == &w;
        std::vector<Buffer> got;
        if (dryRun) {
          got = runHost(c, wrap ? c.wrap : c.emu, in);
        } else {
          cuda::setGridLimit(wrap ? kWrapBlocks : 0);
          bool ok = runDevice(c, in, got);
          cuda::setGridLimit(0);
          if (!ok) {
            std::printf("ERROR %s (%s%s): %s\n", c.name, shape.name,
                        wrap ? ", 3 blocks" : "", cuda::lastError().c_str());
            cuda::clearError();
            errors = true;
            continue;
          }
        }
        for (size_t k = 0; k < ref.size(); ++k)
          compare(ref[k], got[k], *into);
      }
      if (!dump.empty() && shape.odd && shape.rows == 7) {
        std::string base = dump + "/" + c.name;
        for (size_t k = 0; k < in.size(); ++k)
          writeNpy(base + ".in" + std::to_string(k) + ".npy", in[k]);
        for (size_t k = 0; k < ref.size(); ++k)
          writeNpy(base + ".cpu" + std::to_string(k) + ".npy", ref[k]);
      }
    }
    ++checked;
    std::printf("%-52s %s  %lld elements, %lld differ, %lld NaN payloads%s%s; "
                "3 blocks: %lld differ%s%s\n",
                c.name, d.differ || w.differ ? "DIFF" : "same",
                (long long)d.elements, (long long)d.differ,
                (long long)d.nanPayload,
                d.first.empty() ? "" : "; first: ", d.first.c_str(),
                (long long)w.differ,
                w.first.empty() ? "" : "; first: ", w.first.c_str());
    for (auto [into, from] : {std::pair{&row.diff, &d}, {&row.wrap, &w}}) {
      into->elements += from->elements;
      into->differ += from->differ;
      into->nanPayload += from->nanPayload;
    }
    totalDiffer += d.differ + w.differ;
    totalNan += d.nanPayload + w.nanPayload;
  }
  if (bits && !checked) {
    std::printf("glu-gpu-check: no case matches '%s'\n", filter.c_str());
    return 1;
  }

  // Bandwidth.
  double copyGBps = 0;
  bool timed = false, computed = false;
  if (!dryRun && bandwidth) {
    // As many bytes as one f32 operand of the timed shape: 1 GiB by default.
    const size_t copyBytes = size_t(bandwidthRows * bandwidthHalf) * 4;
    void *src = cuda::allocate(copyBytes), *dst = cuda::allocate(copyBytes);
    double ms = src && dst && fillDevice(src, copyBytes, Type::F32, 1)
                    ? cuda::timeDeviceCopy(dst, src, copyBytes, reps)
                    : -1;
    cuda::release(src);
    cuda::release(dst);
    cuda::trimCache();
    if (ms > 0) {
      copyGBps = 2.0 * copyBytes / (ms * 1e6);
      std::printf("device-to-device copy: %.2f GiB read + written in %.3f ms "
                  "= %.0f GB/s\n",
                  copyBytes / double(1u << 30), ms, copyGBps);
    } else {
      std::printf("ERROR timing the device-to-device copy: %s\n",
                  cuda::lastError().c_str());
      cuda::clearError();
      errors = true;
    }
    for (const Case &c : kCases) {
      if (!std::regex_search(c.name, pattern) ||
          std::strcmp(c.rounding, "two_round") != 0 || c.type == Type::F16 ||
          std::strcmp(c.packing, "swapped") == 0 || copyGBps <= 0)
        continue;
      for (void *function : {c.gpu, computedOf(c)}) {
        if (!function)
          continue;
        bool tables = function == c.gpu;
        Speed s = timeCase(c, function, bandwidthRows, bandwidthHalf, reps);
        cuda::trimCache();
        if (!s.ok) {
          std::printf("ERROR timing %s%s: %s\n", c.name,
                      tables ? "" : " (computed)", cuda::lastError().c_str());
          cuda::clearError();
          errors = true;
          continue;
        }
        double gbps = s.bytes / (s.kernelMs * 1e6);
        std::printf(
            "%-52s %.2f GiB in %.3f ms (call %.3f ms) = %.0f GB/s, %.1f%% "
            "of copy%s\n",
            c.name, s.bytes / double(1u << 30), s.kernelMs, s.callMs, gbps,
            100 * gbps / copyGBps, tables ? "" : " (computed, tables=0)");
        Row &row = rowOf(c);
        if (tables) {
          row.percent[c.packing] = 100 * gbps / copyGBps;
          row.gbps[c.packing] = gbps;
        } else {
          row.computed[c.packing] = 100 * gbps / copyGBps;
          computed = true;
        }
        timed = true;
      }
    }
  }

  // The table.
  std::printf(
      "\n== glu GPU check: %s%s ==\n",
      bits ? (std::string("bits against the CPU (") + against + ")").c_str()
           : "",
      timed ? (bits ? ", bandwidth against a device-to-device copy"
                    : "bandwidth against a device-to-device copy")
            : "");
  if (!dryRun)
    std::printf("kernels: %s\n", GLU_CHECK_KERNELS);
  if (timed)
    std::printf("copy: %.0f GB/s; bandwidth columns: %% of copy (GB/s), kernel "
                "time by CUDA events, %lld x %lld outputs\n",
                copyGBps, bandwidthRows, bandwidthHalf);
  if (computed)
    std::printf("computed: the bf16 kernels with tables=0 (the definition "
                "computed, no lookup), %% of copy\n");
  std::printf("%-24s", "variant pass type");
  if (bits)
    std::printf(" %6s %12s %8s %9s %11s", "cases", "elements", "differ",
                "NaN-bits", "3blk-differ");
  if (timed)
    std::printf(" %14s %14s %14s", "split", "halves", "interleaved");
  if (computed)
    std::printf(" %15s %15s %15s", "computed:split", "computed:halves",
                "computed:interl");
  std::printf("\n");
  for (const std::string &key : order) {
    const Row &row = table[key];
    std::printf("%-24s", key.c_str());
    if (bits)
      std::printf(" %6d %12lld %8lld %9lld %11lld", row.cases,
                  (long long)row.diff.elements, (long long)row.diff.differ,
                  (long long)(row.diff.nanPayload + row.wrap.nanPayload),
                  (long long)row.wrap.differ);
    if (timed)
      for (const char *p : {"split", "halves", "interleaved"}) {
        char cell[32] = "-";
        if (row.percent.count(p))
          std::snprintf(cell, sizeof(cell), "%.1f%% (%.0f)", row.percent.at(p),
                        row.gbps.at(p));
        std::printf(" %14s", cell);
      }
    if (computed)
      for (const char *p : {"split", "halves", "interleaved"}) {
        char cell[32] = "-";
        if (row.computed.count(p))
          std::snprintf(cell, sizeof(cell), "%.1f%%", row.computed.at(p));
        std::printf(" %15s", cell);
      }
    std::printf("\n");
  }
  if (bits)
    std::printf("verdict: %lld cases, %s%s\n", (long long)checked,
                totalDiffer ? "BITS DIFFER" : "bitwise identical",
                errors     ? " (with errors)"
                : totalNan ? " except NaN payloads (see NaN-bits)"
                           : "");
  else
    std::printf("verdict: bandwidth only%s\n",
                errors ? " (with errors)" : (timed ? "" : ", nothing timed"));
  return (totalDiffer || errors || (!bits && !timed)) ? 1 : 0;
}
