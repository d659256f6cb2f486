//===- Passes.cpp - C API: dyn's passes -----------------------------------===//
//
// The definitions mlir-tblgen -gen-pass-capi-impl generates for each pass
// group; they call the C++ create and register functions by their
// unqualified names.
//
//===----------------------------------------------------------------------===//

#include "dyn-c/Passes.h"

#include "dyn/Conversion/Passes.h"
#include "dyn/Cost/Transforms/Passes.h"
#include "dyn/Dialect/BIR/Transforms/Passes.h"
#include "dyn/Dialect/DGE/Transforms/Passes.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"
#include "dyn/Target/ADDR4/Passes.h"
#include "dyn/Transforms/Passes.h"

#include "mlir/CAPI/Pass.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::addr4;
using namespace dyn::bir;
using namespace dyn::cost;
using namespace dyn::dge;
using namespace dyn::dynshape;

#ifdef __cplusplus
extern "C" {
#endif

#include "dyn/Conversion/Passes.capi.cpp.inc"
#include "dyn/Cost/Transforms/Passes.capi.cpp.inc"
#include "dyn/Dialect/BIR/Transforms/Passes.capi.cpp.inc"
#include "dyn/Dialect/DGE/Transforms/Passes.capi.cpp.inc"
#include "dyn/Dialect/DynShape/Transforms/Passes.capi.cpp.inc"
#include "dyn/Target/ADDR4/Passes.capi.cpp.inc"
#include "dyn/Transforms/Passes.capi.cpp.inc"

#ifdef __cplusplus
}
#endif
