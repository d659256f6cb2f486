# CMake helpers of the dyn project. Every target dyn defines is named Dyn...

# add_dyn_dialect(<td file stem> <dialect namespace>)
#
# The op, type and dialect declarations generated from <stem>.td, in a
# target named Dyn<stem>IncGen (upstream's add_mlir_dialect would name it
# MLIR<stem>IncGen, as if it were part of MLIR).
function(add_dyn_dialect dialect dialect_namespace)
  set(LLVM_TARGET_DEFINITIONS ${dialect}.td)
  mlir_tablegen(${dialect}.h.inc -gen-op-decls)
  mlir_tablegen(${dialect}.cpp.inc -gen-op-defs)
  mlir_tablegen(${dialect}Types.h.inc -gen-typedef-decls
                -typedefs-dialect=${dialect_namespace})
  mlir_tablegen(${dialect}Types.cpp.inc -gen-typedef-defs
                -typedefs-dialect=${dialect_namespace})
  mlir_tablegen(${dialect}Dialect.h.inc -gen-dialect-decls
                -dialect=${dialect_namespace})
  mlir_tablegen(${dialect}Dialect.cpp.inc -gen-dialect-defs
                -dialect=${dialect_namespace})
  add_public_tablegen_target(Dyn${dialect}IncGen)
endfunction()

# add_dyn_library(<name> <add_mlir_library arguments>)
#
# A dyn library, built as add_mlir_library builds it but installed into
# dyn's own export set (DynTargets, lib/cmake/dyn/), not MLIR's, and
# collected in the DYN_ALL_LIBS property from which the DynAll interface
# target is made (as CIRCT's add_circt_library does for CIRCT).
function(add_dyn_library name)
  add_mlir_library(${ARGV} DISABLE_INSTALL)
  install(TARGETS ${name} EXPORT DynTargets
          ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX}
          LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX}
          RUNTIME DESTINATION bin)
  set_property(GLOBAL APPEND PROPERTY DYN_ALL_LIBS ${name})
endfunction()

# add_dyn_tool(<name> <sources>...)
#
# A dyn command-line tool, installed into bin/.
function(add_dyn_tool name)
  add_llvm_executable(${name} ${ARGN})
  llvm_update_compile_flags(${name})
  install(TARGETS ${name} RUNTIME DESTINATION bin)
endfunction()
