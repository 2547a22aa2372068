//! The cost model of extraction: bytes a node writes plus the arithmetic it does.
//!
//! - Leaves cost nothing: they exist whatever is extracted.
//! - A constant costs one unit when it is a splat or has at most one element (lowering makes
//!   those scalars), and otherwise its bytes, twice (it is stored and read).
//! - A reshape or bitcast costs one unit: it moves nothing in row-major layouts.
//! - Every other op writes its result: its bytes, plus per result element 1 for cheap
//!   elementwise arithmetic and data movement, 4 for division and remainder, 16 for
//!   transcendental functions and powers; a dot costs `2 * M * N * K`, a reduction one per
//!   input element.
//!
//! Invariant: every cost is finite and positive for ops, so extraction prefers fewer ops
//! among equals, and a cycle can never be cheaper than what it rewrites.

use egg::{CostFunction, Id, Language};
use xla_ir::Context;

use crate::analysis::{num_elements, HloEGraph};
use crate::language::{HloNode, NodeKind};

/// Elements assumed for a dimension that is not static.
const UNKNOWN_ELEMENTS: usize = 1024;

/// The cost function; see the module documentation.
pub struct HloCost<'a, 'c> {
    pub egraph: &'a HloEGraph<'c>,
}

fn elements(ctx: &Context, ty: xla_ir::Type) -> f64 {
    num_elements(ctx, ty).unwrap_or(UNKNOWN_ELEMENTS) as f64
}

fn bytes(ctx: &Context, ty: xla_ir::Type) -> f64 {
    let element = ctx.element_type(ty);
    let width = xla_ir::dense::ElementKind::of(ctx, element).map_or(4, |k| k.byte_width());
    elements(ctx, ty) * width as f64
}

/// The cost of `node` alone (not counting its operands), with `egraph` for operand types.
pub fn node_cost(egraph: &HloEGraph<'_>, node: &HloNode) -> f64 {
    let ctx = egraph.analysis.ctx;
    let NodeKind::Op(name) = node.kind else { return 0.0 };
    let name = ctx.symbol_str(name);
    let n = elements(ctx, node.ty);
    let out = bytes(ctx, node.ty);
    match name.strip_prefix("hlo.").unwrap_or(name) {
        "constant" => {
            let splat = node.attrs.first().and_then(|(_, a)| ctx.as_dense(*a)).is_some_and(|d| d.splat);
            if splat || n <= 1.0 {
                1.0
            } else {
                2.0 * out
            }
        }
        "reshape" | "bitcast_convert_type" => 1.0,
        "divide" | "remainder" => out + 4.0 * n,
        "exponential" | "exponential_minus_one" | "log" | "log_plus_one" | "logistic" | "sqrt" | "rsqrt" | "cbrt"
        | "power" | "tanh" | "sine" | "cosine" | "tan" | "atan2" | "erf" => out + 16.0 * n,
        "dot_general" | "dot" => {
            let lhs = node.children.first().map(|c| egraph[*c].data.ty);
            let contracted = lhs
                .and_then(|t| ctx.as_tensor(t))
                .and_then(|t| {
                    let dims = node.ints(ctx, "lhs_contracting_dims").unwrap_or_default();
                    let shape = t.static_shape()?;
                    Some(dims.iter().filter_map(|d| shape.get(*d as usize)).product::<i64>() as f64)
                })
                .unwrap_or(UNKNOWN_ELEMENTS as f64);
            out + 2.0 * n * contracted
        }
        "reduce" => out + node.children.first().map_or(n, |c| elements(ctx, egraph[*c].data.ty)),
        _ => out + n,
    }
}

impl<'a, 'c> CostFunction<HloNode> for HloCost<'a, 'c> {
    type Cost = f64;

    fn cost<C>(&mut self, enode: &HloNode, mut costs: C) -> f64
    where
        C: FnMut(Id) -> f64,
    {
        let own = node_cost(self.egraph, enode);
        enode.children().iter().fold(own, |sum, c| sum + costs(*c))
    }
}
