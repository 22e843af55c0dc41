#!/usr/bin/env python3
"""Runs the documentation's runnable examples, so that the docs cannot drift.

A fenced block whose info string carries the word `doc-test` is runnable:

    ```sh doc-test        a bash script (set -e -o pipefail)
    ```mlir doc-test      a module that glu-opt must parse, verify and
                          round-trip (--verify-roundtrip)

(Markdown renderers read only the first word, so the marker is invisible.)
Blocks run in order, one file at a time, in a fresh folder WORK that has
`build` (the build tree), `examples` and `test` (the sources') in it, so the
commands read as a user in the repository types them; `python3` is this
interpreter and the build's tools are on PATH. Files a block writes stay in
WORK for the blocks after it.

  run-doc-blocks.py --src SRC --build BUILD --work WORK FILE.md...

Prints one line per file, "FILE: N runnable blocks passed", and exits 1
with the block's location and output at the first failure.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

FENCE = re.compile(r"^(```+)\s*(\S*)(.*)$")


def blocks(path):
    """(line, language, text) of each runnable block of a Markdown file."""
    out, lines = [], open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang, rest = m.groups()
        start, body = i + 1, []
        i += 1
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        i += 1
        if "doc-test" in rest.split():
            out.append((start, lang, "\n".join(body) + "\n"))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("files", nargs="+")
    opts = ap.parse_args()

    shutil.rmtree(opts.work, ignore_errors=True)
    os.makedirs(opts.work)
    os.symlink(os.path.abspath(opts.build), os.path.join(opts.work, "build"))
    for folder in ("examples", "test"):
        os.symlink(os.path.join(os.path.abspath(opts.src), folder),
                   os.path.join(opts.work, folder))
    shims = os.path.join(opts.work, ".bin")
    os.makedirs(shims)
    os.symlink(sys.executable, os.path.join(shims, "python3"))
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join(
        [shims, os.path.join(os.path.abspath(opts.build), "bin"),
         env.get("PATH", "")])

    for name in opts.files:
        path = os.path.join(opts.src, name)
        found = blocks(path)
        for line, lang, text in found:
            where = f"{name}:{line}"
            if lang == "sh":
                cmd = ["bash", "-e", "-o", "pipefail", "-c", text]
            elif lang == "mlir":
                block = os.path.join(opts.work, f"block-{line}.mlir")
                with open(block, "w") as f:
                    f.write(text)
                cmd = ["glu-opt", "--verify-roundtrip", block, "-o",
                       os.devnull]
            else:
                sys.exit(f"{where}: a doc-test block must be sh or mlir, "
                         f"not '{lang}'")
            try:
                run = subprocess.run(cmd, cwd=opts.work, env=env,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True,
                                     timeout=opts.timeout)
                status, output = run.returncode, run.stdout
            except subprocess.TimeoutExpired as e:
                status, output = "timeout", str(e.output or "")
            if status != 0:
                print(f"{where}: the documented {lang} block failed "
                      f"(status {status}):\n{text}--- output ---\n{output}")
                sys.exit(1)
        print(f"{name}: {len(found)} runnable blocks passed")


if __name__ == "__main__":
    main()
