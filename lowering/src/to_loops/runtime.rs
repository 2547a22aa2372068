//! Calls into `libxla_runtime` (`loop.call_runtime`) for the ops whose work is outside the
//! compiled function: tokens and feeds, random distributions, collectives, replica ids.
//!
//! The runtime functions called take buffers as pointers and sizes as `int64_t` (`index`
//! here), with the run options appended by lower-to-llvm; their byte sizes are the
//! storage sizes lower-to-llvm gives buffers ([`crate::to_llvm::BufferLayout`]: padding
//! included, `pred` and 4-bit integers a byte each), so that the runtime copies exactly
//! the memory of a buffer.
//!
//! Invariant: a runtime call may write any buffer it is given, so the loads of its
//! operands are forgotten after it; a call never reads a buffer before the ops that
//! compute it (calls are placed at the end of the current block, in program order).

use xla_dialects::loops::CallRuntimeOp;
use xla_ir::{InsertPoint, Op, OpState, Scalar, Type, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;
use crate::to_llvm::BufferLayout;

impl<'a, 'c> Lowering<'a, 'c> {
    /// Emits `loop.call_runtime @callee(operands)`.
    pub fn call_runtime(&mut self, callee: &str, operands: &[ValueId]) -> Emitted<()> {
        let ctx = self.ctx();
        let mut state = OpState::new(ctx.symbol(CallRuntimeOp::DEF.name), self.loc);
        state.set_attr(ctx.symbol("callee"), ctx.symbol_ref_attr(vec![ctx.symbol(callee)]));
        state.operands = operands.to_vec();
        let call = self.body.create_op(state);
        self.body.insert_op(call, InsertPoint::BlockEnd(self.block));
        for &operand in operands {
            self.forget_loads(operand);
        }
        Ok(())
    }

    /// The byte size of buffer `buffer` as lower-to-llvm lays it out, as an `index`.
    pub fn buffer_bytes(&mut self, buffer: ValueId) -> Emitted<ValueId> {
        let ctx = self.ctx();
        let memref = ctx.as_memref(self.body.value_type(buffer)).cloned().ok_or_else(|| self.error("internal error: not a buffer"))?;
        let layout = BufferLayout::of(ctx, &memref).map_err(|m| self.error(m))?;
        let bytes = layout.elements.checked_mul(layout.element.storage_bytes()).ok_or_else(|| self.error("the buffer is too large"))?;
        Ok(self.index(bytes))
    }

    /// Whether buffer `buffer` holds its elements row-major and without padding, as the
    /// runtime's functions that fill elements in order expect.
    pub fn is_dense_row_major(&self, buffer: ValueId) -> Emitted<bool> {
        let ctx = self.ctx();
        let memref = ctx.as_memref(self.body.value_type(buffer)).cloned().ok_or_else(|| self.error("internal error: not a buffer"))?;
        let layout = BufferLayout::of(ctx, &memref).map_err(|m| self.error(m))?;
        let count: i64 = layout.shape.iter().product();
        Ok(layout.is_row_major() && layout.elements == count)
    }

    /// A fresh `memref<N x i64>` (`memref<A x B x i64>` for rows of one length) holding
    /// `rows`, row-major: the constant tables runtime calls read (replica groups).
    pub fn i64_table(&mut self, rows: &[&[i64]]) -> Emitted<ValueId> {
        let ctx = self.ctx();
        let i64t = ctx.int_type(64);
        let width = rows.first().map_or(0, |r| r.len());
        let shape = if rows.is_empty() { vec![0] } else { vec![rows.len() as i64, width as i64] };
        let memref = ctx.ty(TypeData::MemRef(ctx.as_tensor(ctx.tensor_type(&shape, i64t)).cloned().ok_or_else(|| self.error("a table"))?));
        let table = self.alloc(memref);
        for (i, row) in rows.iter().enumerate() {
            for (j, &value) in row.iter().enumerate() {
                let value = self.scalar(Scalar::Int(value as i128), i64t)?;
                let (i, j) = (self.index(i as i64), self.index(j as i64));
                self.store(value, table, &[i, j]);
            }
        }
        Ok(table)
    }

    /// The `i64` element `at` of buffer `buffer`, as an `index`.
    pub fn load_index(&mut self, buffer: ValueId, at: i64) -> ValueId {
        let at = self.index(at);
        let value = self.load(buffer, &[at]);
        self.convert(value, self.ctx().index_type())
    }

    /// A fresh buffer of the type of buffer `like`.
    pub fn alloc_like(&mut self, like: ValueId) -> ValueId {
        let ty: Type = self.body.value_type(like);
        self.alloc(ty)
    }

    /// A fresh `memref<N x ui8>` holding the bytes of `text` (names and messages for the
    /// runtime, which takes them with their length).
    pub fn byte_string(&mut self, text: &str) -> Emitted<ValueId> {
        let ctx = self.ctx();
        let u8t = ctx.uint_type(8);
        let memref = self.memref_type(ctx.tensor_type(&[text.len() as i64], u8t))?;
        let buffer = self.alloc(memref);
        for (i, byte) in text.bytes().enumerate() {
            let value = self.scalar(Scalar::Int(i128::from(byte)), u8t)?;
            let at = self.index(i as i64);
            self.store(value, buffer, &[at]);
        }
        Ok(buffer)
    }
}
