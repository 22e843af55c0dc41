//===- GluDialect.td - The glu dialect definition ---------*- tablegen -*-===//
//
// The `glu` dialect: gated linear units (the activation of every modern
// transformer FFN) as first-class ops with a variant, a rounding plan and a
// packing.
//
//===----------------------------------------------------------------------===//

#ifndef GLU_DIALECT_GLUDIALECT_TD
#define GLU_DIALECT_GLUDIALECT_TD

include "mlir/IR/OpBase.td"

def Glu_Dialect : Dialect {
  let name = "glu";
  let cppNamespace = "::mlir::glu";
  let summary = "Gated linear units: forward and backward ops with exact semantics";
  let description = [{
    The `glu` dialect models the gated-linear-unit family used in transformer
    feed-forward networks: REGLU, GEGLU (tanh approximation), GEGLU_ERF,
    GEGLU_QUICK, SWIGLU and gpt-oss's SWIGLU_OAI.

    Every op carries a `variant`, a `rounding` plan that fixes where f32
    intermediates are rounded to the storage type, and (fused form only) a
    `packing` that says where the gate and up halves live in the operand.
    `glu.glu` is the forward; `glu.glu_back` is its vector-Jacobian product.
    The semantics, fixed bit for bit where possible, are defined in
    `docs/semantics.md`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let usePropertiesForAttributes = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // GLU_DIALECT_GLUDIALECT_TD
