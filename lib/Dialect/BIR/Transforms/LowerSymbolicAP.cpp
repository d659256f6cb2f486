//===- LowerSymbolicAP.cpp - bir-lower-symbolic-ap ------------------------===//
//
// Report Stage 3a (LowerAP::convertSymAP): a kind-2 symbolic access pattern
// becomes a kind-3 register pattern. Its element offset, an affine
// expression of enclosing induction registers (looked up, never minted:
// seam S2), is Horner-walked into register-ALU code on the consuming
// instruction's engine, then delinearized into the engine's 2-D SBUF/PSUM
// space: RegAPAddr = base + (off / free) * part_stride + (off % free) * bytes.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "ALUBuilder.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"

namespace dyn::bir {
#define GEN_PASS_DEF_BIRLOWERSYMBOLICAP
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
using namespace dyn::bir;

/// `offset = c + Σ coefs[d] * dim_d` of a linear one-result map.
static LogicalResult linearForm(AffineMap map, int64_t &c,
                                SmallVectorImpl<int64_t> &coefs) {
  SmallVector<int64_t> flat;
  // floordiv/mod/ceildiv flatten into extra local terms: not linear.
  if (failed(getFlattenedAffineExpr(map.getResult(0), map.getNumDims(), 0,
                                    &flat)) ||
      flat.size() != map.getNumDims() + 1)
    return failure();
  coefs.assign(flat.begin(), flat.begin() + map.getNumDims());
  c = flat.back();
  return success();
}

static LogicalResult lower(SymbolicAPOp ap) {
  auto type = llvm::cast<MemRefType>(ap.getMem().getType());
  std::optional<MemorySpace> space = getMemorySpace(type);
  if (space == MemorySpace::dram)
    return ap.emitOpError("cannot be DRAM");
  std::optional<OnChipLocation> layout = OnChipLocation::get(ap.getMem());
  if (!layout)
    return ap.emitOpError("location has no address; run bir-allocate-memory "
                          "first");
  int64_t c;
  SmallVector<int64_t> coefs;
  if (failed(linearForm(ap.getOffsetMap(), c, coefs)))
    return ap.emitOpError("offset is not a linear expression of the "
                          "induction registers");
  int64_t bytes = *getElementBytes(type);

  for (OpOperand &use : llvm::make_early_inc_range(ap.getResult().getUses())) {
    Operation *user = use.getOwner();
    for (Value iv : ap.getIvs()) {
      auto arg = llvm::dyn_cast<BlockArgument>(iv);
      Operation *loop = arg ? arg.getOwner()->getParentOp() : nullptr;
      if (!loop || !llvm::isa<ForOp, DynamicForOp>(loop) ||
          !loop->isProperAncestor(user))
        return ap.emitOpError(
            "loop axis hasn't been assigned register for induction variable!");
    }
    auto inst = llvm::dyn_cast<InstInterface>(user);
    if (!inst)
      return user->emitOpError("consumes a symbolic access pattern but is not "
                               "an instruction");
    OpBuilder builder(user);
    ALUBuilder alu(builder, ap.getLoc(), inst.getEngine());
    // The element offset, delinearized into the address map.
    Value addr = alu.onChipAddress(c, coefs, ap.getIvs(), bytes, *layout);
    auto regAP = RegisterAPOp::create(builder, ap.getLoc(), ap.getType(),
                                      ap.getMem(), addr, ap.getPatternAttr());
    use.set(regAP);
  }
  ap.erase();
  return success();
}

namespace {
struct BIRLowerSymbolicAPPass final
    : dyn::bir::impl::BIRLowerSymbolicAPBase<BIRLowerSymbolicAPPass> {
  void runOnOperation() override {
    SmallVector<SymbolicAPOp> aps;
    getOperation().walk([&](SymbolicAPOp ap) { aps.push_back(ap); });
    if (aps.empty())
      return markAllAnalysesPreserved();
    for (SymbolicAPOp ap : aps)
      if (failed(lower(ap)))
        return signalPassFailure();
  }
};
} // namespace
