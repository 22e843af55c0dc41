//===- GluDialect.cpp - The glu dialect ------------------------------------===//

#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/Dialect/GluOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::glu;

#include "GluDialect/Dialect/GluDialect.cpp.inc"
#include "GluDialect/Dialect/GluEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "GluDialect/Dialect/GluAttrs.cpp.inc"

namespace {
/// Every glu op is pure and region-free: calls to functions containing them
/// can be inlined (glu-differentiate works on inlined bodies).
struct GluInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void GluDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "GluDialect/Dialect/GluAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "GluDialect/Dialect/GluOps.cpp.inc"
      >();
  addInterfaces<GluInlinerInterface>();
}

Operation *GluDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}
