// What glu-to-llvm emits runs on stock tools: this file's @main, lowered by
// glu-opt --glu-to-llvm, runs under Debian's mlir-runner-22 with upstream's
// runtime libraries (and libomp for the threaded form) and prints the very
// bits glu-run computes for the same functions and inputs. The functions
// return their results' bit patterns as integers, so that both tools print
// exact values.

// glu-run compiles the functions alone (it has no printMemref), the stock
// runner the functions and @main.
// RUN: rm -rf %t && split-file %s %t
// RUN: cat %t/functions.mlir %t/main.mlir > %t/all.mlir
// RUN: glu-opt %t/all.mlir --glu-to-llvm="threads=1" -o %t.serial.mlir
// RUN: mlir-runner %t.serial.mlir -e main -entry-point-result=void \
// RUN:   --shared-libs=%llvm_libdir/libmlir_c_runner_utils.so \
// RUN:   --shared-libs=%llvm_libdir/libmlir_runner_utils.so > %t.serial.out
// RUN: FileCheck %s --input-file=%t.serial.out
// RUN: grep -v "base@" %t.serial.out > %t.serial.data
// The threaded form calls the OpenMP runtime.
// RUN: glu-opt %t/all.mlir --glu-to-llvm -o %t.omp.mlir
// RUN: FileCheck %s --check-prefix=OMP --input-file=%t.omp.mlir
// OMP: omp.parallel
// RUN: mlir-runner %t.omp.mlir -e main -entry-point-result=void \
// RUN:   --shared-libs=%llvm_libdir/libmlir_c_runner_utils.so \
// RUN:   --shared-libs=%llvm_libdir/libmlir_runner_utils.so \
// RUN:   --shared-libs=%llvm_libdir/libomp.so | grep -v "base@" | diff - %t.serial.data

// The values of glu-run (written to .npy: it prints integers as floats),
// in the same order, are the same numbers.
// RUN: glu-run %t/functions.mlir --function=erf_bits --input=2x8xf32=-4,-2.5,-1,-0.5,0,0.25,0.5,1,1.5,2,3,4,6,8,10,-7 --input=2x8xf32=1,-1,2,0.5,3,-2,1.25,0.75,-3,4,0.125,-0.5,2,1,-1,5 --output=@%t/0.npy
// RUN: glu-run %t/functions.mlir --function=swiglu_bf16_bits --input=2x8xbf16=-4,-2.5,-1,-0.5,0,0.25,0.5,1,1.5,2,3,4,6,8,10,-7 --input=2x8xbf16=1,-1,2,0.5,3,-2,1.25,0.75,-3,4,0.125,-0.5,2,1,-1,5 --output=@%t/1.npy
// RUN: glu-run %t/functions.mlir --function=oai_back_bits --input=2x4xf32=1,-2,0.5,3,-1,2,0.25,-4 --input=2x8xf32=-9,8,-1,0.5,2,-3,7.5,1,0,6,-8,-0.25,1.5,4,3,-2 --output=@%t/2.npy
// RUN: %python -c "import struct, sys; d = [open(f, 'rb').read() for f in sys.argv[1:]]; p = [x[10 + struct.unpack('<H', x[8:10])[0]:] for x in d]; assert all(b\"'<i4'\" in x[:128] for x in d); print(*[v for q in p for v in struct.unpack('<' + str(len(q) // 4) + 'i', q)], sep='\n')" %t/0.npy %t/1.npy %t/2.npy > %t.run.numbers
// RUN: FileCheck %s --check-prefix=GLURUN --input-file=%t.run.numbers
// RUN: grep -o -E -e "-?[0-9]+" %t.serial.data | diff - %t.run.numbers

// GLURUN-COUNT-48: {{^-?[0-9]+$}}
// GLURUN-NOT: {{.}}
// One value decoded: swiglu(1, 0.75) in bf16 is silu(1) = 0.7310586 rounded
// to 0.73046875, times 0.75: 0.546875 = 0x3F0C = 16140.
// CHECK:      Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 8] strides = [8, 1] data =
// CHECK:      Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 8] strides = [8, 1] data =
// CHECK-NEXT: 48531,{{ +}}15938,{{.*}} 16140],
// CHECK:      Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 8] strides = [8, 1] data =

//--- functions.mlir
// f32 geglu_erf: the bits of y.
func.func @erf_bits(%x: tensor<2x8xf32>, %g: tensor<2x8xf32>) -> tensor<2x8xi32> {
  %y = glu.glu geglu_erf(%x, %g) : tensor<2x8xf32>
  %b = arith.bitcast %y : tensor<2x8xf32> to tensor<2x8xi32>
  return %b : tensor<2x8xi32>
}

// bf16 swiglu (two_round): the 16 bits of y, zero-extended.
func.func @swiglu_bf16_bits(%x: tensor<2x8xbf16>, %g: tensor<2x8xbf16>) -> tensor<2x8xi32> {
  %y = glu.glu swiglu(%x, %g) : tensor<2x8xbf16>
  %b = arith.bitcast %y : tensor<2x8xbf16> to tensor<2x8xi16>
  %e = arith.extui %b : tensor<2x8xi16> to tensor<2x8xi32>
  return %e : tensor<2x8xi32>
}

// f32 swiglu_oai backward, interleaved: the bits of d_a.
func.func @oai_back_bits(%dy: tensor<2x4xf32>, %a: tensor<2x8xf32>) -> tensor<2x8xi32> {
  %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved) : tensor<2x4xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %b = arith.bitcast %da : tensor<2x8xf32> to tensor<2x8xi32>
  return %b : tensor<2x8xi32>
}

//--- main.mlir
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @print(%t: tensor<2x8xi32>) {
  %m = bufferization.to_buffer %t read_only : tensor<2x8xi32> to memref<2x8xi32>
  %u = memref.cast %m : memref<2x8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

// Fills the inputs glu-run is given above, calls each function, prints.
func.func @main() {
  %x = arith.constant dense<[[-4.0, -2.5, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0], [1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0, -7.0]]> : tensor<2x8xf32>
  %g = arith.constant dense<[[1.0, -1.0, 2.0, 0.5, 3.0, -2.0, 1.25, 0.75], [-3.0, 4.0, 0.125, -0.5, 2.0, 1.0, -1.0, 5.0]]> : tensor<2x8xf32>
  %r0 = call @erf_bits(%x, %g) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xi32>
  call @print(%r0) : (tensor<2x8xi32>) -> ()
  %xh = arith.constant dense<[[-4.0, -2.5, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0], [1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0, -7.0]]> : tensor<2x8xbf16>
  %gh = arith.constant dense<[[1.0, -1.0, 2.0, 0.5, 3.0, -2.0, 1.25, 0.75], [-3.0, 4.0, 0.125, -0.5, 2.0, 1.0, -1.0, 5.0]]> : tensor<2x8xbf16>
  %r1 = call @swiglu_bf16_bits(%xh, %gh) : (tensor<2x8xbf16>, tensor<2x8xbf16>) -> tensor<2x8xi32>
  call @print(%r1) : (tensor<2x8xi32>) -> ()
  %dy = arith.constant dense<[[1.0, -2.0, 0.5, 3.0], [-1.0, 2.0, 0.25, -4.0]]> : tensor<2x4xf32>
  %a = arith.constant dense<[[-9.0, 8.0, -1.0, 0.5, 2.0, -3.0, 7.5, 1.0], [0.0, 6.0, -8.0, -0.25, 1.5, 4.0, 3.0, -2.0]]> : tensor<2x8xf32>
  %r2 = call @oai_back_bits(%dy, %a) : (tensor<2x4xf32>, tensor<2x8xf32>) -> tensor<2x8xi32>
  call @print(%r2) : (tensor<2x8xi32>) -> ()
  return
}
