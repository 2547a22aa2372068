"""Writes stand-in xla-opt, xla-aotc and xla-run into DIR/{panic,crash,hang,unlocated}:
each set accepts everything but for one tool, which panics, crashes, hangs or rejects
without a location; and DIR/programs/p.stablehlo.mlir to mutate."""

import os
import stat
import sys

ACCEPT = "#!/bin/sh\nexit 0\n"
BROKEN = {
    "panic": ("xla-aotc", '#!/bin/sh\necho "thread main panicked at x.rs:1:1" >&2\nexit 101\n'),
    "crash": ("xla-run", "#!/bin/sh\nkill -SEGV $$\n"),
    "hang": ("xla-opt", "#!/bin/sh\nsleep 30\n"),
    "unlocated": ("xla-opt", '#!/bin/sh\necho "error: something went wrong" >&2\nexit 1\n'),
}

root = sys.argv[1]
os.makedirs(os.path.join(root, "programs"), exist_ok=True)
with open(os.path.join(root, "programs", "p.stablehlo.mlir"), "w") as f:
    f.write("func.func @main() {\n  func.return\n}\n")
for kind, (broken_tool, broken_script) in BROKEN.items():
    os.makedirs(os.path.join(root, kind), exist_ok=True)
    for tool in ("xla-opt", "xla-aotc", "xla-run"):
        path = os.path.join(root, kind, tool)
        with open(path, "w") as f:
            f.write(broken_script if tool == broken_tool else ACCEPT)
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
