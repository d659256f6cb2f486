//===- CostReport.cpp - dge-cost-report -----------------------------------===//

#include "dyn/Cost/Transforms/Passes.h"

#include "dyn/Cost/Cost.h"
#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/DGE/IR/DGE.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace dyn::cost {
#define GEN_PASS_DEF_DGECOSTREPORT
#include "dyn/Cost/Transforms/Passes.h.inc"
} // namespace dyn::cost

using namespace mlir;
using namespace dyn;

/// The estimate costs what dge-lower-dynamic-dma leaves: one block of
/// bir and dge instructions whose DMAs are triggers. An op left from an
/// earlier stage would cost nothing and the estimate would be silently
/// low, so it is an error.
static LogicalResult checkLowered(func::FuncOp func) {
  if (!func.getBody().hasOneBlock())
    return func.emitOpError("has more than one block; dge-cost-report "
                            "costs IR lowered with --lower-to-addr4");
  WalkResult result = func.getBody().walk([](Operation *op) {
    bool isEarlier =
        llvm::isa<bir::DMAOp, bir::TensorCopyDynamicSrcOp,
                  bir::TensorCopyDynamicDstOp, bir::SymbolicAPOp,
                  dge::DMAOp>(op) ||
        !llvm::isa_and_nonnull<bir::BIRDialect, dge::DGEDialect,
                               func::FuncDialect>(op->getDialect());
    if (!isEarlier)
      return WalkResult::advance();
    op->emitOpError("is not lowered; dge-cost-report costs IR lowered with "
                    "--lower-to-addr4 (after dge-lower-dynamic-dma)");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

namespace {
struct DGECostReportPass
    : dyn::cost::impl::DGECostReportBase<DGECostReportPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (format != "table" && format != "json") {
      module.emitError("dge-cost-report: format must be table or json, not '")
          << format << "'";
      return signalPassFailure();
    }
    llvm::Expected<cost::LatencyModel> model =
        cost::LatencyModel::load(latencyTable);
    if (!model) {
      module.emitError(llvm::toString(model.takeError()));
      return signalPassFailure();
    }
    std::vector<cost::FunctionEstimate> estimates;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      if (failed(checkLowered(func)))
        return signalPassFailure();
      estimates.push_back(cost::estimateFunction(func, *model));
    }

    std::unique_ptr<llvm::ToolOutputFile> file;
    llvm::raw_ostream *os = &llvm::errs();
    if (output != "-") {
      std::string error;
      file = openOutputFile(output, &error);
      if (!file) {
        module.emitError("dge-cost-report: ") << error;
        return signalPassFailure();
      }
      os = &file->os();
    }
    if (format == "json")
      cost::printJSON(*os, estimates);
    else
      for (const cost::FunctionEstimate &estimate : estimates)
        cost::printTable(*os, estimate);
    if (file) {
      // A failed write (a full disk) is an error here, not an abort when
      // the stream closes.
      llvm::raw_fd_ostream &out = file->os();
      out.close();
      if (std::error_code ec = out.error()) {
        out.clear_error();
        module.emitError("dge-cost-report: cannot write ")
            << output << ": " << ec.message();
        return signalPassFailure();
      }
      file->keep();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
