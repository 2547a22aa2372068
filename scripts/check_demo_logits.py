#!/usr/bin/env python3
"""Checks the logits the demo's linked binary printed against XLA CPU's outputs.

Usage: check_demo_logits.py DRIVER_OUTPUT EXPECTED_NPZ

The driver (examples/mlp_driver.c) prints rows as `logits[R] = v0 v1 ...` with four
decimals. Each printed value must be XLA's value rounded to four decimals, give or take one
unit of the last printed digit (a value within the computation's rounding error of a
rounding boundary may print either way): 1e-4, far below the 1e-3 relative error a wrong
result shows on logits of magnitude 1 to 5. Exits 1, saying which value differs, when one
does or when no row was printed.
"""

import re
import sys

import numpy as np

ROW = re.compile(r"^logits\[(\d+)\] =((?:\s+-?\d+\.\d+)+)\s*$")
# One unit of the fourth decimal, and a little for the decimal representation itself.
TOLERANCE = 1e-4 + 1e-7


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    driver_output, expected_npz = argv[1], argv[2]
    expected = np.load(expected_npz)["out0"].astype(np.float64)
    rows = 0
    with open(driver_output) as text:
        for line in text:
            match = ROW.match(line)
            if not match:
                continue
            row = int(match.group(1))
            printed = [float(v) for v in match.group(2).split()]
            if row >= expected.shape[0] or len(printed) != expected.shape[1]:
                print(f"check_demo_logits: row {row} with {len(printed)} values does not fit XLA's {expected.shape}", file=sys.stderr)
                return 1
            for col, value in enumerate(printed):
                want = expected[row, col]
                if abs(value - round(want, 4)) > TOLERANCE:
                    print(f"check_demo_logits: logits[{row}][{col}] printed {value}, XLA's is {want:.6f}", file=sys.stderr)
                    return 1
            rows += 1
    if rows == 0:
        print(f"check_demo_logits: no `logits[R] = ...` line in {driver_output}", file=sys.stderr)
        return 1
    print(f"the linked binary's {rows} printed rows of logits match XLA CPU's")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
