//! `gather` and `scatter`, which StableHLO prints only generically, with their dimension
//! numbers in one struct attribute:
//! `#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims =
//! [...], start_indices_batching_dims = [...], start_index_map = [0], index_vector_dim = 1>`
//! and `#stablehlo.scatter<update_window_dims = [...], inserted_window_dims = [...],
//! input_batching_dims = [...], scatter_indices_batching_dims = [...],
//! scatter_dims_to_operand_dims = [...], index_vector_dim = N>`. hlo keeps one attribute
//! per field, under the same names; absent list fields are empty and an absent
//! `index_vector_dim` is 0, as StableHLO prints and parses them.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Body, Diagnostic, OpId};

use super::attr_text::bool_attr;
use super::dot_conv::struct_fields_of;
use super::legalize::{op_error, rename_op, take_attr};
use super::shape_ops::normalize_attrs;

const GATHER_LISTS: &[&str] =
    &["offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims", "start_index_map"];
const SCATTER_LISTS: &[&str] = &[
    "update_window_dims",
    "inserted_window_dims",
    "input_batching_dims",
    "scatter_indices_batching_dims",
    "scatter_dims_to_operand_dims",
];

/// Moves the fields of struct attribute `attr_name` (`#stablehlo.<mnemonic><...>`) onto
/// the op as flat attributes.
fn flatten(body: &mut Body, op: OpId, attr_name: &str, mnemonic: &str, lists: &[&str]) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let attr = take_attr(body, op, attr_name).ok_or_else(|| op_error(body, op, format!("requires attribute '{attr_name}'")))?;
    let fields = struct_fields_of(body, op, attr, mnemonic)?;
    let known: Vec<&str> = lists.iter().copied().chain(["index_vector_dim"]).collect();
    fields.only(&known)?;
    for name in lists {
        let values = fields.list(name)?;
        body.set_attr(op, name, ctx.i64_array_attr(&values));
    }
    // StableHLO prints no `index_vector_dim` when it is 0, its default.
    let index_vector_dim = fields.int_or("index_vector_dim", Some(0))?;
    body.set_attr(op, "index_vector_dim", ctx.i64_attr(index_vector_dim));
    Ok(())
}

/// Rewrites the optional flag `name` as a bool attribute.
fn flag(body: &mut Body, op: OpId, name: &str) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    if let Some(a) = take_attr(body, op, name) {
        let value = bool_attr(ctx, a).ok_or_else(|| op_error(body, op, format!("attribute '{name}' must be a bool")))?;
        body.set_attr(op, name, ctx.bool_attr(value));
    }
    Ok(())
}

/// Generic `"stablehlo.gather"`.
pub(crate) fn convert_gather(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    flatten(body, op, "dimension_numbers", "gather", GATHER_LISTS)?;
    normalize_attrs(body, op, &["slice_sizes"], &[])?;
    flag(body, op, "indices_are_sorted")?;
    rename_op(body, op, HloOpKind::Gather);
    Ok(())
}

/// Generic `"stablehlo.scatter"`.
pub(crate) fn convert_scatter(body: &mut Body, op: OpId) -> Result<(), Diagnostic> {
    flatten(body, op, "scatter_dimension_numbers", "scatter", SCATTER_LISTS)?;
    flag(body, op, "indices_are_sorted")?;
    flag(body, op, "unique_indices")?;
    rename_op(body, op, HloOpKind::Scatter);
    Ok(())
}
