/*===- glu-c/Dialect/Glu.h - C API of the glu dialect -------------*- C -*-===*\
|*                                                                            *|
|* The glu dialect for C and for language bindings, in the conventions of     *|
|* MLIR's C API (mlir-c/IR.h): a dialect handle, the variant, rounding and    *|
|* packing attributes, and registration of the external models that glu ops   *|
|* and the ops they lower to need (derivative rules, bufferization).          *|
|*                                                                            *|
|* Passes and pipelines: glu-c/Passes.h.                                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef GLU_C_DIALECT_GLU_H
#define GLU_C_DIALECT_GLU_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// mlirGetDialectHandle__glu__(): insert the glu dialect into a registry
/// (mlirDialectHandleInsertDialect) or load it into a context
/// (mlirDialectHandleLoadDialect).
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Glu, glu);

/// Registers the external models glu relies on: the derivative rules
/// (DifferentiableOpInterface) of glu, arith and math ops, and the
/// bufferization of glu ops (one-shot-bufferize on IR that holds glu ops).
/// Call it on the registry a context is created from, with the dialects.
MLIR_CAPI_EXPORTED void
mlirGluRegisterExternalModels(MlirDialectRegistry registry);

//===----------------------------------------------------------------------===//
// Attributes. The enumerators have the values of the IR's enums
// (docs/semantics.md section 0). The ...AttrGet functions give a null
// attribute for a value that is none of its enum's enumerators, and text
// from users goes through the ...GetFromName functions, which give a null
// attribute for an unknown name; both load the glu dialect into `ctx` when
// it is not loaded yet. The ...IsA... functions take any attribute, null
// included (false); the others need an attribute of their kind.
//===----------------------------------------------------------------------===//

/// `#glu.variant<...>`: which activation gates the up projection.
typedef enum MlirGluVariant {
  MlirGluVariantReglu = 0,
  MlirGluVariantGeglu = 1,
  MlirGluVariantGegluErf = 2,
  MlirGluVariantGegluQuick = 3,
  MlirGluVariantSwiglu = 4,
  MlirGluVariantSwigluOai = 5,
} MlirGluVariant;

/// `#glu.rounding<...>`: where f32 intermediates are rounded to storage.
typedef enum MlirGluRounding {
  MlirGluRoundingTwoRound = 0,
  MlirGluRoundingOneRound = 1,
  MlirGluRoundingF16Table = 2,
} MlirGluRounding;

/// `#glu.packing<...>`: where the halves of a fused operand live.
typedef enum MlirGluPacking {
  MlirGluPackingHalves = 0,
  MlirGluPackingSwapped = 1,
  MlirGluPackingInterleaved = 2,
} MlirGluPacking;

MLIR_CAPI_EXPORTED bool mlirAttributeIsAGluVariantAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute mlirGluVariantAttrGet(MlirContext ctx,
                                                       MlirGluVariant value);
/// The attribute named `name` ("swiglu", ...), or a null attribute.
MLIR_CAPI_EXPORTED MlirAttribute
mlirGluVariantAttrGetFromName(MlirContext ctx, MlirStringRef name);
/// The value of a variant attribute (mlirAttributeIsAGluVariantAttr).
MLIR_CAPI_EXPORTED MlirGluVariant
mlirGluVariantAttrGetValue(MlirAttribute attr);
/// The name of a variant attribute's value ("swiglu", ...).
MLIR_CAPI_EXPORTED MlirStringRef mlirGluVariantAttrGetName(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirGluVariantAttrGetTypeID(void);

MLIR_CAPI_EXPORTED bool mlirAttributeIsAGluRoundingAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute mlirGluRoundingAttrGet(MlirContext ctx,
                                                        MlirGluRounding value);
MLIR_CAPI_EXPORTED MlirAttribute
mlirGluRoundingAttrGetFromName(MlirContext ctx, MlirStringRef name);
MLIR_CAPI_EXPORTED MlirGluRounding
mlirGluRoundingAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef mlirGluRoundingAttrGetName(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirGluRoundingAttrGetTypeID(void);

MLIR_CAPI_EXPORTED bool mlirAttributeIsAGluPackingAttr(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute mlirGluPackingAttrGet(MlirContext ctx,
                                                       MlirGluPacking value);
MLIR_CAPI_EXPORTED MlirAttribute
mlirGluPackingAttrGetFromName(MlirContext ctx, MlirStringRef name);
MLIR_CAPI_EXPORTED MlirGluPacking
mlirGluPackingAttrGetValue(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef mlirGluPackingAttrGetName(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirTypeID mlirGluPackingAttrGetTypeID(void);

#ifdef __cplusplus
}
#endif

#endif // GLU_C_DIALECT_GLU_H
