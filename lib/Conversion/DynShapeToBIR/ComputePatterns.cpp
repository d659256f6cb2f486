//===- ComputePatterns.cpp - linalg compute on the engines ----------------===//
//
// One pattern per ComputePlan kind (docs/Compute.md). Each runs its op in
// chunks of at most 128 partitions (and, for a matmul, 128 contraction rows
// and 512 PSUM columns), reaching its operands through an OnChipBuilder:
//   - a fill is a memset;
//   - an elementwise body is one engine instruction per body op, through
//     f32 SBUF temporaries (binary ops on the Vector engine, exp on the
//     Activation engine, truncf a converting copy);
//   - a reduction copies its init and its input into one SBUF row per
//     partition, init first, and reduces that row on the Vector engine, so
//     the combination order is linalg's (init, then the elements in order);
//   - a matmul copies its init into a PSUM tile and accumulates each chunk
//     of the contraction into it on the PE array, then copies it out.
// The padder's float masks become Pool-engine affine_selects reading the
// size register.
//
//===----------------------------------------------------------------------===//

#include "Compute.h"

#include "dyn/Dialect/BIR/IR/AddressMap.h"
#include "dyn/Dialect/BIR/IR/MathFunctions.h"
#include "dyn/Dialect/DynShape/IR/DynShape.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace dyn;
using namespace dyn::bir;

/// The chunks of `extent` of at most `size` each.
static SmallVector<LoopRange> chunks(int64_t extent, int64_t size) {
  SmallVector<LoopRange> result;
  for (int64_t first = 0; first < extent; first += size)
    result.push_back({first, std::min(size, extent - first)});
  return result;
}

/// Calls `body` with the ranges of every point of the unrolled loops and
/// every chunk of the partition loop (full ranges elsewhere).
static void forEachInstance(const ComputePlan &plan,
                            function_ref<void(ArrayRef<LoopRange>)> body) {
  SmallVector<LoopRange> ranges;
  for (int64_t extent : plan.extents)
    ranges.push_back({0, extent});
  std::function<void(size_t)> unroll = [&](size_t i) {
    if (i < plan.unrolledLoops.size()) {
      int64_t loop = plan.unrolledLoops[i];
      for (int64_t index = 0; index < plan.extents[loop]; ++index) {
        ranges[loop] = {index, 1};
        unroll(i + 1);
      }
      ranges[loop] = {0, plan.extents[loop]};
      return;
    }
    if (plan.partitionLoop < 0)
      return body(ranges);
    for (LoopRange chunk :
         chunks(plan.extents[plan.partitionLoop],
                AddressMap::kNumPartitions)) {
      ranges[plan.partitionLoop] = chunk;
      body(ranges);
    }
    ranges[plan.partitionLoop] = {0, plan.extents[plan.partitionLoop]};
  };
  unroll(0);
}

/// The partitions an instance of `plan` spans (1 without a partition loop).
static int64_t partitionCount(const ComputePlan &plan,
                              ArrayRef<LoopRange> ranges) {
  return plan.partitionLoop < 0 ? 1 : ranges[plan.partitionLoop].count;
}

static int64_t freeElements(const ComputePlan &plan,
                            ArrayRef<LoopRange> ranges) {
  int64_t n = 1;
  for (int64_t loop : plan.freeLoops)
    n *= ranges[loop].count;
  return n;
}

/// The bits a memset writes for `value` into `type` elements: a float
/// rounded to the type, an i32 as is (the plan admits nothing else).
static uint64_t getMemsetBits(TypedAttr value, Type type) {
  if (auto integer = llvm::dyn_cast<IntegerAttr>(value))
    return integer.getValue().getZExtValue();
  APFloat f = llvm::cast<FloatAttr>(value).getValue();
  bool lost = false;
  f.convert(llvm::cast<FloatType>(type).getFloatSemantics(),
            APFloat::rmNearestTiesToEven, &lost);
  return f.bitcastToAPInt().getZExtValue();
}

/// The buffer a view is of (its views stripped).
static Value getRootBuffer(Value view) {
  view = lookThroughConversion(view);
  for (Value source = getViewSource(view); source;
       source = getViewSource(view))
    view = lookThroughConversion(source);
  return view;
}

/// The constant a body value `v` of `op` is (in the body, or an operand
/// that is one), or null.
static TypedAttr getBodyConstant(linalg::LinalgOp op, Value v) {
  auto arg = llvm::dyn_cast<BlockArgument>(v);
  return getConstantAttr(arg && arg.getOwner() == op.getBlock()
                             ? op->getOperand(arg.getArgNumber())
                             : v);
}

/// Whether input `i` of `op` is its output buffer read at the positions
/// it writes (an in-place elementwise op).
static bool isSamePositions(linalg::LinalgOp op, unsigned i) {
  unsigned out = op.getNumDpsInputs();
  return op->getOperand(i) == op->getOperand(out) &&
         op.getIndexingMapsArray()[i] == op.getIndexingMapsArray()[out];
}

/// The body ops of an all-parallel op whose result goes into the output
/// itself instead of an SBUF temporary (docs/Compute.md), so that an op's
/// intermediates take no SBUF of their own. An op's result may go there
/// when it has the output's element type and nothing read after it lives
/// there: the init, an input whose buffer is the output's (an in-place op,
/// or a mask of it), or an earlier result written there. A select or a
/// compare writes its result in steps, so neither takes the output while it
/// reads another value that lives there (a select leaves a choice in place
/// that lives at the positions it writes). The last op's result, of the
/// output's own element type, is exempt from the type test only.
static llvm::DenseSet<Operation *>
getOutputWriters(linalg::LinalgOp op, const FusedActivations &fused,
                 function_ref<bool(unsigned)> aliasesOutput) {
  Block &body = *op.getBlock();
  auto yield = llvm::cast<linalg::YieldOp>(body.getTerminator());
  Value yielded = yield.getOperand(0);
  BlockArgument init = body.getArgument(op.getNumDpsInputs());
  Type outType = init.getType();
  auto constantOf = [&](Value v) { return getBodyConstant(op, v); };
  // The value whose engine value `v` is (lowerElementwise forwards exact
  // widenings, compares as floats, and selects of a constant condition).
  std::function<Value(Value)> resolve = [&](Value v) -> Value {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != &body)
      return v;
    if (llvm::isa<arith::ExtFOp>(def) ||
        (llvm::isa<arith::UIToFPOp>(def) &&
         def->getOperand(0).getType().isInteger(1)))
      return resolve(def->getOperand(0));
    if (llvm::isa<arith::SelectOp>(def))
      if (auto c = llvm::dyn_cast_or_null<IntegerAttr>(
              constantOf(def->getOperand(0))))
        return resolve(def->getOperand(c.getValue().isOne() ? 1 : 2));
    return v;
  };
  // The ops that emit instructions, in order, and what each reads.
  SmallVector<std::pair<Operation *, SmallVector<Value>>> steps;
  for (Operation &inner : body.without_terminator()) {
    if (llvm::isa<arith::ConstantOp>(inner) ||
        fused.absorbed.contains(&inner) ||
        resolve(inner.getResult(0)) != inner.getResult(0))
      continue;
    SmallVector<Value> reads;
    if (auto it = fused.roots.find(&inner); it != fused.roots.end())
      reads.push_back(resolve(it->second.input));
    else
      for (Value operand : inner.getOperands())
        reads.push_back(resolve(operand));
    steps.push_back({&inner, std::move(reads)});
  }
  llvm::DenseMap<Value, size_t> lastRead;
  for (auto [i, step] : llvm::enumerate(steps))
    for (Value v : step.second)
      lastRead[v] = i;
  lastRead[resolve(yielded)] = steps.size();
  // What lives in the output before the first op.
  llvm::SmallPtrSet<Value, 4> inOutput;
  for (BlockArgument arg : body.getArguments())
    if (arg == init || aliasesOutput(arg.getArgNumber()))
      inOutput.insert(arg);
  // Whether `step` reads `value` as a select's condition or a compare's
  // operand: reads that follow the op's first write.
  auto isSteppedRead = [](auto &step, Value value) {
    auto &[inner, reads] = step;
    if (llvm::isa<arith::CmpFOp>(inner))
      return llvm::is_contained(reads, value);
    return llvm::isa<arith::SelectOp>(inner) && reads[0] == value;
  };
  llvm::DenseSet<Operation *> writers;
  for (auto [i, step] : llvm::enumerate(steps)) {
    auto &[inner, reads] = step;
    Value result = inner->getResult(0);
    bool isLast = inner == yield->getPrevNode() && result == yielded;
    Type type = result.getType();
    if (!isLast && (type.isInteger(1) ? Type(Float32Type::get(
                                            op->getContext()))
                                      : type) != outType)
      continue;
    if (llvm::any_of(inOutput, [&, i = i](Value v) {
          auto it = lastRead.find(v);
          return it != lastRead.end() && it->second > i;
        }))
      continue;
    // A select leaves a choice that is the output's own value in place
    // (BodyEmitter::select); any other value living there it would read
    // after its first write.
    auto hazard = [&](auto &&read) {
      size_t j = read.index();
      Value v = read.value();
      if (!inOutput.contains(v))
        return false;
      auto arg = llvm::dyn_cast<BlockArgument>(v);
      bool isOwnValue = !arg || arg == init ||
                        isSamePositions(op, arg.getArgNumber());
      return !llvm::isa<arith::SelectOp>(inner) || j == 0 || !isOwnValue;
    };
    if (llvm::isa<arith::SelectOp, arith::CmpFOp>(inner) &&
        llvm::any_of(llvm::enumerate(reads), hazard))
      continue;
    // Nor does an op whose result a later select or compare would then
    // read from there (the last op would lose the output).
    if (!isLast && llvm::any_of(ArrayRef(steps).drop_front(i + 1),
                                [&, result = result](auto &later) {
                                  return isSteppedRead(later, result);
                                }))
      continue;
    writers.insert(inner);
    inOutput.clear();
    inOutput.insert(result);
  }
  return writers;
}

namespace {

/// Slots of the tiles of one op: its operands, then temporaries.
enum Slot : unsigned { kTempSlots = 64, kRowSlot = 128, kPsumSlot = 129 };

struct LinalgToEngines : OpInterfaceConversionPattern<linalg::LinalgOp> {
  using OpInterfaceConversionPattern::OpInterfaceConversionPattern;

  LogicalResult
  matchAndRewrite(linalg::LinalgOp op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (llvm::isa<linalg::TransposeOp>(op.getOperation()) &&
        whyNotATransposeDMA(op).empty())
      return rewriter.notifyMatchFailure(op, "a transposing DMA");
    ComputePlan plan;
    std::string why = planCompute(op, plan);
    if (!why.empty())
      return rewriter.notifyMatchFailure(op, why);
    OnChipBuilder builder(rewriter, op, *getTypeConverter<BIRTypeConverter>());
    using Kind = ComputePlan::Kind;
    auto lower =
        plan.kind == Kind::Fill          ? &LinalgToEngines::lowerFill
        : plan.kind == Kind::Elementwise ? &LinalgToEngines::lowerElementwise
        : plan.kind == Kind::Reduce      ? &LinalgToEngines::lowerReduce
                                         : &LinalgToEngines::lowerContraction;
    (this->*lower)(op, operands, plan, builder);
    builder.eraseFoldedMasks();
    rewriter.eraseOp(op);
    return success();
  }

private:
  Engine engine() const { return getTypeConverter<BIRTypeConverter>()->getEngine(); }

  static AffineMap mapOf(linalg::LinalgOp op, unsigned i) {
    return op.getIndexingMapsArray()[i];
  }

  void lowerFill(linalg::LinalgOp op, ArrayRef<Value> operands,
                 const ComputePlan &plan, OnChipBuilder &builder) const {
    TypedAttr value = getConstantAttr(op.getDpsInputs()[0]);
    Value out = operands.back();
    uint64_t bits = getMemsetBits(
        value, llvm::cast<MemRefType>(out.getType()).getElementType());
    ConversionPatternRewriter &rewriter = builder.getRewriter();
    MLIRContext *ctx = rewriter.getContext();
    forEachInstance(plan, [&](ArrayRef<LoopRange> ranges) {
      Value ap = builder.write(0, out, mapOf(op, 1), plan.partitionLoop,
                               plan.freeLoops, ranges, /*alsoRead=*/false);
      // A memset fills a static pattern; one that a loop's induction
      // register steers gets a filled tile copied in.
      Value filled = ap;
      if (!ap.getDefiningOp<PhysicalAPOp>())
        filled = builder.tile(
            kTempSlots,
            partitionCount(plan, ranges),
            freeElements(plan, ranges),
            llvm::cast<MemRefType>(out.getType()).getElementType());
      MemsetOp::create(rewriter, op.getLoc(), filled,
                       rewriter.getI64IntegerAttr(bits),
                       EngineAttr::get(ctx, engine()));
      if (filled != ap)
        TensorCopyOp::create(rewriter, op.getLoc(), filled, ap, Engine::dve);
      builder.finishWrites();
    });
  }

  void lowerElementwise(linalg::LinalgOp op, ArrayRef<Value> operands,
                        const ComputePlan &plan, OnChipBuilder &builder) const {
    ConversionPatternRewriter &rewriter = builder.getRewriter();
    MLIRContext *ctx = rewriter.getContext();
    Location loc = op.getLoc();
    Block &body = *op.getBlock();
    auto yield = llvm::cast<linalg::YieldOp>(body.getTerminator());
    Value yielded = yield.getOperand(0);
    unsigned outNumber = op.getNumDpsInputs();
    BlockArgument init = body.getArgument(outNumber);
    // A sigmoid or SiLU written out is one instruction at its root.
    FusedActivations fused = findFusedActivations(body);
    Value outRoot = getRootBuffer(op->getOperand(outNumber));
    llvm::DenseSet<Operation *> writers =
        getOutputWriters(op, fused, [&](unsigned i) {
          Value input = op->getOperand(i);
          if (auto mask = llvm::cast_if_present<dynshape::BufferMaskOp>(
                  getTypeConverter<BIRTypeConverter>()->getState().getFoldedMask(input)))
            if (getRootBuffer(mask.getInput()) == outRoot)
              return true;
          return getRootBuffer(input) == outRoot;
        });
    forEachInstance(plan, [&](ArrayRef<LoopRange> ranges) {
      int64_t partitions =
          partitionCount(plan, ranges);
      int64_t elements = freeElements(plan, ranges);
      Value outAP = builder.write(
          outNumber, operands[outNumber], mapOf(op, outNumber),
          plan.partitionLoop, plan.freeLoops, ranges, !init.use_empty());
      llvm::DenseMap<Value, EngineValue> values;
      values[init] = {outAP, {}};
      unsigned temp = kTempSlots;
      auto newTemp = [&](Type type) {
        return builder.tile(temp++, partitions, elements, type);
      };
      // A tile the registers' engine fills with a constant's bits.
      auto constTile = [&](Type type, uint64_t bits) {
        Value tile = newTemp(type);
        MemsetOp::create(rewriter, loc, tile, rewriter.getI64IntegerAttr(bits),
                         EngineAttr::get(ctx, engine()));
        return tile;
      };
      auto constantOf = [&](Value v) { return getBodyConstant(op, v); };
      auto get = [&](Value v) -> EngineValue {
        if (auto it = values.find(v); it != values.end())
          return it->second;
        if (TypedAttr attr = constantOf(v)) {
          if (auto f = llvm::dyn_cast<FloatAttr>(attr))
            return values[v] = {Value(),
                                static_cast<float>(f.getValueAsDouble())};
          APInt bits = llvm::cast<IntegerAttr>(attr).getValue();
          if (bits.getBitWidth() == 1) // a compare: 1.0 or 0.0
            return values[v] = {Value(), bits.isOne() ? 1.0f : 0.0f};
          // The Pool engine's integer ops take no immediates.
          return values[v] = {
                     constTile(rewriter.getI32Type(), bits.getZExtValue()), {}};
        }
        // The plan admits only the body's own values and constants.
        unsigned i = llvm::cast<BlockArgument>(v).getArgNumber();
        return values[v] = {builder.readOperand(i, op->getOperand(i),
                                                operands[i], mapOf(op, i),
                                                plan.partitionLoop,
                                                plan.freeLoops, ranges),
                            {}};
      };
      BodyEmitter emit{rewriter, loc, get, newTemp, constTile};
      for (Operation &inner : body.without_terminator()) {
        if (llvm::isa<arith::ConstantOp>(inner) ||
            fused.absorbed.contains(&inner))
          continue;
        // Exact on the engines' f32: a widening, or a compare's 1.0/0.0.
        if (llvm::isa<arith::ExtFOp>(inner) ||
            (llvm::isa<arith::UIToFPOp>(inner) &&
             inner.getOperand(0).getType().isInteger(1))) {
          values[inner.getResult(0)] = get(inner.getOperand(0));
          continue;
        }
        // A select of a constant condition (left unfolded) is its choice.
        if (llvm::isa<arith::SelectOp>(inner)) {
          if (std::optional<float> condition = get(inner.getOperand(0)).imm) {
            values[inner.getResult(0)] =
                get(inner.getOperand(*condition != 0.0f ? 1 : 2));
            continue;
          }
        }
        // An op writes the output directly where getOutputWriters allows;
        // the others a temporary of their result type, so that a bf16 or
        // f16 result is rounded to it as upstream's arith defines (the
        // engines round when they store), and f32 for a compare's 1.0/0.0.
        Value result = inner.getResult(0);
        Type type = result.getType();
        Value dst = writers.contains(&inner)
                        ? outAP
                        : newTemp(type.isInteger(1) ? rewriter.getF32Type()
                                                    : type);
        if (auto it = fused.roots.find(&inner); it != fused.roots.end())
          emit.activation(it->second.function, get(it->second.input), dst);
        else
          emit.bodyOp(&inner, dst);
        values[result] = {dst, {}};
      }
      // A constant result is a memset of the output; a value computed
      // elsewhere than the output is copied to it.
      Type outType = getElementTypeOrSelf(operands[outNumber].getType());
      TypedAttr constant = constantOf(yielded);
      EngineValue out = constant ? EngineValue() : get(yielded);
      if (out.imm)
        constant = rewriter.getF32FloatAttr(*out.imm);
      if (constant)
        MemsetOp::create(
            rewriter, loc, outAP,
            rewriter.getI64IntegerAttr(getMemsetBits(constant, outType)),
            EngineAttr::get(ctx, engine()));
      else if (out.ap != outAP)
        TensorCopyOp::create(rewriter, loc, out.ap, outAP, Engine::dve);
      builder.finishWrites();
    });
  }

  void lowerReduce(linalg::LinalgOp op, ArrayRef<Value> operands,
                   const ComputePlan &plan, OnChipBuilder &builder) const {
    ConversionPatternRewriter &rewriter = builder.getRewriter();
    Location loc = op.getLoc();
    forEachInstance(plan, [&](ArrayRef<LoopRange> ranges) {
      int64_t partitions =
          partitionCount(plan, ranges);
      int64_t elements = freeElements(plan, ranges);
      // One row per partition: the init, then the elements in loop order.
      Value outAP = builder.write(1, operands[1], mapOf(op, 1),
                                  plan.partitionLoop, {}, ranges,
                                  /*alsoRead=*/true);
      Value row = builder.tile(kRowSlot, partitions, 1 + elements,
                               rewriter.getF32Type());
      auto rowPart = [&](int64_t offset, int64_t count) {
        auto whole = row.getDefiningOp<PhysicalAPOp>();
        Side part;
        part.base = whole.getMem();
        part.offset = offset;
        part.pattern = {whole.getPattern().front(), {1, count}};
        return buildAP(rewriter, loc, part);
      };
      TensorCopyOp::create(rewriter, loc, outAP, rowPart(0, 1), Engine::dve);
      Value in = builder.readOperand(0, op->getOperand(0), operands[0],
                                     mapOf(op, 0), plan.partitionLoop,
                                     plan.freeLoops, ranges);
      TensorCopyOp::create(rewriter, loc, in, rowPart(1, elements),
                           Engine::dve);
      TensorReduceOp::create(rewriter, loc, plan.combiner, row, outAP,
                             Engine::dve);
      builder.finishWrites();
    });
  }

  void lowerContraction(linalg::LinalgOp op, ArrayRef<Value> operands,
                        const ComputePlan &plan, OnChipBuilder &builder) const {
    ConversionPatternRewriter &rewriter = builder.getRewriter();
    Location loc = op.getLoc();
    SmallVector<int64_t> mFree, nFree;
    if (plan.m >= 0)
      mFree.push_back(plan.m);
    if (plan.n >= 0)
      nFree.push_back(plan.n);
    // Batch points and chunks of m (partitions of the PSUM tile) ...
    forEachInstance(plan, [&](ArrayRef<LoopRange> outer) {
      SmallVector<LoopRange> ranges(outer);
      int64_t columns = plan.n < 0 ? 1 : plan.extents[plan.n];
      // ... chunks of n (one PSUM bank each) ...
      for (LoopRange nChunk : chunks(columns, kPsumColumns)) {
        if (plan.n >= 0)
          ranges[plan.n] = nChunk;
        int64_t rows = plan.m < 0 ? 1 : ranges[plan.m].count;
        Value psum = builder.tile(kPsumSlot, rows, nChunk.count,
                                  rewriter.getF32Type(), MemorySpace::psum);
        Value outAP = builder.write(2, operands[2], mapOf(op, 2), plan.m,
                                    nFree, ranges, /*alsoRead=*/true);
        TensorCopyOp::create(rewriter, loc, outAP, psum, Engine::dve);
        // ... and the contraction, 128 rows at a time into PSUM.
        for (LoopRange kChunk :
             chunks(plan.extents[plan.k], AddressMap::kNumPartitions)) {
          ranges[plan.k] = kChunk;
          Value stationary =
              builder.readOperand(0, op->getOperand(0), operands[0],
                                  mapOf(op, 0), plan.k, mFree, ranges);
          Value moving =
              builder.readOperand(1, op->getOperand(1), operands[1],
                                  mapOf(op, 1), plan.k, nFree, ranges);
          MatmulOp::create(rewriter, loc, stationary, moving, psum,
                           /*accumulate=*/true, Engine::pe);
        }
        ranges[plan.k] = {0, plan.extents[plan.k]};
        TensorCopyOp::create(rewriter, loc, psum, outAP, Engine::dve);
        builder.finishWrites();
      }
    });
  }
};

} // namespace

/// A padding mask with a float fill -> the Pool engine's affine_select: keep
/// the element where its index along the masked dim is below the size
/// register, else the fill.
static LogicalResult maskToEngine(dynshape::BufferMaskOp op,
                                  dynshape::BufferMaskOp::Adaptor adaptor,
                                  ConversionPatternRewriter &rewriter,
                                  const BIRTypeConverter &converter) {
  std::string why = whyNotEngineMask(op, converter.getEngine());
  if (!why.empty())
    return rewriter.notifyMatchFailure(op, why);
  auto type = op.getOutput().getType();
  int64_t rank = type.getRank();
  unsigned dim = op.getDims().front();
  ComputePlan plan;
  plan.extents.assign(type.getShape().begin(), type.getShape().end());
  plan.partitionLoop = 0;
  for (int64_t d = 1; d < rank; ++d)
    plan.freeLoops.push_back(d);
  AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
  OnChipBuilder builder(rewriter, op, converter);
  float fill = static_cast<float>(
      llvm::cast<FloatAttr>(op.getFillAttr()).getValueAsDouble());
  SmallVector<int32_t> free;
  for (int64_t loop : plan.freeLoops)
    free.push_back(loop == dim ? 1 : 0);
  if (free.empty()) // the one-element free pair of a rank-1 operand
    free.push_back(0);
  forEachInstance(plan, [&](ArrayRef<LoopRange> ranges) {
    Value in = builder.read(0, adaptor.getInput(), identity, 0, plan.freeLoops,
                            ranges);
    Value out = builder.write(1, adaptor.getOutput(), identity, 0,
                              plan.freeLoops, ranges, /*alsoRead=*/false);
    int32_t base = dim == 0 ? ranges[0].first : 0;
    AffineSelectOp::create(rewriter, op.getLoc(), in, out, base,
                           dim == 0 ? 1 : 0, free, CompareKind::lt,
                           adaptor.getSizes().front(), IntegerAttr(),
                           APFloat(fill), Engine::pool);
    builder.finishWrites();
  });
  rewriter.eraseOp(op);
  return success();
}

std::string dyn::whyNotEngineMask(dynshape::BufferMaskOp op, Engine engine) {
  if (engine != Engine::pool)
    return "the registers are not on the Pool engine, which runs the mask";
  auto type = op.getOutput().getType();
  if (op.getDims().size() != 1 || !op.getFillAttr() ||
      !llvm::isa<FloatAttr>(op.getFillAttr()))
    return "not a float fill along one dim";
  if (!machine::isEngineFloat(type.getElementType()))
    return "not engine elements";
  int64_t free = 1;
  for (int64_t d : type.getShape().drop_front())
    free *= d;
  if (free > getMaxFreeElements())
    return "more elements per partition than the SBUF holds";
  for (Value view : {op.getInput(), op.getOutput()})
    if (!whyNotASide(view).empty() ||
        !whyNotStageable(view, AffineMap::getMultiDimIdentityMap(
                                   type.getRank(), op.getContext()),
                         0, llvm::to_vector(llvm::seq<int64_t>(1, type.getRank())))
             .empty())
      return "an operand the engines cannot reach";
  return "";
}

void dyn::populateComputePatterns(const BIRTypeConverter &converter,
                                  RewritePatternSet &patterns) {
  patterns.add<LinalgToEngines>(converter, patterns.getContext());
  // Before the DMA mask, which takes every other mask.
  patterns.add<BIRRule<dynshape::BufferMaskOp, maskToEngine>>(
      converter, patterns.getContext(),
      /*benefit=*/2);
}
