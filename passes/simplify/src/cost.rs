//! The cost model of extraction: bytes a node writes plus the arithmetic it does.
//!
//! - Leaves cost nothing: they exist whatever is extracted.
//! - A constant costs one unit when it is a splat or has at most one element (lowering makes
//!   those scalars), and otherwise its bytes, twice (it is stored and read).
//! - A reshape or `bitcast_convert_type` costs one unit: it moves nothing in row-major
//!   layouts.
//! - Every other op writes its result: its bytes, plus per result element 1 for cheap
//!   elementwise arithmetic and data movement, 4 for division and remainder, 16 for
//!   transcendental functions and powers; a `dot_general` adds `2 * M * N * K` (an `hlo.dot`,
//!   which has no dimension numbers, `2 * M * N`), a reduction one per input element.
//!
//! Invariant: every cost is finite and positive for ops, so extraction prefers fewer ops
//! among equals, and a cycle can never be cheaper than what it rewrites.

use std::collections::HashMap;

use egg::{CostFunction, Id, Language};
use xla_dialects::hlo::HloOpKind;
use xla_ir::Type;

use crate::analysis::{num_elements, HloEGraph};
use crate::language::{HloNode, NodeKind};

/// Elements assumed for a dimension that is not static.
const UNKNOWN_ELEMENTS: usize = 1024;

/// The cost function; see the module documentation.
pub struct HloCost<'a, 'c> {
    pub egraph: &'a HloEGraph<'c>,
    /// The elements and bytes of every type priced so far: extraction prices each node many
    /// times, and reading a shape from the `Context` builds it anew each time.
    sizes: HashMap<Type, (f64, f64)>,
}

impl<'a, 'c> HloCost<'a, 'c> {
    /// The cost function of `egraph`'s nodes.
    pub fn new(egraph: &'a HloEGraph<'c>) -> HloCost<'a, 'c> {
        HloCost { egraph, sizes: HashMap::new() }
    }

    /// The number of elements and the bytes of a value of type `ty`.
    fn size(&mut self, ty: Type) -> (f64, f64) {
        let ctx = self.egraph.analysis.ctx;
        *self.sizes.entry(ty).or_insert_with(|| {
            let elements = num_elements(ctx, ty).unwrap_or(UNKNOWN_ELEMENTS) as f64;
            let width = xla_ir::dense::ElementKind::of(ctx, ctx.element_type(ty)).map_or(4, |k| k.byte_width());
            (elements, elements * width as f64)
        })
    }

    /// The multiplications per output element of a `dot_general`: the product of the lhs's
    /// contracting dimensions, or [`UNKNOWN_ELEMENTS`] when they are not static.
    fn contracted_elements(&self, node: &HloNode) -> f64 {
        let ctx = self.egraph.analysis.ctx;
        let lhs = node.children.first().map(|c| self.egraph[*c].data.ty);
        lhs.and_then(|t| ctx.as_tensor(t))
            .and_then(|t| {
                let dims = node.ints(ctx, "lhs_contracting_dims").unwrap_or_default();
                let shape = t.static_shape()?;
                Some(dims.iter().filter_map(|d| shape.get(*d as usize)).product::<i64>() as f64)
            })
            .unwrap_or(UNKNOWN_ELEMENTS as f64)
    }

    /// The cost of `node` alone (not counting its operands).
    ///
    /// An exhaustive `match` on the op kind, so that a new hlo op is priced here before the
    /// crate builds.
    pub fn node_cost(&mut self, node: &HloNode) -> f64 {
        let ctx = self.egraph.analysis.ctx;
        let NodeKind::Op(kind) = node.kind else { return 0.0 };
        let (n, out) = self.size(node.ty);
        match kind {
            HloOpKind::Constant => {
                let splat = node.attrs.first().and_then(|(_, a)| ctx.as_dense(*a)).is_some_and(|d| d.splat);
                if splat || n <= 1.0 {
                    1.0
                } else {
                    2.0 * out
                }
            }
            // A new name for the same bytes in row-major layouts.
            HloOpKind::Reshape | HloOpKind::BitcastConvertType => 1.0,
            HloOpKind::Divide | HloOpKind::Remainder => out + 4.0 * n,
            HloOpKind::Exponential
            | HloOpKind::ExponentialMinusOne
            | HloOpKind::Log
            | HloOpKind::LogPlusOne
            | HloOpKind::Logistic
            | HloOpKind::Sqrt
            | HloOpKind::Rsqrt
            | HloOpKind::Cbrt
            | HloOpKind::Power
            | HloOpKind::Tanh
            | HloOpKind::Sine
            | HloOpKind::Cosine
            | HloOpKind::Tan
            | HloOpKind::Atan2
            | HloOpKind::Erf => out + 16.0 * n,
            HloOpKind::DotGeneral => out + 2.0 * n * self.contracted_elements(node),
            // `hlo.dot` has no dimension numbers to read its contraction from, so it is priced
            // as one multiplication per output element; no rule rewrites it, and its cost only
            // weighs it against a folded constant.
            HloOpKind::Dot => out + 2.0 * n,
            HloOpKind::Reduce => out + node.children.first().map_or(n, |c| self.size(self.egraph[*c].data.ty).0),
            // One unit per element written: elementwise arithmetic, comparisons, selections and
            // conversions, data movement, and the ops no rule rewrites (whose cost only weighs
            // them against a folded constant).
            HloOpKind::Add
            | HloOpKind::Subtract
            | HloOpKind::Multiply
            | HloOpKind::Maximum
            | HloOpKind::Minimum
            | HloOpKind::And
            | HloOpKind::Or
            | HloOpKind::Xor
            | HloOpKind::ShiftLeft
            | HloOpKind::ShiftRightArithmetic
            | HloOpKind::ShiftRightLogical
            | HloOpKind::Complex
            | HloOpKind::Abs
            | HloOpKind::Ceil
            | HloOpKind::Floor
            | HloOpKind::Negate
            | HloOpKind::Not
            | HloOpKind::Popcnt
            | HloOpKind::CountLeadingZeros
            | HloOpKind::Real
            | HloOpKind::Imag
            | HloOpKind::IsFinite
            | HloOpKind::RoundNearestAfz
            | HloOpKind::RoundNearestEven
            | HloOpKind::Sign
            | HloOpKind::Compare
            | HloOpKind::Select
            | HloOpKind::Clamp
            | HloOpKind::ConvertElementType
            | HloOpKind::ReducePrecision
            | HloOpKind::Iota
            | HloOpKind::BroadcastInDim
            | HloOpKind::Broadcast
            | HloOpKind::Collapse
            | HloOpKind::Transpose
            | HloOpKind::Copy
            | HloOpKind::Bitcast
            | HloOpKind::Concatenate
            | HloOpKind::Slice
            | HloOpKind::DynamicSlice
            | HloOpKind::DynamicUpdateSlice
            | HloOpKind::Pad
            | HloOpKind::Rev
            | HloOpKind::Gather
            | HloOpKind::GetDimensionSize
            | HloOpKind::SetDimensionSize
            | HloOpKind::ReplicaId
            | HloOpKind::PartitionId
            | HloOpKind::Convolution
            | HloOpKind::Fft
            | HloOpKind::Cholesky
            | HloOpKind::TriangularSolve
            | HloOpKind::BatchNormInference => out + n,
            // Ops the e-graph never models (effects, regions, several or non-tensor results:
            // see `crate::to_egraph`) are leaves, never nodes; they are priced as the ops above
            // so that the match stays exhaustive without a wildcard.
            HloOpKind::Return
            | HloOpKind::Map
            | HloOpKind::While
            | HloOpKind::Fusion
            | HloOpKind::Conditional
            | HloOpKind::Call
            | HloOpKind::AfterAll
            | HloOpKind::Infeed
            | HloOpKind::Outfeed
            | HloOpKind::Send
            | HloOpKind::Recv
            | HloOpKind::AllGather
            | HloOpKind::AllReduce
            | HloOpKind::AllToAll
            | HloOpKind::CollectivePermute
            | HloOpKind::CollectiveBroadcast
            | HloOpKind::ReduceScatter
            | HloOpKind::RngUniform
            | HloOpKind::RngNormal
            | HloOpKind::RngBitGenerator
            | HloOpKind::CustomCall
            | HloOpKind::ReduceWindow
            | HloOpKind::SelectAndScatter
            | HloOpKind::BatchNormTraining
            | HloOpKind::BatchNormGrad
            | HloOpKind::Scatter
            | HloOpKind::Sort
            | HloOpKind::Tuple
            | HloOpKind::GetTupleElement
            | HloOpKind::OptimizationBarrier => out + n,
        }
    }
}

impl<'a, 'c> CostFunction<HloNode> for HloCost<'a, 'c> {
    type Cost = f64;

    fn cost<C>(&mut self, enode: &HloNode, mut costs: C) -> f64
    where
        C: FnMut(Id) -> f64,
    {
        let own = self.node_cost(enode);
        enode.children().iter().fold(own, |sum, c| sum + costs(*c))
    }
}
