//===- Glu.cpp - C API of the glu dialect ---------------------------------===//

#include "glu-c/Dialect/Glu.h"

#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"

#include <cstring>
#include <type_traits>

using namespace mlir;
using namespace mlir::glu;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Glu, glu, mlir::glu::GluDialect)

void mlirGluRegisterExternalModels(MlirDialectRegistry registry) {
  registerDifferentiableOpInterfaceExternalModels(*unwrap(registry));
  registerBufferizableOpInterfaceExternalModels(*unwrap(registry));
}

// The C enumerators are the IR's enum values.
static_assert(int(MlirGluVariantReglu) == int(Variant::reglu) &&
                  int(MlirGluVariantGeglu) == int(Variant::geglu) &&
                  int(MlirGluVariantGegluErf) == int(Variant::geglu_erf) &&
                  int(MlirGluVariantGegluQuick) == int(Variant::geglu_quick) &&
                  int(MlirGluVariantSwiglu) == int(Variant::swiglu) &&
                  int(MlirGluVariantSwigluOai) == int(Variant::swiglu_oai),
              "MlirGluVariant out of sync with glu::Variant");
static_assert(int(MlirGluRoundingTwoRound) == int(Rounding::two_round) &&
                  int(MlirGluRoundingOneRound) == int(Rounding::one_round) &&
                  int(MlirGluRoundingF16Table) == int(Rounding::f16_table),
              "MlirGluRounding out of sync with glu::Rounding");
static_assert(int(MlirGluPackingHalves) == int(Packing::halves) &&
                  int(MlirGluPackingSwapped) == int(Packing::swapped) &&
                  int(MlirGluPackingInterleaved) == int(Packing::interleaved),
              "MlirGluPacking out of sync with glu::Packing");

namespace {
/// `ctx` with the glu dialect loaded: an attribute's storage is registered
/// when its dialect loads, and a context that has glu only in its registry
/// (embedding.md's setup, before any glu IR is parsed) or not at all
/// crashed in AttrT::get.
MLIRContext *withGlu(MlirContext ctx) {
  MLIRContext *context = unwrap(ctx);
  context->getOrLoadDialect<GluDialect>();
  return context;
}

/// The C functions of one enum attribute, from its ODS-generated
/// symbolize/stringify functions.
template <typename AttrT, typename EnumT, typename CEnumT> struct EnumAttrCAPI {
  // A null attribute (what getFromName gives for an unknown name) is not
  // one: false, as the header promises, rather than a crash.
  static bool isA(MlirAttribute attr) {
    return isa_and_present<AttrT>(unwrap(attr));
  }

  /// A null attribute for a value that is none of the enumerators (a
  /// binding's stray integer), rather than an attribute that prints as
  /// nothing and fails the verifier's checks in unforeseen ways.
  /// `value` is read as bytes: a C caller may pass any int (C enums are
  /// ints), but loading a value outside the enumerators' range as the C++
  /// enum type is undefined behaviour (UBSan: -fsanitize=enum).
  static MlirAttribute get(MlirContext ctx, const CEnumT &value,
                           uint64_t maxValue) {
    std::underlying_type_t<CEnumT> raw;
    std::memcpy(&raw, &value, sizeof(raw));
    int64_t wide = raw;
    if (wide < 0 || uint64_t(wide) > maxValue)
      return MlirAttribute{nullptr};
    return wrap(AttrT::get(withGlu(ctx), static_cast<EnumT>(raw)));
  }

  static MlirAttribute
  getFromName(MlirContext ctx, MlirStringRef name,
              std::optional<EnumT> (*symbolize)(llvm::StringRef)) {
    std::optional<EnumT> e = symbolize(unwrap(name));
    if (!e)
      return MlirAttribute{nullptr};
    return wrap(AttrT::get(withGlu(ctx), *e));
  }

  static CEnumT getValue(MlirAttribute attr) {
    return static_cast<CEnumT>(cast<AttrT>(unwrap(attr)).getValue());
  }

  static MlirStringRef getName(MlirAttribute attr,
                               llvm::StringRef (*stringify)(EnumT)) {
    // The stringify functions return static strings.
    return wrap(stringify(cast<AttrT>(unwrap(attr)).getValue()));
  }

  static MlirTypeID typeID() { return wrap(TypeID::get<AttrT>()); }
};

using VariantCAPI = EnumAttrCAPI<VariantAttr, Variant, MlirGluVariant>;
using RoundingCAPI = EnumAttrCAPI<RoundingAttr, Rounding, MlirGluRounding>;
using PackingCAPI = EnumAttrCAPI<PackingAttr, Packing, MlirGluPacking>;
} // namespace

//===----------------------------------------------------------------------===//
// Variant
//===----------------------------------------------------------------------===//

bool mlirAttributeIsAGluVariantAttr(MlirAttribute attr) {
  return VariantCAPI::isA(attr);
}
MlirAttribute mlirGluVariantAttrGet(MlirContext ctx, MlirGluVariant value) {
  return VariantCAPI::get(ctx, value, getMaxEnumValForVariant());
}
MlirAttribute mlirGluVariantAttrGetFromName(MlirContext ctx,
                                            MlirStringRef name) {
  return VariantCAPI::getFromName(ctx, name, symbolizeVariant);
}
MlirGluVariant mlirGluVariantAttrGetValue(MlirAttribute attr) {
  return VariantCAPI::getValue(attr);
}
MlirStringRef mlirGluVariantAttrGetName(MlirAttribute attr) {
  return VariantCAPI::getName(attr, stringifyVariant);
}
MlirTypeID mlirGluVariantAttrGetTypeID(void) { return VariantCAPI::typeID(); }

//===----------------------------------------------------------------------===//
// Rounding
//===----------------------------------------------------------------------===//

bool mlirAttributeIsAGluRoundingAttr(MlirAttribute attr) {
  return RoundingCAPI::isA(attr);
}
MlirAttribute mlirGluRoundingAttrGet(MlirContext ctx, MlirGluRounding value) {
  return RoundingCAPI::get(ctx, value, getMaxEnumValForRounding());
}
MlirAttribute mlirGluRoundingAttrGetFromName(MlirContext ctx,
                                             MlirStringRef name) {
  return RoundingCAPI::getFromName(ctx, name, symbolizeRounding);
}
MlirGluRounding mlirGluRoundingAttrGetValue(MlirAttribute attr) {
  return RoundingCAPI::getValue(attr);
}
MlirStringRef mlirGluRoundingAttrGetName(MlirAttribute attr) {
  return RoundingCAPI::getName(attr, stringifyRounding);
}
MlirTypeID mlirGluRoundingAttrGetTypeID(void) { return RoundingCAPI::typeID(); }

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

bool mlirAttributeIsAGluPackingAttr(MlirAttribute attr) {
  return PackingCAPI::isA(attr);
}
MlirAttribute mlirGluPackingAttrGet(MlirContext ctx, MlirGluPacking value) {
  return PackingCAPI::get(ctx, value, getMaxEnumValForPacking());
}
MlirAttribute mlirGluPackingAttrGetFromName(MlirContext ctx,
                                            MlirStringRef name) {
  return PackingCAPI::getFromName(ctx, name, symbolizePacking);
}
MlirGluPacking mlirGluPackingAttrGetValue(MlirAttribute attr) {
  return PackingCAPI::getValue(attr);
}
MlirStringRef mlirGluPackingAttrGetName(MlirAttribute attr) {
  return PackingCAPI::getName(attr, stringifyPacking);
}
MlirTypeID mlirGluPackingAttrGetTypeID(void) { return PackingCAPI::typeID(); }
