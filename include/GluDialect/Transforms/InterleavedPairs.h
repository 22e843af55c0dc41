//===- InterleavedPairs.h - Even/odd lanes of one region --------*- C++ -*-===//
//
// Interleaved packing reads the gate and up halves (and writes their
// gradients) as the even and odd elements of one buffer. The CPU vectorizer
// and the GPU mapping both read and write such a pair with one contiguous
// access of twice the width and a (de)interleave. Both prove from the IR
// that two operands form such a pair, with this one function: no pass
// tells another (a discardable attribute would go stale silently).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_TRANSFORMS_INTERLEAVEDPAIRS_H
#define GLUDIALECT_TRANSFORMS_INTERLEAVEDPAIRS_H

#include "mlir/IR/Value.h"

namespace mlir::glu {

/// Whether memrefs `even` and `odd` are the even and odd elements, along
/// the last dimension, of one region whose last stride is statically 1
/// (so that the view of both is contiguous): subviews of one source with
/// equal sizes and strides, a static last stride of 2, and last offsets o
/// and o + 1 (the other offsets equal); or identical unit-stride subviews
/// (tiles) of such a pair. Rank-reducing subviews do not qualify.
bool isInterleavedPair(Value even, Value odd);

} // namespace mlir::glu

#endif // GLUDIALECT_TRANSFORMS_INTERLEAVEDPAIRS_H
