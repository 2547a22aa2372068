#!/usr/bin/env python3
"""Side by side with XLA CPU: the same StableHLO programs, timed in one run.

For every case of the corpus (`NAME.stablehlo.mlir` with its `NAME.inputs.npz`), this
script

1. compiles the StableHLO text with XLA CPU through jaxlib's PJRT client
   (`Client.compile_and_load(text, devices)`, the route `jax.jit` itself ends in), warms
   it up and times `execute` plus waiting for every output, call by call, taking the
   median of at least `--min-runs` calls and as many as fit in `--budget` seconds;
2. runs the same file through this compiler, `xla-run FILE --input NAME.inputs.npz
   --bench N --check NAME.expected.npz`, which compiles it, calls the entry once (the
   warm-up, checked against XLA's outputs), then `N` more times and prints the median
   per call; `N` is chosen from a first short run so that the case takes about
   `--budget` seconds;
3. prints, per case, both medians and the ratio `ours / xla` (below 1 is faster than
   XLA), then the geometric mean of the ratios over the cases both sides ran.

Invariants: both sides run the same text on the same inputs in the same process run,
case by case (so machine load drifts alike for both); both times include dispatch (XLA's
about 7 us, ours a function call); neither includes compilation. A case one side cannot
run is reported with the reason and left out of the geometric mean.

Usage (from the repository root, after `cargo build -p xla-tools --bins`):

    .venv-fixtures/bin/python bench/compare.py [--corpus DIR] [--xla-run PATH]
        [--budget SECONDS] [--min-runs N] [CASE ...]
"""

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time

import numpy as np


def default_xla_run():
    """The `xla-run` binary of the cargo target directory (dev profile)."""
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(os.path.dirname(__file__), "..", "target"))
    return os.path.join(target, "debug", "xla-run")


def load_inputs(path, specs):
    """The arguments in order, bf16 arrays (stored as uint16 bits) viewed as bfloat16."""
    import ml_dtypes

    data = np.load(path)
    args = []
    for i in range(len(data.files)):
        a = data[f"arg{i}"]
        if i < len(specs) and specs[i]["dtype"] == "bfloat16" and a.dtype == np.uint16:
            a = a.view(ml_dtypes.bfloat16)
        args.append(a)
    return args


def time_xla(client, device, text, args, budget, min_runs):
    """XLA CPU's median seconds per call of the StableHLO `text` on `args`."""
    import jax
    from jax._src.lib import xla_client as xc

    exe = client.compile_and_load(text, xc.DeviceList((device,)), xc.CompileOptions())
    buffers = [jax.device_put(a, device) for a in args]

    def call():
        outs = exe.execute(buffers)
        for o in outs:
            o.block_until_ready()

    for _ in range(3):
        call()
    times = []
    start = time.perf_counter()
    while len(times) < min_runs or (time.perf_counter() - start < budget and len(times) < 100000):
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), len(times)


UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
MEDIAN = re.compile(r"@\S+: median ([0-9.]+) (ns|us|ms|s) per call over (\d+) calls")


EPSILON = {"float32": 2.0**-23, "float64": 2.0**-52, "float16": 2.0**-10, "bfloat16": 2.0**-7}


def tolerance_flags(entry):
    """`xla-run --check` flags from the manifest's tolerance: its `atol`, and its `rtol` as
    units in the last place of the first output's format (at least xla-run's default 4)."""
    tol = entry.get("tol", {})
    outputs = entry.get("outputs", [])
    eps = EPSILON.get(outputs[0]["dtype"]) if outputs else None
    flags = []
    if "atol" in tol:
        flags += ["--atol", repr(float(tol["atol"]))]
    if "rtol" in tol and eps:
        flags += ["--max-ulps", str(max(4, math.ceil(float(tol["rtol"]) / eps)))]
    return flags


def run_ours(xla_run, mlir, inputs, expected, n, timeout):
    """This compiler's median seconds per call over `n` calls, and whether the check passed.
    `expected` is None or (the expected .npz, the --check tolerance flags)."""
    cmd = [xla_run, mlir, "--input", inputs, "--bench", str(n)]
    if expected:
        cmd += ["--check", expected[0], *expected[1]]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    match = MEDIAN.search(proc.stdout)
    if not match:
        reason = (proc.stderr.strip() or proc.stdout.strip() or f"exit status {proc.returncode}").splitlines()
        raise RuntimeError(reason[0][:120] if reason else f"exit status {proc.returncode}")
    return float(match.group(1)) * UNITS[match.group(2)], proc.returncode == 0


def time_ours(xla_run, mlir, inputs, expected, budget, min_runs, timeout):
    """A short run to estimate the time per call, then one sized to the budget."""
    estimate, _ = run_ours(xla_run, mlir, inputs, None, 3, timeout)
    n = max(min_runs, min(100000, int(budget / max(estimate, 1e-7))))
    median, ok = run_ours(xla_run, mlir, inputs, expected, n, timeout)
    return median, n, ok


def fmt(seconds):
    return f"{seconds * 1e6:12.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", nargs="*", help="case names (default: every case of the corpus)")
    parser.add_argument("--corpus", default="/work/shared/corpus/public")
    parser.add_argument("--xla-run", default=default_xla_run())
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of timed calls per case and side")
    parser.add_argument("--min-runs", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds before an xla-run is given up")
    opts = parser.parse_args()

    if not os.path.exists(opts.xla_run):
        sys.exit(f"compare.py: no xla-run at {opts.xla_run} (build it: cargo build -p xla-tools --bins, or pass --xla-run)")

    manifest = {}
    manifest_path = os.path.join(opts.corpus, "manifest.json")
    if os.path.exists(manifest_path):
        for entry in json.load(open(manifest_path)):
            manifest[entry["name"]] = entry
    names = opts.cases or sorted(f[: -len(".stablehlo.mlir")] for f in os.listdir(opts.corpus) if f.endswith(".stablehlo.mlir"))

    from jax._src import xla_bridge

    client = xla_bridge.get_backend("cpu")
    device = client.local_devices()[0]
    print(f"# XLA CPU (jaxlib, StableHLO text through PJRT) vs xla-run ({opts.xla_run}); {os.cpu_count()} cpus, loadavg {os.getloadavg()[0]:.2f}")
    print(f"# median us per call, >= {opts.min_runs} calls and ~{opts.budget}s per case and side; ratio = ours / xla (below 1: faster)")
    print(f"{'case':22} {'xla_us':>12} {'ours_us':>12} {'ratio':>8}  check")
    ratios = []
    for name in names:
        base = os.path.join(opts.corpus, name)
        mlir, inputs, expected = base + ".stablehlo.mlir", base + ".inputs.npz", base + ".expected.npz"
        if not os.path.exists(expected):
            expected = None
        specs = manifest.get(name, {}).get("inputs", [])
        try:
            xla, _ = time_xla(client, device, open(mlir).read(), load_inputs(inputs, specs), opts.budget, opts.min_runs)
        except Exception as e:  # A case XLA rejects is reported, not fatal.
            print(f"{name:22} xla failed: {str(e).splitlines()[0][:100]}")
            continue
        try:
            check = (expected, tolerance_flags(manifest.get(name, {}))) if expected else None
            ours, _, ok = time_ours(opts.xla_run, mlir, inputs, check, opts.budget, opts.min_runs, opts.timeout)
        except Exception as e:
            print(f"{name:22} {fmt(xla)} {'':>12} {'':>8}  ours failed: {e}")
            continue
        ratio = ours / xla
        ratios.append(ratio)
        print(f"{name:22} {fmt(xla)} {fmt(ours)} {ratio:8.2f}  {'ok' if ok else 'MISMATCH'}", flush=True)
    if ratios:
        geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"{'geomean':22} {'':>12} {'':>12} {geomean:8.2f}  ({len(ratios)} of {len(names)} cases)")


if __name__ == "__main__":
    main()
