//===- DeviceBuffers.cpp - The kernels' buffers live on the device --------===//
//
// glu-gpu-device-buffers: allocations whose buffers reach a kernel (or the
// caller) become gpu.alloc, their deallocations gpu.dealloc, and host code
// that would still touch a device buffer is rejected with a diagnostic.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/GPU/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUGPUDEVICEBUFFERS
#include "GluDialect/GPU/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

/// The buffer a memref value is a view of: follows view-like ops (subview,
/// cast, collapse/expand_shape, reinterpret_cast) and
/// extract_strided_metadata's base buffer to their sources.
static Value rootOf(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      value = view.getViewSource();
      continue;
    }
    if (auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(def)) {
      value = metadata.getSource();
      continue;
    }
    break;
  }
  return value;
}

/// Host memory: allocations left on the host, allocas and globals.
/// Everything else a host function sees (its arguments, gpu.alloc, call
/// results) is a device buffer.
static bool isHostBuffer(Value root) {
  Operation *def = root.getDefiningOp();
  return def &&
         isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(def);
}

static bool insideLaunch(Operation *op) {
  return op->getParentOfType<gpu::LaunchOp>() != nullptr;
}

/// Does the buffer of `alloc` reach a kernel, a return or a call (through
/// views)?
static bool reachesDevice(memref::AllocOp alloc) {
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (insideLaunch(user) ||
          isa<func::ReturnOp, func::CallOp, gpu::LaunchFuncOp>(user))
        return true;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == value)
          worklist.append(user->result_begin(), user->result_end());
        continue;
      }
      if (isa<memref::ExtractStridedMetadataOp>(user))
        worklist.push_back(user->getResult(0));
    }
  }
  return false;
}

namespace {
struct GluGPUDeviceBuffersPass
    : glu::impl::GluGPUDeviceBuffersBase<GluGPUDeviceBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func->getParentOfType<gpu::GPUModuleOp>())
      return;
    MLIRContext *ctx = &getContext();
    auto tokenType = gpu::AsyncTokenType::get(ctx);
    OpBuilder b(ctx);

    // Allocations the kernels or the caller see -> device memory.
    SmallVector<memref::AllocOp> allocs;
    func.walk([&](memref::AllocOp alloc) {
      if (!insideLaunch(alloc) && reachesDevice(alloc))
        allocs.push_back(alloc);
    });
    for (memref::AllocOp alloc : allocs) {
      b.setInsertionPoint(alloc);
      Location loc = alloc.getLoc();
      Value start =
          gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
      auto device = gpu::AllocOp::create(
          b, loc, alloc.getType(), tokenType, ValueRange{start},
          alloc.getDynamicSizes(), alloc.getSymbolOperands(),
          /*hostShared=*/false);
      gpu::WaitOp::create(b, loc, Type(), ValueRange{device.getAsyncToken()});
      alloc.replaceAllUsesWith(device.getMemref());
      alloc.erase();
    }

    // Their deallocations (and those of any other device buffer).
    SmallVector<memref::DeallocOp> deallocs;
    func.walk([&](memref::DeallocOp dealloc) {
      if (!insideLaunch(dealloc) && !isHostBuffer(rootOf(dealloc.getMemref())))
        deallocs.push_back(dealloc);
    });
    for (memref::DeallocOp dealloc : deallocs) {
      b.setInsertionPoint(dealloc);
      Location loc = dealloc.getLoc();
      Value start =
          gpu::WaitOp::create(b, loc, tokenType, ValueRange()).getAsyncToken();
      auto device = gpu::DeallocOp::create(b, loc, tokenType, ValueRange{start},
                                           dealloc.getMemref());
      gpu::WaitOp::create(b, loc, Type(), ValueRange{device.getAsyncToken()});
      dealloc.erase();
    }

    // Nothing on the host may read or write a device buffer, and no kernel
    // may read host memory.
    bool failed = false;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
        SetVector<Value> captured;
        getUsedValuesDefinedAbove(launch.getBody(), captured);
        for (Value value : captured) {
          if (!isa<MemRefType>(value.getType()) || !isHostBuffer(rootOf(value)))
            continue;
          launch.emitError() << "glu-to-nvvm: a kernel would read a host "
                                "buffer (a global constant, an alloca or a "
                                "host allocation); only function arguments "
                                "and allocations can live on the device";
          failed = true;
        }
        return WalkResult::skip();
      }
      if (isa<gpu::GPUDialect>(op->getDialect()))
        return WalkResult::advance();
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects)
        return WalkResult::advance();
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &effect : instances) {
        if (!isa<MemoryEffects::Read, MemoryEffects::Write>(effect.getEffect()))
          continue;
        Value value = effect.getValue();
        if (!value || !isa<MemRefType>(value.getType()) ||
            isHostBuffer(rootOf(value)))
          continue;
        op->emitError() << "glu-to-nvvm: this op would read or write device "
                           "memory on the host; only elementwise linalg ops "
                           "are mapped to the GPU";
        failed = true;
        break;
      }
      return WalkResult::advance();
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
