//===- Sim.cpp - C API: simulation and the reference ----------------------===//
//
// A thin layer over the harness (dyn/Sim/Harness/Harness.h), as dyn-sim is:
// the calling convention, compile-to-binary and the limits live there.
//
//===----------------------------------------------------------------------===//

#include "dyn-c/Sim.h"

#include "dyn/Sim/Harness/Harness.h"
#include "dyn/Sim/Machine/Simulator.h"
#include "dyn/Sim/Reference/Reference.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

#include <cstring>

using namespace mlir;
using dyn::sim::RuntimeValue;
using dyn::sim::Tensor;

using Values = SmallVector<RuntimeValue>;

static Values &unwrapValues(DynSimValues values) {
  return *static_cast<Values *>(values.ptr);
}

static const Tensor &tensorAt(DynSimValues values, intptr_t pos) {
  return std::get<Tensor>(unwrapValues(values)[pos]);
}

DynSimValues dynSimValuesCreate(void) { return {new Values()}; }

void dynSimValuesDestroy(DynSimValues values) {
  delete static_cast<Values *>(values.ptr);
}

MlirLogicalResult dynSimValuesAppendTensor(DynSimValues values,
                                           MlirType elementType, intptr_t rank,
                                           const int64_t *shape,
                                           const void *data) {
  Type type = unwrap(elementType);
  if (rank < 0 || (rank > 0 && !shape) || !type.isIntOrFloat() ||
      type.getIntOrFloatBitWidth() % 8 != 0)
    return mlirLogicalResultFailure();
  Tensor t;
  t.elementType = type;
  t.shape.assign(shape, shape + rank);
  std::optional<int64_t> bytes =
      dyn::sim::getTensorBytes(t.shape, t.elementBytes());
  // Over the simulator's tensor limit, the simulation would refuse it: no
  // copy is made (an allocation that fails aborts the process).
  if (!bytes || llvm::any_of(t.shape, [](int64_t d) { return d < 0; }) ||
      *bytes > dyn::sim::SimulationLimits().maxDramBytes)
    return mlirLogicalResultFailure();
  t.bytes.resize(*bytes);
  if (*bytes)
    std::memcpy(t.bytes.data(), data, *bytes);
  unwrapValues(values).push_back(std::move(t));
  return mlirLogicalResultSuccess();
}

void dynSimValuesAppendScalar(DynSimValues values, int64_t value) {
  unwrapValues(values).push_back(value);
}

intptr_t dynSimValuesSize(DynSimValues values) {
  return unwrapValues(values).size();
}

bool dynSimValuesIsTensor(DynSimValues values, intptr_t pos) {
  return std::holds_alternative<Tensor>(unwrapValues(values)[pos]);
}

int64_t dynSimValuesGetScalar(DynSimValues values, intptr_t pos) {
  const int64_t *scalar = std::get_if<int64_t>(&unwrapValues(values)[pos]);
  return scalar ? *scalar : 0;
}

MlirType dynSimValuesGetElementType(DynSimValues values, intptr_t pos) {
  return wrap(tensorAt(values, pos).elementType);
}

intptr_t dynSimValuesGetRank(DynSimValues values, intptr_t pos) {
  return tensorAt(values, pos).shape.size();
}

const int64_t *dynSimValuesGetShape(DynSimValues values, intptr_t pos) {
  return tensorAt(values, pos).shape.data();
}

const void *dynSimValuesGetData(DynSimValues values, intptr_t pos) {
  return tensorAt(values, pos).bytes.data();
}

intptr_t dynSimValuesGetNumBytes(DynSimValues values, intptr_t pos) {
  return tensorAt(values, pos).bytes.size();
}

/// The entry function and the binary's arguments from `args`, or a
/// diagnostic.
static FailureOr<std::pair<func::FuncOp, Values>>
prepare(ModuleOp module, MlirStringRef entry, DynSimValues args,
        bool tensorLevel) {
  auto func = module.lookupSymbol<func::FuncOp>(unwrap(entry));
  if (!func || func.isExternal())
    return emitError(module.getLoc())
               << "no function @" << unwrap(entry) << " with a body",
           failure();
  dyn::sim::EntrySignature signature =
      tensorLevel ? dyn::sim::EntrySignature::getTensorLevel(func)
                  : dyn::sim::EntrySignature::getBinary(func);
  dyn::sim::SimulationLimits limits;
  if (llvm::Error err = signature.checkArgumentSizes(limits.maxDramBytes))
    return emitError(func.getLoc()) << llvm::toString(std::move(err)),
           failure();
  llvm::Expected<Values> boundary =
      dyn::sim::toBoundaryArguments(signature, unwrapValues(args));
  if (!boundary)
    return emitError(func.getLoc()) << llvm::toString(boundary.takeError()),
           failure();
  return std::make_pair(func, std::move(*boundary));
}

static MlirLogicalResult deliver(FailureOr<Values> values,
                                 DynSimValues results) {
  if (failed(values))
    return mlirLogicalResultFailure();
  llvm::append_range(unwrapValues(results), std::move(*values));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dynSimulateBinary(MlirModule binary, MlirStringRef entry,
                                    DynSimValues args, DynSimValues results) {
  auto prepared = prepare(unwrap(binary), entry, args, /*tensorLevel=*/false);
  if (failed(prepared))
    return mlirLogicalResultFailure();
  return deliver(dyn::sim::simulate(prepared->first, prepared->second),
                 results);
}

/// `module` as the tensor-level program the reference and the compiler
/// start from: a copy with its StableHLO imported, when it holds any.
static FailureOr<OwningOpRef<ModuleOp>> importedCopy(ModuleOp module) {
  OwningOpRef<ModuleOp> copy = module.clone();
  if (failed(dyn::sim::importFrontEnds(*copy)))
    return failure();
  return copy;
}

MlirLogicalResult dynSimulateModule(MlirModule module, MlirStringRef entry,
                                    MlirStringRef pipelineOptions,
                                    DynSimValues args, DynSimValues results) {
  FailureOr<OwningOpRef<ModuleOp>> imported = importedCopy(unwrap(module));
  if (failed(imported))
    return mlirLogicalResultFailure();
  ModuleOp source = **imported;
  auto prepared = prepare(source, entry, args, /*tensorLevel=*/true);
  if (failed(prepared))
    return mlirLogicalResultFailure();
  OwningOpRef<ModuleOp> compiled = dyn::sim::compileToBinary(
      source, unwrap(entry), unwrap(pipelineOptions), *source.getContext());
  if (!compiled)
    return mlirLogicalResultFailure();
  return deliver(dyn::sim::simulate(dyn::sim::getEntryFunction(*compiled),
                                    prepared->second),
                 results);
}

MlirLogicalResult dynInterpretReference(MlirModule module, MlirStringRef entry,
                                        DynSimValues args,
                                        DynSimValues results) {
  FailureOr<OwningOpRef<ModuleOp>> imported = importedCopy(unwrap(module));
  if (failed(imported))
    return mlirLogicalResultFailure();
  auto prepared = prepare(**imported, entry, args, /*tensorLevel=*/true);
  if (failed(prepared))
    return mlirLogicalResultFailure();
  return deliver(
      dyn::sim::interpretReference(prepared->first, prepared->second,
                                   dyn::sim::SimulationLimits()),
      results);
}
