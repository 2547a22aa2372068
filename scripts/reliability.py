#!/usr/bin/env python3
"""The reliability measurement: the tools on mutated copies of real programs.

Usage: reliability.py [--programs DIR]... [--tools DIR] [--mutants N] [--seed S]
                      [--timeout SECONDS] [--jobs J] [--keep DIR]

Each program of the directories (default: the shared benchmark corpus and fixtures/;
`NAME.stablehlo.mlir` and `NAME.hlo`, with `NAME.inputs.npz`) is mutated N times, with a
seeded generator, in ways that keep most of the text readable so the mutant reaches the
verifier and the compiler: a dimension or number replaced (by 0, -1, a neighbour, or a size
whose element count overflows), an element type swapped, a line deleted, duplicated or
swapped with another, a byte replaced, the text truncated. Each mutant goes through
`xla-opt` (read, verify, print), `xla-aotc` (compile to an object) and `xla-run` (compile
natively and run on the program's inputs), each under a timeout.

An outcome is one of: accepted (exit 0); rejected with a located diagnostic
(`FILE:LINE:COL: error:`) or, for xla-run, an error about its inputs or a run-time status
(`xla-run: ...`); rejected without a location; panic (exit 101 or "panicked"); crash (killed
by a signal); hang (past the timeout). A program that compiled but whose run goes past the
timeout is "still running", not a hang: a mutated loop condition that never turns false
makes a valid program that XLA would run forever too. The measurement passes when there
are no panics, crashes, hangs or unlocated rejections; it prints the counts and up to five examples of
each bad outcome, and exits 1 otherwise. `--keep DIR` saves the bad mutants.
"""

import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_PROGRAMS = [
    os.environ.get("XLA_CORPUS_DIR") or os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus", "public")),
    os.path.join(ROOT, "fixtures"),
]
LOCATED = re.compile(r"^[^\s:]+:\d+:\d+: error: ", re.M)
NUMBER = re.compile(r"(?<![A-Za-z_%#@])\d+")
ELEMENT_TYPES = ["f32", "f16", "bf16", "f64", "i32", "i1", "i8", "ui32", "complex<f32>", "s32", "pred", "u8"]
HUGE = ["4294967296", "9223372036854775807", "2147483648", "1000000000"]


def mutate(text, rng):
    """One mutant of `text` and the name of the mutation."""
    lines = text.split("\n")
    kind = rng.choice(["number", "number", "number", "type", "delete_line", "duplicate_line", "swap_lines", "byte", "truncate"])
    if kind == "number":
        matches = list(NUMBER.finditer(text))
        if matches:
            m = rng.choice(matches)
            value = int(m.group())
            new = rng.choice([0, 1, value + 1, max(value - 1, 0), value * 2, -1, rng.choice(HUGE)])
            return text[: m.start()] + str(new) + text[m.end():], kind
    if kind == "type":
        present = [t for t in ELEMENT_TYPES if t in text]
        if present:
            old = rng.choice(present)
            spots = [m.start() for m in re.finditer(re.escape(old), text)]
            at = rng.choice(spots)
            return text[:at] + rng.choice(ELEMENT_TYPES) + text[at + len(old):], kind
    if kind in ("delete_line", "duplicate_line", "swap_lines") and len(lines) > 2:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        if kind == "delete_line":
            del lines[i]
        elif kind == "duplicate_line":
            lines.insert(i, lines[i])
        else:
            lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines), kind
    if kind == "byte" and text:
        at = rng.randrange(len(text))
        return text[:at] + rng.choice("(){}[]<>,:=%x0-9 \"") + text[at + 1:], kind
    return text[: rng.randrange(len(text) + 1)], "truncate"


def classify(tool, rc, stderr):
    if rc is None:
        return "hang"
    if rc == 101 or "panicked" in stderr:
        return "panic"
    if rc < 0 or rc in (134, 139):
        return "crash"
    if rc == 0:
        return "accepted"
    if LOCATED.search(stderr):
        return "located"
    # xla-run's own errors: inputs that do not fit the program, or a failed run's status.
    if tool == "xla-run" and stderr.startswith("xla-run: "):
        return "located"
    return "unlocated"


def run_tool(command, timeout):
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=timeout, stdin=subprocess.DEVNULL)
        return done.returncode, done.stderr
    except subprocess.TimeoutExpired:
        return None, ""


def measure(job):
    path, inputs, tools, timeout = job
    outcomes = []
    obj = path + ".o"
    commands = [
        ("xla-opt", [os.path.join(tools, "xla-opt"), path]),
        ("xla-aotc", [os.path.join(tools, "xla-aotc"), path, "-o", obj, "--header", path + ".h", "--name", "entry"]),
        ("xla-run", [os.path.join(tools, "xla-run"), path] + (["--input", inputs] if inputs else [])),
    ]
    for tool, command in commands:
        rc, stderr = run_tool(command, timeout)
        outcome = classify(tool, rc, stderr)
        if tool == "xla-run" and outcome == "hang" and outcomes[-1][1] == "accepted":
            outcome = "still running"
        outcomes.append((tool, outcome, stderr))
        if tool == "xla-opt" and rc not in (0, None) and classify(tool, rc, stderr) == "located":
            break  # the later tools read the same text and reject it the same way
    return path, outcomes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--programs", action="append", help="a directory of programs (repeatable)")
    parser.add_argument("--tools", default=os.path.join(ROOT, "target", "debug"))
    parser.add_argument("--mutants", type=int, default=20, help="mutants per program text")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", help="save the mutants with bad outcomes here")
    opts = parser.parse_args()

    rng = random.Random(opts.seed)
    workdir = tempfile.mkdtemp(prefix="xla-reliability-")
    jobs = []
    directories = opts.programs or DEFAULT_PROGRAMS
    sources = [(d, name) for d in directories for name in sorted(os.listdir(d))]
    for directory, name in sources:
        for suffix in (".stablehlo.mlir", ".hlo"):
            if not name.endswith(suffix) or name.endswith(".opt.hlo"):
                continue
            stem = name[: -len(suffix)]
            with open(os.path.join(directory, name)) as f:
                text = f.read()
            inputs = os.path.join(directory, stem + ".inputs.npz")
            for i in range(opts.mutants):
                mutant, kind = mutate(text, rng)
                path = os.path.join(workdir, f"{os.path.basename(directory)}.{stem}.{i}.{kind}{suffix}")
                with open(path, "w") as f:
                    f.write(mutant)
                jobs.append((path, inputs if os.path.exists(inputs) else None, opts.tools, opts.timeout))

    counts = {}
    bad = {}
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        for path, outcomes in pool.map(measure, jobs):
            for tool, outcome, stderr in outcomes:
                counts[(tool, outcome)] = counts.get((tool, outcome), 0) + 1
                if outcome in ("panic", "crash", "hang", "unlocated", "still running"):
                    bad.setdefault(outcome, []).append((tool, path, stderr.strip().splitlines()[-3:] if stderr.strip() else []))
                    if opts.keep:
                        os.makedirs(opts.keep, exist_ok=True)
                        shutil.copy(path, opts.keep)

    print(f"{len(jobs)} mutants of the programs in {', '.join(directories)} (seed {opts.seed})")
    for tool in ("xla-opt", "xla-aotc", "xla-run"):
        outcomes = ("accepted", "located", "unlocated", "panic", "crash", "hang") + (("still running",) if tool == "xla-run" else ())
        row = ", ".join(f"{outcome} {counts.get((tool, outcome), 0)}" for outcome in outcomes)
        print(f"  {tool}: {row}")
    for outcome, examples in bad.items():
        print(f"{outcome}: {len(examples)}")
        for tool, path, tail in examples[:5]:
            print(f"  {tool} {os.path.basename(path)}: {' | '.join(tail)}")
    shutil.rmtree(workdir, ignore_errors=True)
    failures = {k: v for k, v in bad.items() if k != "still running"}
    total_bad = sum(len(v) for v in failures.values())
    print(f"{sum(len(v) for k, v in failures.items() if k != 'unlocated')} panics, crashes and hangs; {len(failures.get('unlocated', []))} unlocated rejections")
    return 1 if total_bad else 0


if __name__ == "__main__":
    sys.exit(main())
