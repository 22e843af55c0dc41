//===- DifferentiableOpInterface.cpp - reverse-mode rules
//------------------===//

#include "GluDialect/Interfaces/DifferentiableOpInterface.h"

#include "RuleBase.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::glu;

#include "GluDialect/Interfaces/DifferentiableOpInterface.cpp.inc"

void mlir::glu::registerDifferentiableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registerArithRules(registry);
  registerMathRules(registry);
  registerGluRules(registry);
  registerLinalgRules(registry);
  registerTensorRules(registry);
}
