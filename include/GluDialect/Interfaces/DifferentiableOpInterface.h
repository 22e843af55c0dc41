//===- DifferentiableOpInterface.h - reverse-mode rules ---------*- C++ -*-===//

#ifndef GLUDIALECT_INTERFACES_DIFFERENTIABLEOPINTERFACE_H
#define GLUDIALECT_INTERFACES_DIFFERENTIABLEOPINTERFACE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

#include "GluDialect/Interfaces/DifferentiableOpInterface.h.inc"

namespace mlir {
class DialectRegistry;
namespace glu {
/// Attaches the rules for the upstream arith, math, tensor and linalg ops.
void registerDifferentiableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_INTERFACES_DIFFERENTIABLEOPINTERFACE_H
