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
           "::llvm::SmallVectorImpl<::mlir::Value> &":$operandCotangents)>,
    InterfaceMethod<[{
        The reverse-mode driver's entry point, which knows the activity of
        the op's inputs. `activeOperands` has one flag per operand: false
        where the operand does not depend on the differentiated values, so
        its cotangent is not needed (a rule may leave that slot null and
        save the work). `captures` lists the values the op's regions use
        from above that do depend on them (a `linalg.generic` whose payload
        reads a tensor with `tensor.extract`, say); on success
        `captureCotangents` holds one slot per capture, like
        `operandCotangents`.

        The default computes every operand's cotangent with `emitVJP` and
        rejects active captures with a diagnostic; ops with regions override
        it.
      }],
      "::llvm::LogicalResult", "emitActiveVJP",
      (ins "::mlir::OpBuilder &":$builder,
           "::llvm::ArrayRef<::mlir::Value>":$resultCotangents,
           "::llvm::ArrayRef<bool>":$activeOperands,
           "::llvm::ArrayRef<::mlir::Value>":$captures,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$operandCotangents,
           "::llvm::SmallVectorImpl<::mlir::Value> &":$captureCotangents),
      /*methodBody=*/[{}], /*defaultImplementation=*/[{
        captureCotangents.clear();
        if (!captures.empty())
          return $_op->emitOpError(
              "uses a differentiable value defined above inside its region, "
              "which its derivative rule does not support");
        return ::llvm::cast<::mlir::glu::DifferentiableOpInterface>(
                   $_op.getOperation())
            .emitVJP(builder, resultCotangents, operandCotangents);
      }]>
  ];
}

#endif // GLU_INTERFACES_DIFFERENTIABLEOPINTERFACE_TD
