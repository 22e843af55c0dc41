#===- GluInstall.cmake - cmake --install and the Glu CMake package ---------===#
#
# `cmake --install build --prefix P` installs:
#   P/include/GluDialect, P/include/glu-c   headers, .td and generated .inc
#   P/lib/libMLIRGlu*.a                      every glu library
#   P/bin/glu-*                              the tools installed with
#                                            glu_install_tool()
#   P/lib/cmake/glu/GluConfig.cmake          find_package(Glu) support
#
# Every library is added with add_mlir_*library(... DISABLE_INSTALL) and
# installed by glu_install_library() into glu's own export set GluTargets
# (upstream's add_mlir_library would put it into MLIRTargets, MLIR's set),
# exported as the `Glu::` targets (Glu::MLIRGlu, Glu::MLIRGluTransforms, ...).
# A consumer writes
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

# glu_install_library(name): installs a library added with DISABLE_INSTALL
# into lib/ and the GluTargets export set.
function(glu_install_library name)
  install(TARGETS ${name} EXPORT GluTargets COMPONENT ${name}
          LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX}
          ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  set_property(GLOBAL APPEND PROPERTY GLU_EXPORTS ${name})
endfunction()

# glu_install_tool(name): installs an executable into bin/ and exports it as
# Glu::name.
function(glu_install_tool name)
  # Installed tools find libMLIR.so where the build found it.
  set_property(TARGET ${name} APPEND PROPERTY INSTALL_RPATH
               "${LLVM_LIBRARY_DIR}")
  install(TARGETS ${name} EXPORT GluTargets
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ${name})
endfunction()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ ${PROJECT_BINARY_DIR}/include/
        DESTINATION include
        FILES_MATCHING PATTERN "*.h" PATTERN "*.td" PATTERN "*.inc"
        PATTERN "CMakeFiles" EXCLUDE)

# Called once, after every library and tool has been added: include paths
# and the export of the GluTargets set as Glu:: targets.
function(glu_install_package)
  get_property(libraries GLOBAL PROPERTY GLU_EXPORTS)
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

  install(EXPORT GluTargets
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
