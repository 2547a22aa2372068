#!/usr/bin/env python3
"""Exports the benchmark programs the shared corpus lacks, in the corpus's format.

The shared benchmark corpus (`../shared/corpus/public` beside the checkout) has no elementwise chain large enough to measure
memory bandwidth; this script adds them. For each case NAME it writes

- `bench/programs/NAME.stablehlo.mlir`: `jax.jit(f).lower(*args).as_text()` (committed:
  small, and diffable when jax changes);
- `bench/programs/manifest.json`: one entry per case, in the corpus's format (`inputs`,
  `outputs`, `flops`, `bytes`, `metric`, `tol`, `stablehlo_ops`), plus `targets`: the
  README targets the case is judged by (`"bandwidth"`: % of the STREAM triad);
- into `--out` (default `target/bench-programs`, gitignored): a copy of both, and
  `NAME.inputs.npz` (arg0, ...) and `NAME.expected.npz` (out0, ...), the outputs of the
  jitted function on XLA CPU. These are too big for git (the 16M case's inputs are
  192 MiB), so they are generated on demand, uncompressed (random floats do not compress).

Invariants: every output is a pure function of this file and the jax/numpy versions of
`.venv-fixtures` (inputs come from a generator seeded by the case name), so a rerun
rewrites identical texts and manifest; `--out` then is a complete corpus directory that
`bench/compare.py --corpus` reads like the public one.

Usage (from the repository root):

    .venv-fixtures/bin/python bench/make_programs.py [--out DIR] [--only NAME ...] [--list]
"""

from __future__ import annotations

import argparse
import json
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


def main() -> None:
    """Exports the selected cases and rewrites both manifests."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where the npz files (and copies of the texts) go")
    parser.add_argument("--only", action="append", default=[], help="export only this case (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    opts = parser.parse_args()

    if opts.list:
        for case in CASES:
            print(f"{case.name:16} {case.desc}")
        return
    unknown = set(opts.only) - {c.name for c in CASES}
    if unknown:
        sys.exit(f"make_programs.py: no case named {', '.join(sorted(unknown))} (see --list)")
    try:
        import jax

        jax.config.update("jax_platforms", "cpu")
    except ImportError as e:
        sys.exit(f"make_programs.py: needs jax and numpy ({e}); run it with .venv-fixtures/bin/python")

    opts.out.mkdir(parents=True, exist_ok=True)
    manifest_path = PROGRAMS / "manifest.json"
    entries = {}
    if manifest_path.exists():
        entries = {e["name"]: e for e in json.loads(manifest_path.read_text())}
    for case in CASES:
        if opts.only and case.name not in opts.only:
            continue
        print(f"exporting {case.name} into {opts.out}", flush=True)
        entries[case.name] = export(case, opts.out)
    ordered = [entries[c.name] for c in CASES if c.name in entries]
    manifest_path.write_text(json.dumps(ordered, indent=1) + "\n")
    shutil.copyfile(manifest_path, opts.out / "manifest.json")


if __name__ == "__main__":
    main()
