//===- CAbi.h - The symbols glu-compile exports and their checks -*- C++
//-*-===//
//
// The object glu-compile writes exports, for each public function @f, one C
// function <prefix>f and nothing else but the weak default of the
// runtime-check handler <prefix>runtime_check_failed. Each entry point
// checks every descriptor it receives against the function's tensor types
// before it calls the compiled code; a failed check, there or in the
// compiled code, calls the handler with its message and then abort().
//
//===----------------------------------------------------------------------===//

#ifndef GLU_TOOLS_GLU_COMPILE_CABI_H
#define GLU_TOOLS_GLU_COMPILE_CABI_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace glu_compile {

/// One argument or result as the header declares it.
struct Param {
  std::string name, elementC, mlirType;
  /// Sizes of the tensor type, -1 where dynamic.
  std::vector<int64_t> shape;
  /// Bytes per element.
  unsigned elementBytes = 0;
  int64_t rank() const { return int64_t(shape.size()); }
};

struct Function {
  /// The MLIR name, and the C name it is exported as.
  std::string name, cName;
  std::vector<Param> inputs, outputs;
};

/// Whether `name` is a C identifier and not a keyword.
bool isCIdentifier(llvm::StringRef name);

/// Why the generated header cannot declare a function `name` (a C
/// identifier), or nothing: a C++ keyword or alternative token (the header
/// is C++ too), a name <stdint.h> (which it includes) or the compilers'
/// GNU modes (`linux`, `unix`) may define, `main`, a name with a leading
/// underscore (reserved at file scope), or one of the header's own
/// (glu_memref_<r>d, glu_memref_<r>d_dense, macros GLU_*).
std::optional<std::string> headerConflict(llvm::StringRef name);

/// The name of the handler the object calls on a failed runtime check.
std::string handlerName(llvm::StringRef prefix);

/// Prepares `module` for exporting only the C names: every function with a
/// body gets a name no C symbol can have (a kernel @malloc must not become
/// libc's malloc). Returns the internal name of each function in
/// `functions`.
llvm::Expected<std::vector<std::string>>
renameFunctions(mlir::ModuleOp module, llvm::ArrayRef<Function> functions);

/// In the translated `module`: every symbol the object defines becomes
/// internal, then each function gets its exported entry point (checking
/// its descriptors) named `cName`, and failed checks call the handler
/// `handler` (with a weak default: flush stdout, print the message on
/// stderr). `internalNames` are those renameFunctions returned.
llvm::Error exportEntryPoints(llvm::Module &module,
                              llvm::ArrayRef<Function> functions,
                              llvm::ArrayRef<std::string> internalNames,
                              llvm::StringRef handler);

} // namespace glu_compile

#endif // GLU_TOOLS_GLU_COMPILE_CABI_H
