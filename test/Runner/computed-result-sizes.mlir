// A result whose size the program computed from its inputs
// (tensor.empty(%n)) comes back as the descriptor the allocation gave: a
// negative size, or one whose byte count wraps (malloc(0)), crashed the
// copy to the host (std::length_error, SIGSEGV). It is one message and exit
// status 1; a size that fits runs as usual.
// Not under AddressSanitizer, whose malloc stops the process on a size it
// cannot allocate (allocator_may_return_null=0) instead of returning null.
// UNSUPPORTED: sanitizers
//
// RUN: not glu-run %s --function=sized --input=1xi64=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not="Stack dump"
// NEGATIVE: glu-run: error: @sized returned result #0 (tensor<?xf32>) with size -1 along dimension 0; the program computed a size it cannot allocate
// A size whose byte count wraps (2^62 f32 is 2^64 bytes: malloc was asked
// for 64) fails glu-check-alloc-sizes' check before the allocation, also
// where the buffer is filled (the fill wrote past the 64 bytes: SIGSEGV).
// RUN: sh -c 'glu-run %s --function=sized --input=1xi64=4611686018427387904; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=WRAPS --implicit-check-not="Stack dump"
// RUN: sh -c 'glu-run %s --function=sized --input=1xi64=9223372036854775807; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=WRAPS --implicit-check-not="Stack dump"
// RUN: sh -c 'glu-run %s --function=filled --input=1xi64=4611686018427387904; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=WRAPS --implicit-check-not="Stack dump"
// RUN: sh -c 'glu-run %s --function=filled --input=1xi64=4611686018427387904 --target=cuda-emulated; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=WRAPS --implicit-check-not="Stack dump"
// WRAPS: ERROR: Runtime op verification failed
// WRAPS-NEXT: ^ a buffer's size in bytes is more than 2^63 - 1 (memref.alloc)
// WRAPS-NEXT: error: a runtime check of the compiled code failed (message above)
// WRAPS-NEXT: exit status 3
// RUN: glu-run %s --function=sized --input=1xi64=3 | FileCheck %s --check-prefix=OK
// OK: result[0]: 3xf32
// RUN: glu-run %s --function=sized --input=1xi64=0 | FileCheck %s --check-prefix=EMPTY
// EMPTY: result[0]: 0xf32

// An allocation that fails (4 TB here) is a failed runtime check: the
// message and exit status 3, not SIGSEGV storing through the null pointer.
// RUN: sh -c 'glu-run %s --function=filled --input=1xi64=1000000000000; echo "exit status $?"' 2>&1 | FileCheck %s --check-prefix=NOMEM --implicit-check-not="Stack dump"
// NOMEM: error: the compiled code could not allocate 4000000000064 bytes
// NOMEM-NEXT: exit status 3
// RUN: glu-run %s --function=filled --input=1xi64=3 --poison-alloc | FileCheck %s --check-prefix=FILLED
// FILLED: result[0]: 3xf32
// FILLED-NEXT: 1 1 1

func.func @sized(%n: tensor<1xi64>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %n[%c0] : tensor<1xi64>
  %s = arith.index_cast %v : i64 to index
  %e = tensor.empty(%s) : tensor<?xf32>
  return %e : tensor<?xf32>
}

func.func @filled(%n: tensor<1xi64>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %n[%c0] : tensor<1xi64>
  %s = arith.index_cast %v : i64 to index
  %e = tensor.empty(%s) : tensor<?xf32>
  %one = arith.constant 1.0 : f32
  %f = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}
