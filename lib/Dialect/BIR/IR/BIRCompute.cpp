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
  std::optional<std::pair<MemRefType, PatternRef>> described = describeAP(ap);
  if (!described)
    return fail(ap.getDefiningOp<AccessPatternInterface>()
                    ? "is an access pattern that is itself invalid"
                    : "must be an access pattern (bir.ap, bir.sym_ap, "
                      "bir.reg_ap)");
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
  if (!machine::isEngineFloat(element) &&
      !(allowI32 && element.isSignlessInteger(32)))
    return fail("has elements of type ")
           << element << "; engines take f32, bf16 or f16"
           << (allowI32 ? " (or i32)" : "");
  // The first pair walks whole partitions; the rest stay inside one.
  int64_t rowElems = type.getNumElements() / type.getDimSize(0);
  if (pattern.empty() || pattern.front().step % rowElems != 0 ||
      pattern.front().num > AddressMap::kNumPartitions)
    return fail("must walk partitions with its first [step, num] pair "
                "(a step of whole rows of ")
           << rowElems << " elements, at most "
           << AddressMap::kNumPartitions << " partitions)";
  // A kind-1 pattern starts inside a partition at its offset.
  int64_t reach = 0;
  if (auto phys = ap.getDefiningOp<PhysicalAPOp>())
    reach = phys.getOffset() % rowElems;
  for (PatternLevel level : pattern.dropFront().levels())
    reach += level.step * (level.num - 1);
  if (reach >= rowElems)
    return fail("reaches past one partition with its free pairs (element ")
           << reach << " of " << rowElems << ")";
  return pattern.getNums();
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

/// The shapes of an instruction's `in` and `out` operands, on its owner.
static FailureOr<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
verifyInOut(Operation *op, Engine engine, Engine owner, Value in, Value out) {
  if (failed(verifyEngine(op, engine, owner)))
    return failure();
  auto inShape = verifyComputeOperand(op, in, "in", engine);
  auto outShape = verifyComputeOperand(op, out, "out", engine);
  if (failed(inShape) || failed(outShape))
    return failure();
  return std::make_pair(*inShape, *outShape);
}

/// The shape of an instruction whose `in` and `out` have the same
/// partitions and elements per partition.
static FailureOr<SmallVector<int64_t>> verifySameShapeInOut(Operation *op,
                                                           Engine engine,
                                                           Engine owner,
                                                           Value in,
                                                           Value out) {
  auto shapes = verifyInOut(op, engine, owner, in, out);
  if (failed(shapes) ||
      failed(verifySameShape(op, shapes->first, shapes->second, "in and out")))
    return failure();
  return shapes->second;
}

/// An operand given either as a value or as an immediate, never both or
/// neither (`what` names the two).
static LogicalResult verifyExactlyOne(Operation *op, Value operand,
                                      bool hasImmediate, StringRef what) {
  if (static_cast<bool>(operand) != hasImmediate)
    return success();
  return op->emitOpError("needs exactly one ") << what;
}

/// The shape of an instruction with same-shape `in` and `out`
/// (verifySameShapeInOut) and one operand given as a value or as an
/// immediate (verifyExactlyOne).
static FailureOr<SmallVector<int64_t>>
verifyInOutWithOneOf(Operation *op, Engine engine, Engine owner, Value in,
                     Value out, Value operand, bool hasImmediate,
                     StringRef what) {
  if (failed(verifyExactlyOne(op, operand, hasImmediate, what)))
    return failure();
  return verifySameShapeInOut(op, engine, owner, in, out);
}

/// True when `ap` is an access pattern of i32 elements.
static bool isI32(Value ap) {
  std::optional<std::pair<MemRefType, PatternRef>> described = describeAP(ap);
  return described && described->first.getElementType().isSignlessInteger(32);
}

LogicalResult TensorTensorOp::verify() {
  // The Pool engine computes natively in int32 when every operand is i32;
  // the Vector engine computes in f32.
  bool onPool = getEngine() == Engine::pool;
  if (!onPool && failed(verifyEngine(*this, getEngine(), Engine::dve)))
    return failure();
  auto lhs = verifyComputeOperand(*this, getLhs(), "lhs", getEngine(), onPool);
  auto rhs = verifyComputeOperand(*this, getRhs(), "rhs", getEngine(), onPool);
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine(), onPool);
  if (failed(lhs) || failed(rhs) || failed(out))
    return failure();
  if (onPool && !(isI32(getLhs()) && isI32(getRhs()) && isI32(getOut())))
    return emitOpError("on the Pool engine computes in int32: lhs, rhs and "
                       "out must all be i32 (float operands run on dve)");
  if (onPool && getKind() == ElementwiseKind::divide)
    return emitOpError("has no int32 divide on the Pool engine");
  if (failed(verifySameShape(*this, *lhs, *out, "lhs and out")) ||
      failed(verifySameShape(*this, *rhs, *out, "rhs and out")))
    return failure();
  return success();
}

LogicalResult TensorScalarOp::verify() {
  return verifyInOutWithOneOf(
      *this, getEngine(), Engine::dve, getIn(), getOut(), getScalarReg(),
      getScalarImm().has_value(), "scalar: `reg` or `imm`");
}

LogicalResult TensorCopyOp::verify() {
  // i32 to float rounds to nearest even (sitofp), float to i32 truncates
  // toward zero (fptosi, saturating), i32 to i32 copies the bits.
  if (failed(verifyEngine(*this, getEngine(), Engine::dve)))
    return failure();
  auto in = verifyComputeOperand(*this, getIn(), "in", getEngine(), true);
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine(), true);
  if (failed(in) || failed(out))
    return failure();
  return verifySameShape(*this, *in, *out, "in and out");
}

LogicalResult CopyPredicatedOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::dve)))
    return failure();
  if (failed(verifyExactlyOne(*this, getSrc(), getSrcImm().has_value(),
                              "source: an operand or `imm`")))
    return failure();
  auto predicate =
      verifyComputeOperand(*this, getPredicate(), "predicate", getEngine());
  auto out = verifyComputeOperand(*this, getOut(), "out", getEngine(), true);
  if (failed(predicate) || failed(out) ||
      failed(verifySameShape(*this, *predicate, *out, "predicate and out")))
    return failure();
  // An i32 `out` takes an i32 source, copied bit for bit.
  if (isI32(getOut()) && !(getSrc() && isI32(getSrc())))
    return emitOpError("out is i32, so src must be an i32 operand (copied "
                       "bit for bit)");
  if (!getSrc())
    return success();
  auto src = verifyComputeOperand(*this, getSrc(), "src", getEngine(), true);
  if (failed(src))
    return failure();
  return verifySameShape(*this, *src, *out, "src and out");
}

LogicalResult TensorReduceOp::verify() {
  auto shapes = verifyInOut(*this, getEngine(), Engine::dve, getIn(), getOut());
  if (failed(shapes))
    return failure();
  auto &[in, out] = *shapes;
  if (in.front() != out.front() || countElements(out) != out.front())
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
  auto shape = verifyInOutWithOneOf(
      *this, getEngine(), Engine::pool, getIn(), getOut(), getBoundReg(),
      getBoundImm().has_value(), "bound: `reg` or `imm`");
  if (failed(shape))
    return failure();
  return verifyAffineIndex(*this, *shape, getFree());
}

/// A per-partition operand of `partitions` partitions: one element each.
static LogicalResult verifyPerPartition(Operation *op, ArrayRef<int64_t> shape,
                                        int64_t partitions, StringRef name) {
  if (shape.front() == partitions)
    return success();
  return op->emitOpError(name) << " must have " << partitions
                               << " partitions, one per partition of out";
}

LogicalResult ActivationOp::verify() {
  auto out = verifyInOutWithOneOf(*this, getEngine(), Engine::act, getIn(),
                                  getOut(), getBias(), getBiasImm().has_value(),
                                  "bias: an operand or `bias_imm`");
  if (failed(out))
    return failure();
  for (auto [value, name] : {std::make_pair(getBias(), "bias"),
                             std::make_pair(getSum(), "sum")}) {
    if (!value)
      continue;
    auto shape = verifyComputeOperand(*this, value, name, getEngine());
    if (failed(shape) ||
        failed(verifyPerPartition(*this, *shape, out->front(), name)))
      return failure();
    if (StringRef(name) == "sum" && countElements(*shape) != shape->front())
      return emitOpError("sum must have one element in each partition");
  }
  return success();
}

/// The [partitions, free elements] of a 2-D matmul operand.
static FailureOr<std::pair<int64_t, int64_t>>
matmulShape(Operation *op, Value ap, StringRef name, bool inPSUM) {
  auto shape = verifyComputeOperand(op, ap, name, Engine::pe);
  if (failed(shape))
    return failure();
  auto [type, pattern] = *describeAP(ap);
  bool isPSUM = getMemorySpace(type) == MemorySpace::psum;
  if (isPSUM != inPSUM)
    return op->emitOpError(name)
           << (inPSUM ? " must be in PSUM" : " must be in SBUF");
  if (inPSUM && !type.getElementType().isF32())
    return op->emitOpError(name) << " must be f32 (the PSUM accumulator)";
  return std::make_pair(shape->front(), countElements(*shape) / shape->front());
}

LogicalResult TransposeOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::pe)))
    return failure();
  auto in = matmulShape(*this, getIn(), "in", false);
  auto out = matmulShape(*this, getOut(), "out", true);
  if (failed(in) || failed(out))
    return failure();
  auto [p, f] = *in;
  if (f > AddressMap::kNumPartitions)
    return emitOpError("in has ")
           << f << " elements per partition; the PE array transposes at most "
           << AddressMap::kNumPartitions;
  if (out->first != f || out->second != p)
    return emitOpError("out must be ")
           << f << " partitions of " << p << " elements, got " << out->first
           << " of " << out->second;
  return success();
}

LogicalResult MatmulOp::verify() {
  if (failed(verifyEngine(*this, getEngine(), Engine::pe)))
    return failure();
  auto stationary = matmulShape(*this, getStationary(), "stationary", false);
  auto moving = matmulShape(*this, getMoving(), "moving", false);
  auto out = matmulShape(*this, getOut(), "out", true);
  if (failed(stationary) || failed(moving) || failed(out))
    return failure();
  auto [k, m] = *stationary;
  auto [k2, n] = *moving;
  if (k != k2)
    return emitOpError("contracts ")
           << k << " stationary partitions with " << k2 << " moving ones";
  if (m > AddressMap::kNumPartitions)
    return emitOpError("stationary has ")
           << m << " columns; the PE array has " << AddressMap::kNumPartitions;
  if (out->first != m || out->second != n)
    return emitOpError("out must be ")
           << m << " partitions of " << n << " elements, got " << out->first
           << " of " << out->second;
  if (n > 512)
    return emitOpError("moving has ")
           << n << " columns; one PSUM bank holds 512 f32 per partition";
  return success();
}
