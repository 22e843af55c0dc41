//===- KernelAttributes.cpp - LLVM attributes of the kernels --------------===//
//
// glu-gpu-kernel-attributes: `noimplicitfloat` on every kernel, so that LLVM
// keeps the lane-by-lane code of glu-gpu-map-elementwise scalar (see the
// pass description for the measurement).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Conversion/GluToNVVM/GluToNVVM.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUGPUKERNELATTRIBUTES
#include "GluDialect/Conversion/GluToNVVM/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

namespace {
struct GluGPUKernelAttributesPass
    : glu::impl::GluGPUKernelAttributesBase<GluGPUKernelAttributesPass> {
  using Base::Base;

  void runOnOperation() override {
    Builder b(&getContext());
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel())
        return;
      SmallVector<Attribute> passthrough;
      if (auto existing = func->getAttrOfType<ArrayAttr>("passthrough"))
        passthrough.append(existing.begin(), existing.end());
      Attribute attr = b.getStringAttr("noimplicitfloat");
      if (!llvm::is_contained(passthrough, attr))
        passthrough.push_back(attr);
      func->setAttr("passthrough", b.getArrayAttr(passthrough));
    });
  }
};
} // namespace
