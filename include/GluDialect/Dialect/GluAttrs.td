//===- GluAttrs.td - glu enum attributes -------------------*- tablegen -*-===//

#ifndef GLU_DIALECT_GLUATTRS_TD
#define GLU_DIALECT_GLUATTRS_TD

include "GluDialect/Dialect/GluDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Variant
//===----------------------------------------------------------------------===//

def Glu_VariantEnum : I32EnumAttr<"Variant", "gated linear unit variant", [
    I32EnumAttrCase<"reglu", 0>,
    I32EnumAttrCase<"geglu", 1>,
    I32EnumAttrCase<"geglu_erf", 2>,
    I32EnumAttrCase<"geglu_quick", 3>,
    I32EnumAttrCase<"swiglu", 4>,
    I32EnumAttrCase<"swiglu_oai", 5>
  ]> {
  let cppNamespace = "::mlir::glu";
  let genSpecializedAttr = 0;
}

def Glu_VariantAttr : EnumAttr<Glu_Dialect, Glu_VariantEnum, "variant"> {
  let summary = "which activation gates the up projection";
  let description = [{
    `reglu`: `x > 0 ? x*g : 0`. `geglu`: tanh-approximated GELU times g.
    `geglu_erf`: exact (erf) GELU times g. `geglu_quick`: `x*sigmoid(1.702x)*g`.
    `swiglu`: `x*sigmoid(x)*g`. `swiglu_oai`: gpt-oss's clamped SwiGLU,
    `min(x,limit)*sigmoid(alpha*min(x,limit)) * (clamp(g,-limit,limit)+1)`.

    ```mlir
    #glu.variant<swiglu>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Rounding plan
//===----------------------------------------------------------------------===//

def Glu_RoundingEnum : I32EnumAttr<"Rounding", "rounding plan", [
    I32EnumAttrCase<"two_round", 0>,
    I32EnumAttrCase<"one_round", 1>,
    I32EnumAttrCase<"f16_table", 2>
  ]> {
  let cppNamespace = "::mlir::glu";
  let genSpecializedAttr = 0;
}

def Glu_RoundingAttr : EnumAttr<Glu_Dialect, Glu_RoundingEnum, "rounding"> {
  let summary = "where f32 intermediates are rounded to a narrower type";
  let description = [{
    `two_round` (default): `act(x)` is rounded to the storage type, multiplied
    by `g` in f32, and rounded again (the historical fused SwiGLU,
    `silu(gate).to(bf16) * up`). `one_round`: one rounding at the end
    (`(silu(gate.float()) * up.float()).to(bf16)`). `f16_table`: geglu and
    geglu_quick only, ggml's f16 lookup-table program: x rounded to f16, act
    evaluated and rounded to f16, multiplied in f32.

    ```mlir
    #glu.rounding<one_round>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

def Glu_PackingEnum : I32EnumAttr<"Packing", "fused-operand packing", [
    I32EnumAttrCase<"halves", 0>,
    I32EnumAttrCase<"swapped", 1>,
    I32EnumAttrCase<"interleaved", 2>
  ]> {
  let cppNamespace = "::mlir::glu";
  let genSpecializedAttr = 0;
}

def Glu_PackingAttr : EnumAttr<Glu_Dialect, Glu_PackingEnum, "packing"> {
  let summary = "where the gate and up halves live in a fused operand";
  let description = [{
    With last size `n` and `h = floor(n/2)`: `halves` (default) reads the gate
    from `a[..., 0:h]` and up from `a[..., h:2h]`; `swapped` trades the two;
    `interleaved` reads gate `a[..., 2i]` and up `a[..., 2i+1]`. For odd `n`
    the last element is never read.

    ```mlir
    #glu.packing<interleaved>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

#endif // GLU_DIALECT_GLUATTRS_TD
