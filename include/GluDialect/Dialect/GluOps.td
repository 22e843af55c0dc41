//===- GluOps.td - glu dialect operations ------------------*- tablegen -*-===//

#ifndef GLU_DIALECT_GLUOPS_TD
#define GLU_DIALECT_GLUOPS_TD

include "GluDialect/Dialect/GluAttrs.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Glu_StorageFloat : AnyTypeOf<[F32, F16, BF16], "f32, f16 or bf16">;
def Glu_Tensor : RankedTensorOf<[F32, F16, BF16]>;
// Ranked only: the ops lower to arith.truncf/extf and bufferize to
// linalg.generic, neither of which takes an unranked tensor.
def Glu_F32Like : AnyTypeOf<[F32, RankedTensorOf<[F32]>, VectorOfAnyRankOf<[F32]>],
                            "f32, or a ranked tensor or vector of f32">;

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

class Glu_Op<string mnemonic, list<Trait> traits = []>
    : Op<Glu_Dialect, mnemonic, traits>;

// The configuration every gated-linear-unit op carries. `rounding` has a
// default; `packing` is only legal on the fused form and `alpha`/`limit` only
// on swiglu_oai, so those are optional and their defaults live in C++
// (`getPackingOrDefault`, `getAlphaOrDefault`, `getLimitOrDefault`).
defvar GluConfigArgs = (ins
    Glu_VariantAttr:$variant,
    DefaultValuedAttr<Glu_RoundingAttr, "::mlir::glu::Rounding::two_round">:$rounding,
    OptionalAttr<Glu_PackingAttr>:$packing,
    OptionalAttr<F32Attr>:$alpha,
    OptionalAttr<F32Attr>:$limit);

// Base class of the gated-linear-unit ops (`glu.glu`, `glu.glu_back`): pure,
// shape-reifiable, with a shared verifier for the configuration and the
// shared accessors below.
class Glu_GatedOp<string mnemonic, list<Trait> traits = []>
    : Glu_Op<mnemonic, !listconcat(traits, [Pure,
        DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                                  ["reifyResultShapes"]>])> {
  code commonExtraClassDeclaration = [{
    /// True for the single-operand (fused) form.
    bool isFused() { return !getB(); }
    /// The packing of a fused operand (`halves` when absent).
    ::mlir::glu::Packing getPackingOrDefault() {
      return getPacking().value_or(::mlir::glu::Packing::halves);
    }
    /// swiglu_oai's parameters (1.702 and 7.0 when absent).
    float getAlphaOrDefault() {
      return getAlpha() ? getAlpha()->convertToFloat() : kDefaultAlpha;
    }
    float getLimitOrDefault() {
      return getLimit() ? getLimit()->convertToFloat() : kDefaultLimit;
    }
    /// The storage element type (f32, f16 or bf16) shared by all operands.
    ::mlir::Type getStorageType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getA().getType())
          .getElementType();
    }
  }];
  let extraClassDeclaration = commonExtraClassDeclaration;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// glu.glu
//===----------------------------------------------------------------------===//

def Glu_GluOp : Glu_GatedOp<"glu"> {
  let summary = "gated linear unit forward: y = act(gate) * up";
  let description = [{
    Computes a gated linear unit along the last dimension. The split form
    `glu.glu V(%x, %g)` takes the gate `x` and the up projection `g` as two
    tensors of one shape and returns `y` of that shape. The fused form
    `glu.glu V(%a)` takes one tensor of last size `n` holding both halves
    (where, says `packing`) and returns a tensor of last size `floor(n/2)`.

    All arithmetic is f32; `rounding` fixes where intermediates are rounded to
    the storage type (f32, f16 or bf16). `alpha` and `limit` parameterise
    `swiglu_oai` only.

    Custom syntax: the variant, the operands, then optional
    `packing(...)`, `rounding(...)`, `alpha(...)`, `limit(...)` clauses
    (defaults are elided; a decimal such as `1.702` or `1e3` is rounded to
    the nearest f32, and one beyond f32's range, or nonzero and rounding to
    0, is an error; a hexadecimal float is the f32 bit pattern), an
    optional dictionary of discardable attributes (a clause's attribute
    there is an error), then either one type shared by every operand and
    result, or the operand types `->` the result type.

    ```mlir
    // Llama/Qwen: split SwiGLU in bf16, the historical two-round program.
    %y = glu.glu swiglu(%gate, %up) : tensor<?x11008xbf16>
    // gpt-oss: interleaved packing, one rounding, explicit parameters.
    %z = glu.glu swiglu_oai(%a) packing(interleaved) rounding(one_round)
           alpha(1.702) limit(7.0) : tensor<4x5760xbf16> -> tensor<4x2880xbf16>
    ```

    Generic form:

    ```mlir
    %y = "glu.glu"(%a) <{variant = #glu.variant<swiglu>,
                         packing = #glu.packing<halves>}>
           : (tensor<8x11xbf16>) -> tensor<8x5xbf16>
    ```
  }];

  let arguments = !con((ins Glu_Tensor:$a, Optional<Glu_Tensor>:$b),
                       GluConfigArgs);
  let results = (outs Glu_Tensor:$y);

  let assemblyFormat = [{
    custom<GluVariant>($variant) `(` $a (`,` $b^)? `)`
    `` custom<GluOptions>($packing, $rounding, $alpha, $limit)
    `` custom<GluAttrDict>(attr-dict) `:`
    custom<GluTypes>(ref($b), type($a), type($b), type($y))
  }];

  let builders = [
    // Split or fused form; the result type is inferred from the operands.
    OpBuilder<(ins "::mlir::glu::Variant":$variant, "::mlir::Value":$a,
                   "::mlir::Value":$b,
                   CArg<"::mlir::glu::Rounding",
                        "::mlir::glu::Rounding::two_round">:$rounding,
                   CArg<"std::optional<::mlir::glu::Packing>",
                        "std::nullopt">:$packing,
                   CArg<"std::optional<float>", "std::nullopt">:$alpha,
                   CArg<"std::optional<float>", "std::nullopt">:$limit)>
  ];

  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// glu.glu_back
//===----------------------------------------------------------------------===//

def Glu_GluBackOp : Glu_GatedOp<"glu_back"> {
  let summary = "vector-Jacobian product of glu.glu";
  let description = [{
    Given the upstream gradient `dy` (the type of the forward result) and the
    forward's operands, returns the gradient of each operand: `(d_a, d_b)` for
    the split form, one `d_a` for the fused form with the gate and up
    gradients at the positions the forward read them from (respecting
    `packing`; for odd last sizes the unread trailing element is zero).

    The derivative is that of the exact forward program (the tanh
    approximation for `geglu`, the clamps for `swiglu_oai`, rounding steps
    straight-through with `d_g` using the value the forward multiplied). The
    attributes must equal the forward op's.

    ```mlir
    %dx, %dg = glu.glu_back geglu(%dy, %x, %g) : tensor<?x64xf32>
    %da = glu.glu_back swiglu_oai(%dy, %a) packing(interleaved)
            : tensor<4x8xbf16>, tensor<4x16xbf16> -> tensor<4x16xbf16>
    ```

    Generic form:

    ```mlir
    %da, %db = "glu.glu_back"(%dy, %g, %u) <{variant = #glu.variant<swiglu_oai>,
                 rounding = #glu.rounding<one_round>, alpha = 1.702 : f32,
                 limit = 7.0 : f32}>
        : (tensor<?x64xf32>, tensor<?x64xf32>, tensor<?x64xf32>)
          -> (tensor<?x64xf32>, tensor<?x64xf32>)
    ```
  }];

  let arguments = !con((ins Glu_Tensor:$dy, Glu_Tensor:$a,
                            Optional<Glu_Tensor>:$b),
                       GluConfigArgs);
  let results = (outs Glu_Tensor:$da, Optional<Glu_Tensor>:$db);

  let assemblyFormat = [{
    custom<GluVariant>($variant) `(` $dy `,` $a (`,` $b^)? `)`
    `` custom<GluOptions>($packing, $rounding, $alpha, $limit)
    `` custom<GluAttrDict>(attr-dict) `:`
    custom<GluBackTypes>(ref($b), type($dy), type($a), type($b), type($da),
                         type($db))
  }];

  let builders = [
    // Result types are those of the forward operands.
    OpBuilder<(ins "::mlir::glu::Variant":$variant, "::mlir::Value":$dy,
                   "::mlir::Value":$a, "::mlir::Value":$b,
                   CArg<"::mlir::glu::Rounding",
                        "::mlir::glu::Rounding::two_round">:$rounding,
                   CArg<"std::optional<::mlir::glu::Packing>",
                        "std::nullopt">:$packing,
                   CArg<"std::optional<float>", "std::nullopt">:$alpha,
                   CArg<"std::optional<float>", "std::nullopt">:$limit)>
  ];

  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// glu.round
//===----------------------------------------------------------------------===//

def Glu_RoundOp : Glu_Op<"round", [Pure, Elementwise, SameOperandsAndResultType,
                                    Scalarizable, Vectorizable, Tensorizable]> {
  let summary = "round f32 values to a narrower float type and back";
  let description = [{
    Rounds each f32 value to the nearest value of `to` (f16 or bf16,
    round-to-nearest-even as IEEE conversion does) and returns it as f32:
    `arith.extf(arith.truncf(x))` as one op. Rounding plans are written with
    it, so the differentiation rules can treat the rounding as
    straight-through (derivative 1) while keeping every gradient in f32.
    `glu-expand-ops` lowers it to the truncf/extf pair.

    ```mlir
    %r = glu.round %act to bf16 : f32
    ```
  }];
  let arguments = (ins Glu_F32Like:$input, TypeAttrOf<AnyTypeOf<[F16, BF16]>>:$to);
  let results = (outs Glu_F32Like:$result);
  let assemblyFormat =
      "$input `to` $to `` custom<RoundAttrDict>(attr-dict) `:` type($input)";
  let hasFolder = 1;
}

def Glu_GeluTableOp : Glu_Op<"gelu_table", [Pure, Elementwise,
    SameOperandsAndResultType, Scalarizable, Vectorizable, Tensorizable]> {
  let summary = "ggml's f16 GELU table, looked up";
  let description = [{
    Rounds each f32 value to f16 (round-to-nearest-even) and returns the
    entry of ggml's GELU table at those 16 bits, as f32. The table is
    ggml's (`ggml_table_gelu_f16`): entry `i` is
    `f16(0.5f*x*(1.0f + tanhf(SQRT_2_OVER_PI*x*fmaf(GELU_COEF_A*x, x, 1.0f))))`
    for `x` the f16 value with bits `i`, evaluated in f32 with the C
    library's `tanhf`, the multiply-add fused as GCC fuses it in ggml's
    default (`-march=native`) build on an FMA host. `glu-lower-math` builds
    the 65536 entries on the compiling host (so the bytes are that host's
    C library's; docs/semantics.md names the one they were checked
    against) into a constant `memref.global` and replaces each op by a
    load (a `vector.gather` on vectors); on tensors it bufferizes to a
    `linalg.generic` of the scalar op first, as `glu.round` does.

    The derivative is straight-through the two roundings: the derivative
    of glu's own f32 GELU (`geglu`'s definition) at the f16 value. The
    `f16_table` plan of `geglu` is written with it.

    ```mlir
    %act = glu.gelu_table %x16 : f32
    ```
  }];
  let arguments = (ins Glu_F32Like:$input);
  let results = (outs Glu_F32Like:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

#endif // GLU_DIALECT_GLUOPS_TD
