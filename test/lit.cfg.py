# -*- Python -*-
# lit configuration of the glu test suite.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "GLU"
# The internal shell: portable, and it provides `not` and `env` anywhere.
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.glu_obj_root, "test")
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py", "lit.site.cfg.py",
                   "Inputs", "Unit", "lib"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(
    ("%glu-run", os.path.join(config.glu_tools_dir, "glu-run")))
config.substitutions.append(("%glu_src_root", config.glu_src_root))
# The legal configurations (tools/glu-combinations), for the generators that
# tests run (scripts/legal_combinations.py reads GLU_COMBINATIONS).
config.substitutions.append(("%glu_combinations", config.glu_combinations))
config.environment["GLU_COMBINATIONS"] = config.glu_combinations
config.substitutions.append(
    ("%glu_unittests", os.path.join(config.glu_obj_root, "unittests")))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.glu_tools_dir, config.llvm_tools_dir]
tools = ["glu-opt", "glu-run", "glu-compile", "glu-train", "mlir-opt",
         "split-file", "not"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# A C compiler for the ahead-of-time tests, and where libomp lives.
config.substitutions.append(("%cc", os.path.join(config.llvm_tools_dir, "clang")))
config.substitutions.append(
    ("%llvm_libdir", os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")))
config.substitutions.append(("%glu_bindir", config.glu_tools_dir))

# `not` at the start of a RUN line is found through PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# CUDA: tests that assemble PTX need the toolkit (ptxas, libdevice), tests
# that run kernels need a driver with a device; without them they are
# UNSUPPORTED (skipped), never passed. lit clears the environment, so the
# toolkit's path comes from the build (GLU_CUDA_TOOLKIT).
config.substitutions.append(("%cuda_toolkit", config.cuda_toolkit))
config.substitutions.append(("%glu_obj_root", config.glu_obj_root))
if os.access(os.path.join(config.cuda_toolkit, "bin", "ptxas"), os.X_OK):
    config.available_features.add("cuda-toolkit")


def _cuda_driver():
    """(library loads, a device starts)"""
    import ctypes

    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False, False
    count = ctypes.c_int(0)
    return True, (cuda.cuInit(0) == 0
                  and cuda.cuDeviceGetCount(ctypes.byref(count)) == 0
                  and count.value > 0)


_cuda_library, _cuda_device = _cuda_driver()
if _cuda_library:
    config.available_features.add("cuda-library")
if _cuda_device:
    config.available_features.add("cuda-driver")

# The host runs x86-64-v3 code (AVX2, FMA, F16C, BMI2): the tests that force
# that CPU's code (--mcpu=x86-64-v3) can run it.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = set(cpuinfo.read().split())
    if {"avx2", "fma", "f16c", "bmi2", "movbe"} <= flags:
        config.available_features.add("x86-64-v3")
    # The host's code rounds to bf16 by vcvtneps2bf16 (glu-to-llvm's
    # avx512bf16): the tests that compare it with code without it run it.
    if {"avx512f", "avx512dq", "avx512_bf16"} <= flags:
        config.available_features.add("avx512bf16")
except OSError:
    pass

# clang-format-22 (scripts/install-deps.sh) and a git checkout: the source is
# checked against .clang-format (test/Format).
if shutil.which("clang-format-22") and os.path.exists(
    os.path.join(config.glu_src_root, ".git")
):
    config.available_features.add("clang-format")

# The sanitized suite (scripts/sanitize.sh): tests that need an uninstrumented
# process (a stock MLIR tool loading GluPlugin.so) skip, visibly.
if config.glu_enable_sanitizers.upper() in ("ON", "TRUE", "1", "YES"):
    config.available_features.add("sanitizers")
