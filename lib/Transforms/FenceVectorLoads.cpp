//===- FenceVectorLoads.cpp - Vector loads out of masked instructions -----===//
//
// The x86 backend folds a load into the masked instruction that uses it
// (select(k, x * load, 0) -> vmulps (mem){k}{z}); the load then issues only
// once the mask is known, after the load the mask is computed from: in a
// streaming kernel the two loads from memory no longer overlap. An
// llvm.arithmetic.fence between the load and its users is selected to a
// pseudo-instruction without code, over which instruction selection does
// not fold (a freeze would be dropped first: a load is never poison to
// SelectionDAG). There is no backend option for this, and one would be
// process-wide state. f32 and f64 loads are fenced themselves. A 16-bit
// float vector is not (the fence is legalized lane by lane where the target
// has no such vector type: bf16 on x86-64-v3, 3.4x slower reglu); an f16
// vector load's extension to f32 is fenced instead: vcvtph2ps (mem) stays
// one plain instruction, and the select no longer folds into a zero-masked
// vcvtph2ps (mem){k}{z} (reglu's f16 backward, AVX-512) or is sunk below
// the extension as integer ops on the packed mask (AVX2). bf16 is extended
// by integer ops, where no select was seen folded. Loads from a mutable
// global (glu-tabulate's tables, written once at load time) are not fenced:
// a lookup is not a stream, and a backward's act/act' pair then folds into
// the insert that builds its vector (vmovhps (mem) on AVX-512; the
// forward's scalar entries are the LLVM optimizer's, Runner/Optimize.cpp).
// A constant global holds a program's constant operand, a stream: fenced.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUFENCEVECTORLOADS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kFence = "llvm.arithmetic.fence";

/// Whether `op` is already a fence: the pass run twice adds none.
bool isFence(Operation *op) {
  auto call = dyn_cast<LLVM::CallIntrinsicOp>(op);
  return call && call.getIntrin() == kFence;
}

/// Whether `load` reads a mutable global of the module (through
/// getelementptrs and memref descriptor fields, each op once: a cycle of
/// definitions, which unreachable blocks allow, ends the walk): a lookup
/// into one of glu-tabulate's tables, written once at load time, not a
/// stream. A constant global is a program's constant operand, read as a
/// stream, and stays fenced.
bool readsTable(LLVM::LoadOp load, SymbolTableCollection &symbols) {
  SmallPtrSet<Operation *, 8> seen;
  Value address = load.getAddr();
  while (Operation *def = address.getDefiningOp()) {
    if (!seen.insert(def).second)
      return false;
    if (auto gep = dyn_cast<LLVM::GEPOp>(def)) {
      address = gep.getBase();
      continue;
    }
    if (auto of = dyn_cast<LLVM::AddressOfOp>(def)) {
      LLVM::GlobalOp global = of.getGlobal(symbols);
      return global && !global.getConstant();
    }
    auto extract = dyn_cast<LLVM::ExtractValueOp>(def);
    if (!extract)
      return false;
    // The field's last insertion (an insertion of a part or of an enclosing
    // aggregate: not followed).
    ArrayRef<int64_t> field = extract.getPosition();
    auto insert = extract.getContainer().getDefiningOp<LLVM::InsertValueOp>();
    for (; insert;
         insert = insert.getContainer().getDefiningOp<LLVM::InsertValueOp>()) {
      if (!seen.insert(insert).second)
        return false;
      ArrayRef<int64_t> set = insert.getPosition();
      size_t common = std::min(set.size(), field.size());
      if (set.take_front(common) == field.take_front(common))
        break;
    }
    if (!insert || insert.getPosition() != field)
      return false;
    address = insert.getValue();
  }
  return false;
}

bool isPlainVectorLoad(LLVM::LoadOp load) {
  return isa<VectorType>(load.getType()) && !load.getVolatile_() &&
         load.getOrdering() == LLVM::AtomicOrdering::not_atomic;
}

struct GluFenceVectorLoadsPass
    : glu::impl::GluFenceVectorLoadsBase<GluFenceVectorLoadsPass> {
  void runOnOperation() override {
    // The values to fence: f32/f64 vector loads, and the f32 extensions of
    // f16 vector loads (fenced after the extension, on a type every vector
    // ISA has: vcvtph2ps (mem) stays one plain instruction). Nothing to keep
    // apart from a value unused or already fenced (a fence nothing reads
    // would stay: the call is not dead code to canonicalize).
    SmallVector<Operation *> values;
    SymbolTableCollection symbols;
    getOperation().walk([&](Operation *op) {
      if (llvm::all_of(op->getUsers(), isFence))
        return;
      if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        if (isPlainVectorLoad(load) &&
            isa<Float32Type, Float64Type>(
                cast<VectorType>(load.getType()).getElementType()) &&
            !readsTable(load, symbols))
          values.push_back(load);
      } else if (auto ext = dyn_cast<LLVM::FPExtOp>(op)) {
        auto load = ext.getArg().getDefiningOp<LLVM::LoadOp>();
        if (load && isPlainVectorLoad(load) &&
            cast<VectorType>(load.getType()).getElementType().isF16())
          values.push_back(ext);
      }
    });
    OpBuilder builder(&getContext());
    StringAttr fence = builder.getStringAttr(kFence);
    for (Operation *op : values) {
      Value value = op->getResult(0);
      builder.setInsertionPointAfter(op);
      auto fenced = LLVM::CallIntrinsicOp::create(
          builder, op->getLoc(), value.getType(), fence, ValueRange{value});
      // Not the fences' uses (the new one's, any already there).
      value.replaceUsesWithIf(fenced.getResult(0), [](OpOperand &use) {
        return !isFence(use.getOwner());
      });
    }
  }
};
} // namespace
