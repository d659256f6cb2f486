//===- Pipelines.cpp - dyn's registered pass pipelines --------------------===//

#include "dyn/Pipelines/Pipelines.h"

#include "dyn/Conversion/Passes.h"
#include "dyn/Dialect/BIR/Transforms/Passes.h"
#include "dyn/Dialect/DGE/IR/DGE.h"
#include "dyn/Dialect/DGE/Transforms/Passes.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"
#include "dyn/Target/ADDR4/Passes.h"
#include "dyn/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// What the option parser cannot check.
static LogicalResult
verifyPipelineOptions(const dyn::PipelineOptions &options,
                      function_ref<LogicalResult(const Twine &)> fail) {
  LogicalResult result = success();
  if (failed(dyn::dge::resolveScratchPerPartition(
          options.scratchPerPartition, options.scratchBytes,
          [&](const Twine &message) { result = fail(message); })))
    return failure();
  if (options.maxDescriptorBytes <= 0)
    return fail("max-descriptor-bytes must be positive");
  if (options.maxDescriptorsPerDMA <= 0 ||
      options.maxDescriptorsPerFunction <= 0)
    return fail("max-descriptors-per-dma and max-descriptors-per-function "
                "must be positive");
  if (options.maxTensorNesting < 0)
    return fail("max-tensor-nesting must not be negative");
  return result;
}

LogicalResult
dyn::parsePipelineOptions(StringRef text, PipelineOptions &options,
                          function_ref<LogicalResult(const Twine &)> fail) {
  // The parser's reason for an unknown option is part of the diagnostic.
  // (LLVM's option parser prints a bad value's reason to stderr itself.)
  std::string reason;
  llvm::raw_string_ostream os(reason);
  if (failed(options.parseFromString(text, os))) {
    StringRef why = StringRef(reason).trim();
    why.consume_front("<Pass-Options-Parser>: ");
    return fail("invalid pipeline options '" + text + "'" +
                (why.empty() ? "" : ": ") + why);
  }
  return verifyPipelineOptions(options, fail);
}

void dyn::buildLowerToBIRPipeline(OpPassManager &pm,
                                  const PipelineOptions &options) {
  // The target is recorded once, on the module; every pass reads it there.
  dge::DGESetArchOptions target;
  target.arch = options.arch;
  pm.addPass(dge::createDGESetArch(target));
  // StableHLO in generic form is imported first (nothing to do otherwise).
  pm.addPass(createConvertStableHLOToDynShape());
  // Module passes where a function's signature or its callers change; the
  // rest run per function, on the pass manager's threads.
  OpPassManager &frontEnd = pm.nest<func::FuncOp>();
  // linalg.softmax and other aggregates become the ops they stand for.
  frontEnd.addPass(createDynDecomposeAggregates());
  // Before anything folds index arithmetic in 64 bits.
  frontEnd.addPass(dynshape::createDynShapeCheckIndexWidth());
  frontEnd.addPass(dynshape::createDynShapeSplitIndices());
  // A front end's own padding masks (select on an iota) become masks.
  frontEnd.addPass(dynshape::createDynShapeRaiseMasks());
  pm.addPass(dynshape::createDynShapePadToBound());
  // Elementwise arith/math on (padded) tensors become linalg.generic, the
  // one form of compute that bufferizes and that the lowering takes.
  pm.nest<func::FuncOp>().addPass(createConvertElementwiseToLinalgPass());
  // Splat constants they read (`x + 1.0` on tensors) become scalars.
  pm.nest<func::FuncOp>().addPass(createDynFoldSplatInputs());
  // Chains of them become one body (a SiLU is then one instruction).
  pm.nest<func::FuncOp>().addPass(createDynFuseElementwise());
  // Rank-0 tensors (a dot product's scalar) become one-element tiles.
  pm.nest<func::FuncOp>().addPass(createDynExpandRankZero());
  pm.nest<func::FuncOp>().addPass(createDynCanonicalize());
  // Again: canonicalization folds index arithmetic in 64 bits, e.g. in the
  // body of a one-trip loop it inlines, and bufferization's clamps would
  // then fold such a constant away before the backend sees it.
  pm.nest<func::FuncOp>().addPass(dynshape::createDynShapeCheckIndexWidth());
  // From here on every region is one block (the lowering takes no other
  // control flow), so the later canonicalizations skip region
  // simplification: it found nothing and cost time (bench/README.md,
  // "Figures behind choices in the code").
  DynCanonicalizeOptions structured;
  structured.regionSimplify = GreedySimplifyRegionLevel::Disabled;
  // One-Shot Bufferize, linear on update chains. It merges the constants of
  // the clamps it makes, so that on an update chain the canonicalization
  // after it changes nothing and is not followed by a verification.
  dynshape::DynShapeBufferizeOptions bufferize;
  bufferize.maxTensorNesting = options.maxTensorNesting;
  bufferize.mergeConstants = true;
  pm.addPass(dynshape::createDynShapeBufferize(bufferize));
  OpPassManager &func = pm.nest<func::FuncOp>();
  func.addPass(createDynCanonicalize(structured));
  func.addPass(createCSEPass());
  // A reduction into a buffer the caller owns runs in one of its own, on
  // chip.
  func.addPass(dynshape::createDynShapeAccumulateOnChip());
  // Work along a bounded dimension follows its runtime size.
  if (options.boundedCompute == BoundedCompute::tiled)
    func.addPass(dynshape::createDynShapeTileBounded());
  ConvertDynShapeToBIROptions convert;
  convert.engine = options.engine;
  func.addPass(createConvertDynShapeToBIR(convert));
  // No canonicalization here: the conversion folds what it makes, and a
  // canonicalizer here changed nothing on any test input or on 1,000 random
  // programs (the bir passes below take unfolded IR too, and the
  // canonicalization before register allocation folds what they make), and
  // cost time (bench/README.md, "Figures behind choices in the code"). CSE
  // shares the access patterns the conversion repeats.
  func.addPass(createCSEPass());
  func.addPass(bir::createBIRAssembleDynamicInfo());
  // Before the address code is expanded, so that it runs on the queue
  // engine whose registers hardware DGE reads.
  if (options.scalarRoute == dge::DGEType::hwdge)
    func.addPass(dge::createDGEPlaceScalarDMAs());
  func.addPass(
      dge::createDGESetup({/*scratchPerPartition=*/options.scratchPerPartition,
                           /*scratchBytes=*/options.scratchBytes}));
  func.addPass(bir::createBIRAllocateMemory());
  func.addPass(bir::createBIRLowerSymbolicAP());
  func.addPass(bir::createBIRExpandDynamicAPInfo());
  func.addPass(bir::createBIRHoistLoopInvariants());
  // Fold the constant address arithmetic and share equal expressions
  // before registers are assigned. (On update chains this canonicalization
  // finds nothing; dyn-canonicalize then spares the verification after it.)
  func.addPass(createDynCanonicalize(structured));
  func.addPass(createCSEPass());
  func.addPass(bir::createBIRAllocateRegisters());
}

void dyn::buildLowerToDGEPipeline(OpPassManager &pm,
                                  const PipelineOptions &options) {
  buildLowerToBIRPipeline(pm, options);
  OpPassManager &func = pm.nest<func::FuncOp>();
  func.addPass(createConvertBIRToDGE());
  func.addPass(dge::createDGEScan({/*vectorRoute=*/options.vectorRoute,
                                   /*scalarRoute=*/options.scalarRoute}));
  func.addPass(dge::createDGEAssignEngine());
  func.addPass(dge::createDGECleanup());
  func.addPass(dge::createDGELowerDynamicDMA(
      {/*maxDescriptorBytes=*/options.maxDescriptorBytes,
       /*maxDescriptorsPerDMA=*/options.maxDescriptorsPerDMA,
       /*maxDescriptorsPerFunction=*/options.maxDescriptorsPerFunction}));
  // Once every instruction has its engine and every DMA its route: the
  // streams' semaphores.
  func.addPass(bir::createBIRInsertSync({/*drop=*/options.testDropSemaphore}));
  func.addPass(bir::createBIRAllocateSemaphores());
  // Loops that hold several engines' work: one per engine.
  func.addPass(bir::createBIRSplitEngineLoops());
}

void dyn::buildLowerToADDR4Pipeline(OpPassManager &pm,
                                    const PipelineOptions &options) {
  buildLowerToDGEPipeline(pm, options);
  pm.nest<func::FuncOp>().addPass(addr4::createADDR4Encode());
}

/// Registers a pipeline whose options are checked before it is built, so a
/// bad option is an error (exit status 1), not an empty pipeline.
static void registerPipeline(
    StringRef name, StringRef description,
    void (*build)(OpPassManager &, const dyn::PipelineOptions &)) {
  registerPassPipeline(
      name, description,
      [build](OpPassManager &pm, StringRef text,
              function_ref<LogicalResult(const Twine &)> errorHandler) {
        dyn::PipelineOptions options;
        if (failed(dyn::parsePipelineOptions(text, options, errorHandler)))
          return failure();
        build(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(dyn::PipelineOptions());
      });
}

void dyn::registerPipelines() {
  registerPipeline("lower-to-bir",
                   "Lower a tensor-level dynshape program to bir: registers, "
                   "register-ALU code, dynamic loops and DMA generators",
                   buildLowerToBIRPipeline);
  registerPipeline("lower-to-dge",
                   "Lower a tensor-level dynshape program to routed DMAs: "
                   "--lower-to-bir, then DGE routing, engine binding and "
                   "descriptor blocks with triggers",
                   buildLowerToDGEPipeline);
  registerPipeline("lower-to-addr4",
                   "Lower a tensor-level dynshape program all the way: "
                   "--lower-to-dge, then addr4-encode stamps the ADDR4 words",
                   buildLowerToADDR4Pipeline);
}
