//===- PrefetchStreams.h - Software prefetches of a loop body's streams ---===//
//
// Shared by glu-prefetch-streams (every vector loop body on the host) and
// glu-tabulate (the bodies whose lanes it looks up one by one).
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_TRANSFORMS_PREFETCHSTREAMS_H
#define GLUDIALECT_TRANSFORMS_PREFETCHSTREAMS_H

#include "mlir/IR/Block.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::glu {

/// Prefetches, `distance` bytes ahead, every stream `body` reads by 1-D
/// `vector.load`s of a unit-stride memref that is not a global (a table):
/// one `memref.prefetch` per cache line the load spans, once per stream
/// (a second load of the same place adds none). Loads in `skip` are not
/// streams (glu-tabulate's word loads of the gate it already reads).
/// Returns whether it added any. The index may lie past the memref's end
/// (a vector step's subview, the row's last step): memref.prefetch lowers
/// to a GEP without `inbounds` and an x86 prefetch never faults.
bool prefetchStreams(Block *body, unsigned distance,
                     const llvm::DenseSet<Operation *> &skip = {});

} // namespace mlir::glu

#endif // GLUDIALECT_TRANSFORMS_PREFETCHSTREAMS_H
