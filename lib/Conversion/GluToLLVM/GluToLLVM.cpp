//===- GluToLLVM.cpp - The CPU pipeline ------------------------------------===//

#include "GluDialect/Conversion/GluToLLVM/GluToLLVM.h"

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void glu::addGluPreparationPasses(OpPassManager &pm) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
}

void glu::addGluBufferizationPasses(OpPassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  bufferization::BufferDeallocationPipelineOptions dealloc;
  bufferization::buildBufferDeallocationPipeline(pm, dealloc);
  // Deallocation clones buffers whose ownership it cannot prove (a function
  // argument written in place and returned); lower the clones.
  pm.addPass(createConvertBufferizationToMemRefPass());
}

void glu::addGluLoopLoweringPasses(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createGluLowerMath());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void glu::addGluLLVMLoweringPasses(OpPassManager &pm) {
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void glu::buildGluToLLVMPipeline(OpPassManager &pm,
                                 const GluToLLVMOptions &options) {
  addGluPreparationPasses(pm);
  addGluBufferizationPasses(pm);
  addGluLoopLoweringPasses(pm);
  addGluLLVMLoweringPasses(pm);
}

void glu::registerGluToLLVMPipeline() {
  PassPipelineRegistration<GluToLLVMOptions>(
      "glu-to-llvm",
      "Lower IR with glu ops (and upstream tensor/linalg/arith/math) to the "
      "LLVM dialect for the CPU",
      buildGluToLLVMPipeline);
}
