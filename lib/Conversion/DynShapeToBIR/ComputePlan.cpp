//===- ComputePlan.cpp - which linalg ops the engines run, and how --------===//
//
// The supported compute, stated once (docs/Compute.md): planCompute either
// plans a buffer-level linalg op for the engines or says why it cannot.
//
//===----------------------------------------------------------------------===//

#include "Compute.h"

#include "dyn/Dialect/BIR/IR/MathFunctions.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"
#include "dyn/Dialect/BIR/IR/BIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// The most instructions (chunks and unrolled points) one op runs as.
static constexpr int64_t kMaxUnrolled = 1024;

int64_t dyn::getMaxFreeElements() {
  return AddressMap::getCapacity(MemorySpace::sbuf) / 4;
}

/// A float, i32 or i1 constant: what a body or a fill may hold.
static bool isEngineConstant(Value value) {
  TypedAttr attr = getConstantAttr(value);
  if (!attr)
    return false;
  Type type = attr.getType();
  return llvm::isa<FloatAttr>(attr) ||
         (llvm::isa<IntegerAttr>(attr) &&
          (type.isSignlessInteger(32) || type.isSignlessInteger(1)));
}

static std::string describe(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "'";
}

static std::string describe(Type type) {
  std::string s;
  llvm::raw_string_ostream(s) << "'" << type << "'";
  return s;
}

static constexpr llvm::StringLiteral kCaptured =
    "its body reads a value from outside it that is not a constant";

/// True for a value defined outside `body` that is not a constant.
static bool isCapturedValue(Value value, Block &body) {
  return value.getParentBlock() != &body && !isEngineConstant(value);
}

/// Why one op of an all-parallel body is not an engine op, or "". The body
/// computes on engine floats, i32 (the Pool engine's integers) and i1
/// (compares, which the engines hold as 1.0 or 0.0).
static std::string whyNotElementwiseOp(Operation &inner) {
  for (Type type : llvm::concat<Type>(inner.getOperandTypes(),
                                      inner.getResultTypes()))
    if (!machine::isEngineFloat(type) && !type.isSignlessInteger(32) &&
        !type.isSignlessInteger(1))
      return "its body computes on " + describe(type) +
             "; the engines compute on f32, bf16, f16, i32 and compares";
  if (llvm::isa<arith::ConstantOp>(inner))
    return isEngineConstant(inner.getResult(0))
               ? ""
               : "its body has a constant that is not a scalar";
  if (!llvm::isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
                 arith::MaximumFOp, arith::MinimumFOp, arith::CmpFOp,
                 arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::MaxSIOp,
                 arith::MinSIOp, arith::CmpIOp, arith::SelectOp,
                 arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::UIToFPOp,
                 arith::SIToFPOp, arith::FPToSIOp, arith::ExtFOp,
                 arith::TruncFOp, arith::NegFOp, math::PowFOp>(inner) &&
      !getActivationFunction(&inner))
    return "its body has " + describe(&inner) +
           ", which the engines do not run elementwise (docs/Compute.md "
           "lists the body ops they run)";
  if (llvm::isa<math::PowFOp>(inner) && !getPowFormOf(&inner))
    return "its body has 'math.powf' by an exponent other than the "
           "constants the engines take (" +
           kPowExponents.str() + ")";
  if (auto cmp = llvm::dyn_cast<arith::CmpFOp>(inner);
      cmp && (cmp.getPredicate() == arith::CmpFPredicate::AlwaysTrue ||
              cmp.getPredicate() == arith::CmpFPredicate::AlwaysFalse))
    return "its body has a constant compare (fold it first)";
  if (llvm::all_of(inner.getOperands(), isEngineConstant))
    return "its body has " + describe(&inner) +
           " of constants only (fold it first)";
  if (llvm::any_of(inner.getOperands(), [&](Value v) {
        return isCapturedValue(v, *inner.getBlock());
      }))
    return kCaptured.str();
  Type in = inner.getOperand(0).getType();
  if (llvm::isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(inner) &&
      !in.isSignlessInteger(1))
    return "its body has " + describe(&inner) +
           " of i32; the engines run andi, ori and xori of compares only";
  if (llvm::isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::MaxSIOp,
                arith::MinSIOp>(inner) &&
      !in.isSignlessInteger(32))
    return "its body has " + describe(&inner) +
           " of i1; the Pool engine runs integer arithmetic on i32";
  if (llvm::isa<arith::SIToFPOp, arith::UIToFPOp>(inner) &&
      in.isSignlessInteger(32) && !inner.getResult(0).getType().isF32())
    return "its body converts an i32 to a type narrower than f32, which "
           "would round twice";
  if (llvm::isa<arith::FPToSIOp>(inner) &&
      !inner.getResult(0).getType().isSignlessInteger(32))
    return "its body has 'arith.fptosi' to i1; the engines convert floats "
           "to i32";
  if (llvm::isa<arith::TruncFOp>(inner) &&
      !machine::isEngineFloat(inner.getResult(0).getType()))
    return "its body truncates to a type the engines do not store";
  if (auto trunc = llvm::dyn_cast<arith::TruncFOp>(inner);
      trunc && trunc.getRoundingmode() &&
      *trunc.getRoundingmode() != arith::RoundingMode::to_nearest_even)
    return "its body truncates with rounding mode '" +
           arith::stringifyRoundingMode(*trunc.getRoundingmode()).str() +
           "'; the engines round to nearest even";
  return "";
}

static std::string whyNotElementwiseBody(Block &body) {
  for (Operation &inner : body.without_terminator())
    if (std::string why = whyNotElementwiseOp(inner); !why.empty())
      return why;
  if (llvm::any_of(body.getTerminator()->getOperands(), [&](Value v) {
        return isCapturedValue(v, body);
      }))
    return kCaptured.str();
  return "";
}

/// The combiner of a one-op reduction body `combine(in, acc)`, `in`
/// possibly widened by extf.
static std::optional<ReduceKind> getCombiner(linalg::LinalgOp op) {
  Block &body = *op.getBlock();
  auto yield = llvm::cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1)
    return std::nullopt;
  Operation *combiner = yield.getOperand(0).getDefiningOp();
  if (!combiner || combiner->getBlock() != &body ||
      combiner->getNumOperands() != 2)
    return std::nullopt;
  BlockArgument in = body.getArgument(0), acc = body.getArgument(1);
  auto isIn = [&](Value v) {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>())
      v = ext.getIn();
    return v == in;
  };
  Value a = combiner->getOperand(0), b = combiner->getOperand(1);
  Value input = b == acc ? a : b;
  if (!(isIn(a) && b == acc) && !(isIn(b) && a == acc))
    return std::nullopt;
  // Nothing else in the body: the combiner and perhaps one extf.
  size_t expected = 1 + (input != in);
  if (llvm::range_size(body.without_terminator()) != expected)
    return std::nullopt;
  if (llvm::isa<arith::AddFOp>(combiner))
    return ReduceKind::add;
  if (llvm::isa<arith::MaximumFOp>(combiner))
    return ReduceKind::max;
  if (llvm::isa<arith::MinimumFOp>(combiner))
    return ReduceKind::min;
  if (llvm::isa<arith::MaxNumFOp>(combiner))
    return ReduceKind::maxnum;
  if (llvm::isa<arith::MinNumFOp>(combiner))
    return ReduceKind::minnum;
  return std::nullopt;
}

/// True for a body `acc + ext(a) * ext(b)` (each extf optional).
static bool isMultiplyAccumulate(linalg::LinalgOp op) {
  Block &body = *op.getBlock();
  auto yield = llvm::cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1)
    return false;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  BlockArgument acc = body.getArgument(2);
  Value product = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  if (add.getLhs() != acc && add.getRhs() != acc)
    return false;
  auto mul = product.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return false;
  auto strip = [](Value v) {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>())
      return ext.getIn();
    return v;
  };
  Value a = strip(mul.getLhs()), b = strip(mul.getRhs());
  bool operandsAreInputs = (a == body.getArgument(0) && b == body.getArgument(1)) ||
                           (a == body.getArgument(1) && b == body.getArgument(0));
  size_t exts = (a != mul.getLhs()) + (b != mul.getRhs());
  return operandsAreInputs &&
         llvm::range_size(body.without_terminator()) == 2 + exts;
}

/// `a * b` for counts that come from the input and may be huge: saturates
/// at INT64_MAX (both are non-negative).
static int64_t countMul(int64_t a, int64_t b) {
  return llvm::checkedMul(a, b).value_or(INT64_MAX);
}

static int64_t product(ArrayRef<int64_t> loops, ArrayRef<int64_t> extents) {
  int64_t n = 1;
  for (int64_t loop : loops)
    n = countMul(n, extents[loop]);
  return n;
}

/// The chunks of `size` that a loop of `extent` runs in (none for -1).
static int64_t chunksOf(ArrayRef<int64_t> extents, int64_t loop,
                        int64_t size) {
  return loop < 0 ? 1 : llvm::divideCeil(extents[loop], size);
}

static std::string planContraction(linalg::LinalgOp op, ComputePlan &plan) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->k.size() != 1 || dims->m.size() > 1 ||
      dims->n.size() > 1)
    return "a contraction other than a (batched) matmul: one contraction "
           "loop, at most one row loop and one column loop";
  if (!llvm::cast<ShapedType>(op.getDpsInits()[0].getType())
           .getElementType()
           .isF32())
    return "a contraction into a result that is not f32; the PE array "
           "accumulates in f32";
  plan.kind = ComputePlan::Kind::Contraction;
  plan.k = dims->k[0];
  plan.m = dims->m.empty() ? -1 : static_cast<int64_t>(dims->m[0]);
  plan.n = dims->n.empty() ? -1 : static_cast<int64_t>(dims->n[0]);
  plan.partitionLoop = plan.m;
  if (plan.n >= 0)
    plan.freeLoops.push_back(plan.n);
  plan.unrolledLoops.assign(dims->batch.begin(), dims->batch.end());
  return "";
}

/// Why `plan` leaves a loop of `op` without a role, which the lowering
/// would then run at index 0 only; "" when every loop has one.
static std::string whyNotEveryLoopRuns(linalg::LinalgOp op,
                                       const ComputePlan &plan) {
  llvm::SmallBitVector runs(op.getNumLoops());
  for (int64_t loop : {plan.partitionLoop, plan.k})
    if (loop >= 0)
      runs.set(loop);
  for (int64_t loop : llvm::concat<const int64_t>(plan.freeLoops,
                                                   plan.unrolledLoops))
    runs.set(loop);
  int idle = runs.find_first_unset();
  if (idle < 0)
    return "";
  if (!op.getIndexingMapsArray().back().isFunctionOfDim(idle) &&
      op.getIteratorTypesArray()[idle] == utils::IteratorType::parallel)
    return "a parallel loop that the output does not index";
  return "a loop that is not a batch, row, column or contraction loop of a "
         "(batched) matmul";
}

std::string dyn::planCompute(linalg::LinalgOp op, ComputePlan &plan) {
  plan = ComputePlan();
  if (!op.hasPureBufferSemantics())
    return "compute on tensors; the engines run compute on buffers";
  if (op.getNumDpsInits() != 1)
    return "an op with " + std::to_string(op.getNumDpsInits()) +
           " outputs; an engine op writes one";
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return "an indexing map that is not a projected permutation (each "
             "operand dim read by its own loop)";
  plan.extents = op.getStaticLoopRanges();
  if (llvm::any_of(plan.extents, ShapedType::isDynamic))
    return "a loop without a static extent";
  if (llvm::is_contained(plan.extents, 0))
    return "a loop of extent 0 (an empty tensor); the engines compute on "
           "non-empty tensors";
  // Tensor operands first: an integer fill names its tensor, not its value.
  // The Pool engine computes on i32 elementwise (and a memset fills it).
  bool takesI32 = op.getNumReductionLoops() == 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = llvm::dyn_cast<ShapedType>(operand.get().getType());
    if (type && !machine::isEngineFloat(type.getElementType()) &&
        !(takesI32 && type.getElementType().isSignlessInteger(32)))
      return "operand #" + std::to_string(operand.getOperandNumber()) +
             " of element type " + describe(type.getElementType()) +
             "; the engines compute on f32, bf16 and f16 (and on i32 in "
             "fills and all-parallel ops)";
  }
  for (OpOperand &operand : op->getOpOperands())
    if (!llvm::isa<ShapedType>(operand.get().getType()) &&
        !isEngineConstant(operand.get()))
      return "scalar operand #" + std::to_string(operand.getOperandNumber()) +
             " that is not a constant";
  AffineMap outMap = op.getIndexingMapsArray().back();
  if (outMap.getNumResults() == 0)
    return "a rank-0 result; the engines write tensors of rank 1 or more";
  auto outLoop = [&](unsigned i) {
    return static_cast<int64_t>(outMap.getDimPosition(i));
  };

  std::string why;
  if (llvm::isa<linalg::FillOp>(op.getOperation())) {
    plan.kind = ComputePlan::Kind::Fill;
  } else if (op.getNumReductionLoops() == 0) {
    plan.kind = ComputePlan::Kind::Elementwise;
    why = whyNotElementwiseBody(*op.getBlock());
  } else if (op.getNumDpsInputs() == 2 && isMultiplyAccumulate(op)) {
    why = planContraction(op, plan);
  } else if (std::optional<ReduceKind> combiner =
                 op.getNumDpsInputs() == 1 ? getCombiner(op) : std::nullopt) {
    plan.kind = ComputePlan::Kind::Reduce;
    plan.combiner = *combiner;
    if (*combiner == ReduceKind::add &&
        !llvm::cast<ShapedType>(op.getDpsInits()[0].getType())
             .getElementType()
             .isF32())
      return "a sum into a result that is not f32; the engines accumulate "
             "in f32";
  } else {
    return "a reduction that is neither one addf, maximumf, minimumf, "
           "maxnumf or minnumf of its input (possibly extf'd) into the "
           "output, nor a matmul (acc + a * b)";
  }
  if (!why.empty())
    return why;

  if (plan.kind != ComputePlan::Kind::Contraction) {
    plan.partitionLoop = outLoop(0);
    for (unsigned i = 1; i < outMap.getNumResults(); ++i)
      (plan.kind == ComputePlan::Kind::Reduce ? plan.unrolledLoops
                                               : plan.freeLoops)
          .push_back(outLoop(i));
    if (plan.kind == ComputePlan::Kind::Reduce)
      for (auto [loop, type] : llvm::enumerate(op.getIteratorTypesArray()))
        if (type == utils::IteratorType::reduction)
          plan.freeLoops.push_back(loop);
  }
  if (std::string why = whyNotEveryLoopRuns(op, plan); !why.empty())
    return why;
  // Separate instructions: the unrolled loops' points times the chunks.
  int64_t instances = countMul(
      product(plan.unrolledLoops, plan.extents),
      chunksOf(plan.extents, plan.partitionLoop, AddressMap::kNumPartitions));
  if (plan.kind == ComputePlan::Kind::Contraction)
    instances = countMul(
        instances,
        countMul(chunksOf(plan.extents, plan.n, kPsumColumns),
                 chunksOf(plan.extents, plan.k, AddressMap::kNumPartitions)));
  if (instances > kMaxUnrolled)
    return "an op that runs as " + std::to_string(instances) +
           " separate engine instructions, more than " +
           std::to_string(kMaxUnrolled);
  // A reduction's row holds its init too.
  int64_t free = llvm::checkedAdd(product(plan.freeLoops, plan.extents),
                                  int64_t(plan.kind == ComputePlan::Kind::Reduce))
                     .value_or(INT64_MAX);
  if (plan.kind != ComputePlan::Kind::Contraction &&
      free > getMaxFreeElements())
    return "an op of " + std::to_string(free) +
           " f32 elements per partition, more than the SBUF holds (" +
           std::to_string(getMaxFreeElements()) + ")";
  return "";
}

SmallVector<Engine> dyn::getComputeEngines(linalg::LinalgOp op,
                                           const ComputePlan &plan) {
  switch (plan.kind) {
  case ComputePlan::Kind::Fill:
    return {};
  case ComputePlan::Kind::Reduce:
    return {Engine::dve};
  case ComputePlan::Kind::Contraction:
    return {Engine::pe, Engine::dve};
  case ComputePlan::Kind::Elementwise:
    break;
  }
  SmallVector<Engine> engines;
  auto add = [&](Engine engine) {
    if (!llvm::is_contained(engines, engine))
      engines.push_back(engine);
  };
  Block &body = *op.getBlock();
  // A sigmoid or SiLU written out is one Activation instruction.
  FusedActivations fused = findFusedActivations(body);
  for (Operation &inner : body.without_terminator()) {
    if (fused.absorbed.contains(&inner))
      continue;
    std::optional<ActivationFunction> function =
        getActivationFunction(&inner);
    if (auto it = fused.roots.find(&inner); it != fused.roots.end())
      function = it->second.function;
    if (function)
      add(Engine::act);
    // Integer arithmetic; a compare is then copied to an f32 0.0/1.0, and
    // uitofp of an i32 splits it on both engines.
    bool isFlagToFloat = llvm::isa<arith::UIToFPOp>(inner) &&
                         inner.getOperand(0).getType().isInteger(1);
    // A select of a constant condition is its choice: no instruction.
    if (llvm::isa<arith::SelectOp>(inner) &&
        isEngineConstant(inner.getOperand(0)))
      continue;
    if (llvm::isa<arith::AddIOp, arith::SubIOp, arith::MulIOp,
                  arith::MaxSIOp, arith::MinSIOp, arith::CmpIOp,
                  arith::UIToFPOp>(inner) &&
        !isFlagToFloat)
      add(Engine::pool);
    // Constants are memsets or immediates; extf and uitofp of a compare
    // are exact on f32.
    if (!function &&
        !llvm::isa<arith::AddIOp, arith::SubIOp, arith::MulIOp,
                   arith::MaxSIOp, arith::MinSIOp, arith::ConstantOp,
                   arith::ExtFOp>(inner) &&
        !isFlagToFloat)
      add(Engine::dve);
  }
  // A yielded input is copied on the Vector engine (a constant is a memset).
  Value yielded = body.getTerminator()->getOperand(0);
  if (auto arg = llvm::dyn_cast<BlockArgument>(yielded);
      arg && arg.getArgNumber() < op.getNumDpsInputs() &&
      !isEngineConstant(op->getOperand(arg.getArgNumber())))
    add(Engine::dve);
  return engines;
}

std::string dyn::whyNotOnEngines(linalg::LinalgOp op) {
  ComputePlan plan;
  std::string why = planCompute(op, plan);
  if (!why.empty())
    return why;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<int64_t> mFree, nFree;
  if (plan.m >= 0)
    mFree.push_back(plan.m);
  if (plan.n >= 0)
    nFree.push_back(plan.n);
  for (OpOperand &operand : op->getOpOperands()) {
    Value view = operand.get();
    if (!llvm::isa<MemRefType>(view.getType()))
      continue;
    if (std::string side = whyNotASide(view); !side.empty())
      return side;
    unsigned i = operand.getOperandNumber();
    bool isOutput = op.isDpsInit(&operand);
    int64_t partitionLoop = plan.partitionLoop;
    ArrayRef<int64_t> freeLoops = plan.freeLoops;
    if (plan.kind == ComputePlan::Kind::Reduce && isOutput)
      freeLoops = {};
    if (plan.kind == ComputePlan::Kind::Contraction && !isOutput) {
      partitionLoop = plan.k;
      freeLoops = i == 0 ? ArrayRef<int64_t>(mFree) : ArrayRef<int64_t>(nFree);
    }
    if (std::string order =
            whyNotStageable(view, maps[i], partitionLoop, freeLoops);
        !order.empty())
      return order;
  }
  return "";
}
