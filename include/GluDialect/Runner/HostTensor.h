//===- HostTensor.h - Tensors in host memory, and .npy files ----*- C++ -*-===//

#ifndef GLUDIALECT_RUNNER_HOSTTENSOR_H
#define GLUDIALECT_RUNNER_HOSTTENSOR_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::glu {

/// The element types glu-run moves between files and compiled functions.
enum class ElementKind { F32, F16, BF16, I32, I64 };

/// Bytes per element.
unsigned elementSize(ElementKind kind);
/// The MLIR spelling: f32, f16, bf16, i32, i64.
llvm::StringRef elementName(ElementKind kind);
/// The .npy `descr`: <f4, <f2, <u2 (bf16 as raw bits), <i4, <i8.
llvm::StringRef npyDescr(ElementKind kind);

/// The most elements a HostTensor holds: a .npy file's shape, a result the
/// compiled code returns, a tensor glu-train draws (2^48, a petabyte of
/// f32: no machine has it, and no product of sizes up to it overflows).
constexpr int64_t kMaxTensorElements = int64_t(1) << 48;

/// Success when a HostTensor of `kind` and `shape` can be allocated now:
/// no negative size, at most kMaxTensorElements elements, no more bytes
/// than this machine's memory and swap, and an address range the kernel
/// gives (ulimit -v). The constructor cannot fail: a failed allocation
/// there ends the process (std::bad_alloc, or LLVM's "out of memory" crash
/// report), so a shape a user gave (a function's argument types) is checked
/// with this first. The error says why, for the caller to name the tensor.
llvm::Error checkAllocatable(ElementKind kind, llvm::ArrayRef<int64_t> shape);

/// Success when `bytes` of memory can be had now: no more than this
/// machine's memory and swap, and an address range the kernel gives
/// (ulimit -v). The error says why ("needs N bytes of memory, ...").
llvm::Error checkMemoryFor(uint64_t bytes);

/// A dense, row-major tensor in host memory.
struct HostTensor {
  ElementKind kind = ElementKind::F32;
  llvm::SmallVector<int64_t> shape;
  std::vector<uint8_t> data;

  HostTensor() = default;
  HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape);
  // Moves that cannot throw: a std::vector<HostTensor> that grows then
  // moves its tensors instead of copying them (SmallVector's own move is
  // not noexcept), which doubled the peak memory of a run's inputs.
  HostTensor(const HostTensor &) = default;
  HostTensor &operator=(const HostTensor &) = default;
  HostTensor(HostTensor &&other) noexcept
      : kind(other.kind), shape(std::move(other.shape)),
        data(std::move(other.data)) {}
  HostTensor &operator=(HostTensor &&other) noexcept {
    kind = other.kind;
    shape = std::move(other.shape);
    data = std::move(other.data);
    return *this;
  }

  int64_t numElements() const;
  /// Element `i` (row-major) as a double (bf16/f16 decoded exactly).
  double get(int64_t i) const;
  /// Sets element `i`, rounding to nearest even for f16/bf16.
  void set(int64_t i, double value);
  /// Element `i` as text that reads back to the same value: integers
  /// exactly, f32 with 9 significant digits, f16 with 5, bf16 with 4.
  std::string format(int64_t i) const;
  /// "4x8xf32".
  std::string typeString() const;
};

/// f16 / bf16 <-> f32 bit conversions (round to nearest even, NaN kept).
float halfToFloat(uint16_t bits);
uint16_t floatToHalf(float value);
float bf16ToFloat(uint16_t bits);
uint16_t floatToBf16(float value);

/// Reads a .npy file (version 1-3, C order, little endian, a dtype above);
/// "-" reads standard input (named "<stdin>" in errors; left open).
/// Every malformed or truncated file is a descriptive error. The header is
/// checked before the data is read, and the data is read straight into the
/// tensor (peak memory: the tensor).
llvm::Expected<HostTensor> readNpy(llvm::StringRef path);
/// Parses .npy bytes (`name` only labels errors).
llvm::Expected<HostTensor> parseNpy(llvm::StringRef bytes,
                                    llvm::StringRef name = "<buffer>");
/// Writes `tensor` as a version 1.0 .npy file to `os` (the caller checks
/// the stream's error; OutputFiles.h writes files all or nothing).
void writeNpy(llvm::raw_ostream &os, const HostTensor &tensor);
/// The bytes writeNpy writes.
std::string serializeNpy(const HostTensor &tensor);

/// Parses an inline tensor `SHAPExTYPE=VALUES`, e.g. `4x8xf32=random:7`
/// (normal(0, 1) from seed 7), `2x2xbf16=1.5` (a splat) or
/// `3xf32=1,2,3` (every element). A tensor of more than `maxBytes` is an
/// error.
llvm::Expected<HostTensor>
parseInlineTensor(llvm::StringRef spec, int64_t maxBytes = int64_t(1) << 30);

} // namespace mlir::glu

#endif // GLUDIALECT_RUNNER_HOSTTENSOR_H
