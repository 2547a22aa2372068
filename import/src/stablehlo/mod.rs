//! The reader of StableHLO text, as `jax.jit(f).lower(...).as_text()` prints it, into the
//! `hlo` dialect.
//!
//! How it works (the MLIR way, on this IR):
//! 1. [`register`] adds two parse-only dialects, `stablehlo` and `chlo`, whose op
//!    definitions carry `parse` hooks for StableHLO's pretty syntax
//!    (`stablehlo.compare GT, %a, %b, FLOAT : ...`, `stablehlo.reduce(%x init: %c) applies
//!    stablehlo.add across dimensions = [1] : ...`, `stablehlo.while(%iterArg = %x) ...`).
//!    Most hooks finish the job themselves: they rename the op state to its `hlo`
//!    equivalent and translate StableHLO's attributes into the hlo dialect's flat ones
//!    (`contracting_dims = [1] x [0]` becomes `lhs_contracting_dims`/`rhs_contracting_dims`).
//! 2. MLIR's generic form (`"stablehlo.gather"(%x, %i) <{dimension_numbers =
//!    #stablehlo.gather<...>}> ...`) reaches no hook; neither do the ops a hook cannot finish
//!    alone (chlo ops that expand into several hlo ops, `case`/`if` with captured values).
//!    [`legalize`] converts every such op after parsing, reading the text of StableHLO's
//!    dialect attributes (kept opaque by the IR) with [`attr_text`].
//! 3. The result is verified with `xla_ir::verifier::verify`.
//!
//! Invariants: the reader never panics; every error is one located diagnostic
//! (`file:line:col`, what was expected, what was found). A module it returns holds only
//! `builtin`, `func`, `hlo` and `check` operations, and verifies. Tokens
//! (`!stablehlo.token`) become `!hlo.token` everywhere, in function signatures too.
//!
//! One file per concept or op family: [`dialect`] (the op tables, from which the kind
//! enums [`StablehloOpKind`] and [`ChloOpKind`] and the dialects are generated), [`syntax`] and
//! [`attr_text`] (shared reading), [`elementwise`], [`shape_ops`], [`dot_conv`],
//! [`reduce`], [`gather_scatter`], [`control_flow`], [`calls`], [`misc_ops`], [`chlo`]
//! (expansions, the complex trigonometric ones in `chlo::complex_trig`), [`complex_math`]
//! (complex exp/log/log1p/sqrt as XLA writes them, and the helpers on complex parts both
//! share) and [`legalize`] (the pass over what the hooks left).

pub(crate) mod attr_text;
pub(crate) mod calls;
pub(crate) mod chlo;
pub(crate) mod complex_math;
pub(crate) mod control_flow;
pub(crate) mod dialect;
pub(crate) mod dot_conv;
pub(crate) mod dynamic_ops;
pub(crate) mod elementwise;
pub(crate) mod gather_scatter;
pub(crate) mod legalize;
pub(crate) mod misc_ops;
pub(crate) mod reduce;
pub(crate) mod shape_ops;
pub(crate) mod syntax;

pub use dialect::{ChloOpKind, StablehloOpKind};

use xla_ir::parser::{parse_source, Module};
use xla_ir::{Context, Diagnostic};

/// Registers the parse-only `stablehlo` and `chlo` dialects (and, so that a caller needs
/// one call, the dialects the reader produces: builtin, func and hlo).
pub fn register(ctx: &mut Context) {
    xla_dialects::register_all(ctx);
    ctx.register_dialect(&dialect::STABLEHLO_DIALECT);
    ctx.register_dialect(&dialect::CHLO_DIALECT);
}

/// Converts what the parse hooks left (generic-form `stablehlo` ops, `case`/`if`, chlo ops)
/// into hlo ops, and, when `text` is StableHLO (it names `stablehlo.` or `chlo.` ops), gives
/// mixed-precision dots and convolutions the converts hlo needs. For callers that parse
/// themselves (`xla-opt`, which keeps the line numbers of split inputs and verifies on its
/// own); on hlo input it changes nothing.
pub fn legalize_module(body: &mut xla_ir::Body, module: xla_ir::OpId, text: &str) -> Result<(), Diagnostic> {
    legalize::legalize(body, module, is_stablehlo_text(text))
}

/// Whether `text` names StableHLO or chlo operations.
pub fn is_stablehlo_text(text: &str) -> bool {
    text.contains("stablehlo.") || text.contains("chlo.")
}

/// Reads StableHLO text (the contents of `file`) into a module of `func.func`s holding hlo
/// ops. `ctx` must have been prepared with [`register`].
pub fn parse_stablehlo<'c>(ctx: &'c Context, file: &str, text: &str) -> Result<Module<'c>, Diagnostic> {
    if ctx.dialect(dialect::STABLEHLO_DIALECT.name).is_none() {
        return Err(Diagnostic::error(
            ctx.file_loc(file, 1, 1),
            "the StableHLO reader needs its dialects: call xla_import::stablehlo::register first",
        ));
    }
    let mut module = parse_source(ctx, file, text, 1)?;
    legalize::legalize(&mut module.body, module.op, true)?;
    xla_ir::verifier::verify(&module.body, module.op).map_err(|errors| {
        let mut errors = errors.into_iter();
        let first = errors.next().unwrap_or_else(|| Diagnostic::error(ctx.file_loc(file, 1, 1), "verification failed"));
        errors.fold(first, |d, e| d.with_note(e.location, e.message))
    })?;
    Ok(module)
}

