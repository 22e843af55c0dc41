// Invalid options are errors, not a crash (unroll=0 left the generic
// untiled and peeling dereferenced a missing loop) or silently odd vectors.
// RUN: glu-opt %s -verify-diagnostics -one-shot-bufferize=bufferize-function-boundaries -glu-vectorize-elementwise=unroll=0
// RUN: not glu-opt %s -one-shot-bufferize=bufferize-function-boundaries -glu-vectorize-elementwise=unroll=17 2>&1 | FileCheck %s --check-prefix=UNROLL
// RUN: not glu-opt %s -one-shot-bufferize=bufferize-function-boundaries -glu-vectorize-elementwise=vector-bits=7 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not glu-opt %s -one-shot-bufferize=bufferize-function-boundaries -glu-vectorize-elementwise=vector-bits=8 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not glu-opt %s -one-shot-bufferize=bufferize-function-boundaries -glu-vectorize-elementwise=vector-bits=100000000 2>&1 | FileCheck %s --check-prefix=BITS
// (glu-to-llvm's vector-bits is checked when its options are parsed:
// test/Pipelines/GluToLLVM/options.mlir.)
// UNROLL: unroll must be from 1 to 16, not 17
// BITS: vector-bits must be 0 (the host's) or a power of two from 32 to 2048, not

// expected-error @+1 {{glu-vectorize-elementwise: unroll must be from 1 to 16, not 0}}
module {
  func.func @f(%a: tensor<?x33xf32>, %b: tensor<?x33xf32>) -> tensor<?x33xf32> {
    %y = glu.glu swiglu(%a, %b) : tensor<?x33xf32>
    return %y : tensor<?x33xf32>
  }
}
