//===- GluDialect.h - The glu dialect ---------------------------*- C++ -*-===//

#ifndef GLUDIALECT_DIALECT_GLUDIALECT_H
#define GLUDIALECT_DIALECT_GLUDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

#include "GluDialect/Dialect/GluDialect.h.inc"
#include "GluDialect/Dialect/GluEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "GluDialect/Dialect/GluAttrs.h.inc"

namespace mlir::glu {
/// swiglu_oai's default parameters (docs/semantics.md, "Variants").
constexpr float kDefaultAlpha = 1.702f;
constexpr float kDefaultLimit = 7.0f;

//===----------------------------------------------------------------------===//
// The legal configurations (docs/semantics.md, "Legal combinations")
//
// The one list of legal (variant, rounding plan, packing, storage type)
// combinations, derived from the ODS enums: the verifier asks
// isLegalCombination, and every generator, fuzzer and benchmark iterates
// forEachLegalCombination (Python reads the same list as JSON, written at
// build time by glu-combinations). A new variant is legal with every
// packing, type and the plans two_round and one_round; hasF16Table is the
// only rule that names variants.
//===----------------------------------------------------------------------===//

/// One configuration; `packing` is std::nullopt for the split form.
struct GluCombination {
  Variant variant;
  Rounding rounding;
  std::optional<Packing> packing;
  Type storage;
};

/// Every value of each enum, in enum order.
SmallVector<Variant> allVariants();
SmallVector<Rounding> allRoundings();
SmallVector<Packing> allPackings();
/// The storage element types (f32, f16, bf16), in that order.
SmallVector<Type> storageTypes(MLIRContext *ctx);

/// Whether the variant has ggml's f16 lookup-table program (f16_table).
bool hasF16Table(Variant variant);
/// Whether `rounding` is defined for `variant`.
bool isLegalRounding(Variant variant, Rounding rounding);
/// Whether glu.glu / glu.glu_back accept the configuration.
bool isLegalCombination(Variant variant, Rounding rounding,
                        std::optional<Packing> packing, Type storage);
/// Calls `fn` on every legal combination: variants outermost, then storage
/// types, plans, and forms (split, then each packing).
void forEachLegalCombination(MLIRContext *ctx,
                             function_ref<void(const GluCombination &)> fn);
} // namespace mlir::glu

#endif // GLUDIALECT_DIALECT_GLUDIALECT_H
