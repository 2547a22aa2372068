//! Elementwise ops, constants and iota: `add(a, b)`, `compare(a, b), direction=LT`,
//! `constant({1, 2})`, `iota(), iota_dimension=0`, `reduce-precision(x), exponent_bits=5,
//! mantissa_bits=10`. Opcodes are the op names with `_` as `-` (`shift-right-logical`).
//!
//! XLA's binary instructions take operands of the result's shape; the hlo dialect's implicit
//! broadcasting (scalars, size-1 dimensions, `broadcast_dimensions`) is written as explicit
//! `broadcast`s of the operands that need one, as XLA's client library builds them.

use xla_ir::{Diagnostic, OpId};

use crate::hlo_writer::computation::{Computation, Inst};
use crate::hlo_writer::literal::literal_text;
use crate::hlo_writer::module::ModuleWriter;

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
        let broadcast_dimensions = self.attrs(op).ints("broadcast_dimensions");
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
    pub(super) fn compare(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let attrs = self.attrs(op);
        let direction = attrs
            .string("comparison_direction")
            .ok_or_else(|| self.error(op, "requires attribute 'comparison_direction'"))?;
        let mut extra = vec![format!("direction={direction}")];
        if let Some(ty) = attrs.string("compare_type").filter(|t| *t != "NOTYPE") {
            extra.push(format!("type={ty}"));
        }
        self.binary(comp, op, "compare", &extra)
    }

    /// `constant(literal)`.
    pub(super) fn constant(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let inst = self.constant_inst(comp, op)?;
        self.bind_results(comp, op, inst)
    }

    /// Appends the `constant(literal)` of `hlo.constant` op `op` without binding its result
    /// (a region may write a constant of its enclosing function again).
    pub(crate) fn constant_inst(&mut self, comp: &mut Computation, op: OpId) -> Result<Inst, Diagnostic> {
        let literal = self
            .body
            .attr(op, "value")
            .and_then(|a| self.ctx.as_dense(a))
            .ok_or_else(|| self.error(op, "requires a dense literal 'value'"))?;
        let text = literal_text(self.ctx, literal).map_err(|m| self.error(op, m))?;
        let shape = self.shape(literal.ty, op)?;
        Ok(self.emit(comp, "constant", shape, vec![text], Vec::new()))
    }

    /// `iota(), iota_dimension=d`.
    pub(super) fn iota(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let dimension = self.required_int(op, "iota_dimension")?;
        self.emit_op(comp, op, "iota", Vec::new(), vec![format!("iota_dimension={dimension}")])
    }

    /// `reduce-precision(x), exponent_bits=e, mantissa_bits=m`.
    pub(super) fn reduce_precision(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let exponent = self.required_int(op, "exponent_bits")?;
        let mantissa = self.required_int(op, "mantissa_bits")?;
        let attrs = vec![format!("exponent_bits={exponent}"), format!("mantissa_bits={mantissa}")];
        self.same_operands(comp, op, "reduce-precision", attrs)
    }
}
