//===- InterleavedPairs.cpp - Even/odd lanes of one region ----------------===//

#include "GluDialect/Transforms/InterleavedPairs.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

/// x[i] == y[i] for the first `count` entries.
static bool equalPrefix(ArrayRef<OpFoldResult> x, ArrayRef<OpFoldResult> y,
                        size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (!isEqualConstantIntOrValue(x[i], y[i]))
      return false;
  return true;
}

bool glu::isInterleavedPair(Value even, Value odd) {
  auto a = even.getDefiningOp<memref::SubViewOp>();
  auto b = odd.getDefiningOp<memref::SubViewOp>();
  if (!a || !b || a.getType().getRank() != a.getSourceType().getRank() ||
      a.getType().getRank() != b.getType().getRank() ||
      b.getType().getRank() != b.getSourceType().getRank())
    return false;
  size_t rank = a.getType().getRank();
  SmallVector<OpFoldResult> offA = a.getMixedOffsets(),
                            offB = b.getMixedOffsets();
  SmallVector<OpFoldResult> strides = a.getMixedStrides();
  std::optional<int64_t> lastStride = getConstantIntValue(strides.back());
  if (!equalPrefix(strides, b.getMixedStrides(), rank))
    return false;

  // A tile of a pair: the same window of each, elements still adjacent.
  if (a.getSource() != b.getSource())
    return lastStride == 1 && equalPrefix(offA, offB, rank) &&
           isInterleavedPair(a.getSource(), b.getSource());

  auto [sourceStrides, sourceOffset] = a.getSourceType().getStridesAndOffset();
  if (sourceStrides.empty() || sourceStrides.back() != 1)
    return false;
  std::optional<int64_t> lastA = getConstantIntValue(offA.back());
  std::optional<int64_t> lastB = getConstantIntValue(offB.back());
  return equalPrefix(a.getMixedSizes(), b.getMixedSizes(), rank) &&
         equalPrefix(offA, offB, rank - 1) && lastA && lastB &&
         *lastB == *lastA + 1 && lastStride == 2;
}
