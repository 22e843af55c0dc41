//===- HostTensorTest.cpp - .npy files, inline tensors, conversions -------===//

#include "GluDialect/Runner/HostTensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <type_traits>

using namespace mlir::glu;

namespace {

/// A .npy file with the given header dict and `payload` bytes of data.
std::string npy(const std::string &dict, size_t payload, int version = 1) {
  std::string header = dict + "\n";
  std::string out("\x93NUMPY", 6);
  out += char(version);
  out += '\0';
  if (version == 1) {
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
  } else {
    for (int i = 0; i < 4; ++i)
      out += char((header.size() >> (8 * i)) & 0xff);
  }
  return out + header + std::string(payload, '\x01');
}

std::string errorOf(llvm::Expected<HostTensor> result) {
  if (result)
    return "";
  return llvm::toString(result.takeError());
}

TEST(Npy, RoundTripsEveryKind) {
  for (ElementKind kind :
       {ElementKind::F32, ElementKind::F16, ElementKind::BF16, ElementKind::I32,
        ElementKind::I64}) {
    HostTensor t(kind, {2, 3});
    for (int i = 0; i < 6; ++i)
      t.set(i,
            i - 2.5 * (kind != ElementKind::I32 && kind != ElementKind::I64));
    auto back = parseNpy(serializeNpy(t));
    ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
    EXPECT_EQ(back->kind, kind);
    EXPECT_EQ(back->shape, t.shape);
    EXPECT_EQ(back->data, t.data);
  }
}

TEST(Npy, HeaderIsPaddedTo64Bytes) {
  HostTensor t(ElementKind::F32, {5});
  std::string bytes = serializeNpy(t);
  EXPECT_EQ((bytes.size() - 20) % 64, 0u);
}

TEST(Npy, AcceptsVersions2And3AndScalars) {
  EXPECT_EQ(errorOf(parseNpy(npy("{'descr': '<f4', 'fortran_order': False, "
                                 "'shape': (2, 2), }",
                                 16, 2))),
            "");
  EXPECT_EQ(errorOf(parseNpy(npy("{'descr': '<f2', 'fortran_order': False, "
                                 "'shape': (), }",
                                 2, 3))),
            "");
}

// Found by glu-npy-fuzzer (UBSan: memcpy into the null buffer of an
// empty array).
TEST(Npy, AcceptsEmptyArrays) {
  auto empty = parseNpy(npy("{'descr': '<u2', 'fortran_order': False, "
                            "'shape': (1, 0, 4), }",
                            0));
  ASSERT_TRUE(bool(empty)) << llvm::toString(empty.takeError());
  EXPECT_EQ(empty->numElements(), 0);
  EXPECT_EQ(empty->shape, (llvm::SmallVector<int64_t>{1, 0, 4}));
  auto back = parseNpy(serializeNpy(*empty));
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->shape, empty->shape);
}

struct BadCase {
  const char *name;
  std::string bytes;
  const char *message;
};

TEST(Npy, RejectsMalformedFilesWithAReason) {
  std::string good = "{'descr': '<f4', 'fortran_order': False, "
                     "'shape': (2, 3), }";
  BadCase cases[] = {
      {"not npy", "hello world, not a numpy file", "missing the \\x93NUMPY"},
      {"empty", "", "missing the \\x93NUMPY magic"},
      {"truncated header", npy(good, 24).substr(0, 20), "truncated header"},
      {"truncated data", npy(good, 23), "truncated data"},
      {"trailing bytes", npy(good, 25), "trailing bytes"},
      {"version 9", npy(good, 24, 9), "unsupported format version 9"},
      {"fortran",
       npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, "
           "3), }",
           24),
       "Fortran-order arrays are not supported"},
      {"big endian",
       npy("{'descr': '>f4', 'fortran_order': False, 'shape': "
           "(2, 3), }",
           24),
       "big-endian dtype"},
      {"float64",
       npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, "
           "3), }",
           48),
       "unsupported dtype '<f8'"},
      {"negative dim",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (-2, 3), }",
           24),
       "bad dimension '-2'"},
      // What NumPy rejects: an int, not a tuple; a leading zero.
      {"no tuple",
       npy("{'descr': '<f4', 'fortran_order': False, 'shape': (6), }", 24),
       "bad 'shape' value '(6)' (a tuple of one size has a comma: (2048,))"},
      {"leading zero",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (02, 3), }",
           24),
       "bad dimension '02'"},
      {"huge dims",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (4294967296, 4294967296), }",
           24),
       "too large"},
      {"missing shape", npy("{'descr': '<f4', 'fortran_order': False}", 24),
       "header lacks"},
      {"bad shape",
       npy("{'descr': '<f4', 'fortran_order': False, 'shape': "
           "[2, 3], }",
           24),
       "bad 'shape' value"},
      {"shape text",
       npy("{'descr': '<f4', 'fortran_order': False, 'shape': "
           "(2, x), }",
           24),
       "bad dimension 'x'"},
      {"dimension over 2^48",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (281474976710657,), }",
           24),
       "bad dimension '281474976710657'"},
      {"dimension over 2^64",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (18446744073709551616,), }",
           24),
       "bad dimension '18446744073709551616'"},
      {"byte",
       npy("{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }", 2),
       "unsupported dtype '|u1'"},
      {"big-endian bf16 bits",
       npy("{'descr': '>u2', 'fortran_order': False, "
           "'shape': (2,), }",
           4),
       "big-endian dtype '>u2'"},
      {"fortran maybe",
       npy("{'descr': '<f4', 'fortran_order': Maybe, "
           "'shape': (2,), }",
           8),
       "bad 'fortran_order' value 'Maybe'"},
      {"missing descr", npy("{'fortran_order': False, 'shape': (2,), }", 8),
       "header lacks"},
      {"header past the end", npy(good, 24).substr(0, 12), "truncated header"},
      {"version 2 truncated", npy(good, 24, 2).substr(0, 11),
       "truncated header"},
      {"version 0", npy(good, 24, 0), "unsupported format version 0"},
      // A shape is a Python tuple: an empty item only after the last comma.
      {"empty dimension",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (2,,4), }",
           32),
       "bad dimension '' in shape (2,,4)"},
      {"leading comma",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (,8), }",
           32),
       "bad dimension '' in shape (,8)"},
      {"only a comma",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (,), }",
           4),
       "bad dimension '' in shape (,)"},
      // The header is read as numpy reads it: a dict of exactly three
      // keys. Python keeps a repeated key's last value, so a reader taking
      // the first would read '<f4' where numpy reads '>f4'.
      {"repeated key",
       npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), "
           "'descr': '>f4', }",
           8),
       "the key 'descr' appears twice"},
      {"other key",
       npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), "
           "'x': 1, }",
           8),
       "unexpected key 'x'"},
      {"a key's name in a value",
       npy("{'descr': '<f4', 'fortran_order': False, 'x': \"'shape': "
           "(8,)\", 'shape': (2,), }",
           8),
       "unexpected key 'x'"},
      {"no braces",
       npy("'descr': '<f4', 'fortran_order': False, 'shape': (2,)", 8),
       "not a Python dict"},
      {"bare keys", npy("{descr: '<f4', fortran_order: False, shape: (2,)}", 8),
       "not a dict of quoted keys"},
      {"record dtype",
       npy("{'descr': [('a', '<f4')], 'fortran_order': False, "
           "'shape': (2,), }",
           8),
       "unsupported dtype '[('a', '<f4')]'"},
      // A control byte in the header is escaped in the message: "<f4\0"
      // read as the supported "<f4" there.
      {"NUL in the dtype",
       npy(std::string("{'descr': '<f4\0', 'fortran_order': False, "
                       "'shape': (2,), }",
                       58),
           8),
       "unsupported dtype '<f4\\x00'"},
      {"two trailing commas",
       npy("{'descr': '<f4', 'fortran_order': False, "
           "'shape': (8,,), }",
           32),
       "bad dimension '' in shape (8,,)"},
  };
  for (const BadCase &c : cases) {
    std::string message = errorOf(parseNpy(c.bytes, "x.npy"));
    EXPECT_NE(message.find(c.message), std::string::npos)
        << c.name << ": got '" << message << "'";
    EXPECT_NE(message.find("'x.npy' is not a readable .npy file"),
              std::string::npos)
        << c.name;
  }
}

TEST(Npy, AcceptsPythonTupleShapes) {
  for (auto [text, shape] :
       {std::pair<const char *, llvm::SmallVector<int64_t>>{"()", {}},
        {"(3,)", {3}},
        {"( 3 , )", {3}},
        {"(2, 4)", {2, 4}},
        {"(2, 4,)", {2, 4}}}) {
    HostTensor t(ElementKind::F32, shape);
    auto back = parseNpy(npy(std::string("{'descr': '<f4', 'fortran_order': "
                                         "False, 'shape': ") +
                                 text + ", }",
                             t.data.size()));
    ASSERT_TRUE(bool(back)) << text << ": " << llvm::toString(back.takeError());
    EXPECT_EQ(back->shape, shape) << text;
  }
}

/// A temporary .npy file, removed (and its descriptor closed) at scope
/// exit; `created` says whether createTemporaryFile succeeded.
struct TempFile {
  llvm::SmallString<128> path;
  int fd = -1;
  bool created = false;
  llvm::FileRemover remove;
  TempFile() {
    created =
        !llvm::sys::fs::createTemporaryFile("glu-npy-test", "npy", fd, path);
    if (created)
      remove.setFile(path);
  }
  ~TempFile() {
    if (fd >= 0)
      llvm::sys::fs::closeFile(fd);
  }
};

/// readNpy reads the header, then the data into the tensor: the same
/// tensors and errors as parseNpy of the whole file.
TEST(Npy, ReadsFilesLikeBytes) {
  TempFile file;
  ASSERT_TRUE(file.created);
  const llvm::SmallString<128> &path = file.path;
  auto write = [&](const std::string &bytes) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << bytes;
  };
  HostTensor t(ElementKind::I64, {3, 5});
  for (int i = 0; i < 15; ++i)
    t.set(i, i * 1000 - 7);
  write(serializeNpy(t));
  auto back = readNpy(path);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->shape, t.shape);
  EXPECT_EQ(back->data, t.data);

  write(serializeNpy(t) + "xy");
  EXPECT_NE(errorOf(readNpy(path)).find("unexpected 2 trailing bytes"),
            std::string::npos);
  write(serializeNpy(t).substr(0, serializeNpy(t).size() - 3));
  EXPECT_NE(errorOf(readNpy(path)).find("needs 120 bytes, the file has 117"),
            std::string::npos);
  write(serializeNpy(t).substr(0, 11));
  EXPECT_NE(errorOf(readNpy(path)).find("truncated header"), std::string::npos);
  // A header promising 2^48 elements in a small file: an error before any
  // allocation (ASan would report an allocation of 1 PiB).
  write(npy("{'descr': '<f4', 'fortran_order': False, "
            "'shape': (65536, 65536, 65536), }",
            16));
  EXPECT_NE(errorOf(readNpy(path)).find("truncated data"), std::string::npos);
}

/// A well-formed file whose data cannot be held in memory (8 TiB, sparse)
/// is an error: the allocation ended in LLVM's crash report.
TEST(Npy, DataLargerThanMemoryIsAnError) {
  TempFile file;
  ASSERT_TRUE(file.created);
  const llvm::SmallString<128> &path = file.path;
  int &fd = file.fd;
  std::string header = npy("{'descr': '<f4', 'fortran_order': False, "
                           "'shape': (2199023255552,), }",
                           0);
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/false);
    os << header;
  }
  uint64_t data = uint64_t(1) << 43;
  if (llvm::sys::fs::resize_file(fd, header.size() + data)) {
    llvm::sys::fs::closeFile(fd);
    GTEST_SKIP() << "the file system holds no sparse file of 8 TiB";
  }
  llvm::sys::fs::closeFile(fd);
  std::string message = errorOf(readNpy(path));
  EXPECT_NE(message.find("its data needs 8796093022208 bytes of memory"),
            std::string::npos)
      << message;
}

std::string problemOf(ElementKind kind, llvm::ArrayRef<int64_t> shape) {
  llvm::Error e = checkAllocatable(kind, shape);
  return e ? llvm::toString(std::move(e)) : "";
}

/// What the constructor would allocate is checked first: a shape from a
/// function's type can be anything the type system takes.
TEST(HostTensor, CheckAllocatable) {
  EXPECT_EQ(problemOf(ElementKind::F32, {4, 8}), "");
  EXPECT_EQ(problemOf(ElementKind::F32, {}), "");
  EXPECT_EQ(problemOf(ElementKind::I64, {0, int64_t(1) << 48}), "");
  EXPECT_EQ(problemOf(ElementKind::F32, {-1, 4}),
            "a tensor of ?x4xf32 has no size (a dynamic or negative one)");
  EXPECT_EQ(problemOf(ElementKind::F32, {0, int64_t(1) << 62}),
            "a tensor of 0x4611686018427387904xf32 has a size over 2^48");
  // The product wraps in 64 bits.
  EXPECT_EQ(problemOf(ElementKind::BF16, {int64_t(1) << 40, int64_t(1) << 40}),
            "a tensor of 1099511627776x1099511627776xbf16 has more than 2^48 "
            "elements");
  std::string message =
      problemOf(ElementKind::F32, {int64_t(1) << 40, 16}); // 64 TiB
  EXPECT_NE(message.find("a tensor of 1099511627776x16xf32 needs "
                         "70368744177664 bytes of memory"),
            std::string::npos)
      << message;
}

TEST(Npy, AcceptsNativeByteOrder) {
  auto t = parseNpy(npy("{'descr': '=f4', 'fortran_order': False, "
                        "'shape': (2,), }",
                        8));
  ASSERT_TRUE(bool(t)) << llvm::toString(t.takeError());
  EXPECT_EQ(t->kind, ElementKind::F32);
}

TEST(Npy, MissingFileIsAnError) {
  std::string message = errorOf(readNpy("/nonexistent/dir/file.npy"));
  EXPECT_NE(message.find("cannot read '/nonexistent/dir/file.npy'"),
            std::string::npos)
      << message;
}

TEST(InlineTensor, ParsesSplatsListsAndRandom) {
  auto splat = parseInlineTensor("2x2xbf16=1.5");
  ASSERT_TRUE(bool(splat));
  EXPECT_EQ(splat->get(3), 1.5);
  auto ints = parseInlineTensor("2xi32=-2147483648,2147483647");
  ASSERT_TRUE(bool(ints)) << llvm::toString(ints.takeError());
  EXPECT_EQ(ints->get(0), -2147483648.0);
  EXPECT_EQ(ints->get(1), 2147483647.0);
  auto list = parseInlineTensor("3xf32=1,2,3");
  ASSERT_TRUE(bool(list));
  EXPECT_EQ(list->get(2), 3.0);
  auto a = parseInlineTensor("4x8xf32=random:7");
  auto b = parseInlineTensor("4x8xf32=random:7");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->data, b->data);
}

TEST(InlineTensor, IntegersAreExact) {
  auto big = parseInlineTensor("2xi64=9007199254740993,-9223372036854775808");
  ASSERT_TRUE(bool(big)) << llvm::toString(big.takeError());
  EXPECT_EQ(big->format(0), "9007199254740993");
  EXPECT_EQ(big->format(1), "-9223372036854775808");
  auto mixed = parseInlineTensor("3xi32=+7,1e3,-0");
  ASSERT_TRUE(bool(mixed)) << llvm::toString(mixed.takeError());
  EXPECT_EQ(mixed->format(0) + " " + mixed->format(1) + " " + mixed->format(2),
            "7 1000 0");
  EXPECT_EQ(errorOf(parseInlineTensor("1xi64=9223372036854775808"))
                    .find("is not an i64") != std::string::npos,
            true);
}

TEST(InlineTensor, NumbersAreReadWhole) {
  // An exponent without digits was read as the mantissa alone (1e -> 1).
  EXPECT_EQ(errorOf(parseInlineTensor("2xf32=1,7E+")),
            "bad inline tensor '2xf32=1,7E+': bad value '7E+'");
  EXPECT_EQ(errorOf(parseInlineTensor("1xbf16=1.5e")),
            "bad inline tensor '1xbf16=1.5e': bad value '1.5e'");
  EXPECT_EQ(errorOf(parseInlineTensor("1xi32=5e-")),
            "bad inline tensor '1xi32=5e-': value '5e-' is not an i32");
  auto whole = parseInlineTensor("3xf32=2e-1,-1E+2,0x1p3");
  ASSERT_TRUE(bool(whole)) << llvm::toString(whole.takeError());
  EXPECT_EQ(whole->get(0), 0.2f);
  EXPECT_EQ(whole->get(1), -100.0);
  EXPECT_EQ(whole->get(2), 8.0);
}

TEST(InlineTensor, ShapesTooLargeNameTheShape) {
  // Sizes each in range whose product is not: the shape is named, not the
  // size that overflowed it (the message blamed '4' in 2^40 x 4).
  EXPECT_EQ(errorOf(parseInlineTensor("1099511627776x4xf32=1")),
            "bad inline tensor '1099511627776x4xf32=1': shape "
            "1099511627776x4xf32 is too large");
  EXPECT_EQ(errorOf(parseInlineTensor("1048576x1048576x1048576x0xf32=1")),
            "bad inline tensor '1048576x1048576x1048576x0xf32=1': shape "
            "1048576x1048576x1048576x0xf32 is too large");
  EXPECT_EQ(errorOf(parseInlineTensor("1099511627777x0xf32=1")),
            "bad inline tensor '1099511627777x0xf32=1': bad dimension "
            "'1099511627777'");
}

TEST(InlineTensor, FiniteValuesOutOfRangeAreErrors) {
  // Finite values each type rounds to infinity.
  for (const char *spec : {"2xf32=1,1e39", "1xf32=-3.4028236e38", "1xf32=1e400",
                           "1xf16=65520", "1xf16=-70000", "1xbf16=3.3962e38"}) {
    std::string message = errorOf(parseInlineTensor(spec));
    EXPECT_NE(message.find("range"), std::string::npos) << spec << message;
  }
  EXPECT_EQ(errorOf(parseInlineTensor("1xf16=70000")),
            "bad inline tensor '1xf16=70000': value '70000' is out of f16 "
            "range");
  // The largest finite values, infinities written as such, and underflow.
  for (const char *spec :
       {"1xf32=3.4028235e38", "1xf16=65519", "1xf16=65519.999",
        "2xf16=inf,-inf", "1xbf16=3.3961e38", "1xf32=1e-50"}) {
    auto t = parseInlineTensor(spec);
    EXPECT_TRUE(bool(t)) << spec << (t ? "" : llvm::toString(t.takeError()));
  }
}

TEST(HostTensor, SetRoundsOnceFromTheDouble) {
  // Just below a midpoint: through f32 first, the double rounded up to the
  // midpoint, and the tie to even went up as well.
  struct Case {
    ElementKind kind;
    double value;
    const llvm::fltSemantics &semantics;
  } cases[] = {
      {ElementKind::BF16, 1.0117187490686774, llvm::APFloat::BFloat()},
      {ElementKind::F16, 1.0014648428559303, llvm::APFloat::IEEEhalf()},
      {ElementKind::F16, 65519.999, llvm::APFloat::IEEEhalf()},
      {ElementKind::BF16, -3.0e-41, llvm::APFloat::BFloat()},
      {ElementKind::F16, 2.9802322387695312e-08, llvm::APFloat::IEEEhalf()}};
  for (const Case &c : cases) {
    HostTensor t(c.kind, {1});
    t.set(0, c.value);
    llvm::APFloat expected(c.value);
    bool losesInfo;
    expected.convert(c.semantics, llvm::APFloat::rmNearestTiesToEven,
                     &losesInfo);
    EXPECT_EQ(t.get(0), expected.convertToDouble()) << c.value;
  }
  HostTensor b(ElementKind::BF16, {1});
  b.set(0, 1.0117187490686774);
  EXPECT_EQ(b.get(0), 1.0078125);
}

TEST(HostTensor, MovesDoNotThrow) {
  // A growing std::vector<HostTensor> moves its tensors (it copied them).
  static_assert(std::is_nothrow_move_constructible_v<HostTensor>);
  static_assert(std::is_nothrow_move_assignable_v<HostTensor>);
  HostTensor a(ElementKind::F32, {2, 3});
  const uint8_t *bytes = a.data.data();
  HostTensor b(std::move(a));
  EXPECT_EQ(b.data.data(), bytes);
  EXPECT_EQ(b.typeString(), "2x3xf32");
}

TEST(HostTensor, FormatReadsBack) {
  auto ints = parseInlineTensor("2xi32=123456789,-2147483648");
  ASSERT_TRUE(bool(ints));
  EXPECT_EQ(ints->format(0), "123456789");
  EXPECT_EQ(ints->format(1), "-2147483648");
  // Every f32 in a sample (all exponents, several mantissas) reads back.
  HostTensor f(ElementKind::F32, {1});
  for (uint32_t bits = 0; bits < 0x7f800000u; bits += 0x7f001) {
    float value;
    std::memcpy(&value, &bits, 4);
    f.set(0, value);
    EXPECT_EQ(std::strtof(f.format(0).c_str(), nullptr), value) << bits;
  }
  f.set(0, 0.1);
  EXPECT_EQ(f.format(0), "0.100000001");
  for (ElementKind kind : {ElementKind::F16, ElementKind::BF16}) {
    HostTensor h(kind, {1});
    for (uint32_t bits = 0; bits < 0x7c00u; bits += 7) {
      uint16_t b = bits; // finite and positive in both kinds
      std::memcpy(h.data.data(), &b, 2);
      double value = h.get(0);
      HostTensor again(kind, {1});
      again.set(0, std::strtod(h.format(0).c_str(), nullptr));
      EXPECT_EQ(again.get(0), value) << bits;
    }
  }
}

TEST(InlineTensor, SizeLimit) {
  EXPECT_TRUE(bool(parseInlineTensor("4x4xf32=1", 64)));
  std::string got = errorOf(parseInlineTensor("4x4xf32=1", 63));
  EXPECT_NE(got.find("more than 63 bytes of data; use a .npy file"),
            std::string::npos)
      << got;
}

TEST(InlineTensor, MemoryIsCheckedBeforeTheAllocation) {
  // Under the size limit (none here), over this machine's memory: an error,
  // as for a .npy file, not the allocator's abort.
  std::string got =
      errorOf(parseInlineTensor("1099511627776xf32=1", INT64_MAX)); // 4 TiB
  EXPECT_NE(got.find("needs 4398046511104 bytes"), std::string::npos) << got;
}

TEST(InlineTensor, RejectsBadSpecs) {
  const char *bad[][2] = {
      {"4x8xf32", "expected SHAPExTYPE=VALUES"},
      {"4x8xf64=1", "unknown element type 'f64'"},
      {"4xax8xf32=1", "bad dimension 'a'"},
      // Signs: "-0" was read as a dimension 0.
      {"2x-0xf32=1", "bad dimension '-0'"},
      {"-1x2xf32=1", "bad dimension '-1'"},
      {"3xf32=1,2", "expected 1 or 3 values, got 2"},
      {"2xf32=one", "bad value 'one'"},
      {"2xf32=random:x", "bad seed 'x'"},
      {"99999999999x99999999999xf32=0",
       "shape 99999999999x99999999999xf32 is too large"},
      // Found by glu-npy-fuzzer (ASan: allocation-size-too-big).
      {"1099511627776xf32=0", "more than 1073741824 bytes"},
      {"65536x4097xf32=random:1", "more than 1073741824 bytes"},
      // Found by glu-npy-fuzzer (UBSan: float-cast-overflow).
      {"2xi32=1e30", "value '1e30' is not an i32"},
      {"2xi32=2147483648", "is not an i32"},
      {"2xi64=9.3e18", "value '9.3e18' is not an i64"},
      {"2xi32=nan", "value 'nan' is not an i32"},
      {"2xi32=1.5", "value '1.5' is not an i32"}};
  for (auto &[spec, message] : bad) {
    std::string got = errorOf(parseInlineTensor(spec));
    EXPECT_NE(got.find(message), std::string::npos)
        << spec << ": got '" << got << "'";
  }
}

/// Every f16 bit pattern decodes like APFloat, and every f32 in a dense
/// sample (all exponents, mantissa patterns near rounding ties) rounds to f16
/// and bf16 like APFloat's round-to-nearest-even.
TEST(Conversions, MatchAPFloat) {
  for (uint32_t bits = 0; bits < 0x10000; ++bits) {
    llvm::APFloat ref(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
    float got = halfToFloat(uint16_t(bits));
    if (ref.isNaN()) {
      EXPECT_TRUE(std::isnan(got)) << bits;
      continue;
    }
    EXPECT_EQ(got, ref.convertToFloat()) << bits;
  }
  auto check = [](uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, 4);
    for (auto [semantics, fn] :
         {std::make_pair(&llvm::APFloat::IEEEhalf(), &floatToHalf),
          std::make_pair(&llvm::APFloat::BFloat(), &floatToBf16)}) {
      llvm::APFloat ref(value);
      bool loses;
      ref.convert(*semantics, llvm::APFloat::rmNearestTiesToEven, &loses);
      uint16_t want = uint16_t(ref.bitcastToAPInt().getZExtValue());
      uint16_t got = fn(value);
      if (std::isnan(value)) {
        EXPECT_TRUE((got & 0x7fff) >
                    (semantics == &llvm::APFloat::BFloat() ? 0x7f80 : 0x7c00))
            << bits;
        continue;
      }
      ASSERT_EQ(got, want) << "f32 bits " << std::hex << bits;
    }
  };
  for (uint32_t exponent = 0; exponent < 256; ++exponent)
    for (uint32_t low :
         {0u, 1u, 0xfffu, 0x1000u, 0x1001u, 0x2000u, 0x3000u, 0x7fffu, 0x8000u,
          0x8001u, 0x18000u, 0x7fffffu, 0x3ff000u, 0x400000u, 0x7fe000u})
      for (uint32_t sign : {0u, 0x80000000u})
        check(sign | (exponent << 23) | low);
}

} // namespace
