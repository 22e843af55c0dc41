//===- HostTensor.cpp - Tensors in host memory, and .npy files
//-------------===//

#include "GluDialect/Runner/HostTensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <unistd.h>

#ifdef __linux__
#include <sys/mman.h>
#include <sys/sysinfo.h>
#endif

using namespace mlir::glu;
using llvm::createStringError;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Element kinds and conversions
//===----------------------------------------------------------------------===//

unsigned mlir::glu::elementSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
  case ElementKind::BF16:
    return 2;
  case ElementKind::F32:
  case ElementKind::I32:
    return 4;
  case ElementKind::I64:
    return 8;
  }
  llvm_unreachable("unknown element kind");
}

StringRef mlir::glu::elementName(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "f32";
  case ElementKind::F16:
    return "f16";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I64:
    return "i64";
  }
  llvm_unreachable("unknown element kind");
}

StringRef mlir::glu::npyDescr(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "<f4";
  case ElementKind::F16:
    return "<f2";
  case ElementKind::BF16:
    return "<u2";
  case ElementKind::I32:
    return "<i4";
  case ElementKind::I64:
    return "<i8";
  }
  llvm_unreachable("unknown element kind");
}

static uint32_t bitsOf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  return x;
}

static float floatOf(uint32_t x) {
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

float mlir::glu::halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000u) << 16;
  uint32_t exponent = (h >> 10) & 0x1fu;
  uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0) // zero or subnormal: mantissa * 2^-24, exact in f32
    return floatOf(sign | bitsOf(std::ldexp(float(mantissa), -24)));
  if (exponent == 31) // inf or NaN
    return floatOf(sign | 0x7f800000u | (mantissa << 13));
  return floatOf(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

/// Rounds `value`'s low `shift` bits away, to nearest, ties to even.
static uint32_t roundShift(uint32_t value, unsigned shift) {
  uint32_t q = value >> shift;
  uint32_t rest = value & ((1u << shift) - 1);
  uint32_t half = 1u << (shift - 1);
  return q + (rest > half || (rest == half && (q & 1)));
}

uint16_t mlir::glu::floatToHalf(float value) {
  uint32_t x = bitsOf(value);
  uint16_t sign = (x >> 16) & 0x8000u;
  uint32_t magnitude = x & 0x7fffffffu;
  if (magnitude > 0x7f800000u) // NaN, kept quiet
    return sign | 0x7e00u | ((magnitude >> 13) & 0x3ffu);
  if (magnitude >= 0x477ff000u) // >= 65520 rounds to inf
    return sign | 0x7c00u;
  if (magnitude >= 0x38800000u) // normal: rebias, round 23 -> 10 bits
    return sign | roundShift(magnitude - 0x38000000u, 13);
  if (magnitude <= 0x33000000u) // <= 2^-25 rounds to zero
    return sign;
  // Subnormal half: round(value * 2^24).
  uint32_t exponent = magnitude >> 23;
  uint32_t mantissa = (magnitude & 0x7fffffu) | 0x800000u;
  return sign | roundShift(mantissa, 126 - exponent);
}

float mlir::glu::bf16ToFloat(uint16_t bits) {
  return floatOf(uint32_t(bits) << 16);
}

uint16_t mlir::glu::floatToBf16(float value) {
  uint32_t x = bitsOf(value);
  if ((x & 0x7fffffffu) > 0x7f800000u) // NaN, kept quiet
    return (x >> 16) | 0x40u;
  return (x + 0x7fffu + ((x >> 16) & 1u)) >> 16;
}

//===----------------------------------------------------------------------===//
// HostTensor
//===----------------------------------------------------------------------===//

HostTensor::HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape)
    : kind(kind), shape(shape.begin(), shape.end()) {
  data.assign(size_t(numElements()) * elementSize(kind), 0);
}

int64_t HostTensor::numElements() const {
  int64_t n = 1;
  for (int64_t size : shape)
    n *= size;
  return n;
}

double HostTensor::get(int64_t i) const {
  const uint8_t *p = data.data() + size_t(i) * elementSize(kind);
  switch (kind) {
  case ElementKind::F32: {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case ElementKind::F16:
  case ElementKind::BF16: {
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    return kind == ElementKind::F16 ? halfToFloat(bits) : bf16ToFloat(bits);
  }
  case ElementKind::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case ElementKind::I64: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return double(v);
  }
  }
  llvm_unreachable("unknown element kind");
}

void HostTensor::set(int64_t i, double value) {
  uint8_t *p = data.data() + size_t(i) * elementSize(kind);
  switch (kind) {
  case ElementKind::F32: {
    float v = float(value);
    std::memcpy(p, &v, 4);
    return;
  }
  case ElementKind::F16:
  case ElementKind::BF16: {
    // Rounded once, from the double: through f32 first, 1.0117187490686774
    // (just below a bf16 midpoint) became 1.015625, not 1.0078125.
    uint16_t bits;
    if (std::isnan(value)) {
      bits = kind == ElementKind::F16 ? floatToHalf(float(value))
                                      : floatToBf16(float(value));
    } else {
      llvm::APFloat rounded(value);
      bool losesInfo;
      rounded.convert(kind == ElementKind::F16 ? llvm::APFloat::IEEEhalf()
                                               : llvm::APFloat::BFloat(),
                      llvm::APFloat::rmNearestTiesToEven, &losesInfo);
      bits = uint16_t(rounded.bitcastToAPInt().getZExtValue());
    }
    std::memcpy(p, &bits, 2);
    return;
  }
  case ElementKind::I32: {
    int32_t v = int32_t(value);
    std::memcpy(p, &v, 4);
    return;
  }
  case ElementKind::I64: {
    int64_t v = int64_t(value);
    std::memcpy(p, &v, 8);
    return;
  }
  }
}

/// Stores integer element `i` of an i32 or i64 tensor exactly.
static void setInteger(HostTensor &tensor, int64_t i, int64_t value) {
  uint8_t *p = tensor.data.data() + size_t(i) * elementSize(tensor.kind);
  if (tensor.kind == ElementKind::I64) {
    std::memcpy(p, &value, 8);
    return;
  }
  int32_t v = int32_t(value);
  std::memcpy(p, &v, 4);
}

std::string HostTensor::format(int64_t i) const {
  const uint8_t *p = data.data() + size_t(i) * elementSize(kind);
  switch (kind) {
  case ElementKind::I64: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return std::to_string(v);
  }
  case ElementKind::I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return std::to_string(v);
  }
  case ElementKind::F32:
  case ElementKind::F16:
  case ElementKind::BF16: {
    // The fewest significant digits that always read back to the same value.
    int digits = kind == ElementKind::F32   ? 9
                 : kind == ElementKind::F16 ? 5
                                            : 4;
    char text[64];
    std::snprintf(text, sizeof(text), "%.*g", digits, get(i));
    return text;
  }
  }
  llvm_unreachable("unknown element kind");
}

std::string HostTensor::typeString() const {
  std::string s;
  for (int64_t size : shape)
    s += std::to_string(size) + "x";
  return s + elementName(kind).str();
}

//===----------------------------------------------------------------------===//
// .npy
//===----------------------------------------------------------------------===//

static constexpr char kMagic[] = "\x93NUMPY";
static constexpr uint64_t kMaxNpyHeader = 1 << 20;

/// The entries of a .npy header: a Python dict literal of quoted keys, read
/// as numpy reads it (ast.literal_eval, then exactly the keys 'descr',
/// 'fortran_order' and 'shape'). Values are kept as text: a quoted string
/// with its quotes, a tuple or list with its brackets, or a bare word. A
/// repeated key is an error (Python keeps the last one: a reader taking the
/// first would read other data than numpy does), and so is any other key.
static llvm::Expected<llvm::StringMap<StringRef>>
parseHeaderDict(StringRef header,
                llvm::function_ref<llvm::Error(const llvm::Twine &)> fail) {
  StringRef rest = header.trim();
  if (!rest.consume_front("{") || !rest.consume_back("}"))
    return fail("the header is not a Python dict ('{...}')");
  llvm::StringMap<StringRef> entries;
  // A quoted string (no escapes: numpy writes none) or a bracketed or bare
  // value, up to the next ',' at depth 0.
  auto takeValue = [&](StringRef &text) -> std::optional<StringRef> {
    text = text.ltrim();
    if (text.empty())
      return std::nullopt;
    char quote = text.front();
    if (quote == '\'' || quote == '"') {
      size_t close = text.find(quote, 1);
      if (close == StringRef::npos || text.take_front(close).contains('\\'))
        return std::nullopt;
      StringRef value = text.take_front(close + 1);
      text = text.drop_front(close + 1);
      return value;
    }
    int depth = 0;
    size_t end = 0;
    for (; end < text.size(); ++end) {
      char c = text[end];
      if (c == '(' || c == '[' || c == '{')
        ++depth;
      else if (c == ')' || c == ']' || c == '}')
        --depth;
      else if (c == '\'' || c == '"') { // a string in a list (a record dtype)
        end = text.find(c, end + 1);
        if (end == StringRef::npos)
          return std::nullopt;
      } else if (c == ',' && depth == 0)
        break;
      if (depth < 0)
        return std::nullopt;
    }
    if (depth != 0)
      return std::nullopt;
    StringRef value = text.take_front(end).rtrim();
    text = text.drop_front(end);
    return value.empty() ? std::nullopt : std::optional(value);
  };
  while (!rest.ltrim().empty()) {
    std::optional<StringRef> key = takeValue(rest);
    if (!key || key->size() < 2 ||
        (key->front() != '\'' && key->front() != '"'))
      return fail("the header is not a dict of quoted keys");
    rest = rest.ltrim();
    if (!rest.consume_front(":"))
      return fail("no ':' after the key " + *key);
    std::optional<StringRef> value = takeValue(rest);
    if (!value)
      return fail("bad value of the key " + *key);
    StringRef name = key->drop_front().drop_back();
    if (name != "descr" && name != "fortran_order" && name != "shape")
      return fail("unexpected key " + *key +
                  " (a .npy header has 'descr', 'fortran_order' and 'shape')");
    if (!entries.try_emplace(name, *value).second)
      return fail("the key " + *key + " appears twice");
    rest = rest.ltrim();
    if (!rest.empty() && !rest.consume_front(","))
      return fail("expected ',' after the value " + *value);
  }
  return entries;
}

namespace {
/// What a .npy header says: the element kind and shape, and where the data
/// starts.
struct NpyHeader {
  ElementKind kind;
  llvm::SmallVector<int64_t> shape;
  uint64_t dataOffset, dataBytes;
  std::string shapeText;
};
} // namespace

static llvm::Error npyError(StringRef name, const llvm::Twine &why) {
  // `why` quotes the file's header: its control bytes escaped (a NUL in
  // "<f4\0" printed as "<f4", a supported dtype, in the message).
  std::string text;
  for (unsigned char c : why.str())
    if (llvm::isPrint(c))
      text += char(c);
    else
      text += "\\x" + llvm::utohexstr(c, /*LowerCase=*/false, /*Width=*/2);
  return createStringError(llvm::inconvertibleErrorCode(),
                           "'" + name +
                               "' is not a readable .npy file: " + text);
}

/// The number of bytes of the magic, version and header-length fields
/// (0 if `prefix` is too short to say, which is an error of its own).
static llvm::Expected<uint64_t> npyHeaderEnd(StringRef prefix, StringRef name) {
  if (!prefix.starts_with(StringRef(kMagic, 6)))
    return npyError(name, "missing the \\x93NUMPY magic");
  if (prefix.size() < 10)
    return npyError(name, "truncated header");
  uint8_t major = prefix[6];
  if (major == 1)
    return 10 + (uint8_t(prefix[8]) | (uint64_t(uint8_t(prefix[9])) << 8));
  if (major != 2 && major != 3)
    return npyError(name,
                    "unsupported format version " + llvm::Twine(int(major)));
  if (prefix.size() < 12)
    return npyError(name, "truncated header");
  uint64_t length = 0;
  for (int i = 0; i < 4; ++i)
    length |= uint64_t(uint8_t(prefix[8 + i])) << (8 * i);
  return 12 + length;
}

/// Parses the header of `bytes`, which holds at least npyHeaderEnd bytes.
static llvm::Expected<NpyHeader> parseNpyHeader(StringRef bytes,
                                                StringRef name) {
  auto end = npyHeaderEnd(bytes, name);
  if (!end)
    return end.takeError();
  if (bytes.size() < *end)
    return npyError(name, "truncated header");
  StringRef header =
      bytes.take_front(*end).drop_front(uint8_t(bytes[6]) == 1 ? 10 : 12);
  auto fail = [&](const llvm::Twine &why) { return npyError(name, why); };

  auto entries = parseHeaderDict(header, fail);
  if (!entries)
    return entries.takeError();
  if (entries->size() != 3)
    return fail("header lacks 'descr', 'fortran_order' or 'shape'");
  StringRef descr = entries->lookup("descr");
  StringRef fortran = entries->lookup("fortran_order");
  StringRef shapeText = entries->lookup("shape");
  // A quoted type string; anything else (a record dtype's list) is
  // reported whole as an unsupported dtype.
  bool quoted = descr.size() >= 2 && descr.front() == descr.back() &&
                (descr.front() == '\'' || descr.front() == '"');
  StringRef dtype = quoted ? descr.drop_front().drop_back() : descr;
  if (dtype.size() == 3 && dtype[0] == '>')
    return fail("big-endian dtype '" + dtype + "' is not supported");
  std::optional<ElementKind> kind;
  for (ElementKind k : {ElementKind::F32, ElementKind::F16, ElementKind::BF16,
                        ElementKind::I32, ElementKind::I64}) {
    StringRef want = npyDescr(k).drop_front(); // "f4" etc.
    if (dtype.size() == 3 && (dtype[0] == '<' || dtype[0] == '=') &&
        dtype.drop_front() == want)
      kind = k;
  }
  if (!kind)
    return fail("unsupported dtype '" + dtype +
                "' (expected <f4, <f2, <u2 for bf16 bits, <i4 or <i8)");
  if (fortran == "True")
    return fail("Fortran-order arrays are not supported (save with "
                "np.ascontiguousarray)");
  if (fortran != "False")
    return fail("bad 'fortran_order' value '" + fortran + "'");

  // A Python tuple: "()", "(3,)", "(2, 4)" or "(2, 4,)"; an empty item is
  // only the trailing one after a comma ("(2,,4)" and "(,)" are not shapes).
  StringRef dims = shapeText;
  if (!dims.consume_front("(") || !dims.consume_back(")"))
    return fail("bad 'shape' value '" + shapeText + "'");
  llvm::SmallVector<StringRef> items;
  if (!dims.trim().empty())
    dims.split(items, ',');
  if (items.size() > 1 && items.back().trim().empty())
    items.pop_back();
  // "(2048)" is an int in Python, not a tuple: NumPy rejects it.
  else if (items.size() == 1)
    return fail("bad 'shape' value '" + shapeText +
                "' (a tuple of one size has a comma: (2048,))");
  NpyHeader result{*kind, {}, *end, 0, shapeText.str()};
  uint64_t count = 1;
  for (StringRef dim : items) {
    dim = dim.trim();
    uint64_t size;
    // Decimal digits, no leading zero (Python 3 reads "02" as an error).
    if (dim.empty() || !llvm::all_of(dim, llvm::isDigit) ||
        (dim.size() > 1 && dim.front() == '0') || dim.getAsInteger(10, size) ||
        size > uint64_t(kMaxTensorElements))
      return fail("bad dimension '" + dim + "' in shape " + shapeText);
    if (__builtin_mul_overflow(count, size, &count) ||
        count > uint64_t(kMaxTensorElements))
      return fail("shape " + shapeText + " is too large");
    result.shape.push_back(int64_t(size));
  }
  result.dataBytes = count * elementSize(*kind);
  return result;
}

/// The error of a payload of `actual` bytes where `header` wants its own.
static llvm::Error payloadSizeError(const NpyHeader &header, uint64_t actual,
                                    StringRef name) {
  if (actual < header.dataBytes)
    return npyError(name, "truncated data: shape " + header.shapeText +
                              " needs " + llvm::Twine(header.dataBytes) +
                              " bytes, the file has " + llvm::Twine(actual));
  return npyError(name, "unexpected " + llvm::Twine(actual - header.dataBytes) +
                            " trailing bytes after the data");
}

llvm::Expected<HostTensor> mlir::glu::parseNpy(StringRef bytes,
                                               StringRef name) {
  auto header = parseNpyHeader(bytes, name);
  if (!header)
    return header.takeError();
  StringRef payload = bytes.drop_front(header->dataOffset);
  if (payload.size() != header->dataBytes)
    return payloadSizeError(*header, payload.size(), name);
  HostTensor tensor(header->kind, header->shape);
  if (header->dataBytes) // an empty array has no buffer to copy into
    std::memcpy(tensor.data.data(), payload.data(), header->dataBytes);
  return tensor;
}

/// Reads up to `size` bytes of `fd` into `into` (fewer only at the end).
static llvm::Expected<size_t> readFully(llvm::sys::fs::file_t fd, char *into,
                                        size_t size) {
  size_t done = 0;
  while (done < size) {
    auto n = llvm::sys::fs::readNativeFile(
        fd, llvm::MutableArrayRef<char>(into + done, size - done));
    if (!n)
      return n.takeError();
    if (*n == 0)
      break;
    done += *n;
  }
  return done;
}

/// Why `bytes` of data cannot be held in memory now, or nothing: a failed
/// operator new ends in LLVM's new handler (InitLLVM's), a crash report
/// ("LLVM ERROR: out of memory"), not an error. More than the machine's
/// memory and swap never fits, whatever the overcommit policy; an anonymous
/// mapping of the size says whether the kernel and the address-space limit
/// (ulimit -v) would give it now (ASan's allocator would report a failed
/// malloc).
static std::optional<std::string> memoryProblem(uint64_t bytes) {
  if (bytes == 0) // no mapping to probe (mmap of 0 bytes fails)
    return std::nullopt;
#ifdef __linux__
  struct sysinfo info;
  if (::sysinfo(&info) == 0) {
    uint64_t total =
        (uint64_t(info.totalram) + uint64_t(info.totalswap)) * info.mem_unit;
    if (bytes > total)
      return "needs " + std::to_string(bytes) +
             " bytes of memory, more than this machine's memory and swap (" +
             std::to_string(total) + " bytes)";
  }
  void *probe = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (probe == MAP_FAILED)
    return "needs " + std::to_string(bytes) +
           " bytes, which cannot be allocated now (" + std::strerror(errno) +
           ")";
  ::munmap(probe, bytes);
#else
  (void)bytes;
#endif
  return std::nullopt;
}

static llvm::Error checkNpyMemory(uint64_t bytes, StringRef name) {
  if (std::optional<std::string> problem = memoryProblem(bytes))
    return npyError(name, "its data " + *problem);
  return llvm::Error::success();
}

llvm::Error mlir::glu::checkMemoryFor(uint64_t bytes) {
  if (std::optional<std::string> problem = memoryProblem(bytes))
    return createStringError(llvm::inconvertibleErrorCode(), *problem);
  return llvm::Error::success();
}

llvm::Error mlir::glu::checkAllocatable(ElementKind kind,
                                        llvm::ArrayRef<int64_t> shape) {
  auto fail = [&](const llvm::Twine &why) {
    std::string type;
    for (int64_t size : shape)
      type += (size < 0 ? std::string("?") : std::to_string(size)) + "x";
    return createStringError(llvm::inconvertibleErrorCode(),
                             "a tensor of " + type + elementName(kind) + " " +
                                 why);
  };
  for (int64_t size : shape)
    if (size < 0)
      return fail("has no size (a dynamic or negative one)");
  // Each size too, as in a .npy shape: 0x2^62 holds nothing, but products
  // of its sizes (strides) overflow.
  for (int64_t size : shape)
    if (size > kMaxTensorElements)
      return fail("has a size over 2^48");
  int64_t count = 1;
  for (int64_t size : shape)
    if (__builtin_mul_overflow(count, size, &count) ||
        count > kMaxTensorElements)
      return fail("has more than 2^48 elements");
  if (std::optional<std::string> problem =
          memoryProblem(uint64_t(count) * elementSize(kind)))
    return fail(*problem);
  return llvm::Error::success();
}

// The header is read and checked first, then the payload goes straight
// into the tensor: a file is never held twice in memory, and a stream that
// is not a .npy file (/dev/zero) is rejected after a few bytes.
llvm::Expected<HostTensor> mlir::glu::readNpy(StringRef path) {
  // "-" is standard input, as "-" is standard output for the writers.
  bool standardInput = path == "-";
  if (standardInput)
    path = "<stdin>";
  auto cannotRead = [&](const llvm::Twine &why) {
    return createStringError(llvm::inconvertibleErrorCode(),
                             "cannot read '" + path + "': " + why);
  };
  if (!standardInput && llvm::sys::fs::is_directory(path))
    return cannotRead("it is a directory");
  auto fd = standardInput ? llvm::Expected<llvm::sys::fs::file_t>(STDIN_FILENO)
                          : llvm::sys::fs::openNativeFileForRead(path);
  if (!fd)
    return cannotRead(llvm::toString(fd.takeError()));
  llvm::scope_exit closeFile([&] {
    if (!standardInput)
      llvm::sys::fs::closeFile(*fd);
  });
  auto ioError = [&](llvm::Error e) {
    return cannotRead(llvm::toString(std::move(e)));
  };

  std::string bytes(12, '\0');
  auto got = readFully(*fd, bytes.data(), bytes.size());
  if (!got)
    return ioError(got.takeError());
  bytes.resize(*got);
  auto end = npyHeaderEnd(bytes, path);
  if (!end)
    return end.takeError();
  // The header is read into memory: bound it (numpy writes a few hundred
  // bytes; a version 2 length field can claim 4 GiB).
  if (*end > kMaxNpyHeader)
    return npyError(path, "header of " + llvm::Twine(*end) +
                              " bytes is too large (more than " +
                              llvm::Twine(kMaxNpyHeader) + ")");
  if (*end > bytes.size()) {
    size_t had = bytes.size();
    bytes.resize(*end);
    got = readFully(*fd, bytes.data() + had, *end - had);
    if (!got)
      return ioError(got.takeError());
    bytes.resize(had + *got);
  }
  auto header = parseNpyHeader(bytes, path);
  if (!header)
    return header.takeError();
  uint64_t extra = bytes.size() - header->dataOffset; // read with the header

  // A regular file's size is known: check it before allocating.
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(*fd, status))
    return cannotRead(ec.message());
  if (status.type() == llvm::sys::fs::file_type::regular_file &&
      status.getSize() != header->dataOffset + header->dataBytes)
    return payloadSizeError(*header,
                            status.getSize() > header->dataOffset
                                ? status.getSize() - header->dataOffset
                                : 0,
                            path);

  HostTensor tensor;
  tensor.kind = header->kind;
  tensor.shape = header->shape;
  uint64_t have = std::min<uint64_t>(extra, header->dataBytes);
  tensor.data.assign(bytes.begin() + header->dataOffset,
                     bytes.begin() + header->dataOffset + have);
  // A regular file's size was checked: one allocation. A stream's header
  // may promise more than comes: its buffer grows as the data arrives.
  bool regular = status.type() == llvm::sys::fs::file_type::regular_file;
  while (have < header->dataBytes) {
    uint64_t want =
        regular ? header->dataBytes
                : std::min<uint64_t>(header->dataBytes,
                                     std::max<uint64_t>(2 * have, 1 << 20));
    if (llvm::Error e = checkNpyMemory(want, path))
      return std::move(e);
    tensor.data.resize(want);
    got = readFully(*fd, reinterpret_cast<char *>(tensor.data.data()) + have,
                    want - have);
    if (!got)
      return ioError(got.takeError());
    have += *got;
    if (have < want)
      return payloadSizeError(*header, have, path);
  }
  // A stream (a pipe, a device) may go on: one more byte says so.
  char probe;
  auto more = readFully(*fd, &probe, 1);
  if (!more)
    return ioError(more.takeError());
  if (extra > header->dataBytes || *more)
    return npyError(path, "unexpected trailing bytes after the data");
  return tensor;
}

/// The magic, version, length and header of `tensor`'s .npy file.
static std::string npyHeaderBytes(const HostTensor &tensor) {
  std::string header = "{'descr': '" + npyDescr(tensor.kind).str() +
                       "', 'fortran_order': False, 'shape': (";
  for (int64_t size : tensor.shape)
    header += std::to_string(size) + (tensor.shape.size() == 1 ? "," : ", ");
  if (tensor.shape.size() > 1)
    header.resize(header.size() - 2);
  header += "), }";
  // Pad with spaces so that the data starts at a multiple of 64 bytes.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out(kMagic, 6);
  out += '\x01';
  out += '\x00';
  out += char(header.size() & 0xff);
  out += char(header.size() >> 8);
  return out + header;
}

void mlir::glu::writeNpy(llvm::raw_ostream &os, const HostTensor &tensor) {
  os << npyHeaderBytes(tensor);
  os.write(reinterpret_cast<const char *>(tensor.data.data()),
           tensor.data.size());
}

std::string mlir::glu::serializeNpy(const HostTensor &tensor) {
  std::string out;
  llvm::raw_string_ostream os(out);
  writeNpy(os, tensor);
  return out;
}

//===----------------------------------------------------------------------===//
// Inline tensors
//===----------------------------------------------------------------------===//

/// `text` as a number (true on an error, as StringRef::getAsDouble): all of
/// it, where getAsDouble read "1e", "7E+" or "5e-" as their mantissa.
static bool readNumber(StringRef text, double &number) {
  if (text.getAsDouble(number))
    return true;
  std::string copy = text.str();
  char *end = nullptr;
  (void)std::strtod(copy.c_str(), &end);
  return end != copy.c_str() + copy.size();
}

llvm::Expected<HostTensor> mlir::glu::parseInlineTensor(StringRef spec,
                                                        int64_t maxBytes) {
  auto fail = [&](const llvm::Twine &why) {
    return createStringError(llvm::inconvertibleErrorCode(),
                             "bad inline tensor '" + spec + "': " + why);
  };
  auto [type, values] = spec.split('=');
  if (values.empty())
    return fail("expected SHAPExTYPE=VALUES, e.g. 4x8xf32=random:7");
  llvm::SmallVector<StringRef> parts;
  type.split(parts, 'x');
  std::optional<ElementKind> kind;
  for (ElementKind k : {ElementKind::F32, ElementKind::F16, ElementKind::BF16,
                        ElementKind::I32, ElementKind::I64})
    if (parts.back() == elementName(k))
      kind = k;
  if (!kind)
    return fail("unknown element type '" + parts.back() +
                "' (f32, f16, bf16, i32, i64)");
  llvm::SmallVector<int64_t> shape;
  int64_t count = 1;
  for (StringRef dim : llvm::ArrayRef(parts).drop_back()) {
    int64_t size;
    // Digits only: "-0" read as 0 (the tensor then had no elements).
    if (dim.empty() || !llvm::all_of(dim, llvm::isDigit) ||
        dim.getAsInteger(10, size) || size > (int64_t(1) << 40))
      return fail("bad dimension '" + dim + "'");
    // Each size may be fine and their product not: name the shape, not
    // the size that happened to overflow it.
    if (__builtin_mul_overflow(count, size, &count) ||
        count > (int64_t(1) << 40))
      return fail("shape " + type + " is too large");
    shape.push_back(size);
  }
  // The tensor is allocated before any value is read: bound it.
  if (count > maxBytes / elementSize(*kind))
    return fail("more than " + llvm::Twine(maxBytes) +
                " bytes of data; use a .npy file");
  // As a .npy file's data: under `ulimit -v` the allocation ended the
  // process ("LLVM ERROR: out of memory").
  if (std::optional<std::string> problem =
          memoryProblem(uint64_t(count) * elementSize(*kind)))
    return fail(*problem);
  HostTensor tensor(*kind, shape);
  if (values.consume_front("random:")) {
    uint64_t seed;
    if (values.getAsInteger(10, seed))
      return fail("bad seed '" + values + "'");
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    for (int64_t i = 0; i < count; ++i)
      tensor.set(i, normal(rng));
    return tensor;
  }
  llvm::SmallVector<StringRef> items;
  values.split(items, ',');
  if (items.size() != 1 && int64_t(items.size()) != count)
    return fail("expected 1 or " + llvm::Twine(count) + " values, got " +
                llvm::Twine(items.size()));
  bool isI32 = *kind == ElementKind::I32, isI64 = *kind == ElementKind::I64;
  if (isI32 || isI64) {
    // Integers are read as integers: an i64 beyond 2^53 stays exact.
    llvm::SmallVector<int64_t> numbers;
    for (StringRef item : items) {
      StringRef text = item.trim();
      text.consume_front("+");
      int64_t number;
      double real;
      // Also an integral float literal (1e3), converted only in range
      // (anything else is undefined behaviour).
      if (text.getAsInteger(10, number)) {
        if (readNumber(text, real) || real != std::trunc(real) ||
            !(real >= -9223372036854775808.0 && real < 9223372036854775808.0))
          return fail("value '" + item + "' is not an " + elementName(*kind));
        number = int64_t(real);
      }
      if (isI32 && (number < INT32_MIN || number > INT32_MAX))
        return fail("value '" + item + "' is not an " + elementName(*kind));
      numbers.push_back(number);
    }
    for (int64_t i = 0; i < count; ++i)
      setInteger(tensor, i, numbers.size() == 1 ? numbers[0] : numbers[i]);
    return tensor;
  }
  llvm::SmallVector<double> numbers;
  HostTensor stored(*kind, {1});
  for (StringRef item : items) {
    double number;
    if (readNumber(item.trim(), number))
      return fail("bad value '" + item + "'");
    // A finite number that would be stored as an infinity is not the number
    // written (inf and -inf are written as such; 1e400 is no double).
    stored.set(0, number);
    if (!item.contains_insensitive("inf") && std::isinf(stored.get(0)))
      return fail("value '" + item + "' is out of " + elementName(*kind) +
                  " range");
    numbers.push_back(number);
  }
  for (int64_t i = 0; i < count; ++i)
    tensor.set(i, numbers.size() == 1 ? numbers[0] : numbers[i]);
  return tensor;
}
