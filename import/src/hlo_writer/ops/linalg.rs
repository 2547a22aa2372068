//! Linear algebra: `dot` (for both `hlo.dot` and `hlo.dot_general`), `fft`, `cholesky`,
//! `triangular-solve` and the `batch-norm-*` instructions.
//!
//! `hlo.dot` is XLA's client `Dot`, which XLA's HLO writes as a `dot` contracting the last
//! dimension of `lhs` with the first of `rhs`: `lhs_contracting_dims={1},
//! rhs_contracting_dims={0}` for matrices.

use xla_ir::{Diagnostic, FloatKind, OpId};

use crate::hlo_writer::attrs::braced;
use crate::hlo_writer::computation::Computation;
use crate::hlo_writer::literal::float_text;
use crate::hlo_writer::module::ModuleWriter;

impl ModuleWriter<'_, '_> {
    /// `hlo.dot` as `dot(lhs, rhs), lhs_contracting_dims={rank-1}, rhs_contracting_dims={0}`.
    pub(super) fn dot(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let Some(&lhs) = self.body.op(op).operands.first() else {
            return Err(self.error(op, "needs two operands"));
        };
        let rank = self.tensor_of(lhs, op)?.dims.len() as i64;
        let mut attrs = vec![format!("lhs_contracting_dims={{{}}}", (rank - 1).max(0)), "rhs_contracting_dims={0}".to_string()];
        attrs.extend(self.operand_precision(op));
        self.same_operands(comp, op, "dot", attrs)
    }

    /// `dot(lhs, rhs), lhs_batch_dims=.., lhs_contracting_dims=.., rhs_batch_dims=..,
    /// rhs_contracting_dims=..` (batch dimensions written when there are some).
    pub(super) fn dot_general(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let mut attrs = Vec::new();
        for side in ["lhs", "rhs"] {
            let batch = self.required_ints(op, &format!("{side}_batching_dims"))?;
            if !batch.is_empty() {
                attrs.push(format!("{side}_batch_dims={}", braced(batch)));
            }
            attrs.push(self.braced_attr(op, &format!("{side}_contracting_dims"), &format!("{side}_contracting_dims"))?);
        }
        attrs.extend(self.operand_precision(op));
        self.same_operands(comp, op, "dot", attrs)
    }

    /// `fft(x), fft_type=T, fft_length={...}`.
    pub(super) fn fft(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let ty = self.attrs(op).string("fft_type").ok_or_else(|| self.error(op, "requires attribute 'fft_type'"))?;
        let length = self.braced_attr(op, "fft_length", "fft_length")?;
        self.same_operands(comp, op, "fft", vec![format!("fft_type={ty}"), length])
    }

    /// `cholesky(a), lower=b`.
    pub(super) fn cholesky(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let lower = self.required_bool(op, "lower")?;
        self.same_operands(comp, op, "cholesky", vec![format!("lower={lower}")])
    }

    /// `triangular-solve(a, b), left_side=.., lower=.., unit_diagonal=.., transpose_a=..`.
    pub(super) fn triangular_solve(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let mut attrs = Vec::new();
        for name in ["left_side", "lower", "unit_diagonal"] {
            attrs.push(format!("{name}={}", self.required_bool(op, name)?));
        }
        let transpose = self.attrs(op).string("transpose_a").ok_or_else(|| self.error(op, "requires attribute 'transpose_a'"))?;
        attrs.push(format!("transpose_a={transpose}"));
        self.same_operands(comp, op, "triangular-solve", attrs)
    }

    /// `batch-norm-*(operands...), epsilon=e, feature_index=i`; the training and gradient
    /// forms return a tuple of their three results.
    pub(super) fn batch_norm(&mut self, comp: &mut Computation, op: OpId, opcode: &str) -> Result<(), Diagnostic> {
        let epsilon = self.attrs(op).float("epsilon").ok_or_else(|| self.error(op, "requires float attribute 'epsilon'"))?;
        let feature_index = self.required_int(op, "feature_index")?;
        let epsilon = float_text(FloatKind::F32, u64::from((epsilon as f32).to_bits()));
        self.same_operands(comp, op, opcode, vec![format!("epsilon={epsilon}"), format!("feature_index={feature_index}")])
    }

    /// A required bool attribute, or a located error.
    pub(crate) fn required_bool(&self, op: OpId, name: &str) -> Result<bool, Diagnostic> {
        self.attrs(op).bool(name).ok_or_else(|| self.error(op, format!("requires bool attribute '{name}'")))
    }
}
