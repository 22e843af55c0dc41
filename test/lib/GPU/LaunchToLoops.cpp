//===- LaunchToLoops.cpp - Run gpu.launch bodies as CPU loops -------------===//
//
// glu-gpu-launch-to-loops (test-only): a one-dimensional gpu.launch whose body
// uses nothing but its ids and sizes becomes two nested scf.for loops, so
// the kernels glu-gpu-map-elementwise builds can run, and be compared bit
// for bit, on the CPU.
//
//===----------------------------------------------------------------------===//

#include "GPU/TestGPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUGPULAUNCHTOLOOPS
#include "GPU/TestPasses.h.inc"
} // namespace mlir::glu

using namespace mlir;
using namespace mlir::glu;

namespace {
struct LaunchToLoops : OpRewritePattern<gpu::LaunchOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(gpu::LaunchOp launch,
                                PatternRewriter &rewriter) const override {
    if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty())
      return rewriter.notifyMatchFailure(launch, "an async launch");
    if (launch.getDynamicSharedMemorySize() ||
        !launch.getWorkgroupAttributions().empty() ||
        !launch.getPrivateAttributions().empty() || launch.hasClusterSize())
      return rewriter.notifyMatchFailure(launch, "memory attributions or "
                                                 "clusters");
    for (Value size : {launch.getGridSizeY(), launch.getGridSizeZ(),
                       launch.getBlockSizeY(), launch.getBlockSizeZ()})
      if (getConstantIntValue(size) != 1)
        return rewriter.notifyMatchFailure(launch, "not one-dimensional");
    Region &region = launch.getBody();
    if (!region.hasOneBlock())
      return rewriter.notifyMatchFailure(launch, "a body of several blocks");
    Block &body = region.front();
    WalkResult other = body.walk([&](Operation *op) {
      if (isa<gpu::GPUDialect>(op->getDialect()) && !isa<gpu::TerminatorOp>(op))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (other.wasInterrupted())
      return rewriter.notifyMatchFailure(launch, "a body with gpu ops "
                                                 "(barriers, shuffles, ...)");

    Location loc = launch.getLoc();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto blocks =
        scf::ForOp::create(rewriter, loc, zero, launch.getGridSizeX(), one);
    rewriter.setInsertionPointToStart(blocks.getBody());
    auto threads =
        scf::ForOp::create(rewriter, loc, zero, launch.getBlockSizeX(), one);
    rewriter.setInsertionPointToStart(threads.getBody());

    IRMapping map;
    gpu::KernelDim3 blockIds = launch.getBlockIds(),
                    threadIds = launch.getThreadIds(),
                    gridSize = launch.getGridSize(),
                    blockSize = launch.getBlockSize();
    map.map(blockIds.x, blocks.getInductionVar());
    map.map(threadIds.x, threads.getInductionVar());
    map.map(gridSize.x, launch.getGridSizeX());
    map.map(blockSize.x, launch.getBlockSizeX());
    for (Value v : {blockIds.y, blockIds.z, threadIds.y, threadIds.z})
      map.map(v, zero);
    for (Value v : {gridSize.y, gridSize.z, blockSize.y, blockSize.z})
      map.map(v, one);
    for (Operation &op : body.without_terminator())
      rewriter.clone(op, map);
    rewriter.eraseOp(launch);
    return success();
  }
};

struct GluGPULaunchToLoopsPass
    : glu::impl::GluGPULaunchToLoopsBase<GluGPULaunchToLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<LaunchToLoops>(&getContext());
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
    WalkResult left = getOperation().walk([](gpu::LaunchOp launch) {
      launch.emitError() << "glu-gpu-launch-to-loops: only one-dimensional "
                            "launches whose bodies use nothing but their ids "
                            "and sizes can run as loops";
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
