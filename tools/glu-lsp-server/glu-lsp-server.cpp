//===- glu-lsp-server.cpp - Language server for IR with glu ops -----------===//
//
// mlir-lsp-server with the glu dialect: diagnostics (the glu verifiers'
// messages), hover, go-to-definition and completion in editors, for files
// that mix glu ops with the upstream dialects. Point an editor's MLIR
// extension at this binary (VS Code: "mlir.server_path").
//
//===----------------------------------------------------------------------===//

#include "GluDialect/Dialect/GluDialect.h"
#include "GluDialect/Interfaces/DifferentiableOpInterface.h"
#include "GluDialect/Transforms/BufferizableOpInterfaceImpl.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::glu::GluDialect>();
  mlir::glu::registerDifferentiableOpInterfaceExternalModels(registry);
  mlir::glu::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
