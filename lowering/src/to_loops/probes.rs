//! `interpreter.probe` and `check.expect_serialized_eq` compiled: the records live in the
//! runtime (`xla_rt_probe_record`, `xla_rt_probe_compare`), keyed by probe id and replica.
//!
//! Both copy their operand into a fresh row-major buffer of its type and hand the runtime
//! its bytes, so that a record and a later comparison see the same bytes whatever layouts
//! the two values were given. A probe's result is its operand's lowering, unchanged. A
//! failed comparison ends the entry with a check failure, as a failed check op does.
//! `interpreter.print` is not compiled: a located error says so.

use xla_dialects::check::ExpectSerializedEqOp;
use xla_dialects::interpreter::ProbeOp;
use xla_ir::{Op, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// Lowers `interpreter.probe`: records the operand's bytes, forwards the operand.
    pub fn lower_probe(&mut self, op: ProbeOp) -> Emitted<()> {
        let operand = self.body.operand(op.id(), 0);
        let (buffer, bytes) = self.row_major_copy(operand)?;
        let id = op.probe_id(self.body).to_string();
        let (id_bytes, id_len) = (self.byte_string(&id)?, self.index(id.len() as i64));
        self.call_runtime("xla_rt_probe_record", &[id_bytes, id_len, buffer, bytes])?;
        let lowered = self.lowered(operand)?;
        self.bind(self.body.result(op.id(), 0), lowered);
        Ok(())
    }

    /// Lowers `check.expect_serialized_eq`: compares the operand's bytes with the record.
    pub fn lower_expect_serialized_eq(&mut self, op: ExpectSerializedEqOp) -> Emitted<()> {
        let operand = self.body.operand(op.id(), 0);
        let (buffer, bytes) = self.row_major_copy(operand)?;
        let id = op.probe_id(self.body).to_string();
        let iter = op.iter(self.body).unwrap_or(0);
        let description = format!("{}: {} failed", self.location_text(), ExpectSerializedEqOp::DEF.name);
        let (description_bytes, description_len) = (self.byte_string(&description)?, self.index(description.len() as i64));
        let (id_bytes, id_len) = (self.byte_string(&id)?, self.index(id.len() as i64));
        let iter = self.index(iter);
        self.call_runtime("xla_rt_probe_compare", &[description_bytes, description_len, id_bytes, id_len, iter, buffer, bytes])
    }

    /// A fresh row-major buffer holding hlo value `v`, and its byte size.
    fn row_major_copy(&mut self, v: ValueId) -> Emitted<(ValueId, ValueId)> {
        let ty = self.body.value_type(v);
        let (shape, _) = self.tensor_shape(ty)?;
        let lowered: Lowered = self.lowered(v)?;
        let memref = self.memref_type(ty)?;
        let buffer = self.alloc(memref);
        if !self.is_dense_row_major(buffer)? {
            return Err(self.error("internal error: a probe's buffer is not row-major"));
        }
        self.copy(&lowered, buffer, &shape)?;
        let bytes = self.buffer_bytes(buffer)?;
        Ok((buffer, bytes))
    }
}
