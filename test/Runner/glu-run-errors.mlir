// glu-run's flags and inputs: each mistake is one clear message and exit
// status 1 (never a crash); with test/Unit's HostTensorTest (the .npy and
// inline tensor tables) and fuzz/glu-npy-fuzzer.cpp.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: not glu-run %s 2>&1 | FileCheck %s --check-prefix=NO-FUNCTION
// NO-FUNCTION: glu-run: for the --function option: must be specified at least once!
// RUN: not glu-run %s --function=f --benchmark=ten 2>&1 | FileCheck %s --check-prefix=BAD-NUMBER
// BAD-NUMBER: glu-run: for the --benchmark option: 'ten' value invalid for uint argument!
// RUN: not glu-run %s --function=f --benchmark=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: glu-run: for the --benchmark option: '-1' value invalid for uint argument!
// RUN: not glu-run %s --function=f --no-such-flag 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: glu-run: Unknown command line argument '--no-such-flag'
// RUN: not glu-run %s --function=f --test-inject-defect=bogus 2>&1 | FileCheck %s --check-prefix=DEFECT
// DEFECT: glu-run: error: unknown --test-inject-defect 'bogus'
// RUN: not glu-run %s --function=f --input=2xf32=1 --output=y.npy 2>&1 | FileCheck %s --check-prefix=OUTPUT
// OUTPUT: glu-run: error: --output expects @file.npy, got 'y.npy'
// RUN: not glu-run %s --function=f --input=2xf32=1 --output=@ 2>&1 | FileCheck %s --check-prefix=OUTPUT-AT
// OUTPUT-AT: glu-run: error: --output expects @file.npy, got '@'
// RUN: not glu-run %s --function=f --output=@%t/y.npy --benchmark=3 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: glu-run: error: --output and --benchmark do not go together
// RUN: not glu-run %s --function=f --input=@%t/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: glu-run: error: cannot read '{{.*}}missing.npy': No such file or directory
// RUN: not glu-run %s --function=f --input=@%t 2>&1 | FileCheck %s --check-prefix=DIRECTORY
// DIRECTORY: glu-run: error: cannot read '{{.*}}': it is a directory
// RUN: not glu-run %s --function=f --input=@ 2>&1 | FileCheck %s --check-prefix=EMPTY-PATH
// EMPTY-PATH: glu-run: error: cannot read '':
// RUN: printf '\x93NUMPY\x01\x00' > %t/short.npy
// RUN: not glu-run %s --function=f --input=@%t/short.npy 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: glu-run: error: '{{.*}}short.npy' is not a readable .npy file: truncated header
// RUN: not glu-run %s --function=f --input=2xf32 2>&1 | FileCheck %s --check-prefix=INLINE
// INLINE: glu-run: error: bad inline tensor '2xf32': expected SHAPExTYPE=VALUES
// RUN: not glu-run %s --function=f --input=-2xf32=1 2>&1 | FileCheck %s --check-prefix=NEGATIVE-DIM
// NEGATIVE-DIM: glu-run: error: bad inline tensor '-2xf32=1': bad dimension '-2'
// RUN: not glu-run %s --function=f --input=1099511627776xf32=0 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: glu-run: error: bad inline tensor '1099511627776xf32=0': more than 1073741824 bytes of data; use a .npy file
// RUN: not glu-run %s --function=f --input=2xi32=3e9 2>&1 | FileCheck %s --check-prefix=INT-RANGE
// INT-RANGE: glu-run: error: bad inline tensor '2xi32=3e9': value '3e9' is not an i32
// RUN: not glu-run %s.missing --function=f 2>&1 | FileCheck %s --check-prefix=NO-FILE
// NO-FILE: glu-run: error: cannot open input file '{{.*}}.missing': No such file or directory
// RUN: not glu-run %s --function=g --input=2xf32=1 2>&1 | FileCheck %s --check-prefix=NO-SUCH
// NO-SUCH: glu-run: error: no function named 'g' in the module (it has: f, memref)
// RUN: not glu-run %s --function=memref --input=2xf32=1 2>&1 | FileCheck %s --check-prefix=NOT-TENSOR
// NOT-TENSOR: glu-run: error: @memref argument #0 has type memref<2xf32>; only ranked tensors of f32, f16, bf16, i32 or i64 can be passed
// The CUDA target checks the signature the same way, before it looks for a driver.
// RUN: not glu-run %s --function=memref --input=2xf32=1 --target=cuda 2>&1 | FileCheck %s --check-prefix=NOT-TENSOR
// RUN: not glu-run %s --function=f 2>&1 | FileCheck %s --check-prefix=ARITY
// ARITY: glu-run: error: @f takes 1 input(s), got 0
// RUN: not glu-run %s --function=f --input=3xf32=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: glu-run: error: input #0 (3xf32) does not match @f's argument type tensor<2xf32>: size 3 along dimension 0 is not 2
// RUN: not glu-run %s --function=f --input=2xf16=1 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: glu-run: error: input #0 (2xf16) does not match @f's argument type tensor<2xf32>: element type f16 is not f32
// RUN: not glu-run %s --function=f --input=2xf32=1 --output=@%t/a.npy --output=@%t/b.npy 2>&1 | FileCheck %s --check-prefix=OUTPUTS
// OUTPUTS: glu-run: error: @f returns 1 result(s), got 2 --output flag(s)
// RUN: glu-run %s --function=f --input=2xf32=1,-2 | FileCheck %s --check-prefix=OK
// OK: result[0]: 2xf32
// OK-NEXT: 2 -1

func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %one = arith.constant dense<1.000000e+00> : tensor<2xf32>
  %y = arith.addf %x, %one : tensor<2xf32>
  return %y : tensor<2xf32>
}

func.func @memref(%x: memref<2xf32>) {
  return
}
