# Two entry points:
#   make demo   set up, build the tools and the runtime, compile the bundled JAX-exported MLP
#               ahead of time with xla-aotc, link it with examples/mlp_driver.c, run it and
#               check the logits it prints against XLA CPU's
#   make test   set up, then `cargo test --workspace --no-fail-fast --features xla-tools/mlir`
#               (every test binary runs even when one fails), which also runs the lit suite
#               (with the tools built with upstream MLIR, see mlir/)
# Everything else here is a helper of those two (or of a developer iterating on lit tests).
#
# Profile: both use cargo's dev profile. `cargo test` builds dev anyway, so the demo reuses
# the test build (and vice versa) instead of compiling the whole dependency tree a second
# time with optimizations; dependencies are already built at opt-level 1
# ([profile.dev.package."*"]), and code generation runs in the prebuilt, optimized LLVM
# libraries, so a release build would buy the demo little and cost minutes on 2 cores.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := demo

CARGO      ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
TOOLS_DIR  := $(TARGET_DIR)/debug
# The tools of `make test` and `make lit` link upstream MLIR (xla-mlir, ~200 MB per
# binary: xla-opt, xla-run and tools/tests/mlir.rs only); `make demo` does not need it.
MLIR_FEATURES := --features xla-tools/mlir
LIT        := .venv/bin/lit
# Written by tools/tests/lit.rs on every run of the lit suite under `cargo test`.
LIT_REPORT := $(TARGET_DIR)/tmp/lit/report.txt

# The demo: examples/mlp.stablehlo.mlir (a 2-layer MLP exported from JAX: x f32[16,64],
# weights and biases as arguments) compiled to an object and header by xla-aotc, linked with
# the C driver examples/mlp_driver.c and libxla_runtime.a, run on the inputs JAX exported
# with it, and checked against XLA CPU's outputs.
DEMO_NAME     := mlp
DEMO_INPUT    := examples/$(DEMO_NAME).stablehlo.mlir
DEMO_OUT      := $(TARGET_DIR)/demo
PYTHON        := .venv/bin/python

.PHONY: demo test setup build-tools demo-run lit compare

demo: setup build-tools demo-run

test: setup
	@rm -f $(LIT_REPORT)
	$(CARGO) test --workspace --no-fail-fast $(MLIR_FEATURES)
	@echo
	@echo "== lit summary (full report: $(LIT_REPORT))"
	@sed -n '/^Testing Time/,$$p' $(LIT_REPORT)

# ---- helpers -----------------------------------------------------------------------------

setup:
	@scripts/setup.sh

build-tools:
	$(CARGO) build -p xla-tools -p xla-runtime

demo-run:
	@mkdir -p $(DEMO_OUT)
	@echo "== xla-aotc $(DEMO_INPUT) -o $(DEMO_OUT)/$(DEMO_NAME).o --header $(DEMO_OUT)/$(DEMO_NAME).h --name $(DEMO_NAME)"
	@$(TOOLS_DIR)/xla-aotc $(DEMO_INPUT) -o $(DEMO_OUT)/$(DEMO_NAME).o --header $(DEMO_OUT)/$(DEMO_NAME).h --name $(DEMO_NAME)
	@echo "== cc examples/mlp_driver.c $(DEMO_NAME).o libxla_runtime.a -lm -lpthread -ldl"
	@cc -O2 -std=c11 -Wall -Werror -I $(DEMO_OUT) examples/mlp_driver.c $(DEMO_OUT)/$(DEMO_NAME).o \
	    $(TOOLS_DIR)/libxla_runtime.a -lm -lpthread -ldl -o $(DEMO_OUT)/$(DEMO_NAME)
	@$(PYTHON) -c 'import numpy as np; d = np.load("examples/$(DEMO_NAME).inputs.npz"); \
	    [d[k].tofile("$(DEMO_OUT)/" + k + ".bin") for k in d.files]'
	@echo "== $(DEMO_OUT)/$(DEMO_NAME) (the compiled MLP on JAX's inputs)"
	@$(DEMO_OUT)/$(DEMO_NAME) $(foreach i,0 1 2 3 4,$(DEMO_OUT)/arg$(i).bin) | tee $(DEMO_OUT)/$(DEMO_NAME).stdout
	@echo "== XLA CPU's outputs for the same inputs"
	@$(PYTHON) -c 'import numpy as np; y = np.load("examples/$(DEMO_NAME).expected.npz")["out0"]; \
	    [print(f"logits[{r}] =" + "".join(f" {v:8.4f}" for v in y[r])) for r in range(3)]'
	@$(PYTHON) scripts/check_demo_logits.py $(DEMO_OUT)/$(DEMO_NAME).stdout examples/$(DEMO_NAME).expected.npz
	@echo "== xla-run $(DEMO_INPUT) --check examples/$(DEMO_NAME).expected.npz (every output)"
	@$(TOOLS_DIR)/xla-run $(DEMO_INPUT) --input examples/$(DEMO_NAME).inputs.npz \
	    --check examples/$(DEMO_NAME).expected.npz --max-ulps 64 --atol 1e-5 > /dev/null && echo "matches XLA CPU"

# Iterate on lit tests without the rest of `cargo test`: make lit LIT_PATHS=lit-tests/tools
LIT_PATHS ?= lit-tests
lit: setup
	$(CARGO) build -p xla-tools -p xla-runtime $(MLIR_FEATURES)
	$(LIT) -sv --param=tools_dir=$(TOOLS_DIR) $(LIT_PATHS)

# This compiler side by side with XLA CPU, numpy, the STREAM triad and the f32 peak
# (bench/README.md): builds xla-run, xla-aotc, stream_triad and fma_peak, exports the bench
# programs and models into target/bench-programs whenever its manifest is not the
# committed one, and runs bench/compare.py over them and the shared corpus.
# make compare COMPARE_FLAGS="--markdown --budget 2"
COMPARE_FLAGS ?=
compare:
	$(CARGO) build -p xla-tools --bins
	$(CARGO) build -p xla-bench --bin stream_triad --bin fma_peak
	@cmp -s bench/programs/manifest.json target/bench-programs/manifest.json || .venv-fixtures/bin/python bench/make_programs.py
	.venv-fixtures/bin/python bench/compare.py --xla-run $(TOOLS_DIR)/xla-run --triad $(TOOLS_DIR)/stream_triad --peak $(TOOLS_DIR)/fma_peak $(COMPARE_FLAGS)
