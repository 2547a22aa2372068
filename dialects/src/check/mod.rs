//! The `check` dialect: assertions a test program makes about its own values, as StableHLO's
//! interpreter has them (`check.expect_eq`, `check.expect_eq_const`,
//! `check.expect_almost_eq`, `check.expect_almost_eq_const`, `check.expect_close`).
//!
//! A check op has operands and no results; it has an effect (a failed check fails the run),
//! so it is not `Pure` and no pass removes or merges it. The interpreter and compiled code
//! evaluate checks; this dialect only declares them and verifies their types:
//!
//! - [`expect_eq`]: exact equality of two tensors, or of a tensor and a literal;
//! - [`expect_almost_eq`]: floating-point equality within an absolute tolerance;
//! - [`expect_close`]: floating-point closeness in units in the last place;
//! - [`expect_serialized_eq`]: exact equality with a value `interpreter.probe` recorded;
//! - [`custom_call_spelling`]: the canonicalization that turns
//!   `hlo.custom_call @check.expect_eq(%a, %b)` (how JAX and StableHLO test files spell
//!   checks) into the check op;
//! - [`forms`]: the custom forms the check ops share;
//! - [`verify`]: the verifiers the ops share.
//!
//! Invariant: every check op's operands have one type (and a literal has that type too), so
//! an evaluator compares element by element without broadcasting or converting.

pub mod custom_call_spelling;
pub mod expect_almost_eq;
pub mod expect_close;
pub mod expect_eq;
pub mod expect_serialized_eq;
pub mod forms;
pub mod verify;

pub use custom_call_spelling::{check_options, spelled_check, spelled_options, CustomCallToCheck, CUSTOM_CALL_TO_CHECK};
pub use expect_almost_eq::{ExpectAlmostEqConstOp, ExpectAlmostEqOp, DEFAULT_TOLERANCE};
pub use expect_close::{ExpectCloseOp, DEFAULT_MAX_ULP_DIFFERENCE};
pub use expect_eq::{ExpectEqConstOp, ExpectEqOp};
pub use expect_serialized_eq::ExpectSerializedEqOp;


xla_ir::dialect! {
    /// Every op of the `check` dialect, with its typed view.
    pub enum CheckOp, kinds CheckOpKind;
    /// The `check` dialect.
    pub static CHECK_DIALECT = "check", "Assertions a test program makes about its own values, as StableHLO's interpreter has them.", materialize_constant: None;
    ops {
        ExpectEq(ExpectEqOp),
        ExpectEqConst(ExpectEqConstOp),
        ExpectAlmostEq(ExpectAlmostEqOp),
        ExpectAlmostEqConst(ExpectAlmostEqConstOp),
        ExpectClose(ExpectCloseOp),
        ExpectSerializedEq(ExpectSerializedEqOp),
    }
}
