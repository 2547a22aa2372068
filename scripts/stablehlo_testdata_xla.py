#!/usr/bin/env python3
"""Measures StableHLO's testdata against XLA itself, and xla-run against XLA.

Usage: scripts/stablehlo_testdata_xla.py STABLEHLO_CHECKOUT [--xla-run PATH]
       [--modes interpret,compiled,precise] [--jobs N] [--filter REGEX] [--timeout S]
       [--failures FILE]

StableHLO's testdata programs (`stablehlo/testdata/*.mlir`) embed expected values that an XLA
of their time computed. This script runs each program on the XLA of the installed jaxlib (its
CPU backend, with the program's `check.expect_*` calls taken out), and then asks two questions
with the programs' own checks, evaluated by `xla-run --interpret` and by each `--modes` mode:

- `xla`: do this XLA's results pass the program's checks against the embedded expected
  values? (The program with each checked value replaced by XLA's result, as a constant.)
- `MODE`: do xla-run's results pass the same checks against this XLA's results? (The program
  with each expected value replaced by XLA's result.)

A program XLA itself fails is one whose expected values this XLA no longer reproduces; where
xla-run fails the testdata but passes against XLA, it computes what XLA computes today.

The report gives, for each question, the pass count and the failing programs, and the
programs that fail the testdata in a mode crossed with whether they agree with XLA. Needs
jax/jaxlib (`pip install jax==0.10.2`); CI does not run it.
"""

import argparse
import concurrent.futures
import pathlib
import re
import sys
import threading

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import stablehlo_suite  # noqa: E402  (the runner's program collection and xla-run driver)

# A check in `main`: its kind, its actual and expected operands and their type.
CHECK = re.compile(
    r"^(?P<indent>\s*)stablehlo\.custom_call @check\.(?P<kind>expect_\w+)\((?P<actual>%[\w#]+), (?P<expected>%[\w#]+)\)"
    r"(?P<attrs>[^:]*): \((?P<type>tensor<.*?>), tensor<.*?>\) -> \(\)[ \t]*$",
    re.MULTILINE,
)

# The element types of the suite's tensors as numpy reads XLA's results.
FLOAT_ELEMENTS = {"f16", "f32", "f64", "bf16", "complex<f32>", "complex<f64>"}


def main_function(text):
    """The span of `func.func public @main` in `text`: (start, end)."""
    start = text.index("func.func public @main")
    end = text.index("\n  }\n", start)
    return start, end


def xla_results(text):
    """Runs `text` with its checks taken out on jaxlib's XLA CPU: the results of `main`."""
    from jax._src import xla_bridge
    from jax._src.lib import xla_client

    stripped = CHECK.sub("", text)
    backend = xla_bridge.get_backend("cpu")
    devices = xla_client.DeviceList(tuple(backend.devices()[:1]))
    executable = backend.compile_and_load(stripped, devices, xla_client.CompileOptions())
    return [np.asarray(result) for result in executable.execute([])]


def returned_values(text):
    """The value names `main` returns, in order."""
    start, end = main_function(text)
    match = re.search(r"^\s*return (.*?) :", text[start:end], re.MULTILINE)
    return [name.strip() for name in match.group(1).split(",")] if match else []


def literal(array, tensor_type):
    """A `stablehlo.constant` literal of `array` for `tensor_type`: hex bytes, or a list of
    booleans for `i1` (whose hex form MLIR packs)."""
    element = re.match(r"tensor<(?:[0-9]+x)*(.*)>", tensor_type).group(1)
    if element == "i1":
        def nested(value):
            if isinstance(value, list):
                return "[" + ", ".join(nested(v) for v in value) + "]"
            return "true" if value else "false"
        return f"dense<{nested(np.asarray(array, bool).tolist())}>"
    return f'dense<"0x{np.ascontiguousarray(array).tobytes().hex().upper()}">'


def with_xla_values(text, results, replace):
    """`text` with, in each check of `main`, the operand `replace` (`actual` or `expected`)
    replaced by a constant of XLA's result for the checked value."""
    returned = returned_values(text)

    def substitute(match):
        actual = match.group("actual")
        if actual not in returned:
            raise ValueError(f"the checked value {actual} is not a result of main")
        constant = f"%xla_{returned.index(actual)}"
        value = literal(results[returned.index(actual)], match.group("type"))
        operands = (constant, match.group("expected")) if replace == "actual" else (actual, constant)
        return (
            f"{match.group('indent')}{constant} = stablehlo.constant {value} : {match.group('type')}\n"
            f"{match.group('indent')}stablehlo.custom_call @check.{match.group('kind')}({operands[0]}, {operands[1]})"
            f"{match.group('attrs')}: ({match.group('type')}, {match.group('type')}) -> ()"
        )

    start, end = main_function(text)
    return text[:start] + CHECK.sub(substitute, text[start:end]) + text[end:]


# XLA's client runs one program at a time here; xla-run's runs overlap in the pool.
XLA_LOCK = threading.Lock()


def measure(program, xla_run, modes, timeout):
    """The outcomes of one program: {question: (passed, message)}."""
    outcomes = {f"testdata {mode}": stablehlo_suite.run(xla_run, mode, program.text, timeout) for mode in modes}
    try:
        with XLA_LOCK:
            results = xla_results(program.text)
        xla_program = with_xla_values(program.text, results, "actual")
        ours_program = with_xla_values(program.text, results, "expected")
    except Exception as error:  # XLA refused the program, or it has no checked result.
        message = f"not run on XLA: {str(error).splitlines()[0] if str(error) else type(error).__name__}"
        outcomes.update({question: (False, message) for question in ["xla"] + modes})
        return outcomes
    outcomes["xla"] = stablehlo_suite.run(xla_run, "interpret", xla_program, timeout)
    for mode in modes:
        outcomes[mode] = stablehlo_suite.run(xla_run, mode, ours_program, timeout)
    return outcomes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=pathlib.Path)
    parser.add_argument("--xla-run", default=str(stablehlo_suite.REPO / "target" / "release" / "xla-run"))
    parser.add_argument("--modes", default="interpret,compiled")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--filter", default="")
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--failures", type=pathlib.Path)
    args = parser.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    programs = stablehlo_suite.collect(args.checkout, {"testdata"}, args.filter)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = dict(zip(programs, pool.map(lambda p: measure(p, args.xla_run, modes, args.timeout), programs)))

    print("## Testdata against XLA (jaxlib's CPU backend)\n")
    print("| question | passed | programs |\n|---|---|---|")
    print(f"| XLA's results pass the testdata's checks | {sum(o['xla'][0] for o in outcomes.values())} | {len(programs)} |")
    for mode in modes:
        print(f"| xla-run ({mode}) passes the testdata's checks | {sum(o[f'testdata {mode}'][0] for o in outcomes.values())} | {len(programs)} |")
        print(f"| xla-run ({mode}) passes the checks against XLA's results | {sum(o[mode][0] for o in outcomes.values())} | {len(programs)} |")
    print("\n## Programs XLA itself fails\n")
    for program, outcome in outcomes.items():
        if not outcome["xla"][0]:
            print(f"- {program.name}: {outcome['xla'][1]}")
    for mode in modes:
        print(f"\n## Programs xla-run ({mode}) fails against the testdata\n")
        for program, outcome in outcomes.items():
            if not outcome[f"testdata {mode}"][0]:
                xla = "XLA fails it too" if not outcome["xla"][0] else "XLA passes it"
                agrees = "agrees with XLA" if outcome[mode][0] else f"differs from XLA: {outcome[mode][1]}"
                print(f"- {program.name}: {xla}; xla-run {agrees}")
    if args.failures:
        with open(args.failures, "w") as f:
            for program, outcome in outcomes.items():
                for question, (passed, message) in outcome.items():
                    if not passed:
                        f.write(f"{program.name}\t{question}\t{message}\n")


if __name__ == "__main__":
    main()
