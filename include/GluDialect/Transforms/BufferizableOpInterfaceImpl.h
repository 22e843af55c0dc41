//===- BufferizableOpInterfaceImpl.h - Bufferization of glu ops -*- C++ -*-===//

#ifndef GLUDIALECT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define GLUDIALECT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

#include "GluDialect/Definitions/GluDefinitions.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"

namespace mlir {
class DialectRegistry;
class RewriterBase;
namespace glu {
/// Lets one-shot bufferization handle glu.glu and glu.glu_back directly:
/// each reads its operands' buffers and writes fresh buffers through the
/// lowering glu-expand-ops uses (so a fused gradient is written in place);
/// glu.round on tensors rounds its operand's buffer in place.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

/// What the model of glu.glu and glu.glu_back does in `bufferize`: reads the
/// operands' buffers and lowers `op` (lowerGluOp with `definition`) into
/// fresh allocations. Exposed for models that lower another definition.
LogicalResult bufferizeGluOp(Operation *op, RewriterBase &rewriter,
                             const bufferization::BufferizationOptions &options,
                             bufferization::BufferizationState &state,
                             const GluDefinitionFn &definition);

/// The one-shot analysis' answers for glu.glu and glu.glu_back: each reads
/// its operands and writes fresh allocations, aliasing none. A model of
/// either op derives from it and defines `bufferize` (the library's calls
/// bufferizeGluOp with the op's definition; a test model may lower another).
template <typename ConcreteModel, typename OpT>
struct GluOpBufferizationBase
    : bufferization::BufferizableOpInterface::ExternalModel<ConcreteModel,
                                                            OpT> {
  bool bufferizesToMemoryRead(Operation *, OpOperand &,
                              const bufferization::AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(Operation *, OpOperand &,
                               const bufferization::AnalysisState &) const {
    return false;
  }
  bufferization::AliasingValueList
  getAliasingValues(Operation *, OpOperand &,
                    const bufferization::AnalysisState &) const {
    return {};
  }
  bool bufferizesToAllocation(Operation *, Value) const { return true; }
};
} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
