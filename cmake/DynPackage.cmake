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
