#===- GluSanitizers.cmake - ASan+UBSan builds and libFuzzer targets ---------===#
#
#   -DGLU_ENABLE_SANITIZERS=ON  everything (libraries, tools, tests) built
#                               with AddressSanitizer and
#                               UndefinedBehaviorSanitizer; any report aborts
#                               the process. scripts/sanitize.sh.
#   -DGLU_BUILD_FUZZERS=ON      also libFuzzer coverage instrumentation, and
#                               the fuzz targets of fuzz/. scripts/fuzz.sh.
#
# Clang only (the fuzzer runtime comes with clang: Debian's
# libclang-rt-22-dev). MLIR and LLVM themselves (libMLIR.so) stay
# uninstrumented: reports are about glu's code and what it calls.
#
#===------------------------------------------------------------------------===#

option(GLU_ENABLE_SANITIZERS
       "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(GLU_BUILD_FUZZERS
       "Build the libFuzzer targets in fuzz/ (implies GLU_ENABLE_SANITIZERS)"
       OFF)
if(GLU_BUILD_FUZZERS)
  set(GLU_ENABLE_SANITIZERS ON CACHE BOOL "" FORCE)
endif()

# Where scripts/fuzz.sh builds the fuzzers; test/Fuzz runs them from there.
set(GLU_FUZZ_BUILD_DIR "${PROJECT_SOURCE_DIR}/build-fuzz" CACHE PATH
    "The fuzzer build directory the test suite's short fuzz run uses")

set(GLU_SANITIZER_LINK_FLAGS -fsanitize=address,undefined)
if(GLU_ENABLE_SANITIZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "GLU_ENABLE_SANITIZERS needs clang")
  endif()
  # A report is an error: abort instead of printing and going on.
  add_compile_options(-fsanitize=address,undefined
                      -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(${GLU_SANITIZER_LINK_FLAGS})
  # Debug information after the build type's -g (the last -g option wins).
  # A report's stack trace needs line tables only; full debug information
  # doubled the objects, and the 44 links of the sanitized build took 255 s
  # of its CPU (2-core CI machine). "-g" brings it back for a debugger.
  set(GLU_SANITIZER_DEBUG_INFO "-gline-tables-only" CACHE STRING
      "Debug information of the sanitized build (-gline-tables-only or -g)")
  add_compile_options(${GLU_SANITIZER_DEBUG_INFO})
endif()
if(GLU_BUILD_FUZZERS)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
