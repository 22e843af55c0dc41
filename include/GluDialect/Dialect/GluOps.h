//===- GluOps.h - glu dialect operations ------------------------*- C++ -*-===//

#ifndef GLUDIALECT_DIALECT_GLUOPS_H
#define GLUDIALECT_DIALECT_GLUOPS_H

#include "GluDialect/Dialect/GluDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "GluDialect/Dialect/GluOps.h.inc"

namespace mlir::glu {
/// The result type of a forward op on `aType`: the same type for the split
/// form, last size floor(n/2) (dynamic stays dynamic) for the fused form.
RankedTensorType inferGluResultType(RankedTensorType aType, bool fused);
} // namespace mlir::glu

#endif // GLUDIALECT_DIALECT_GLUOPS_H
