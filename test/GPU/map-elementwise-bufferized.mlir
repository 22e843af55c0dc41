// glu-gpu-map-elementwise after upstream's default one-shot-bufferize
// (function arguments as buffers of unknown layout, strided<[?, ?],
// offset: ?>): every packing of a glu op maps to valid IR. The interleaved
// halves, whose buffer is not known to be unit stride, take the scalar
// path (was: "most minor memref dim must have unit stride").
// RUN: glu-opt %s -split-input-file --one-shot-bufferize --glu-gpu-map-elementwise | FileCheck %s

// CHECK-LABEL: func.func @interleaved
//       CHECK:   gpu.launch
//   CHECK-NOT:     vector.load
//       CHECK:     memref.load %{{.*}} : memref<4x8xbf16, strided<[?, ?], offset: ?>>
func.func @interleaved(%a: tensor<4x16xbf16>) -> tensor<4x8xbf16> {
  %y = glu.glu swiglu(%a) packing(interleaved) : tensor<4x16xbf16> -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}

// -----

// CHECK-LABEL: func.func @interleaved_back
//       CHECK:   gpu.launch
//   CHECK-NOT:     vector.load
//       CHECK:     memref.load %{{.*}} : memref<4x8xbf16, strided<[?, ?], offset: ?>>
func.func @interleaved_back(%dy: tensor<4x8xbf16>, %a: tensor<4x16xbf16>) -> tensor<4x16xbf16> {
  %da = glu.glu_back swiglu(%dy, %a) packing(interleaved) : tensor<4x8xbf16>, tensor<4x16xbf16> -> tensor<4x16xbf16>
  return %da : tensor<4x16xbf16>
}

// -----

// CHECK-LABEL: func.func @halves
//       CHECK:   gpu.launch
func.func @halves(%a: tensor<4x16xbf16>) -> tensor<4x8xbf16> {
  %y = glu.glu swiglu(%a) : tensor<4x16xbf16> -> tensor<4x8xbf16>
  return %y : tensor<4x8xbf16>
}
