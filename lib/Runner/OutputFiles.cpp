//===- OutputFiles.cpp - Several output files, all or nothing -------------===//

#include "GluDialect/Runner/OutputFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <optional>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir::glu;
namespace fs = llvm::sys::fs;
using llvm::StringRef;

struct OutputFiles::File {
  std::string path;                 // as given, for messages
  std::string realPath;             // where it goes (symbolic links followed)
  int anonymousFD = -1;             // an unnamed file (O_TMPFILE), or -1
  std::string linkedPath;           // its name once linked, until renamed
  std::optional<fs::TempFile> temp; // a named temporary file instead
  int inPlaceFD = -1;               // none of those: a device, in place
  int streamFD = -1; // an open stream ("-", /dev/stdout, ...), written in place
  std::unique_ptr<llvm::raw_fd_ostream> os;

  /// Writes what the stream buffers (and closes a file written in place);
  /// the stream's first error, if any.
  std::error_code finish() {
    if (temp || anonymousFD >= 0 || streamFD >= 0)
      os->flush();
    else if (inPlaceFD >= 0)
      os->close();
    inPlaceFD = -1;
    std::error_code ec = os->error();
    os->clear_error(); // reported by the caller, never by a fatal error
    return ec;
  }

  ~File() {
    if (os)
      (void)finish();
    os.reset();
    if (temp)
      llvm::consumeError(temp->discard());
    if (!linkedPath.empty())
      (void)fs::remove(linkedPath);
    if (anonymousFD >= 0)
      ::close(anonymousFD);
  }
};

/// An unnamed file in `path`'s folder (Linux's O_TMPFILE), which a later
/// linkat names: no signal, SIGKILL included, can leave it behind. -1 where
/// the folder's file system or the kernel has none, or /proc (through
/// which it is linked) is missing.
static int openAnonymous(StringRef path, unsigned permissions) {
#ifdef O_TMPFILE
  llvm::SmallString<256> folder(llvm::sys::path::parent_path(path));
  if (folder.empty())
    folder = ".";
  int fd =
      ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, permissions);
  if (fd < 0)
    return -1;
  if (!fs::exists("/proc/self/fd/" + llvm::Twine(fd))) {
    ::close(fd);
    return -1;
  }
  return fd;
#else
  (void)path;
  (void)permissions;
  return -1;
#endif
}

/// Gives the unnamed file of `file` a unique name next to its destination.
static std::error_code linkAnonymous(OutputFiles::File &file);

OutputFiles::OutputFiles() = default;
OutputFiles::~OutputFiles() = default;

static llvm::Error cannotWrite(StringRef path, const llvm::Twine &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "cannot write '" + path + "': " + why);
}

/// Where `path` really is: the target of an existing file (links followed),
/// else the real folder and the name.
static llvm::Expected<std::string> realPathOf(StringRef path) {
  llvm::SmallString<256> real;
  // Renaming over a link to a missing file would replace the link.
  if (!fs::exists(path) && fs::is_symlink_file(path))
    return cannotWrite(path, "a symbolic link to a missing file");
  if (fs::exists(path)) {
    // /dev/stdout on a pipe leads to "pipe:[N]", no path: kept as given.
    if (fs::real_path(path, real))
      return path.str();
    return std::string(real);
  }
  StringRef parent = llvm::sys::path::parent_path(path);
  if (parent.empty())
    parent = ".";
  if (std::error_code ec = fs::real_path(parent, real))
    return cannotWrite(path, ec.message());
  llvm::sys::path::append(real, llvm::sys::path::filename(path));
  return std::string(real);
}

/// The descriptor `path` names, if it is one of this process's open
/// streams (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N, or a
/// link to one of those), else -1. Such a path is written through the
/// descriptor: resolved, it names the file the stream was redirected to,
/// and replacing that file lost what the shell had written around the
/// tool's output (`>> log`).
static int streamDescriptorOf(StringRef path) {
  std::string own = ("/proc/" + llvm::Twine(::getpid()) + "/fd/").str();
  llvm::SmallString<256> at(path);
  for (int hop = 0; hop < 40; ++hop) {
    StringRef name = at;
    for (StringRef folder :
         {StringRef("/dev/fd/"), StringRef("/proc/self/fd/"), StringRef(own)}) {
      unsigned fd;
      if (name.starts_with(folder) &&
          !name.drop_front(folder.size()).getAsInteger(10, fd) &&
          fd < (1u << 30))
        return int(fd);
    }
    if (name == "/dev/stdin")
      return 0;
    if (name == "/dev/stdout")
      return 1;
    if (name == "/dev/stderr")
      return 2;
    char buffer[4096];
    ssize_t length = fs::is_symlink_file(at)
                         ? ::readlink(at.c_str(), buffer, sizeof(buffer))
                         : -1;
    if (length <= 0 || size_t(length) == sizeof(buffer))
      return -1;
    llvm::SmallString<256> target(StringRef(buffer, size_t(length)));
    if (llvm::sys::path::is_relative(target)) {
      llvm::SmallString<256> joined(llvm::sys::path::parent_path(at));
      llvm::sys::path::append(joined, target);
      target = joined;
    }
    at = target;
  }
  return -1;
}

llvm::Expected<llvm::raw_fd_ostream &> OutputFiles::open(StringRef path) {
  if (path.empty())
    return cannotWrite(path, "empty file name");
  // "-" is stdout, as llvm::ToolOutputFile has it; /dev/stdout and the like
  // are their descriptor too, written in place.
  int stream = path == "-" ? 1 : streamDescriptorOf(path);
  if (stream >= 0) {
    for (const auto &file : files)
      if (file->streamFD == stream)
        return cannotWrite(path, "the same stream as the output '" +
                                     file->path + "'");
    // With the stream closed (`>&-`), its descriptor is free or went to an
    // output opened before: writing it wrote into that file.
    bool taken = llvm::any_of(files, [&](const auto &file) {
      return file->anonymousFD == stream || file->inPlaceFD == stream ||
             (file->temp && file->temp->FD == stream);
    });
    if (taken || ::fcntl(stream, F_GETFD) < 0)
      return cannotWrite(path, stream == 1
                                   ? llvm::Twine("stdout is closed")
                                   : "descriptor " + llvm::Twine(stream) +
                                         " is not open");
    auto file = std::make_unique<File>();
    file->path = path.str();
    file->streamFD = stream;
    file->os = std::make_unique<llvm::raw_fd_ostream>(stream,
                                                      /*shouldClose=*/false);
    files.push_back(std::move(file));
    return *files.back()->os;
  }
  auto real = realPathOf(path);
  if (!real)
    return real.takeError();
  fs::file_status status;
  bool exists = !fs::status(*real, status);
  if (exists && status.type() == fs::file_type::directory_file)
    return cannotWrite(path, "it is a directory");
  // One file named twice would keep only the last result (a device such as
  // /dev/null may take several).
  if (!exists || status.type() == fs::file_type::regular_file)
    for (const auto &file : files)
      if (file->realPath == *real)
        return cannotWrite(path, "the same file as the output '" + file->path +
                                     "'; name every output once");
  auto file = std::make_unique<File>();
  file->path = path.str();
  file->realPath = *real;
  if (exists && status.type() != fs::file_type::regular_file) {
    // A device or a pipe: it cannot be replaced by a rename.
    if (std::error_code ec =
            fs::openFileForWrite(*real, file->inPlaceFD, fs::CD_OpenAlways))
      return cannotWrite(path, ec.message());
    file->os = std::make_unique<llvm::raw_fd_ostream>(file->inPlaceFD,
                                                      /*shouldClose=*/true);
  } else if (int fd = openAnonymous(
                 *real, exists ? unsigned(status.permissions()) : 0666);
             fd >= 0) {
    file->anonymousFD = fd;
    // A replaced file keeps its permissions (the umask does not apply).
    if (exists)
      (void)fs::setPermissions(fd, status.permissions());
    file->os = std::make_unique<llvm::raw_fd_ostream>(fd,
                                                      /*shouldClose=*/false);
  } else {
    auto temp = fs::TempFile::create(*real + ".tmp-%%%%%%%%");
    if (!temp)
      // The folder exists (realPathOf): it does not take a new file (/proc,
      // read-only), which a bare "No such file or directory" would hide.
      return cannotWrite(
          path, "its folder '" + llvm::sys::path::parent_path(*real) +
                    "' takes no new file (" + llvm::toString(temp.takeError()) +
                    "); an output is written to a new file "
                    "there, then renamed");
    file->temp.emplace(std::move(*temp));
    // A replaced file keeps its permissions.
    if (exists)
      (void)fs::setPermissions(file->temp->FD, status.permissions());
    file->os = std::make_unique<llvm::raw_fd_ostream>(file->temp->FD,
                                                      /*shouldClose=*/false);
  }
  files.push_back(std::move(file));
  return *files.back()->os;
}

llvm::Error OutputFiles::commit() {
  for (auto &file : files)
    if (std::error_code ec = file->finish())
      return cannotWrite(file->path, ec.message());
  // The unnamed files get names first (a failure leaves nothing renamed);
  // from here to their renames, microseconds, a SIGKILL would leave those.
  for (auto &file : files)
    if (file->anonymousFD >= 0)
      if (std::error_code ec = linkAnonymous(*file))
        return cannotWrite(file->path, ec.message());
  // Concurrent runs writing the same outputs rename them one run at a time
  // (an advisory lock on each folder, taken in one order): the files left
  // are one run's set, never one run's object with another's header.
  std::vector<std::string> folders;
  for (auto &file : files)
    if (file->temp || !file->linkedPath.empty())
      folders.push_back(llvm::sys::path::parent_path(file->realPath).str());
  llvm::sort(folders);
  folders.erase(std::unique(folders.begin(), folders.end()), folders.end());
  std::vector<int> locks;
  llvm::scope_exit unlock([&] {
    for (int fd : locks)
      ::close(fd); // releases its flock
  });
  for (const std::string &folder : folders) {
    int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
      continue; // a folder that cannot be read is renamed into unlocked
    locks.push_back(fd);
    while (::flock(fd, LOCK_EX) != 0 && errno == EINTR) {
    }
  }
  // Each new file takes its destination's place by an exchange of the two
  // names (renameat2's RENAME_EXCHANGE; a rename where there is none), so
  // that a failure (an immutable file, a folder made meanwhile) undoes the
  // ones before it: the old files come back, every new one goes.
  struct Placed {
    File *file;
    std::string from;
    bool exchanged;
  };
  std::vector<Placed> placed;
  auto undo = [&] {
    for (Placed &p : llvm::reverse(placed))
      if (p.exchanged)
        (void)::renameat2(AT_FDCWD, p.from.c_str(), AT_FDCWD,
                          p.file->realPath.c_str(), RENAME_EXCHANGE);
      else
        (void)::rename(p.file->realPath.c_str(), p.from.c_str());
  };
  for (auto &file : files) {
    std::string from = !file->linkedPath.empty() ? file->linkedPath
                       : file->temp              ? file->temp->TmpName
                                                 : std::string();
    if (from.empty())
      continue;
    const char *to = file->realPath.c_str();
    auto failed = [&](int error) {
      undo();
      return cannotWrite(
          file->path,
          std::error_code(error, std::generic_category()).message());
    };
    // Only a file is exchanged (a folder made there meanwhile would have
    // taken the temporary name).
    struct stat existing;
    bool exists = ::lstat(to, &existing) == 0;
    if (exists && !S_ISREG(existing.st_mode))
      return failed(S_ISDIR(existing.st_mode) ? EISDIR : EEXIST);
    bool exchanged = exists && ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to,
                                           RENAME_EXCHANGE) == 0;
    // No destination (RENAME_NOREPLACE: none made meanwhile), or a file
    // system without exchanges (EINVAL: a plain rename).
    if (!exchanged && exists && errno != EINVAL)
      return failed(errno);
    if (!exchanged && ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to,
                                  exists ? 0 : RENAME_NOREPLACE) != 0)
      return failed(errno);
    placed.push_back({file.get(), from, exchanged});
  }
  // Done: the old files, now under the temporary names, go.
  for (Placed &p : placed) {
    if (p.exchanged)
      (void)::unlink(p.from.c_str());
    p.file->linkedPath.clear();
    if (p.file->temp) {
      llvm::consumeError(p.file->temp->discard());
      p.file->temp.reset();
    }
  }
  files.clear();
  return llvm::Error::success();
}

static std::error_code linkAnonymous(OutputFiles::File &file) {
  std::string source = ("/proc/self/fd/" + llvm::Twine(file.anonymousFD)).str();
  for (int attempt = 0; attempt < 128; ++attempt) {
    llvm::SmallString<256> name;
    fs::createUniquePath(file.realPath + ".tmp-%%%%%%%%", name,
                         /*MakeAbsolute=*/false);
    if (::linkat(AT_FDCWD, source.c_str(), AT_FDCWD, name.c_str(),
                 AT_SYMLINK_FOLLOW) == 0) {
      file.linkedPath = std::string(name);
      return {};
    }
    if (errno != EEXIST)
      return std::error_code(errno, std::generic_category());
  }
  return std::make_error_code(std::errc::file_exists);
}

bool mlir::glu::isInputFile(StringRef input, StringRef output) {
  if (input != "-")
    return fs::equivalent(input, output);
  // The descriptor's file against the one `output` names (links followed).
  fs::file_status in, out;
  return !fs::status(0, in) && in.type() == fs::file_type::regular_file &&
         !fs::status(output, out) && fs::equivalent(in, out);
}

llvm::Error mlir::glu::flushStdout() {
  llvm::raw_fd_ostream &out = llvm::outs();
  out.flush();
  std::error_code ec = out.error();
  if (!ec)
    return llvm::Error::success();
  out.clear_error();
  return llvm::createStringError(ec, "cannot write to stdout: " + ec.message());
}
