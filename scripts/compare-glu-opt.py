#!/usr/bin/env python3
"""Runs every glu-opt RUN line of test/ with two builds' glu-opt and lists
the ones whose output differs.

The suite checks one build; this checks that another compiler (GCC, a
different clang) builds a glu-opt that prints the same IR
(docs/building.md, "Other compilers"). Only RUN lines that start with
glu-opt reading %s are run (those that read lit's %t files need the lines
before them); the command is cut at its first pipe or redirection, and
both sides' exit status, stdout and stderr are compared (less the
nvvm target's compile time, which changes between runs).

Usage: scripts/compare-glu-opt.py BUILD_A BUILD_B  (build directories)
Exit status: 0 when every line prints the same, 1 otherwise (a missing
glu-opt included).
"""
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_lines(path):
    """The file's RUN commands, continuation lines joined."""
    commands, current = [], ""
    with open(path, errors="replace") as f:
        for line in f:
            m = re.search(r"RUN:(.*)$", line)
            if not m:
                continue
            part = m.group(1).strip()
            if part.endswith("\\"):
                current += part[:-1] + " "
                continue
            commands.append(current + part)
            current = ""
    return commands


def glu_opt_args(command, path):
    """glu-opt's arguments, or None where the line is not one we can run."""
    head = re.split(r"\||>|2>&1|<", command)[0]
    try:
        words = shlex.split(head)
    except ValueError:
        return None
    if words and words[0] == "not":
        words = words[1:]
    if not words or words[0] != "glu-opt" or "%s" not in words:
        return None
    if any("%" in w and w != "%s" for w in words):
        return None
    return [path if w == "%s" else w for w in words[1:]]


# What differs from one run to the next of the same build.
UNSTABLE = re.compile(rb"LLVMIRToISATimeInMs = [0-9]+")


def output(build, args):
    result = subprocess.run([os.path.join(build, "bin", "glu-opt")] + args,
                            capture_output=True, timeout=300, cwd=ROOT)
    return (result.returncode, UNSTABLE.sub(b"", result.stdout),
            UNSTABLE.sub(b"", result.stderr))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-3])
    builds = sys.argv[1:]
    for build in builds:
        tool = os.path.join(build, "bin", "glu-opt")
        if not os.access(tool, os.X_OK):
            sys.exit(f"compare-glu-opt.py: {tool} is not an executable "
                     "(give two build directories)")
    compared, differ = 0, []
    for folder, _, files in sorted(os.walk(os.path.join(ROOT, "test"))):
        for name in sorted(files):
            path = os.path.join(folder, name)
            if not name.endswith(".mlir"):
                continue
            for command in run_lines(path):
                args = glu_opt_args(command, path)
                if args is None:
                    continue
                compared += 1
                if output(builds[0], args) != output(builds[1], args):
                    shown = ["%s" if a == path else a for a in args]
                    differ.append(os.path.relpath(path, ROOT) + ": " +
                                  " ".join(shown))
    for line in differ:
        print("differs:", line)
    print(f"{compared} glu-opt RUN lines, {len(differ)} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
