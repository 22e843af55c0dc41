// Pipeline options out of range are refused when the pipeline is parsed.
// RUN: not glu-opt %s --glu-to-llvm=threads=4294967295 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not glu-opt %s --glu-to-llvm=threads=1025 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not glu-opt %s --glu-to-llvm=threads=-1 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: glu-opt %s --glu-to-llvm=threads=1024 | FileCheck %s --check-prefix=MAX
// vector-bits is glu-vectorize-elementwise's, checked here too: with
// vectorize=false that pass does not run, and vector-bits=7 went unnoticed.
// RUN: not glu-opt %s "--glu-to-llvm=vectorize=false vector-bits=7" 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not glu-opt %s --glu-to-llvm=vector-bits=7 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not glu-opt %s --glu-to-llvm=vector-bits=4096 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: glu-opt %s "--glu-to-llvm=vectorize=false vector-bits=2048" | FileCheck %s --check-prefix=SCALAR
// BITS: for the --vector-bits option: expects 0 (the host's) or a power of two from 32 to 2048, got
// version-min-bound is glu-version-by-range's min-bound, refused here
// under its own name.
// RUN: not glu-opt %s --glu-to-llvm=version-min-bound=0.5 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not glu-opt %s --glu-to-llvm=version-min-bound=nan 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not glu-opt %s --glu-to-llvm=version-min-bound=1e39 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: glu-opt %s --glu-to-llvm=version-min-bound=3.4028235e+38 | FileCheck %s --check-prefix=SCALAR
// BOUND: for the --version-min-bound option: expects a bound from 1 to 3.4028235e+38 (the largest f32), got
// version-copies is glu-version-by-range's copies, refused here too.
// RUN: not glu-opt %s --glu-to-llvm=version-copies=5 2>&1 | FileCheck %s --check-prefix=COPIES
// RUN: not glu-opt %s --glu-to-llvm=version-copies=4294967296 2>&1 | FileCheck %s --check-prefix=COPIES-WIDE
// RUN: glu-opt %s --glu-to-llvm=version-copies=4 | FileCheck %s --check-prefix=SCALAR
// COPIES: for the --version-copies option: expects 0 to 4 copies, got '5'
// COPIES-WIDE: for the --version-copies option: '4294967296' value invalid for uint argument
// SCALAR-LABEL: llvm.func @f

// HUGE: for the --threads option: expects a thread count from 0 to 1024
// NEG: for the --threads option: '-1' value invalid for uint argument
// MAX-LABEL: llvm.func @f
// MAX: %[[N:.*]] = llvm.mlir.constant(1024 : i32) : i32
// MAX: omp.parallel num_threads(%[[N]] : i32)
func.func @f(%a: tensor<?x33xf32>, %b: tensor<?x33xf32>) -> tensor<?x33xf32> {
  %y = glu.glu swiglu(%a, %b) : tensor<?x33xf32>
  return %y : tensor<?x33xf32>
}
