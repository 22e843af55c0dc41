#===- GluInstall.cmake - cmake --install and the Glu CMake package ---------===#
#
# `cmake --install build --prefix P` installs:
#   P/include/GluDialect, P/include/glu-c   headers, .td and generated .inc
#   P/lib/libMLIRGlu*.a                      every glu library
#   P/bin/glu-*                              the tools installed with
#                                            glu_install_tool()
#   P/lib/cmake/glu/GluConfig.cmake          find_package(Glu) support
#
# Libraries need no line of their own: add_mlir_library already installs
# each one into the export set MLIRTargets, which this file exports as the
# `Glu::` targets (Glu::MLIRGlu, Glu::MLIRGluTransforms, ...). A consumer
# writes
#
#   find_package(Glu REQUIRED CONFIG)   # also finds MLIR (the same one)
#   target_link_libraries(my-opt PRIVATE Glu::MLIRGluTransforms)
#
# (see examples/consumer). The libraries link MLIR through the `MLIR`
# target (libMLIR.so), like the glu tools.
#
#===------------------------------------------------------------------------===#

include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(GLU_VERSION 0.1.0)

set(GLU_INSTALL_PACKAGE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/glu CACHE STRING
    "Where cmake --install puts GluConfig.cmake (relative to the prefix)")

# glu_install_tool(name): installs an executable into bin/ and exports it as
# Glu::name.
function(glu_install_tool name)
  # Installed tools find libMLIR.so where the build found it.
  set_property(TARGET ${name} APPEND PROPERTY INSTALL_RPATH
               "${LLVM_LIBRARY_DIR}")
  install(TARGETS ${name} EXPORT MLIRTargets
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ${name})
endfunction()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ ${PROJECT_BINARY_DIR}/include/
        DESTINATION include
        FILES_MATCHING PATTERN "*.h" PATTERN "*.td" PATTERN "*.inc"
        PATTERN "CMakeFiles" EXCLUDE)

# Called once, after every library and tool has been added: include paths
# and the export of the MLIRTargets set as Glu:: targets.
function(glu_install_package)
  get_property(libraries GLOBAL PROPERTY MLIR_EXPORTS)
  foreach(library ${libraries})
    if(TARGET ${library})
      target_include_directories(${library} INTERFACE
        $<INSTALL_INTERFACE:include>)
      # Sanitized static libraries need the sanitizer runtimes where they
      # are linked.
      if(GLU_ENABLE_SANITIZERS)
        target_link_options(${library} INTERFACE
          $<INSTALL_INTERFACE:${GLU_SANITIZER_LINK_FLAGS}>)
      endif()
    endif()
  endforeach()

  install(EXPORT MLIRTargets
          NAMESPACE Glu::
          FILE GluTargets.cmake
          DESTINATION ${GLU_INSTALL_PACKAGE_DIR})
  configure_package_config_file(
    ${PROJECT_SOURCE_DIR}/cmake/GluConfig.cmake.in
    ${PROJECT_BINARY_DIR}/cmake/GluConfig.cmake
    INSTALL_DESTINATION ${GLU_INSTALL_PACKAGE_DIR}
    PATH_VARS GLU_INSTALL_PACKAGE_DIR)
  write_basic_package_version_file(
    ${PROJECT_BINARY_DIR}/cmake/GluConfigVersion.cmake
    VERSION ${GLU_VERSION}
    COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/cmake/GluConfig.cmake
                ${PROJECT_BINARY_DIR}/cmake/GluConfigVersion.cmake
          DESTINATION ${GLU_INSTALL_PACKAGE_DIR})
endfunction()
