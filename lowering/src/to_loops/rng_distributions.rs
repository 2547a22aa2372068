//! `hlo.rng_uniform` and `hlo.rng_normal`: calls of the runtime's `xla_rt_rng_uniform` and
//! `xla_rt_rng_normal`, which draw from the reference interpreter's stream (splitmix64 per
//! replica from one seed, `runtime/src/rng_distributions.rs`), so compiled and interpreted
//! programs give the same numbers.
//!
//! The bounds go to the runtime as 0-d buffers, the element type as the runtime's code
//! (`XLA_RT_PRED`..`XLA_RT_F4E2M1FN`). The runtime fills elements in memory order, which is
//! the interpreter's row-major order only for a dense row-major buffer: a result in another
//! layout is drawn into a row-major temporary and copied. Element types the runtime does
//! not generate (4-bit and 2-bit integers, `tf32`, complex numbers) are located errors.

use xla_ir::{FloatKind, OpId, Signedness, TypeData};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl<'a, 'c> Lowering<'a, 'c> {
    /// Lowers `hlo.rng_uniform`.
    pub fn lower_rng_uniform(&mut self, op: OpId) -> Emitted<()> {
        self.lower_rng_distribution(op, "xla_rt_rng_uniform")
    }

    /// Lowers `hlo.rng_normal`.
    pub fn lower_rng_normal(&mut self, op: OpId) -> Emitted<()> {
        self.lower_rng_distribution(op, "xla_rt_rng_normal")
    }

    /// Calls `callee(code, a, b, out, count)` for an op of two 0-d operands and one result.
    fn lower_rng_distribution(&mut self, op: OpId, callee: &str) -> Emitted<()> {
        let result = self.body.result(op, 0);
        let (shape, element) = self.tensor_shape(self.body.value_type(result))?;
        let code = self.element_code(element).ok_or_else(|| {
            let name = self.body.op_name(op);
            self.error(format!("lower-to-loops does not handle '{name}' of {} yet", self.ctx().type_to_string(element)))
        })?;
        let mut bounds = Vec::with_capacity(2);
        for v in self.body.op(op).operands.clone() {
            let lowered = self.lowered(v)?;
            bounds.push(self.buffer_for(&lowered, self.body.value_type(v))?);
        }
        let out = self.bind_result_buffers(op)?[0];
        let target = if self.is_dense_row_major(out)? {
            out
        } else {
            let row_major = self.ctx().tensor_type(&shape, element);
            let memref = self.memref_type(row_major)?;
            self.alloc(memref)
        };
        let code = self.scalar(xla_ir::Scalar::Int(code as i128), self.ctx().int_type(32))?;
        let count = self.index(shape.iter().product());
        self.call_runtime(callee, &[code, bounds[0], bounds[1], target, count])?;
        if target != out {
            self.copy(&Lowered::Buffer(target), out, &shape)?;
        }
        Ok(())
    }

    /// The runtime's code of element type `element` (`xla_runtime.h`), if it generates it.
    fn element_code(&self, element: xla_ir::Type) -> Option<i32> {
        let code = match self.ctx().type_data(element) {
            TypeData::Integer { width: 1, .. } => 0,
            TypeData::Integer { width, signedness } => {
                let log = match width {
                    8 => 0,
                    16 => 1,
                    32 => 2,
                    64 => 3,
                    _ => return None,
                };
                log + if *signedness == Signedness::Unsigned { 5 } else { 1 }
            }
            TypeData::Float(FloatKind::F16) => 9,
            TypeData::Float(FloatKind::BF16) => 10,
            TypeData::Float(FloatKind::F32) => 11,
            TypeData::Float(FloatKind::F64) => 12,
            TypeData::Float(FloatKind::F8E5M2) => 13,
            TypeData::Float(FloatKind::F8E4M3) => 14,
            TypeData::Float(FloatKind::F8E4M3FN) => 15,
            TypeData::Float(FloatKind::F8E5M2FNUZ) => 16,
            TypeData::Float(FloatKind::F8E4M3FNUZ) => 17,
            TypeData::Float(FloatKind::F8E4M3B11FNUZ) => 18,
            TypeData::Float(FloatKind::F8E3M4) => 19,
            TypeData::Float(FloatKind::F8E8M0FNU) => 20,
            TypeData::Float(FloatKind::F6E2M3FN) => 21,
            TypeData::Float(FloatKind::F6E3M2FN) => 22,
            TypeData::Float(FloatKind::F4E2M1FN) => 23,
            _ => return None,
        };
        Some(code)
    }
}
