//===- OutlineKernels.cpp - Repeated generics compiled once ---------------===//
//
// A whole-model graph repeats a few kernels thousands of times; lowering
// each copy makes compile time (kernel size) x (copies). Each class of
// structurally equal linalg.generics on buffers becomes one private
// function, called where each member was, so the rest of the pipeline
// lowers every kernel once. Equality is upstream's OperationEquivalence
// (regions included) with the operands free but their types equal.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUOUTLINEKERNELS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {

/// A generic on buffers whose body reads nothing defined outside it: it
/// moves into a function of its operands alone.
static bool isOutlinable(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op->getNumResults() != 0)
    return false;
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op.getRegion(), captured);
  return captured.empty();
}

/// Hash of what equal generics share: op and attributes (computeHash),
/// operand types, and the sequence of op names in the body.
static llvm::hash_code hashGeneric(linalg::GenericOp op) {
  llvm::hash_code hash = OperationEquivalence::computeHash(
      op, OperationEquivalence::ignoreHashValue,
      OperationEquivalence::ignoreHashValue,
      OperationEquivalence::IgnoreLocations);
  for (Type type : op->getOperandTypes())
    hash = llvm::hash_combine(hash, type);
  op.getRegion().walk([&](Operation *nested) {
    hash = llvm::hash_combine(hash, nested->getName().getAsOpaquePointer());
  });
  return hash;
}

/// Structural equality, operands free (of equal types), body compared op by
/// op with its values mapped.
static bool areEqual(linalg::GenericOp lhs, linalg::GenericOp rhs) {
  if (lhs->getNumOperands() != rhs->getNumOperands() ||
      lhs->getOperandTypes() != rhs->getOperandTypes())
    return false;
  llvm::DenseMap<Value, Value> mapped;
  auto outside = [](Operation *op, Value value) {
    return !op->isAncestor(value.getParentRegion()->getParentOp());
  };
  auto check = [&](Value l, Value r) -> LogicalResult {
    auto it = mapped.find(l);
    if (it != mapped.end())
      return success(it->second == r);
    // The generics' own operands: any values (their types are equal).
    return success(outside(lhs, l) && outside(rhs, r) &&
                   l.getType() == r.getType());
  };
  auto mark = [&](Value l, Value r) { mapped[l] = r; };
  return OperationEquivalence::isEquivalentTo(
      lhs, rhs, check, mark, OperationEquivalence::IgnoreLocations);
}

struct GluOutlineKernelsPass
    : glu::impl::GluOutlineKernelsBase<GluOutlineKernelsPass> {
  using GluOutlineKernelsBase::GluOutlineKernelsBase;

  void runOnOperation() override {
    if (minRepeats == 0)
      return;
    ModuleOp module = getOperation();
    // Classes of equal generics, in program order; the hash picks the
    // candidates a generic is compared with (few: one per distinct kernel).
    SmallVector<SmallVector<linalg::GenericOp>> classes;
    llvm::DenseMap<llvm::hash_code, SmallVector<unsigned, 1>> byHash;
    for (auto func : module.getOps<func::FuncOp>()) {
      func.walk([&](linalg::GenericOp op) {
        if (!isOutlinable(op))
          return;
        SmallVector<unsigned, 1> &candidates = byHash[hashGeneric(op)];
        for (unsigned index : candidates) {
          if (areEqual(classes[index].front(), op)) {
            classes[index].push_back(op);
            return;
          }
        }
        candidates.push_back(classes.size());
        classes.push_back({op});
      });
    }

    SymbolTable symbols(module);
    for (SmallVector<linalg::GenericOp> &members : classes) {
      if (members.size() < minRepeats)
        continue;
      linalg::GenericOp first = members.front();
      Location loc = first.getLoc();
      auto caller = first->getParentOfType<func::FuncOp>();
      OpBuilder builder(caller);
      auto type = builder.getFunctionType(first->getOperandTypes(), {});
      auto kernel = func::FuncOp::create(builder, loc, "glu_kernel", type);
      kernel.setPrivate();
      // Internal in the object code too: objects glu-compile emits for
      // different modules link together.
      kernel->setAttr(
          "llvm.linkage",
          LLVM::LinkageAttr::get(&getContext(), LLVM::Linkage::Internal));
      symbols.insert(kernel, Block::iterator(caller));
      Block *entry = kernel.addEntryBlock();
      OpBuilder body = OpBuilder::atBlockEnd(entry);
      // Operands by position, not by value: a member may pass one buffer
      // twice (`ins(%a, %c) outs(%c)`), and a value map would send both uses
      // to the last argument.
      Operation *clone = body.clone(*first);
      clone->setOperands(entry->getArguments());
      func::ReturnOp::create(body, loc);
      for (linalg::GenericOp op : members) {
        OpBuilder at(op);
        func::CallOp::create(at, op.getLoc(), kernel, op->getOperands());
        op->erase();
      }
    }
  }
};
} // namespace
