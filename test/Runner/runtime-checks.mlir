// Upstream ops get upstream's runtime checks (generate-runtime-verification
// in glu-to-llvm): sizes that disagree, casts to a wrong static size and
// indices out of bounds end with the check's message on stderr, nothing
// on stdout, and exit status 3; never a read past a buffer.
//
// RUN: rm -rf %t && split-file %s %t
// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=add --input=5xf32=1 --input=3xf32=2 | FileCheck %s --check-prefix=ADD
// ADD: stdout: ''
// ADD-NEXT: stderr: ERROR: Runtime op verification failed
// ADD-NEXT: ^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size
// ADD-NEXT: Location: loc("{{.*}}ops.mlir":2:8)
// ADD-NEXT: error: a runtime check of the compiled code failed (message above)
// ADD-NEXT: exit status 3

// The CPU emulation of the GPU pipeline checks alike.
// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=add --target=cuda-emulated --input=5xf32=1 --input=3xf32=2 | FileCheck %s --check-prefix=ADD

// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=matmul --input=2x3xf32=1 --input=2x2xf32=2 | FileCheck %s --check-prefix=MATMUL
// MATMUL: stdout: ''
// MATMUL: ^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size
// MATMUL-NEXT: Location: loc("{{.*}}ops.mlir":13:8)
// MATMUL: exit status 3

// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=cast --input=2xf32=1 | FileCheck %s --check-prefix=CAST
// The returned cast of an argument becomes a copy in the deallocation stage,
// before the checks: the copy's check fails, at the cast's location.
// CAST: ^ size of 0-th source/target dim does not match
// CAST-NEXT: Location: loc("{{.*}}ops.mlir":17:8)
// CAST: exit status 3

// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=extract --input=2xf32=1 --input=1xi64=100000000000 | FileCheck %s --check-prefix=EXTRACT
// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=extract --input=2xf32=1 --input=1xi64=-1 | FileCheck %s --check-prefix=EXTRACT
// EXTRACT: ^ out-of-bounds access
// EXTRACT-NEXT: Location: loc("{{.*}}ops.mlir":24:8)
// EXTRACT: exit status 3

// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=slice --input=4xf32=1 --input=1xi64=3 | FileCheck %s --check-prefix=SLICE
// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=slice --input=4xf32=1 --input=1xi64=-3 | FileCheck %s --check-prefix=SLICE
// SLICE: ^ {{.*}}out-of-bounds
// SLICE-NEXT: Location: loc("{{.*}}ops.mlir":32:8)
// SLICE: exit status 3

// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=insert --input=4xf32=0 --input=1xi64=4 | FileCheck %s --check-prefix=INSERT
// INSERT: ^ out-of-bounds access
// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=reduce --input=3x4xf32=1 --input=2xf32=0 | FileCheck %s --check-prefix=REDUCE
// REDUCE: ^ dimension #0 of input/output operand #1 is incompatible with inferred dimension size
// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=expand --input=6xf32=1 | FileCheck %s --check-prefix=EXPAND
// EXPAND: ^ static result dims in reassoc group do not divide src dim evenly

// A gather (linalg.generic reading a tensor at loaded indices) and its
// gradient (a scatter-add at the same indices).
// RUN: %python %t/status.py 3 %glu-run %t/ops.mlir --function=gather --input=4x3xf32=1 --input=2xi64=1,7 | FileCheck %s --check-prefix=GATHER
// GATHER: ^ out-of-bounds access
// GATHER: exit status 3
// RUN: glu-opt %t/ops.mlir --glu-differentiate > %t/grad.mlir
// RUN: %python %t/status.py 3 %glu-run %t/grad.mlir --function=gather_grad --input=4x3xf32=1 --input=2xi64=1,-5 --input=2x3xf32=1 | FileCheck %s --check-prefix=GATHER-GRAD
// GATHER-GRAD: ^ out-of-bounds access
// GATHER-GRAD: exit status 3

// In bounds, every function computes.
// RUN: glu-run %t/ops.mlir --function=add --input=3xf32=1 --input=3xf32=2 | FileCheck %s --check-prefix=OK-ADD
// OK-ADD: 3 3 3
// RUN: glu-run %t/ops.mlir --function=extract --input=2xf32=1,5 --input=1xi64=1 | FileCheck %s --check-prefix=OK-EXTRACT
// OK-EXTRACT: 5
// RUN: glu-run %t/grad.mlir --function=gather_grad --input=4x3xf32=1 --input=2xi64=1,1 --input=2x3xf32=1 | FileCheck %s --check-prefix=OK-GRAD
// OK-GRAD: 0 0 0 2 2 2 0

//--- ops.mlir
func.func @add(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %z = arith.addf %x, %y : tensor<?xf32>
  return %z : tensor<?xf32>
}
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @cast(%a: tensor<?xf32>) -> tensor<4xf32> {
  %c = tensor.cast %a : tensor<?xf32> to tensor<4xf32>
  return %c : tensor<4xf32>
}
func.func @extract(%a: tensor<?xf32>, %i: tensor<1xi64>) -> tensor<1xf32> {
  %c0 = arith.constant 0 : index
  %raw = tensor.extract %i[%c0] : tensor<1xi64>
  %at = arith.index_cast %raw : i64 to index
  %v = tensor.extract %a[%at] : tensor<?xf32>
  %r = tensor.from_elements %v : tensor<1xf32>
  return %r : tensor<1xf32>
}
func.func @slice(%a: tensor<?xf32>, %i: tensor<1xi64>) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %raw = tensor.extract %i[%c0] : tensor<1xi64>
  %at = arith.index_cast %raw : i64 to index
  %s = tensor.extract_slice %a[%at] [2] [1] : tensor<?xf32> to tensor<2xf32>
  return %s : tensor<2xf32>
}
func.func @insert(%d: tensor<4xf32>, %i: tensor<1xi64>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %raw = tensor.extract %i[%c0] : tensor<1xi64>
  %at = arith.index_cast %raw : i64 to index
  %v = arith.constant 7.0 : f32
  %r = tensor.insert %v into %d[%at] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @reduce(%a: tensor<?x?xf32>, %o: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.reduce ins(%a : tensor<?x?xf32>) outs(%o : tensor<?xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
}
func.func @expand(%a: tensor<?xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %rows = arith.divui %n, %c4 : index
  %r = tensor.expand_shape %a [[0, 1]] output_shape [%rows, 4] : tensor<?xf32> into tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
#rows = affine_map<(i, j) -> (i)>
#id = affine_map<(i, j) -> (i, j)>
func.func @gather(%table: tensor<4x3xf32>, %ids: tensor<2xi64>) -> tensor<2x3xf32>
    attributes {glu.grad = "gather_grad"} {
  %e = tensor.empty() : tensor<2x3xf32>
  %g = linalg.generic {indexing_maps = [#rows, #id], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<2xi64>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%id: i64, %out: f32):
    %r = arith.index_cast %id : i64 to index
    %c = linalg.index 1 : index
    %v = tensor.extract %table[%r, %c] : tensor<4x3xf32>
    linalg.yield %v : f32
  } -> tensor<2x3xf32>
  return %g : tensor<2x3xf32>
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
