//===- NontemporalStores.h - glu-nontemporal-stores' default ----*- C++ -*-===//
//
// Plain C++: the default of the pass's min-bytes, which the CPU pipeline,
// the JIT's options and the tools' --nontemporal-min-bytes share.
//
//===----------------------------------------------------------------------===//

#ifndef GLUDIALECT_TRANSFORMS_NONTEMPORALSTORES_H
#define GLUDIALECT_TRANSFORMS_NONTEMPORALSTORES_H

#include <cstdint>

namespace mlir::glu {

/// Outputs below this many bytes (32 MiB) keep ordinary stores: they may
/// still be in the last-level cache when their consumer reads them.
inline constexpr uint64_t kDefaultNontemporalMinBytes = uint64_t(32) << 20;

} // namespace mlir::glu

#endif // GLUDIALECT_TRANSFORMS_NONTEMPORALSTORES_H
