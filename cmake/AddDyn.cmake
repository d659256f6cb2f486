# CMake helpers of the dyn project. Every target dyn defines is named Dyn...

# add_dyn_dialect(<td file stem> <dialect namespace>)
#
# The op, type and dialect declarations generated from <stem>.td, in a
# target named Dyn<stem>IncGen (upstream's add_mlir_dialect would name it
# MLIR<stem>IncGen, as if it were part of MLIR), and the dialect's page,
# docs/generated/Dialects/<Name>Dialect.md for a stem <Name>Ops.
function(add_dyn_dialect dialect dialect_namespace)
  string(REGEX REPLACE "Ops$" "Dialect" doc_name ${dialect})
  add_mlir_doc(${dialect} ${doc_name} Dialects/ -gen-dialect-doc
               -dialect=${dialect_namespace})
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

# add_dyn_dialect_extras(<prefix> <dialect namespace> [ENUMS] [INTERFACES])
#
# The attribute definitions of <prefix>Ops.td, with ENUMS the enums of
# <prefix>Enums.td and with INTERFACES the op interfaces of
# <prefix>Interfaces.td, in a target named Dyn<prefix>ExtraIncGen.
function(add_dyn_dialect_extras prefix dialect_namespace)
  cmake_parse_arguments(ARG "ENUMS;INTERFACES" "" "" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "add_dyn_dialect_extras: unknown arguments "
                        "${ARG_UNPARSED_ARGUMENTS} (ENUMS, INTERFACES)")
  endif()
  if(ARG_ENUMS)
    set(LLVM_TARGET_DEFINITIONS ${prefix}Enums.td)
    mlir_tablegen(${prefix}Enums.h.inc -gen-enum-decls)
    mlir_tablegen(${prefix}Enums.cpp.inc -gen-enum-defs)
  endif()
  if(ARG_INTERFACES)
    set(LLVM_TARGET_DEFINITIONS ${prefix}Interfaces.td)
    mlir_tablegen(${prefix}Interfaces.h.inc -gen-op-interface-decls)
    mlir_tablegen(${prefix}Interfaces.cpp.inc -gen-op-interface-defs)
  endif()
  set(LLVM_TARGET_DEFINITIONS ${prefix}Ops.td)
  mlir_tablegen(${prefix}Attrs.h.inc -gen-attrdef-decls
                -attrdefs-dialect=${dialect_namespace})
  mlir_tablegen(${prefix}Attrs.cpp.inc -gen-attrdef-defs
                -attrdefs-dialect=${dialect_namespace})
  add_public_tablegen_target(Dyn${prefix}ExtraIncGen)
endfunction()

# add_dyn_passes(<group> <target>)
#
# The pass declarations and the C API registration generated from the
# Passes.td of the current directory for the pass group <group>
# (register<group>Passes, mlirCreate<group>...), in the target <target>,
# and the passes' page, docs/generated/Passes/<group>Passes.md.
function(add_dyn_passes group target)
  set(LLVM_TARGET_DEFINITIONS Passes.td)
  mlir_tablegen(Passes.h.inc -gen-pass-decls -name ${group})
  mlir_tablegen(Passes.capi.h.inc -gen-pass-capi-header --prefix ${group})
  mlir_tablegen(Passes.capi.cpp.inc -gen-pass-capi-impl --prefix ${group})
  add_public_tablegen_target(${target})
  add_mlir_doc(Passes ${group}Passes Passes/ -gen-pass-doc)
endfunction()

# add_dyn_library(<name> <add_mlir_library arguments>)
#
# A dyn library, built as add_mlir_library builds it but installed into
# dyn's own export set (DynTargets, lib/cmake/dyn/), not MLIR's, and
# collected in the DYN_ALL_LIBS property from which the DynAll interface
# target is made (as CIRCT's add_circt_library does for CIRCT).
function(add_dyn_library name)
  add_mlir_library(${ARGV} DISABLE_INSTALL)
  if(TARGET obj.${name})
    dyn_use_pch(obj.${name})
  else()
    dyn_use_pch(${name})
  endif()
  install(TARGETS ${name} EXPORT DynTargets
          ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX}
          LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX}
          RUNTIME DESTINATION bin)
  set_property(GLOBAL APPEND PROPERTY DYN_ALL_LIBS ${name})
endfunction()

# add_dyn_tool(<name> <sources>...)
#
# A dyn command-line tool, installed into bin/, linked with jemalloc and its
# options (tools/common/JemallocOptions.c) when the configuration chose it
# (DYN_TOOLS_USE_JEMALLOC).
function(add_dyn_tool name)
  set(sources ${ARGN})
  if(DYN_TOOLS_USE_JEMALLOC)
    set(options ${PROJECT_SOURCE_DIR}/tools/common/JemallocOptions.c)
    list(APPEND sources ${options})
    # C: the PCH is C++'s (cmake/DynPCH.cmake).
    set_source_files_properties(${options} PROPERTIES
                                SKIP_PRECOMPILE_HEADERS ON)
  endif()
  add_llvm_executable(${name} ${sources})
  llvm_update_compile_flags(${name})
  dyn_use_pch(${name})
  if(DYN_TOOLS_USE_JEMALLOC)
    target_link_libraries(${name} PRIVATE ${DYN_JEMALLOC_LIBRARY})
  endif()
  install(TARGETS ${name} RUNTIME DESTINATION bin)
endfunction()
