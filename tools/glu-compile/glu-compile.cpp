//===- glu-compile.cpp - Ahead-of-time compilation to a C ABI -------------===//
//
//   glu-compile FILE.mlir -o kernels.o --header=kernels.h [--prefix=glu_]
//               [--num-threads=N] [--vectorize=false] [--mcpu=NAME]
//               [--mattr=+FEATURE,-FEATURE]
//
// Compiles every public function of FILE (ranked tensors of f32, f16, bf16,
// i32, i64 in and out) through the glu-to-llvm pipeline with destination
// passing: the caller provides the result buffers. Writes a relocatable
// (position-independent) object file and a C header declaring, for each
// function @f, `void <prefix>f(const glu_memref_<rank>d *in..., const
// glu_memref_<rank>d *out...)`, the only symbols the object exports (with
// the weak default of the handler <prefix>runtime_check_failed, CAbi.h).
// Link the object into a program or a shared library (`cc -shared
// kernels.o -o libkernels.so`) with the OpenMP runtime
// (`-L/usr/lib/llvm-22/lib -lomp`, unless --num-threads=1) and libc. No
// MLIR is needed at run time.
//
//===----------------------------------------------------------------------===//

#include "CAbi.h"

#include "GluDialect/Pipelines/GluToLLVM/GluToLLVM.h"
#include "GluDialect/Runner/CodegenOptions.h"
#include "GluDialect/Runner/JitRunner.h"
#include "GluDialect/Runner/Optimize.h"
#include "GluDialect/Runner/OutputFiles.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Inliner.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <csignal>
#include <set>

using namespace mlir;
using namespace mlir::glu;
using glu_compile::Function;
using glu_compile::Param;
namespace cl = llvm::cl;

static cl::OptionCategory category("glu-compile options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<file.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> objectFile("o", cl::desc("The object file"),
                                       cl::Required, cl::value_desc("file.o"),
                                       cl::cat(category));
static cl::opt<std::string> headerFile("header",
                                       cl::desc("The C header to write"),
                                       cl::Required, cl::value_desc("file.h"),
                                       cl::cat(category));
static cl::opt<std::string> prefix("prefix",
                                   cl::desc("Prefix of the C function names"),
                                   cl::init("glu_"), cl::cat(category));
static cl::opt<bool> runtimeChecks(
    "runtime-checks",
    cl::desc("Runtime checks in the compiled code (default on; off only to "
             "measure their cost: wrong sizes then go unnoticed)"),
    cl::init(true), cl::Hidden, cl::cat(category));
// --num-threads, --vectorize, --tables, --nontemporal-min-bytes, --mcpu,
// --mattr.
static CodegenCLOptions codegenOptions(category);

static int fail(const llvm::Twine &message) {
  llvm::errs() << "glu-compile: error: " << message << "\n";
  return 1;
}

static int fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

namespace {
/// The C view of a type the runners accept (tensorSpecOf), or none.
std::optional<Param> paramOf(Type type, const std::string &name) {
  std::optional<TensorSpec> spec = tensorSpecOf(type);
  if (!spec)
    return std::nullopt;
  const char *c = "int64_t";
  switch (spec->kind) {
  case ElementKind::F32:
    c = "float";
    break;
  case ElementKind::F16:
  case ElementKind::BF16:
    c = "uint16_t";
    break;
  case ElementKind::I32:
    c = "int32_t";
    break;
  case ElementKind::I64:
    break;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return Param{name,
               c,
               text,
               {spec->shape.begin(), spec->shape.end()},
               elementSize(spec->kind)};
}

/// The header's include guard: GLU_, then the prefix and the header's file
/// name in capitals, every other character an underscore and no two
/// underscores in a row (a name with "__" is reserved in C++), then a hash
/// of the name as given: kernels.h with --prefix=a_ gives
/// GLU_A_KERNELS_H_<8 hex digits>. The prefix is in it because two
/// objects' headers may share a file name (a/kernels.h, b/kernels.h): with
/// one guard, the second one included was skipped and its functions were
/// undeclared. The hash tells apart names the capitals and underscores
/// merge (--prefix=a_ and A_, k-1.h and k_1.h), and keeps the guard off
/// the header's own GLU_MEMREF_<r>D_DEFINED. A header written to stdout
/// (`-`) is named kernels.h.
std::string guardFor(llvm::StringRef header) {
  std::string name =
      prefix + (header == "-" ? std::string("kernels.h")
                              : llvm::sys::path::filename(header).str());
  std::string guard = "GLU_";
  for (char c : name) {
    char g = llvm::isAlnum(c) ? llvm::toUpper(c) : '_';
    if (g != '_' || guard.back() != '_')
      guard += g;
  }
  if (guard.back() != '_')
    guard += '_';
  return guard + llvm::utohexstr(uint32_t(llvm::xxh3_64bits(name)),
                                 /*LowerCase=*/false, /*Width=*/8);
}

/// `text` for a C comment: a "*/" in it (a folder named "d*", a type's
/// encoding "*/") ended the comment, and a "/*" is -Wcomment's warning.
std::string commentText(llvm::StringRef text) {
  std::string out = text.str();
  for (size_t at; (at = out.find("*/")) != std::string::npos;)
    out.replace(at, 2, "*\\/");
  for (size_t at; (at = out.find("/*")) != std::string::npos;)
    out.replace(at, 2, "/\\*");
  return out;
}

std::string headerFor(const std::vector<Function> &functions,
                      const std::set<int64_t> &ranks, bool openmp,
                      bool constructors) {
  std::string guard = guardFor(headerFile);
  std::string handler = glu_compile::handlerName(prefix);
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "/* Generated by glu-compile from " << commentText(inputFile)
     << ". Do not edit. */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdint.h>\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
     << "/* A view of a tensor (MLIR's ranked memref descriptor): element\n"
     << "   (i0, i1, ...) is aligned[offset + i0*strides[0] + ...]. The\n"
     << "   kernels take dense row-major views (offset 0, the strides of\n"
     << "   glu_memref_<r>d_dense). bf16 and f16 elements are raw uint16_t\n"
     << "   bits. Inputs are only read; outputs are written entirely and\n"
     << "   must not overlap inputs or each other (checked). The caller\n"
     << "   allocates every buffer. */\n";
  // Shared by the headers of several objects: defined once.
  for (int64_t rank : ranks) {
    os << "#ifndef GLU_MEMREF_" << rank << "D_DEFINED\n#define GLU_MEMREF_"
       << rank << "D_DEFINED\n"
       << "typedef struct {\n  void *allocated;\n  void *aligned;\n"
       << "  int64_t offset;\n";
    if (rank > 0)
      os << "  int64_t sizes[" << rank << "];\n  int64_t strides[" << rank
         << "];\n";
    os << "} glu_memref_" << rank << "d;\n";
    if (rank > 0) {
      os << "/* A dense row-major view of `data` with the given sizes. */\n"
         << "static inline glu_memref_" << rank << "d glu_memref_" << rank
         << "d_dense(void *data";
      for (int64_t d = 0; d < rank; ++d)
        os << ", int64_t size" << d;
      os << ") {\n  glu_memref_" << rank << "d m;\n"
         << "  m.allocated = data;\n  m.aligned = data;\n  m.offset = 0;\n";
      for (int64_t d = 0; d < rank; ++d)
        os << "  m.sizes[" << d << "] = size" << d << ";\n";
      os << "  m.strides[" << rank - 1 << "] = 1;\n";
      for (int64_t d = rank - 1; d-- > 0;)
        os << "  m.strides[" << d << "] = m.strides[" << d + 1 << "] * size"
           << d + 1 << ";\n";
      os << "  return m;\n}\n";
    }
    os << "#endif\n\n";
  }
  os << "/* Every function checks each descriptor it receives (static sizes,\n"
     << "   a dense row-major layout, non-null data, no overlap) and, as it\n"
     << "   runs, the sizes its operations need (inputs that must agree,\n"
     << "   outputs of the computed sizes, indices in bounds). A failed\n"
     << "   check calls " << handler << " with a message, then abort(). The\n"
     << "   object's default (a weak symbol) flushes stdout and prints the\n"
     << "   message on stderr; define this function in your program to\n"
     << "   handle failures otherwise (e.g. exit with a status, or longjmp\n"
     << "   out when the kernels run on one thread). */\n"
     << "void " << handler << "(const char *message);\n\n";
  if (constructors)
    os << "/* The object fills its tables at load time, in a constructor of\n"
       << "   priority 100: a constructor of the program that calls these\n"
       << "   functions must have a priority above 100 (101 to 65535, the\n"
       << "   default; lower ones are reserved to the implementation). */\n\n";
  for (const Function &f : functions) {
    os << "/* @" << f.name << "(";
    llvm::interleaveComma(f.inputs, os, [&](const Param &p) {
      os << p.name << ": " << commentText(p.mlirType);
    });
    os << ") -> (";
    llvm::interleaveComma(
        f.outputs, os, [&](const Param &p) { os << commentText(p.mlirType); });
    os << ")\n   Elements: ";
    llvm::interleaveComma(f.inputs, os,
                          [&](const Param &p) { os << p.elementC; });
    os << " in; ";
    llvm::interleaveComma(f.outputs, os,
                          [&](const Param &p) { os << p.elementC; });
    os << " out. */\nvoid " << f.cName << "(";
    bool first = true;
    for (const auto *params : {&f.inputs, &f.outputs})
      for (const Param &p : *params) {
        os << (first ? "" : ", ") << "const glu_memref_" << p.rank() << "d *"
           << p.name;
        first = false;
      }
    // `()` declares no prototype before C23 (-Wstrict-prototypes).
    if (first)
      os << "void";
    os << ");\n\n";
  }
  if (openmp)
    os << "/* Link with the OpenMP runtime: -L/usr/lib/llvm-22/lib -lomp */\n";
  os << "#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
  return out;
}
/// Inlines every call of a function defined in the module that returns a
/// dynamically shaped tensor. Destination passing makes each call's results
/// out-parameters the caller allocates, which it cannot size before the
/// call (buffer-results-to-out-params: "cannot create out param for
/// dynamically shaped result"); inlined, the sizes come from the body.
/// Rounds as deep as the call chains; a recursive helper is left as it is
/// (and its error stays).
llvm::Error inlineDynamicResultCalls(ModuleOp module) {
  auto isDynamic = [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && !shaped.hasStaticShape();
  };
  SymbolTable symbols(module);
  InlinerInterface interface(module.getContext());
  size_t rounds = llvm::range_size(module.getOps<func::FuncOp>());
  for (size_t round = 0; round < rounds; ++round) {
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      if (llvm::any_of(call.getResultTypes(), isDynamic))
        calls.push_back(call);
    });
    bool inlined = false;
    for (func::CallOp call : calls) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || callee.isExternal() || callee == call->getParentOp())
        continue;
      if (failed(inlineCall(interface, InlinerConfig().getCloneCallback(), call,
                            cast<CallableOpInterface>(callee.getOperation()),
                            &callee.getBody())))
        continue;
      call.erase();
      inlined = true;
    }
    if (!inlined)
      break;
  }
  // The private helpers no call needs any more.
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (func.isPrivate() && !func.isExternal() &&
        SymbolTable::symbolKnownUseEmpty(func, module))
      func.erase();
  return llvm::Error::success();
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "glu-compile: compile an MLIR module with glu ops to an object file "
      "with a C ABI and a C header\n");
  // A write past `ulimit -f` is an error to report (EFBIG), not a signal.
  std::signal(SIGXFSZ, SIG_IGN);
  if (llvm::Error e = codegenOptions.verify())
    return fail(std::move(e));
  for (const std::string &output :
       {objectFile.getValue(), headerFile.getValue()})
    if (isInputFile(inputFile, output))
      return fail("'" + output + "' is the input file; write elsewhere");

  DialectRegistry registry;
  registerRunnerDialects(registry);
  MLIRContext context(registry);
  ParsedInputFile input(context);
  if (llvm::Error error = input.parse(inputFile))
    return fail(std::move(error));
  ModuleOp module = input.module();
  if (!prefix.empty() && !glu_compile::isCIdentifier(prefix))
    return fail("--prefix='" + prefix + "' is not a C identifier");

  // The C signatures, from the tensor signatures.
  std::vector<Function> functions;
  std::set<int64_t> ranks;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || !func.isPublic())
      continue;
    Function f{func.getName().str(), prefix + func.getName().str(), {}, {}};
    if (!glu_compile::isCIdentifier(f.cName))
      return fail("@" + f.name + " would be exported as '" + f.cName +
                  "', which is not a C identifier");
    if (auto why = glu_compile::headerConflict(f.cName))
      return fail("@" + f.name + " would be exported as '" + f.cName +
                  "', which the header cannot declare: " + *why);
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
      auto p = paramOf(type, "in" + std::to_string(i));
      if (!p)
        return fail("@" + f.name + " argument #" + llvm::Twine(i) +
                    " is not a ranked tensor of f32, f16, bf16, i32 or i64");
      f.inputs.push_back(*p);
      ranks.insert(p->rank());
      func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                      BoolAttr::get(&context, false));
    }
    for (auto [i, type] : llvm::enumerate(func.getResultTypes())) {
      auto p = paramOf(type, "out" + std::to_string(i));
      if (!p)
        return fail("@" + f.name + " result #" + llvm::Twine(i) +
                    " is not a ranked tensor of f32, f16, bf16, i32 or i64");
      f.outputs.push_back(*p);
      ranks.insert(p->rank());
    }
    func->setAttr("llvm.emit_c_interface", UnitAttr::get(&context));
    functions.push_back(f);
  }
  if (functions.empty())
    return fail("'" + inputFile + "' has no public function to compile");
  auto internalNames = glu_compile::renameFunctions(module, functions);
  if (!internalNames)
    return fail(internalNames.takeError());

  // The target first: the vector width of the loops follows its features.
  auto machine = createCpuTargetMachine(codegenOptions.cpu(),
                                        llvm::CodeGenOptLevel::Aggressive,
                                        llvm::Reloc::PIC_);
  if (!machine)
    return fail(machine.takeError());

  if (llvm::Error e = inlineDynamicResultCalls(module))
    return fail(std::move(e));

  GluToLLVMOptions options;
  options.vectorBits = vectorBitsOf(**machine);
  options.avx512 = hasAVX512(**machine);
  options.avx512bf16 = hasAVX512BF16(**machine);
  // The streaming copies end with x86's sfence.
  options.nontemporalMinBytes = (*machine)->getTargetTriple().isX86()
                                    ? codegenOptions.nontemporalMinBytes()
                                    : 0;
  options.vectorize = codegenOptions.vectorize();
  options.threads = codegenOptions.threads();
  options.destinationPassing = true;
  options.runtimeChecks = runtimeChecks;
  options.tables = codegenOptions.tables();
  PassManager pm(&context);
  buildGluToLLVMPipeline(pm, options);
  if (failed(pm.run(module)))
    return fail("the glu-to-llvm pipeline failed");
  if (llvm::Error e = checkConstants(module))
    return fail(std::move(e));

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, inputFile);
  if (!llvmModule)
    return fail("translation to LLVM IR failed");
  // The target first: the exported names must not be the library
  // functions the target's code generation may call.
  llvmModule->setDataLayout((*machine)->createDataLayout());
  llvmModule->setTargetTriple((*machine)->getTargetTriple());
  if (llvm::Error e =
          glu_compile::exportEntryPoints(*llvmModule, functions, *internalNames,
                                         glu_compile::handlerName(prefix)))
    return fail(std::move(e));
  if (llvm::Error e = makeLLVMOptimizer(machine->get())(llvmModule.get()))
    return fail(llvm::toString(std::move(e)));

  // Both files or neither (OutputFiles), opened before code generation so
  // that a bad path fails early.
  OutputFiles files;
  auto object = files.open(objectFile);
  if (!object)
    return fail(object.takeError());
  auto header = files.open(headerFile);
  if (!header)
    return fail(header.takeError());
  // The object writer seeks back to patch the ELF header, which a pipe
  // (`-o -`) cannot do and a stream opened to append (`-o /dev/stdout >>
  // f`) turns into appends: the object (a few MB at most) is assembled in
  // memory, then written in one piece.
  {
    llvm::buffer_ostream buffered(*object); // writes the object when done
    llvm::legacy::PassManager codegen;
    if ((*machine)->addPassesToEmitFile(codegen, buffered, nullptr,
                                        llvm::CodeGenFileType::ObjectFile))
      return fail("the target cannot emit object files");
    codegen.run(*llvmModule);
  }
  *header << headerFor(functions, ranks,
                       options.threads != 1 && options.vectorize,
                       llvmModule->getNamedGlobal("llvm.global_ctors"));
  if (llvm::Error e = files.commit())
    return fail(std::move(e));
  return 0;
}
