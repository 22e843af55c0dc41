//===- OrderConstantGlobals.cpp - constant globals in first-use order -----===//
//
// One-shot bufferization makes a memref.global of each tensor constant
// (`__constant_4xf32`, `__constant_4xf32_0`, ...) as it meets them, and it
// meets the functions of a module in an order that changes from run to run
// (functions that call none of each other): the same input gave different
// names and a different order of the globals, so the printed IR differed
// between runs and between glu-opt and mlir-opt with the glu plugin. This
// pass renames them in the order of their first use in the module (each
// name's base, then _0, _1, ... in that order) and moves them to the top in
// that order: one text for one input. Unused ones are erased. Linear in the
// module.
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUORDERCONSTANTGLOBALS
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
/// `__constant_4xf32_3` -> `__constant_4xf32`: the name bufferization gave
/// before it made the name unique (a suffixed name whose prefix is one of
/// the `globals` shares that prefix).
StringRef baseOf(StringRef name,
                 const llvm::StringMap<memref::GlobalOp> &globals) {
  StringRef base = name;
  size_t underscore = name.rfind('_');
  if (underscore != StringRef::npos &&
      llvm::all_of(name.drop_front(underscore + 1), llvm::isDigit) &&
      underscore + 1 < name.size() &&
      globals.count(name.take_front(underscore)))
    base = name.take_front(underscore);
  return base;
}

struct GluOrderConstantGlobalsPass
    : glu::impl::GluOrderConstantGlobalsBase<GluOrderConstantGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The constant globals bufferization made, by name.
    llvm::StringMap<memref::GlobalOp> globals;
    for (auto global : module.getOps<memref::GlobalOp>())
      if (global.getConstant() && global.isPrivate() &&
          global.getSymName().starts_with("__constant_"))
        globals[global.getSymName()] = global;
    if (globals.empty())
      return markAllAnalysesPreserved();

    // First uses, in module order.
    llvm::MapVector<memref::GlobalOp, SmallVector<memref::GetGlobalOp>> uses;
    // Only those that resolve in this module's symbol table (a nested
    // module's own `@__constant_4xf32` is another global).
    module.walk([&](memref::GetGlobalOp get) {
      auto it = globals.find(get.getName());
      if (it != globals.end() &&
          SymbolTable::getNearestSymbolTable(get) == module.getOperation())
        uses[it->second].push_back(get);
    });
    // Unused ones are dead (private): erased, so that no old name is left
    // to clash with a new one.
    for (auto &entry : globals)
      if (!uses.count(entry.getValue()))
        entry.getValue().erase();
    // New names in that order, none another symbol of the module has (a
    // public `@__constant_4xf32_0`, which bufferization skipped too).
    llvm::StringSet<> others;
    for (Operation &op : *module.getBody())
      if (auto name =
              op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
          name && !globals.count(name.getValue()))
        others.insert(name.getValue());
    llvm::StringMap<unsigned> next;
    Block *top = module.getBody();
    Operation *insertAfter = nullptr;
    for (auto &[global, gets] : uses) {
      std::string base = baseOf(global.getSymName(), globals).str();
      unsigned &count = next[base];
      std::string name;
      do {
        name = count == 0 ? base : base + "_" + std::to_string(count - 1);
        ++count;
      } while (others.contains(name));
      StringAttr attr = StringAttr::get(&getContext(), name);
      global.setSymName(name);
      for (memref::GetGlobalOp get : gets)
        get.setNameAttr(FlatSymbolRefAttr::get(attr));
      if (insertAfter)
        global->moveAfter(insertAfter);
      else
        global->moveBefore(top, top->begin());
      insertAfter = global;
    }
  }
};
} // namespace
