//===- GgmlGeluTable.cpp - ggml's f16 GELU table, built on the host -------===//
//
// ggml fills ggml_table_gelu_f16 in ggml_cpu_init with
//
//   0.5f*x*(1.0f + tanhf(SQRT_2_OVER_PI*x*(1.0f + GELU_COEF_A*x*x)))
//
// rounded to f16. Its default build (GGML_NATIVE: -march=native, with GCC
// or Clang) contracts the one multiply-add of that expression,
// 1.0f + (GELU_COEF_A*x)*x, into an fma on every host with FMA (measured:
// vfmadd213ss in ggml_cpu_init of ggml-cpu.o, GCC 12, AMD EPYC Zen 5).
// Written below with std::fma, the expression has no other product feeding
// a sum, so no compiler flag can contract anything else: the result depends
// only on tanhf, i.e. on the C library glu runs against (glibc's tanhf has
// no CPU-specific variant). Without the fma, one entry of the 65536
// differs (x = -1.999, docs/semantics.md).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Definitions/GgmlGeluTable.h"

#include "llvm/ADT/APFloat.h"
#include <cmath>
#include <math.h>

using namespace mlir::glu;

namespace {
// ggml's constants (ggml/src/ggml-cpu/vec.h), as f32.
constexpr float kGeluCoefA = 0.044715f;
constexpr float kSqrt2OverPi = 0.79788456080286535587989211986876f;

float halfToFloat(uint16_t bits) {
  llvm::APFloat value(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
  bool losesInfo;
  value.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToFloat();
}

uint16_t floatToHalf(float f) {
  if (std::isnan(f))
    return std::signbit(f) ? 0xfe00 : 0x7e00;
  llvm::APFloat value(f);
  bool losesInfo;
  value.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
  return uint16_t(value.bitcastToAPInt().getZExtValue());
}
} // namespace

float mlir::glu::ggmlGeluF32(float x) {
  float inner = std::fma(kGeluCoefA * x, x, 1.0f);
  float u = kSqrt2OverPi * x * inner;
  return 0.5f * x * (1.0f + ::tanhf(u));
}

uint16_t mlir::glu::ggmlGeluTableEntry(uint16_t bits) {
  return floatToHalf(ggmlGeluF32(halfToFloat(bits)));
}

std::vector<uint16_t> mlir::glu::buildGgmlGeluTable() {
  std::vector<uint16_t> table(1 << 16);
  for (uint32_t bits = 0; bits < table.size(); ++bits)
    table[bits] = ggmlGeluTableEntry(uint16_t(bits));
  return table;
}
