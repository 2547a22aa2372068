//! Canonicalizations of `hlo.iota`. Each is exact: an iota's elements are integers (or the
//! floats and complex numbers converted from them), the same whichever op computes them.
//!
//! - `iota-to-broadcast`: an iota of rank 2 or more counting along dimension `d` is a
//!   rank-1 iota of the size of `d`, broadcast along the other dimensions. XLA's HLO printer
//!   spells multi-dimensional iotas this way, so both spellings meet here.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Op, OpId, OpState};

use super::{BroadcastInDimOp, IotaOp};

/// See the module documentation.
pub struct IotaToBroadcast;

/// The pattern instance canonicalization uses.
pub static IOTA_TO_BROADCAST: IotaToBroadcast = IotaToBroadcast;

impl RewritePattern for IotaToBroadcast {
    fn name(&self) -> &'static str {
        "iota-to-broadcast"
    }

    fn identity(&self) -> &'static str {
        "iota(dim = d) : [.., n, ..] == broadcast_in_dim(iota(dim = 0) : [n], dims = [d]) for rank >= 2"
    }

    fn root(&self) -> Option<&'static str> {
        Some(IotaOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let result_type = body.value_type(body.result(op, 0));
        let tensor = ctx.as_tensor(result_type).ok_or("the result is not a ranked tensor")?;
        let shape = tensor.static_shape().ok_or("the shape is not static")?;
        if shape.len() < 2 {
            return Err("the iota already has rank 0 or 1");
        }
        let dimension = IotaOp::from_id_unchecked(op).iota_dimension(body);
        let size = usize::try_from(dimension).ok().and_then(|d| shape.get(d)).ok_or("iota_dimension is out of range")?;
        let line_type = ctx.tensor_type(&[*size], tensor.element);
        let location = body.op(op).location;
        let mut line = OpState::new(ctx.symbol(IotaOp::DEF.name), location);
        line.attributes = body.op(op).attributes.clone();
        line.set_attr(ctx.symbol("iota_dimension"), ctx.i64_attr(0));
        line.result_types = vec![line_type];
        let line = rewriter.create_before(op, line);
        let mut broadcast = OpState::new(ctx.symbol(BroadcastInDimOp::DEF.name), location);
        broadcast.operands = vec![rewriter.body.result(line, 0)];
        broadcast.result_types = vec![result_type];
        broadcast.set_attr(ctx.symbol("broadcast_dimensions"), ctx.i64_array_attr(&[dimension]));
        let broadcast = rewriter.create_before(op, broadcast);
        let value = rewriter.body.result(broadcast, 0);
        rewriter.replace_op(op, &[value]);
        Ok(())
    }
}
