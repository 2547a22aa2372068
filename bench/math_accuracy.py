#!/usr/bin/env python3
"""Measures how far compiled transcendental functions are from the interpreter's.

Usage: bench/math_accuracy.py [--xla-run PATH] [--count N] [--seed S] [--markdown]

For each elementwise function and float type it writes a one-op program, draws `--count`
inputs over the function's domain (magnitudes spread evenly on a log scale, both signs where
the domain allows, seeded), and runs it three ways with xla-run: interpreted (the reference:
it computes f32 and narrower in f64 and rounds once, so its f32 results are correctly
rounded but for rare double roundings), compiled as by default (LLVM's vector variants from
libmvec where the CPU has them), and compiled with `--no-vector-math` (libm's scalar
functions). It prints, per function and type, the largest and the 99.9th-percentile
distance in ulps of the element type from the interpreter's result, for both compiled
paths. NaN against NaN counts as 0; NaN against a number, or infinities that differ, as
infinitely far.

The numbers are the bounds docs/stablehlo-suites.md quotes; rerun this after changing how
math functions are lowered.
"""

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

REPO = pathlib.Path(__file__).resolve().parent.parent

# (op, the input's range as (smallest, largest) magnitude, whether negative inputs count,
#  arity): ranges keep each function finite and away from its overflow.
FUNCTIONS = [
    ("exponential", (1e-6, 80.0), True, 1),
    ("exponential_minus_one", (1e-6, 80.0), True, 1),
    ("log", (1e-30, 1e30), False, 1),
    ("log_plus_one", (1e-6, 1e30), False, 1),
    ("logistic", (1e-6, 80.0), True, 1),
    ("tanh", (1e-6, 20.0), True, 1),
    ("sine", (1e-6, 1e4), True, 1),
    ("cosine", (1e-6, 1e4), True, 1),
    ("tan", (1e-6, 1e4), True, 1),
    ("sqrt", (1e-30, 1e30), False, 1),
    ("rsqrt", (1e-30, 1e30), False, 1),
    ("cbrt", (1e-30, 1e30), True, 1),
    ("erf", (1e-6, 6.0), True, 1),
    ("atan2", (1e-6, 1e6), True, 2),
    ("power", (1e-3, 10.0), False, 2),
]
TYPES = {"f32": np.float32, "f64": np.float64}


def program(op, ty, count, arity):
    """A one-op program of `op` on `count` elements of `ty`."""
    t = f"tensor<{count}x{ty}>"
    args = ", ".join(f"%a{i}: {t}" for i in range(arity))
    operands = ", ".join(f"%a{i}" for i in range(arity))
    return f"func.func @main({args}) -> {t} {{\n  %0 = hlo.{op} {operands} : {t}\n  func.return %0 : {t}\n}}\n"


def inputs(rng, lo, hi, negative, count, dtype):
    """Magnitudes log-uniform in [lo, hi], with random signs when `negative`."""
    x = np.exp(rng.uniform(np.log(lo), np.log(hi), count))
    if negative:
        x *= rng.choice([-1.0, 1.0], count)
    return x.astype(dtype)


def ulps(a, b, dtype):
    """The distance in ulps of `dtype` between arrays `a` and `b`, elementwise."""
    int_type = np.int32 if dtype == np.float32 else np.int64
    ia, ib = a.view(int_type), b.view(int_type)
    # Map the sign-magnitude bit patterns onto a line where adjacent floats differ by one
    # (in the integer type: it cannot overflow), then subtract exactly as Python integers.
    low = np.iinfo(int_type).min
    ia = np.where(ia < 0, low - ia, ia).astype(object)
    ib = np.where(ib < 0, low - ib, ib).astype(object)
    distance = np.abs(ia - ib).astype(np.float64)
    both_nan = np.isnan(a) & np.isnan(b)
    one_nan = np.isnan(a) ^ np.isnan(b)
    distance = np.where(both_nan, 0.0, distance)
    return np.where(one_nan, np.inf, distance)


def run(xla_run, path, arrays, out, extra):
    args = [xla_run, str(path), "-o", str(out)] + extra
    for a in arrays:
        args += ["--input", str(a)]
    subprocess.run(args, check=True, capture_output=True, text=True)
    return np.load(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--xla-run", default=str(REPO / "target" / "release" / "xla-run"))
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if not os.access(args.xla_run, os.X_OK):
        parser.error(f"{args.xla_run} is not an executable xla-run")
    rng = np.random.default_rng(args.seed)
    print("| function | type | default: max ulps | default: 99.9% | --no-vector-math: max ulps | --no-vector-math: 99.9% |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for op, (lo, hi), negative, arity in FUNCTIONS:
            for ty, dtype in TYPES.items():
                path = tmp / f"{op}_{ty}.mlir"
                path.write_text(program(op, ty, args.count, arity))
                arrays = []
                for i in range(arity):
                    a = tmp / f"{op}_{ty}_{i}.npy"
                    np.save(a, inputs(rng, lo, hi, negative, args.count, dtype))
                    arrays.append(a)
                reference = run(args.xla_run, path, arrays, tmp / "ref.npy", ["--interpret"])
                cells = []
                for extra in ([], ["--no-vector-math"]):
                    compiled = run(args.xla_run, path, arrays, tmp / "out.npy", extra)
                    d = ulps(compiled, reference, dtype)
                    cells += [f"{np.max(d):g}", f"{np.quantile(d, 0.999):g}"]
                print(f"| {op} | {ty} | " + " | ".join(cells) + " |")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
