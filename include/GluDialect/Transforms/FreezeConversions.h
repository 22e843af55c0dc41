//===- FreezeConversions.h - frozen float-to-integer conversions -*- C++
//-*-===//
//
// Shared by glu-freeze-conversions (the GPU kernels) and
// glu-convert-to-llvm (the host code, in its one conversion).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_TRANSFORMS_FREEZECONVERSIONS_H
#define GLUDIALECT_TRANSFORMS_FREEZECONVERSIONS_H

namespace mlir {
class Operation;
namespace glu {

/// Follows each llvm.fptosi and llvm.fptoui under `root` by an
/// llvm.freeze of its result, which its users read instead.
void freezeFloatToIntConversions(Operation *root);

} // namespace glu
} // namespace mlir

#endif // GLUDIALECT_TRANSFORMS_FREEZECONVERSIONS_H
