# The installed dyn package: headers (with the generated .inc files and the
# .td sources), libraries, tools, and lib/cmake/dyn/DynConfig.cmake with the
# exported targets, so that a consumer writes
#
#   find_package(Dyn REQUIRED CONFIG)
#   target_link_libraries(app PRIVATE DynAll)

include(CMakePackageConfigHelpers)

# DynAll: every dyn library, the include directories of dyn, MLIR and LLVM,
# and LLVM's definitions.
get_property(dyn_all_libs GLOBAL PROPERTY DYN_ALL_LIBS)
add_library(DynAll INTERFACE)
target_link_libraries(DynAll INTERFACE ${dyn_all_libs})
target_include_directories(DynAll INTERFACE
  $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
  $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
  $<INSTALL_INTERFACE:include>
  ${MLIR_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
target_compile_definitions(DynAll INTERFACE ${LLVM_DEFINITIONS_LIST})
install(TARGETS DynAll EXPORT DynTargets)

set(DYN_INSTALL_PACKAGE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/dyn)
install(EXPORT DynTargets DESTINATION ${DYN_INSTALL_PACKAGE_DIR})

set(dyn_package_builddir ${PROJECT_BINARY_DIR}/${DYN_INSTALL_PACKAGE_DIR})
configure_file(${PROJECT_SOURCE_DIR}/cmake/DynConfig.cmake.in
               ${dyn_package_builddir}/DynConfig.cmake @ONLY)
write_basic_package_version_file(${dyn_package_builddir}/DynConfigVersion.cmake
  VERSION ${DYN_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${dyn_package_builddir}/DynConfig.cmake
              ${dyn_package_builddir}/DynConfigVersion.cmake
        DESTINATION ${DYN_INSTALL_PACKAGE_DIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/dyn
                  ${PROJECT_SOURCE_DIR}/include/dyn-c DESTINATION include
        FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/dyn DESTINATION include
        FILES_MATCHING PATTERN "*.h" PATTERN "*.inc"
        PATTERN "CMakeFiles" EXCLUDE)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION share/doc/dyn)

# The Debian package, dyn_<version>_<arch>.deb (scripts/build-deb.sh, or
# `cpack -G DEB` in the build tree): everything `cmake --install` installs,
# under /usr, except that the Python package goes where Debian's python3
# finds it, /usr/lib/python3/dist-packages/dyn (the component
# debian-python, python/CMakeLists.txt), instead of python_packages/dyn.
# The tools and the Python module link LLVM and MLIR statically and need
# only the C and C++ runtimes and jemalloc (found by dpkg-shlibdeps); the CMake
# package needs Debian's LLVM and MLIR 22 development packages, whose
# MLIRConfig.cmake and headers it uses; the Python package needs NumPy.
find_package(Python3 COMPONENTS Interpreter QUIET)
set(dyn_python_depends "python3, python3-numpy")
if(Python3_VERSION_MAJOR AND Python3_VERSION_MINOR)
  # The extension module is built for one Python ABI (cpython-3XY).
  math(EXPR dyn_next_minor "${Python3_VERSION_MINOR} + 1")
  set(dyn_python_depends
      "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3 (<< ${Python3_VERSION_MAJOR}.${dyn_next_minor}), python3-numpy")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dyn)
set(CPACK_PACKAGE_VERSION ${DYN_VERSION})
set(CPACK_PACKAGE_CONTACT "dyn maintainers <dyn@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "MLIR compiler for dynamic-offset tensor programs to ADDR4 binaries")
set(CPACK_PACKAGE_DESCRIPTION
    "dyn lowers bounded dynamic-shape tensor programs to engine registers, register-ALU code and DMA descriptors, serializes them as ADDR4 containers and simulates them. The package holds dyn-opt, dyn-translate, dyn-sim, dyn-lsp-server, the static libraries and headers, the CMake package Dyn, the C API and the Python package dyn.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# dpkg-shlibdeps adds libc6, libstdc++6, libgcc-s1 and libjemalloc2.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "llvm-22-dev, libmlir-22-dev, ${dyn_python_depends}")
# One package from the components: the default one and debian-python, not
# python (the python_packages/ copy of `cmake --install`).
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_COMPONENTS_ALL Unspecified)
if(TARGET DynPythonModule)
  list(APPEND CPACK_COMPONENTS_ALL debian-python)
endif()
include(CPack)
