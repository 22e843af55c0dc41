//===- DifferentiableOpInterface.td - reverse-mode rules ---*- tablegen -*-===//

#ifndef GLU_INTERFACES_DIFFERENTIABLEOPINTERFACE_TD
#define GLU_INTERFACES_DIFFERENTIABLEOPINTERFACE_TD

include "mlir/IR/OpBase.td"

def Glu_DifferentiableOpInterface : OpInterface<"DifferentiableOpInterface"> {
  let cppNamespace = "::mlir::glu";
  let description = [{
    The reverse-mode (vector-Jacobian product) rule of an op. It is the only
    place derivative math lives: `glu-expand-ops` uses it on the scalar
    arith/math ops of a variant's single definition to derive `glu.glu_back`,
    and `glu-differentiate` uses it on whole tensor functions (linalg, tensor,
    arith on tensors, `glu.glu`). The rules are attached to upstream ops as
    external models, so other dialects can plug in their own.

    A rule is called with the builder placed after every primal value it may
    use. It must not modify the op, and it must not multiply a cotangent by a
    primal value that can be infinite where that cotangent can be zero
    (0 * inf = NaN): route such values through a select instead.
  }];

  let methods = [
    InterfaceMethod<[{
        Emits the VJP of this op. `resultCotangents` has one entry per result;
        a null entry means the cotangent is zero (or the result is unused).
        On success `operandCotangents` holds one entry per operand, with the
        type of that operand; a null entry means zero or not differentiable
        (integer indices, say). Returns failure, after emitting a
        diagnostic, when the op cannot be differentiated in this form.
      }],
      "::llvm::LogicalResult", "emitVJP",
      (ins "::mlir::OpBuilder &":$builder,
           "::llvm::ArrayRef<::mlir::Value>":$resultCotangents,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$operandCotangents)>
  ];
}

#endif // GLU_INTERFACES_DIFFERENTIABLEOPINTERFACE_TD
