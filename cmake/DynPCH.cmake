# A precompiled header of the MLIR/LLVM headers most of dyn includes
# (bench/README.md, "Build time"). Parsing them is most of a translation
# unit's compile time (bench/README.md, "Figures behind choices in the
# code"). One PCH, owned by the DynPCH object library (one empty
# source), is reused by every dyn library and tool (dyn_use_pch), whose
# compile flags are the same; the Python module (exceptions on) and the C
# sources do without.
#
# Only MLIR's and LLVM's headers: they change with the installed packages,
# while dyn's own (and its tablegen output) change all the time and would
# rebuild the PCH and everything after it.
#
# ccache caches a compile that uses a PCH only with the sloppiness
# pch_defines,time_macros (its manual, "Precompiled headers"); the launcher
# below sets it when the configured launcher is ccache.

option(DYN_ENABLE_PCH "Precompile the MLIR/LLVM headers dyn includes most" ON)

set(DYN_PCH_HEADERS
  <mlir/IR/BuiltinOps.h>
  <mlir/IR/Builders.h>
  <mlir/IR/OpDefinition.h>
  <mlir/IR/OpImplementation.h>
  <mlir/IR/PatternMatch.h>
  <mlir/IR/Matchers.h>
  <mlir/IR/Dialect.h>
  <mlir/Interfaces/SideEffectInterfaces.h>
  <mlir/Pass/Pass.h>
  <mlir/Transforms/DialectConversion.h>
  <mlir/Dialect/Arith/IR/Arith.h>
  <mlir/Dialect/Func/IR/FuncOps.h>
  <mlir/Dialect/SCF/IR/SCF.h>
  <mlir/Dialect/Tensor/IR/Tensor.h>
  <mlir/Dialect/MemRef/IR/MemRef.h>
  <mlir/Dialect/Linalg/IR/Linalg.h>
)

if(DYN_ENABLE_PCH)
  get_filename_component(dyn_launcher "${CMAKE_CXX_COMPILER_LAUNCHER}" NAME)
  if(dyn_launcher STREQUAL "ccache")
    # A normal variable over the cache entry: the targets' launcher only.
    set(CMAKE_CXX_COMPILER_LAUNCHER
        env CCACHE_SLOPPINESS=pch_defines,time_macros
        ${CMAKE_CXX_COMPILER_LAUNCHER})
  endif()

  set(dyn_pch_source ${CMAKE_BINARY_DIR}/DynPCH.cpp)
  file(CONFIGURE OUTPUT ${dyn_pch_source}
       CONTENT "// The source of DynPCH (cmake/DynPCH.cmake); empty.\n")
  add_library(DynPCH OBJECT EXCLUDE_FROM_ALL ${dyn_pch_source})
  llvm_update_compile_flags(DynPCH)
  target_precompile_headers(DynPCH PRIVATE ${DYN_PCH_HEADERS})
endif()

# dyn_use_pch(<target>): compile <target>'s C++ sources with the PCH.
function(dyn_use_pch target)
  if(DYN_ENABLE_PCH)
    target_precompile_headers(${target} REUSE_FROM DynPCH)
  endif()
endfunction()
