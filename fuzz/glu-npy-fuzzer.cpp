//===- glu-npy-fuzzer.cpp - libFuzzer target: glu-run's input parsers -----===//
//
// The first byte picks the parser, the rest is its input:
//   0: parseNpy (the .npy reader of glu-run's --input=@file.npy);
//   1: parseInlineTensor (--input=SHAPExTYPE=VALUES);
//   2: parseDefect (--test-inject-defect=NAME).
// Bad input must give an error, never a crash, a sanitizer report or an
// allocation out of proportion to the input. What parses must satisfy the
// parsers' contracts: the data holds exactly the elements of the shape, and
// a parsed .npy file serializes back to bytes that parse to the same tensor.
//
// Run it with scripts/fuzz.sh (docs/fuzzing.md).
//
//===----------------------------------------------------------------------===//

#include "Defects/Defects.h"
#include "GluDialect/Runner/HostTensor.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir::glu;

static void check(bool condition, const char *what) {
  if (condition)
    return;
  std::fprintf(stderr, "glu-npy-fuzzer: broken contract: %s\n", what);
  std::abort();
}

static void checkTensor(const HostTensor &t) {
  int64_t n = t.numElements();
  check(n >= 0, "non-negative element count");
  for (int64_t size : t.shape)
    check(size >= 0, "non-negative sizes");
  check(t.data.size() == size_t(n) * elementSize(t.kind),
        "data holds exactly the shape's elements");
  // Every element decodes (reads stay in bounds).
  for (int64_t i = 0; i < n && i < 256; ++i)
    (void)t.get(i);
  (void)t.typeString();
}

// libMLIR.so is not instrumented, but the LLVM allocator code inlined into
// glu's instrumented code poisons the unused rest of each slab it starts
// (llvm/Support/Allocator.h under LLVM_ADDRESS_SANITIZER_BUILD), which
// libMLIR's uninstrumented copy of that code then hands out without
// unpoisoning: ASan reports libMLIR writing there as use-after-poison (a
// report the first long run of this fuzzer made, on a parse error). That
// poisoning is LLVM's allocator bookkeeping, not a check of glu's code:
// ignore it. Real heap errors are still caught by ASan's own redzones.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  llvm::StringRef input(reinterpret_cast<const char *>(data) + 1, size - 1);
  switch (data[0] % 3) {
  case 0: {
    llvm::Expected<HostTensor> t = parseNpy(input, "fuzz.npy");
    if (!t) {
      llvm::consumeError(t.takeError());
      return 0;
    }
    checkTensor(*t);
    check(t->data.size() <= input.size(), "no data beyond the file's");
    llvm::Expected<HostTensor> again = parseNpy(serializeNpy(*t));
    check(bool(again), "serialized tensors parse");
    check(again->kind == t->kind && again->shape == t->shape &&
              again->data == t->data,
          "serialize/parse round trip");
    return 0;
  }
  case 1: {
    // A 1 MiB limit (glu-run's is 1 GiB) keeps each run fast; the limit's
    // logic is the same.
    llvm::Expected<HostTensor> t = parseInlineTensor(input, 1 << 20);
    if (!t) {
      llvm::consumeError(t.takeError());
      return 0;
    }
    checkTensor(*t);
    return 0;
  }
  default:
    (void)test::parseDefect(input);
    return 0;
  }
}
