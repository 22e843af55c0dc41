#!/usr/bin/env python3
"""Compile-time scaling of the glu pipelines in the number of glu ops.

Generates graphs of N glu ops and times glu-opt on them:

  chain  N split swiglu ops on tensor<4x8xf32>, each consuming the previous
         one (the shape of issue 13's measurements), through --glu-to-llvm;
  mixed  N glu ops, forward and backward, every variant, split and fused
         packings, a dynamic leading dimension, through --glu-to-llvm
         (mixed-noverify: the same with --verify-each=0);
  grad   a function of N forward glu ops (mixed as above), through
         --glu-differentiate.

Usage: bench/compile-scaling.py [--glu-opt build/bin/glu-opt]
           [--sizes 1000,2500,5000,10000]
           [--kinds chain,mixed,mixed-noverify,grad]
           [--repeat 1] [--markdown]
Prints one row per (kind, N): CPU seconds (user + system, the best of
--repeat; steadier than wall time on a loaded machine), wall seconds,
CPU seconds per 1000 ops and peak RSS, so near-linear scaling shows as a flat last
column. Writes nothing but temporary inputs in a private directory it
removes. Not a test: timings depend on the machine and its load.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

VARIANTS = ["swiglu", "geglu", "geglu_quick", "geglu_erf", "reglu",
            "swiglu_oai"]
PACKINGS = ["halves", "swapped", "interleaved"]


def chain(n):
    t = "tensor<4x8xf32>"
    lines = [f"func.func @chain(%x: {t}, %g: {t}) -> {t} {{"]
    prev = "%x"
    for i in range(n):
        lines.append(f"  %y{i} = glu.glu swiglu({prev}, %g) : {t}")
        prev = f"%y{i}"
    lines += [f"  return {prev} : {t}", "}"]
    return "\n".join(lines) + "\n"


def mixed_body(n, backward):
    """Exactly n glu ops on tensor<?x8xf32> (fused operands tensor<?x16xf32>)
    cycling through every variant, forward and (when `backward`) backward,
    split and fused in every packing; each step consumes the previous
    result, and every backward result feeds a later op (nothing is dead)."""
    t, f = "tensor<?x8xf32>", "tensor<?x16xf32>"
    lines = []
    prev, gate, fused = "%x", "%g", "%a"
    i = 0
    while len(lines) < n:
        v = VARIANTS[i % len(VARIANTS)]
        p = PACKINGS[i % len(PACKINGS)]
        kind = (i // len(VARIANTS)) % (4 if backward else 2)
        if kind == 1 and len(lines) + 2 <= n:  # fused forward, multiplied in
            lines.append(f"  %f{i} = glu.glu {v}({fused}) packing({p}) : {f} -> {t}")
            lines.append(f"  %y{i} = glu.glu {v}({prev}, %f{i}) : {t}")
        elif kind == 2:  # split backward
            lines.append(f"  %y{i}, %d{i} = glu.glu_back {v}({prev}, {prev}, {gate}) : {t}")
            gate = f"%d{i}"
        elif kind == 3 and len(lines) + 2 <= n:  # fused backward
            lines.append(f"  %d{i} = glu.glu_back {v}({prev}, {fused}) packing({p}) : {t}, {f} -> {f}")
            lines.append(f"  %y{i} = glu.glu {v}({prev}, {gate}) : {t}")
            fused = f"%d{i}"
        else:  # split forward
            lines.append(f"  %y{i} = glu.glu {v}({prev}, {gate}) : {t}")
        prev = f"%y{i}"
        i += 1
    return lines, prev


def mixed(n):
    t, f = "tensor<?x8xf32>", "tensor<?x16xf32>"
    body, prev = mixed_body(n, backward=True)
    return ("\n".join([f"func.func @mixed(%x: {t}, %g: {t}, %a: {f}) -> {t} {{"]
                      + body + [f"  return {prev} : {t}", "}"]) + "\n")


def grad(n):
    t, f = "tensor<?x8xf32>", "tensor<?x16xf32>"
    body, prev = mixed_body(n, backward=False)
    return ("\n".join([f"func.func @fwd(%x: {t}, %g: {t}, %a: {f}) -> {t}"
                       " attributes {glu.grad = \"fwd_grad\"} {"]
                      + body + [f"  return {prev} : {t}", "}"]) + "\n")


KINDS = {
    "chain": (chain, ["--glu-to-llvm"]),
    "mixed": (mixed, ["--glu-to-llvm"]),
    # The same without glu-opt's verification after every pass (on by
    # default, as in mlir-opt).
    "mixed-noverify": (mixed, ["--glu-to-llvm", "--verify-each=0"]),
    "grad": (grad, ["--glu-differentiate"]),
}


def count_glu_ops(text):
    return text.count("= glu.glu")


def run(glu_opt, path, args):
    """Wall and CPU (user + system) seconds and peak RSS (MB) of one run."""
    start = time.perf_counter()
    with tempfile.TemporaryFile(mode="w+") as err:
        proc = subprocess.Popen([glu_opt, path, *args, "-o", os.devnull],
                                stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            err.seek(0)
            sys.exit(f"glu-opt failed on {path}:\n{err.read()[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--glu-opt", default=os.path.join(root, "build/bin/glu-opt"))
    ap.add_argument("--sizes", default="1000,2500,5000,10000")
    ap.add_argument("--kinds", default="chain,mixed,mixed-noverify,grad")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--markdown", action="store_true")
    opts = ap.parse_args()
    if not os.access(opts.glu_opt, os.X_OK):
        sys.exit(f"no glu-opt at {opts.glu_opt} (build first, or --glu-opt)")
    try:
        sizes = [int(s) for s in opts.sizes.split(",")]
    except ValueError:
        sys.exit(f"--sizes: a comma-separated list of integers, not '{opts.sizes}'")
    if any(n < 1 for n in sizes):
        sys.exit("--sizes: each size must be at least 1")
    kinds = opts.kinds.split(",")
    for k in kinds:
        if k not in KINDS:
            sys.exit(f"unknown kind '{k}' (one of {', '.join(KINDS)})")
    if opts.markdown:
        print("| graph | pipeline | glu ops | CPU s | wall s | CPU s per 1000 ops | peak RSS (MB) |")
        print("|---|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="glu-compile-scaling-") as tmp:
        for kind in kinds:
            gen, args = KINDS[kind]
            for n in sizes:
                text = gen(n)
                path = os.path.join(tmp, f"{kind}-{n}.mlir")
                with open(path, "w") as out:
                    out.write(text)
                ops = count_glu_ops(text)
                runs = [run(opts.glu_opt, path, args)
                        for _ in range(opts.repeat)]
                wall, cpu, rss = min(runs, key=lambda r: r[1])
                per = cpu / ops * 1000
                if opts.markdown:
                    print(f"| {kind} | `{' '.join(args)}` | {ops} | {cpu:.2f} "
                          f"| {wall:.2f} | {per:.3f} | {rss:.0f} |", flush=True)
                else:
                    print(f"{kind:6} {' '.join(args):22} ops={ops:6d} "
                          f"cpu {cpu:7.2f} s  wall {wall:7.2f} s  "
                          f"{per:6.3f} s/1000  {rss:6.0f} MB", flush=True)


if __name__ == "__main__":
    main()
