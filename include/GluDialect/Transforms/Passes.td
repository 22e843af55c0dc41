//===- Passes.td - glu transformation passes ---------------*- tablegen -*-===//

#ifndef GLU_TRANSFORMS_PASSES_TD
#define GLU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GluExpandOps : Pass<"glu-expand-ops"> {
  let summary = "Expand glu ops into elementwise linalg on tensors";
  let description = [{
    Rewrites every `glu.glu` into one elementwise `linalg.generic` whose
    scalar body is the variant's single definition (SPEC section 2, with the
    rounding plan's rounding points), and every `glu.glu_back` into one
    whose body is that same definition differentiated by the
    DifferentiableOpInterface rules. Fused operands are read through
    `tensor.extract_slice` (strided for `interleaved`); a fused gradient is
    assembled with `tensor.insert_slice`, the unread trailing element of odd
    widths written as zero. Runtime checks (`cf.assert`) guard what the
    verifier could not see in dynamic shapes. The rounding points stay
    `glu.round` ops; `glu-lower-math` lowers them.

    The CPU and GPU pipelines do not need this pass: the glu ops bufferize
    (BufferizableOpInterface) through the very same lowering, on buffers,
    where a fused gradient is written in place. On tensors, one-shot
    bufferization copies the halves of a fused `glu_back` result once.

    Before:

    ```mlir
    %y = glu.glu swiglu(%x, %g) : tensor<4x8xbf16>
    ```

    After (abridged):

    ```mlir
    %e = tensor.empty() : tensor<4x8xbf16>
    %y = linalg.generic {indexing_maps = [#id, #id, #id],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %g : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) {
    ^bb0(%xs: bf16, %gs: bf16, %out: bf16):
      %xf = arith.extf %xs : bf16 to f32
      ...                      // act = x * sigmoid(x)
      %ar = glu.round %act to bf16 : f32
      %yf = arith.mulf %ar, %gf : f32
      %r = arith.truncf %yf : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x8xbf16>
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let options = [
    Option<"testInjectDefect", "test-inject-defect", "std::string",
           /*default=*/"\"\"",
           "Testing only: compile with a deliberate defect (constant-off, "
           "dropped-term, swapped-halves, tail-not-written, wrong-kink-side, "
           "unrounded-dg) to prove the numerics suite catches it">,
  ];
}

def GluLowerMath : Pass<"glu-lower-math"> {
  let summary = "Lower glu.round and math functions to exactly rounded arithmetic";
  let description = [{
    Rewrites `glu.round %x to T` into `arith.truncf` + `arith.extf`, and
    applies upstream MLIR's polynomial approximations
    (`populateMathPolynomialApproximationPatterns`) to exp, tanh, erf, erfc
    and the other math ops they cover, on scalars and vectors, so that no
    libm or libdevice call remains. What is left uses only exactly rounded
    arithmetic (`.rn` operations and explicit `math.fma`), so the CPU and the
    GPU compute the same bits from it.

    Before:

    ```mlir
    %r = glu.round %x to bf16 : vector<8xf32>
    %e = math.exp %r : vector<8xf32>
    ```

    After: `arith.truncf`/`arith.extf`, then range reduction, a polynomial of
    `math.fma`s and an exponent bit-insertion, all on `vector<8xf32>`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def GluRaise : Pass<"glu-raise"> {
  let summary = "Raise the elementwise code of GLU activations to glu ops";
  let description = [{
    Recognises the elementwise code other frontends emit for gated linear
    units (torch-mlir's and StableHLO's lowerings to `linalg.generic`, and
    arith/math ops on tensors, in chains of generics or fused into one) and
    replaces it with `glu.glu`, so that the rest of the compiler (the
    derivative rules, the lowerings) sees the variant. It reads each
    float-tensor value as an elementwise expression (through identity-map
    generics, `linalg.map`, elementwise ops on tensors and splat constants)
    and raises `y = act(x) * g` when `act` is, with the SPEC's f32 constants
    (section 2) matched bit for bit:

    | variant | recognised act(x) |
    |---|---|
    | `swiglu` | `x * 1/(1 + exp(-x))`, `x / (1 + exp(-x))` |
    | `geglu_quick` | the same with `exp(-1.702*x)` |
    | `geglu` | `0.5 * x * (1 + tanh(k*(x + c*x^3)))`, any polynomial form, `k` = SQRT_2_OVER_PI, `c` = C_A |
    | `geglu_erf` | `0.5 * x * (1 + erf(x * SQRT_2_INV))`, also `x / sqrt(2)` |
    | `reglu` | `relu(x)` (`select(x > 0, x, 0)`, `maximumf(x, 0)`), or `y = select(x > 0, x*g, 0)` |

    Products are read up to association, commutation and constant factors
    (`0.5*x*T`, `x*T/2`, `x*(0.5*T)` are one form); any other constant is a
    near miss, not a match: torch-mlir's tanh-GELU, whose constant is
    0.7977240352 instead of sqrt(2/pi) = 0.7978845608, stays as it is.
    With `emit-remarks`, each near miss (a candidate that failed one of
    these checks) gets a remark saying which.

    Storage: f32 code is raised as is; f16/bf16 code must compute in f32
    between `arith.extf` of the operands and one `arith.truncf` of `y`
    (`rounding(one_round)`), or also round `act(x)` to the storage type
    before multiplying (`two_round`, the default). Arithmetic done in the
    narrow type matches no rounding plan and is not raised.

    When `x` and `g` are two `tensor.extract_slice`s of one tensor along its
    last dimension (the halves, swapped halves, or even/odd elements of it),
    the fused form is produced (`packing`). `glu.glu` defines its results at
    special values (SPEC section 5); where a frontend's program gives NaN
    (e.g. `-inf * sigmoid(-inf)`), or a NaN gate passed through `relu`, the
    raised op gives the SPEC's value instead.

    Before (torch-mlir, `F.silu(x) * g`, abridged):

    ```mlir
    %s = linalg.generic ... ins(%x) {
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32 }
    %xs = linalg.generic ... ins(%x, %s) { arith.mulf ... }
    %y = linalg.generic ... ins(%xs, %g) { arith.mulf ... }
    ```

    After:

    ```mlir
    %y = glu.glu swiglu(%x, %g) : tensor<?x64xf32>
    ```
  }];
  let dependentDialects = ["::mlir::glu::GluDialect"];
  let options = [
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Emit a remark on each near miss saying why it was not raised">,
  ];
}

#endif // GLU_TRANSFORMS_PASSES_TD
