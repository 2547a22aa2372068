#!/usr/bin/env python3
"""Compile time as a model grows: generated transformers of L identical layers, compiled by
XLA (jaxlib) and by xla-aotc, with xla-aotc's time per phase.

Usage: bench/compile_scaling.py [--layers 1,4,12,24,48] [--xla-aotc PATH] [--runs N]

Each model is L pre-LN transformer blocks (sequence 128, width 256, 4 heads, a GELU MLP of
width 1024) over one input, the weights arguments; JAX exports it as StableHLO text. For
each L the script prints the number of StableHLO ops, XLA's compile time (the median of
`--runs` compilations of a freshly lowered function in this process, so none is served
from JAX's cache) and xla-aotc's (`--timing`, the median run's report: each pass,
translation to LLVM IR, LLVM's optimization and object emission), then the growth factor of
each from one L to the next against the growth of the program. Needs jax; CI does not run
it.
"""

import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parent.parent

SEQUENCE, WIDTH, HEADS = 128, 256, 4


def transformer(layers):
    """The StableHLO text of an L-layer transformer, and a function compiling it with XLA
    that returns the seconds the compilation took."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    def norm(v, gain, bias):
        mean = v.mean(-1, keepdims=True)
        variance = ((v - mean) ** 2).mean(-1, keepdims=True)
        return (v - mean) * jax.lax.rsqrt(variance + 1e-5) * gain + bias

    def heads(m):
        return m.reshape(SEQUENCE, HEADS, WIDTH // HEADS).transpose(1, 0, 2)

    def block(x, p):
        h = norm(x, p["g1"], p["b1"])
        q, k, v = heads(h @ p["wq"]), heads(h @ p["wk"]), heads(h @ p["wv"])
        attention = jax.nn.softmax(q @ k.transpose(0, 2, 1) / np.sqrt(WIDTH // HEADS), -1) @ v
        x = x + attention.transpose(1, 0, 2).reshape(SEQUENCE, WIDTH) @ p["wo"]
        h = norm(x, p["g2"], p["b2"])
        return x + jax.nn.gelu(h @ p["w1"]) @ p["w2"]

    def model(x, params):
        for p in params:
            x = block(x, p)
        return x

    rng = np.random.default_rng(0)

    def weights(*shape):
        return jnp.asarray(rng.standard_normal(shape).astype(np.float32) * 0.02)

    shapes = dict(g1=(WIDTH,), b1=(WIDTH,), wq=(WIDTH, WIDTH), wk=(WIDTH, WIDTH), wv=(WIDTH, WIDTH), wo=(WIDTH, WIDTH),
                  g2=(WIDTH,), b2=(WIDTH,), w1=(WIDTH, 4 * WIDTH), w2=(4 * WIDTH, WIDTH))
    params = [{name: weights(*shape) for name, shape in shapes.items()} for _ in range(layers)]
    x = jnp.zeros((SEQUENCE, WIDTH), jnp.float32)
    text = jax.jit(model).lower(x, params).as_text()

    def compile_with_xla():
        lowered = jax.jit(lambda x, params: model(x, params)).lower(x, params)
        start = time.perf_counter()
        lowered.compile()
        return time.perf_counter() - start

    return text, compile_with_xla


def aotc_phases(xla_aotc, path):
    """One `xla-aotc --timing` compilation of `path`: {phase: seconds} and the total."""
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run([xla_aotc, str(path), "-o", f"{out}/model.o", "--timing"], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr)
    rows = re.findall(r"^\s+([0-9.]+) \(\s*[0-9.]+%\)  (.+)$", done.stderr, re.MULTILINE)
    phases = {name.strip(): float(seconds) for seconds, name in rows}
    return phases, phases.pop("Total")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", default="1,4,12,24,48")
    parser.add_argument("--xla-aotc", default=str(REPO / "target" / "release" / "xla-aotc"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    layers = [int(n) for n in args.layers.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for n in layers:
            text, compile_with_xla = transformer(n)
            path = pathlib.Path(work) / f"transformer{n}.stablehlo.mlir"
            path.write_text(text)
            ops = len(re.findall(r"= (?:stablehlo|chlo)\.", text))
            xla = statistics.median(compile_with_xla() for _ in range(args.runs))
            runs = sorted((aotc_phases(args.xla_aotc, path) for _ in range(args.runs)), key=lambda r: r[1])
            phases, total = runs[len(runs) // 2]
            rows.append((n, ops, xla, total, phases))
            print(f"{n} layers: {ops} ops, XLA {xla * 1e3:.0f} ms, xla-aotc {total * 1e3:.0f} ms", file=sys.stderr)

    names = list(rows[0][4])
    print("| layers | ops | XLA ms | xla-aotc ms | ours / XLA | " + " | ".join(names) + " |")
    print("|" + "---|" * (5 + len(names)))
    for n, ops, xla, total, phases in rows:
        cells = " | ".join(f"{phases.get(name, 0.0) * 1e3:.1f}" for name in names)
        print(f"| {n} | {ops} | {xla * 1e3:.0f} | {total * 1e3:.0f} | {total / xla:.2f} | {cells} |")
    print()
    print("| from | to | ops grew | XLA grew | xla-aotc grew | " + " | ".join(names) + " |")
    print("|" + "---|" * (5 + len(names)))
    for (n0, ops0, xla0, total0, p0), (n1, ops1, xla1, total1, p1) in zip(rows, rows[1:]):
        growth = " | ".join(f"{p1.get(name, 0.0) / p0[name]:.1f}x" if p0.get(name) else "-" for name in names)
        print(f"| {n0} | {n1} | {ops1 / ops0:.1f}x | {xla1 / xla0:.1f}x | {total1 / total0:.1f}x | {growth} |")


if __name__ == "__main__":
    main()
