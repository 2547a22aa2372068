#!/usr/bin/env python3
"""Checks the committed JAX fixtures in fixtures/ against fixtures/manifest.json.

Run by hand (it is not part of `make test`); it needs only Python 3 and numpy, so the
project's `.venv` is enough:

    .venv/bin/python scripts/check_fixtures.py [--dir fixtures]

For every manifest entry it checks that the four files exist, that NAME.inputs.npz holds
exactly arg0..argN-1 and NAME.expected.npz exactly out0..outM-1 with the manifest's shapes
and dtypes (bfloat16 arrays are stored as their uint16 bits), and that the op lists in the
manifest are the ones found in the two program texts. It also reports files in the
directory that no entry names. It exits non-zero on the first kind of mismatch it finds in
any entry, after printing all of them.

This file also defines how op names are read from StableHLO and HLO text
(`stablehlo_ops`, `hlo_ops`); scripts/gen_fixtures.py imports them from here, so the
generator and the check always agree on what "the ops used" means.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

# The file suffixes of one fixture, in the order they are listed.
SUFFIXES = (".stablehlo.mlir", ".hlo", ".inputs.npz", ".expected.npz")

# Files in the fixture directory that belong to no single fixture.
SHARED_FILES = {"manifest.json", "README.md"}

# The results in front of an op: `%0 = `, `%values, %indices = `, `%5:2 = `.
_RESULTS = re.compile(r"^%[\w.$#-]+(?::\d+)?(?:\s*,\s*%[\w.$#-]+(?::\d+)?)*\s*=\s*")
# An op name at the start of a statement, quoted in generic form or not.
_OP = re.compile(r'^"?((?:stablehlo|chlo|mhlo|func|sdy)\.[a-z_0-9]+)\b')
# The compact reduce form names its body's op: `stablehlo.reduce(...) applies stablehlo.add`.
_APPLIES = re.compile(r"\bapplies\s+((?:stablehlo|chlo)\.[a-z_0-9]+)")


def stablehlo_ops(text: str) -> list[str]:
    """Returns the sorted, distinct op names used in a StableHLO module's text.

    An op counts where a statement begins with it (after its results, if any). The func
    dialect prints `call` and `return` without their prefix; they are reported as
    `func.call` and `func.return`. The compact reduce form `applies stablehlo.add` counts
    the applied op and the `stablehlo.return` of its implied body, like the shared corpus.
    """
    ops: set[str] = set()
    for line in text.splitlines():
        stmt = _RESULTS.sub("", line.strip())
        match = _OP.match(stmt)
        if match:
            ops.add(match.group(1))
        elif re.match(r"^return\b", stmt):
            ops.add("func.return")
        elif re.match(r"^call\s+@", stmt):
            ops.add("func.call")
        for applied in _APPLIES.finditer(stmt):
            ops.update((applied.group(1), "stablehlo.return"))
    return sorted(ops)


def _skip_shape(rest: str) -> str:
    """Returns `rest` after the leading HLO shape (an array shape or a parenthesized tuple)."""
    rest = rest.lstrip()
    if rest.startswith("("):
        depth = 0
        for i, ch in enumerate(rest):
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    return rest[i + 1 :]
        return ""
    space = rest.find(" ")
    return "" if space < 0 else rest[space:]


def hlo_ops(text: str) -> list[str]:
    """Returns the sorted, distinct opcodes used in an HLO module's text."""
    ops: set[str] = set()
    for line in text.splitlines():
        match = re.match(r"^\s*(?:ROOT\s+)?[\w.\-]+\s*=\s*(.*)$", line)
        if not match or line.lstrip().startswith(("HloModule", "ENTRY", "//")):
            continue
        opcode = re.match(r"\s*([a-z][a-z0-9\-]*)\(", _skip_shape(match.group(1)))
        if opcode:
            ops.add(opcode.group(1))
    return sorted(ops)


def _check_npz(path: Path, prefix: str, specs: list[dict], np) -> list[str]:
    """Compares one npz file with the manifest's list of {shape, dtype}; returns the errors."""
    errors = []
    try:
        data = np.load(path, allow_pickle=False)
    except Exception as err:  # A corrupt zip or npy header: report it, keep checking.
        return [f"{path}: cannot load: {err}"]
    with data:
        want = [f"{prefix}{i}" for i in range(len(specs))]
        if sorted(data.files) != sorted(want):
            errors.append(f"{path}: arrays {sorted(data.files)}, manifest expects {want}")
            return errors
        for key, spec in zip(want, specs):
            arr = data[key]
            stored = "uint16" if spec["dtype"] == "bfloat16" else spec["dtype"]
            if list(arr.shape) != list(spec["shape"]):
                errors.append(f"{path}:{key}: shape {list(arr.shape)}, manifest {spec['shape']}")
            if str(arr.dtype) != stored:
                errors.append(f"{path}:{key}: dtype {arr.dtype}, manifest {spec['dtype']} "
                              f"(stored as {stored})")
    return errors


def check(directory: Path) -> list[str]:
    """Checks every fixture in `directory`; returns the list of errors found."""
    import numpy as np

    manifest_path = directory / "manifest.json"
    try:
        manifest = json.loads(manifest_path.read_text())
    except (OSError, ValueError) as err:
        return [f"{manifest_path}: cannot read: {err}"]

    errors: list[str] = []
    named: set[str] = set(SHARED_FILES)
    seen: set[str] = set()
    for entry in manifest:
        name = entry["name"]
        if name in seen:
            errors.append(f"{manifest_path}: {name} listed twice")
        seen.add(name)
        files = {suffix: directory / f"{name}{suffix}" for suffix in SUFFIXES}
        named.update(p.name for p in files.values())
        missing = [str(p) for p in files.values() if not p.is_file()]
        if missing:
            errors.extend(f"{p}: missing" for p in missing)
            continue
        errors += _check_npz(files[".inputs.npz"], "arg", entry["inputs"], np)
        errors += _check_npz(files[".expected.npz"], "out", entry["outputs"], np)
        found = stablehlo_ops(files[".stablehlo.mlir"].read_text())
        if found != entry["stablehlo_ops"]:
            errors.append(f"{files['.stablehlo.mlir']}: ops {found}, manifest "
                          f"{entry['stablehlo_ops']}")
        found = hlo_ops(files[".hlo"].read_text())
        if found != entry["hlo_ops"]:
            errors.append(f"{files['.hlo']}: ops {found}, manifest {entry['hlo_ops']}")
    for path in sorted(directory.iterdir()):
        if path.name not in named:
            errors.append(f"{path}: not named by the manifest")
    return errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default = Path(__file__).resolve().parent.parent / "fixtures"
    parser.add_argument("--dir", type=Path, default=default, help="fixture directory")
    args = parser.parse_args()

    errors = check(args.dir)
    manifest = json.loads((args.dir / "manifest.json").read_text()) if not errors else None
    for err in errors:
        print(err, file=sys.stderr)
    if errors:
        print(f"check_fixtures: {len(errors)} problem(s)", file=sys.stderr)
        return 1
    total = sum(p.stat().st_size for p in args.dir.iterdir() if p.is_file())
    print(f"check_fixtures: {len(manifest)} fixtures OK, {total} bytes in {args.dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
