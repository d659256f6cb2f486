# How dyn's binaries link LLVM.
#
# Debian's MLIR libraries name LLVM as one shared library, the imported
# target `LLVM` (libLLVM.so, about 130 MiB). Every start of a tool maps and
# relocates all of it, five times the start-up of a tool linked with LLVM's
# static component libraries, as an LLVM build links its own tools by
# default (figures in bench/README.md, "How the binaries link LLVM"). The
# lit suite and the fuzzers start the tools thousands of times.
#
# Debian ships those archives too (llvm-22-dev). With DYN_LINK_LLVM_STATIC
# (the default when they are installed), `LLVM` here names a linker script
# that groups them, so the linker takes only the objects dyn uses (Support,
# Remarks, BitstreamReader and Demangle for dyn-opt), and `--as-needed`
# drops the shared libraries LLVMSupport names (zlib, zstd, z3) unless an
# object taken calls them. This changes dyn's own build only: the installed
# CMake package exports dyn's libraries, and a consumer links them with the
# LLVM of its own find_package(MLIR).

option(DYN_LINK_LLVM_STATIC
       "Link dyn's binaries with LLVM's static component libraries when they are installed"
       ON)

function(dyn_link_llvm_static)
  if(NOT TARGET LLVM OR NOT TARGET LLVMSupport)
    message(STATUS "dyn links LLVM's shared library (no static LLVMSupport)")
    return()
  endif()
  get_target_property(llvm_type LLVM TYPE)
  if(NOT llvm_type STREQUAL "SHARED_LIBRARY")
    return()
  endif()
  # Debian lists components whose archives it does not ship (Polly).
  set(archives)
  foreach(lib IN LISTS LLVM_AVAILABLE_LIBS)
    set(archive ${LLVM_LIBRARY_DIR}/lib${lib}.a)
    if(lib MATCHES "^LLVM" AND EXISTS ${archive})
      list(APPEND archives ${archive})
    endif()
  endforeach()
  # GROUP: the archives depend on each other in cycles; ld rescans them
  # until no new symbol resolves, as --start-group/--end-group do.
  set(script ${CMAKE_BINARY_DIR}/lib/LLVMStatic.ld)
  list(JOIN archives " " group)
  file(WRITE ${script} "GROUP ( ${group} )\n")
  get_target_property(configs LLVM IMPORTED_CONFIGURATIONS)
  foreach(config IN LISTS configs)
    set_target_properties(LLVM PROPERTIES IMPORTED_LOCATION_${config} ${script})
  endforeach()
  # The system libraries LLVMSupport names; Debian's LLVMConfig.cmake names
  # zstd by a target it does not define, so that one is looked up here.
  get_target_property(support_libs LLVMSupport INTERFACE_LINK_LIBRARIES)
  set(system_libs)
  foreach(lib IN LISTS support_libs)
    if(lib IN_LIST LLVM_AVAILABLE_LIBS)
      continue()
    elseif(lib MATCHES "^zstd::" AND NOT TARGET ${lib})
      find_library(DYN_ZSTD_LIBRARY zstd)
      if(DYN_ZSTD_LIBRARY)
        list(APPEND system_libs ${DYN_ZSTD_LIBRARY})
      endif()
    elseif(NOT lib MATCHES "::" OR TARGET ${lib})
      list(APPEND system_libs ${lib})
    endif()
  endforeach()
  set_target_properties(LLVM PROPERTIES
    IMPORTED_LOCATION ${script}
    INTERFACE_LINK_LIBRARIES "${system_libs}"
    INTERFACE_LINK_OPTIONS "LINKER:--as-needed")
  list(LENGTH archives count)
  message(STATUS "dyn links LLVM's ${count} static component libraries")
endfunction()

if(DYN_LINK_LLVM_STATIC)
  dyn_link_llvm_static()
endif()
