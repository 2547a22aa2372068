#!/usr/bin/env python3
"""Runs StableHLO's own test suites through xla-run, interpreted and compiled.

Usage: scripts/stablehlo_suite.py STABLEHLO_CHECKOUT [--xla-run PATH] [--modes interpret,compiled,precise]
       [--suites testdata,interpret] [--jobs N] [--filter REGEX] [--timeout S] [--controls N]
       [--failures FILE]

STABLEHLO_CHECKOUT is a checkout of github.com/openxla/stablehlo. Two suites are read from it:
- `stablehlo/testdata/*.mlir`: JAX-generated programs, one per file, that embed their inputs and
  expected outputs and check them with `custom_call @check.expect_close` / `@check.expect_eq`;
- `stablehlo/tests/interpret/*.mlir`: the interpreter's own tests, split at `// -----` into
  programs that check themselves with `check.expect_*` ops.

Modes: `interpret` (xla-run --interpret), `compiled` (compiled code as by default) and
`precise` (compiled with --no-vector-math: libm's scalar functions instead of libmvec's
vector variants, whose results may be a few ulps further from XLA's); `--modes` takes any of
them, by default `interpret,compiled`.

A program passes in a mode when `xla-run` (with its mode's flags) exits with
status 0: every check held and nothing failed to read, verify, lower or run. The report gives
pass counts per suite and mode, then the failures grouped by cause (the first line of the
diagnostic with its location, numbers and quoted names abstracted), largest groups first, each
with a few example programs.

Negative controls: before trusting a pass count, `--controls N` (default 6) takes N programs that
passed and perturbs one expected value in each (the first element of the expected literal: a
high bit of its most significant byte in hex literals, or the number itself in decimal ones);
each perturbed program must fail in every mode. A control that passes means the runner or the
checks accept wrong answers, and the script exits with status 2.

Exit status: 0 when the controls held (whatever the pass counts), 2 when a control passed, 1 on
a usage error. The suites are not needed by CI; this is a tool for measuring against them.
"""

import argparse
import collections
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent

# How many example programs each failure group lists.
EXAMPLES_PER_CAUSE = 3

# Bytes per element of the element types that hex literals in the suites use.
ELEMENT_BYTES = {
    "i1": 1, "i2": 1, "i4": 1, "i8": 1, "ui2": 1, "ui4": 1, "ui8": 1,
    "i16": 2, "ui16": 2, "f16": 2, "bf16": 2,
    "i32": 4, "ui32": 4, "f32": 4,
    "i64": 8, "ui64": 8, "f64": 8,
}


class Program:
    """One program of a suite: its name (file, and chunk number for split files) and text."""

    def __init__(self, suite, name, text):
        self.suite = suite
        self.name = name
        self.text = text


def split_chunks(text):
    """The chunks of a file written for `-split-input-file`."""
    return re.split(r"^// -----.*$", text, flags=re.MULTILINE)


def collect(checkout, suites, pattern):
    """The programs of the chosen suites whose names match `pattern`."""
    programs = []
    root = checkout / "stablehlo"
    if "testdata" in suites:
        for path in sorted((root / "testdata").glob("*.mlir")):
            programs.append(Program("testdata", path.name, path.read_text()))
    if "interpret" in suites:
        for path in sorted((root / "tests" / "interpret").glob("*.mlir")):
            chunks = split_chunks(path.read_text())
            for i, chunk in enumerate(chunks):
                if "func.func" in chunk:
                    programs.append(Program("interpret", f"{path.name}#{i}", chunk))
    return [p for p in programs if re.search(pattern, p.name)]


# The xla-run flags of each mode: the interpreter; compiled code as by default; compiled
# code on the precise path (libm's scalar functions instead of libmvec's vector variants).
MODE_FLAGS = {"interpret": ["--interpret"], "compiled": [], "precise": ["--no-vector-math"]}


def run(xla_run, mode, text, timeout):
    """Runs one program text in `mode`; returns (passed, first line of the diagnostic)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    args = [xla_run, path] + MODE_FLAGS[mode]
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {timeout} s"
    finally:
        os.unlink(path)
    if done.returncode == 0:
        return True, ""
    lines = [l for l in done.stderr.splitlines() if l.strip()]
    message = next((l for l in lines if "error" in l or "failed" in l or "panicked" in l), lines[0] if lines else "")
    if done.returncode < 0:
        message = f"killed by signal {-done.returncode}: {message}"
    return False, message


def cause_of(message):
    """The failure's cause: its message with the location, numbers and names abstracted."""
    text = re.sub(r"^\S+:\d+:\d+:\s*", "", message)
    # A failed check is one cause whichever elements differ: keep what precedes them.
    if "failed:" in text:
        text = re.split(r";|,? the first at |; at | at \[", text)[0]
    text = re.sub(r"'[^']*[\d\s][^']*'", "'_'", text)
    text = re.sub(r"@[\w.$-]+", "@_", text)
    text = re.sub(r"%[\w#]+", "%_", text)
    text = re.sub(r"tensor<[^>]*>", "tensor<_>", text)
    text = re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "N", text)
    return text[:160]


def perturb(text):
    """The program with the first element of its expected literal changed, or None."""
    expected = re.search(r"func\.func private @expected\(\)", text)
    if expected:
        region = text[expected.end():]
        offset = expected.end()
        pattern = re.compile(r"dense<(\"0x[0-9A-Fa-f]+\"|[^>]*)>\s*:\s*tensor<([^>]*)>")
    else:
        region, offset = text, 0
        pattern = re.compile(r"check\.expect_\w+_const\s+%\w+,\s*dense<(\"0x[0-9A-Fa-f]+\"|[^>]*)>\s*:\s*tensor<([^>]*)>")
    m = pattern.search(region)
    if not m:
        return None
    literal, ty = m.group(1), m.group(2)
    element = ty.split("x")[-1]
    if literal.startswith('"0x'):
        width = ELEMENT_BYTES.get(element)
        digits = literal[3:-1]
        if width is None or len(digits) < 2 * width:
            return None
        top = 2 * (width - 1)
        byte = int(digits[top:top + 2], 16) ^ 0x40
        changed = '"0x' + digits[:top] + f"{byte:02X}" + digits[top + 2:] + '"'
    else:
        number = re.search(r"-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false", literal)
        if not number:
            return None
        word = number.group(0)
        if word in ("true", "false"):
            new = "false" if word == "true" else "true"
        elif "." in word or "e" in word.lower():
            new = repr(float(word) * 2.0 + 1.0)
        else:
            new = str(int(word) + 1) if not element.startswith("i1") else str(1 - int(word))
        changed = literal[:number.start()] + new + literal[number.end():]
    start = offset + m.start(1)
    return text[:start] + changed + text[offset + m.end(1):]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", type=pathlib.Path)
    parser.add_argument("--xla-run", default=str(REPO / "target" / "release" / "xla-run"))
    parser.add_argument("--modes", default="interpret,compiled")
    parser.add_argument("--suites", default="testdata,interpret")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--filter", default="", help="only programs whose names match this regex")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--controls", type=int, default=6)
    parser.add_argument("--failures", type=pathlib.Path, help="write every failure (program, mode, message) here")
    args = parser.parse_args()
    if not (args.checkout / "stablehlo").is_dir():
        parser.error(f"{args.checkout} is not a StableHLO checkout (no stablehlo/ directory)")
    if not os.access(args.xla_run, os.X_OK):
        parser.error(f"{args.xla_run} is not an executable xla-run (build it with cargo build --release -p xla-tools)")
    modes = [m for m in args.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODE_FLAGS]
    if unknown:
        parser.error(f"unknown mode(s) {', '.join(unknown)}: the modes are {', '.join(MODE_FLAGS)}")
    suites = [s for s in args.suites.split(",") if s]
    programs = collect(args.checkout, suites, args.filter)

    jobs = [(p, mode) for p in programs for mode in modes]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run, args.xla_run, mode, p.text, args.timeout): (p, mode) for p, mode in jobs}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            results[futures[future]] = future.result()
            if done % 200 == 0:
                print(f"... {done}/{len(jobs)} runs", file=sys.stderr)

    print("## Pass counts\n")
    print("| suite | mode | passed | programs |")
    print("|---|---|---|---|")
    for suite in suites:
        for mode in modes:
            ran = [results[(p, mode)] for p in programs if p.suite == suite]
            print(f"| {suite} | {mode} | {sum(ok for ok, _ in ran)} | {len(ran)} |")

    causes = collections.defaultdict(list)
    for (p, mode), (ok, message) in results.items():
        if not ok:
            causes[(mode, cause_of(message))].append(p.name)
    print("\n## Failures by cause\n")
    for (mode, cause), names in sorted(causes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        examples = ", ".join(sorted(names)[:EXAMPLES_PER_CAUSE])
        print(f"- {len(names)} {mode}: {cause}\n  e.g. {examples}")
    if args.failures:
        with args.failures.open("w") as out:
            for (p, mode), (ok, message) in sorted(results.items(), key=lambda kv: (kv[0][0].name, kv[0][1])):
                if not ok:
                    out.write(f"{p.suite}\t{p.name}\t{mode}\t{message}\n")

    print("\n## Negative controls\n")
    held = True
    passing = [p for p in programs if all(results[(p, m)][0] for m in modes)]
    step = max(1, len(passing) // max(1, args.controls))
    tried = 0
    for p in passing[::step]:
        if tried == args.controls:
            break
        changed = perturb(p.text)
        if changed is None or changed == p.text:
            continue
        tried += 1
        for mode in modes:
            ok, message = run(args.xla_run, mode, changed, args.timeout)
            verdict = "FAILED as it must" if not ok else "PASSED: the checks accept a wrong answer"
            held &= not ok
            print(f"- {p.name} ({mode}), expected value perturbed: {verdict}")
    if tried == 0 and passing:
        print("- no passing program had an expected literal to perturb")
    return 0 if held else 2


if __name__ == "__main__":
    sys.exit(main())
