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
