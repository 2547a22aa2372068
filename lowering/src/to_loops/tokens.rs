//! Effects ordered by tokens: `hlo.after_all`, `hlo.infeed`, `hlo.outfeed`, `hlo.send` and
//! `hlo.recv`, as calls of the runtime's feeds and channels.
//!
//! Tokens carry no data ([`Lowered::Token`]): the lowered function runs its ops in program
//! order, which every token chain respects, so `after_all` only binds a token. Each data
//! value is one buffer of the runtime's queues, in operand (or result) order:
//! - `infeed`: `xla_rt_infeed_dequeue(buffer, bytes, -1)` per data result, waiting for
//!   ever as XLA's infeed does (a driver may bound the wait,
//!   `xla_rt_set_infeed_wait_limit_ms`);
//! - `outfeed`: `xla_rt_outfeed_enqueue(buffer, bytes)` per data operand;
//! - `send`/`recv`: `xla_rt_send(channel, buffer, bytes)` per data operand and
//!   `xla_rt_recv(channel, buffer, bytes)` per data result, meeting within one replica
//!   as the interpreter's do (`is_host_transfer` changes nothing).
//!
//! The interpreter queues one entry per op (a tuple for several values) where the runtime
//! queues one buffer per value; only a host feeding both would see the difference.

use xla_dialects::hlo::{RecvOp, SendOp};
use xla_ir::{Op, OpId, ValueId};

use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl<'a, 'c> Lowering<'a, 'c> {
    /// Lowers `hlo.after_all`: a token.
    pub fn lower_after_all(&mut self, op: OpId) -> Emitted<()> {
        let result = self.body.result(op, 0);
        self.bind(result, Lowered::Token);
        Ok(())
    }

    /// Lowers `hlo.infeed`.
    pub fn lower_infeed(&mut self, op: OpId) -> Emitted<()> {
        let forever = self.index(-1);
        self.receive_data(op, |this, buffer, bytes| this.call_runtime("xla_rt_infeed_dequeue", &[buffer, bytes, forever]))
    }

    /// Lowers `hlo.outfeed`.
    pub fn lower_outfeed(&mut self, op: OpId) -> Emitted<()> {
        self.send_data(op, |this, buffer, bytes| this.call_runtime("xla_rt_outfeed_enqueue", &[buffer, bytes]))
    }

    /// Lowers `hlo.send`.
    pub fn lower_send(&mut self, send: SendOp) -> Emitted<()> {
        let op = send.id();
        let channel = self.index(send.channel_id(self.body));
        self.send_data(op, |this, buffer, bytes| this.call_runtime("xla_rt_send", &[channel, buffer, bytes]))
    }

    /// Lowers `hlo.recv`.
    pub fn lower_recv(&mut self, recv: RecvOp) -> Emitted<()> {
        let op = recv.id();
        let channel = self.index(recv.channel_id(self.body));
        self.receive_data(op, |this, buffer, bytes| this.call_runtime("xla_rt_recv", &[channel, buffer, bytes]))
    }

    /// Calls `transfer(buffer, bytes)` for the buffer of each data operand of `op` (every
    /// operand but the token, which is last), and binds its token result.
    fn send_data(&mut self, op: OpId, mut transfer: impl FnMut(&mut Self, ValueId, ValueId) -> Emitted<()>) -> Emitted<()> {
        let operands = self.body.op(op).operands.clone();
        for &v in &operands[..operands.len().saturating_sub(1)] {
            let ty = self.body.value_type(v);
            let lowered = self.lowered(v)?;
            let buffer = self.buffer_for(&lowered, ty)?;
            let bytes = self.buffer_bytes(buffer)?;
            transfer(self, buffer, bytes)?;
        }
        let token = self.body.result(op, 0);
        self.bind(token, Lowered::Token);
        Ok(())
    }

    /// Calls `transfer(buffer, bytes)` for a buffer of each data result of `op` (every
    /// result but the token, which is last), binding them and the token.
    fn receive_data(&mut self, op: OpId, mut transfer: impl FnMut(&mut Self, ValueId, ValueId) -> Emitted<()>) -> Emitted<()> {
        let results = self.body.op(op).results.clone();
        let Some((&token, data)) = results.split_last() else { return Err(self.error("a token op without results")) };
        for &r in data {
            let ty = self.body.value_type(r);
            let Lowered::Buffer(buffer) = self.result_buffers(r, ty)? else {
                return Err(self.error("lower-to-loops receives tensors only"));
            };
            let bytes = self.buffer_bytes(buffer)?;
            transfer(self, buffer, bytes)?;
            self.bind(r, Lowered::Buffer(buffer));
        }
        self.bind(token, Lowered::Token);
        Ok(())
    }
}
