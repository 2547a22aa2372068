#!/usr/bin/env python3
"""Side by side with XLA CPU: the same StableHLO programs, timed in one run.

For every case of the corpus directories (`NAME.stablehlo.mlir` with its
`NAME.inputs.npz`; by default the shared public corpus and `target/bench-programs`, which
`bench/make_programs.py` generates), this script

1. compiles the StableHLO text with XLA CPU through jaxlib's PJRT client
   (`Client.compile_and_load(text, devices)`, the route `jax.jit` itself ends in), timing
   each compilation (the median of `--compile-runs`), warms the executable up and times
   `execute` plus waiting for every output, call by call, taking the median of at least
   `--min-runs` calls and as many as fit in `--budget` seconds;
2. runs the same file through this compiler, `xla-run FILE --input NAME.inputs.npz
   --bench N --check NAME.expected.npz`, which compiles it, calls the entry once (the
   warm-up, checked against XLA's outputs), then `N` more times and prints the median
   per call; `N` is chosen from a first short run so that the case takes about
   `--budget` seconds. Our compile time is measured as XLA's is, in a process that has
   compiled before: `xla-aotc FILE -o TMP.o --bench-compile N` compiles the text (parse,
   import, the whole pipeline and the object in memory) once, then `N` =
   `--compile-runs` more times, and prints their median. The wall time of one cold
   `xla-aotc` process (its start, LLVM's code paged in, the file written) is reported
   beside it (`cold_ms`), the median of `--compile-runs` processes;
3. for matmul cases (`matmul_*`: two 2-D inputs), times numpy's `np.matmul` on the same
   inputs alike (warm-up, then the median of the same number of calls);
4. prints per case both medians, the ratio `ours / xla` (below 1 is faster than XLA),
   GB/s and GFLOP/s of both sides (the manifest's `bytes` and `flops` over the median),
   both compile times and their ratio, numpy's time and our GFLOP/s as a % of numpy's,
   and for the bandwidth cases (manifest `targets` holding `"bandwidth"`: the fused
   elementwise chains) our GB/s as a % of the machine's STREAM triad (the median GB/s),
   which `stream_triad` (bench/src/bin/stream_triad.rs) measures at the start of the run
   and again just before each bandwidth case, as load drifts; and for every case the
   roofline column `%roof`: our rate in the manifest's `metric` as a % of this machine's
   limit for it, GFLOP/s against the f32 FMA peak `fma_peak` (bench/src/bin/fma_peak.rs)
   measures at the start, GB/s against the triad;
5. ends with the geometric means and a table of the targets (the README's and issue
   [4/7]'s: geomean <= 0.80, no case above 1.25, compile geomean <= 0.5), each with pass
   or fail. `--markdown` prints both tables as Markdown (progress goes to stderr).

Steps 1 to 3 run in `--rounds` rounds per case (default 3) in which the sides take turns,
each round with its share of `--budget` and of `--compile-runs`; every figure is the
median of the rounds' medians. The machine is shared: load that comes and goes within a
case then weighs on every side alike instead of on whichever side ran at that moment.

Invariants: both sides run the same text on the same inputs in the same process run,
case by case, taking turns (so machine load drifts alike for both); both run times include dispatch
(XLA's about 7 us, ours a function call) and neither includes compilation. A case one
side cannot run (or whose files cannot be read) is reported with the reason and left out
of every mean; nothing a case does stops the others.

Usage (from the repository root, after `cargo build -p xla-tools --bins` and
`cargo build -p xla-bench --bin stream_triad`):

    .venv-fixtures/bin/python bench/compare.py [--corpus DIR ...] [--xla-run PATH]
        [--xla-aotc PATH] [--triad PATH | --triad-gbs X | --no-triad] [--peak PATH | --no-peak] [--budget SECONDS]
        [--min-runs N] [--compile-runs N] [--rounds N] [--numpy-threads N] [--timeout SECONDS] [--markdown]
        [CASE ...]
"""

import argparse
import datetime
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

# numpy is imported by `main`, after `--numpy-threads` has set OpenBLAS's thread count.
np = None

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
# The shared benchmark corpus: $XLA_CORPUS_DIR, else shared/ beside the checkout.
PUBLIC_CORPUS = os.environ.get("XLA_CORPUS_DIR") or os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus", "public"))
BENCH_PROGRAMS = os.path.join(ROOT, "target", "bench-programs")

# The README's targets (issue 9, item 5).
TARGET_RATIO = 1.0
TARGET_TRIAD_PERCENT = 80.0
TARGET_NUMPY_PERCENT = 80.0
TARGET_COMPILE_RATIO = 1.0
# Issue [4/7]'s targets over the whole benchmark (the corpus, the bench programs and the models).
TARGET_MODELS_GEOMEAN = 0.80
TARGET_MODELS_WORST = 1.25
TARGET_MODELS_COMPILE = 0.5


def target_dir():
    """The cargo target directory: `$CARGO_TARGET_DIR`, else the repository's `target/`."""
    return os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))


def default_tool(name):
    """A binary of the cargo target directory's dev profile."""
    return os.path.join(target_dir(), "debug", name)


def load_inputs(path, specs):
    """The arguments in order, bf16 arrays (stored as uint16 bits) viewed as bfloat16."""
    data = np.load(path)
    args = []
    for i in range(len(data.files)):
        a = data[f"arg{i}"]
        if i < len(specs) and specs[i]["dtype"] == "bfloat16" and a.dtype == np.uint16:
            import ml_dtypes

            a = a.view(ml_dtypes.bfloat16)
        args.append(a)
    return args


def median_of_calls(call, budget, min_runs):
    """The median seconds of `call()` after three warm-up calls, over at least `min_runs`
    calls and as many as fit in `budget` seconds (at most 100000); and how many ran."""
    for _ in range(3):
        call()
    times = []
    start = time.perf_counter()
    while len(times) < min_runs or (time.perf_counter() - start < budget and len(times) < 100000):
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), len(times)


def time_xla(client, device, text, args, budget, min_runs, compile_runs):
    """XLA CPU's median seconds per call of the StableHLO `text` on `args`, and its median
    seconds of `compile_and_load` over `compile_runs` compilations."""
    import jax
    from jax._src.lib import xla_client as xc

    compile_times = []
    for _ in range(max(1, compile_runs)):
        t0 = time.perf_counter()
        exe = client.compile_and_load(text, xc.DeviceList((device,)), xc.CompileOptions())
        compile_times.append(time.perf_counter() - t0)
    buffers = [jax.device_put(a, device) for a in args]

    def call():
        for o in exe.execute(buffers):
            o.block_until_ready()

    median, _ = median_of_calls(call, budget, min_runs)
    return median, statistics.median(compile_times)


def time_numpy(args, budget, min_runs):
    """numpy's median seconds of `np.matmul(args[0], args[1])`, timed as XLA's calls are."""
    a, b = args
    return median_of_calls(lambda: np.matmul(a, b), budget, min_runs)[0]


UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
MEDIAN = re.compile(r"@\S+: median ([0-9.]+) (ns|us|ms|s) per call over (\d+) calls")
TRIAD = re.compile(r"triad: best ([0-9.]+) GB/s, median ([0-9.]+) GB/s")
PEAK = re.compile(r"fma: best ([0-9.]+) GFLOP/s, median ([0-9.]+) GFLOP/s")

def tolerance_flags(entry):
    """`xla-run --check` flags from the manifest's tolerance: its `rtol` (in ulps of each
    output's own format, and norm-wise) and `atol`; bit-exact when both are zero."""
    tol = entry.get("tol", {})
    rtol, atol = float(tol.get("rtol", 0.0)), float(tol.get("atol", 0.0))
    if rtol == 0.0 and atol == 0.0:
        return ["--max-ulps", "0", "--atol", "0"]
    return ["--max-ulps", "1", "--rtol", repr(rtol), "--atol", repr(atol)]


def first_line(text, fallback):
    """The first non-empty line of `text` (at most 120 characters), else `fallback`."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[0][:120] if lines else fallback


def run_ours(xla_run, mlir, inputs, expected, n, timeout):
    """This compiler's median seconds per call over `n` calls, and whether the check passed.
    `expected` is None or (the expected .npz, the --check tolerance flags)."""
    cmd = [xla_run, mlir, "--input", inputs, "--bench", str(n)]
    if expected:
        cmd += ["--check", expected[0], *expected[1]]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    match = MEDIAN.search(proc.stdout)
    if not match:
        raise RuntimeError(first_line(proc.stderr or proc.stdout, f"exit status {proc.returncode}"))
    return float(match.group(1)) * UNITS[match.group(2)], proc.returncode == 0


def time_ours(xla_run, mlir, inputs, expected, budget, min_runs, timeout):
    """A short run to estimate the time per call, then one sized to the budget."""
    estimate, _ = run_ours(xla_run, mlir, inputs, None, 3, timeout)
    n = max(min_runs, min(100000, int(budget / max(estimate, 1e-7))))
    median, ok = run_ours(xla_run, mlir, inputs, expected, n, timeout)
    return median, n, ok


COMPILE_MEDIAN = re.compile(r"compile: median ([0-9.]+) ms over \d+ compilations")


def compile_ours(xla_aotc, mlir, runs, timeout, cold=True):
    """(warm, cold) seconds: the median compilation of `xla-aotc mlir --bench-compile
    runs` after its first, and (when `cold`, else None) the median wall time of `runs`
    whole `xla-aotc mlir -o TMP.o` processes."""
    runs = max(1, runs)
    with tempfile.TemporaryDirectory(prefix="compare-") as tmp:
        out = os.path.join(tmp, "out.o")
        proc = subprocess.run([xla_aotc, mlir, "-o", out, "--bench-compile", str(runs)], capture_output=True, text=True, timeout=timeout)
        match = COMPILE_MEDIAN.search(proc.stdout)
        if proc.returncode != 0 or not match:
            raise RuntimeError(first_line(proc.stderr, f"exit status {proc.returncode}, no median printed"))
        warm = float(match.group(1)) / 1e3
        if not cold:
            return warm, None
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            proc = subprocess.run([xla_aotc, mlir, "-o", out], capture_output=True, text=True, timeout=timeout)
            times.append(time.perf_counter() - t0)
            if proc.returncode != 0:
                raise RuntimeError(first_line(proc.stderr, f"exit status {proc.returncode}"))
    return warm, statistics.median(times)


def measure_limit(path, pattern, what, left_out, timeout):
    """(best, median) of the limit the binary at `path` prints (the line `pattern`
    matches), or None with a note on stderr naming what is then `left_out`."""
    name = os.path.basename(path)
    if not os.path.exists(path):
        print(f"# note: no {name} at {path} (cargo build -p xla-bench --bin {name}); {left_out} left out", file=sys.stderr)
        return None
    try:
        proc = subprocess.run([path], capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.SubprocessError) as e:
        print(f"# note: {name} failed ({e}); {left_out} left out", file=sys.stderr)
        return None
    match = pattern.search(proc.stdout)
    if not match:
        print(f"# note: {name} printed no {what} ({first_line(proc.stderr, 'no output')}); {left_out} left out", file=sys.stderr)
        return None
    return float(match.group(1)), float(match.group(2))


def measure_triad(path, timeout):
    """(best, median) GB/s of `stream_triad`, or None with a note on stderr."""
    return measure_limit(path, TRIAD, "bandwidth", "% of triad", timeout)


def measure_peak(path, timeout):
    """(best, median) GFLOP/s of `fma_peak`, or None with a note on stderr."""
    return measure_limit(path, PEAK, "peak", "roofline GFLOP/s", timeout)


def read_corpora(dirs):
    """{name: (directory, manifest entry)} over the corpus directories, the first one
    holding a name winning; a directory or manifest that cannot be read is noted and
    skipped."""
    cases = {}
    for d in dirs:
        try:
            files = os.listdir(d)
        except OSError as e:
            print(f"# note: corpus {d} cannot be read ({e.strerror}); skipped" + (" (run bench/make_programs.py)" if d == BENCH_PROGRAMS else ""), file=sys.stderr)
            continue
        manifest = {}
        try:
            with open(os.path.join(d, "manifest.json")) as f:
                manifest = {e["name"]: e for e in json.load(f)}
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"# note: {d}/manifest.json unreadable ({e}); its cases have no flops, bytes or tolerance", file=sys.stderr)
        for f in sorted(files):
            if f.endswith(".stablehlo.mlir"):
                cases.setdefault(f[: -len(".stablehlo.mlir")], (d, manifest.get(f[: -len(".stablehlo.mlir")], {})))
    return cases


def is_matmul(name, args):
    """Whether numpy's `matmul` computes the case: a `matmul_*` case of two 2-D inputs."""
    return name.startswith("matmul") and len(args) == 2 and all(a.ndim == 2 for a in args)


def geomean(values):
    """The geometric mean of positive `values`, or None when there are none."""
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def run_case(name, directory, entry, ctx, opts):
    """Every measurement of one case, as a dict of row fields (None where there is none);
    `error` says why a side could not run."""
    base = os.path.join(directory, name)
    mlir, inputs, expected = base + ".stablehlo.mlir", base + ".inputs.npz", base + ".expected.npz"
    row = {"name": name, "entry": entry}
    try:
        with open(mlir) as f:
            text = f.read()
        args = load_inputs(inputs, entry.get("inputs", []))
    except Exception as e:  # An unreadable case is reported and skipped.
        row["error"] = f"unreadable: {first_line(str(e), type(e).__name__)}"
        return row
    # The sides take turns, round by round, each round with a share of the budget and of
    # the compilations: load that drifts during the case then weighs on every side alike,
    # and each figure is the median of the rounds' medians.
    rounds = max(1, opts.rounds)
    budget = opts.budget / rounds
    compile_runs = max(1, math.ceil(opts.compile_runs / rounds))
    matmul = is_matmul(name, args)
    samples = {key: [] for key in ("xla", "xla_compile", "ours", "ours_compile", "numpy")}
    check = (expected, tolerance_flags(entry)) if os.path.exists(expected) else None
    for round_number in range(rounds):
        try:
            xla, xla_compile = time_xla(ctx["client"], ctx["device"], text, args, budget, opts.min_runs, compile_runs)
        except Exception as e:  # A case XLA rejects is reported, not fatal.
            row["error"] = f"xla failed: {first_line(str(e), type(e).__name__)}"
            return row
        samples["xla"].append(xla)
        samples["xla_compile"].append(xla_compile)
        try:
            # Only the first round checks the results against XLA's.
            ours, _, ok = time_ours(opts.xla_run, mlir, inputs, check if round_number == 0 else None, budget, opts.min_runs, opts.timeout)
            samples["ours"].append(ours)
            if round_number == 0:
                row["check"] = ("ok" if ok else "MISMATCH") if check else "-"
        except Exception as e:
            row["error"] = f"ours failed: {first_line(str(e), type(e).__name__)}"
            return row
        if "compile_error" not in row:
            try:
                warm, cold = compile_ours(opts.xla_aotc, mlir, compile_runs, opts.timeout, cold=round_number == 0)
                samples["ours_compile"].append(warm)
                if cold is not None:
                    row["ours_cold"] = cold
            except Exception as e:  # The run times still count; the compile columns stay empty.
                row["compile_error"] = first_line(str(e), type(e).__name__)
        if matmul:
            samples["numpy"].append(time_numpy(args, budget, opts.min_runs))
    for key, values in samples.items():
        if values and not (key == "ours_compile" and "compile_error" in row):
            row[key] = statistics.median(values)
    return row


def derived(row, triad, peak=None):
    """The ratios and rates of a measured row (see the module's step 4); `peak` is the
    (best, median) GFLOP/s of `fma_peak`."""
    entry, xla, ours = row["entry"], row["xla"], row["ours"]
    flops, moved = entry.get("flops"), entry.get("bytes")
    d = {
        "ratio": ours / xla,
        "xla_gbs": moved / xla / 1e9 if moved else None,
        "ours_gbs": moved / ours / 1e9 if moved else None,
        "xla_gfs": flops / xla / 1e9 if flops else None,
        "ours_gfs": flops / ours / 1e9 if flops else None,
        "compile_ratio": row["ours_compile"] / row["xla_compile"] if row.get("ours_compile") else None,
        "numpy_percent": 100.0 * row["numpy"] / ours if row.get("numpy") else None,
        "triad_percent": None,
        "roof_percent": None,
    }
    triad = row.get("triad") or triad
    if triad and moved and "bandwidth" in entry.get("targets", []):
        d["triad_percent"] = 100.0 * d["ours_gbs"] / triad[1]
    if entry.get("metric") == "flops" and peak and flops:
        d["roof_percent"] = 100.0 * d["ours_gfs"] / peak[1]
    elif entry.get("metric") == "bytes" and triad and moved:
        d["roof_percent"] = 100.0 * d["ours_gbs"] / triad[1]
    return d


COLUMNS = [
    ("case", 20), ("xla_us", 10), ("ours_us", 10), ("ratio", 6), ("xla_GB/s", 8), ("ours_GB/s", 9),
    ("xla_GF/s", 8), ("ours_GF/s", 9), ("xla_c_ms", 8), ("ours_c_ms", 9), ("c_ratio", 7), ("cold_ms", 7),
    ("np_us", 9), ("%np", 5), ("%triad", 6), ("%roof", 5), ("check", 8),
]


def cells(row, triad, peak=None):
    """A row's cells, in COLUMNS' order; a failed case has its reason in the last cell."""

    def num(x, fmt):
        return "-" if x is None else format(x, fmt)

    if "ours" not in row:
        xla = row.get("xla")
        return [row["name"], num(xla and xla * 1e6, ".1f")] + ["-"] * (len(COLUMNS) - 3) + [row["error"]]
    d = derived(row, triad, peak)
    return [
        row["name"], num(row["xla"] * 1e6, ".1f"), num(row["ours"] * 1e6, ".1f"), num(d["ratio"], ".2f"),
        num(d["xla_gbs"], ".1f"), num(d["ours_gbs"], ".1f"), num(d["xla_gfs"], ".1f"), num(d["ours_gfs"], ".1f"),
        num(row["xla_compile"] * 1e3, ".1f"), num(row.get("ours_compile") and row["ours_compile"] * 1e3, ".1f"),
        num(d["compile_ratio"], ".2f"), num(row.get("ours_cold") and row["ours_cold"] * 1e3, ".1f"),
        num(row.get("numpy") and row["numpy"] * 1e6, ".1f"),
        num(d["numpy_percent"], ".0f"), num(d["triad_percent"], ".0f"), num(d["roof_percent"], ".0f"), row["check"],
    ]


def render(header, rows, markdown, widths=None):
    """A table as aligned text or as Markdown."""
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] + ["---:"] * (len(header) - 2) + ["---"]) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = widths or [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]

    def line(r):
        return " ".join(c.ljust(w) if i == 0 else c.rjust(w) if i < len(r) - 1 else c for i, (c, w) in enumerate(zip(r, widths)))

    return "\n".join(line(r) for r in [header] + rows)


def targets(rows, triad):
    """The README's targets table: (what, measured, target, pass/fail) per target."""
    measured = [(r, derived(r, triad)) for r in rows if "ours" in r]
    ratios = [d["ratio"] for _, d in measured]
    chains = [(r["name"], d["triad_percent"], (r.get("triad") or triad)[1]) for r, d in measured if d["triad_percent"] is not None]
    matmuls = [(r["name"], d["numpy_percent"]) for r, d in measured if d["numpy_percent"] is not None]
    compiles = [(r["name"], d["compile_ratio"]) for r, d in measured if d["compile_ratio"] is not None]

    def verdict(ok):
        return "pass" if ok else "FAIL"

    out = []
    g = geomean(ratios)
    out.append(["run time, geomean ours/xla", f"{g:.2f} over {len(ratios)} cases" if g else "-", f"<= {TARGET_RATIO:.1f}", verdict(g is not None and g <= TARGET_RATIO) if g else "-"])
    if chains:
        worst = min(chains, key=lambda c: c[1])
        listed = ", ".join(f"{n} {p:.0f}% of {t:.1f} GB/s" for n, p, t in chains)
        out.append(["elementwise chains, % of triad (median)", listed, f">= {TARGET_TRIAD_PERCENT:.0f}%", verdict(worst[1] >= TARGET_TRIAD_PERCENT)])
    else:
        out.append(["elementwise chains, % of triad", "- (no triad or no chain case)", f">= {TARGET_TRIAD_PERCENT:.0f}%", "-"])
    if matmuls:
        listed = ", ".join(f"{n} {p:.0f}%" for n, p in matmuls)
        out.append(["matmul, % of numpy GFLOP/s", listed, f">= {TARGET_NUMPY_PERCENT:.0f}%", verdict(min(p for _, p in matmuls) >= TARGET_NUMPY_PERCENT)])
    else:
        out.append(["matmul, % of numpy GFLOP/s", "- (no matmul case)", f">= {TARGET_NUMPY_PERCENT:.0f}%", "-"])
    if compiles:
        worst = max(compiles, key=lambda c: c[1])
        out.append(["compile time ours/xla, geomean / max", f"{geomean([c for _, c in compiles]):.2f} / {worst[1]:.2f} ({worst[0]})", f"<= {TARGET_COMPILE_RATIO:.1f} each", verdict(worst[1] <= TARGET_COMPILE_RATIO)])
    else:
        out.append(["compile time ours/xla, geomean / max", "-", f"<= {TARGET_COMPILE_RATIO:.1f} each", "-"])
    if g:
        out.append(["[4/7] run time, geomean ours/xla", f"{g:.2f}", f"<= {TARGET_MODELS_GEOMEAN:.2f}", verdict(g <= TARGET_MODELS_GEOMEAN)])
        worst_run = max(((r["name"], d["ratio"]) for r, d in measured), key=lambda c: c[1])
        slow = sum(1 for _, d in measured if d["ratio"] > TARGET_MODELS_WORST)
        out.append(["[4/7] run time, worst ours/xla", f"{worst_run[1]:.2f} ({worst_run[0]}); {slow} above {TARGET_MODELS_WORST}", f"<= {TARGET_MODELS_WORST:.2f}", verdict(slow == 0)])
    if compiles:
        cg = geomean([c for _, c in compiles])
        out.append(["[4/7] compile time, geomean ours/xla", f"{cg:.2f}", f"<= {TARGET_MODELS_COMPILE:.2f}", verdict(cg <= TARGET_MODELS_COMPILE)])
    return out


def main():
    """Measures every selected case, then prints the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cases", nargs="*", help="case names (default: every case of the corpus directories)")
    parser.add_argument("--corpus", action="append", help=f"a corpus directory, repeatable (default: {PUBLIC_CORPUS} and {BENCH_PROGRAMS})")
    parser.add_argument("--xla-run", default=default_tool("xla-run"))
    parser.add_argument("--xla-aotc", default=None, help="default: xla-aotc beside --xla-run")
    parser.add_argument("--triad", default=default_tool("stream_triad"), help="the stream_triad binary")
    parser.add_argument("--triad-gbs", type=float, help="use this triad GB/s instead of measuring")
    parser.add_argument("--no-triad", action="store_true", help="measure no bandwidth")
    parser.add_argument("--peak", default=default_tool("fma_peak"), help="the fma_peak binary (the roofline's GFLOP/s)")
    parser.add_argument("--no-peak", action="store_true", help="measure no f32 peak")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of timed calls per case and side")
    parser.add_argument("--min-runs", type=int, default=15)
    parser.add_argument("--compile-runs", type=int, default=3, help="compilations per case and side (median), spread over the rounds")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per case in which the sides take turns (the budget and compilations are shared among them)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds before an xla-run or xla-aotc is given up")
    parser.add_argument("--markdown", action="store_true", help="print the tables as Markdown (progress on stderr)")
    parser.add_argument("--numpy-threads", type=int, help="OpenBLAS threads for numpy's matmul (default: OpenBLAS's, one per cpu)")
    opts = parser.parse_args()
    if opts.numpy_threads:
        os.environ["OPENBLAS_NUM_THREADS"] = os.environ["OMP_NUM_THREADS"] = str(opts.numpy_threads)
    global np
    try:
        import numpy as np
    except ImportError:
        sys.exit("compare.py: needs numpy and jax (jaxlib 0.10.2); run it with .venv-fixtures/bin/python")
    opts.xla_aotc = opts.xla_aotc or os.path.join(os.path.dirname(opts.xla_run), "xla-aotc")
    progress = sys.stderr if opts.markdown else sys.stdout

    if not os.path.exists(opts.xla_run):
        sys.exit(f"compare.py: no xla-run at {opts.xla_run} (build it: cargo build -p xla-tools --bins, or pass --xla-run)")
    if not os.path.exists(opts.xla_aotc):
        print(f"# note: no xla-aotc at {opts.xla_aotc}; our compile times left out", file=sys.stderr)
    try:
        from jax._src import xla_bridge

        client = xla_bridge.get_backend("cpu")
    except Exception as e:
        sys.exit(f"compare.py: cannot start XLA CPU through jax ({first_line(str(e), type(e).__name__)}); run with .venv-fixtures/bin/python")
    ctx = {"client": client, "device": client.local_devices()[0]}

    corpora = read_corpora(opts.corpus or [PUBLIC_CORPUS, BENCH_PROGRAMS])
    names = opts.cases or sorted(corpora)
    triad = None
    if opts.triad_gbs:
        triad = (opts.triad_gbs, opts.triad_gbs)
    elif not opts.no_triad:
        triad = measure_triad(opts.triad, opts.timeout)
    peak = None if opts.no_peak else measure_peak(opts.peak, opts.timeout)

    load = os.getloadavg()[0]
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"# {stamp}: XLA CPU (jaxlib, StableHLO text through PJRT) vs xla-run ({opts.xla_run}); {os.cpu_count()} cpus, loadavg {load:.2f} at start", file=progress)
    print(f"# median us per call, {opts.rounds} rounds taking turns, each >= {opts.min_runs} calls and ~{opts.budget / max(1, opts.rounds):.2f}s per side; ratio = ours / xla (below 1: faster)", file=progress)
    print(f"# compile: medians of {opts.compile_runs} compilations in a process that compiled before, XLA's compile_and_load and ours (xla-aotc --bench-compile); cold_ms: a whole xla-aotc process; %np = numpy matmul time / ours", file=progress)
    if triad:
        print(f"# STREAM triad: best {triad[0]:.2f} GB/s, median {triad[1]:.2f} GB/s; %triad = ours GB/s / triad median", file=progress)
    if peak:
        print(f"# f32 FMA peak: best {peak[0]:.1f} GFLOP/s, median {peak[1]:.1f} GFLOP/s; %roof = ours in the case's metric / peak or triad median", file=progress)
    header = [c for c, _ in COLUMNS]
    widths = [w for _, w in COLUMNS]
    if not opts.markdown:
        print(render(header, [], False, widths), flush=True)

    rows = []
    for name in names:
        if name not in corpora:
            row = {"name": name, "error": "no such case in the corpus directories"}
        else:
            if triad and opts.triad_gbs is None and "bandwidth" in corpora[name][1].get("targets", []):
                # Load drifts: a bandwidth case is compared with a triad measured just before it.
                row_triad = measure_triad(opts.triad, opts.timeout)
            else:
                row_triad = None
            row = run_case(name, *corpora[name], ctx, opts)
            if row_triad:
                row["triad"] = row_triad
                print(f"# {name}: STREAM triad just before it: best {row_triad[0]:.2f} GB/s, median {row_triad[1]:.2f} GB/s", file=progress)
        if "compile_error" in row:
            print(f"# {name}: xla-aotc failed: {row['compile_error']}", file=progress)
        rows.append(row)
        line = cells(row, triad, peak)
        if opts.markdown:
            print(f"{name}: " + " ".join(line[1:]), file=sys.stderr, flush=True)
        else:
            print(render(header, [line], False, widths).splitlines()[1], flush=True)

    load_end = os.getloadavg()[0]
    measured = [r for r in rows if "ours" in r]
    ratios = [derived(r, triad)["ratio"] for r in measured]
    compile_ratios = [c for c in (derived(r, triad)["compile_ratio"] for r in measured) if c is not None]
    summary = f"geomean run-time ratio {geomean(ratios) or float('nan'):.2f} ({len(ratios)} of {len(names)} cases), "
    summary += f"compile-time ratio {geomean(compile_ratios) or float('nan'):.2f} ({len(compile_ratios)} cases); loadavg {load:.2f} at start, {load_end:.2f} at end"
    if opts.markdown:
        limits = (f", STREAM triad median {triad[1]:.1f} GB/s (best {triad[0]:.1f})" if triad else "") + (f", f32 FMA peak median {peak[1]:.0f} GFLOP/s" if peak else "")
        print(f"Measured {stamp}, {os.cpu_count()} cpus{limits}.\n")
        print(render(header, [cells(r, triad, peak) for r in rows], True))
        print(f"\n{summary}.\n")
    else:
        print(f"# {summary}")
        print()
    print(render(["target", "measured", "goal", "result"], targets(rows, triad), opts.markdown))


if __name__ == "__main__":
    main()
