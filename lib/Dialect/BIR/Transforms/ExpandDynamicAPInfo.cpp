//===- ExpandDynamicAPInfo.cpp - bir-expand-dynamic-ap-info ---------------===//
//
// Report Stage 3b (ExpandDynamicAPInfo): the residual scalar DynamicAPINFO
// on a kind-1 access pattern becomes register-ALU code computing its
// address `c + Σ coef_i * v_i` (mult 6 / add 4), memoized so each distinct
// expression is computed once per block (ExprRefHasher), and the pattern
// becomes a kind-3 register pattern. Indirect arg_ids are densified.
// Register renaming (rewireDynamicAPRegisters) needs no pass here: every
// register reference is an SSA operand, which allocation rewrites in place.
//
//===----------------------------------------------------------------------===//

#include "dyn/Dialect/BIR/Transforms/Passes.h"

#include "ALUBuilder.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <map>

namespace dyn::bir {
#define GEN_PASS_DEF_BIREXPANDDYNAMICAPINFO
#include "dyn/Dialect/BIR/Transforms/Passes.h.inc"
} // namespace dyn::bir

using namespace mlir;
using namespace dyn::bir;

namespace {
/// The identity of an address expression within one block and engine.
using ExprKey = std::tuple<Block *, int32_t, int64_t, std::vector<int64_t>,
                           std::vector<void *>>;

struct BIRExpandDynamicAPInfoPass
    : dyn::bir::impl::BIRExpandDynamicAPInfoBase<BIRExpandDynamicAPInfoPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // An on-chip side needs its location's address for the address map.
    WalkResult unplaced = func.walk([](PhysicalAPOp ap) {
      auto type = llvm::cast<MemRefType>(ap.getMem().getType());
      if (!ap.hasScalarDynamicInfo() ||
          getMemorySpace(type) == MemorySpace::dram ||
          OnChipLocation::get(ap.getMem()))
        return WalkResult::advance();
      ap.emitOpError("location has no address; run bir-allocate-memory first");
      return WalkResult::interrupt();
    });
    if (unplaced.wasInterrupted())
      return signalPassFailure();
    // Densify the arg_ids of indirect sides in order of appearance.
    llvm::DenseMap<int64_t, int64_t> denseArgIds;
    func.walk([&](PhysicalAPOp ap) {
      if (!ap.hasIndirectDynamicInfo())
        return;
      auto [it, inserted] = denseArgIds.try_emplace(
          ap.getArgIdAttr().getInt(), denseArgIds.size());
      ap.setArgIdAttr(OpBuilder(ap).getI64IntegerAttr(it->second));
    });

    // Expand each use in program order: the first use of an expression in
    // a block computes it, later ones there reuse the register.
    std::map<ExprKey, Value> computed;
    llvm::SetVector<Operation *> expanded;
    WalkResult result = func.walk<WalkOrder::PreOrder>([&](InstInterface inst) {
      Operation *user = inst.getOperation();
      for (OpOperand &use : user->getOpOperands()) {
        auto ap = use.get().getDefiningOp<PhysicalAPOp>();
        if (!ap || !ap.hasScalarDynamicInfo())
          continue;
        // The static element offset is part of the start, as on an
        // indirect side.
        std::optional<int64_t> offsetBytes = llvm::checkedMul<int64_t>(
            ap.getOffset(),
            getElementBytes(ap.getMem().getType()).value_or(0));
        std::optional<int64_t> c =
            offsetBytes ? llvm::checkedAdd<int64_t>(*ap.getDynConst(),
                                                    *offsetBytes)
                        : std::nullopt;
        if (!c) {
          ap.emitOpError("start of ")
              << ap.getOffset() << " elements plus dyn_const "
              << static_cast<int64_t>(*ap.getDynConst())
              << " bytes overflows 64 bits";
          return WalkResult::interrupt();
        }
        std::vector<int64_t> coefs(ap.getDynCoefs()->begin(),
                                   ap.getDynCoefs()->end());
        std::vector<void *> values;
        for (Value v : ap.getDynValues())
          values.push_back(v.getAsOpaquePointer());
        Engine engine = inst.getEngine();
        // DRAM addresses are relative to their tensor, so equal expressions
        // are equal addresses; on chip the location's place matters.
        if (OnChipLocation::get(ap.getMem()))
          values.push_back(ap.getMem().getAsOpaquePointer());
        ExprKey key{user->getBlock(), static_cast<int32_t>(engine), *c, coefs,
                    values};
        OpBuilder builder(user);
        Value &addr = computed[key];
        if (!addr) {
          ALUBuilder alu(builder, ap.getLoc(), engine);
          // On chip, the byte offset becomes an address-map address.
          if (std::optional<OnChipLocation> layout =
                  OnChipLocation::get(ap.getMem()))
            addr = alu.onChipAddress(*c, coefs, ap.getDynValues(), 1, *layout);
          else
            addr = alu.linear(*c, coefs, ap.getDynValues());
        }
        use.set(RegisterAPOp::create(builder, ap.getLoc(), ap.getType(),
                                     ap.getMem(), addr, ap.getPatternAttr()));
        expanded.insert(ap);
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    for (Operation *ap : expanded)
      if (ap->use_empty())
        ap->erase();
  }
};
} // namespace
