# -*- Python -*-
# lit configuration of the project's test suite (MLIR conventions; see README.md,
# "Writing a lit test").
#
# RUN lines call the project's tools (`xla-opt`, `xla-run`, later `xla-aotc`) and LLVM's
# `FileCheck` and `not` by name. Where they come from:
#   tools:  --param tools_dir=DIR, else $XLA_TOOLS_DIR, else <repo>/target/debug
#           (`cargo test` passes the directory of the very xla-opt it built; see
#           tools/tests/lit.rs).
#   LLVM:   --param llvm_tools_dir=DIR, else $LLVM_TOOLS_DIR, else /usr/lib/llvm-22/bin.
# Test outputs (%t) go under --param exec_root=DIR, else <repo>/target/lit, never into
# the source tree.

import os
import sys

import lit.formats

config.name = "xla"
config.test_format = lit.formats.ShTest()
config.suffixes = [".mlir", ".hlo", ".txt"]
# Inputs/ hold files that RUN lines read; READMEs document a directory. Neither is a test.
config.excludes = ["Inputs", "README.md", "README.txt", "lit.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
repo_root = os.path.dirname(config.test_source_root)


def setting(param, env, default):
    """A path from --param, else the environment, else the default; made absolute."""
    value = lit_config.params.get(param) or os.environ.get(env) or default
    return os.path.abspath(value)


tools_dir = setting("tools_dir", "XLA_TOOLS_DIR", os.path.join(repo_root, "target", "debug"))
llvm_tools_dir = setting("llvm_tools_dir", "LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
config.test_exec_root = setting("exec_root", "XLA_LIT_EXEC_ROOT", os.path.join(repo_root, "target", "lit"))

for tool, where in [("xla-opt", tools_dir), ("xla-run", tools_dir), ("FileCheck", llvm_tools_dir), ("not", llvm_tools_dir)]:
    if not os.access(os.path.join(where, tool), os.X_OK):
        lit_config.fatal(
            f"{tool} not found in {where}; run `make test` (or scripts/setup.sh and "
            "`cargo build -p xla-tools`), or pass --param tools_dir=/llvm_tools_dir="
        )

# Our tools first, then LLVM 22's (FileCheck, not): never the LLVM 14 ones on the PATH.
config.environment["PATH"] = os.pathsep.join(
    [tools_dir, llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
# Fixtures written in Python (numpy inputs, expected outputs) run with lit's interpreter,
# the venv's, which has numpy.
config.substitutions.append(("%python", f'"{sys.executable}"'))
# Deterministic diagnostics and no colour in FileCheck'd output.
config.environment["NO_COLOR"] = "1"

lit_config.note(f"tools from {tools_dir}; FileCheck and not from {llvm_tools_dir}")
