//===- ConvertControlFlowToLLVM.cpp - cf-to-llvm, linear in asserts -------===//
//
// Upstream's cf.assert lowering is quadratic in a block holding one assert
// per glu op, twice over: it splits the assert's block, moving every op after
// the assert, and it names each assert's message global by scanning the
// module's symbols (each scan as long as the module, which holds one global
// per assert lowered before). This pass lowers the asserts itself, to the
// very control flow upstream emits (a conditional branch to the rest of the
// block or to a block that puts the message and calls abort): each block is
// split at its asserts from the last to the first, so that each op moves
// once, and the messages are globals named through one symbol table, one
// global per distinct message. The other cf ops go through upstream's
// patterns.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUCONVERTCONTROLFLOWTOLLVM
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

LogicalResult glu::lowerAssertsToLLVM(ModuleOp module, StringRef passName) {
  llvm::MapVector<Block *, SmallVector<cf::AssertOp>> byBlock;
  module.walk([&](cf::AssertOp op) { byBlock[op->getBlock()].push_back(op); });
  if (byBlock.empty())
    return success();

  MLIRContext *ctx = module.getContext();
  OpBuilder builder(ctx);
  SymbolTableCollection symbolTables;
  // Per module holding asserts (nested modules included: a message global
  // or a callee in another module would be out of the ops' reach).
  struct Declarations {
    llvm::StringMap<LLVM::GlobalOp> messages;
    LLVM::LLVMFuncOp puts, abort;
  };
  DenseMap<Operation *, Declarations> declarations;
  auto ptrTy = LLVM::LLVMPointerType::get(ctx);
  auto message = [&](ModuleOp scope, cf::AssertOp op) {
    LLVM::GlobalOp &global = declarations[scope].messages[op.getMsg()];
    if (global)
      return global;
    SmallVector<uint8_t> bytes(op.getMsg().begin(), op.getMsg().end());
    bytes.push_back(0);
    auto arrayTy = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
    auto data = DenseElementsAttr::get(
        RankedTensorType::get({static_cast<int64_t>(bytes.size())},
                              builder.getI8Type()),
        ArrayRef(bytes));
    OpBuilder detached(ctx);
    global = LLVM::GlobalOp::create(detached, op.getLoc(), arrayTy,
                                    /*isConstant=*/true, LLVM::Linkage::Private,
                                    "assert_msg", data);
    // Renamed (assert_msg_N) when the name is taken.
    symbolTables.getSymbolTable(scope).insert(global, scope.getBody()->begin());
    return global;
  };

  // The failure blocks and messages in the order of the asserts, the last
  // split first.
  DenseMap<Operation *, Block *> failures;
  for (auto &[block, ops] : byBlock) {
    for (cf::AssertOp op : ops) {
      Location loc = op.getLoc();
      auto scope = op->getParentOfType<ModuleOp>();
      Declarations &declared = declarations[scope];
      auto *fail = new Block();
      block->getParent()->push_back(fail);
      builder.setInsertionPointToEnd(fail);
      LLVM::GlobalOp global = message(scope, op);
      // Declared after the first message, as upstream does.
      if (!declared.puts) {
        FailureOr<LLVM::LLVMFuncOp> print = LLVM::lookupOrCreatePrintStringFn(
            builder, scope, StringRef("puts"), &symbolTables);
        FailureOr<LLVM::LLVMFuncOp> stop = LLVM::lookupOrCreateFn(
            builder, scope, "abort", {}, LLVM::LLVMVoidType::get(ctx),
            /*isVarArg=*/false, /*isReserved=*/false, &symbolTables);
        if (failed(print) || failed(stop))
          return failure();
        // Renamed by the symbol table when another op holds the name: the
        // calls would not reach the C library.
        for (auto [func, name] :
             {std::pair(*print, "puts"), std::pair(*stop, "abort")})
          if (func.getSymName() != name)
            return symbolTables
                       .lookupSymbolIn(scope, StringAttr::get(ctx, name))
                       ->emitError(passName)
                   << ": '" << name
                   << "' is taken by an op other than an llvm.func";
        declared.puts = *print;
        declared.abort = *stop;
      }
      Value address =
          LLVM::AddressOfOp::create(builder, loc, ptrTy, global.getSymName());
      Value text = LLVM::GEPOp::create(builder, loc, ptrTy, global.getType(),
                                       address, ArrayRef<LLVM::GEPArg>{0});
      LLVM::CallOp::create(builder, loc, declared.puts, ValueRange{text});
      LLVM::CallOp::create(builder, loc, declared.abort, ValueRange());
      LLVM::UnreachableOp::create(builder, loc);
      failures[op] = fail;
    }
  }
  for (auto &[block, ops] : byBlock) {
    for (cf::AssertOp op : llvm::reverse(ops)) {
      Block *continuation = block->splitBlock(std::next(op->getIterator()));
      builder.setInsertionPoint(op);
      LLVM::CondBrOp::create(builder, op.getLoc(), op.getArg(), continuation,
                             failures[op]);
      op.erase();
    }
  }
  return success();
}

namespace {
struct GluConvertControlFlowToLLVMPass
    : glu::impl::GluConvertControlFlowToLLVMBase<
          GluConvertControlFlowToLLVMPass> {
  void runOnOperation() override {
    if (failed(glu::lowerAssertsToLLVM(getOperation(), getArgument())))
      return signalPassFailure();

    // Upstream's convert-cf-to-llvm (its default options) for the other cf
    // ops, applied here rather than as a nested pipeline, which would verify
    // the module once more.
    MLIRContext *ctx = &getContext();
    LLVMConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      return op->getDialect() !=
             ctx->getLoadedDialect<cf::ControlFlowDialect>();
    });
    LLVMTypeConverter converter(ctx, LowerToLLVMOptions(ctx));
    RewritePatternSet patterns(ctx);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
