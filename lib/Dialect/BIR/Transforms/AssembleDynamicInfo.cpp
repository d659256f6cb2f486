//===- AssembleDynamicInfo.cpp - bir-assemble-dynamic-info ----------------===//
//
// Report Stage 2 (KlirToBirCodegen::assembleDynamicInfo): the runtime half
// of each TensorCopyDynamic generator is packaged as DynamicAPINFO on a
// kind-1 access pattern: a scalar offset (BirIntRuntimeValue over
// registers, seam S1) or a vector offset (IndirectArgExpr), never both
// (seam S7). In-loop SBUF/PSUM addressing stays a kind-2 symbolic pattern.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

namespace dyn::bir {
#define GEN_PASS_DEF_BIRASSEMBLEDYNAMICINFO
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
using namespace dyn::bir;

/// True when `reg` is the induction register of a loop enclosing `op`.
static bool isEnclosingInductionReg(Value reg, Operation *op) {
  auto arg = llvm::dyn_cast<BlockArgument>(reg);
  if (!arg)
    return false;
  Operation *loop = arg.getOwner()->getParentOp();
  return llvm::isa<ForOp, DynamicForOp>(loop) && loop->isProperAncestor(op);
}

/// The access pattern of one side with its runtime terms attached.
static FailureOr<Value> attachDynamicInfo(OpBuilder &builder, Operation *copy,
                                          PhysicalAPOp side, ValueRange addrs,
                                          ArrayRef<int64_t> scales) {
  Location loc = copy->getLoc();
  MLIRContext *ctx = builder.getContext();
  auto type = llvm::cast<MemRefType>(side.getMem().getType());
  int64_t bytes = *getElementBytes(type);
  Type apType = AccessPatternType::get(ctx);

  if (addrs.size() == 1 && llvm::isa<MemRefType>(addrs[0].getType())) {
    Value ids = addrs[0];
    // arg_id names the index tensor: its argument number, or, for a
    // location the function computes (masked padded ids), a number after
    // the arguments (project-defined); bir-expand-dynamic-ap-info densifies.
    int64_t argId;
    auto fn = copy->getParentOfType<mlir::func::FuncOp>();
    if (auto arg = llvm::dyn_cast<BlockArgument>(ids);
        arg && llvm::isa<mlir::func::FuncOp>(arg.getOwner()->getParentOp())) {
      argId = arg.getArgNumber();
    } else if (auto alloc = ids.getDefiningOp<AllocOp>()) {
      int64_t position = 0;
      fn.walk([&](AllocOp other) {
        if (other == alloc)
          return WalkResult::interrupt();
        ++position;
        return WalkResult::advance();
      });
      argId = fn.getNumArguments() + position;
    } else {
      return copy->emitOpError("index tensor of an indirect copy must be a "
                               "function argument or a location");
    }
    auto idsType = llvm::cast<MemRefType>(ids.getType());
    return PhysicalAPOp::create(
               builder, loc, apType, side.getMem(), side.getOffsetAttr(),
               side.getPatternAttr(), IntegerAttr(), DenseI64ArrayAttr(),
               ValueRange(), ids, builder.getI64IntegerAttr(argId),
               builder.getI64IntegerAttr(0),
               builder.getI64IntegerAttr(idsType.getNumElements()))
        .getResult();
  }

  std::optional<MemorySpace> space = getMemorySpace(type);
  bool onChip = space != MemorySpace::dram;
  bool symbolic = onChip && llvm::all_of(addrs, [&](Value reg) {
    return isEnclosingInductionReg(reg, copy);
  }) && llvm::all_of(scales, [&](int64_t s) { return s % bytes == 0; });
  if (symbolic) {
    AffineExpr offset = getAffineConstantExpr(side.getOffset(), ctx);
    for (auto [i, scale] : llvm::enumerate(scales))
      offset = offset + getAffineDimExpr(i, ctx) * (scale / bytes);
    auto map = AffineMap::get(addrs.size(), 0, offset);
    return SymbolicAPOp::create(builder, loc, apType, side.getMem(),
                                AffineMapAttr::get(map), addrs,
                                side.getPatternAttr())
        .getResult();
  }
  return PhysicalAPOp::create(
             builder, loc, apType, side.getMem(), builder.getI64IntegerAttr(0),
             side.getPatternAttr(),
             builder.getI64IntegerAttr(side.getOffset() * bytes),
             builder.getDenseI64ArrayAttr(scales), addrs, Value(),
             IntegerAttr(), IntegerAttr(), IntegerAttr())
      .getResult();
}

template <typename OpTy>
static LogicalResult assemble(OpTy op, bool dynamicSrc) {
  OpBuilder builder(op);
  auto src = op.getSrc().template getDefiningOp<PhysicalAPOp>();
  auto dst = op.getDst().template getDefiningOp<PhysicalAPOp>();
  PhysicalAPOp generic = dynamicSrc ? src : dst;
  PhysicalAPOp other = dynamicSrc ? dst : src;
  FailureOr<Value> genericAP = attachDynamicInfo(
      builder, op, generic, op.getGenericAddrs(), op.getOffsetScale());
  if (failed(genericAP))
    return failure();
  Value otherAP = other.getResult();
  if (!op.getOtherAddrs().empty()) {
    FailureOr<Value> ap = attachDynamicInfo(builder, op, other,
                                            op.getOtherAddrs(),
                                            op.getOtherOffsetScale());
    if (failed(ap))
      return failure();
    otherAP = *ap;
  }
  DMAOp::create(builder, op.getLoc(), dynamicSrc ? *genericAP : otherAP,
                dynamicSrc ? otherAP : *genericAP, op.getEngineAttr(),
                /*transpose=*/nullptr);
  op.erase();
  for (PhysicalAPOp ap : {src, dst})
    if (ap->use_empty())
      ap.erase();
  return success();
}

namespace {
struct BIRAssembleDynamicInfoPass
    : dyn::bir::impl::BIRAssembleDynamicInfoBase<BIRAssembleDynamicInfoPass> {
  void runOnOperation() override {
    // The generators are collected first: assembling one erases it and the
    // access patterns it alone read, which a walk may visit next (in a
    // graph region they can follow it).
    SmallVector<Operation *> generators;
    getOperation().walk([&](Operation *op) {
      if (llvm::isa<TensorCopyDynamicSrcOp, TensorCopyDynamicDstOp>(op))
        generators.push_back(op);
    });
    for (Operation *op : generators) {
      LogicalResult result = llvm::TypeSwitch<Operation *, LogicalResult>(op)
                                 .Case([](TensorCopyDynamicSrcOp src) {
                                   return assemble(src, /*dynamicSrc=*/true);
                                 })
                                 .Case([](TensorCopyDynamicDstOp dst) {
                                   return assemble(dst, /*dynamicSrc=*/false);
                                 });
      if (failed(result))
        return signalPassFailure();
    }
  }
};
} // namespace
