// RUN: glu-opt %s -split-input-file -verify-diagnostics \
// RUN:   -pass-pipeline='builtin.module(func.func(glu-gpu-device-buffers))' | FileCheck %s

// An allocation a kernel writes and the function returns lives on the
// device; one only the host uses (an index array) stays on the host. The
// deallocation of a device buffer is a gpu.dealloc.

// CHECK-LABEL: func.func @allocations
//       CHECK:   %[[T0:.*]] = gpu.wait async
//       CHECK:   %[[Y:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] (%{{.*}}) : memref<?x8xf32>
//       CHECK:   gpu.wait [%[[T1]]]
//       CHECK:   %[[TMP:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] (%{{.*}}) : memref<?x8xf32>
//       CHECK:   %[[HOST:.*]] = memref.alloc() : memref<4xindex>
//       CHECK:   gpu.launch
//       CHECK:   %[[D0:.*]] = gpu.wait async
//       CHECK:   %[[D1:.*]] = gpu.dealloc async [%[[D0]]] %[[TMP]] : memref<?x8xf32>
//       CHECK:   gpu.wait [%[[D1]]]
//       CHECK:   memref.dealloc %[[HOST]] : memref<4xindex>
//       CHECK:   return %[[Y]]
func.func @allocations(%n: index) -> memref<?x8xf32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %y = memref.alloc(%n) : memref<?x8xf32>
  %tmp = memref.alloc(%n) : memref<?x8xf32>
  %host = memref.alloc() : memref<4xindex>
  memref.store %n, %host[%c0] : memref<4xindex>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %tmp[%c0, %c0] : memref<?x8xf32>
    memref.store %v, %y[%c0, %c0] : memref<?x8xf32>
    gpu.terminator
  }
  memref.dealloc %tmp : memref<?x8xf32>
  memref.dealloc %host : memref<4xindex>
  return %y : memref<?x8xf32>
}

// -----

// Host code that would read or write a device buffer is an error.

func.func @host_reads_device(%x: memref<4x4xf32>, %y: memref<4x4xf32>) {
  // expected-error @+1 {{glu-to-nvvm: this op would read or write device memory on the host; only elementwise linalg ops are mapped to the GPU}}
  linalg.matmul ins(%x, %x : memref<4x4xf32>, memref<4x4xf32>) outs(%y : memref<4x4xf32>)
  return
}

// -----

func.func @host_loads_view(%x: memref<?x8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.subview %x[0, 0] [2, 4] [1, 2] : memref<?x8xf32> to memref<2x4xf32, strided<[8, 2]>>
  // expected-error @+1 {{glu-to-nvvm: this op would read or write device memory on the host}}
  %e = memref.load %v[%c0, %c0] : memref<2x4xf32, strided<[8, 2]>>
  return %e : f32
}

// -----

// A kernel cannot read host memory (a global constant).

memref.global "private" constant @table : memref<4xf32> = dense<1.0>
func.func @kernel_reads_global(%y: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %t = memref.get_global @table : memref<4xf32>
  // expected-error @+1 {{glu-to-nvvm: a kernel would read a host buffer (a global constant, an alloca or a host allocation); only function arguments and allocations can live on the device}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %y[%c0] : memref<4xf32>
    gpu.terminator
  }
  return
}
