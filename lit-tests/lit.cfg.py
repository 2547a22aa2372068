# -*- Python -*-
# lit configuration of the project's test suite (MLIR conventions; see README.md,
# "Writing a lit test").
#
# RUN lines call the project's tools (`xla-opt`, `xla-run`, `xla-aotc`) and LLVM's
# `FileCheck` and `not` by name. Where they come from:
#   tools:  --param tools_dir=DIR, else $XLA_TOOLS_DIR, else <repo>/target/debug
#           (`cargo test` passes the directory of the very xla-opt it built; see
#           tools/tests/lit.rs).
#   LLVM:   --param llvm_tools_dir=DIR, else $LLVM_TOOLS_DIR, else /usr/lib/llvm-22/bin.
# Test outputs (%t) go under --param exec_root=DIR, else <repo>/target/lit, never into
# the source tree.
#
# %xla_runtime_lib is the libxla_runtime.a built from this checkout, which C programs
# link with objects from xla-aotc: <tools>/libxla_runtime.a when `cargo build -p
# xla-runtime` put it there, else the newest <tools>/deps/libxla_runtime-<hash>.a that
# building xla-tools (which depends on xla-runtime) leaves, recognized by the
# "xla-runtime built from <repo>/runtime" marker the library carries, since a target
# directory may hold libraries of other checkouts.

import glob
import mmap
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

for tool, where in [("xla-opt", tools_dir), ("xla-run", tools_dir), ("xla-aotc", tools_dir), ("FileCheck", llvm_tools_dir), ("not", llvm_tools_dir)]:
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


def runtime_library():
    """The libxla_runtime.a built from this checkout, or None."""
    marker = f"xla-runtime built from {os.path.join(repo_root, 'runtime')}\n".encode()
    candidates = [os.path.join(tools_dir, "libxla_runtime.a")]
    candidates += glob.glob(os.path.join(tools_dir, "deps", "libxla_runtime-*.a"))
    candidates = sorted((c for c in candidates if os.path.isfile(c)), key=os.path.getmtime, reverse=True)
    for candidate in candidates:
        with open(candidate, "rb") as library, mmap.mmap(library.fileno(), 0, access=mmap.ACCESS_READ) as data:
            if data.find(marker) >= 0:
                return candidate
    return None


runtime_lib = runtime_library()
if runtime_lib is None:
    lit_config.fatal(
        f"libxla_runtime.a built from {repo_root} not found in {tools_dir} or its deps/; "
        "build the tools (`cargo build -p xla-tools`, which builds it) or pass --param tools_dir="
    )
config.substitutions.append(("%xla_runtime_lib", f'"{runtime_lib}"'))
# The tools' directory, for scripts that run them by path (scripts/reliability.py).
config.substitutions.append(("%xla_tools_dir", f'"{tools_dir}"'))
# The shared benchmark corpus beside the checkout (or $XLA_CORPUS_DIR); tests that use it
# fail without it, as the cargo tests do.
corpus_dir = os.environ.get("XLA_CORPUS_DIR") or os.path.normpath(os.path.join(repo_root, "..", "shared", "corpus", "public"))
config.substitutions.append(("%xla_corpus_dir", f'"{corpus_dir}"'))
config.substitutions.append(("%xla_runtime_include", f'"{os.path.join(repo_root, "runtime", "include")}"'))

# `REQUIRES: mlir`: the tools were built with upstream MLIR (`--features mlir`, as `make
# test` builds them), so `xla-opt --emit=mlir-upstream`, `--upstream-input` and `xla-run
# --backend=mlir` work; `mlir-opt` is LLVM 22's, from llvm_tools_dir. With
# `--param require_mlir=1` tools without MLIR are a fatal error instead.
import subprocess

probe = subprocess.run(
    [os.path.join(tools_dir, "xla-opt"), "-", "--emit=mlir-upstream"], input="module {}\n", capture_output=True, text=True
)
if probe.returncode == 0:
    config.available_features.add("mlir")
elif lit_config.params.get("require_mlir") == "1":
    # `make test` builds the tools with MLIR (tools/tests/lit.rs passes this parameter
    # then): a `REQUIRES: mlir` test must run there, never turn UNSUPPORTED.
    lit_config.fatal(
        f"require_mlir=1, but {os.path.join(tools_dir, 'xla-opt')} was built without upstream MLIR "
        f"(--emit=mlir-upstream failed: {probe.stderr.strip()[:200]})"
    )

# Deterministic diagnostics and no colour in FileCheck'd output.
config.environment["NO_COLOR"] = "1"

lit_config.note(f"tools from {tools_dir}; FileCheck and not from {llvm_tools_dir}")
