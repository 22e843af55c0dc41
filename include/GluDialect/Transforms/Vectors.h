//===- Vectors.h - Small vector-building helpers of the passes --*- C++ -*-===//
//
// The vector dialect has no concatenation op: passes that build a wide
// vector from pieces (glu-tabulate's per-lane lookups, glu-version-by-range's
// 16-lane vscalefps) join them with shuffles, through this one function.
// Passes that rewrite elementwise ops on scalars and vectors alike build
// their intermediate types with withElement.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_TRANSFORMS_VECTORS_H
#define GLUDIALECT_TRANSFORMS_VECTORS_H

#include "mlir/IR/Builders.h"

namespace mlir::glu {

/// The concatenation of `parts` (1-D vectors of one element type, any
/// number of them, any lengths), as a balanced tree of vector.shuffle.
Value concatVectors(OpBuilder &b, Location loc, ArrayRef<Value> parts);

/// `type` (a scalar or a shaped type) with `element` as its element type.
Type withElement(Type type, Type element);

} // namespace mlir::glu

#endif // GLUDIALECT_TRANSFORMS_VECTORS_H
