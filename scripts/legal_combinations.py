"""The dialect's one list of legal glu configurations, for Python generators.

The list is not written here: the build writes it from the dialect's enums
and verifier rule (mlir::glu::forEachLegalCombination, tools/glu-combinations)
into build/share/glu/combinations.json. Generators import this module
(scripts/gen-roundtrip-matrix.py, tools/gpu-check/gen_cases.py,
bench/compile-scaling.py) so that a new variant reaches all of them.

The file is $GLU_COMBINATIONS when set (lit sets it), else
$GLU_BUILD_DIR/share/glu/combinations.json, else build/share/glu/... at the
repository root.
"""
import json
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def path():
    if os.environ.get("GLU_COMBINATIONS"):
        return os.environ["GLU_COMBINATIONS"]
    build = os.environ.get("GLU_BUILD_DIR", os.path.join(_ROOT, "build"))
    return os.path.join(build, "share", "glu", "combinations.json")


def load():
    """The JSON object: variants, roundings, packings, types (enum order) and
    combinations (dicts with variant, rounding, packing ("split" for the
    split form) and type)."""
    p = path()
    try:
        with open(p) as f:
            return json.load(f)
    except OSError as e:
        sys.exit(f"{p}: {e.strerror}; build it first "
                 "(ninja -C build glu-combinations-json) or set GLU_COMBINATIONS")


def variants():
    return load()["variants"]


def plans():
    """{variant: [legal rounding plans, enum order]} (a plan is legal with
    every form and type of its variant)."""
    data = load()
    out = {v: [] for v in data["variants"]}
    for c in data["combinations"]:
        if c["rounding"] not in out[c["variant"]]:
            out[c["variant"]].append(c["rounding"])
    return out
