#!/usr/bin/env python3
"""Exports the benchmark programs the shared corpus lacks, in the corpus's format.

The shared benchmark corpus (`../shared/corpus/public` beside the checkout) has no elementwise chain large enough to measure
memory bandwidth, and no whole models; this script adds both: the chains below and the
models of `bench/models/` (training steps, recurrent scans, mixed precision, cumulative
ops, selection, FFTs, convolutions, pooling, attention, routing, embeddings and norms).
For each case NAME it writes

- `bench/programs/NAME.stablehlo.mlir`: `jax.jit(f).lower(*args).as_text()` (committed:
  small, and diffable when jax changes);
- `bench/programs/manifest.json`: one entry per case, in the corpus's format (`inputs`,
  `outputs`, `flops`, `bytes`, `metric`, `tol`, `stablehlo_ops`), plus `targets`: the
  README targets the case is judged by (`"bandwidth"`: % of the STREAM triad);
- into `--out` (default `target/bench-programs`, gitignored): a copy of both, and
  `NAME.inputs.npz` (arg0, ...) and `NAME.expected.npz` (out0, ...), the outputs of the
  jitted function on XLA CPU. These are too big for git (the 16M case's inputs are
  192 MiB), so they are generated on demand, uncompressed (random floats do not compress);
  pytree arguments and results are flattened in JAX's order, the entry's parameter order;
  bf16 arrays are stored as their uint16 bits, as in the corpus;
- for the models also `NAME.hlo` (the unoptimized HLO text) and, in the manifest, XLA
  CPU's compile time and median time per call measured at export (`xla`), the flops and
  bytes of XLA's cost analysis, `metric` "flops" for a program above the machine's ridge
  point (8 flop/byte: 235 GFLOP/s over 28 GB/s, from limits.txt) and "bytes" below it,
  and the tolerance `bench/models/case.py` derives from the output format and depth.

Invariants: every output is a pure function of this file and the jax/numpy versions of
`.venv-fixtures` (inputs come from a generator seeded by the case name), except the XLA
times a model's manifest entry records, so a rerun rewrites identical texts, inputs and
expected outputs; `--out` then is a complete corpus directory that
`bench/compare.py --corpus` reads like the public one.

Usage (from the repository root):

    .venv-fixtures/bin/python bench/make_programs.py [--out DIR] [--only NAME ...] [--list]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "bench" / "programs"
DEFAULT_OUT = ROOT / "target" / "bench-programs"


@dataclass
class Case:
    """One benchmark program: a builder of (function, inputs) and what the manifest says."""

    name: str
    desc: str
    build: Callable
    flops_per_element: int
    elements: int
    targets: tuple[str, ...] = ()
    rtol: float = 1e-6
    atol: float = 1e-6


def fma_chain(n: int) -> Callable:
    """A builder of `(a * 1.5 + b) * c` on three f32 vectors of `n` elements: a chain XLA
    fuses into one loop that reads three arrays and writes one (16 bytes per element), as
    memory-bound as the STREAM triad it is compared with."""

    def build(rng, np, jnp):
        def f(a, b, c):
            return (a * jnp.float32(1.5) + b) * c

        args = [rng.standard_normal(n, dtype=np.float32) for _ in range(3)]
        return f, args

    return build


CASES = [
    Case("ew_chain_1m", "(a*1.5 + b) * c on 1M f32 (16 MiB moved: inside L3)", fma_chain(1 << 20), 3, 1 << 20, ("bandwidth",)),
    Case("ew_chain_16m", "(a*1.5 + b) * c on 16M f32 (256 MiB moved: far beyond L3)", fma_chain(1 << 24), 3, 1 << 24, ("bandwidth",)),
]


def stablehlo_op_names(text: str) -> list[str]:
    """The distinct ops of a StableHLO text, as scripts/check_fixtures.py reads them; an
    empty list when that script cannot be imported (the list is informational)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from check_fixtures import stablehlo_ops
    except Exception:  # The manifest stays usable without the op list.
        return []
    return stablehlo_ops(text)


def export(case: Case, out: Path) -> dict:
    """Lowers, runs and writes one case; returns its manifest entry."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    seed = zlib.crc32(case.name.encode())
    rng = np.random.default_rng(seed)
    fn, args = case.build(rng, np, jnp)
    fn.__name__ = fn.__qualname__ = case.name  # names the module `jit_<name>`
    jitted = jax.jit(fn)
    text = jitted.lower(*args).as_text()
    outs = [np.asarray(o) for o in jax.tree_util.tree_leaves(jitted(*args))]

    (PROGRAMS / f"{case.name}.stablehlo.mlir").write_text(text)
    shutil.copyfile(PROGRAMS / f"{case.name}.stablehlo.mlir", out / f"{case.name}.stablehlo.mlir")
    np.savez(out / f"{case.name}.inputs.npz", **{f"arg{i}": a for i, a in enumerate(args)})
    np.savez(out / f"{case.name}.expected.npz", **{f"out{i}": o for i, o in enumerate(outs)})

    moved = sum(a.nbytes for a in args) + sum(o.nbytes for o in outs)
    return {
        "name": case.name,
        "group": "bench",
        "desc": case.desc,
        "seed": seed,
        "inputs": [{"shape": list(a.shape), "dtype": str(a.dtype)} for a in args],
        "outputs": [{"shape": list(o.shape), "dtype": str(o.dtype)} for o in outs],
        "flops": case.flops_per_element * case.elements,
        "bytes": moved,
        "metric": "bytes",
        "tol": {"rtol": case.rtol, "atol": case.atol},
        "targets": list(case.targets),
        "stablehlo_ops": stablehlo_op_names(text),
    }


# The machine's ridge point in flop per byte: f32 peak over STREAM triad (limits.txt).
RIDGE_FLOP_PER_BYTE = 8.0


def model_cases() -> list:
    """The whole-model cases of `bench/models/` (importing them needs jax)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from models import CASES as MODELS

    return MODELS


def storable(a):
    """An array as the corpus stores it: bf16 as its uint16 bits."""
    import numpy as np

    return a.view(np.uint16) if a.dtype.name == "bfloat16" else a


def median_seconds(call, budget: float = 1.0, min_runs: int = 15) -> float:
    """The median seconds of `call()` after three warm-up calls, over at least `min_runs`
    calls and as many as fit in `budget` seconds."""
    import statistics
    import time

    for _ in range(3):
        call()
    times = []
    start = time.perf_counter()
    while len(times) < min_runs or time.perf_counter() - start < budget:
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def export_model(case, out: Path) -> dict:
    """Lowers, runs, times and writes one model of `bench/models/`; returns its manifest
    entry."""
    import time

    import jax
    import numpy as np

    seed = zlib.crc32(case.name.encode())
    fn, args = case.build(np.random.default_rng(seed))
    jitted = jax.jit(fn)
    lowered = jitted.lower(*args)
    # The module is named after the case, whatever the jitted function was called.
    text = re.sub(r"^module @[\w.$-]+", f"module @jit_{case.name}", lowered.as_text(), count=1, flags=re.M)
    start = time.perf_counter()
    compiled = lowered.compile()
    compile_s = time.perf_counter() - start
    cost = compiled.cost_analysis() or {}
    if isinstance(cost, list):  # Older jaxlibs answer one dict per device.
        cost = cost[0] if cost else {}
    leaves = [np.asarray(a) for a in jax.tree_util.tree_leaves(args)]
    device_args = jax.device_put(args)
    outs = [np.asarray(o) for o in jax.tree_util.tree_leaves(compiled(*device_args))]
    median = median_seconds(lambda: jax.block_until_ready(compiled(*device_args)))

    (PROGRAMS / f"{case.name}.stablehlo.mlir").write_text(text)
    shutil.copyfile(PROGRAMS / f"{case.name}.stablehlo.mlir", out / f"{case.name}.stablehlo.mlir")
    (out / f"{case.name}.hlo").write_text(lowered.as_text(dialect="hlo"))
    np.savez(out / f"{case.name}.inputs.npz", **{f"arg{i}": storable(a) for i, a in enumerate(leaves)})
    np.savez(out / f"{case.name}.expected.npz", **{f"out{i}": storable(o) for i, o in enumerate(outs)})

    moved = sum(a.nbytes for a in leaves) + sum(o.nbytes for o in outs)
    flops = int(cost.get("flops", 0.0))
    return {
        "name": case.name,
        "group": "models",
        "family": case.family,
        "size": case.size,
        "desc": case.desc,
        "seed": seed,
        "inputs": [{"shape": list(a.shape), "dtype": str(a.dtype)} for a in leaves],
        "outputs": [{"shape": list(o.shape), "dtype": str(o.dtype)} for o in outs],
        "flops": flops,
        "bytes": moved,
        "metric": "flops" if flops > RIDGE_FLOP_PER_BYTE * moved else "bytes",
        "tol": case.tolerance([str(o.dtype) for o in outs]),
        "targets": [],
        "xla": {"jaxlib": jax.__version__, "compile_ms": round(compile_s * 1e3, 2), "median_us": round(median * 1e6, 2)},
        "stablehlo_ops": stablehlo_op_names(text),
    }


def main() -> None:
    """Exports the selected cases and rewrites both manifests."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the npz files (and copies of the texts) go")
    parser.add_argument("--only", action="append", default=[], help="export only this case (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    opts = parser.parse_args()

    try:
        import jax

        jax.config.update("jax_platforms", "cpu")
        models = model_cases()
    except ImportError as e:
        sys.exit(f"make_programs.py: needs jax and numpy ({e}); run it with .venv-fixtures/bin/python")
    everything = [(c, export) for c in CASES] + [(m, export_model) for m in models]
    if opts.list:
        for case, _ in everything:
            print(f"{case.name:24} {case.desc}")
        return
    unknown = set(opts.only) - {c.name for c, _ in everything}
    if unknown:
        sys.exit(f"make_programs.py: no case named {', '.join(sorted(unknown))} (see --list)")

    opts.out.mkdir(parents=True, exist_ok=True)
    manifest_path = PROGRAMS / "manifest.json"
    entries = {}
    if manifest_path.exists():
        entries = {e["name"]: e for e in json.loads(manifest_path.read_text())}
    for case, exporter in everything:
        if opts.only and case.name not in opts.only:
            continue
        print(f"exporting {case.name} into {opts.out}", flush=True)
        entries[case.name] = exporter(case, opts.out)
    ordered = [entries[c.name] for c, _ in everything if c.name in entries]
    manifest_path.write_text(json.dumps(ordered, indent=1) + "\n")
    shutil.copyfile(manifest_path, opts.out / "manifest.json")


if __name__ == "__main__":
    main()
