//===- GluDialect.cpp - The glu dialect
//------------------------------------===//

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

//===----------------------------------------------------------------------===//
// The legal configurations
//===----------------------------------------------------------------------===//

/// Every value of an I32EnumAttr whose cases are numbered 0..max (ODS
/// checks that the values are unique; glu's enums are dense).
template <typename EnumT>
static SmallVector<EnumT> allValues(uint64_t maxValue) {
  SmallVector<EnumT> values;
  for (uint64_t i = 0; i <= maxValue; ++i)
    values.push_back(static_cast<EnumT>(i));
  return values;
}

SmallVector<Variant> mlir::glu::allVariants() {
  return allValues<Variant>(getMaxEnumValForVariant());
}
SmallVector<Rounding> mlir::glu::allRoundings() {
  return allValues<Rounding>(getMaxEnumValForRounding());
}
SmallVector<Packing> mlir::glu::allPackings() {
  return allValues<Packing>(getMaxEnumValForPacking());
}

SmallVector<Type> mlir::glu::storageTypes(MLIRContext *ctx) {
  Builder b(ctx);
  return {b.getF32Type(), b.getF16Type(), b.getBF16Type()};
}

bool mlir::glu::hasF16Table(Variant variant) {
  return variant == Variant::geglu || variant == Variant::geglu_quick;
}

bool mlir::glu::isLegalRounding(Variant variant, Rounding rounding) {
  return rounding != Rounding::f16_table || hasF16Table(variant);
}

bool mlir::glu::isLegalCombination(Variant variant, Rounding rounding,
                                   std::optional<Packing> packing,
                                   Type storage) {
  (void)packing; // every packing is legal with every variant and plan
  return isLegalRounding(variant, rounding) &&
         llvm::is_contained(storageTypes(storage.getContext()), storage);
}

void mlir::glu::forEachLegalCombination(
    MLIRContext *ctx, function_ref<void(const GluCombination &)> fn) {
  SmallVector<std::optional<Packing>> forms = {std::nullopt};
  for (Packing packing : allPackings())
    forms.push_back(packing);
  for (Variant variant : allVariants())
    for (Type storage : storageTypes(ctx))
      for (Rounding rounding : allRoundings())
        for (std::optional<Packing> packing : forms)
          if (isLegalCombination(variant, rounding, packing, storage))
            fn({variant, rounding, packing, storage});
}
