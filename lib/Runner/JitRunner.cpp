//===- JitRunner.cpp - Compile and call functions with glu ops
//-------------===//

#include "GluDialect/Runner/JitRunner.h"
#include "GluDialect/Runner/InputFiles.h"
#include "RunnerSupport.h"

#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Runner/Optimize.h"
#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <unistd.h>

#ifndef GLU_MLIR_RUNNER_UTILS
#define GLU_MLIR_RUNNER_UTILS ""
#endif
#ifndef GLU_OPENMP_RUNTIME
#define GLU_OPENMP_RUNTIME "libomp.so"
#endif

using namespace mlir;
using namespace mlir::glu;
using runner::error;

void mlir::glu::registerRunnerDialects(DialectRegistry &registry) {
  registry.insert<GluDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerAllGPUToLLVMIRTranslations(registry);
  registerDifferentiableOpInterfaceExternalModels(registry);
  registerBufferizableOpInterfaceExternalModels(registry);
}

//===----------------------------------------------------------------------===//
// Symbols the compiled code calls
//===----------------------------------------------------------------------===//

/// malloc for JIT code: a failed allocation ends the run with a message and
/// kRuntimeCheckExitCode (the compiled code would store through the null
/// pointer: SIGSEGV), e.g. a size computed as -1 (2^64 - 4 bytes) or more
/// memory than the host has.
static void *checkedMalloc(size_t size) {
  void *p = std::malloc(size);
  if (!p && size) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "error: the compiled code could not allocate %zu bytes\n",
                 size);
    std::fflush(stderr);
    removeOpenMPRegistration(); // _exit runs no atexit handler: libomp's
    _exit(kRuntimeCheckExitCode);
  }
  return p;
}

/// malloc for JIT code under `poisonAllocations`: every byte 0xFF.
static void *poisonedMalloc(size_t size) {
  void *p = checkedMalloc(size);
  if (p)
    std::memset(p, 0xff, size);
  return p;
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

std::string TensorSpec::str() const {
  std::string s = "tensor<";
  for (int64_t size : shape)
    s += (size < 0 ? std::string("?") : std::to_string(size)) + "x";
  return s + elementName(kind).str() + ">";
}

ParsedInputFile::ParsedInputFile(MLIRContext &context) : context(context) {}
ParsedInputFile::~ParsedInputFile() = default;

llvm::Error ParsedInputFile::parse(llvm::StringRef path) {
  if (isDevice(path))
    return error("'" + path + "' is a device, not an .mlir file");
  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(path, &message);
  if (!file)
    return error(message);
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  handler = std::make_unique<SourceMgrDiagnosticHandler>(sourceMgr, &context);
  parsed = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!parsed)
    return error("'" + path + "' could not be parsed or verified");
  // Several top-level modules parse as one implicit module holding them.
  auto modules = llvm::range_size(parsed->getOps<ModuleOp>());
  if (modules > 1)
    return error("'" + path + "' has " + llvm::Twine(modules) +
                 " top-level modules; the tools take one");
  return llvm::Error::success();
}

std::optional<TensorSpec> mlir::glu::tensorSpecOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return std::nullopt;
  Type e = tensor.getElementType();
  std::optional<ElementKind> kind;
  if (e.isF32())
    kind = ElementKind::F32;
  else if (e.isF16())
    kind = ElementKind::F16;
  else if (e.isBF16())
    kind = ElementKind::BF16;
  else if (e.isSignlessInteger(32))
    kind = ElementKind::I32;
  else if (e.isSignlessInteger(64))
    kind = ElementKind::I64;
  if (!kind)
    return std::nullopt;
  TensorSpec spec{*kind, {}};
  for (int64_t size : tensor.getShape())
    spec.shape.push_back(ShapedType::isDynamic(size) ? -1 : size);
  return spec;
}

void mlir::glu::eraseUnreachableFunctions(ModuleOp module,
                                          llvm::StringRef root) {
  SymbolTable table(module);
  Operation *start = table.lookup<func::FuncOp>(root);
  if (!start)
    return;
  llvm::SmallPtrSet<Operation *, 8> reached{start};
  SmallVector<Operation *> work{start};
  while (!work.empty())
    if (auto uses = SymbolTable::getSymbolUses(work.pop_back_val()))
      for (const SymbolTable::SymbolUse &use : *uses)
        if (Operation *target =
                table.lookup(use.getSymbolRef().getRootReference().getValue()))
          if (reached.insert(target).second)
            work.push_back(target);
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!reached.contains(func))
      func.erase();
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

JitModule::~JitModule() = default;

/// What every defined function is renamed to before it is compiled: a name
/// no library defines. The compiled code calls libc (malloc, free, ...); a
/// function named @free would take that name from it.
static std::string jitSymbol(llvm::StringRef function) {
  return ("__glu_jit_" + function).str();
}

/// The C-interface wrapper of `function`, which the runner calls.
static std::string entrySymbol(llvm::StringRef function) {
  return "_mlir_ciface_" + jitSymbol(function);
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
mlir::glu::createCpuTargetMachine(
    const CpuTarget &requested, llvm::CodeGenOptLevel level,
    std::optional<llvm::Reloc::Model> relocation) {
  // "native" is the host, as for clang's -march and llc's -mcpu (LLVM's CPU
  // table has no such name).
  CpuTarget target = requested;
  if (target.cpu == "native")
    target.cpu.clear();
  static bool targetsReady = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)targetsReady;
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  if (!target.cpu.empty() || !target.features.empty()) {
    // LLVM only warns about a name it does not know and goes on with a
    // generic CPU: check the names first.
    std::string message;
    const llvm::Target *llvmTarget =
        llvm::TargetRegistry::lookupTarget(builder->getTargetTriple(), message);
    if (!llvmTarget)
      return error(message);
    std::unique_ptr<llvm::MCSubtargetInfo> info(
        llvmTarget->createMCSubtargetInfo(builder->getTargetTriple(), "", ""));
    if (!target.cpu.empty() && !info->isCPUStringValid(target.cpu))
      return error("'" + target.cpu + "' is not a CPU LLVM knows for " +
                   builder->getTargetTriple().str());
    llvm::SmallVector<llvm::StringRef> features;
    llvm::StringRef(target.features).split(features, ',', -1, false);
    for (llvm::StringRef feature : features) {
      llvm::StringRef name = feature.drop_front();
      if ((!feature.starts_with("+") && !feature.starts_with("-")) ||
          llvm::none_of(info->getAllProcessorFeatures(),
                        [&](const llvm::SubtargetFeatureKV &kv) {
                          return name == kv.Key;
                        }))
        return error("'" + feature +
                     "' is not a feature: +name or -name, a name LLVM "
                     "knows (avx2, avx512f, ...)");
      // x86's instruction modes and the x32 ABI are listed as features, but
      // the code is x86-64 in 64-bit mode: with -64bit-mode, +16bit-mode or
      // +x32 LLVM's code generation aborted or crashed the process.
      bool on = feature.starts_with("+");
      if (name == "64bit-mode"
              ? !on
              : on && llvm::is_contained({"16bit-mode", "32bit-mode", "x32"},
                                         name))
        return error("'" + feature +
                     "' selects an instruction mode or ABI, not a CPU "
                     "feature; the code is x86-64 in 64-bit mode");
    }
    if (!target.cpu.empty()) {
      // That CPU's own features, not the host's.
      builder->setCPU(target.cpu);
      builder->getFeatures() = llvm::SubtargetFeatures();
    }
    for (llvm::StringRef feature : features)
      builder->getFeatures().AddFeature(feature);
    // x86-64 code needs a CPU with 64-bit mode: LLVM's answer to pentium,
    // i386 or -64bit is a fatal error that ends the process.
    const llvm::Triple &triple = builder->getTargetTriple();
    std::unique_ptr<llvm::MCSubtargetInfo> chosen(
        llvmTarget->createMCSubtargetInfo(triple, builder->getCPU(),
                                          builder->getFeatures().getString()));
    std::string named =
        "'" + builder->getCPU() +
        (target.features.empty() ? "" : "' with '" + target.features) + "'";
    if (triple.getArch() == llvm::Triple::x86_64 &&
        !chosen->checkFeatures("+64bit"))
      return error(named + " has no 64-bit mode; the code is x86-64");
    // Floats travel in SSE registers (the x86-64 calling convention): LLVM
    // reports "SSE register return with SSE disabled" for -sse and stops
    // ("LLVM ERROR") for +soft-float; with -sse2 the f16 conversion calls
    // (__extendhfsf2, __truncsfhf2) pass their f16 elsewhere than the
    // library reads it, and every f16 value came out 0.
    if (triple.getArch() == llvm::Triple::x86_64 &&
        (!chosen->checkFeatures("+sse2") ||
         chosen->checkFeatures("+soft-float")))
      return error(named + " has no SSE2 floating point (-sse2, -sse or "
                           "+soft-float); the code computes in SSE registers");
    // Indirect branches through thunks (__llvm_retpoline_r11,
    // __llvm_lvi_thunk_r11): code generation emits them as extra weak
    // symbols, so an object would export more than its entry points, and
    // the JIT found no definition ("Symbols not found").
    for (llvm::StringRef thunk :
         {"retpoline", "retpoline-indirect-calls",
          "retpoline-indirect-branches", "retpoline-external-thunk", "lvi-cfi"})
      if (chosen->checkFeatures(("+" + thunk).str()))
        return error(named + " has +" + thunk +
                     ": indirect branches through thunks, which neither the "
                     "JIT nor the object's entry points provide");
  }
  builder->setCodeGenOptLevel(level);
  if (relocation) {
    // An object for the static linker: the small code model. The builder
    // is the JIT's, and x86-64's JIT default is the large model, in which
    // every constant-pool access is a movabs of its address plus a load
    // from it: the register allocator rematerializes constants that way
    // instead of keeping them in registers (docs/performance-analysis.md,
    // "The large code model").
    builder->setRelocationModel(*relocation);
    builder->setCodeModel(llvm::CodeModel::Small);
  }
  return builder->createTargetMachine();
}

llvm::Error mlir::glu::checkRunsOnHost(const CpuTarget &target,
                                       const llvm::TargetMachine &machine) {
  if (target.cpu.empty() && target.features.empty())
    return llvm::Error::success();
  // The features code generation uses on its own (vector and scalar
  // arithmetic, APX registers); the others (pku, movdir64b, amx-*, ...)
  // only come from intrinsics, and a virtual machine often hides them
  // from a CPU that has the rest (--mcpu=znver5 on a Zen 5 guest).
  auto generatesCode = [](llvm::StringRef name) {
    return name.starts_with("sse") || name.starts_with("avx") ||
           name.starts_with("fma") ||
           llvm::is_contained(
               {"f16c", "bmi",  "bmi2", "lzcnt",     "popcnt", "movbe", "gfni",
                "cmov", "cx16", "sahf", "adx",       "xop",    "tbm",   "egpr",
                "ndd",  "nf",   "ppx",  "push2pop2", "ccmp",   "zu",    "cf"},
               name);
  };
  // The host's features, as its CPU reports them: any of those the code
  // may use and the host lacks would end in SIGILL.
  const llvm::MCSubtargetInfo *info = machine.getMCSubtargetInfo();
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  std::vector<std::string> missing;
  for (const llvm::SubtargetFeatureKV &kv : info->getAllProcessorFeatures()) {
    auto it = host.find(kv.Key);
    if (it != host.end() && !it->second && generatesCode(kv.Key) &&
        info->getFeatureBits().test(kv.Value))
      missing.push_back(kv.Key);
  }
  if (missing.empty())
    return llvm::Error::success();
  llvm::sort(missing);
  return error("the code for --mcpu='" + target.cpu + "' --mattr='" +
               target.features + "' may use features this host lacks (" +
               llvm::join(missing, ", ") +
               ") and it runs here; glu-compile builds for other CPUs");
}

namespace {
/// The paths of the OpenMP registration files of this process, filled
/// before any signal handler reads them.
char registrationFiles[2][96];

void fillRegistrationFiles() {
  static bool filled = [] {
    std::vector<std::string> files = openMPRegistrationFiles();
    for (size_t i = 0; i < std::size(registrationFiles) && i < files.size();
         ++i)
      std::snprintf(registrationFiles[i], sizeof(registrationFiles[i]), "%s",
                    files[i].c_str());
    return true;
  }();
  (void)filled;
}

/// Signals whose default ends the process and for which LLVM installs no
/// handler here: SIGPIPE (`glu-run ... | head`; LLVM only handles it when
/// its one-shot pipe function is set before any other handler) and the
/// timers' SIGALRM, SIGVTALRM, SIGPROF. Their default disposition ended
/// the process with the registration file left behind.
constexpr int kUnhandledSignals[] = {SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF};

void onUnhandledSignal(int signal) {
  for (const char *path : registrationFiles)
    ::unlink(path);
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}
} // namespace

void mlir::glu::removeOpenMPRegistration() {
  fillRegistrationFiles();
  for (const char *path : registrationFiles)
    ::unlink(path);
}

void mlir::glu::removeOpenMPRegistrationOnSignal() {
  fillRegistrationFiles();
  for (const char *path : registrationFiles)
    llvm::sys::RemoveFileOnSignal(path);
  for (int signal : kUnhandledSignals) {
    struct sigaction old;
    if (::sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_DFL &&
        !(old.sa_flags & SA_SIGINFO)) {
      struct sigaction action = {};
      action.sa_handler = onUnhandledSignal;
      sigemptyset(&action.sa_mask);
      ::sigaction(signal, &action, nullptr);
    }
  }
}

bool mlir::glu::hasAVX512(const llvm::TargetMachine &machine) {
  return machine.getTargetTriple().isX86() &&
         machine.getMCSubtargetInfo()->checkFeatures("+avx512f");
}

bool mlir::glu::hasAVX512BF16(const llvm::TargetMachine &machine) {
  return machine.getTargetTriple().isX86() &&
         machine.getMCSubtargetInfo()->checkFeatures(
             "+avx512f,+avx512dq,+avx512bf16");
}

unsigned mlir::glu::vectorBitsOf(const llvm::TargetMachine &machine) {
  const llvm::MCSubtargetInfo *info = machine.getMCSubtargetInfo();
  if (info->checkFeatures("+avx512f"))
    return 512;
  if (info->checkFeatures("+avx"))
    return 256;
  return 128;
}

static void setPipelineOptions(const JitOptions &options,
                               GluToLLVMOptions &pipeline,
                               const llvm::TargetMachine &machine) {
  pipeline.vectorize = options.vectorize;
  pipeline.threads = options.threads;
  pipeline.vectorBits = vectorBitsOf(machine);
  pipeline.avx512 = hasAVX512(machine);
  pipeline.avx512bf16 = hasAVX512BF16(machine);
  // The streaming copies end with x86's sfence.
  pipeline.nontemporalMinBytes =
      machine.getTargetTriple().isX86() ? options.nontemporalMinBytes : 0;
  pipeline.tables = options.tables;
}

/// The functions the lowered `module` calls that neither it, `provided`
/// (the runner's own symbols), this process nor `libs` define: ORC would
/// print them as a "JIT session error" of its own, then fail the lookup
/// with a list of the module's symbols.
static llvm::Error
checkExternalFunctions(ModuleOp module, llvm::ArrayRef<llvm::StringRef> libs,
                       llvm::ArrayRef<llvm::StringRef> provided) {
  std::vector<llvm::sys::DynamicLibrary> loaded;
  for (llvm::StringRef lib : libs) {
    auto library =
        llvm::sys::DynamicLibrary::getPermanentLibrary(lib.str().c_str());
    if (library.isValid())
      loaded.push_back(library);
  }
  std::vector<std::string> missing;
  for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
    std::string name = fn.getName().str();
    if (!fn.isExternal() || llvm::StringRef(name).starts_with("llvm.") ||
        llvm::is_contained(provided, name) ||
        SymbolTable::symbolKnownUseEmpty(fn, module) ||
        ::dlsym(RTLD_DEFAULT, name.c_str()) ||
        llvm::any_of(loaded, [&](llvm::sys::DynamicLibrary &library) {
          return library.getAddressOfSymbol(name.c_str()) != nullptr;
        }))
      continue;
    missing.push_back("@" + name);
  }
  if (missing.empty())
    return llvm::Error::success();
  return error("the module calls " + llvm::join(missing, ", ") +
               ", declared but defined nowhere (not in the module, the C "
               "library or the runtime libraries)");
}

/// The specs of `func`'s arguments and results, or why it cannot be
/// called (the first argument and the first result that cannot be passed).
static llvm::Error signatureOf(func::FuncOp func,
                               SmallVectorImpl<TensorSpec> &args,
                               SmallVectorImpl<TensorSpec> &rets) {
  llvm::Error problem = llvm::Error::success();
  for (auto [what, types, specs] :
       {std::make_tuple("argument", func.getArgumentTypes(), &args),
        std::make_tuple("result", func.getResultTypes(), &rets)}) {
    for (auto [i, type] : llvm::enumerate(types)) {
      auto spec = runner::callableSpec(func, what, i, type);
      if (!spec) {
        problem = llvm::joinErrors(std::move(problem), spec.takeError());
        break;
      }
      specs->push_back(*spec);
    }
  }
  return problem;
}

llvm::Error mlir::glu::checkCall(ModuleOp module, llvm::StringRef function,
                                 llvm::ArrayRef<HostTensor> inputs,
                                 size_t outputs) {
  auto func = module.lookupSymbol<func::FuncOp>(function);
  if (!func)
    return llvm::Error::success();
  // Said as such: "no function named" (what compiling says) read as a typo.
  if (func.isExternal())
    return error("@" + function +
                 " is a declaration without a body; there is nothing to call");
  if (!func.isPublic())
    return error("@" + function +
                 " is private; only public functions can be called");
  SmallVector<TensorSpec> args, rets;
  if (llvm::Error problem = signatureOf(func, args, rets))
    return problem;
  for (size_t i = 0; i < args.size(); ++i) {
    const TensorSpec &spec = args[i];
    auto never = [&](const llvm::Twine &why) {
      return error("@" + function + " argument #" + llvm::Twine(i) +
                   " has type " + spec.str() +
                   ", which no input can have: " + why);
    };
    // No .npy file holds a size over 2^48; a larger static type no tensor
    // this machine holds (a dynamic size can be 0).
    if (llvm::any_of(spec.shape,
                     [](int64_t size) { return size > kMaxTensorElements; }))
      return never("a size over 2^48");
    if (!llvm::is_contained(spec.shape, -1))
      if (llvm::Error e = checkAllocatable(spec.kind, spec.shape))
        return never(llvm::toString(std::move(e)));
  }
  if (llvm::Error e = runner::checkInputs(function, args, inputs))
    return e;
  if (outputs && outputs != rets.size())
    return error("@" + function + " returns " + llvm::Twine(rets.size()) +
                 " result(s), got " + llvm::Twine(outputs) +
                 " --output flag(s)");
  return llvm::Error::success();
}

llvm::Error mlir::glu::checkConstants(ModuleOp module) {
  llvm::Error problem = llvm::Error::success();
  module.walk([&](LLVM::GlobalOp global) {
    auto value = dyn_cast_or_null<SplatElementsAttr>(global.getValueOrNull());
    if (!value)
      return WalkResult::advance(); // its elements are in memory already
    ShapedType type = value.getType();
    uint64_t bits = type.getElementType().isIntOrFloat()
                        ? type.getElementTypeBitWidth()
                        : 64;
    uint64_t elements = 1, pointers = 0;
    bool overflow = false;
    for (int64_t size : type.getShape()) {
      overflow |= __builtin_mul_overflow(elements, uint64_t(size), &elements);
      overflow |= __builtin_add_overflow(pointers, uint64_t(size), &pointers);
    }
    uint64_t bytes = 0, pointerBytes = 0;
    overflow |= __builtin_mul_overflow(elements, (bits + 7) / 8, &bytes) ||
                __builtin_mul_overflow(pointers, 8, &pointerBytes);
    std::string why;
    if (overflow)
      why = "its data is more than 2^64 bytes";
    else if (llvm::Error e = checkMemoryFor(bytes))
      why = "its data " + llvm::toString(std::move(e));
    else if (llvm::Error e = checkMemoryFor(pointerBytes))
      why = "translating it " + llvm::toString(std::move(e));
    else
      return WalkResult::advance();
    std::string text;
    llvm::raw_string_ostream os(text);
    os << type;
    problem = error("the constant @" + global.getSymName() + " (" + text +
                    ") cannot be compiled: " + why);
    return WalkResult::interrupt();
  });
  return problem;
}

llvm::Expected<std::unique_ptr<JitModule>>
JitModule::compile(ModuleOp module, const JitOptions &options,
                   llvm::ArrayRef<std::string> required) {
  std::unique_ptr<JitModule> jit(new JitModule());
  SmallVector<func::FuncOp> callable;
  std::string available;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || !func.isPublic())
      continue;
    available += (available.empty() ? "" : ", ") + func.getName().str();
    bool isRequired = llvm::is_contained(required, func.getName().str());
    Function fn;
    if (llvm::Error problem = signatureOf(func, fn.args, fn.rets)) {
      if (isRequired)
        return std::move(problem);
      llvm::consumeError(std::move(problem));
      continue;
    }
    jit->functions[func.getName()] = std::move(fn);
    callable.push_back(func);
  }
  for (const std::string &name : required)
    if (!jit->functions.count(name))
      return error("no function named '" + name + "' in the module" +
                   (available.empty() ? "" : " (it has: " + available + ")"));

  SymbolTable symbols(module);
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!func.isExternal() &&
        failed(
            symbols.rename(func, StringAttr::get(module.getContext(),
                                                 jitSymbol(func.getName())))))
      return error("cannot rename @" + func.getName() + " for the JIT");
  for (func::FuncOp func : callable) {
    // Inputs are the caller's: never written in place.
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                      BoolAttr::get(module.getContext(), false));
    func->setAttr("llvm.emit_c_interface", UnitAttr::get(module.getContext()));
  }

  auto machine =
      createCpuTargetMachine(options.cpu, llvm::CodeGenOptLevel::Aggressive);
  if (!machine)
    return machine.takeError();
  if (llvm::Error e = checkRunsOnHost(options.cpu, **machine))
    return std::move(e);
  GluToLLVMOptions pipeline;
  setPipelineOptions(options, pipeline, **machine);
  if (llvm::Error e = runner::runPipeline(
          module,
          [&](OpPassManager &pm) {
            if (options.pipeline)
              options.pipeline(pm);
            else
              buildGluToLLVMPipeline(pm, pipeline);
          },
          options.pipeline ? "the compilation" : "the glu-to-llvm"))
    return std::move(e);

  if (llvm::Error e = checkConstants(module))
    return std::move(e);
  auto transformer = makeLLVMOptimizer(machine->get());
  llvm::SmallVector<llvm::StringRef> libs;
  if (llvm::StringRef(GLU_MLIR_RUNNER_UTILS).size())
    libs.push_back(GLU_MLIR_RUNNER_UTILS);
  if (usesOpenMP(pipeline)) {
    // The runtime reads its environment when the compiled code first runs
    // a parallel loop: a value it would abort on, or run fewer threads
    // for, is an error before compiling.
    if (std::string problem = checkOpenMPEnvironment(options.threads);
        !problem.empty())
      return error(problem);
    libs.push_back(GLU_OPENMP_RUNTIME);
  }
  if (llvm::Error e =
          checkExternalFunctions(module, libs, {"puts", "abort", "malloc"}))
    return std::move(e);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  engineOptions.sharedLibPaths = libs;
  // The perf listener writes a jitdump file per run under ~/.debug/jit
  // (on by default): a compiler leaves nothing behind.
  engineOptions.enablePerfNotificationListener = false;
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(*machine));
  if (!engine)
    return engine.takeError();
  bool poison = options.poisonAllocations;
  (*engine)->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    runner::addRuntimeCheckSymbols(interner, symbols);
    symbols[interner("malloc")] = {
        llvm::orc::ExecutorAddr::fromPtr(poison ? &poisonedMalloc
                                                : &checkedMalloc),
        llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  jit->engine = std::move(*engine);
  // The global constructors (glu-tabulate's table fills) run once, here,
  // before any call: JitModule::benchmark calls the packed entry directly.
  jit->engine->initialize();
  for (const std::string &name : required)
    if (auto lookup = jit->engine->lookupPacked(entrySymbol(name)); !lookup)
      return lookup.takeError();
  return jit;
}

llvm::Expected<JitModule::Function *>
JitModule::find(llvm::StringRef function) {
  auto it = functions.find(function);
  if (it == functions.end())
    return error("no callable function named '" + function + "'");
  return &it->second;
}

llvm::Expected<
    std::pair<llvm::ArrayRef<TensorSpec>, llvm::ArrayRef<TensorSpec>>>
JitModule::signature(llvm::StringRef function) const {
  auto it = functions.find(function);
  if (it == functions.end())
    return error("no callable function named '" + function + "'");
  return std::make_pair(llvm::ArrayRef(it->second.args),
                        llvm::ArrayRef(it->second.rets));
}

llvm::Expected<std::unique_ptr<JitFunction>>
JitFunction::compile(ModuleOp module, llvm::StringRef function,
                     const JitOptions &options) {
  auto jit = JitModule::compile(module, options, {function.str()});
  if (!jit)
    return jit.takeError();
  std::unique_ptr<JitFunction> fn(new JitFunction());
  fn->module = std::move(*jit);
  fn->name = function.str();
  return fn;
}

llvm::ArrayRef<TensorSpec> JitFunction::arguments() const {
  return cantFail(module->signature(name)).first;
}

llvm::ArrayRef<TensorSpec> JitFunction::results() const {
  return cantFail(module->signature(name)).second;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

namespace {
/// The words of a ranked memref descriptor: allocated and aligned pointers,
/// offset, sizes, strides.
std::vector<int64_t> descriptorOf(const HostTensor &tensor) {
  size_t rank = tensor.shape.size();
  std::vector<int64_t> words(3 + 2 * rank);
  auto address = reinterpret_cast<int64_t>(tensor.data.data());
  words[0] = words[1] = address;
  int64_t stride = 1;
  for (size_t d = rank; d-- > 0;) {
    words[3 + d] = tensor.shape[d];
    words[3 + rank + d] = stride;
    stride *= tensor.shape[d];
  }
  return words;
}

/// One call's argument and result storage.
struct CallFrame {
  std::vector<std::vector<int64_t>> descriptors;
  std::vector<void *> descriptorPointers;
  std::vector<int64_t> resultWords;
  void *resultPointer = nullptr;
  std::vector<void *> packed;

  CallFrame(llvm::ArrayRef<HostTensor> inputs,
            llvm::ArrayRef<TensorSpec> results) {
    size_t words = 0;
    for (const TensorSpec &spec : results)
      words += 3 + 2 * spec.shape.size();
    resultWords.assign(words, 0);
    resultPointer = resultWords.data();
    for (const HostTensor &input : inputs)
      descriptors.push_back(descriptorOf(input));
    for (auto &d : descriptors)
      descriptorPointers.push_back(d.data());
    if (!results.empty())
      packed.push_back(&resultPointer);
    for (void *&p : descriptorPointers)
      packed.push_back(&p);
  }

  /// Frees what the compiled code allocated for the results (not inputs, not
  /// constants, each buffer once), optionally copying the results out first
  /// (after checking their descriptors: an error leaves `out` as it was).
  llvm::Error release(llvm::StringRef entry, llvm::ArrayRef<HostTensor> inputs,
                      llvm::ArrayRef<TensorSpec> results,
                      std::vector<HostTensor> *out) {
    constexpr int64_t kGlobalMarker = 0xdeadbeef; // memref.get_global
    llvm::Error checked = llvm::Error::success();
    size_t at = 0;
    for (auto [i, spec] : llvm::enumerate(results)) {
      if (out && !checked)
        checked = runner::checkResult(entry, i, spec, resultWords.data() + at);
      at += 3 + 2 * spec.shape.size();
    }
    if (checked)
      out = nullptr;
    // Every result is copied before any buffer is freed: results may share
    // one (a function returning a value twice).
    at = 0;
    for (const TensorSpec &spec : results) {
      size_t rank = spec.shape.size();
      const int64_t *w = resultWords.data() + at;
      at += 3 + 2 * rank;
      if (out) {
        llvm::SmallVector<int64_t> shape(w + 3, w + 3 + rank);
        HostTensor tensor(spec.kind, shape);
        copyOut(tensor, w, rank);
        out->push_back(std::move(tensor));
      }
    }
    llvm::SmallVector<int64_t> freed;
    at = 0;
    for (const TensorSpec &spec : results) {
      size_t rank = spec.shape.size();
      const int64_t *w = resultWords.data() + at;
      at += 3 + 2 * rank;
      int64_t allocated = w[0];
      bool owned =
          allocated != 0 && allocated != kGlobalMarker &&
          !llvm::is_contained(freed, allocated) &&
          llvm::none_of(inputs, [&](const HostTensor &in) {
            return reinterpret_cast<int64_t>(in.data.data()) == allocated;
          });
      if (owned) {
        std::free(reinterpret_cast<void *>(allocated));
        freed.push_back(allocated);
      }
    }
    return checked;
  }

  /// Copies a strided result into a dense tensor.
  static void copyOut(HostTensor &tensor, const int64_t *w, size_t rank) {
    size_t element = elementSize(tensor.kind);
    auto *base = reinterpret_cast<const uint8_t *>(w[1]) + w[2] * element;
    int64_t count = tensor.numElements();
    llvm::SmallVector<int64_t> index(rank, 0);
    for (int64_t i = 0; i < count; ++i) {
      int64_t offset = 0;
      for (size_t d = 0; d < rank; ++d)
        offset += index[d] * w[3 + rank + d];
      std::memcpy(tensor.data.data() + i * element, base + offset * element,
                  element);
      for (size_t d = rank; d-- > 0;) {
        if (++index[d] < tensor.shape[d])
          break;
        index[d] = 0;
      }
    }
  }
};
} // namespace

llvm::Expected<std::vector<HostTensor>>
JitModule::call(llvm::StringRef name, llvm::ArrayRef<HostTensor> inputs) {
  auto fn = find(name);
  if (!fn)
    return fn.takeError();
  if (llvm::Error e = runner::checkInputs(name, (*fn)->args, inputs))
    return std::move(e);
  const auto &rets = (*fn)->rets;
  CallFrame frame(inputs, rets);
  if (llvm::Error e = engine->invokePacked(entrySymbol(name), frame.packed))
    return std::move(e);
  std::vector<HostTensor> results;
  if (llvm::Error e = frame.release(name, inputs, rets, &results))
    return std::move(e);
  return results;
}

llvm::Expected<double> JitModule::benchmark(llvm::StringRef name,
                                            llvm::ArrayRef<HostTensor> inputs,
                                            unsigned repetitions) {
  auto fn = find(name);
  if (!fn)
    return fn.takeError();
  if (llvm::Error e = runner::checkInputs(name, (*fn)->args, inputs))
    return std::move(e);
  const auto &rets = (*fn)->rets;
  auto function = engine->lookupPacked(entrySymbol(name));
  if (!function)
    return function.takeError();
  std::vector<double> times;
  // 64-bit: `repetitions` + 1 calls even for the largest `unsigned`.
  for (uint64_t i = 0; i <= uint64_t(repetitions); ++i) {
    CallFrame frame(inputs, rets);
    auto start = std::chrono::steady_clock::now();
    (*function)(frame.packed.data());
    auto stop = std::chrono::steady_clock::now();
    llvm::cantFail(frame.release(name, inputs, rets, nullptr));
    if (i > 0) // the first call warms up
      times.push_back(
          std::chrono::duration<double, std::milli>(stop - start).count());
  }
  if (times.empty())
    return 0.0;
  std::sort(times.begin(), times.end());
  size_t mid = times.size() / 2;
  return times.size() % 2 ? times[mid] : 0.5 * (times[mid - 1] + times[mid]);
}
