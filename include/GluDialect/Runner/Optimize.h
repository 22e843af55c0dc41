//===- Optimize.h - LLVM optimization of glu's CPU modules -----*- C++ -*-===//
//
// The LLVM IR pipeline that the JIT (glu-run, glu-train) and glu-compile run
// on a module lowered by glu-to-llvm: upstream's O3, without the SLP
// vectorizer, then fences on float loads (docs/design.md, "LLVM
// optimization").
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_RUNNER_OPTIMIZE_H
#define GLUDIALECT_RUNNER_OPTIMIZE_H

#include <functional>

namespace llvm {
class Error;
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::glu {

/// A module transformer (for ExecutionEngineOptions::transformer or called
/// directly) that runs LLVM's O3 pipeline for `machine` (which must outlive
/// it) with loop vectorization and unrolling but no SLP vectorization: the
/// loops glu-to-llvm vectorizes come out vectorized already, and SLP
/// re-vectorized the per-lane table lookups of glu-tabulate (each lane's
/// index word a plain 16-bit load) into a vector load and an extract per
/// lane, which cost the 16-bit backwards a quarter of their speed. Then
/// every load of f32 or f64 (vector or scalar) without an
/// llvm.arithmetic.fence gets one: the loops LLVM vectorizes itself (each
/// row's remainder) and their scalar epilogues keep plain loads too, as
/// glu-fence-vector-loads keeps glu's vector loops' (no load folded into a
/// masked instruction, where it would wait on the mask's operand). Loads
/// from a mutable global variable (glu-tabulate's tables, written at load
/// time) are left unfenced, as glu-fence-vector-loads leaves them: lookups,
/// which fold into the instruction that inserts them into a vector.
std::function<llvm::Error(llvm::Module *)>
makeLLVMOptimizer(llvm::TargetMachine *machine);

} // namespace mlir::glu

#endif // GLUDIALECT_RUNNER_OPTIMIZE_H
