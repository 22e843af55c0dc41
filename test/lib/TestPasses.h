//===- TestPasses.h - glu's test-only passes and pipelines ------*- C++ -*-===//
//
// Like upstream's test/lib: linked only into the test tools (glu-opt,
// glu-run and glu-train built with GLU_INCLUDE_TESTS, the unit tests),
// never into an installed library.
//
//===----------------------------------------------------------------------===//

#ifndef GLU_TEST_LIB_TESTPASSES_H
#define GLU_TEST_LIB_TESTPASSES_H

namespace mlir::glu::test {
/// Registers glu-gpu-launch-to-loops and glu-to-llvm-emulating-gpu.
void registerGluTestPasses();
} // namespace mlir::glu::test

#endif // GLU_TEST_LIB_TESTPASSES_H
