//===- PredicateChecks.cpp - Runtime checks as straight-line code ---------===//
//
// generate-runtime-verification wraps many checks in scf.if (a linalg op's
// checks run only when its loops are not empty; a subview's bounds check
// selects one of two comparisons). One scf.if per checked op makes later
// passes superlinear in a function of many glu ops: CSE hashes the many
// scf.if on the same condition alike and compares their regions pairwise,
// and each lowering of an scf.if to blocks splits the function body. An
// scf.if whose regions hold nothing but speculatable, memory-effect-free ops
// and cf.assert computes the same when its ops run unconditionally, each
// assert checking `!cond || check` (or `cond || check` in the else region)
// and each result a select: every check stays, in straight-line code.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUPREDICATECHECKS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// Whether `ifOp` is where the checks are: in a function body (or in such an
/// scf.if), not in a loop, where running both regions would cost per
/// iteration.
bool atFunctionLevel(scf::IfOp ifOp) {
  Operation *parent = ifOp->getParentOp();
  while (isa<scf::IfOp>(parent))
    parent = parent->getParentOp();
  return isa<FunctionOpInterface>(parent);
}

/// Whether every op of `region` but its terminator may run unconditionally,
/// asserts predicated.
bool predicable(Region &region) {
  if (region.empty())
    return true;
  for (Operation &op : region.front().without_terminator())
    if (!isa<cf::AssertOp>(op) && (op.getNumRegions() != 0 || !isPure(&op)))
      return false;
  return true;
}

/// Moves the ops of `region` but its terminator before `ifOp`, each assert
/// checking `skip || check`; returns the values yielded.
ValueRange hoist(OpBuilder &builder, scf::IfOp ifOp, Region &region,
                 Value skip) {
  if (region.empty())
    return {};
  Block &block = region.front();
  for (Operation &op : llvm::make_early_inc_range(block.without_terminator())) {
    op.moveBefore(ifOp);
    if (auto check = dyn_cast<cf::AssertOp>(op)) {
      builder.setInsertionPoint(check);
      Value passes =
          arith::OrIOp::create(builder, check.getLoc(), skip, check.getArg());
      check.getArgMutable().assign(passes);
    }
  }
  return block.getTerminator()->getOperands();
}

struct GluPredicateChecksPass
    : glu::impl::GluPredicateChecksBase<GluPredicateChecksPass> {
  void runOnOperation() override {
    // Innermost first: an scf.if whose nested ifs became straight-line code
    // may become straight-line code itself.
    SmallVector<scf::IfOp> ifs;
    getOperation()->walk([&](scf::IfOp ifOp) { ifs.push_back(ifOp); });
    OpBuilder builder(&getContext());
    for (scf::IfOp ifOp : ifs) {
      if (!atFunctionLevel(ifOp) || !predicable(ifOp.getThenRegion()) ||
          !predicable(ifOp.getElseRegion()))
        continue;
      Location loc = ifOp.getLoc();
      Value cond = ifOp.getCondition();
      builder.setInsertionPoint(ifOp);
      Value skipThen = arith::XOrIOp::create(
          builder, loc, cond,
          arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true)));
      ValueRange thenValues =
          hoist(builder, ifOp, ifOp.getThenRegion(), skipThen);
      ValueRange elseValues = hoist(builder, ifOp, ifOp.getElseRegion(), cond);
      builder.setInsertionPoint(ifOp);
      SmallVector<Value> results;
      for (auto [thenValue, elseValue] : llvm::zip(thenValues, elseValues))
        results.push_back(
            arith::SelectOp::create(builder, loc, cond, thenValue, elseValue));
      ifOp->replaceAllUsesWith(results);
      ifOp->erase();
    }
  }
};
} // namespace
