// The installed package: `cmake --install` into build/install, then
// examples/consumer, a separate CMake project, finds it with
// find_package(Glu), builds its own opt tool with the glu dialect, passes
// and pipelines, and runs glu-to-llvm and a pipeline of its own made of
// glu's stages on this file; its C program, linked against the installed
// libGluCAPI.so alone, expands the glu op through the C API.
//
// RUN: %cmake --install %glu_obj_root --prefix %glu_obj_root/install > %t.install.log
// RUN: %cmake -G Ninja -S %glu_src_root/examples/consumer -B %glu_obj_root/consumer %consumer_cmake_args > %t.configure.log
// RUN: FileCheck %s --check-prefix=CONFIG --input-file=%t.configure.log
// RUN: %cmake --build %glu_obj_root/consumer > %t.build.log
// RUN: %glu_obj_root/consumer/bin/consumer-opt %s --glu-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: %glu_obj_root/consumer/bin/consumer-opt %s --consumer-to-loops | FileCheck %s --check-prefix=LOOPS
// RUN: %glu_obj_root/consumer/bin/consumer-c %s | FileCheck %s --check-prefix=CAPI
// RUN: not %glu_obj_root/consumer/bin/consumer-c %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING

// CONFIG: Using GluConfig.cmake in: {{.*}}/install/lib/cmake/glu

// LLVM-LABEL: llvm.func @swiglu(
// LLVM-NOT:     glu.
// LLVM:         llvm.return

// LOOPS-LABEL: func.func @swiglu(
// LOOPS-SAME:    memref<4x8xbf16>
// LOOPS:         scf.for
// LOOPS-NOT:     glu.
// LOOPS:         return

// CAPI-LABEL: func.func @swiglu(
// CAPI-NOT:     glu.glu
// CAPI:         linalg.generic
// CAPI-NOT:     glu.glu

// MISSING: consumer-c: cannot open {{.*}}consumer.mlir.missing

func.func @swiglu(%x: tensor<4x8xbf16>, %g: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %y = glu.glu swiglu(%x, %g) : tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}
