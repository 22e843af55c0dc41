// RUN: glu-opt %s -split-input-file -glu-lower-math -mlir-elide-elementsattrs-if-larger=16 | FileCheck %s

// glu.round is a truncf/extf pair, on scalars, vectors and tensors.
// CHECK-LABEL: func @round
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK: arith.extf %[[T]] : bf16 to f32
// CHECK: %[[V:.*]] = arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK: arith.extf %[[V]] : vector<8xf16> to vector<8xf32>
// CHECK-NOT: glu.round
func.func @round(%s: f32, %v: vector<8xf32>) -> (f32, vector<8xf32>) {
  %0 = glu.round %s to bf16 : f32
  %1 = glu.round %v to f16 : vector<8xf32>
  return %0, %1 : f32, vector<8xf32>
}

// -----

// exp, tanh, erf and erfc become exactly rounded arithmetic with explicit
// fmas: no math function call remains.
// CHECK-LABEL: func @approximations
// CHECK-NOT: math.exp
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: math.fma
// CHECK-NOT: math.exp
// CHECK-NOT: math.erfc
// CHECK: return
func.func @approximations(%x: vector<8xf32>) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
  %0 = math.exp %x : vector<8xf32>
  %1 = math.tanh %x : vector<8xf32>
  %2 = math.erf %x : vector<8xf32>
  %3 = math.erfc %x : vector<8xf32>
  return %0, %1, %2, %3 : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>
}

// -----

// glu.gelu_table: one private constant table of 65536 f16 entries per
// symbol table (built on the host), indexed by the f16 bits of x: a load on
// scalars, a gather on vectors (flattened to 1-D). The name is made unique
// if taken.
// CHECK-DAG: memref.global "private" @__glu_ggml_gelu_f16 : memref<2xf16>
// CHECK-DAG: memref.global "private" constant @[[T:__glu_ggml_gelu_f16_[0-9]+]] : memref<65536xf16> = dense_resource<__elided__> {alignment = 64 : i64}
// CHECK-NOT: memref.global
// CHECK-LABEL: func @gelu_table
// CHECK: %[[G:.*]] = memref.get_global @[[T]] : memref<65536xf16>
// CHECK: %[[H:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK: %[[B:.*]] = arith.bitcast %[[H]] : f16 to i16
// CHECK: %[[I:.*]] = arith.index_castui %[[B]] : i16 to index
// CHECK: %[[E:.*]] = memref.load %[[G]][%[[I]]] : memref<65536xf16>
// CHECK: arith.extf %[[E]] : f16 to f32
// CHECK: %[[GV:.*]] = memref.get_global @[[T]] : memref<65536xf16>
// CHECK: %[[F:.*]] = vector.shape_cast %{{.*}} : vector<2x4xf32> to vector<8xf32>
// CHECK: %[[HV:.*]] = arith.truncf %[[F]] : vector<8xf32> to vector<8xf16>
// CHECK: %[[BV:.*]] = arith.bitcast %[[HV]] : vector<8xf16> to vector<8xi16>
// CHECK: %[[IV:.*]] = arith.extui %[[BV]] : vector<8xi16> to vector<8xi32>
// CHECK: %[[EV:.*]] = vector.gather %[[GV]][%{{.*}}] [%[[IV]]], %{{.*}}, %{{.*}} : memref<65536xf16>, vector<8xi32>, vector<8xi1>, vector<8xf16> into vector<8xf16>
// CHECK: %[[W:.*]] = arith.extf %[[EV]] : vector<8xf16> to vector<8xf32>
// CHECK: vector.shape_cast %[[W]] : vector<8xf32> to vector<2x4xf32>
// CHECK-NOT: glu.gelu_table
memref.global "private" @__glu_ggml_gelu_f16 : memref<2xf16>
func.func @gelu_table(%x: f32, %v: vector<2x4xf32>) -> (f32, vector<2x4xf32>) {
  %0 = glu.gelu_table %x : f32
  %1 = glu.gelu_table %v : vector<2x4xf32>
  return %0, %1 : f32, vector<2x4xf32>
}

// -----

// A kernel's table lives in its gpu.module.
// CHECK-LABEL: gpu.module @kernels
// CHECK: memref.global "private" constant @__glu_ggml_gelu_f16 : memref<65536xf16>
// CHECK: gpu.func @k
// CHECK: memref.get_global @__glu_ggml_gelu_f16
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%x: f32, %out: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %0 = glu.gelu_table %x : f32
      memref.store %0, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}

// -----

// exp keeps its subnormal results: exp(a + 32) * e^-32 below -87.5. On a
// vector that form is computed only when some lane is below -87.5 (a branch
// on the lanes' any); the other branch is plain exp, the same bits there.
// Scalars keep the selects.
// CHECK-LABEL: func @subnormal_exp
// CHECK-DAG: %[[LIMIT:.*]] = arith.constant dense<-8.750000e+01> : vector<8xf32>
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant dense<3.200000e+01> : vector<8xf32>
// CHECK-DAG: %[[SCALE:.*]] = arith.constant dense<1.26641658E-14> : vector<8xf32>
// CHECK: %[[LOW:.*]] = arith.cmpf olt, %[[A:.*]], %[[LIMIT]] : vector<8xf32>
// CHECK: %[[ANY:.*]] = vector.reduction <or>, %[[LOW]] : vector<8xi1> into i1
// CHECK: scf.if %[[ANY]] -> (vector<8xf32>) {
// CHECK:   %[[ADD:.*]] = arith.addf %[[A]], %[[SHIFT]]
// CHECK:   arith.select %[[LOW]], %[[ADD]], %[[A]]
// CHECK:   arith.select %[[LOW]], %[[SCALE]],
// CHECK: } else {
// CHECK-NOT: arith.select %[[LOW]]
// CHECK: }
// CHECK: %[[SLOW:.*]] = arith.cmpf olt, %[[S:.*]], %{{.*}} : f32
// CHECK-NOT: scf.if
// CHECK: arith.select %[[SLOW]]
// CHECK: return
func.func @subnormal_exp(%v: vector<8xf32>, %s: f32) -> (vector<8xf32>, f32) {
  %0 = math.exp %v : vector<8xf32>
  %1 = math.exp %s : f32
  return %0, %1 : vector<8xf32>, f32
}

// -----

// Only functions with math are rewritten (the greedy driver folds as it
// goes): one without any is left as it is, its foldable add included.
// CHECK-LABEL: func @no_math
// CHECK: %[[C:.*]] = arith.constant 1 : i32
// CHECK: arith.addi %[[C]], %[[C]] : i32
// CHECK-LABEL: func @some_math
// CHECK-NOT: arith.addi
// CHECK: return
func.func @no_math() -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %c1, %c1 : i32
  return %0 : i32
}
func.func @some_math(%x: f32) -> (f32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %c1, %c1 : i32
  %1 = math.tanh %x : f32
  return %1, %0 : f32, i32
}

// -----

// A signalling NaN constant converted: the quiet NaN (quiet bit set,
// payload kept), which folds on. Left to LLVM (upstream does not fold the
// conversion, which signals invalid), exp's fptosi of it was poison.
// CHECK-LABEL: func @signaling_nan
// CHECK-DAG: %[[S:.*]] = arith.constant 0x7FE02000 : f32
// CHECK-DAG: %[[V:.*]] = arith.constant dense<0xFFE02000> : vector<4xf32>
// CHECK-NOT: arith.extf
// CHECK: return %[[S]], %[[V]]
func.func @signaling_nan() -> (f32, vector<4xf32>) {
  %s = arith.constant 0x7D01 : f16
  %v = arith.constant dense<0xFD01> : vector<4xf16>
  %es = arith.extf %s : f16 to f32
  %ev = arith.extf %v : vector<4xf16> to vector<4xf32>
  %m = math.exp %es : f32
  return %es, %ev : f32, vector<4xf32>
}
