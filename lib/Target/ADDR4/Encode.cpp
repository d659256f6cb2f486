//===- Encode.cpp - addr4-encode ------------------------------------------===//
//
// Report Stage 6 and seam S4: the kind-3 register pattern (or the static
// actual_ap) of each descriptor side becomes its ADDR4 word.
//
//===----------------------------------------------------------------------===//

#include "dyn/Target/ADDR4/ADDR4.h"
#include "dyn/Target/ADDR4/Passes.h"

#include "dyn/Dialect/DGE/IR/DGE.h"

#include "mlir/IR/Builders.h"

namespace dyn::addr4 {
#define GEN_PASS_DEF_ADDR4ENCODE
#include "dyn/Target/ADDR4/Passes.h.inc"
} // namespace dyn::addr4

using namespace mlir;
using namespace dyn;
using namespace dyn::addr4;

static LogicalResult encodeSide(dge::DescriptorOp op, StringRef side,
                                Value location, Value dyn,
                                dge::AddressMode mode, int64_t offset) {
  Builder builder(op.getContext());
  llvm::Expected<uint32_t> word = getSideWord(location, dyn, mode, offset);
  if (!word)
    return op.emitOpError() << side << ": " << llvm::toString(word.takeError());
  op->setAttr((side + "_addr4").str(), builder.getI32IntegerAttr(*word));
  if (mode != dge::AddressMode::indirect)
    return success();
  auto type = llvm::cast<MemRefType>(location.getType());
  llvm::Expected<dge::IndirectRecordKind> record =
      chooseIndirectRecord(type.getDimSize(0), side == "dst");
  if (!record)
    return op.emitOpError() << side << ": "
                            << llvm::toString(record.takeError());
  auto recordAttr = dge::IndirectRecordKindAttr::get(op.getContext(), *record);
  if (side == "src")
    op.setSrcRecordAttr(recordAttr);
  else
    op.setDstRecordAttr(recordAttr);
  return success();
}

namespace {
struct ADDR4EncodePass : dyn::addr4::impl::ADDR4EncodeBase<ADDR4EncodePass> {
  using Base::Base;
  void runOnOperation() override {
    WalkResult result = getOperation().walk([](dge::DescriptorOp op) {
      if (failed(encodeSide(op, "src", op.getSrc(), op.getSrcDyn(),
                            op.getSrcMode(), op.getSrcOffset())) ||
          failed(encodeSide(op, "dst", op.getDst(), op.getDstDyn(),
                            op.getDstMode(), op.getDstOffset())))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
    // A DMA that was never lowered has no descriptor to encode.
    getOperation().walk([&](dge::DMAOp dma) {
      dma.emitOpError("has no descriptors; run dge-lower-dynamic-dma first");
      signalPassFailure();
    });
  }
};
} // namespace
