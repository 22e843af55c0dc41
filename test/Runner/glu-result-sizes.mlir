// glu.glu and glu.glu_back compare a static result size with the sizes of
// their dynamic operands at run time, fused and split, forward and
// backward: a mismatch is exit status 3 with the message on stderr, never
// a truncated result. A static empty batch compiles and runs.
//
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %t/status.py 3 %glu-run %t/f.mlir --function=fused --input=1x10xf32=1 | FileCheck %s --check-prefix=FUSED
// FUSED: stdout: ''
// FUSED-NEXT: stderr: glu.glu: the result has the wrong size along dimension 1
// FUSED: exit status 3
// RUN: %python %t/status.py 3 %glu-run %t/f.mlir --function=split --input=3x4xf32=1 --input=3x4xf32=1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: stderr: glu.glu: the result has the wrong size along dimension 0
// SPLIT: exit status 3
// RUN: %python %t/status.py 3 %glu-run %t/f.mlir --function=fused_back --input=1x5xf32=1 --input=1x10xf32=1 | FileCheck %s --check-prefix=FUSED-BACK
// FUSED-BACK: stderr: glu.glu_back: d_a has the wrong size along dimension 1
// FUSED-BACK: exit status 3
// RUN: %python %t/status.py 3 %glu-run %t/f.mlir --function=split_back --input=3x4xf32=1 --input=3x4xf32=1 --input=3x4xf32=1 | FileCheck %s --check-prefix=SPLIT-BACK
// SPLIT-BACK: stderr: glu.glu_back: d_b has the wrong size along dimension 0
// SPLIT-BACK: exit status 3

// The sizes the types say: results as usual.
// RUN: glu-run %t/f.mlir --function=fused --input=1x8xf32=1 | FileCheck %s --check-prefix=OK
// OK: result[0]: 1x4xf32
// RUN: glu-run %t/f.mlir --function=split_back --input=2x4xf32=1 --input=2x4xf32=1 --input=2x4xf32=1 | FileCheck %s --check-prefix=OK-BACK
// OK-BACK: result[1]: 2x4xf32

// A static empty batch, through every CPU pipeline.
// RUN: glu-run %t/empty.mlir --function=empty --input=0x8xf32=0 --input=0x4xf32=0 | FileCheck %s --check-prefix=EMPTY
// EMPTY: result[0]: 0x4xf32
// EMPTY: result[1]: 0x8xf32
// EMPTY: result[2]: 0x4xf32
// RUN: glu-opt %t/empty.mlir --glu-to-llvm=destination-passing -o /dev/null
// RUN: glu-opt %t/empty.mlir --glu-to-llvm=vectorize=false -o /dev/null
// RUN: glu-opt %t/empty.mlir --glu-to-llvm-emulating-gpu -o /dev/null
// RUN: glu-compile %t/empty.mlir -o %t/empty.o --header=%t/empty.h

// 2^40 rows of no element: nothing to do (each empty row was visited,
// for hours); the vectorized loops and the scalar ones.
// RUN: timeout 120 glu-run %t/rows.mlir --function=rows --input=1099511627776x0xbf16=0 --input=1099511627776x0xbf16=0 | FileCheck %s --check-prefix=ROWS
// RUN: timeout 120 glu-run %t/rows.mlir --function=rows --vectorize=false --input=1099511627776x0xbf16=0 --input=1099511627776x0xbf16=0 | FileCheck %s --check-prefix=ROWS
// ROWS: result[0]: 1099511627776x0xbf16
// ROWS: result[1]: 1099511627776x0xbf16

//--- rows.mlir
func.func @rows(%x: tensor<?x?xbf16>, %g: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %y = glu.glu geglu(%x, %g) : tensor<?x?xbf16>
  %dx, %dg = glu.glu_back swiglu(%y, %x, %g) : tensor<?x?xbf16>
  return %dx, %dg : tensor<?x?xbf16>, tensor<?x?xbf16>
}

//--- f.mlir
func.func @fused(%a: tensor<?x?xf32>) -> tensor<?x4xf32> {
  %y = glu.glu swiglu(%a) : tensor<?x?xf32> -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
func.func @split(%x: tensor<?x4xf32>, %g: tensor<?x4xf32>) -> tensor<2x4xf32> {
  %y = glu.glu swiglu(%x, %g) : tensor<?x4xf32>, tensor<?x4xf32> -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
func.func @fused_back(%dy: tensor<?x?xf32>, %a: tensor<?x?xf32>) -> tensor<?x8xf32> {
  %da = glu.glu_back swiglu(%dy, %a) : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x8xf32>
  return %da : tensor<?x8xf32>
}
func.func @split_back(%dy: tensor<?x4xf32>, %x: tensor<?x4xf32>, %g: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<2x4xf32>) {
  %dx, %dg = glu.glu_back swiglu(%dy, %x, %g) : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32> -> tensor<?x4xf32>, tensor<2x4xf32>
  return %dx, %dg : tensor<?x4xf32>, tensor<2x4xf32>
}

//--- empty.mlir
func.func @empty(%a: tensor<0x8xf32>, %dy: tensor<0x4xf32>) -> (tensor<0x4xf32>, tensor<0x8xf32>, tensor<0x4xf32>) {
  %y = glu.glu swiglu(%a) : tensor<0x8xf32> -> tensor<0x4xf32>
  %da = glu.glu_back geglu(%dy, %a) packing(interleaved) : tensor<0x4xf32>, tensor<0x8xf32> -> tensor<0x8xf32>
  %z = glu.glu reglu(%dy, %dy) : tensor<0x4xf32>
  return %y, %da, %z : tensor<0x4xf32>, tensor<0x8xf32>, tensor<0x4xf32>
}

//--- status.py
# Runs a command; prints its stdout (quoted), its stderr and its exit status;
# succeeds when the status is the first argument.
import subprocess, sys
run = subprocess.run(sys.argv[2:], capture_output=True, text=True)
print("stdout: " + repr(run.stdout))
print("stderr: " + run.stderr, end="")
print("exit status", run.returncode)
sys.exit(0 if run.returncode == int(sys.argv[1]) else 1)
