//===- FuseElementwise.cpp - dyn-fuse-elementwise -------------------------===//
//
// Producer-consumer fusion of all-parallel linalg.generic ops through
// upstream's linalg::fuseElementwiseOps (Passes.td). Upstream's pattern
// set (populateElementwiseOpsFusionPatterns) would also fold fills and
// replace outs operands, which the bufferization's in-place decisions
// depend on; the function alone does just the fusion.
//
//===----------------------------------------------------------------------===//

#include "dyn/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace dyn {
#define GEN_PASS_DEF_DYNFUSEELEMENTWISE
#include "dyn/Transforms/Passes.h.inc"
} // namespace dyn

using namespace mlir;

/// An all-parallel generic on float tensors with one result whose body
/// computes on its elements alone: no linalg.index (an iota, which the Pool
/// engine writes by itself) and no value from outside the body (a
/// broadcast scalar). Masks, iotas and integer code stay as they are.
static bool isFusableElementwise(Operation *op) {
  auto generic = llvm::dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumResults() != 1 ||
      generic.getNumLoops() != generic.getNumParallelLoops())
    return false;
  for (Value operand : generic->getOperands())
    if (!llvm::isa<FloatType>(getElementTypeOrSelf(operand.getType())) ||
        !llvm::isa<RankedTensorType>(operand.getType()))
      return false;
  Block &body = *generic.getBlock();
  return !body
              .walk([&](Operation *inner) {
                if (llvm::isa<linalg::IndexOp>(inner))
                  return WalkResult::interrupt();
                for (Value v : inner->getOperands())
                  if (v.getParentBlock() != &body &&
                      !matchPattern(v, m_Constant()))
                    return WalkResult::interrupt();
                return WalkResult::advance();
              })
              .wasInterrupted();
}

/// An init of `consumer` that is `value` and whose payload does not read
/// it (convert-elementwise-to-linalg writes an op's result into its first
/// operand's tensor) takes the init `value`'s producer wrote into instead,
/// so that `value` is left with its input use. The consumer still writes
/// where the producer did.
static void takeProducerInit(linalg::GenericOp consumer, Value value,
                             RewriterBase &rewriter) {
  auto producer = value.getDefiningOp<linalg::GenericOp>();
  for (OpOperand &init : consumer.getDpsInitsMutable())
    if (init.get() == value &&
        consumer.getMatchingBlockArgument(&init).use_empty())
      rewriter.modifyOpInPlace(consumer, [&] {
        init.set(producer.getDpsInits()[0]);
      });
}

/// The first input of `consumer` that an elementwise producer defines,
/// read by `consumer` alone and once (as an input; an unread init is
/// rewired first), and that upstream can fuse; null when none.
static OpOperand *findFusable(linalg::GenericOp consumer,
                              RewriterBase &rewriter) {
  for (OpOperand *operand : consumer.getDpsInputOperands()) {
    Value value = operand->get();
    if (!isFusableElementwise(value.getDefiningOp()) ||
        llvm::any_of(value.getUsers(),
                     [&](Operation *user) { return user != consumer; }))
      continue;
    takeProducerInit(consumer, value, rewriter);
    if (value.hasOneUse() && linalg::areElementwiseOpsFusable(operand))
      return operand;
  }
  return nullptr;
}

/// `op` with each input it reads twice through the same map (a fused
/// `x / (1 + exp(-x))` reads x once per producer) read once: the body's
/// arguments of the copies become the first's. Upstream's canonicalization
/// (LLVM 22) leaves such inputs.
static linalg::GenericOp dedupeInputs(linalg::GenericOp op,
                                      RewriterBase &rewriter) {
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  SmallVector<unsigned> firstArg; // per kept input: its body argument
  llvm::BitVector duplicate(op.getNumDpsInputs() + op.getNumDpsInits());
  SmallVector<std::pair<unsigned, unsigned>> sameAs;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    unsigned number = input->getOperandNumber();
    auto it = llvm::find_if(llvm::zip(inputs, maps), [&](auto pair) {
      return std::get<0>(pair) == input->get() && std::get<1>(pair) == map;
    });
    if (it != llvm::zip(inputs, maps).end()) {
      unsigned kept = std::distance(llvm::zip(inputs, maps).begin(), it);
      duplicate.set(number);
      sameAs.push_back({number, firstArg[kept]});
      continue;
    }
    inputs.push_back(input->get());
    maps.push_back(map);
    firstArg.push_back(number);
  }
  if (sameAs.empty())
    return op;
  for (OpOperand &init : op.getDpsInitsMutable())
    maps.push_back(op.getMatchingIndexingMap(&init));
  rewriter.setInsertionPoint(op);
  auto deduped = linalg::GenericOp::create(
      rewriter, op.getLoc(), op.getResultTypes(), inputs, op.getDpsInits(),
      maps, op.getIteratorTypesArray());
  rewriter.inlineRegionBefore(op.getRegion(), deduped.getRegion(),
                              deduped.getRegion().begin());
  Block &body = deduped.getRegion().front();
  for (auto [copy, first] : sameAs)
    rewriter.replaceAllUsesWith(body.getArgument(copy),
                                body.getArgument(first));
  body.eraseArguments(duplicate);
  rewriter.replaceOp(op, deduped.getResults());
  return deduped;
}

namespace {
struct DynFuseElementwisePass
    : dyn::impl::DynFuseElementwiseBase<DynFuseElementwisePass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // A broadcast that one elementwise op reads becomes a generic, which
    // fuses into it: the reader then indexes the broadcast's input with
    // the broadcast's map, and no broadcast buffer is written.
    SmallVector<linalg::BroadcastOp> broadcasts;
    getOperation()->walk([&](linalg::BroadcastOp op) {
      Value result = op->getNumResults() == 1 ? op->getResult(0) : Value();
      if (result && result.hasOneUse() &&
          isFusableElementwise(*result.getUsers().begin()))
        broadcasts.push_back(op);
    });
    for (linalg::BroadcastOp op : broadcasts) {
      rewriter.setInsertionPoint(op);
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
    SmallVector<linalg::GenericOp> consumers;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (isFusableElementwise(op))
        consumers.push_back(op);
    });
    bool changed = false;
    // In program order: a fused op is the consumer of the next fusion.
    for (linalg::GenericOp consumer : consumers) {
      while (OpOperand *operand = findFusable(consumer, rewriter)) {
        Operation *producer = operand->get().getDefiningOp();
        rewriter.setInsertionPoint(consumer);
        FailureOr<linalg::ElementwiseOpFusionResult> fused =
            linalg::fuseElementwiseOps(rewriter, operand);
        if (failed(fused))
          break;
        for (auto [from, to] : fused->replacements)
          rewriter.replaceAllUsesWith(from, to);
        rewriter.eraseOp(consumer);
        if (producer->use_empty())
          rewriter.eraseOp(producer);
        consumer = dedupeInputs(
            llvm::cast<linalg::GenericOp>(fused->fusedOp), rewriter);
        changed = true;
      }
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
