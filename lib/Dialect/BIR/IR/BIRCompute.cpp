//===- BIRCompute.cpp - the engines' compute instructions -----------------===//
//
// Verifiers of the Vector (DVE) and Pool instructions. What an operand may be
// is one rule, verifyComputeOperand; each op adds the engine that owns it
// and how its operands' shapes relate.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/IR/AddressMap.h"
#include "dyn/Dialect/BIR/IR/BIR.h"

using namespace mlir;
using namespace dyn::bir;

FailureOr<SmallVector<int64_t>>
dyn::bir::verifyComputeOperand(Operation *op, Value ap, StringRef name,
                               Engine engine, bool allowI32) {
  auto fail = [&](const Twine &why) {
    return op->emitOpError() << name << " " << why;
  };
  if (auto phys = ap.getDefiningOp<PhysicalAPOp>(); phys && phys.hasDynamicInfo())
    return fail("carries dynamic info, which only a DMA may consume");
  std::optional<std::pair<MemRefType, ArrayRef<int64_t>>> described =
      describeAP(ap);
  if (!described)
    return fail("must be an access pattern (bir.ap, bir.sym_ap, bir.reg_ap)");
  auto [type, pattern] = *described;
  std::optional<MemorySpace> space = getMemorySpace(type);
  if (!space || !AddressMap::isOnChip(*space))
    return fail("must be on chip (SBUF or PSUM), not in DRAM");
  if (*space == MemorySpace::psum && engine == Engine::pool)
    return fail("is in PSUM, which the Pool engine cannot reach");
  if (!type.hasStaticShape() || type.getRank() < 1 ||
      type.getNumElements() == 0)
    return fail("must be a static location with partitions (rank 1 or "
                "more, no zero dimension)");
  Type element = type.getElementType();
  if (!element.isF32() && !element.isBF16() && !element.isF16() &&
      !(allowI32 && element.isSignlessInteger(32)))
    return fail("has elements of type ")
           << element << "; engines take f32, bf16 or f16"
           << (allowI32 ? " (or i32)" : "");
  // The first pair walks whole partitions; the rest stay inside one.
  int64_t rowElems = type.getNumElements() / type.getDimSize(0);
  if (pattern.size() < 2 || pattern[0] % rowElems != 0 ||
      pattern[1] > AddressMap::kNumPartitions)
    return fail("must walk partitions with its first [step, num] pair "
                "(a step of whole rows of ")
           << rowElems << " elements, at most "
           << AddressMap::kNumPartitions << " partitions)";
  // A kind-1 pattern starts inside a partition at its offset.
  int64_t reach = 0;
  if (auto phys = ap.getDefiningOp<PhysicalAPOp>())
    reach = phys.getOffset() % rowElems;
  for (size_t i = 2; i < pattern.size(); i += 2)
    reach += pattern[i] * (pattern[i + 1] - 1);
  if (reach >= rowElems)
    return fail("reaches past one partition with its free pairs (element ")
           << reach << " of " << rowElems << ")";
  SmallVector<int64_t> shape;
  for (size_t i = 1; i < pattern.size(); i += 2)
    shape.push_back(pattern[i]);
  return shape;
}

/// The engine that owns an instruction, or a diagnostic naming it.
static LogicalResult verifyEngine(Operation *op, Engine engine, Engine owner) {
  if (engine == owner)
    return success();
  return op->emitOpError("runs on the ")
         << stringifyEngine(owner) << " engine, not on "
         << stringifyEngine(engine);
}

/// The elements of a shape, every free entry included.
static int64_t countElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Same partitions and elements per partition.
static LogicalResult verifySameShape(Operation *op, ArrayRef<int64_t> a,
                                     ArrayRef<int64_t> b, StringRef what) {
  if (a.front() == b.front() && countElements(a) == countElements(b))
    return success();
  return op->emitOpError(what) << " must have the same partitions and "
                                  "elements per partition";
}

LogicalResult TensorTensorOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::dve)))
    return failure();
  auto lhs = verifyComputeOperand(*this, getLhs(), "lhs", getEngine());
  auto rhs = verifyComputeOperand(*this, getRhs(), "rhs", getEngine());
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine());
  if (failed(lhs) || failed(rhs) || failed(out))
    return failure();
  if (failed(verifySameShape(*this, *lhs, *out, "lhs and out")) ||
      failed(verifySameShape(*this, *rhs, *out, "rhs and out")))
    return failure();
  return success();
}

LogicalResult TensorScalarOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::dve)))
    return failure();
  if (static_cast<bool>(getScalarReg()) == getScalarImm().has_value())
    return emitOpError("needs exactly one scalar: `reg` or `imm`");
  auto in = verifyComputeOperand(*this, getIn(), "in", getEngine());
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine());
  if (failed(in) || failed(out))
    return failure();
  return verifySameShape(*this, *in, *out, "in and out");
}

LogicalResult TensorCopyOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::dve)))
    return failure();
  auto in = verifyComputeOperand(*this, getIn(), "in", getEngine());
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine());
  if (failed(in) || failed(out))
    return failure();
  return verifySameShape(*this, *in, *out, "in and out");
}

LogicalResult TensorReduceOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::dve)))
    return failure();
  auto in = verifyComputeOperand(*this, getIn(), "in", getEngine());
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine());
  if (failed(in) || failed(out))
    return failure();
  if (in->front() != out->front() || countElements(*out) != out->front())
    return emitOpError("out must have in's partitions and one element in "
                       "each");
  return success();
}

/// An affine index over an operand's shape: one coefficient per free pair.
static LogicalResult verifyAffineIndex(Operation *op, ArrayRef<int64_t> shape,
                                       ArrayRef<int32_t> free) {
  if (free.size() == shape.size() - 1)
    return success();
  return op->emitOpError("needs one free coefficient per free pair of the "
                         "pattern: ")
         << shape.size() - 1 << ", got " << free.size();
}

LogicalResult IotaOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::pool)))
    return failure();
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine(),
                                  /*allowI32=*/true);
  if (failed(out))
    return failure();
  return verifyAffineIndex(*this, *out, getFree());
}

LogicalResult AffineSelectOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::pool)))
    return failure();
  if (static_cast<bool>(getBoundReg()) == getBoundImm().has_value())
    return emitOpError("needs exactly one bound: `reg` or `imm`");
  auto in = verifyComputeOperand(*this, getIn(), "in", getEngine());
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine());
  if (failed(in) || failed(out) ||
      failed(verifySameShape(*this, *in, *out, "in and out")))
    return failure();
  return verifyAffineIndex(*this, *out, getFree());
}
