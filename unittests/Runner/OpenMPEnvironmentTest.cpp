//===- OpenMPEnvironmentTest.cpp - The OpenMP runtime's environment ------===//

#include "GluDialect/Runner/OpenMP/OpenMPEnvironment.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <optional>
#include <unistd.h>

using namespace mlir::glu;

namespace {

/// A variable set for a scope, then put back as the process had it.
class ScopedVariable {
public:
  explicit ScopedVariable(const char *name) : name(name) {
    if (const char *old = std::getenv(name))
      saved = old;
  }
  ~ScopedVariable() {
    saved ? setenv(name, saved->c_str(), 1) : unsetenv(name);
  }
  void set(const char *value) { setenv(name, value, 1); }
  void set(const std::optional<std::string> &value) {
    value ? set(value->c_str()) : (void)unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> saved;
};

std::string check(std::optional<std::string> threads,
                  std::optional<std::string> limit, unsigned asked) {
  ScopedVariable numThreads("OMP_NUM_THREADS"), threadLimit("OMP_THREAD_LIMIT");
  numThreads.set(threads);
  threadLimit.set(limit);
  return checkOpenMPEnvironment(asked);
}

TEST(OpenMPEnvironment, ThreadCounts) {
  for (const char *ok : {"1", "2", "1024", " 2", "2 ", "2,1", "2, 1", "4,2,1"})
    EXPECT_EQ(check(ok, std::nullopt, 2), "") << ok;
  EXPECT_EQ(check(std::nullopt, std::nullopt, 2), "");
  // What libomp aborts on, runs other counts for, or skips.
  for (const char *bad :
       {"", " ", "0", "-1", "+2", "abc", "1.5", "0x2", "2 1", "1025",
        "2147483647", "4294967297", "99999999999999999999999", "2,", ",2",
        "2,,1", "2,0", "2,abc"})
    EXPECT_EQ(check(bad, std::nullopt, 2),
              "OMP_NUM_THREADS='" + std::string(bad) +
                  "' is not a list of thread counts from 1 to 1024 (the "
                  "OpenMP runtime aborts on values it cannot read); unset it")
        << bad;
}

TEST(OpenMPEnvironment, ThreadLimit) {
  EXPECT_EQ(check(std::nullopt, "2", 2), "");
  EXPECT_EQ(check(std::nullopt, "2147483647", 2), "");
  EXPECT_EQ(check(std::nullopt, "1", 2),
            "OMP_THREAD_LIMIT=1 is below the 2 threads asked for (the OpenMP "
            "runtime would run 1 and only warn); raise or unset it");
  for (const char *bad : {"", "0", "-1", "abc", "2147483648", "1,2"})
    EXPECT_EQ(check(std::nullopt, bad, 1),
              "OMP_THREAD_LIMIT='" + std::string(bad) +
                  "' is not a thread count from 1 (the OpenMP runtime "
                  "ignores it, or runs one thread for 0); unset it")
        << bad;
}

// With 0 threads asked for, the runtime's default: OMP_NUM_THREADS's first
// count (its outermost level), else every available core.
TEST(OpenMPEnvironment, DefaultThreads) {
  EXPECT_EQ(check("4,1", "3", 0),
            "OMP_THREAD_LIMIT=3 is below the 4 threads asked for (the OpenMP "
            "runtime would run 3 and only warn); raise or unset it");
  EXPECT_EQ(check("3,8", "3", 0), "");
  // An explicit count wins over OMP_NUM_THREADS (the num_threads clause).
  EXPECT_EQ(check("8", "3", 2), "");
  unsigned cores = availableCores();
  EXPECT_GE(cores, 1u);
  EXPECT_EQ(check(std::nullopt, std::to_string(cores), 0), "");
  if (cores > 1) {
    EXPECT_NE(check(std::nullopt, std::to_string(cores - 1), 0), "");
  }
}

// A worker's stack beyond memory and swap: libomp aborted ("System unable
// to allocate necessary resources for OMP thread"). Values libomp itself
// rejects (it warns and ignores them) are left to it.
TEST(OpenMPEnvironment, StackSize) {
  for (const char *name :
       {"OMP_STACKSIZE", "KMP_STACKSIZE", "GOMP_STACKSIZE"}) {
    ScopedVariable variable(name);
    auto with = [&](const char *value) {
      variable.set(value);
      return check(std::nullopt, std::nullopt, 2);
    };
    for (const char *ok :
         {"512", "4M", "4 m", "4MB", "2k", "1b", "abc", "1e3", "4X", "-1"})
      EXPECT_EQ(with(ok), "") << name << "=" << ok;
    for (const char *huge : {"1p", "1 pb", "1E", "99999999999999999999999"}) {
      std::string message = with(huge);
      EXPECT_EQ(message.rfind(std::string(name) + "='" + huge +
                                  "' is a stack larger than this machine's "
                                  "memory and swap (",
                              0),
                0u)
          << message;
    }
  }
}

// KMP_DEVICE_THREAD_LIMIT and its old name KMP_ALL_THREADS: below the
// threads asked for, libomp runs fewer and only warns ("Cannot form a team
// with 4 threads, using 2 instead"); "all" is the processors.
TEST(OpenMPEnvironment, DeviceThreadLimit) {
  unsigned cores = availableCores();
  for (const char *name : {"KMP_DEVICE_THREAD_LIMIT", "KMP_ALL_THREADS"}) {
    ScopedVariable variable(name);
    auto with = [&](const char *value, unsigned asked) {
      variable.set(value);
      return check(std::nullopt, std::nullopt, asked);
    };
    EXPECT_EQ(with("2", 2), "");
    EXPECT_EQ(with("all", cores), "");
    EXPECT_EQ(with("1", 2),
              std::string(name) +
                  "=1 is below the 2 threads asked for (the OpenMP runtime "
                  "would run 1 and only warn); raise or unset it");
    EXPECT_EQ(with("ALL", cores + 1),
              std::string(name) + "=ALL is below the " +
                  std::to_string(cores + 1) +
                  " threads asked for (the OpenMP runtime would run " +
                  std::to_string(cores) + " and only warn); raise or unset it");
    for (const char *bad : {"", "0", "abc", "al", "all2"})
      EXPECT_EQ(with(bad, 1), std::string(name) + "='" + bad +
                                  "' is not a thread count from 1 or 'all' "
                                  "(the OpenMP runtime ignores it, or runs "
                                  "one thread for 0); unset it")
          << bad;
  }
}

TEST(OpenMPEnvironment, RegistrationFiles) {
  std::string name = "__KMP_REGISTERED_LIB_" + std::to_string(getpid()) + "_" +
                     std::to_string(getuid());
  EXPECT_EQ(openMPRegistrationFiles(),
            (std::vector<std::string>{"/dev/shm/" + name, "/tmp/" + name}));
}

} // namespace
