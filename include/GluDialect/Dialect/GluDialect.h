//===- GluDialect.h - The glu dialect ---------------------------*- C++ -*-===//

#ifndef GLUDIALECT_DIALECT_GLUDIALECT_H
#define GLUDIALECT_DIALECT_GLUDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"

#include "GluDialect/Dialect/GluDialect.h.inc"
#include "GluDialect/Dialect/GluEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "GluDialect/Dialect/GluAttrs.h.inc"

namespace mlir::glu {
/// swiglu_oai's default parameters (SPEC section 2).
constexpr float kDefaultAlpha = 1.702f;
constexpr float kDefaultLimit = 7.0f;
} // namespace mlir::glu

#endif // GLUDIALECT_DIALECT_GLUDIALECT_H
