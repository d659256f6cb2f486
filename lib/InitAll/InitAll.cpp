//===- InitAll.cpp - register every dyn dialect and pass ------------------===//

#include "dyn/InitAll.h"

#include "dyn/Conversion/Passes.h"
#include "dyn/Cost/Transforms/Passes.h"
#include "dyn/Dialect/BIR/IR/BIR.h"
#include "dyn/Dialect/BIR/Transforms/Passes.h"
#include "dyn/Dialect/DGE/IR/DGE.h"
#include "dyn/Dialect/DGE/Transforms/Passes.h"
#include "dyn/Dialect/DynShape/IR/DynShape.h"
#include "dyn/Dialect/DynShape/Transforms/BufferizableOpInterfaceImpl.h"
#include "dyn/Dialect/DynShape/Transforms/Passes.h"
#include "dyn/Dialect/StableHLOGeneric/IR/StableHLOGeneric.h"
#include "dyn/Pipelines/Pipelines.h"
#include "dyn/Target/ADDR4/Passes.h"
#include "dyn/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/Extensions/AllExtensions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"

void dyn::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<bir::BIRDialect, dge::DGEDialect, dynshape::DynShapeDialect,
                  stablehlo::StableHLOGenericDialect>();
  dynshape::registerBufferizableOpInterfaceExternalModels(registry);
}

void dyn::registerUpstreamDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                  mlir::bufferization::BufferizationDialect,
                  mlir::func::FuncDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect>();
  mlir::func::registerAllExtensions(registry);
  mlir::affine::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::arith::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::tensor::registerValueBoundsOpInterfaceExternalModels(registry);
  mlir::arith::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  mlir::linalg::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::scf::registerBufferizableOpInterfaceExternalModels(registry);
  mlir::tensor::registerBufferizableOpInterfaceExternalModels(registry);
}

void dyn::registerAllPasses() {
  dynshape::registerDynShapePasses();
  registerDynConversionPasses();
  bir::registerBIRPasses();
  dge::registerDGEPasses();
  cost::registerDynCostPasses();
  addr4::registerADDR4Passes();
  registerDynTransformsPasses();
  registerPipelines();
}

void dyn::registerUpstreamPasses() {
  mlir::registerTransformsPasses();
  mlir::bufferization::registerBufferizationPasses();
  mlir::registerLinalgPasses();
  mlir::arith::registerArithPasses();
}
