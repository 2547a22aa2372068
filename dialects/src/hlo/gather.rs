//! `hlo.gather`: XLA's `Gather`, which reads many slices of an operand at start indices
//! held in a tensor; and the checks of the dimension numbers it shares with `hlo.scatter`.
//!
//! Shape rule (operation semantics, with XLA's batching dimensions): the result has
//! `offset_dims.len() + rank(start_indices) - 1` dimensions (counting an implicit trailing
//! index vector dimension of size 1 when `index_vector_dim == rank(start_indices)`). The
//! dimensions in `offset_dims` take, in order, the `slice_sizes` of the operand dimensions
//! that are neither collapsed nor batching; the others take, in order, the dimensions of
//! `start_indices` other than `index_vector_dim`.

use xla_ir::constraints::{AnyTensor, BoolAttr, I64ArrayAttr, I64Attr};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::shape::merge_dim;
use xla_ir::{Context, Diagnostic, Dim, OpId, OpState, TensorType, Type, TypeData};
use xla_macros::op;

use super::shape_checks::{
    check_len, check_sorted, dim_to_string, distinct_dims, i64_attr, parse_keywords, parse_trailing_types, print_keywords,
    print_trailing_types, tensor, upper_bound, Keyword,
};

/// Gathers slices of an operand at start indices read from a tensor.
///
/// XLA's `Gather`: for every index of the batch dimensions (the result dimensions not in
/// `offset_dims`), a start index vector is read from `start_indices` along
/// `index_vector_dim`, mapped to operand dimensions by `start_index_map` (the others start
/// at 0, and operand batching dimensions at the batch index of the paired
/// `start_indices_batching_dims`), clamped so the slice fits, and a slice of `slice_sizes`
/// is read. The slice dimensions in `collapsed_slice_dims` and `operand_batching_dims`
/// (size at most 1) are dropped; the others become the `offset_dims` of the result.
///
/// Example: `%0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>`
#[op(name = "hlo.gather", traits = [Pure, ReadsAnyLayout], infer = infer_gather, print = print_gather, parse = parse_gather)]
pub struct GatherOp {
    /// The tensor slices are read from.
    #[operand]
    operand: AnyTensor,
    /// The start index vectors, integers.
    #[operand]
    start_indices: AnyTensor,
    /// The result dimensions that index into a slice, in increasing order.
    #[attr]
    offset_dims: I64ArrayAttr,
    /// The operand dimensions dropped from each slice (slice size at most 1), increasing.
    #[attr]
    collapsed_slice_dims: I64ArrayAttr,
    /// The operand dimensions indexed by the batch index of `start_indices_batching_dims`,
    /// dropped from each slice (slice size at most 1), increasing.
    #[attr]
    operand_batching_dims: I64ArrayAttr,
    /// The `start_indices` dimensions paired with `operand_batching_dims`.
    #[attr]
    start_indices_batching_dims: I64ArrayAttr,
    /// The operand dimension each entry of a start index vector indexes.
    #[attr]
    start_index_map: I64ArrayAttr,
    /// The dimension of `start_indices` holding the index vectors (its rank: an implicit
    /// trailing dimension of size 1).
    #[attr]
    index_vector_dim: I64Attr,
    /// The size of the slice in each operand dimension.
    #[attr]
    slice_sizes: I64ArrayAttr,
    /// Whether the caller guarantees sorted start indices.
    #[attr]
    indices_are_sorted: Option<BoolAttr>,
    #[result]
    result: AnyTensor,
}

/// The dimension numbers `hlo.gather` and `hlo.scatter` share, with the names each op gives
/// them (XLA's `GatherDimensionNumbers` and `ScatterDimensionNumbers`).
pub(crate) struct IndexingDims<'a> {
    /// What the indexed tensor is called in messages: `operand`, `inputs`.
    pub operand_name: &'static str,
    /// What the index tensor is called: `start_indices`, `scatter_indices`.
    pub indices_name: &'static str,
    /// `offset_dims` / `update_window_dims`: only their number matters here.
    pub window: (&'static str, usize),
    /// `collapsed_slice_dims` / `inserted_window_dims`.
    pub collapsed: (&'static str, &'a [i64]),
    /// `operand_batching_dims` / `input_batching_dims`.
    pub operand_batching: (&'static str, &'a [i64]),
    /// `start_indices_batching_dims` / `scatter_indices_batching_dims`.
    pub indices_batching: (&'static str, &'a [i64]),
    /// `start_index_map` / `scatter_dims_to_operand_dims`.
    pub index_map: (&'static str, &'a [i64]),
    pub index_vector_dim: i64,
}

/// What the checked dimension numbers say about the shapes.
pub(crate) struct Indexing {
    /// The dimensions of the index tensor other than `index_vector_dim`, in order, with their
    /// numbers: the batch dimensions of a gather, the scatter dimensions of a scatter.
    pub batch_dims: Vec<(usize, Dim)>,
    /// The operand dimensions neither collapsed nor batching, in order: the window.
    pub window_operand_dims: Vec<usize>,
}

impl IndexingDims<'_> {
    /// Checks the dimension numbers against the indexed tensor and the index tensor (XLA's
    /// `ValidateGatherDimensionNumbers` and its scatter twin).
    pub(crate) fn check(&self, ctx: &Context, operand: &TensorType, indices_type: Type) -> Result<Indexing, String> {
        let indices_name = self.indices_name;
        let indices = ctx
            .as_tensor(indices_type)
            .filter(|t| matches!(ctx.type_data(t.element), TypeData::Integer { width, .. } if *width > 1))
            .ok_or_else(|| format!("{indices_name} must be a tensor of integers, found {}", ctx.type_to_string(indices_type)))?;
        let indices_rank = indices.dims.len();
        let ivd = usize::try_from(self.index_vector_dim).ok().filter(|&d| d <= indices_rank).ok_or_else(|| {
            format!(
                "index_vector_dim = {} is out of range for {indices_name} of rank {indices_rank} (it may be at most {indices_rank})",
                self.index_vector_dim
            )
        })?;
        let rank = operand.dims.len();
        let of = format!("the {}", self.operand_name);
        let (collapsed_name, collapsed) = self.collapsed;
        let (batching_name, batching) = self.operand_batching;
        check_sorted(collapsed_name, collapsed)?;
        let is_collapsed = distinct_dims(collapsed_name, collapsed, rank, &of)?;
        check_sorted(batching_name, batching)?;
        let is_batching = distinct_dims(batching_name, batching, rank, &of)?;
        if let Some(d) = (0..rank).find(|&d| is_collapsed[d] && is_batching[d]) {
            return Err(format!("dimension {d} is in both {collapsed_name} and {batching_name}"));
        }
        let (map_name, map) = self.index_map;
        let is_mapped = distinct_dims(map_name, map, rank, &of)?;
        if let Some(d) = (0..rank).find(|&d| is_mapped[d] && is_batching[d]) {
            return Err(format!("dimension {d} is in both {map_name} and {batching_name}"));
        }
        let vector_size = if ivd == indices_rank { Dim::Static(1) } else { indices.dims[ivd] };
        if vector_size.static_size().is_some_and(|n| n != map.len() as i64) {
            return Err(format!(
                "{map_name} has {} entries, but the index vectors along dimension {ivd} of {indices_name} have {}",
                map.len(),
                dim_to_string(vector_size)
            ));
        }
        let (indices_batching_name, indices_batching) = self.indices_batching;
        distinct_dims(indices_batching_name, indices_batching, indices_rank, indices_name)?;
        if indices_batching.contains(&self.index_vector_dim) {
            return Err(format!("{indices_batching_name} contains index_vector_dim {ivd}"));
        }
        if batching.len() != indices_batching.len() {
            return Err(format!(
                "{batching_name} has {} entries, but {indices_batching_name} has {}",
                batching.len(),
                indices_batching.len()
            ));
        }
        // Both lists are distinct, in-range dimensions: checked above.
        for (i, (&od, &id)) in batching.iter().zip(indices_batching).enumerate() {
            let (a, b) = (operand.dims[od as usize], indices.dims[id as usize]);
            if merge_dim(a, b).is_none() {
                return Err(format!(
                    "{batching_name}[{i}] = {od} has size {} in the {}, but {indices_batching_name}[{i}] = {id} has size {} in {indices_name}",
                    dim_to_string(a),
                    self.operand_name,
                    dim_to_string(b)
                ));
            }
        }
        let (window_name, window_len) = self.window;
        if window_len + collapsed.len() + batching.len() != rank {
            return Err(format!(
                "{window_name} ({window_len}), {collapsed_name} ({}) and {batching_name} ({}) must add up to the rank of the {} ({rank})",
                collapsed.len(),
                batching.len(),
                self.operand_name
            ));
        }
        Ok(Indexing {
            batch_dims: indices.dims.iter().copied().enumerate().filter(|&(d, _)| d != ivd).collect(),
            window_operand_dims: (0..rank).filter(|&d| !is_collapsed[d] && !is_batching[d]).collect(),
        })
    }
}

/// The shape function of `hlo.gather`.
pub fn infer_gather(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ctx = cx.ctx;
    let operand = cx.tensor(0)?;
    let indices_type = *cx.operand_types.get(1).ok_or("missing operand #1")?;
    let offset_dims = cx.i64_array("offset_dims")?;
    let collapsed = cx.i64_array("collapsed_slice_dims")?;
    let batching = cx.i64_array("operand_batching_dims")?;
    let slice_sizes = cx.i64_array("slice_sizes")?;
    let numbers = IndexingDims {
        operand_name: "operand",
        indices_name: "start_indices",
        window: ("offset_dims", offset_dims.len()),
        collapsed: ("collapsed_slice_dims", collapsed),
        operand_batching: ("operand_batching_dims", batching),
        indices_batching: ("start_indices_batching_dims", cx.i64_array("start_indices_batching_dims")?),
        index_map: ("start_index_map", cx.i64_array("start_index_map")?),
        index_vector_dim: i64_attr(cx, "index_vector_dim")?,
    };
    let indexing = numbers.check(ctx, operand, indices_type)?;
    let result_rank = offset_dims.len() + indexing.batch_dims.len();
    check_sorted("offset_dims", offset_dims)?;
    let is_offset = distinct_dims("offset_dims", offset_dims, result_rank, "a result")?;
    check_len("slice_sizes", slice_sizes, operand.dims.len(), "the operand")?;
    for (d, (&size, &dim)) in slice_sizes.iter().zip(&operand.dims).enumerate() {
        if size < 0 {
            return Err(format!("slice_sizes[{d}] = {size} must be non-negative"));
        }
        if upper_bound(dim).is_some_and(|n| size > n) {
            return Err(format!("slice_sizes[{d}] = {size} exceeds the size {} of operand dimension {d}", dim_to_string(dim)));
        }
    }
    for (name, dims) in [("collapsed_slice_dims", collapsed), ("operand_batching_dims", batching)] {
        // In-range dimensions: checked by `numbers.check`.
        if let Some(&d) = dims.iter().find(|&&d| slice_sizes[d as usize] > 1) {
            return Err(format!("slice_sizes[{d}] = {} must be at most 1, since dimension {d} is in {name}", slice_sizes[d as usize]));
        }
    }
    let mut offsets = indexing.window_operand_dims.iter().map(|&d| Dim::Static(slice_sizes[d]));
    let mut batches = indexing.batch_dims.iter().map(|&(_, dim)| dim);
    let dims: Option<Vec<Dim>> = is_offset.iter().map(|&offset| if offset { offsets.next() } else { batches.next() }).collect();
    // The rank check of `numbers.check` makes the counts agree.
    let dims = dims.ok_or("offset_dims does not match the slice dimensions")?;
    Ok(vec![tensor(ctx, dims, operand.element)])
}

/// The dimension numbers in the order the custom form writes them.
const GATHER_KEYWORDS: [Keyword; 7] = [
    Keyword { name: "offset_dims", omit_empty: false },
    Keyword { name: "collapsed_slice_dims", omit_empty: false },
    Keyword { name: "operand_batching_dims", omit_empty: true },
    Keyword { name: "start_indices_batching_dims", omit_empty: true },
    Keyword { name: "start_index_map", omit_empty: false },
    Keyword { name: "index_vector_dim", omit_empty: false },
    Keyword { name: "slice_sizes", omit_empty: false },
];

/// Prints ` %x[%i], offset_dims = [..], ... : (types) -> type`; empty batching dimension
/// lists are left out.
fn print_gather(p: &mut OpPrinter, op: OpId) {
    let operands = p.body().op(op).operands.clone();
    p.print(" ");
    if let Some(&operand) = operands.first() {
        p.print_operand(operand);
    }
    p.print("[");
    p.print_operands(operands.get(1..).unwrap_or(&[]));
    p.print("]");
    print_keywords(p, op, &GATHER_KEYWORDS);
    print_trailing_types(p, op, &GATHER_KEYWORDS.map(|k| k.name));
}

fn parse_gather(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let mut operands = vec![p.parse_operand()?];
    p.expect(TokenKind::LSquare)?;
    operands.extend(p.parse_optional_operand_list()?);
    p.expect(TokenKind::RSquare)?;
    parse_keywords(p, state, &GATHER_KEYWORDS)?;
    parse_trailing_types(p, state, &operands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use xla_ir::{Body, Builder, ValueId};

    /// The dimension numbers of one gather, in builder order.
    struct Numbers<'a> {
        offset: &'a [i64],
        collapsed: &'a [i64],
        operand_batching: &'a [i64],
        indices_batching: &'a [i64],
        map: &'a [i64],
        ivd: i64,
        sizes: &'a [i64],
    }

    fn build(b: &mut Builder, x: ValueId, i: ValueId, n: &Numbers) -> Result<GatherOp, Diagnostic> {
        GatherOp::build(b, x, i, n.offset, n.collapsed, n.operand_batching, n.indices_batching, n.map, n.ivd, n.sizes, None)
    }

    /// Row gather: `tensor<5x3>` rows picked by `tensor<2x1>` indices.
    const ROWS: Numbers = Numbers {
        offset: &[1],
        collapsed: &[0],
        operand_batching: &[],
        indices_batching: &[],
        map: &[0],
        ivd: 1,
        sizes: &[1, 3],
    };

    #[test]
    fn gathers_rows_and_batches() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[5, 3], f32),
                ctx.tensor_type(&[2, 1], i32),
                ctx.tensor_type(&[4, 2], i32),
                ctx.tensor_type(&[16, 11], f32),
                ctx.tensor_type(&[3, 5, 7], f32),
                ctx.tensor_type(&[4, 3, 1], i32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let rows = build(&mut b, args[0], args[1], &ROWS).expect("valid");
        // The implicit index vector dimension: tensor<4x2> indices, one index each.
        let implicit = Numbers { offset: &[2], ivd: 2, ..ROWS };
        let implicit = build(&mut b, args[0], args[2], &implicit).expect("valid");
        // Operation semantics' example: slices of [8, 6] at tensor<4x2> start positions,
        // offset dims in the middle of the result.
        let windows = Numbers { offset: &[0, 2], collapsed: &[], map: &[0, 1], sizes: &[8, 6], ..ROWS };
        let windows = build(&mut b, args[3], args[2], &windows).expect("valid");
        // Batching: operand dimension 0 paired with indices dimension 1.
        let batched = Numbers {
            offset: &[2],
            collapsed: &[1],
            operand_batching: &[0],
            indices_batching: &[1],
            map: &[1],
            ivd: 2,
            sizes: &[1, 1, 7],
        };
        let batched = build(&mut b, args[4], args[5], &batched).expect("valid");
        let ty = |op: GatherOp| ctx.type_to_string(body.value_type(op.result(&body)));
        assert_eq!(ty(rows), "tensor<2x3xf32>");
        assert_eq!(ty(implicit), "tensor<4x2x3xf32>");
        assert_eq!(ty(windows), "tensor<8x4x6xf32>");
        assert_eq!(ty(batched), "tensor<4x3x7xf32>");
        assert_eq!(rows.start_index_map(&body), &[0]);
        assert_eq!(rows.index_vector_dim(&body), 1);
        assert_eq!(rows.indices_are_sorted(&body), None);
        for op in [rows, implicit, windows, batched] {
            assert_eq!(verify(&body, op).map_err(|d| d.message), Ok(()));
        }
    }

    #[test]
    fn every_dimension_number_is_checked() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[5, 3], f32),
                ctx.tensor_type(&[2, 1], i32),
                ctx.tensor_type(&[2, 1], f32),
                ctx.tensor_type(&[3, 5, 7], f32),
                ctx.tensor_type(&[4, 3, 1], i32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |x, i, n: &Numbers| build(&mut b, args[x], args[i], n).expect_err("invalid").message;
        let cases: Vec<(usize, usize, Numbers, &str)> = vec![
            (0, 2, Numbers { ..ROWS }, "start_indices must be a tensor of integers, found tensor<2x1xf32>"),
            (0, 1, Numbers { ivd: 3, ..ROWS }, "index_vector_dim = 3 is out of range for start_indices of rank 2 (it may be at most 2)"),
            (0, 1, Numbers { ivd: -1, ..ROWS }, "index_vector_dim = -1 is out of range for start_indices of rank 2 (it may be at most 2)"),
            (0, 1, Numbers { offset: &[], collapsed: &[1, 0], ..ROWS }, "collapsed_slice_dims must be sorted, found [1, 0]"),
            (0, 1, Numbers { offset: &[], collapsed: &[0, 0], ..ROWS }, "collapsed_slice_dims contains 0 twice"),
            (0, 1, Numbers { collapsed: &[2], ..ROWS }, "collapsed_slice_dims[0] = 2 is out of range for the operand of rank 2"),
            (0, 1, Numbers { collapsed: &[], operand_batching: &[1, 0], ..ROWS }, "operand_batching_dims must be sorted, found [1, 0]"),
            (0, 1, Numbers { collapsed: &[], operand_batching: &[0, 0], ..ROWS }, "operand_batching_dims contains 0 twice"),
            (
                0,
                1,
                Numbers { operand_batching: &[0], indices_batching: &[0], ..ROWS },
                "dimension 0 is in both collapsed_slice_dims and operand_batching_dims",
            ),
            (0, 1, Numbers { map: &[2], ..ROWS }, "start_index_map[0] = 2 is out of range for the operand of rank 2"),
            (0, 1, Numbers { map: &[0, 0], ..ROWS }, "start_index_map contains 0 twice"),
            (
                0,
                1,
                Numbers { collapsed: &[], operand_batching: &[0], indices_batching: &[0], ..ROWS },
                "dimension 0 is in both start_index_map and operand_batching_dims",
            ),
            (
                0,
                1,
                Numbers { map: &[0, 1], ..ROWS },
                "start_index_map has 2 entries, but the index vectors along dimension 1 of start_indices have 1",
            ),
            (
                0,
                1,
                Numbers { ivd: 2, map: &[0, 1], ..ROWS },
                "start_index_map has 2 entries, but the index vectors along dimension 2 of start_indices have 1",
            ),
            (
                0,
                1,
                Numbers { collapsed: &[], operand_batching: &[1], indices_batching: &[2], ..ROWS },
                "start_indices_batching_dims[0] = 2 is out of range for start_indices of rank 2",
            ),
            (
                3,
                4,
                Numbers { offset: &[1], collapsed: &[], operand_batching: &[0, 1], indices_batching: &[0, 0], map: &[2], ivd: 2, sizes: &[1, 1, 1] },
                "start_indices_batching_dims contains 0 twice",
            ),
            (
                3,
                4,
                Numbers { offset: &[1], collapsed: &[1], operand_batching: &[0], indices_batching: &[2], map: &[2], ivd: 2, sizes: &[1, 1, 1] },
                "start_indices_batching_dims contains index_vector_dim 2",
            ),
            (
                3,
                4,
                Numbers { offset: &[1], collapsed: &[1], operand_batching: &[0], indices_batching: &[], map: &[2], ivd: 2, sizes: &[1, 1, 1] },
                "operand_batching_dims has 1 entries, but start_indices_batching_dims has 0",
            ),
            (
                3,
                4,
                Numbers { offset: &[1], collapsed: &[1], operand_batching: &[0], indices_batching: &[0], map: &[2], ivd: 2, sizes: &[1, 1, 1] },
                "operand_batching_dims[0] = 0 has size 3 in the operand, but start_indices_batching_dims[0] = 0 has size 4 in start_indices",
            ),
            (0, 1, Numbers { offset: &[], ..ROWS }, "offset_dims (0), collapsed_slice_dims (1) and operand_batching_dims (0) must add up to the rank of the operand (2)"),
            (0, 1, Numbers { offset: &[1, 0], collapsed: &[], ..ROWS }, "offset_dims must be sorted, found [1, 0]"),
            (0, 1, Numbers { offset: &[1, 1], collapsed: &[], ..ROWS }, "offset_dims contains 1 twice"),
            (0, 1, Numbers { offset: &[2], ..ROWS }, "offset_dims[0] = 2 is out of range for a result of rank 2"),
            (0, 1, Numbers { sizes: &[1], ..ROWS }, "slice_sizes has 1 entries, but the operand has rank 2"),
            (0, 1, Numbers { sizes: &[1, -1], ..ROWS }, "slice_sizes[1] = -1 must be non-negative"),
            (0, 1, Numbers { sizes: &[1, 4], ..ROWS }, "slice_sizes[1] = 4 exceeds the size 3 of operand dimension 1"),
            (0, 1, Numbers { sizes: &[2, 3], ..ROWS }, "slice_sizes[0] = 2 must be at most 1, since dimension 0 is in collapsed_slice_dims"),
            (
                3,
                4,
                Numbers { offset: &[2], collapsed: &[1], operand_batching: &[0], indices_batching: &[1], map: &[1], ivd: 2, sizes: &[2, 1, 7] },
                "slice_sizes[0] = 2 must be at most 1, since dimension 0 is in operand_batching_dims",
            ),
        ];
        for (x, i, numbers, message) in &cases {
            assert_eq!(error(*x, *i, numbers), format!("'hlo.gather' op {message}"));
        }
    }
}
