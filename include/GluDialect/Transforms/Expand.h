//===- Expand.h - glu ops to elementwise linalg -----------------*- C++ -*-===//
//
// The one lowering of glu.glu and glu.glu_back, shared by glu-expand-ops
// (on tensors) and by the ops' bufferization (on buffers), and the building
// blocks it is made of, exposed so that a definition that is not one of the
// six variants (a new variant, the test-only seventh one) gets its forward
// and backward generics from the same code.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_TRANSFORMS_EXPAND_H
#define GLUDIALECT_TRANSFORMS_EXPAND_H

#include "GluDialect/Definitions/GluDefinitions.h"

namespace mlir::glu {

/// Creates the destination of a result of type `type` (a tensor type) with
/// the given sizes (for its dynamic dimensions): a tensor.empty when
/// lowering on tensors, an allocation when lowering on buffers.
using DestinationFn = std::function<FailureOr<Value>(
    OpBuilder &, Location, RankedTensorType type, ArrayRef<OpFoldResult>)>;

/// `stored` where `value` is not NaN, else the canonical quiet NaN of
/// `stored`'s type (docs/semantics.md decision 14): what every stored result
/// of a glu op, and of a neighbour fused with it, is built with.
Value canonicalNaN(OpBuilder &b, Location loc, Value value, Value stored);

/// One elementwise linalg.generic computing `definition` on `gate` and `up`
/// (storage-typed tensors, or buffers, of one shape) into `init`; returns y
/// (on buffers: `init`).
Value buildForwardGeneric(OpBuilder &builder, Location loc,
                          const GluProgram &program,
                          const GluDefinitionFn &definition, Value gate,
                          Value up, Value init);

/// One elementwise linalg.generic computing the VJP of `definition`, derived
/// by the DifferentiableOpInterface rules from the ops `definition` builds,
/// into `initGate` and `initUp`; returns (d_gate, d_up) (on buffers: the
/// inits).
FailureOr<std::pair<Value, Value>>
buildBackwardGeneric(OpBuilder &builder, Location loc,
                     const GluProgram &program,
                     const GluDefinitionFn &definition, Value dy, Value gate,
                     Value up, Value initGate, Value initUp);

/// Lowers `op` (glu.glu or glu.glu_back) reading `operands` (its operands,
/// or their buffers) into destinations made by `makeDestination`, computing
/// `definition` (the op's variant by default). Returns
/// the values replacing the op's results (on buffers: the destinations).
/// Dynamic sizes the verifier could not check are checked at run time with
/// cf.assert.
FailureOr<SmallVector<Value>>
lowerGluOp(OpBuilder &builder, Operation *op, ValueRange operands,
           const DestinationFn &makeDestination,
           const GluDefinitionFn &definition = buildGluDefinition);

/// lowerGluOp on tensors, as glu-expand-ops does it: `op`'s own operands,
/// each result starting as a tensor.empty.
FailureOr<SmallVector<Value>> expandOnTensors(OpBuilder &builder,
                                              Operation *op);

} // namespace mlir::glu

#endif // GLUDIALECT_TRANSFORMS_EXPAND_H
