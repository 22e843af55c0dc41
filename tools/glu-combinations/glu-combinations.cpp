//===- glu-combinations.cpp - The legal configurations as JSON ------------===//
//
// Writes the dialect's one list of legal (variant, rounding plan, packing,
// storage type) combinations (mlir::glu::forEachLegalCombination) as JSON,
// so that the Python generators (scripts/legal_combinations.py) read the
// list the verifier checks instead of a copy. Run by the build; not
// installed. Usage: glu-combinations [-o FILE]
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluDialect.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::glu;

static std::string typeName(Type type) {
  std::string name;
  llvm::raw_string_ostream os(name);
  type.print(os);
  return name;
}

int main(int argc, char **argv) {
  llvm::cl::opt<std::string> output("o", llvm::cl::desc("output file"),
                                    llvm::cl::value_desc("file"),
                                    llvm::cl::init("-"));
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "glu-combinations: the legal glu configurations as JSON\n");
  MLIRContext ctx;

  llvm::json::Array variants, roundings, packings, types, combinations;
  for (Variant v : allVariants())
    variants.push_back(stringifyVariant(v));
  for (Rounding r : allRoundings())
    roundings.push_back(stringifyRounding(r));
  for (Packing p : allPackings())
    packings.push_back(stringifyPacking(p));
  for (Type t : storageTypes(&ctx))
    types.push_back(typeName(t));
  forEachLegalCombination(&ctx, [&](const GluCombination &c) {
    combinations.push_back(
        llvm::json::Object{{"variant", stringifyVariant(c.variant)},
                           {"rounding", stringifyRounding(c.rounding)},
                           {"packing", c.packing ? stringifyPacking(*c.packing)
                                                 : llvm::StringRef("split")},
                           {"type", typeName(c.storage)}});
  });
  llvm::json::Value root = llvm::json::Object{
      {"generated_by", "glu-combinations (tools/glu-combinations)"},
      {"variants", std::move(variants)},
      {"roundings", std::move(roundings)},
      {"packings", std::move(packings)},
      {"types", std::move(types)},
      {"combinations", std::move(combinations)}};

  std::error_code ec;
  llvm::ToolOutputFile out(output, ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::errs() << "glu-combinations: " << output << ": " << ec.message()
                 << "\n";
    return 1;
  }
  out.os() << llvm::formatv("{0:2}", root) << "\n";
  out.keep();
  return 0;
}
