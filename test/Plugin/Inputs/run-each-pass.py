#!/usr/bin/env python3
"""run-each-pass.py NAMES INPUT TOOL ARGS...: runs TOOL ARGS INPUT once per
pass or pipeline name in the file NAMES (one `--name` a line), through a
textual pipeline on the module, or on each function when the pass is
anchored on func.func. Prints `ok NAME` or `FAILED NAME` and the tool's
errors; exits 1 if any failed."""
import subprocess
import sys

names_file, input_file, tool = sys.argv[1:4]
args = sys.argv[4:]
failed = False
for name in open(names_file).read().split():
    name = name.lstrip("-")
    for pipeline in (f"builtin.module({name})",
                     f"builtin.module(func.func({name}))"):
        proc = subprocess.run([tool, *args, input_file,
                               f"--pass-pipeline={pipeline}", "-o", "-"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if proc.returncode == 0:
            print("ok", name)
            break
    else:
        failed = True
        print("FAILED", name)
        print(proc.stderr)
sys.exit(1 if failed else 0)
