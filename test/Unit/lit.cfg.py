# -*- Python -*-
# lit runs every GoogleTest binary in build/unittests, one lit test per
# gtest case.

import os

import lit.formats

config.name = "GLU-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.glu_obj_root, "unittests")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
