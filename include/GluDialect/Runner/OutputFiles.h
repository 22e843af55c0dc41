//===- OutputFiles.h - Several output files, all or nothing -----*- C++ -*-===//
//
// The tools' outputs (glu-run's .npy results, glu-compile's object and
// header) are written all or nothing: each goes to an unnamed file in its
// own folder (Linux's O_TMPFILE: no signal, SIGKILL included, can leave it
// behind; where the file system has none, a named llvm::sys::fs::TempFile,
// removed on the signals LLVM catches), and only when every one was
// written completely are they named (linkat, a '.tmp-' name) and put in
// place, microseconds apart: only a SIGKILL between the two could leave
// such a name. Each is exchanged with the file it replaces (renameat2's
// RENAME_EXCHANGE), so a failure there (an immutable file, a folder made
// meanwhile) exchanges the ones before back. Concurrent runs rename their sets
// one run at a time (an advisory lock on each folder): the files left are one
// run's set. A failed write (disk full, a missing folder, the same file named
// twice) leaves every previous file as it was, and concurrent runs writing the
// same path leave one run's whole file. An existing file that is not a
// regular file (/dev/null, /dev/full, a pipe) cannot be replaced: it is
// written in place, and its write errors are reported the same way; `-` is
// stdout, and a path naming an open stream (/dev/stdout, /dev/fd/N, ...)
// that descriptor, written in place (resolved, it named the file the
// stream was redirected to, which a rename replaced). (llvm::sys::fs::TempFile
// and llvm::writeToOutput do this for one file; all or nothing over several
// files is what this class adds.)
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNNER_OUTPUTFILES_H
#define GLUDIALECT_RUNNER_OUTPUTFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <vector>

namespace mlir::glu {

class OutputFiles {
public:
  OutputFiles();
  /// Removes the temporary files of a set that was not committed.
  ~OutputFiles();

  /// Opens the output `path`: the stream writes its temporary file. An
  /// error (nothing opened) for a path named before, a folder, or a folder
  /// that does not exist or cannot be written.
  llvm::Expected<llvm::raw_fd_ostream &> open(llvm::StringRef path);

  /// Checks that every stream was written without error, then renames every
  /// temporary file into place. On an error nothing is renamed.
  llvm::Error commit();

  struct File;

private:
  std::vector<std::unique_ptr<File>> files;
};

/// Whether writing `output` would replace the file the module is read from,
/// `input` ("-": standard input, where it is redirected from a file).
bool isInputFile(llvm::StringRef input, llvm::StringRef output);

/// Flushes llvm::outs() (what a tool printed) and returns its write error,
/// if any, as "cannot write to stdout: ..." (a full disk, /dev/full),
/// clearing it: left there, the stream's destructor reported it as "LLVM
/// ERROR: IO failure on output stream" after the tool had finished.
llvm::Error flushStdout();

} // namespace mlir::glu

#endif // GLUDIALECT_RUNNER_OUTPUTFILES_H
