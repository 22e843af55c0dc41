//===- Differentiate.h - Reverse-mode VJPs of whole functions ---*- C++ -*-===//
//
// The C++ entry point of glu-differentiate, for tools that differentiate
// functions without running the pass (and to share its conventions).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_TRANSFORMS_DIFFERENTIATE_H
#define GLUDIALECT_TRANSFORMS_DIFFERENTIATE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::glu {

/// The function attribute that requests a gradient function and names it:
/// `func.func @f(...) attributes {glu.grad = "f_grad"}`.
constexpr llvm::StringLiteral kGradAttrName = "glu.grad";
/// The argument attribute that excludes an argument from differentiation:
/// `%targets: tensor<64x16xf32> {glu.no_grad}`.
constexpr llvm::StringLiteral kNoGradAttrName = "glu.no_grad";

/// Whether argument `index` of `function` is differentiated: a tensor of
/// floats without the glu.no_grad attribute (integer arguments never are).
bool isDifferentiableArgument(func::FuncOp function, unsigned index);

/// Whether result `index` of `function` takes a cotangent: a float tensor.
bool isDifferentiableResult(func::FuncOp function, unsigned index);

/// Builds the vector-Jacobian product of `function` and inserts it right
/// after it as `@gradName`: its arguments are `function`'s followed by one
/// cotangent per differentiable result; its results are the gradients of the
/// differentiable arguments, in order. On failure (an unsupported signature
/// or an op without a derivative rule) emits diagnostics and inserts nothing.
FailureOr<func::FuncOp> differentiateFunction(func::FuncOp function,
                                              llvm::StringRef gradName);

} // namespace mlir::glu

#endif // GLUDIALECT_TRANSFORMS_DIFFERENTIATE_H
