//===- Tabulate.cpp - Functions of one 16-bit value as exact tables
//--------===//
//
// With f16 or bf16 storage, everything a kernel computes from one loaded
// gate value alone (the activation act(x), and under two_round its
// rounding) is a function of 16 bits: 65536 inputs. This pass finds, after
// vectorization and before the math lowering, each such cone of ops that
// starts at an `arith.extf` from a 16-bit float and holds a transcendental
// or a division, and replaces the values the rest of the kernel reads from
// it by a lookup in a 65536-entry f32 table indexed by the raw 16 bits
// (`vector.gather` on vectors, `memref.load` on scalars). On the host, the
// values a kernel reads of one cone (a backward's act and act') lie side by
// side in ONE table, an f16 forward's rounded act is held as its 16 bits
// (narrowEntryOf), and a loop body whose lanes are looked up one by one
// gets its streams prefetched (docs/design.md).
//
// The tables are filled when the code is loaded, by a global constructor
// that runs THE SAME OPS (cloned from the cone, then lowered by the same
// passes as the kernel) over all 65536 bit patterns: the lookups give the
// bits the computed path gives, by construction, whatever the definition
// computes. Identical cones (every glu op of one variant, plan and storage
// type; the vector body and its scalar remainder) share one table.
//
// A GPU module has no constructors: a cone inside a gpu.module gets its
// tables in THAT gpu.module (uninitialized: no bytes in the binary) and the
// gpu.module one kernel, `__glu_table_init`, whose threads fill them (the
// same cloned ops); the runtime launches it once after loading the module
// (docs/gpu.md).
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluOps.h"
#include "GluDialect/Transforms/Passes.h"
#include "GluDialect/Transforms/PrefetchStreams.h"
#include "GluDialect/Transforms/Vectors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::glu {
#define GEN_PASS_DEF_GLUTABULATE
#include "GluDialect/Transforms/Passes.h.inc"
} // namespace mlir::glu

using namespace mlir;

namespace {
constexpr int64_t kEntries = 1 << 16;
/// The kernel that fills a gpu.module's tables; the runtime looks it up by
/// this name after loading a module (lib/Runtime/CudaRuntime.cpp).
constexpr llvm::StringLiteral kTableInit = "__glu_table_init";

/// The ops computed from one 16-bit value alone, in block order.
struct Cone {
  arith::ExtFOp root;
  SmallVector<Operation *> ops;
  DenseSet<Operation *> members;
  SmallVector<Value> frontier; // cone values read outside the cone
  bool expensive = false;
};

/// A constant the same in every lane (a table entry is one function of the
/// 16 bits for every lane only then).
bool isConstant(Value v) {
  auto constant = v.getDefiningOp<arith::ConstantOp>();
  return constant && (!isa<ShapedType>(constant.getType()) ||
                      isa<SplatElementsAttr>(constant.getValue()));
}

/// Worth a table: what the math lowering expands into a polynomial, or a
/// division (cheap ops such as abs and fma stay computed).
bool isExpensive(Operation *op) {
  if (isa<arith::DivFOp>(op))
    return true;
  if (isa<math::AbsFOp, math::FmaOp, math::CopySignOp>(op))
    return false;
  return op->getDialect() && op->getDialect()->getNamespace() ==
                                 math::MathDialect::getDialectNamespace();
}

/// Follows uses from `root` (linear in the cone's uses, not in the block):
/// an op joins once all its operands are in the cone or constants.
Cone coneOf(arith::ExtFOp root) {
  Cone cone;
  cone.root = root;
  Block *block = root->getBlock();
  DenseSet<Value> values{root.getResult()};
  SmallVector<Value> work{root.getResult()};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (Operation *op : v.getUsers()) {
      // Elementwise ops only: a shuffle or a reduction mixes lanes.
      if (op->getBlock() != block || cone.members.contains(op) ||
          op->getNumRegions() || op->getNumResults() == 0 ||
          !op->hasTrait<OpTrait::Elementwise>() || !isMemoryEffectFree(op))
        continue;
      if (!llvm::all_of(op->getOperands(), [&](Value operand) {
            return values.contains(operand) || isConstant(operand);
          }))
        continue;
      cone.ops.push_back(op);
      cone.members.insert(op);
      cone.expensive |= isExpensive(op);
      for (Value r : op->getResults())
        if (values.insert(r).second)
          work.push_back(r);
    }
  }
  // Block order: the fill clones them in this order.
  llvm::sort(cone.ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  auto readOutside = [&](Value r) {
    return llvm::any_of(r.getUsers(), [&](Operation *user) {
      return !cone.members.contains(user);
    });
  };
  // A cheap op that only the rest of the kernel reads, whose operands the
  // rest reads anyway (or constants), stays computed: it would cost a
  // table and save nothing (the rules' NaN checks on act in a backward:
  // cmpf uno %act, %act; select, %act, 0).
  DenseSet<Value> frontier;
  for (Operation *op : cone.ops)
    for (Value r : op->getResults())
      if (readOutside(r))
        frontier.insert(r);
  // Cheap ops whose cone users are all cheap too (candidates); of those,
  // the ones computed from frontier values, constants and each other.
  DenseSet<Operation *> candidates;
  for (Operation *op : cone.ops)
    if (!isExpensive(op))
      candidates.insert(op);
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation *op : cone.ops)
      if (candidates.contains(op) &&
          llvm::any_of(op->getUsers(), [&](Operation *user) {
            return cone.members.contains(user) && !candidates.contains(user);
          }))
        changed |= candidates.erase(op);
  }
  DenseSet<Operation *> strip;
  DenseSet<Value> stripped;
  for (Operation *op : cone.ops) {
    if (!candidates.contains(op) ||
        !llvm::all_of(op->getOperands(), [&](Value v) {
          return isConstant(v) || frontier.contains(v) || stripped.contains(v);
        }))
      continue;
    strip.insert(op);
    stripped.insert(op->result_begin(), op->result_end());
  }
  // Only if nothing left in the cone reads what is stripped.
  bool closed = llvm::all_of(strip, [&](Operation *op) {
    return llvm::all_of(op->getUsers(), [&](Operation *user) {
      return !cone.members.contains(user) || strip.contains(user);
    });
  });
  if (closed)
    for (Operation *op : strip)
      cone.members.erase(op);
  llvm::erase_if(cone.ops,
                 [&](Operation *op) { return !cone.members.contains(op); });
  cone.expensive = llvm::any_of(cone.ops, isExpensive);
  for (Operation *op : cone.ops)
    for (Value r : op->getResults())
      if (readOutside(r))
        cone.frontier.push_back(r);
  return cone;
}

/// The cone as text without its shape (scalar and vector cones of one
/// definition print alike): the key under which tables are shared.
std::string keyOf(Cone &cone) {
  std::string key;
  llvm::raw_string_ostream os(key);
  DenseMap<Value, unsigned> number;
  number[cone.root.getResult()] = 0;
  os << getElementTypeOrSelf(cone.root.getIn().getType()) << ";";
  auto print = [&](Value v) {
    if (auto it = number.find(v); it != number.end()) {
      os << "%" << it->second;
      return;
    }
    Attribute value = v.getDefiningOp<arith::ConstantOp>().getValue();
    if (auto dense = dyn_cast<SplatElementsAttr>(value))
      value = dense.getSplatValue<Attribute>();
    os << value;
  };
  for (Operation *op : cone.ops) {
    os << op->getName() << "(";
    for (Value v : op->getOperands()) {
      print(v);
      os << ",";
    }
    os << ")";
    for (NamedAttribute attr : op->getAttrs())
      os << attr.getName().getValue() << "=" << attr.getValue();
    for (Value r : op->getResults()) {
      number.try_emplace(r, number.size());
      os << ":" << getElementTypeOrSelf(r.getType());
    }
    os << ";";
  }
  os << "->";
  for (Value v : cone.frontier)
    os << "%" << number.lookup(v) << ",";
  return key;
}

/// 1-D vectors or scalars only (what glu-vectorize-elementwise leaves); 0
/// for other types and for widths that do not divide the table (the fill
/// stores whole vectors).
int64_t lanesOf(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector)
    return isa<ShapedType>(type) ? 0 : 1;
  if (vector.getRank() != 1 || vector.isScalable() ||
      kEntries % vector.getNumElements())
    return 0;
  return vector.getNumElements();
}

/// A table of `values` f32 per gate pattern, entry by entry.
MemRefType f32Table(MLIRContext *ctx, int64_t values = 1) {
  return MemRefType::get({values * kEntries}, Float32Type::get(ctx));
}

/// The 16-bit type T when a host table of an f16 gate can hold the bits of
/// a cone read as ONE value `glu.round %v to T` (the rounded act of the
/// two_round and f16_table forwards): glu.round is extf(truncf(%v)), so an
/// i16 table of truncf(%v) and an extf after the lookup give its bits in
/// half the bytes. The f16 forwards were bound by the f32 table's lines in
/// L1 (1024 gates a binade); a bf16 gate's 128 a binade fit, and its
/// lookups measured 10-20% slower narrowed (docs/performance-analysis.md,
/// 2026-12-05). Null: the entries stay f32.
Type narrowEntryOf(Cone &cone) {
  if (cone.frontier.size() != 1 ||
      !getElementTypeOrSelf(cone.root.getIn().getType()).isF16())
    return {};
  auto round = cone.frontier.front().getDefiningOp<glu::RoundOp>();
  return round ? round.getTo() : Type();
}

/// The f32 a table entry stands for: `v` itself, or the 16-bit bits it
/// holds (i16 lanes) widened from `narrow`, exactly.
Value widenEntry(OpBuilder &b, Location loc, Value v, Type narrow) {
  if (!narrow)
    return v;
  Value bits = arith::BitcastOp::create(
      b, loc, glu::withElement(v.getType(), narrow), v);
  return arith::ExtFOp::create(
      b, loc, glu::withElement(v.getType(), b.getF32Type()), bits);
}

/// Where value `j` of a cone's frontier lives: in the one host table, values
/// interleaved (entry w holds them at w*K ... w*K+K-1: a lane's act and act'
/// share one cache line and one load), or in the j-th of K GPU tables.
struct Slot {
  memref::GlobalOp global;
  int64_t stride, offset;
};
Slot slotOf(ArrayRef<memref::GlobalOp> globals, size_t values, size_t j) {
  if (globals.size() == 1)
    return {globals[0], int64_t(values), int64_t(j)};
  return {globals[j], 1, 0};
}

/// Lanes `first`, `first + step`, ... (`count` of them) of 1-D `v`.
Value strided(OpBuilder &b, Location loc, Value v, int64_t first, int64_t step,
              int64_t count) {
  SmallVector<int64_t> mask;
  for (int64_t l = 0; l < count; ++l)
    mask.push_back(first + l * step);
  return vector::ShuffleOp::create(b, loc, v, v, mask);
}

/// The tables of the cones inside one gpu.module and `__glu_table_init`, the
/// kernel that fills them: a GPU module has no constructors. Definitions
/// after the pass, whose lookup and fill they share.
struct GPUTables {
  explicit GPUTables(gpu::GPUModuleOp module)
      : module(module), symbols(module) {}
  /// Replaces the cone's frontier by lookups in this gpu.module's tables,
  /// making them (and their fill) for a cone not seen in it before; at most
  /// `maxTables` tables, further distinct cones stay computed.
  void tabulate(Cone &cone, unsigned maxTables);

private:
  /// A grid-stride loop over the table entries in the fill kernel (made on
  /// first use) that computes the cone and stores its frontier.
  void appendFill(Cone &cone, ArrayRef<memref::GlobalOp> globals);

  gpu::GPUModuleOp module;
  SymbolTable symbols;
  gpu::GPUFuncOp init;
  llvm::StringMap<SmallVector<memref::GlobalOp>> tables;
  size_t numTables = 0;
};

struct GluTabulatePass : glu::impl::GluTabulateBase<GluTabulatePass> {
  using GluTabulateBase::GluTabulateBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // The runtime launches a gpu.module's kernel of the fill kernel's name
    // at load time, without arguments: whatever else has that name is an
    // error, whether or not the gpu.module has cones (without, a kernel
    // with parameters was launched without them).
    WalkResult taken = module.walk([&](gpu::GPUModuleOp gpuModule) {
      Operation *op = SymbolTable::lookupSymbolIn(gpuModule, kTableInit);
      if (!op)
        return WalkResult::advance();
      op->emitError() << "glu-tabulate: '" << kTableInit
                      << "' is reserved in a gpu.module for the kernel that "
                         "fills its tables";
      return WalkResult::interrupt();
    });
    if (taken.wasInterrupted())
      return signalPassFailure();
    SmallVector<Cone> cones;
    // A conversion computed from an earlier one's 16-bit value (a bf16
    // negf or add before a gate: extf, negf, truncf, extf) is in that
    // cone: tabulated with it, not again (its ops are replaced there).
    DenseSet<Operation *> covered;
    module.walk([&](arith::ExtFOp ext) {
      if (covered.contains(ext))
        return;
      Type source = getElementTypeOrSelf(ext.getIn().getType());
      if (!source.isF16() && !source.isBF16())
        return;
      // Tables go in the module or the gpu.module, where the lookups must
      // resolve them: not from a symbol table nested in either.
      Operation *scope = SymbolTable::getNearestSymbolTable(ext);
      bool inGPU = isa<gpu::GPUModuleOp>(scope);
      if ((!host || scope != module) && !inGPU)
        return;
      if (!getElementTypeOrSelf(ext.getType()).isF32() ||
          lanesOf(ext.getType()) == 0)
        return;
      Cone cone = coneOf(ext);
      if (!cone.expensive || cone.frontier.empty() ||
          cone.frontier.size() > maxTables)
        return;
      // f32 values of the gate's shape: a table entry per lane.
      if (!llvm::all_of(cone.frontier, [&](Value v) {
            return getElementTypeOrSelf(v.getType()).isF32() &&
                   v.getType() == ext.getType();
          }))
        return;
      covered.insert(cone.members.begin(), cone.members.end());
      cones.push_back(std::move(cone));
    });
    // Nothing changed: a tool verifying after each pass skips this one.
    if (cones.empty())
      return markAllAnalysesPreserved();

    SymbolTable symbols(module);
    OpBuilder top = OpBuilder::atBlockEnd(module.getBody());
    // One set of tables (one per frontier value) per distinct cone.
    llvm::MapVector<StringRef, SmallVector<memref::GlobalOp>> tables;
    std::vector<std::string> keys; // owns the map's keys
    size_t numTables = 0;
    keys.reserve(cones.size());
    SmallVector<Attribute> fills;
    DenseSet<Block *> prefetched;
    DenseSet<Operation *> wordLoads; // lookUp's, not streams to prefetch
    // Cones in a gpu.module: tables and fill kernel in that gpu.module.
    llvm::MapVector<Operation *, std::unique_ptr<GPUTables>> gpuTables;
    bool hostCones = false;
    for (Cone &cone : cones) {
      if (auto gpuModule = cone.root->getParentOfType<gpu::GPUModuleOp>()) {
        std::unique_ptr<GPUTables> &tables = gpuTables[gpuModule];
        if (!tables)
          tables = std::make_unique<GPUTables>(gpuModule);
        tables->tabulate(cone, maxModuleTables);
        continue;
      }
      hostCones = true;
      keys.push_back(keyOf(cone));
      // A module of many distinct cones (swiglu_oai with as many alphas)
      // keeps the rest computed: at most maxModuleTables tables of 256 KiB.
      if (!tables.count(keys.back()) &&
          numTables + cone.frontier.size() > maxModuleTables)
        continue;
      auto [it, inserted] = tables.try_emplace(keys.back());
      if (inserted) {
        numTables += cone.frontier.size();
        // One table, the frontier's values interleaved (slotOf), or the
        // one value's 16 bits (narrowEntryOf).
        MemRefType type = f32Table(ctx, cone.frontier.size());
        if (narrowEntryOf(cone))
          type = MemRefType::get({kEntries}, top.getI16Type());
        auto global = memref::GlobalOp::create(
            top, cone.root.getLoc(), "__glu_table",
            top.getStringAttr("private"), type, UnitAttr::get(ctx),
            /*constant=*/false, /*alignment=*/top.getI64IntegerAttr(64));
        symbols.insert(global); // renamed if taken
        it->second.push_back(global);
        fills.push_back(
            FlatSymbolRefAttr::get(buildFill(top, symbols, cone, it->second)));
      }
      Block *body = cone.root->getBlock();
      if (lookUp(cone, it->second, /*host=*/true, wordsFirst, &wordLoads) &&
          prefetchDistance && prefetched.insert(body).second)
        glu::prefetchStreams(body, prefetchDistance, wordLoads);
    }
    if (!hostCones)
      return;
    // Run at load time, before any kernel: .init_array in objects, the
    // ExecutionEngine's initialize() in the JIT. Priority 100, the last one
    // reserved to the implementation: before every constructor a program
    // linked with the object may have (101 to 65535), which may call the
    // kernels (at 101, the program's own ran first and read zeros).
    // Merged with any ctors the module already has.
    SmallVector<Attribute> ctors(fills), priorities, data;
    priorities.assign(fills.size(), top.getI32IntegerAttr(100));
    data.assign(fills.size(), LLVM::ZeroAttr::get(ctx));
    for (auto old :
         llvm::make_early_inc_range(module.getOps<LLVM::GlobalCtorsOp>())) {
      llvm::append_range(ctors, old.getCtors());
      llvm::append_range(priorities, old.getPriorities());
      llvm::append_range(data, old.getData());
      old.erase();
    }
    LLVM::GlobalCtorsOp::create(
        top, module.getLoc(), TypeRange(), top.getArrayAttr(ctors),
        top.getArrayAttr(priorities), top.getArrayAttr(data));
  }

  /// The table's index: the raw 16 bits of the gate, zero-extended.
  static Value indexOf(OpBuilder &b, Location loc, Value x16) {
    Type type = x16.getType();
    Type i16 = b.getI16Type();
    if (auto vector = dyn_cast<VectorType>(type)) {
      Value bits = arith::BitcastOp::create(b, loc, vector.clone(i16), x16);
      return arith::ExtUIOp::create(b, loc, vector.clone(b.getI32Type()), bits);
    }
    Value bits = arith::BitcastOp::create(b, loc, i16, x16);
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), bits);
  }

  /// Where `root`'s 16-bit lanes are in memory: the vector.load that read
  /// them (directly, or one half of a vector.deinterleave of it: the
  /// interleaved packing), lane l at index `first + stride * l` of its
  /// window; a null load unless its lanes can be loaded again one by one
  /// where the lookups go (right after `root`): 1-D, in the same block,
  /// nothing in between writes memory.
  struct Words {
    vector::LoadOp load;
    int64_t first = 0, stride = 1;
  };
  static Words wordsLoadedBy(arith::ExtFOp root) {
    Value in = root.getIn();
    Words words;
    if (auto split = in.getDefiningOp<vector::DeinterleaveOp>()) {
      words.first = in == split.getRes2() ? 1 : 0;
      words.stride = 2;
      in = split.getSource();
    }
    auto load = in.getDefiningOp<vector::LoadOp>();
    if (!load || load->getBlock() != root->getBlock() ||
        load.getVectorType().getRank() != 1 || load.getIndices().empty() ||
        load.getMemRefType().getElementType() !=
            load.getVectorType().getElementType())
      return {};
    for (Operation *op = load->getNextNode(); op != root;
         op = op->getNextNode())
      if (!isMemoryEffectFree(op) && !isa<vector::LoadOp, memref::LoadOp>(op))
        return {};
    words.load = load;
    return words;
  }

  /// Replaces every read of the cone's frontier outside the cone by a
  /// lookup, and erases what no longer has a use. Returns whether the lanes
  /// were looked up one by one (a vector.load'ed gate); the loads of their
  /// words it adds go to `wordLoads` where given.
  static bool lookUp(Cone &cone, ArrayRef<memref::GlobalOp> globals, bool host,
                     bool wordsFirst,
                     DenseSet<Operation *> *wordLoads = nullptr) {
    OpBuilder b(cone.root->getNextNode());
    Location loc = cone.root.getLoc();
    size_t values = cone.frontier.size();
    // An i16 table holds the bits of the one value's 16-bit type.
    Type narrow;
    if (!memref::GlobalOp(globals.front()).getType().getElementType().isF32())
      narrow = narrowEntryOf(cone);
    // Frontier values of the root's shape (elementwise cones): a lane each.
    Words words = wordsLoadedBy(cone.root);
    vector::LoadOp source = words.load;
    auto lanes = dyn_cast<VectorType>(cone.root.getType());
    if (source && !llvm::all_of(cone.frontier, [&](Value v) {
          auto vector = dyn_cast<VectorType>(v.getType());
          return vector && vector.getShape() == lanes.getShape();
        }))
      source = {};
    auto constIndex = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto tableOf = [&](Slot slot) {
      return memref::GetGlobalOp::create(
          b, loc, cast<MemRefType>(slot.global.getType()),
          slot.global.getSymName());
    };
    // One scalar load per lane: the gate's word (a forward's four at once,
    // below), then its entry (a gather
    // does about one lane per cycle on Zen 5, and LLVM scalarizes it
    // through a vector of pointers on x86-64-v3). The words are loaded once
    // for all the values.
    Value index;
    SmallVector<Value> entries;
    int64_t window = source ? source.getVectorType().getNumElements() : 0;
    // With `wordsFirst` a deinterleaved gate's words are loaded before the
    // vector.load of both halves: after it, LLVM took some of them out of
    // that load's registers (vextracti32x4 and vpextrw, two shuffles where
    // a load was one: Zen 4's tuning, and x86-64-v3 once
    // glu-bf16-pairs-as-words leaves the load unshuffled). Split gates keep
    // the order (their backwards measured 2-4% slower with it).
    OpBuilder wb =
        source && wordsFirst && words.stride > 1 ? OpBuilder(source) : b;
    auto wordIndex = [&](int64_t v) {
      return arith::ConstantIndexOp::create(wb, loc, v);
    };
    if (source && host && values == 1 && window % 4 == 0) {
      // A forward (one value per lane) on the host: four words per 64-bit
      // load, each lane's shifted out in a general register, where a load
      // per word made the loads the lookup's bottleneck (10 to 25% more
      // lanes per ns cache-resident, docs/performance-analysis.md, t16; not in
      // a backward, whose pair entries leave no gain). The loads read the
      // bytes of the gate's vector.load, no more (the window is whole
      // chunks); an x86 load need not be aligned (a GPU's must, hence
      // host only). Lane k of a chunk is its bits 16k..16k+15: the
      // little-endian hosts glu compiles for (x86-64).
      Type word16 = source.getVectorType().getElementType();
      auto chunkType = VectorType::get({4}, word16);
      auto i64s = VectorType::get({1}, wb.getI64Type());
      DenseMap<int64_t, Value> chunks;
      for (int64_t l = 0; l < lanes.getNumElements(); ++l) {
        int64_t w = words.first + words.stride * l;
        Value &chunk = chunks[w / 4];
        if (!chunk) {
          SmallVector<Value> at(source.getIndices());
          at.back() =
              arith::AddIOp::create(wb, loc, at.back(), wordIndex(w / 4 * 4));
          auto four =
              vector::LoadOp::create(wb, loc, chunkType, source.getBase(), at);
          if (wordLoads)
            wordLoads->insert(four);
          chunk = vector::ExtractOp::create(
              wb, loc, vector::BitCastOp::create(wb, loc, i64s, four),
              ArrayRef<int64_t>{0});
        }
        Value bits = chunk;
        if (w % 4)
          bits = arith::ShRUIOp::create(
              wb, loc, bits,
              arith::ConstantOp::create(wb, loc,
                                        wb.getI64IntegerAttr(16 * (w % 4))));
        Value word = arith::TruncIOp::create(wb, loc, wb.getI16Type(), bits);
        entries.push_back(
            arith::IndexCastUIOp::create(wb, loc, wb.getIndexType(), word));
      }
    } else if (source) {
      for (int64_t l = 0; l < lanes.getNumElements(); ++l) {
        SmallVector<Value> at(source.getIndices());
        at.back() = arith::AddIOp::create(
            wb, loc, at.back(), wordIndex(words.first + words.stride * l));
        Value word = arith::BitcastOp::create(
            wb, loc, wb.getI16Type(),
            memref::LoadOp::create(wb, loc, source.getBase(), at));
        entries.push_back(
            arith::IndexCastUIOp::create(wb, loc, wb.getIndexType(), word));
      }
    } else {
      index = indexOf(b, loc, cone.root.getIn());
    }
    // Interleaved values of a lane (one host table): one load of all of
    // them per lane, the lanes concatenated, then each value's lanes.
    SmallVector<Value> lookups(values);
    Slot first = slotOf(globals, values, 0);
    if (source && first.stride > 1) {
      Value table = tableOf(first);
      Value stride = constIndex(first.stride);
      auto entryType = VectorType::get({first.stride}, b.getF32Type());
      SmallVector<Value> parts;
      for (Value entry : entries)
        parts.push_back(vector::LoadOp::create(
            b, loc, entryType, table,
            ValueRange{arith::MulIOp::create(b, loc, entry, stride)}));
      Value all = glu::concatVectors(b, loc, parts);
      for (size_t j = 0; j < values; ++j)
        lookups[j] = strided(b, loc, all, j, first.stride, entries.size());
    }
    for (size_t j = 0; j < values; ++j) {
      if (lookups[j])
        continue;
      Value value = cone.frontier[j];
      Slot slot = slotOf(globals, values, j);
      Value table = tableOf(slot);
      auto at = [&](Value i) -> Value {
        if (slot.stride == 1)
          return i;
        Value scaled =
            arith::MulIOp::create(b, loc, i, constIndex(slot.stride));
        return arith::AddIOp::create(b, loc, scaled, constIndex(slot.offset));
      };
      Type entryType = cast<MemRefType>(table.getType()).getElementType();
      if (source) {
        SmallVector<Value> lanes;
        for (Value entry : entries)
          lanes.push_back(memref::LoadOp::create(b, loc, table, at(entry)));
        lookups[j] = vector::FromElementsOp::create(
            b, loc,
            cast<VectorType>(glu::withElement(value.getType(), entryType)),
            lanes);
      } else if (auto vector = dyn_cast<VectorType>(
                     glu::withElement(value.getType(), entryType))) {
        Value lanes = index;
        if (slot.stride > 1) {
          auto i32s = cast<VectorType>(index.getType());
          auto splat = [&](int64_t v) {
            return arith::ConstantOp::create(
                b, loc,
                DenseElementsAttr::get(i32s, b.getI32IntegerAttr(int32_t(v))));
          };
          Value scaled =
              arith::MulIOp::create(b, loc, index, splat(slot.stride));
          lanes = arith::AddIOp::create(b, loc, scaled, splat(slot.offset));
        }
        Value mask = arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(vector.clone(b.getI1Type()), true));
        Value pass = arith::ConstantOp::create(
            b, loc, DenseElementsAttr::get(vector, b.getZeroAttr(entryType)));
        lookups[j] = vector::GatherOp::create(b, loc, vector, table,
                                              ValueRange{constIndex(0)}, lanes,
                                              mask, pass);
      } else {
        lookups[j] = memref::LoadOp::create(b, loc, table, at(index));
      }
      lookups[j] = widenEntry(b, loc, lookups[j], narrow);
    }
    for (auto [value, lookup] : llvm::zip(cone.frontier, lookups))
      value.replaceUsesWithIf(lookup, [&](OpOperand &use) {
        return !cone.members.contains(use.getOwner());
      });
    for (Operation *op : llvm::reverse(cone.ops))
      if (op->use_empty())
        op->erase();
    if (cone.root->use_empty())
      cone.root->erase();
    return bool(source);
  }

  /// An internal llvm.func that runs the cone over all 65536 bit patterns,
  /// `lanes` at a time as the cone does, and stores each frontier value to
  /// its table. Its body is still arith/math/vector/scf: the rest of the
  /// pipeline lowers it together with the kernels.
  static StringAttr buildFill(OpBuilder &top, SymbolTable &symbols, Cone &cone,
                              ArrayRef<memref::GlobalOp> globals) {
    MLIRContext *ctx = top.getContext();
    Location loc = cone.root.getLoc();
    auto fn = LLVM::LLVMFuncOp::create(
        top, loc, "__glu_fill_table",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}),
        LLVM::Linkage::Internal);
    symbols.insert(fn);
    OpBuilder b = OpBuilder::atBlockEnd(fn.addEntryBlock(top));
    Type x16Type = cone.root.getIn().getType();
    int64_t lanes = lanesOf(x16Type);
    Value lo = arith::ConstantIndexOp::create(b, loc, 0);
    Value hi = arith::ConstantIndexOp::create(b, loc, kEntries);
    Value step = arith::ConstantIndexOp::create(b, loc, lanes);
    auto loop = scf::ForOp::create(b, loc, lo, hi, step);
    LLVM::ReturnOp::create(b, loc, ValueRange());

    b.setInsertionPoint(loop.getBody()->getTerminator());
    fillEntries(b, cone, loop.getInductionVar(), globals);
    return fn.getSymNameAttr();
  }

  /// Computes the cone for the `lanes` bit patterns from `i` on (in the
  /// cone's own shape: the same ops, cloned) and stores its frontier values
  /// at `i` in their tables.
  static void fillEntries(OpBuilder &b, Cone &cone, Value i,
                          ArrayRef<memref::GlobalOp> globals) {
    Location loc = cone.root.getLoc();
    Type x16Type = cone.root.getIn().getType();
    int64_t lanes = lanesOf(x16Type);
    Type i16 = b.getI16Type(), i32 = b.getI32Type();
    Value bits;
    if (auto vector = dyn_cast<VectorType>(x16Type)) {
      SmallVector<int32_t> iota(lanes);
      for (int64_t l = 0; l < lanes; ++l)
        iota[l] = int32_t(l);
      Value base = vector::BroadcastOp::create(
          b, loc, vector.clone(i32),
          arith::IndexCastOp::create(b, loc, i32, i));
      Value all = arith::AddIOp::create(
          b, loc, base,
          arith::ConstantOp::create(
              b, loc,
              DenseElementsAttr::get(vector.clone(i32),
                                     ArrayRef<int32_t>(iota))));
      bits = arith::TruncIOp::create(b, loc, vector.clone(i16), all);
    } else {
      bits = arith::IndexCastOp::create(b, loc, i16, i);
    }
    IRMapping map;
    map.map(cone.root.getIn(), arith::BitcastOp::create(b, loc, x16Type, bits));
    auto cloneWithConstants = [&](Operation *op) {
      for (Value v : op->getOperands())
        if (!map.contains(v))
          map.map(v, b.clone(*v.getDefiningOp())->getResult(0));
      b.clone(*op, map);
    };
    cloneWithConstants(cone.root);
    for (Operation *op : cone.ops)
      cloneWithConstants(op);
    size_t values = cone.frontier.size();
    Slot first = slotOf(globals, values, 0);
    auto tableOf = [&](Slot slot) {
      return memref::GetGlobalOp::create(
          b, loc, cast<MemRefType>(slot.global.getType()),
          slot.global.getSymName());
    };
    auto times = [&](Value v, int64_t k) -> Value {
      if (k == 1)
        return v;
      return arith::MulIOp::create(b, loc, v,
                                   arith::ConstantIndexOp::create(b, loc, k));
    };
    // Interleaved vectors: the values' lanes entry by entry, one store.
    if (isa<VectorType>(x16Type) && first.stride > 1) {
      SmallVector<Value> parts;
      for (Value value : cone.frontier)
        parts.push_back(map.lookup(value));
      Value all = glu::concatVectors(b, loc, parts);
      SmallVector<int64_t> mask;
      for (int64_t l = 0; l < lanes; ++l)
        for (int64_t j = 0; j < first.stride; ++j)
          mask.push_back(j * lanes + l);
      Value shuffled = vector::ShuffleOp::create(b, loc, all, all, mask);
      Value table = tableOf(first);
      vector::StoreOp::create(b, loc, shuffled, table, times(i, first.stride));
      return;
    }
    for (size_t j = 0; j < values; ++j) {
      Value value = map.lookup(cone.frontier[j]);
      Slot slot = slotOf(globals, values, j);
      // An i16 table: truncf of glu.round's input, whose extf the lookup
      // computes (narrowEntryOf).
      if (!slot.global.getType().getElementType().isF32()) {
        auto round = cone.frontier[j].getDefiningOp<glu::RoundOp>();
        Value narrowed = arith::TruncFOp::create(
            b, loc, glu::withElement(value.getType(), round.getTo()),
            map.lookup(round.getInput()));
        value = arith::BitcastOp::create(
            b, loc, glu::withElement(value.getType(), b.getI16Type()),
            narrowed);
      }
      Value at = times(i, slot.stride);
      if (slot.offset)
        at = arith::AddIOp::create(
            b, loc, at, arith::ConstantIndexOp::create(b, loc, slot.offset));
      if (isa<VectorType>(value.getType()))
        vector::StoreOp::create(b, loc, value, tableOf(slot), at);
      else
        memref::StoreOp::create(b, loc, value, tableOf(slot), at);
    }
  }
};

void GPUTables::tabulate(Cone &cone, unsigned maxTables) {
  auto [it, inserted] = tables.try_emplace(keyOf(cone));
  if (inserted) {
    if (numTables + cone.frontier.size() > maxTables) {
      tables.erase(it);
      return;
    }
    numTables += cone.frontier.size();
    MLIRContext *ctx = module.getContext();
    OpBuilder top = OpBuilder::atBlockEnd(module.getBody());
    // Uninitialized: no bytes in the PTX or cubin (.global, not .const).
    for (size_t i = 0; i < cone.frontier.size(); ++i) {
      auto global = memref::GlobalOp::create(
          top, cone.root.getLoc(), "__glu_table", top.getStringAttr("private"),
          f32Table(ctx), UnitAttr::get(ctx), /*constant=*/false,
          /*alignment=*/top.getI64IntegerAttr(64));
      symbols.insert(global); // renamed if taken
      it->second.push_back(global);
    }
    appendFill(cone, it->second);
  }
  GluTabulatePass::lookUp(cone, it->second, /*host=*/false,
                          /*wordsFirst=*/false);
}

void GPUTables::appendFill(Cone &cone, ArrayRef<memref::GlobalOp> globals) {
  Location loc = cone.root.getLoc();
  if (!init) {
    OpBuilder top = OpBuilder::atBlockEnd(module.getBody());
    init = gpu::GPUFuncOp::create(top, loc, kTableInit,
                                  top.getFunctionType({}, {}));
    init->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), top.getUnitAttr());
    symbols.insert(init);
    OpBuilder end = OpBuilder::atBlockEnd(&init.getBody().front());
    gpu::ReturnOp::create(end, loc);
  }
  // Any grid fills every entry (the runtime launches 256 x 256 threads, one
  // entry each; a capped grid, cuda::setGridLimit, loops).
  OpBuilder b(init.getBody().front().getTerminator());
  int64_t lanes = lanesOf(cone.root.getIn().getType());
  Value width = arith::ConstantIndexOp::create(b, loc, lanes);
  auto x = gpu::Dimension::x;
  Value gridDim = gpu::GridDimOp::create(b, loc, x);
  Value blockDim = gpu::BlockDimOp::create(b, loc, x);
  Value threads = arith::MulIOp::create(b, loc, gridDim, blockDim);
  Value blockId = gpu::BlockIdOp::create(b, loc, x);
  Value blockStart = arith::MulIOp::create(b, loc, blockId, blockDim);
  Value thread = arith::AddIOp::create(b, loc, blockStart,
                                       gpu::ThreadIdOp::create(b, loc, x));
  Value begin = arith::MulIOp::create(b, loc, thread, width);
  Value end = arith::ConstantIndexOp::create(b, loc, kEntries);
  auto loop = scf::ForOp::create(b, loc, begin, end,
                                 arith::MulIOp::create(b, loc, threads, width));
  b.setInsertionPoint(loop.getBody()->getTerminator());
  GluTabulatePass::fillEntries(b, cone, loop.getInductionVar(), globals);
}
} // namespace
