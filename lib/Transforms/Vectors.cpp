//===- Vectors.cpp - Small vector-building helpers of the passes ----------===//

#include "GluDialect/Transforms/Vectors.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

Value glu::concatVectors(OpBuilder &b, Location loc, ArrayRef<Value> pieces) {
  assert(!pieces.empty() && "nothing to concatenate");
  SmallVector<Value> parts(pieces);
  while (parts.size() > 1) {
    SmallVector<Value> next;
    for (size_t p = 0; p + 1 < parts.size(); p += 2) {
      int64_t size = cast<VectorType>(parts[p].getType()).getNumElements() +
                     cast<VectorType>(parts[p + 1].getType()).getNumElements();
      next.push_back(vector::ShuffleOp::create(
          b, loc, parts[p], parts[p + 1],
          llvm::to_vector(llvm::seq<int64_t>(0, size))));
    }
    // An odd one out joins the next level.
    if (parts.size() % 2)
      next.push_back(parts.back());
    parts = std::move(next);
  }
  return parts.front();
}

Type glu::withElement(Type type, Type element) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(element);
  return element;
}
