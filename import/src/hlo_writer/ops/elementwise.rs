//! Elementwise ops, constants and iota: `add(a, b)`, `compare(a, b), direction=LT`,
//! `constant({1, 2})`, `iota(), iota_dimension=0`, `reduce-precision(x), exponent_bits=5,
//! mantissa_bits=10`. Opcodes are spelled by [`crate::opcode_spelling`]: the op names with
//! `_` as `-` (`shift-right-logical`), or XLA's own spelling (`convert`).
//!
//! XLA's binary instructions take operands of the result's shape; the hlo dialect's implicit
//! broadcasting (scalars, size-1 dimensions, `broadcast_dimensions`) is written as explicit
//! `broadcast`s of the operands that need one, as XLA's client library builds them.

use xla_dialects::hlo::{CompareOp, ComparisonType, ConstantOp, HloOpKind, IotaOp, ReducePrecisionOp};
use xla_ir::constraints::I64ArrayAttr;
use xla_ir::op_support::optional_attr;
use xla_ir::{Diagnostic, Op, OpId};

use crate::hlo_writer::computation::{Computation, Inst};
use crate::hlo_writer::literal::literal_text;
use crate::hlo_writer::module::ModuleWriter;
use crate::opcode_spelling::opcode_of;

impl ModuleWriter<'_, '_> {
    /// `opcode(x)`.
    pub(super) fn unary(&mut self, comp: &mut Computation, op: OpId, opcode: &str) -> Result<(), Diagnostic> {
        self.same_operands(comp, op, opcode, Vec::new())
    }

    /// `opcode(lhs, rhs), attrs`, broadcasting each operand to the result's dimensions first
    /// when its own differ.
    pub(super) fn binary(&mut self, comp: &mut Computation, op: OpId, opcode: &str, attrs: &[String]) -> Result<(), Diagnostic> {
        let operands = self.body.op(op).operands.clone();
        let &[result] = self.body.op(op).results.as_slice() else {
            return Err(self.error(op, "needs exactly one result"));
        };
        let to = self.tensor_of(result, op)?.dims.clone();
        // Every binary op declares the optional `broadcast_dimensions`; the ops share this
        // code, so it is read through the attribute's kind rather than each op's accessor.
        let broadcast_dimensions = optional_attr::<I64ArrayAttr>(self.body, op, "broadcast_dimensions");
        let mut names = Vec::new();
        for &value in &operands {
            let from = self.tensor_of(value, op)?;
            if from.dims == to {
                let inst = self.operand(comp, value, op)?;
                names.push(comp.name(inst).to_string());
                continue;
            }
            let mapping: Vec<i64> = match broadcast_dimensions {
                Some(dims) if from.dims.len() < to.len() => dims.to_vec(),
                _ if from.dims.len() == to.len() => (0..to.len() as i64).collect(),
                _ if from.dims.is_empty() => Vec::new(),
                _ => {
                    return Err(self.error(
                        op,
                        format!("cannot tell how an operand of rank {} broadcasts to rank {}", from.dims.len(), to.len()),
                    ))
                }
            };
            let inst = self.broadcast_to(comp, op, value, &to, &mapping, None)?;
            names.push(comp.name(inst).to_string());
        }
        self.emit_op(comp, op, opcode, names, attrs.to_vec())
    }

    /// `compare(lhs, rhs), direction=D[, type=T]`; the dialect's `NOTYPE` has no XLA spelling
    /// and is left out, which means the element type's default order.
    pub(super) fn compare(&mut self, comp: &mut Computation, compare: CompareOp) -> Result<(), Diagnostic> {
        let mut extra = vec![format!("direction={}", compare.comparison_direction(self.body).name())];
        if let Some(ty) = compare.compare_type(self.body).filter(|t| *t != ComparisonType::NoType) {
            extra.push(format!("type={}", ty.name()));
        }
        self.binary(comp, compare.id(), &opcode_of(HloOpKind::Compare), &extra)
    }

    /// `constant(literal)`.
    pub(super) fn constant(&mut self, comp: &mut Computation, constant: ConstantOp) -> Result<(), Diagnostic> {
        let inst = self.constant_inst(comp, constant)?;
        self.bind_results(comp, constant.id(), inst)
    }

    /// Appends the `constant(literal)` of `constant` without binding its result (a region
    /// may write a constant of its enclosing function again).
    pub(crate) fn constant_inst(&mut self, comp: &mut Computation, constant: ConstantOp) -> Result<Inst, Diagnostic> {
        let op = constant.id();
        let literal = constant.value(self.body);
        let text = literal_text(self.ctx, literal).map_err(|m| self.error(op, m))?;
        let shape = self.shape(literal.ty, op)?;
        Ok(self.emit(comp, &opcode_of(HloOpKind::Constant), shape, vec![text], Vec::new()))
    }

    /// `iota(), iota_dimension=d`.
    pub(super) fn iota(&mut self, comp: &mut Computation, iota: IotaOp) -> Result<(), Diagnostic> {
        let dimension = iota.iota_dimension(self.body);
        self.emit_op(comp, iota.id(), &opcode_of(HloOpKind::Iota), Vec::new(), vec![format!("iota_dimension={dimension}")])
    }

    /// `reduce-precision(x), exponent_bits=e, mantissa_bits=m`.
    pub(super) fn reduce_precision(&mut self, comp: &mut Computation, reduce_precision: ReducePrecisionOp) -> Result<(), Diagnostic> {
        let exponent = reduce_precision.exponent_bits(self.body);
        let mantissa = reduce_precision.mantissa_bits(self.body);
        let attrs = vec![format!("exponent_bits={exponent}"), format!("mantissa_bits={mantissa}")];
        self.same_operands(comp, reduce_precision.id(), &opcode_of(HloOpKind::ReducePrecision), attrs)
    }
}
