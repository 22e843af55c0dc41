//===- BufferizableOpInterfaceImpl.h - Bufferization of glu ops -*- C++ -*-===//

#ifndef GLUDIALECT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
#define GLUDIALECT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
namespace glu {
/// Lets one-shot bufferization handle glu.glu and glu.glu_back directly:
/// each reads its operands' buffers and writes fresh buffers through the
/// lowering glu-expand-ops uses (so a fused gradient is written in place);
/// glu.round on tensors rounds its operand's buffer in place.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);
} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_TRANSFORMS_BUFFERIZABLEOPINTERFACEIMPL_H
