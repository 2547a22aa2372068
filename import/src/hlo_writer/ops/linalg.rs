//! Linear algebra: `dot` (for both `hlo.dot` and `hlo.dot_general`), `fft`, `cholesky`,
//! `triangular-solve` and the `batch-norm-*` instructions.
//!
//! `hlo.dot` is XLA's client `Dot`, which XLA's HLO writes as a `dot` contracting the last
//! dimension of `lhs` with the first of `rhs`: `lhs_contracting_dims={1},
//! rhs_contracting_dims={0}` for matrices.

use xla_dialects::hlo::{CholeskyOp, DotGeneralOp, DotOp, FftOp, HloOpKind, Precision, TriangularSolveOp};
use xla_ir::{Diagnostic, FloatKind, Op, OpId};

use crate::hlo_writer::attrs::braced;
use crate::hlo_writer::computation::Computation;
use crate::hlo_writer::literal::float_text;
use crate::hlo_writer::module::ModuleWriter;
use crate::opcode_spelling::opcode_of;

impl ModuleWriter<'_, '_> {
    /// `hlo.dot` as `dot(lhs, rhs), lhs_contracting_dims={rank-1}, rhs_contracting_dims={0}`.
    pub(super) fn dot(&mut self, comp: &mut Computation, dot: DotOp) -> Result<(), Diagnostic> {
        let op = dot.id();
        let Some(&lhs) = self.body.op(op).operands.first() else {
            return Err(self.error(op, "needs two operands"));
        };
        let rank = self.tensor_of(lhs, op)?.dims.len() as i64;
        let mut attrs = vec![format!("lhs_contracting_dims={{{}}}", (rank - 1).max(0)), "rhs_contracting_dims={0}".to_string()];
        attrs.extend(operand_precision(dot.precision_config(self.body)));
        self.same_operands(comp, op, &opcode_of(HloOpKind::Dot), attrs)
    }

    /// `dot(lhs, rhs), lhs_batch_dims=.., lhs_contracting_dims=.., rhs_batch_dims=..,
    /// rhs_contracting_dims=..` (batch dimensions written when there are some).
    pub(super) fn dot_general(&mut self, comp: &mut Computation, dot: DotGeneralOp) -> Result<(), Diagnostic> {
        let body = self.body;
        let mut attrs = Vec::new();
        let sides = [
            ("lhs", dot.lhs_batching_dims(body), dot.lhs_contracting_dims(body)),
            ("rhs", dot.rhs_batching_dims(body), dot.rhs_contracting_dims(body)),
        ];
        for (side, batch, contracting) in sides {
            if !batch.is_empty() {
                attrs.push(format!("{side}_batch_dims={}", braced(batch)));
            }
            attrs.push(format!("{side}_contracting_dims={}", braced(contracting)));
        }
        attrs.extend(operand_precision(dot.precision_config(body)));
        // XLA writes every dot as `dot`: it has no opcode of `dot_general`'s name.
        self.same_operands(comp, dot.id(), &opcode_of(HloOpKind::Dot), attrs)
    }

    /// `fft(x), fft_type=T, fft_length={...}`.
    pub(super) fn fft(&mut self, comp: &mut Computation, fft: FftOp) -> Result<(), Diagnostic> {
        let ty = fft.fft_type(self.body).name();
        let length = braced(fft.fft_length(self.body));
        self.same_operands(comp, fft.id(), &opcode_of(HloOpKind::Fft), vec![format!("fft_type={ty}"), format!("fft_length={length}")])
    }

    /// `cholesky(a), lower=b`.
    pub(super) fn cholesky(&mut self, comp: &mut Computation, cholesky: CholeskyOp) -> Result<(), Diagnostic> {
        let lower = cholesky.lower(self.body);
        self.same_operands(comp, cholesky.id(), &opcode_of(HloOpKind::Cholesky), vec![format!("lower={lower}")])
    }

    /// `triangular-solve(a, b), left_side=.., lower=.., unit_diagonal=.., transpose_a=..`.
    pub(super) fn triangular_solve(&mut self, comp: &mut Computation, solve: TriangularSolveOp) -> Result<(), Diagnostic> {
        let body = self.body;
        let attrs = vec![
            format!("left_side={}", solve.left_side(body)),
            format!("lower={}", solve.lower(body)),
            format!("unit_diagonal={}", solve.unit_diagonal(body)),
            format!("transpose_a={}", solve.transpose_a(body).name()),
        ];
        self.same_operands(comp, solve.id(), &opcode_of(HloOpKind::TriangularSolve), attrs)
    }

    /// `batch-norm-*(operands...), epsilon=e, feature_index=i` of `op` of `kind`; the
    /// training and gradient forms return a tuple of their three results.
    pub(super) fn batch_norm(
        &mut self,
        comp: &mut Computation,
        op: OpId,
        kind: HloOpKind,
        epsilon: f32,
        feature_index: i64,
    ) -> Result<(), Diagnostic> {
        let epsilon = float_text(FloatKind::F32, u64::from(epsilon.to_bits()));
        self.same_operands(comp, op, &opcode_of(kind), vec![format!("epsilon={epsilon}"), format!("feature_index={feature_index}")])
    }
}

/// `operand_precision={high,default}` when `precision_config` names a precision other than
/// the default (XLA writes them in lower case).
pub(super) fn operand_precision(precision_config: Option<Vec<Precision>>) -> Option<String> {
    let precisions = precision_config?;
    if precisions.iter().all(|p| *p == Precision::Default) {
        return None;
    }
    let lower: Vec<String> = precisions.iter().map(|p| p.name().to_ascii_lowercase()).collect();
    Some(format!("operand_precision={{{}}}", lower.join(",")))
}
