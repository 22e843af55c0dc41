//===- OpenMPEnvironment.cpp - The OpenMP runtime's environment -----------===//

#include "GluDialect/Runner/OpenMP/OpenMPEnvironment.h"

#include <cctype>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <sched.h>
#include <strings.h>
#include <sys/sysinfo.h>
#include <unistd.h>

using namespace mlir::glu;

unsigned mlir::glu::availableCores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return unsigned(CPU_COUNT(&set));
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? unsigned(online) : 1;
}

/// `text` without the blanks around it (libomp skips them).
static std::string trim(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t"),
         end = text.find_last_not_of(" \t");
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

/// The count `text` spells in decimal digits alone (no sign, no blank
/// inside), if it is from 1 to `max`.
static bool parseCount(const std::string &text, unsigned long max,
                       unsigned long &count) {
  std::string digits = trim(text);
  if (digits.empty())
    return false;
  count = 0;
  for (char c : digits) {
    if (c < '0' || c > '9')
      return false;
    count = count * 10 + unsigned(c - '0');
    if (count > max) // before it can wrap
      return false;
  }
  return count >= 1;
}

/// The bytes a stack size in libomp's form spells ("512", "4M", "1 g",
/// "2KB": kibibytes without a unit), saturated; false for anything else,
/// which libomp warns about and ignores.
static bool parseStackSize(const std::string &text, unsigned long long &bytes) {
  size_t i = 0;
  while (i < text.size() && std::isspace((unsigned char)text[i]))
    ++i;
  if (i == text.size() || !std::isdigit((unsigned char)text[i]))
    return false;
  unsigned long long value = 0;
  for (; i < text.size() && std::isdigit((unsigned char)text[i]); ++i)
    value = value > ULLONG_MAX / 10 ? ULLONG_MAX : value * 10 + (text[i] - '0');
  while (i < text.size() && std::isspace((unsigned char)text[i]))
    ++i;
  int shift = 10; // kibibytes without a unit
  if (i < text.size()) {
    const char *units = "bkmgtpe";
    const char *unit = std::strchr(units, std::tolower((unsigned char)text[i]));
    if (!unit || !*unit)
      return false;
    shift = 10 * int(unit - units);
    ++i;
    if (shift > 0 && i < text.size() &&
        std::tolower((unsigned char)text[i]) == 'b')
      ++i;
  }
  while (i < text.size() && std::isspace((unsigned char)text[i]))
    ++i;
  if (i != text.size())
    return false;
  bytes = value > (ULLONG_MAX >> shift) ? ULLONG_MAX : value << shift;
  return true;
}

std::string mlir::glu::checkOpenMPEnvironment(unsigned threads) {
  // A worker's stack beyond this machine's memory and swap: libomp aborts
  // when it starts the thread ("System unable to allocate necessary
  // resources for OMP thread").
  struct sysinfo info;
  if (::sysinfo(&info) == 0)
    for (const char *name :
         {"OMP_STACKSIZE", "KMP_STACKSIZE", "GOMP_STACKSIZE"})
      if (const char *value = std::getenv(name)) {
        unsigned long long bytes,
            total = (unsigned long long)(info.totalram + info.totalswap) *
                    info.mem_unit;
        if (parseStackSize(value, bytes) && bytes > total)
          return std::string(name) + "='" + value +
                 "' is a stack larger than this machine's memory and swap (" +
                 std::to_string(total) +
                 " bytes: the OpenMP runtime would abort when it starts a "
                 "thread); lower or unset it";
      }
  unsigned long asked = threads;
  if (const char *value = std::getenv("OMP_NUM_THREADS")) {
    std::string list = value;
    bool first = true;
    for (size_t start = 0;;) {
      size_t end = list.find(',', start);
      unsigned long count;
      if (!parseCount(list.substr(start, end - start), kMaxThreads, count))
        return "OMP_NUM_THREADS='" + list +
               "' is not a list of thread counts from 1 to " +
               std::to_string(kMaxThreads) +
               " (the OpenMP runtime aborts on values it cannot read); "
               "unset it";
      if (first && asked == 0)
        asked = count;
      first = false;
      if (end == std::string::npos)
        break;
      start = end + 1;
    }
  }
  if (asked == 0)
    asked = availableCores();
  // Limits on the threads libomp runs (below the threads asked for, it runs
  // fewer and only warns). KMP_ALL_THREADS is KMP_DEVICE_THREAD_LIMIT's
  // deprecated name; both also take "all" (any case): the processors.
  for (const char *name :
       {"OMP_THREAD_LIMIT", "KMP_DEVICE_THREAD_LIMIT", "KMP_ALL_THREADS"}) {
    const char *value = std::getenv(name);
    if (!value)
      continue;
    bool kmp = name[0] == 'K', all = kmp && strcasecmp(value, "all") == 0;
    unsigned long limit;
    if (all)
      limit = availableCores();
    else if (!parseCount(value, INT_MAX, limit))
      return std::string(name) + "='" + value +
             "' is not a thread count from 1" + (kmp ? " or 'all'" : "") +
             " (the OpenMP runtime ignores it, or runs one thread for 0); "
             "unset it";
    if (limit < asked)
      return std::string(name) + "=" +
             (all ? std::string(value) : std::to_string(limit)) +
             " is below the " + std::to_string(asked) +
             " threads asked for (the OpenMP runtime would run " +
             std::to_string(limit) + " and only warn); raise or unset it";
  }
  return "";
}

std::vector<std::string> mlir::glu::openMPRegistrationFiles() {
  std::string name = "__KMP_REGISTERED_LIB_" + std::to_string(::getpid()) +
                     "_" + std::to_string(::getuid());
  return {"/dev/shm/" + name, "/tmp/" + name};
}
