#!/usr/bin/env python3
"""Counts what matters in the PTX of glu-to-nvvm's kernels.

  ptx_census.py [--ptxas=PTXAS] [--before=IR_DUMP] OUTPUT.mlir

OUTPUT.mlir is glu-opt's output with glu-to-nvvm{format=isa host-to-llvm=0}
(the PTX sits in each gpu.binary). For every kernel module it prints one
line:

  kernel NAME: ld.v4 L st.v4 S approx A ftz Z fma F math.fma M contract C

  ld.v4/st.v4  16-byte global loads/stores (ld.global.v4.*, st.global.v4.*)
  approx       instructions with .approx (ex2/rcp/lg2/tanh/sin... approx,
               div.full) -- must be 0
  ftz          instructions with .ftz (flush denormals) -- must be 0
  fma          fma.rn.* instructions in the PTX
  math.fma     with --before: the math.fma ops of that module's MLIR just
               before convert-gpu-to-nvvm (from -mlir-print-ir-before),
               counted per lane (vector<8xf32> counts 8)
  contract     fma - math.fma: FMAs nobody asked for -- must be 0

With --ptxas, each module is assembled for its target (ptxas -arch=sm_XX -v)
and a line 'ptxas NAME: R registers, S bytes spill stores, L bytes spill
loads' follows (ptxas's own numbers, the most of any kernel in the module:
a module with 16-bit tables also has their fill kernel, __glu_table_init); with --max-registers=N, a count over
N reads 'R registers (over N)', which no test accepts.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def unescape(text):
    return re.sub(r'\\([0-9A-Fa-f]{2}|\\|")',
                  lambda m: m.group(1) if m.group(1) in ('\\', '"')
                  else chr(int(m.group(1), 16)), text)


def binaries(text):
    pattern = re.compile(
        r'gpu\.binary @(\w+)\s*(?:<[^>]*>\s*)?\[(.*?)\]\s*$', re.S | re.M)
    for m in pattern.finditer(text):
        obj = re.search(r'#nvvm\.target<([^>]*)>.*?assembly = "((?:[^"\\]|\\.)*)"',
                        m.group(2), re.S)
        if obj:
            chip = re.search(r'chip = "(sm_\w+)"', obj.group(1))
            yield m.group(1), chip.group(1) if chip else "sm_90", unescape(obj.group(2))


def math_fmas(dump):
    """module name -> math.fma lanes, from -mlir-print-ir-before dumps."""
    counts = {}
    for body in re.split(r"// -----// IR Dump Before [^\n]*//----- //", dump)[1:]:
        module = re.search(r"gpu\.module @(\w+)", body)
        if not module:
            continue
        lanes = 0
        for m in re.finditer(r"math\.fma [^:\n]*: (vector<(\d+)x\w+>|\w+)", body):
            lanes += int(m.group(2)) if m.group(2) else 1
        counts[module.group(1)] = lanes
    return counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptxas")
    parser.add_argument("--before")
    parser.add_argument("--max-registers", type=int)
    parser.add_argument("input")
    opts = parser.parse_args()
    text = open(opts.input).read()
    fmas = math_fmas(open(opts.before).read()) if opts.before else {}
    found = False
    for name, chip, ptx in binaries(text):
        found = True
        lines = [l.strip() for l in ptx.splitlines()]
        code = [l for l in lines if l and not l.startswith(("//", "."))]
        count = lambda regex: sum(1 for l in code if re.match(regex, l))
        fma = count(r"fma\.")
        loads = count(r"ld\.global\.(nc\.)?v4\.")
        stores = count(r"st\.global\.v4\.")
        approx = sum(1 for l in code if ".approx" in l or "div.full" in l)
        ftz = sum(1 for l in code if ".ftz" in l)
        line = (f"kernel {name}: ld.v4 {loads} st.v4 {stores} approx {approx}"
                f" ftz {ftz} fma {fma}")
        if opts.before:
            requested = fmas.get(name, 0)
            line += f" math.fma {requested} contract {fma - requested}"
        print(line)
        if opts.ptxas:
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, name + ".ptx")
                with open(path, "w") as f:
                    f.write(ptx)
                run = subprocess.run([opts.ptxas, f"-arch={chip}", "-v", path,
                                      "-o", os.path.join(tmp, name + ".cubin")],
                                     capture_output=True, text=True)
                if run.returncode:
                    print(f"ptxas {name}: FAILED\n{run.stderr}")
                    continue
                # A module may hold several kernels (the tables' fill kernel
                # __glu_table_init): the most any of them uses.
                regs = [int(r) for r in re.findall(r"Used (\d+) registers", run.stderr)]
                spill = re.findall(r"(\d+) bytes spill stores, (\d+) bytes spill loads",
                                   run.stderr)
                over = ""
                if (regs and opts.max_registers is not None
                        and max(regs) > opts.max_registers):
                    over = f" (over {opts.max_registers})"
                stores = max(int(a) for a, _ in spill) if spill else "?"
                loads = max(int(b) for _, b in spill) if spill else "?"
                print(f"ptxas {name}: {max(regs) if regs else '?'} registers{over},"
                      f" {stores} bytes spill stores, {loads} bytes spill loads")
    if not found:
        sys.exit("ptx_census.py: no gpu.binary with PTX (format=isa) in " + opts.input)


if __name__ == "__main__":
    main()
