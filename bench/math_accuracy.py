#!/usr/bin/env python3
"""Measures how far transcendental functions are from the true values, interpreted and compiled.

Usage: bench/math_accuracy.py [--xla-run PATH] [--count N] [--seed S]

For each elementwise function and float type it writes a one-op program, draws `--count`
inputs over the function's domain (magnitudes spread evenly on a log scale, both signs where
the domain allows, seeded), and runs it three ways with xla-run: interpreted, compiled as by
default (XLA's own approximations inline where XLA has them, LLVM's vector variants from
libmvec for the other libm functions where the CPU has them), and compiled with
`--no-vector-math` (libm's scalar functions instead of libmvec's). The reference is numpy's
`f64` function: for `f32` it is the true value correctly rounded (but for rare double
roundings); for `f64` it is glibc's libm, itself within an ulp of the true value. It prints,
per function and type, the largest and the 99.9th-percentile distance in ulps of the element
type from the reference, for the three paths. NaN against NaN counts as 0; NaN against a
number, or infinities that differ, as infinitely far.

The numbers are the bounds docs/stablehlo-suites.md quotes; rerun this after changing how
math functions are lowered.
"""

import argparse
import math
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

# The reference of each function, computed by numpy in f64.
REFERENCES = {
    "exponential": np.exp,
    "exponential_minus_one": np.expm1,
    "log": np.log,
    "log_plus_one": np.log1p,
    "logistic": lambda x: 1.0 / (1.0 + np.exp(-x)),
    "tanh": np.tanh,
    "sine": np.sin,
    "cosine": np.cos,
    "tan": np.tan,
    "sqrt": np.sqrt,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "cbrt": np.cbrt,
    "erf": np.vectorize(math.erf, otypes=[np.float64]),
    "atan2": np.arctan2,
    "power": np.power,
}


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
    print("| function | type | interpreted: max ulps | interpreted: 99.9% | compiled: max ulps | compiled: 99.9% | --no-vector-math: max ulps | --no-vector-math: 99.9% |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for op, (lo, hi), negative, arity in FUNCTIONS:
            for ty, dtype in TYPES.items():
                path = tmp / f"{op}_{ty}.mlir"
                path.write_text(program(op, ty, args.count, arity))
                arrays, values = [], []
                for i in range(arity):
                    a = tmp / f"{op}_{ty}_{i}.npy"
                    x = inputs(rng, lo, hi, negative, args.count, dtype)
                    np.save(a, x)
                    arrays.append(a)
                    values.append(x.astype(np.float64))
                with np.errstate(all="ignore"):
                    reference = REFERENCES[op](*values).astype(dtype)
                cells = []
                for extra in (["--interpret"], [], ["--no-vector-math"]):
                    computed = run(args.xla_run, path, arrays, tmp / "out.npy", extra)
                    d = ulps(computed, reference, dtype)
                    cells += [f"{np.max(d):g}", f"{np.quantile(d, 0.999):g}"]
                print(f"| {op} | {ty} | " + " | ".join(cells) + " |")
                sys.stdout.flush()


if __name__ == "__main__":
    main()
