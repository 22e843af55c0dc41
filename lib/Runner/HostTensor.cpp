//===- HostTensor.cpp - Tensors in host memory, and .npy files -------------===//

#include "GluDialect/Runner/HostTensor.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <random>

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
    uint16_t bits = kind == ElementKind::F16 ? floatToHalf(float(value))
                                              : floatToBf16(float(value));
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

/// The value after `'key':` in a .npy header dict, up to the next `,` or `}`
/// at depth 0 (tuples included).
static std::optional<StringRef> headerValue(StringRef header, StringRef key) {
  for (char quote : {'\'', '"'}) {
    std::string needle = (llvm::Twine(quote) + key + llvm::Twine(quote)).str();
    size_t at = header.find(needle);
    if (at == StringRef::npos)
      continue;
    StringRef rest = header.drop_front(at + needle.size()).ltrim();
    if (!rest.consume_front(":"))
      return std::nullopt;
    rest = rest.ltrim();
    int depth = 0;
    size_t end = 0;
    for (; end < rest.size(); ++end) {
      char c = rest[end];
      if (c == '(')
        ++depth;
      else if (c == ')')
        --depth;
      else if ((c == ',' || c == '}') && depth == 0)
        break;
    }
    return rest.take_front(end).trim();
  }
  return std::nullopt;
}

llvm::Expected<HostTensor> mlir::glu::parseNpy(StringRef bytes,
                                               StringRef name) {
  auto fail = [&](const llvm::Twine &why) {
    return createStringError(llvm::inconvertibleErrorCode(),
                             "'" + name + "' is not a readable .npy file: " +
                                 why);
  };
  if (!bytes.starts_with(StringRef(kMagic, 6)))
    return fail("missing the \\x93NUMPY magic");
  if (bytes.size() < 10)
    return fail("truncated header");
  uint8_t major = bytes[6];
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = uint8_t(bytes[8]) | (size_t(uint8_t(bytes[9])) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return fail("truncated header");
    headerLength = 0;
    for (int i = 0; i < 4; ++i)
      headerLength |= size_t(uint8_t(bytes[8 + i])) << (8 * i);
    headerStart = 12;
  } else {
    return fail("unsupported format version " + llvm::Twine(int(major)));
  }
  if (bytes.size() < headerStart + headerLength)
    return fail("truncated header");
  StringRef header = bytes.substr(headerStart, headerLength);
  StringRef payload = bytes.drop_front(headerStart + headerLength);

  std::optional<StringRef> descr = headerValue(header, "descr");
  std::optional<StringRef> fortran = headerValue(header, "fortran_order");
  std::optional<StringRef> shapeText = headerValue(header, "shape");
  if (!descr || !fortran || !shapeText)
    return fail("header lacks 'descr', 'fortran_order' or 'shape'");

  StringRef dtype = descr->trim("'\"");
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
  if (*fortran == "True")
    return fail("Fortran-order arrays are not supported (save with "
                "np.ascontiguousarray)");
  if (*fortran != "False")
    return fail("bad 'fortran_order' value '" + *fortran + "'");

  StringRef dims = *shapeText;
  if (!dims.consume_front("(") || !dims.consume_back(")"))
    return fail("bad 'shape' value '" + *shapeText + "'");
  llvm::SmallVector<int64_t> shape;
  uint64_t count = 1;
  for (StringRef dim : llvm::split(dims, ',')) {
    dim = dim.trim();
    if (dim.empty())
      continue;
    uint64_t size;
    if (dim.getAsInteger(10, size) || size > (uint64_t(1) << 48))
      return fail("bad dimension '" + dim + "' in shape " + *shapeText);
    if (__builtin_mul_overflow(count, size, &count) ||
        count > (uint64_t(1) << 48))
      return fail("shape " + *shapeText + " is too large");
    shape.push_back(int64_t(size));
  }
  uint64_t expected = count * elementSize(*kind);
  if (payload.size() < expected)
    return fail("truncated data: shape " + *shapeText + " needs " +
                llvm::Twine(expected) + " bytes, the file has " +
                llvm::Twine(payload.size()));
  if (payload.size() > expected)
    return fail("unexpected " + llvm::Twine(payload.size() - expected) +
                " trailing bytes after the data");
  HostTensor tensor(*kind, shape);
  if (expected) // an empty array has no buffer to copy into
    std::memcpy(tensor.data.data(), payload.data(), expected);
  return tensor;
}

llvm::Expected<HostTensor> mlir::glu::readNpy(StringRef path) {
  if (llvm::sys::fs::is_directory(path))
    return createStringError(llvm::inconvertibleErrorCode(),
                             "cannot read '" + path + "': it is a directory");
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return createStringError(llvm::inconvertibleErrorCode(),
                             "cannot read '" + path +
                                 "': " + buffer.getError().message());
  return parseNpy((*buffer)->getBuffer(), path);
}

std::string mlir::glu::serializeNpy(const HostTensor &tensor) {
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
  out += header;
  out.append(reinterpret_cast<const char *>(tensor.data.data()),
             tensor.data.size());
  return out;
}

llvm::Error mlir::glu::writeNpy(StringRef path, const HostTensor &tensor) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return createStringError(ec, "cannot write '" + path +
                                     "': " + ec.message());
  os << serializeNpy(tensor);
  os.close();
  if (os.has_error())
    return createStringError(os.error(), "cannot write '" + path +
                                             "': " + os.error().message());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Inline tensors
//===----------------------------------------------------------------------===//

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
    if (dim.getAsInteger(10, size) || size < 0 || size > (int64_t(1) << 40) ||
        __builtin_mul_overflow(count, size, &count) ||
        count > (int64_t(1) << 40))
      return fail("bad dimension '" + dim + "'");
    shape.push_back(size);
  }
  // The tensor is allocated before any value is read: bound it.
  if (count > maxBytes / elementSize(*kind))
    return fail("more than " + llvm::Twine(maxBytes) +
                " bytes of data; use a .npy file");
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
  llvm::SmallVector<double> numbers;
  for (StringRef item : items) {
    double number;
    if (item.trim().getAsDouble(number))
      return fail("bad value '" + item + "'");
    // An integer element must be an integer in range (converting anything
    // else is undefined behaviour).
    bool isI32 = *kind == ElementKind::I32, isI64 = *kind == ElementKind::I64;
    if ((isI32 || isI64) &&
        !(number == std::trunc(number) &&
          number >= (isI32 ? -2147483648.0 : -9223372036854775808.0) &&
          number < (isI32 ? 2147483648.0 : 9223372036854775808.0)))
      return fail("value '" + item + "' is not an " + elementName(*kind));
    numbers.push_back(number);
  }
  for (int64_t i = 0; i < count; ++i)
    tensor.set(i, numbers.size() == 1 ? numbers[0] : numbers[i]);
  return tensor;
}
