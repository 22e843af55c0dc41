//===- InputFiles.h - What the tools refuse to read as a module -*- C++ -*-===//
//
// Header-only: glu-opt, which links no runner library, uses it too.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNNER_INPUTFILES_H
#define GLUDIALECT_RUNNER_INPUTFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

namespace mlir::glu {

/// Whether `path` names a character or block device. A module file is read
/// to its end before anything is parsed: /dev/zero until LLVM's
/// out-of-memory abort (glu-run, glu-compile, glu-train) or forever
/// (glu-opt). Files, pipes and "-" (standard input) are not devices.
inline bool isDevice(llvm::StringRef path) {
  llvm::sys::fs::file_status status;
  return path != "-" && !llvm::sys::fs::status(path, status) &&
         (status.type() == llvm::sys::fs::file_type::character_file ||
          status.type() == llvm::sys::fs::file_type::block_file);
}

} // namespace mlir::glu

#endif // GLUDIALECT_RUNNER_INPUTFILES_H
