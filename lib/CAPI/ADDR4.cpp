//===- ADDR4.cpp - C API: the ADDR4 container -----------------------------===//

#include "dyn-c/ADDR4.h"

#include "dyn/Target/ADDR4/Container.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"

MlirLogicalResult dynSerializeADDR4(MlirModule module,
                                    MlirStringCallback callback,
                                    void *userData) {
  llvm::SmallVector<char> bytes;
  if (mlir::failed(dyn::addr4::serialize(unwrap(module), bytes)))
    return mlirLogicalResultFailure();
  callback(mlirStringRefCreate(bytes.data(), bytes.size()), userData);
  return mlirLogicalResultSuccess();
}

MlirModule dynDeserializeADDR4(MlirContext context, MlirStringRef bytes) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      dyn::addr4::deserialize(unwrap(bytes), unwrap(context));
  return wrap(module.release());
}

void dynPrintADDR4Format(MlirStringCallback callback, void *userData) {
  mlir::detail::CallbackOstream stream(callback, userData);
  dyn::addr4::printFormatDescription(stream);
}

MlirLogicalResult dynPrintADDR4Listing(MlirContext context,
                                       MlirStringRef bytes,
                                       MlirStringCallback callback,
                                       void *userData) {
  mlir::detail::CallbackOstream stream(callback, userData);
  return wrap(
      dyn::addr4::printListing(unwrap(bytes), stream, unwrap(context)));
}
