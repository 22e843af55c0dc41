//===- GgmlGeluTable.h - ggml's f16 GELU table on the host --*- C++ -*-===//
//
// The `f16_table` plan of geglu is ggml's f32 GEGLU, whose activation is a
// lookup in a 64K-entry f16 table that ggml fills at start-up with the C
// library's tanhf. glu builds the same table when it lowers glu.gelu_table
// (glu-lower-math), on the compiling host, the same way: the bytes are that
// host's C library's (docs/semantics.md).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_DIALECT_GGMLGELUTABLE_H
#define GLUDIALECT_DIALECT_GGMLGELUTABLE_H

#include <cstdint>
#include <vector>

namespace mlir::glu {

/// ggml's f32 GELU (ggml_gelu_f32) as ggml's default build evaluates it:
/// `0.5f*x*(1.0f + tanhf(SQRT_2_OVER_PI*x*fmaf(GELU_COEF_A*x, x, 1.0f)))`,
/// with this host's tanhf.
float ggmlGeluF32(float x);

/// The f16 bits of ggml's table entry for the f16 value with bits `bits`:
/// ggmlGeluF32 rounded to f16 (nearest even; a NaN is 0x7e00 with its
/// sign, as ggml's conversion writes it).
uint16_t ggmlGeluTableEntry(uint16_t bits);

/// All 65536 entries, indexed by the f16 bits of x.
std::vector<uint16_t> buildGgmlGeluTable();

} // namespace mlir::glu

#endif // GLUDIALECT_DIALECT_GGMLGELUTABLE_H
