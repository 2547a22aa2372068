#!/usr/bin/env bash
# Installs what building and testing need, once: LLVM/MLIR 22 from apt (Debian 12, as root)
# and a Python venv (.venv) with lit and numpy. Idempotent and silent when everything is
# already there, so `make demo` and `make test` run it every time. No stdin needed.
#
# Environment: SETUP_VERBOSE=1 to say what was checked.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export DEBIAN_FRONTEND=noninteractive
# gcc and g++: xla-run links compiled code with `cc -shared`, the demo and the C ABI
# tests compile C and C++ drivers.
APT_PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libpolly-22-dev
              libzstd-dev zlib1g-dev libclang1-22 libclang-common-22-dev gcc g++)
PY_PACKAGES=(lit numpy)
LLVM_BIN=/usr/lib/llvm-22/bin

say() { if [[ "${SETUP_VERBOSE:-0}" == 1 ]]; then echo "setup: $*"; fi; }
note() { echo "setup: $*" >&2; }

# apt-get as root: directly when we are root, else through non-interactive sudo.
apt_install() {
    local as_root=()
    if [[ $(id -u) != 0 ]]; then
        command -v sudo >/dev/null || { note "need root to install $*"; exit 1; }
        as_root=(sudo -n)
    fi
    note "installing $* (apt)"
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" apt-get install -y -qq "$@" >/dev/null
}

# --- apt: LLVM/MLIR 22 ------------------------------------------------------------------
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
    if [[ "$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null)" != installed ]]; then
        missing+=("$pkg")
    fi
done
if ((${#missing[@]})); then
    apt_install "${missing[@]}"
else
    say "apt packages present"
fi
for tool in FileCheck not llvm-config; do
    [[ -x "$LLVM_BIN/$tool" ]] || { note "$LLVM_BIN/$tool missing after install"; exit 1; }
done

# --- Python venv: lit, numpy --------------------------------------------------------------
venv_ok() {
    [[ -x .venv/bin/python ]] && [[ -x .venv/bin/lit ]] &&
        .venv/bin/python -c 'import lit, numpy' 2>/dev/null
}
if ! venv_ok; then
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
        apt_install python3-venv
    fi
    if ! .venv/bin/python -c '' 2>/dev/null; then
        note "creating .venv"
        python3 -m venv --clear .venv # --clear: a venv whose interpreter has gone
    fi
    note "installing ${PY_PACKAGES[*]} into .venv (pip)"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "${PY_PACKAGES[@]}"
    venv_ok || { note ".venv is still missing lit or numpy"; exit 1; }
else
    say ".venv has lit and numpy"
fi
