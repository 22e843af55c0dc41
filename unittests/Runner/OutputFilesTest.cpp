//===- OutputFilesTest.cpp - Outputs all or nothing -----------------------===//

#include "GluDialect/Runner/OutputFiles.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace mlir::glu;
namespace fs = llvm::sys::fs;

namespace {

std::string contentOf(const llvm::Twine &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : "<missing>";
}

std::set<std::string> namesIn(llvm::StringRef folder) {
  std::set<std::string> names;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end;
       it.increment(ec))
    names.insert(llvm::sys::path::filename(it->path()).str());
  return names;
}

void write(llvm::StringRef path, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << ec.message();
  os << text;
}

// A rename that fails after another succeeded undoes it: here the second
// destination became a folder after it was opened (the checks of open()
// passed). The first file keeps its old content, and no temporary name is
// left; then a set that succeeds replaces one file and makes another.
TEST(OutputFiles, AFailedRenameUndoesTheOthers) {
  llvm::SmallString<128> folder;
  ASSERT_FALSE(fs::createUniqueDirectory("glu-output-files", folder));
  auto cleanup = llvm::make_scope_exit([&] { fs::remove_directories(folder); });
  std::string a = (folder + "/a.npy").str(), b = (folder + "/b.npy").str(),
              c = (folder + "/c.npy").str();
  write(a, "old a");
  {
    OutputFiles files;
    auto first = files.open(a);
    auto second = files.open(b);
    ASSERT_TRUE(first && second);
    *first << "new a";
    *second << "new b";
    ASSERT_FALSE(fs::create_directory(b));
    llvm::Error e = files.commit();
    ASSERT_TRUE(bool(e));
    EXPECT_EQ(llvm::toString(std::move(e)),
              "cannot write '" + b + "': Is a directory");
  }
  EXPECT_EQ(contentOf(a), "old a");
  EXPECT_EQ(namesIn(folder), (std::set<std::string>{"a.npy", "b.npy"}));

  OutputFiles files;
  auto first = files.open(a);
  auto third = files.open(c);
  ASSERT_TRUE(first && third);
  *first << "new a";
  *third << "new c";
  ASSERT_FALSE(bool(files.commit()));
  EXPECT_EQ(contentOf(a), "new a");
  EXPECT_EQ(contentOf(c), "new c");
  EXPECT_EQ(namesIn(folder),
            (std::set<std::string>{"a.npy", "b.npy", "c.npy"}));
}

} // namespace
