//! Pieces shared by the shape and data-movement ops (reshape, slice, pad, gather, scatter,
//! sort, ...): checks of dimension-list attributes, sizes of dimensions, the signature of
//! scalar computations in regions, and the custom-form pieces their hooks share.
//!
//! Invariant: nothing here panics on any input; every check returns a message naming the
//! attribute, entry and dimension at fault, which the caller prefixes with the op's name.

use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::{OpParser, UnresolvedOperand};
use xla_ir::printer::OpPrinter;
use xla_ir::shape::compatible;
use xla_ir::{AttrData, Context, Diagnostic, Dim, Op, OpId, OpRef, OpState, RegionId, TensorType, Type, TypeData};

pub(crate) use super::dot_general::dim_to_string;

pub(crate) use super::common::int_list as list;

/// A tensor type without layout.
pub(crate) fn tensor(ctx: &Context, dims: Vec<Dim>, element: Type) -> Type {
    ctx.ty(TypeData::Tensor(TensorType { dims, element, layout: None }))
}

/// The largest size a dimension can have: its size or its bound; `None` when unknown.
pub(crate) fn upper_bound(dim: Dim) -> Option<i64> {
    match dim {
        Dim::Static(n) | Dim::Bounded(n) => Some(n),
        Dim::Unknown => None,
    }
}

/// The integer attribute `name`, or an error naming it.
pub(crate) fn i64_attr(cx: &InferContext, name: &str) -> Result<i64, String> {
    match cx.attr(name).map(|a| cx.ctx.attr_data(a)) {
        Some(AttrData::Integer { value, .. }) => {
            i64::try_from(*value).map_err(|_| format!("attribute '{name}' = {value} does not fit in 64 bits"))
        }
        _ => Err(format!("requires attribute '{name}'")),
    }
}

/// Checks that attribute `name` has one entry per dimension of `of` (of rank `rank`).
pub(crate) fn check_len(name: &str, values: &[i64], rank: usize, of: &str) -> Result<(), String> {
    if values.len() != rank {
        return Err(format!("{name} has {} entries, but {of} has rank {rank}", values.len()));
    }
    Ok(())
}

/// Entry `i` of attribute `name`, `d`, as a dimension of `of` (of rank `rank`).
pub(crate) fn dim_in_range(name: &str, i: usize, d: i64, rank: usize, of: &str) -> Result<usize, String> {
    usize::try_from(d)
        .ok()
        .filter(|&d| d < rank)
        .ok_or_else(|| format!("{name}[{i}] = {d} is out of range for {of} of rank {rank}"))
}

/// Checks that every entry of attribute `name` is a dimension of `of` and that none repeats;
/// returns which dimensions it names.
pub(crate) fn distinct_dims(name: &str, dims: &[i64], rank: usize, of: &str) -> Result<Vec<bool>, String> {
    let mut named = vec![false; rank];
    for (i, &d) in dims.iter().enumerate() {
        let index = dim_in_range(name, i, d, rank, of)?;
        if std::mem::replace(&mut named[index], true) {
            return Err(format!("{name} contains {d} twice"));
        }
    }
    Ok(named)
}

/// Checks that attribute `name` is in increasing order.
pub(crate) fn check_sorted(name: &str, dims: &[i64]) -> Result<(), String> {
    if dims.windows(2).any(|w| w[0] > w[1]) {
        return Err(format!("{name} must be sorted, found {}", list(dims)));
    }
    Ok(())
}

/// Checks the start indices of `hlo.dynamic_slice` and `hlo.dynamic_update_slice`: one per
/// operand dimension, each a 0-d integer tensor, all of one type.
pub(crate) fn check_start_indices(ctx: &Context, indices: &[Type], rank: usize) -> Result<(), String> {
    if indices.len() != rank {
        return Err(format!("needs one start index per operand dimension ({rank}), found {}", indices.len()));
    }
    for (i, &ty) in indices.iter().enumerate() {
        let is_integer = ctx.as_tensor(ty).is_some_and(|t| {
            t.dims.is_empty() && matches!(ctx.type_data(t.element), TypeData::Integer { width, .. } if *width > 1)
        });
        if !is_integer {
            return Err(format!("start index #{i} must be a 0-d integer tensor, found {}", ctx.type_to_string(ty)));
        }
        if ty != indices[0] {
            return Err(format!(
                "start index #{i} has type {}, but start index #0 has type {}",
                ctx.type_to_string(ty),
                ctx.type_to_string(indices[0])
            ));
        }
    }
    Ok(())
}

/// The 0-d tensor of `element`.
pub(crate) fn scalar_of(ctx: &Context, element: Type) -> Type {
    tensor(ctx, Vec::new(), element)
}

/// Checks that `region`, the computation `what` of `op`, is one block taking `args` and
/// returning `results` with `hlo.return`.
pub(crate) fn verify_scalar_computation(
    op: OpRef,
    region: RegionId,
    what: &str,
    args: &[Type],
    results: &[Type],
) -> Result<(), Diagnostic> {
    let (ctx, body) = (op.ctx(), op.body);
    let blocks = &body.region(region).blocks;
    let &[block] = blocks.as_slice() else {
        return Err(op.error(format!("the {what} must have exactly one block, found {}", blocks.len())));
    };
    let actual_args = &body.block(block).args;
    if actual_args.len() != args.len() {
        return Err(op.error(format!("the {what} takes {} arguments, expected {}", actual_args.len(), args.len())));
    }
    for (i, (arg, expected)) in actual_args.iter().zip(args).enumerate() {
        let ty = body.value_type(*arg);
        if !compatible(ctx, ty, *expected) {
            return Err(op.error(format!(
                "{what} argument #{i} has type {}, expected {}",
                ctx.type_to_string(ty),
                ctx.type_to_string(*expected)
            )));
        }
    }
    let Some(terminator) = body.last_op(block) else {
        return Err(op.error(format!("the {what} block is empty; it must end with hlo.return")));
    };
    if body.op_name(terminator) != super::ReturnOp::DEF.name {
        return Err(op.error(format!("the {what} must end with hlo.return, found '{}'", body.op_name(terminator))));
    }
    let returned = &body.op(terminator).operands;
    if returned.len() != results.len() {
        return Err(op.error(format!("the {what} returns {} values, expected {}", returned.len(), results.len())));
    }
    for (i, (v, expected)) in returned.iter().zip(results).enumerate() {
        let ty = body.value_type(*v);
        if !compatible(ctx, ty, *expected) {
            return Err(op.error(format!(
                "{what} result #{i} has type {}, expected {}",
                ctx.type_to_string(ty),
                ctx.type_to_string(*expected)
            )));
        }
    }
    Ok(())
}

// ---- Custom-form pieces -------------------------------------------------------------------

/// Parses `%a, %b, ` up to a keyword: operands separated by commas, where a comma not followed
/// by an operand ends the list (and is consumed). Returns the operands and whether such a
/// comma ended the list.
pub(crate) fn parse_operands_then_comma(p: &mut OpParser) -> Result<(Vec<UnresolvedOperand>, bool), Diagnostic> {
    let mut operands = Vec::new();
    while p.is(TokenKind::PercentIdent) {
        operands.push(p.parse_operand()?);
        if !p.accept(TokenKind::Comma) {
            return Ok((operands, false));
        }
    }
    Ok((operands, true))
}

/// Parses `(%a, %b)` (possibly empty).
pub(crate) fn parse_paren_operands(p: &mut OpParser) -> Result<Vec<UnresolvedOperand>, Diagnostic> {
    p.expect(TokenKind::LParen)?;
    let operands = p.parse_optional_operand_list()?;
    p.expect(TokenKind::RParen)?;
    Ok(operands)
}

/// Parses `name = value`, where the value is an integer list or an integer.
fn parse_keyword_value(p: &mut OpParser) -> Result<(String, xla_ir::Attribute), Diagnostic> {
    let name = p.parse_identifier()?.to_string();
    p.expect(TokenKind::Equal)?;
    let ctx = p.ctx();
    let value = if p.is(TokenKind::LSquare) {
        ctx.i64_array_attr(&p.parse_int_list()?)
    } else {
        let at = p.loc();
        let v = p.parse_integer()?;
        ctx.i64_attr(i64::try_from(v).map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))?)
    };
    Ok((name, value))
}

/// One `name = value` entry of a custom form.
#[derive(Copy, Clone)]
pub(crate) struct Keyword {
    /// The attribute's name, which the custom form writes.
    pub name: &'static str,
    /// Whether the entry is left out when its list is empty (and read as empty when absent).
    pub omit_empty: bool,
}

/// Parses `, name = value, name = value` for the given keywords, in any order, each at most
/// once, into `state`. Lists that may be omitted and are absent become empty lists; other
/// absent entries are left for the verifier to report.
pub(crate) fn parse_keywords(p: &mut OpParser, state: &mut OpState, keywords: &[Keyword]) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let mut comma = p.accept(TokenKind::Comma);
    while comma {
        let at = p.loc();
        let (name, value) = parse_keyword_value(p)?;
        let Some(keyword) = keywords.iter().find(|k| k.name == name) else {
            let names: Vec<&str> = keywords.iter().map(|k| k.name).collect();
            return Err(Diagnostic::error(at, format!("unknown keyword '{name}', expected one of {}", names.join(", "))));
        };
        if state.attr(ctx.symbol(keyword.name)).is_some() {
            return Err(Diagnostic::error(at, format!("'{name}' is given twice")));
        }
        state.set_attr(ctx.symbol(keyword.name), value);
        comma = p.accept(TokenKind::Comma);
    }
    for keyword in keywords.iter().filter(|k| k.omit_empty) {
        if state.attr(ctx.symbol(keyword.name)).is_none() {
            state.set_attr(ctx.symbol(keyword.name), ctx.i64_array_attr(&[]));
        }
    }
    Ok(())
}

/// Prints `, name = value` for each keyword whose attribute `op` has, leaving out empty lists
/// that may be omitted.
pub(crate) fn print_keywords(p: &mut OpPrinter, op: OpId, keywords: &[Keyword]) {
    let body = p.body();
    let ctx = p.ctx();
    for keyword in keywords {
        let Some(value) = body.attr(op, keyword.name) else { continue };
        let text = match ctx.attr_data(value) {
            AttrData::DenseIntArray { .. } => match ctx.as_int_array(value) {
                Some([]) if keyword.omit_empty => continue,
                Some(values) => list(values),
                None => ctx.attr_to_string(value),
            },
            // The value only: the form reads integers back as i64, the type I64Attr makes.
            AttrData::Integer { value, .. } => value.to_string(),
            _ => ctx.attr_to_string(value),
        };
        p.print(&format!(", {} = {text}", keyword.name));
    }
}

/// Prints ` keyword = N` for the integer attribute `name`: its value only, since a type
/// suffix (`0 : i64`) would run into the `:` before the op's types.
pub(crate) fn print_int_keyword(p: &mut OpPrinter, op: OpId, name: &str, keyword: &str) {
    let ctx = p.ctx();
    let text = match p.body().attr(op, name) {
        Some(value) => match ctx.attr_data(value) {
            AttrData::Integer { value, .. } => value.to_string(),
            _ => ctx.attr_to_string(value),
        },
        None => "<<missing>>".to_string(),
    };
    p.print(&format!(" {keyword} = {text}"));
}

/// Parses `keyword = N` into the `i64` integer attribute `name`.
pub(crate) fn parse_int_keyword(p: &mut OpParser, state: &mut OpState, name: &str, keyword: &str) -> Result<(), Diagnostic> {
    p.expect_keyword(keyword)?;
    p.expect(TokenKind::Equal)?;
    let at = p.loc();
    let value = p.parse_integer()?;
    let value = i64::try_from(value).map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))?;
    state.set_attr(p.ctx().symbol(name), p.ctx().i64_attr(value));
    Ok(())
}

pub(crate) use super::common::print_attrs_and_functional_type as print_trailing_types;

pub(crate) use super::elementwise_support::parse_attr_dict_into;

pub(crate) use super::common::parse_attrs_and_functional_type as parse_trailing_types;
