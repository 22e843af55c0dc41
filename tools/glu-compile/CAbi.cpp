//===- CAbi.cpp - The symbols glu-compile exports and their checks --------===//

#include "CAbi.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/RuntimeLibcalls.h"

#include <map>

using namespace mlir;
using namespace glu_compile;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

bool glu_compile::isCIdentifier(llvm::StringRef name) {
  static const llvm::StringSet<> keywords = {
      "auto",       "break",     "case",           "char",
      "const",      "continue",  "default",        "do",
      "double",     "else",      "enum",           "extern",
      "float",      "for",       "goto",           "if",
      "inline",     "int",       "long",           "register",
      "restrict",   "return",    "short",          "signed",
      "sizeof",     "static",    "struct",         "switch",
      "typedef",    "union",     "unsigned",       "void",
      "volatile",   "while",     "_Bool",          "_Complex",
      "_Imaginary", "_Alignas",  "_Alignof",       "_Atomic",
      "_Generic",   "_Noreturn", "_Static_assert", "_Thread_local",
      "alignas",    "alignof",   "bool",           "constexpr",
      "false",      "nullptr",   "static_assert",  "thread_local",
      "true",       "typeof",    "typeof_unqual"};
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; }) &&
         !keywords.contains(name);
}

std::optional<std::string> glu_compile::headerConflict(llvm::StringRef name) {
  static const llvm::StringSet<> cxx = {"and",
                                        "and_eq",
                                        "asm",
                                        "bitand",
                                        "bitor",
                                        "catch",
                                        "char8_t",
                                        "char16_t",
                                        "char32_t",
                                        "class",
                                        "co_await",
                                        "co_return",
                                        "co_yield",
                                        "compl",
                                        "concept",
                                        "const_cast",
                                        "consteval",
                                        "constinit",
                                        "decltype",
                                        "delete",
                                        "dynamic_cast",
                                        "explicit",
                                        "export",
                                        "friend",
                                        "mutable",
                                        "namespace",
                                        "new",
                                        "noexcept",
                                        "not",
                                        "not_eq",
                                        "operator",
                                        "or",
                                        "or_eq",
                                        "private",
                                        "protected",
                                        "public",
                                        "reinterpret_cast",
                                        "requires",
                                        "static_cast",
                                        "template",
                                        "this",
                                        "throw",
                                        "try",
                                        "typeid",
                                        "typename",
                                        "using",
                                        "virtual",
                                        "wchar_t",
                                        "xor",
                                        "xor_eq"};
  if (cxx.contains(name))
    return "a C++ keyword (the header is C++ as well)";
  // C reserves for <stdint.h> the types int*_t and uint*_t and the macros
  // INT*_ and UINT* ending in _MAX, _MIN, _WIDTH or _C; its other limits.
  auto limitSuffix = [](llvm::StringRef n) {
    return n.ends_with("_MAX") || n.ends_with("_MIN") ||
           n.ends_with("_WIDTH") || n.ends_with("_C");
  };
  if (((name.starts_with("int") || name.starts_with("uint")) &&
       name.ends_with("_t")) ||
      ((name.starts_with("INT") || name.starts_with("UINT")) &&
       limitSuffix(name)) ||
      (llvm::any_of(llvm::ArrayRef<llvm::StringRef>{"PTRDIFF_", "SIZE_",
                                                    "WCHAR_", "WINT_",
                                                    "SIG_ATOMIC_"},
                    [&](llvm::StringRef p) { return name.starts_with(p); }) &&
       limitSuffix(name)))
    return std::string("a name <stdint.h> reserves (the header includes it)");
  if (name == "linux" || name == "unix")
    return std::string("a macro of the C compilers' GNU modes");
  // `void main(const glu_memref_1d *, ...)` is no valid declaration of
  // main, in C or C++; and C reserves file-scope names with a leading
  // underscore (_start, _init, _fini are the C runtime's).
  if (name == "main")
    return std::string("the program's entry point");
  if (name.starts_with("_"))
    return std::string("a name C reserves at file scope (a leading "
                       "underscore: _start, _init are the C runtime's)");
  // C++ reserves every name with a double underscore anywhere.
  if (name.contains("__"))
    return std::string("a name C++ reserves (a double underscore; the "
                       "header is C++ as well)");
  llvm::StringRef rank = name;
  if (name.starts_with("GLU_") ||
      (rank.consume_front("glu_memref_") &&
       (rank.consume_back("d") || rank.consume_back("d_dense")) &&
       !rank.empty() && llvm::all_of(rank, llvm::isDigit)))
    return std::string("a name of the header's own (glu_memref_<r>d, "
                       "glu_memref_<r>d_dense, GLU_*)");
  return std::nullopt;
}

/// Whether C17's standard library (its Annex B) declares `name`: a
/// function, type or macro of a standard header. A kernel so named either
/// takes the C library's symbol (libomp calls isspace and rand's callers
/// would get the kernel) or its declaration breaks next to that header.
/// LLVM knows most of the functions already (isRuntimeName); this is the
/// rest, and the names that are no symbols.
static bool isStandardCName(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      // <assert.h>, <errno.h>, <stddef.h>, <stdarg.h>, <stdbool.h>,
      // <setjmp.h>, <signal.h>, <locale.h>
      "assert", "errno", "EDOM", "EILSEQ", "ERANGE", "NULL", "offsetof",
      "ptrdiff_t", "size_t", "max_align_t", "wchar_t", "va_list", "va_start",
      "va_arg", "va_end", "va_copy", "setjmp", "longjmp", "jmp_buf", "signal",
      "raise", "sig_atomic_t", "setlocale", "localeconv", "lconv",
      // <ctype.h>, <wctype.h>
      "isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph",
      "islower", "isprint", "ispunct", "isspace", "isupper", "isxdigit",
      "tolower", "toupper", "iswalnum", "iswalpha", "iswblank", "iswcntrl",
      "iswdigit", "iswgraph", "iswlower", "iswprint", "iswpunct", "iswspace",
      "iswupper", "iswxdigit", "iswctype", "wctype", "towlower", "towupper",
      "towctrans", "wctrans", "wctrans_t", "wctype_t",
      // <fenv.h>, <inttypes.h>, <math.h>'s macros and types
      "feclearexcept", "fegetexceptflag", "feraiseexcept", "fesetexceptflag",
      "fetestexcept", "fegetround", "fesetround", "fegetenv", "feholdexcept",
      "fesetenv", "feupdateenv", "fenv_t", "fexcept_t", "imaxabs", "imaxdiv",
      "imaxdiv_t", "strtoimax", "strtoumax", "wcstoimax", "wcstoumax",
      "fpclassify", "isfinite", "isinf", "isnan", "isnormal", "signbit",
      "isgreater", "isgreaterequal", "isless", "islessequal", "islessgreater",
      "isunordered", "float_t", "double_t", "HUGE_VAL", "INFINITY", "NAN",
      // <stdio.h>
      "FILE", "fpos_t", "EOF", "BUFSIZ", "FILENAME_MAX", "FOPEN_MAX",
      "L_tmpnam", "TMP_MAX", "SEEK_SET", "SEEK_CUR", "SEEK_END", "remove",
      "rename", "tmpfile", "tmpnam", "fclose", "fopen", "freopen", "setbuf",
      "setvbuf", "fprintf", "fscanf", "scanf", "snprintf", "sprintf", "sscanf",
      "vfprintf", "vfscanf", "vprintf", "vscanf", "vsnprintf", "vsprintf",
      "vsscanf", "fgetc", "fgets", "fputc", "fputs", "getc", "getchar", "putc",
      "putchar", "ungetc", "fread", "fwrite", "fgetpos", "fseek", "fsetpos",
      "ftell", "rewind", "clearerr", "feof", "ferror", "perror",
      // <stdlib.h>, <string.h>
      "atof", "atoi", "atol", "atoll", "strtod", "strtof", "strtold", "strtol",
      "strtoll", "strtoul", "strtoull", "rand", "srand", "atexit",
      "at_quick_exit", "_Exit", "getenv", "quick_exit", "system", "bsearch",
      "qsort", "abs", "labs", "llabs", "div", "ldiv", "lldiv", "div_t",
      "ldiv_t", "lldiv_t", "mblen", "mbtowc", "wctomb", "mbstowcs", "wcstombs",
      "RAND_MAX", "EXIT_SUCCESS", "EXIT_FAILURE", "MB_CUR_MAX", "strcpy",
      "strncpy", "strcat", "strncat", "memcmp", "strcmp", "strcoll", "strncmp",
      "strxfrm", "memchr", "strchr", "strcspn", "strpbrk", "strrchr", "strspn",
      "strstr", "strtok", "strerror",
      // <time.h>, <uchar.h>, <threads.h>
      "clock", "difftime", "mktime", "time", "timespec_get", "asctime", "ctime",
      "gmtime", "localtime", "strftime", "clock_t", "time_t", "tm", "timespec",
      "CLOCKS_PER_SEC", "TIME_UTC", "mbrtoc16", "c16rtomb", "mbrtoc32",
      "c32rtomb", "char16_t", "char32_t", "call_once", "once_flag",
      // <wchar.h>
      "fwprintf", "fwscanf", "swprintf", "swscanf", "vfwprintf", "vfwscanf",
      "vswprintf", "vswscanf", "vwprintf", "vwscanf", "wprintf", "wscanf",
      "fgetwc", "fgetws", "fputwc", "fputws", "fwide", "getwc", "getwchar",
      "putwc", "putwchar", "ungetwc", "wcstod", "wcstof", "wcstold", "wcstol",
      "wcstoll", "wcstoul", "wcstoull", "wcscpy", "wcsncpy", "wmemcpy",
      "wmemmove", "wcscat", "wcsncat", "wcscmp", "wcscoll", "wcsncmp",
      "wcsxfrm", "wmemcmp", "wcschr", "wcscspn", "wcspbrk", "wcsrchr", "wcsspn",
      "wcsstr", "wcstok", "wmemchr", "wcslen", "wmemset", "wcsftime", "btowc",
      "wctob", "mbsinit", "mbrlen", "mbrtowc", "wcrtomb", "mbsrtowcs",
      "wcsrtombs", "wint_t", "mbstate_t", "WEOF",
      // Macros: <complex.h>, <stdnoreturn.h>, <stdalign.h>, <stdatomic.h>,
      // <math.h>, <float.h>, <limits.h>, <signal.h>
      "I", "complex", "imaginary", "CMPLX", "CMPLXF", "CMPLXL", "noreturn",
      "alignas", "alignof", "kill_dependency", "math_errhandling", "HUGE_VALF",
      "HUGE_VALL", "DECIMAL_DIG", "CHAR_BIT", "CHAR_MIN", "CHAR_MAX",
      "SCHAR_MIN", "SCHAR_MAX", "UCHAR_MAX", "SHRT_MIN", "SHRT_MAX",
      "USHRT_MAX", "LONG_MIN", "LONG_MAX", "ULONG_MAX", "LLONG_MIN",
      "LLONG_MAX", "ULLONG_MAX", "MB_LEN_MAX"};
  // <threads.h> and <stdatomic.h> reserve these prefixes, and <float.h>,
  // <fenv.h>, <math.h>, <stdatomic.h> and <signal.h> define (or reserve)
  // macros with these.
  if (llvm::any_of(
          llvm::ArrayRef<llvm::StringRef>{"thrd_", "mtx_", "cnd_", "tss_",
                                          "atomic_", "memory_order", "FLT_",
                                          "DBL_", "LDBL_", "FE_", "FP_",
                                          "MATH_", "ATOMIC_", "SIG_"},
          [&](llvm::StringRef p) { return name.starts_with(p); }))
    return true;
  // SIG followed by an upper-case letter: <signal.h>'s signal numbers.
  return names.contains(name) ||
         (name.size() > 3 && name.starts_with("SIG") && llvm::isUpper(name[3]));
}

/// Whether the C library or the OpenMP runtime (which the compiled code
/// may call) has a symbol `name`, or C reserves it for them. So does every
/// function LLVM may call for `triple` without the IR declaring it: a
/// runtime library call of code generation (llvm.fma without FMA hardware
/// calls fmaf, and a kernel exported as fmaf was called instead, with
/// floats for its pointers) or a library function the optimizer knows.
static bool isRuntimeName(llvm::StringRef name, const llvm::Triple &triple) {
  llvm::LibFunc known;
  if (llvm::RTLIB::RuntimeLibcallsInfo(triple).getSupportedLibcallImpl(name) !=
          llvm::RTLIB::Unsupported ||
      llvm::TargetLibraryInfoImpl(triple).getLibFunc(name, known))
    return true;
  static const llvm::StringSet<> libc = {
      "abort",  "aligned_alloc", "calloc",  "dprintf",
      "exit",   "fflush",        "free",    "malloc",
      "memcpy", "memmove",       "memset",  "posix_memalign",
      "printf", "puts",          "realloc", "strlen"};
  // What libomp itself calls beyond the C functions LLVM knows (its
  // undefined symbols, `nm -D --undefined-only libomp.so`): an exported
  // pthread_create was called by the runtime to start its threads.
  static const llvm::StringSet<> posix = {
      "catclose",    "catgets",      "catopen",     "close",       "closedir",
      "dladdr",      "dlclose",      "dlerror",     "dlopen",      "dlsym",
      "environ",     "ftruncate",    "gethostname", "getpid",      "getrlimit",
      "getrusage",   "gettimeofday", "getuid",      "mmap",        "munmap",
      "open",        "opendir",      "read",        "readdir",     "setenv",
      "sigaction",   "sigaddset",    "sigdelset",   "sigemptyset", "sigfillset",
      "sigismember", "sleep",        "stderr",      "stdin",       "stdout",
      "strcasestr",  "strerror_r",   "strtok_r",    "syscall",     "sysconf",
      "times",       "unlink",       "unsetenv",    "write"};
  return libc.contains(name) || posix.contains(name) || isStandardCName(name) ||
         name.starts_with("__") ||
         (name.size() > 1 && name[0] == '_' && llvm::isUpper(name[1])) ||
         // The OpenMP runtime's interfaces: libomp looks ompt_start_tool
         // up in the process and calls it (a kernel so named was called
         // as the tool's entry point); it defines GOMP_* and ompc_*.
         name.starts_with("omp_") || name.starts_with("ompt_") ||
         name.starts_with("ompc_") || name.starts_with("GOMP_") ||
         name.starts_with("kmp_") || name.starts_with("pthread_") ||
         name.starts_with("sched_") || name.starts_with("sem_") ||
         name.starts_with("shm_");
}

std::string glu_compile::handlerName(llvm::StringRef prefix) {
  return (prefix + "runtime_check_failed").str();
}

llvm::Expected<std::vector<std::string>>
glu_compile::renameFunctions(ModuleOp module,
                             llvm::ArrayRef<Function> functions) {
  // A name with a dot is no C name: nothing the object calls (malloc, free,
  // the OpenMP runtime) can be one of the module's functions.
  SymbolTable symbols(module);
  llvm::StringMap<std::string> renamed;
  SmallVector<func::FuncOp> defined;
  for (auto func : module.getOps<func::FuncOp>())
    if (!func.isExternal())
      defined.push_back(func);
  for (func::FuncOp func : defined) {
    std::string from = func.getName().str();
    std::string to = "glu.fn." + from;
    if (symbols.lookup(to))
      return error("@" + from + " cannot be renamed to @" + to +
                   ", a symbol of the module");
    if (failed(symbols.rename(func, to)))
      return error("@" + from + " could not be renamed");
    renamed[from] = to;
  }

  std::vector<std::string> internal;
  for (const Function &f : functions)
    internal.push_back(renamed.lookup(f.name));
  return internal;
}

namespace {
/// Builds an entry point: loads the fields of the descriptors it receives
/// and branches to the handler when one is not what the function expects.
struct EntryBuilder {
  llvm::Module &module;
  llvm::Function *entry;
  llvm::FunctionCallee handler, abortFn;
  llvm::IRBuilder<> b;

  EntryBuilder(llvm::Module &module, llvm::Function *entry,
               llvm::FunctionCallee handler)
      : module(module), entry(entry), handler(handler),
        b(llvm::BasicBlock::Create(module.getContext(), "entry", entry)) {
    abortFn = module.getOrInsertFunction(
        "abort", llvm::FunctionType::get(b.getVoidTy(), false));
  }

  /// Continues when `ok`; else calls the handler with `message` and aborts.
  void check(llvm::Value *ok, const std::string &message) {
    llvm::LLVMContext &ctx = module.getContext();
    auto *failed = llvm::BasicBlock::Create(ctx, "check_failed", entry);
    auto *next = llvm::BasicBlock::Create(ctx, "checked", entry);
    b.CreateCondBr(ok, next, failed);
    llvm::IRBuilder<> f(failed);
    f.CreateCall(handler, {f.CreateGlobalString(message, "glu.check.message", 0,
                                                &module)});
    f.CreateCall(abortFn)->setDoesNotReturn();
    f.CreateUnreachable();
    b.SetInsertPoint(next);
  }

  /// The i64 at byte `offset` of the descriptor `descriptor` points to.
  llvm::Value *word(llvm::Value *descriptor, int64_t offset) {
    return b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(
                                            b.getInt8Ty(), descriptor, offset));
  }

  /// Checks the descriptor of `param` (MLIR's ranked memref descriptor:
  /// allocated, aligned, offset, sizes[rank], strides[rank]).
  void checkDescriptor(const std::string &function, const Param &param,
                       llvm::Value *descriptor) {
    std::string what =
        function + ": " + param.name + " (" + param.mlirType + ")";
    int64_t rank = param.rank();
    check(b.CreateIsNotNull(descriptor), what + ": null descriptor");
    std::vector<llvm::Value *> sizes, strides;
    for (int64_t d = 0; d < rank; ++d) {
      sizes.push_back(word(descriptor, 24 + 8 * d));
      strides.push_back(word(descriptor, 24 + 8 * (rank + d)));
    }
    llvm::Value *empty = b.getFalse();
    for (int64_t d = 0; d < rank; ++d) {
      std::string dim = " along dimension " + std::to_string(d);
      if (param.shape[d] >= 0)
        check(b.CreateICmpEQ(sizes[d], b.getInt64(param.shape[d])),
              what + ": the size" + dim + " is not " +
                  std::to_string(param.shape[d]));
      else
        check(b.CreateICmpSGE(sizes[d], b.getInt64(0)),
              what + ": negative size" + dim);
      empty = b.CreateOr(empty, b.CreateICmpEQ(sizes[d], b.getInt64(0)));
    }
    check(b.CreateICmpEQ(word(descriptor, 16), b.getInt64(0)),
          what + ": the offset is not 0");
    llvm::Value *dense = b.getTrue();
    llvm::Value *stride = b.getInt64(1);
    for (int64_t d = rank; d-- > 0;) {
      dense = b.CreateAnd(dense, b.CreateICmpEQ(strides[d], stride));
      stride = b.CreateMul(stride, sizes[d]);
    }
    check(dense, what +
                     ": the strides are not those of a dense row-major "
                     "array (glu_memref_" +
                     std::to_string(rank) + "d_dense)");
    llvm::Value *aligned =
        b.CreateLoad(b.getPtrTy(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(),
                                                                descriptor, 8));
    check(b.CreateOr(empty, b.CreateIsNotNull(aligned)),
          what + ": null aligned pointer");
  }

  /// The bytes [begin, end) of a checked descriptor of `param`; a byte count
  /// or an end past 2^64 fails the check.
  std::pair<llvm::Value *, llvm::Value *>
  extent(const std::string &what, const Param &param, llvm::Value *descriptor) {
    llvm::Value *bytes = b.getInt64(param.elementBytes);
    llvm::Value *overflow = b.getFalse();
    auto accumulate = [&](llvm::Intrinsic::ID id, llvm::Value *x,
                          llvm::Value *y) {
      llvm::Value *pair = b.CreateBinaryIntrinsic(id, x, y);
      overflow = b.CreateOr(overflow, b.CreateExtractValue(pair, 1));
      return b.CreateExtractValue(pair, 0);
    };
    for (int64_t d = 0; d < param.rank(); ++d)
      bytes = accumulate(llvm::Intrinsic::umul_with_overflow, bytes,
                         word(descriptor, 24 + 8 * d));
    llvm::Value *begin = word(descriptor, 8);
    llvm::Value *end =
        accumulate(llvm::Intrinsic::uadd_with_overflow, begin, bytes);
    check(b.CreateNot(overflow),
          what + ": the sizes span more than 2^64 bytes of memory");
    // An empty tensor covers no byte.
    return {begin,
            b.CreateSelect(b.CreateICmpEQ(bytes, b.getInt64(0)), begin, end)};
  }
};

/// The weak default handler: what stdout holds first, then the message on
/// stderr. The caller aborts when it returns.
void defineDefaultHandler(llvm::Module &module, llvm::Function *handler) {
  llvm::LLVMContext &ctx = module.getContext();
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", handler));
  llvm::FunctionCallee fflush =
      module.getOrInsertFunction("fflush", b.getInt32Ty(), b.getPtrTy());
  llvm::FunctionCallee dprintf = module.getOrInsertFunction(
      "dprintf",
      llvm::FunctionType::get(b.getInt32Ty(), {b.getInt32Ty(), b.getPtrTy()},
                              /*isVarArg=*/true));
  b.CreateCall(fflush, {llvm::ConstantPointerNull::get(b.getPtrTy())});
  b.CreateCall(dprintf,
               {b.getInt32(2),
                b.CreateGlobalString("%s\n", "glu.check.format", 0, &module),
                handler->getArg(0)});
  b.CreateRetVoid();
}

/// Names the C function in the messages of the compiled code's checks
/// (upstream's and glu's runtime verification, which know no C names):
/// "^ <message>" becomes "^ <cName>: <message>" where one entry point alone
/// reaches the check (through calls and the OpenMP runtime's outlined
/// bodies, which are passed by address). Code shared by several entry points
/// (glu-outline-kernels) keeps its message.
void nameCheckedFunctions(llvm::Module &module, llvm::Function *handler,
                          llvm::ArrayRef<llvm::Function *> entries) {
  llvm::DenseMap<llvm::Function *, llvm::SmallVector<llvm::Function *, 1>>
      reachedBy;
  for (llvm::Function *entry : entries) {
    llvm::SmallVector<llvm::Function *> stack = {entry};
    llvm::SmallPtrSet<llvm::Function *, 16> visited = {entry};
    while (!stack.empty()) {
      llvm::Function *f = stack.pop_back_val();
      if (f->isDeclaration() || f == handler)
        continue;
      reachedBy[f].push_back(entry);
      for (llvm::Instruction &inst : llvm::instructions(*f))
        for (llvm::Value *operand : inst.operands())
          if (auto *g =
                  llvm::dyn_cast<llvm::Function>(operand->stripPointerCasts());
              g && visited.insert(g).second)
            stack.push_back(g);
    }
  }
  std::map<std::pair<llvm::Value *, llvm::Function *>, llvm::Constant *> named;
  for (llvm::User *user : llvm::make_early_inc_range(handler->users())) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(user);
    if (!call || call->getCalledOperand() != handler)
      continue;
    llvm::Function *caller = call->getFunction();
    auto it = reachedBy.find(caller);
    // The entry points' own checks name their function already.
    if (it == reachedBy.end() || it->second.size() != 1 ||
        llvm::is_contained(entries, caller))
      continue;
    llvm::Function *entry = it->second.front();
    llvm::Value *text = call->getArgOperand(0);
    llvm::StringRef message;
    if (!llvm::getConstantStringInfo(text, message))
      continue;
    llvm::Constant *&global = named[{text, entry}];
    if (!global) {
      size_t at = message.find("\n^ ");
      at = at == llvm::StringRef::npos ? 0 : at + 3;
      std::string renamed = (message.take_front(at) + entry->getName() + ": " +
                             message.drop_front(at))
                                .str();
      llvm::IRBuilder<> b(call);
      global = b.CreateGlobalString(renamed, "glu.check.named", 0, &module);
    }
    call->setArgOperand(0, global);
  }
}
} // namespace

llvm::Error glu_compile::exportEntryPoints(
    llvm::Module &module, llvm::ArrayRef<Function> functions,
    llvm::ArrayRef<std::string> internalNames, llvm::StringRef handlerName) {
  for (llvm::GlobalValue &value : module.global_values())
    if (!value.isDeclaration() && !value.hasLocalLinkage() &&
        !value.hasAppendingLinkage())
      value.setLinkage(llvm::GlobalValue::InternalLinkage);

  // What the entry points and the default handler call, declared first so
  // that no exported name can take their place.
  llvm::LLVMContext &ctx = module.getContext();
  llvm::Type *i32 = llvm::Type::getInt32Ty(ctx);
  llvm::Type *ptr = llvm::PointerType::get(ctx, 0);
  module.getOrInsertFunction("abort", llvm::Type::getVoidTy(ctx));
  module.getOrInsertFunction("fflush", i32, ptr);
  module.getOrInsertFunction("dprintf",
                             llvm::FunctionType::get(i32, {i32, ptr}, true));

  std::vector<std::string> exported = {handlerName.str()};
  for (const Function &f : functions)
    exported.push_back(f.cName);
  llvm::StringSet<> seen;
  for (const std::string &name : exported) {
    if (!seen.insert(name).second)
      return error("two symbols would be exported as '" + name + "'");
    if (isRuntimeName(name, module.getTargetTriple()))
      return error("the C name '" + name +
                   "' is reserved: the C library or the OpenMP runtime "
                   "the object calls defines it");
    if (llvm::GlobalValue *clash = module.getNamedValue(name))
      return error("the C name '" + name + "' is " +
                   (clash->isDeclaration()
                        ? "a function the compiled code calls"
                        : "a symbol of the compiled code"));
  }

  auto *handlerType = llvm::FunctionType::get(
      llvm::Type::getVoidTy(ctx), {llvm::PointerType::get(ctx, 0)}, false);
  auto *handler = llvm::Function::Create(
      handlerType, llvm::GlobalValue::WeakAnyLinkage, handlerName, module);
  defineDefaultHandler(module, handler);
  // The lowering of cf.assert prints its message with puts, then calls
  // abort: the message goes to the handler instead.
  if (llvm::Function *puts = module.getFunction("puts")) {
    puts->replaceAllUsesWith(handler);
    puts->eraseFromParent();
  }

  std::vector<llvm::Function *> entries;
  for (auto [f, internal] : llvm::zip_equal(functions, internalNames)) {
    llvm::Function *ciface = module.getFunction("_mlir_ciface_" + internal);
    if (!ciface)
      return error("no C interface was emitted for @" + f.name);
    auto *entry = llvm::Function::Create(ciface->getFunctionType(),
                                         llvm::GlobalValue::ExternalLinkage,
                                         f.cName, module);
    EntryBuilder builder(module, entry, handler);
    std::vector<llvm::Value *> args;
    std::vector<const Param *> params;
    unsigned i = 0;
    for (const auto *group : {&f.inputs, &f.outputs})
      for (const Param &param : *group) {
        llvm::Value *descriptor = entry->getArg(i++);
        builder.checkDescriptor(f.cName, param, descriptor);
        args.push_back(descriptor);
        params.push_back(&param);
      }
    if (i != entry->arg_size())
      return error("the C interface of @" + f.name +
                   " does not take one descriptor per tensor");
    // Outputs are written as inputs are read, in any order: an output that
    // shares bytes with another tensor gives wrong results, silently.
    auto describe = [&](const Param *param) {
      return param->name + " (" + param->mlirType + ")";
    };
    std::vector<std::pair<llvm::Value *, llvm::Value *>> extents;
    for (auto [param, descriptor] : llvm::zip_equal(params, args))
      extents.push_back(
          builder.extent(f.cName + ": " + describe(param), *param, descriptor));
    for (size_t o = f.inputs.size(); o < params.size(); ++o)
      for (size_t p = 0; p < params.size(); ++p) {
        if (p == o || (p > o && p >= f.inputs.size()))
          continue; // each pair of outputs once
        auto [oBegin, oEnd] = extents[o];
        auto [pBegin, pEnd] = extents[p];
        // Empty extents (begin == end) overlap nothing.
        auto &b = builder.b;
        llvm::Value *overlap =
            b.CreateAnd(b.CreateAnd(b.CreateICmpULT(oBegin, pEnd),
                                    b.CreateICmpULT(pBegin, oEnd)),
                        b.CreateAnd(b.CreateICmpULT(oBegin, oEnd),
                                    b.CreateICmpULT(pBegin, pEnd)));
        builder.check(builder.b.CreateNot(overlap),
                      f.cName + ": " + describe(params[o]) + " overlaps " +
                          describe(params[p]) +
                          "; an output must not share memory with an input "
                          "or another output");
      }
    builder.b.CreateCall(ciface, args);
    builder.b.CreateRetVoid();
    entries.push_back(entry);
  }
  nameCheckedFunctions(module, handler, entries);
  return llvm::Error::success();
}
