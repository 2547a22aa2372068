# Two entry points:
#   make demo   set up, build xla-opt, run it on the bundled example and print the result
#   make test   set up, then `cargo test --workspace`, which also runs the lit suite
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
LIT        := .venv/bin/lit
# Written by tools/tests/lit.rs on every run of the lit suite under `cargo test`.
LIT_REPORT := $(TARGET_DIR)/tmp/lit/report.txt

# The demo: one input, one job. A later issue replaces demo-run with compile + run
# (xla-aotc to an object and header, link with libxla_runtime.a and examples' driver, run).
DEMO_INPUT    := examples/mlp.mlir
DEMO_PIPELINE := builtin.module(func.func(canonicalize,cse),dce)
DEMO_OUT      := $(TARGET_DIR)/demo

.PHONY: demo test setup build-tools demo-run lit

demo: setup build-tools demo-run

test: setup
	@rm -f $(LIT_REPORT)
	$(CARGO) test --workspace
	@echo
	@echo "== lit summary (full report: $(LIT_REPORT))"
	@sed -n '/^Testing Time/,$$p' $(LIT_REPORT)

# ---- helpers -----------------------------------------------------------------------------

setup:
	@scripts/setup.sh

build-tools:
	$(CARGO) build -p xla-tools --bin xla-opt

demo-run:
	@mkdir -p $(DEMO_OUT)
	@echo "== xla-opt $(DEMO_INPUT) --pass-pipeline='$(DEMO_PIPELINE)'"
	@$(TOOLS_DIR)/xla-opt $(DEMO_INPUT) --pass-pipeline='$(DEMO_PIPELINE)' > $(DEMO_OUT)/mlp.opt.mlir
	@cat $(DEMO_OUT)/mlp.opt.mlir
	@echo "== written to $(DEMO_OUT)/mlp.opt.mlir"

# Iterate on lit tests without the rest of `cargo test`: make lit LIT_PATHS=lit-tests/tools
LIT_PATHS ?= lit-tests
lit: setup build-tools
	$(LIT) -sv --param=tools_dir=$(TOOLS_DIR) $(LIT_PATHS)
