//! The writer of XLA HLO text from a module of `hlo` ops: [`write_hlo_text`], the inverse
//! of `crate::hlo_text::parse_hlo_text` (`xla-opt --emit=hlo-text`).
//!
//! What it writes, as XLA's own printer does (see the corpus files `NAME.hlo`):
//!
//! ```
//! let mut ctx = xla_ir::Context::new();
//! xla_dialects::register_all(&mut ctx);
//! let mlir = r#"module @jit_f {
//!   func.func @main(%x: tensor<2x3xf32>) -> tensor<2xf32> {
//!     %zero = hlo.constant dense<0.0> : tensor<f32>
//!     %0 = hlo.reduce(%x init: %zero) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
//!     ^bb0(%a: tensor<f32>, %b: tensor<f32>):
//!       %s = hlo.add %a, %b : tensor<f32>
//!       hlo.return %s : tensor<f32>
//!     }
//!     return %0 : tensor<2xf32>
//!   }
//! }"#;
//! let module = xla_ir::parser::parse_source(&ctx, "f.mlir", mlir, 1).expect("parses");
//! let text = xla_import::hlo_writer::write_hlo_text(&module.body, module.op).expect("writes");
//! assert_eq!(text, "\
//! HloModule jit_f, entry_computation_layout={(f32[2,3]{1,0})->f32[2]{0}}
//!
//! reduce_body.3 {
//!   Arg_0.4 = f32[] parameter(0)
//!   Arg_1.5 = f32[] parameter(1)
//!   ROOT add.6 = f32[] add(Arg_0.4, Arg_1.5)
//! }
//!
//! ENTRY main {
//!   Arg_0.1 = f32[2,3]{1,0} parameter(0)
//!   constant.2 = f32[] constant(0)
//!   ROOT reduce.7 = f32[2]{0} reduce(Arg_0.1, constant.2), dimensions={1}, to_apply=reduce_body.3
//! }
//! ");
//! ```
//!
//! - Structure (`module.rs`): each `func.func` is a computation named after it; `main` (else
//!   the only public function) is the `ENTRY`; `func.call` and `hlo.call` are
//!   `call(...), to_apply=f`; each region of `reduce`, `reduce_window`, `select_and_scatter`,
//!   `scatter`, `sort`, `map`, `while`, `conditional`, `all_reduce` and `reduce_scatter` is a
//!   computation named after the op and region, unless it equals a function of the module
//!   (`sharing.rs`), whose computation it then names. Callees are printed before callers.
//! - Values (`computation.rs`): block arguments are `parameter(i)`; an op with other than one
//!   result is one tuple-shaped instruction followed by a `get-tuple-element` per result; a
//!   function or region returning other than one value has a `tuple` ROOT.
//! - Shapes (`shape.rs`) carry layouts (the type's, or major-to-minor), `<=N` bounds, `?`,
//!   `token[]` and tuples; literals (`literal.rs`) print every element exactly, NaN, infinities,
//!   `bf16`/`f16`/f8 and complex numbers included; attributes (`attrs.rs`) use XLA's syntax.
//! - Ops (`ops/`) map one to one onto XLA's opcodes, except these spellings of their own:
//!   implicit broadcasting of binary ops is written as explicit `broadcast`s;
//!   `hlo.broadcast` and `hlo.broadcast_in_dim` are `broadcast` (with a `reshape` first when
//!   size-1 dimensions expand); `hlo.collapse` is `reshape`; `hlo.dot` is `dot` contracting
//!   the last `lhs` dimension with the first `rhs` one; `hlo.while` and
//!   `hlo.optimization_barrier` of several values and `infeed`/`outfeed`/`send`/`recv` of
//!   several data values carry a tuple; `hlo.send`/`hlo.recv` are `send`+`send-done` and
//!   `recv`+`recv-done`; `hlo.compare`'s `NOTYPE` is left out; values that the regions of
//!   `while` and `conditional` use from outside them are passed in (as further loop state,
//!   or with the branch operand in a tuple), and constants from outside any region are
//!   written again inside it, since HLO computations cannot capture; the check ops are
//!   `custom-call`s to `check.expect_*` with their options in `backend_config` (the
//!   canonicalization `custom-call-to-check` reads them back; the `_const` forms pass their
//!   literal as a `constant`).
//! - Located errors, never guesses: ops of other dialects; `hlo.all_to_all` whose split and
//!   concat dimensions differ; `hlo.pad` of a 0-d tensor; regions of other ops (`reduce`,
//!   `sort`, ...) that use non-constant values defined outside them; regions of several
//!   blocks; recursive calls and calls of the entry function; function declarations; types
//!   with no HLO shape (unranked tensors, `index`, `tf32`, integer widths other than 1, 2,
//!   4, 8, 16, 32, 64, padded layouts); convolutions with dynamic kernel windows or more
//!   than 10 spatial dimensions (which `dim_labels` cannot write).
//!
//! Invariant: the output follows XLA's HLO text grammar (`xla/hlo/parser/hlo_parser.cc`), so
//! that the reader in `crate::hlo_text` (and XLA's own parser) reads it back to the same
//! computations; writing never panics on any module, verified or not.

mod attrs;
mod computation;
mod literal;
mod module;
mod names;
mod ops;
mod shape;
mod sharing;

use xla_ir::{Body, Diagnostic, OpId};

/// The XLA HLO text of `module`, a `builtin.module` of `func.func`s holding `hlo` ops (and
/// check ops); an op that has no HLO form is an error at its location.
pub fn write_hlo_text(body: &Body, module: OpId) -> Result<String, Diagnostic> {
    module::ModuleWriter::new(body).write(module)
}
