//! `hlo.custom_call`: XLA's `CustomCall`, a call to a function the backend provides by name.
//!
//! Its custom form names the target as a symbol, as StableHLO prints it:
//! `%0 = hlo.custom_call @target(%a, %b) {backend_config = "..."} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>`;
//! the target is still stored as the string attribute `call_target_name`, since it names a
//! function of the runtime, not a symbol of the module.

use xla_ir::constraints::{AnyType, ArrayAttr, BoolAttr, I64ArrayListAttr, StrAttr, Variadic};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{AttrData, Attribute, Context, Diagnostic, Op, OpId, OpRef, OpState, Type, TypeData};
use xla_macros::op;

use super::call::find_function;

xla_ir::enum_attr! {
    /// How a custom call's target receives its arguments (XLA's `CustomCallApiVersion`).
    pub enum CustomCallApiVersion: "a custom call API version" {
        Original = "API_VERSION_ORIGINAL",
        StatusReturning = "API_VERSION_STATUS_RETURNING",
        StatusReturningUnified = "API_VERSION_STATUS_RETURNING_UNIFIED",
        TypedFfi = "API_VERSION_TYPED_FFI",
    }
}

/// Calls the backend function `call_target_name` on the operands; it returns values of the
/// result types.
///
/// XLA's `CustomCall`: the result types are given. `backend_config` is passed to the target
/// as is; `has_side_effect` keeps the call from being removed or merged; `api_version` says
/// how the target is called; `called_computations` names functions of the module the
/// target may call. `operand_layouts`/`result_layouts` (together or not at all) give one
/// minor-to-major permutation per operand/result; `output_operand_aliases` lists
/// `{output_tuple_indices = array<i64: ...>, operand_index = N, operand_tuple_indices =
/// array<i64: ...>}` dictionaries, each saying that an output (a result, or a tuple element
/// of one; with several results the first index picks the result) shares its buffer with an
/// operand (or a tuple element of one) of the same type.
///
/// Example: `%0 = hlo.custom_call @target(%a, %b) {backend_config = "..."} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>`
#[op(name = "hlo.custom_call", verify = verify_custom_call, print = print_custom_call, parse = parse_custom_call)]
pub struct CustomCallOp {
    /// The arguments.
    #[operand]
    operands: Variadic<AnyType>,
    /// The name of the backend function called.
    #[attr]
    call_target_name: StrAttr,
    /// Configuration passed to the target as is.
    #[attr]
    backend_config: Option<StrAttr>,
    /// Whether the call has side effects (default false).
    #[attr]
    has_side_effect: Option<BoolAttr>,
    /// How the target is called (default `API_VERSION_ORIGINAL`).
    #[attr]
    api_version: Option<CustomCallApiVersion>,
    /// Symbol references to functions of the module the target may call.
    #[attr]
    called_computations: Option<ArrayAttr>,
    /// One minor-to-major layout per operand.
    #[attr]
    operand_layouts: Option<I64ArrayListAttr>,
    /// One minor-to-major layout per result.
    #[attr]
    result_layouts: Option<I64ArrayListAttr>,
    /// Outputs that share a buffer with an operand.
    #[attr]
    output_operand_aliases: Option<ArrayAttr>,
    /// The values the target returns.
    #[result]
    results: Variadic<AnyType>,
}

/// Checks `hlo.custom_call`: called computations name functions of the module; layouts come
/// together, one per value, each a permutation of that tensor's dimensions; aliases index
/// existing values of equal types.
pub fn verify_custom_call(op: OpRef) -> Result<(), Diagnostic> {
    let (ctx, body) = (op.ctx(), op.body);
    let call = CustomCallOp::from_id_unchecked(op.id);
    for (i, computation) in call.called_computations(body).unwrap_or_default().iter().enumerate() {
        find_function(op, *computation, &format!("called_computations[{i}]"))?;
    }
    let (operand_types, result_types) = (op.operand_types(), op.result_types());
    match (call.operand_layouts(body), call.result_layouts(body)) {
        (Some(operands), Some(results)) => {
            check_layouts(op, "operand_layouts", "operand", &operands, &operand_types)?;
            check_layouts(op, "result_layouts", "result", &results, &result_types)?;
        }
        (None, None) => {}
        _ => return Err(op.error("operand_layouts and result_layouts must be given together")),
    }
    let output_root = match result_types.as_slice() {
        [one] => *one,
        _ => ctx.ty(TypeData::Tuple(result_types.clone())),
    };
    for (i, alias) in call.output_operand_aliases(body).unwrap_or_default().iter().enumerate() {
        let Some((output, operand, operand_indices)) = read_alias(ctx, *alias) else {
            return Err(op.error(format!(
                "output_operand_aliases[{i}] must be a dictionary {{output_tuple_indices = array<i64: ...>, operand_index = N, operand_tuple_indices = array<i64: ...>}}, found {}",
                ctx.attr_to_string(*alias)
            )));
        };
        let operand_type = usize::try_from(operand).ok().and_then(|k| operand_types.get(k)).ok_or_else(|| {
            op.error(format!(
                "output_operand_aliases[{i}]: operand_index {operand} is out of range for {} operands",
                operand_types.len()
            ))
        })?;
        let aliased_operand = element_at(ctx, *operand_type, operand_indices).ok_or_else(|| {
            op.error(format!(
                "output_operand_aliases[{i}]: operand_tuple_indices {operand_indices:?} do not index into operand #{operand} ({})",
                ctx.type_to_string(*operand_type)
            ))
        })?;
        let aliased_output = element_at(ctx, output_root, output).ok_or_else(|| {
            op.error(format!(
                "output_operand_aliases[{i}]: output_tuple_indices {output:?} do not index into the results ({})",
                ctx.type_to_string(output_root)
            ))
        })?;
        if aliased_output != aliased_operand {
            return Err(op.error(format!(
                "output_operand_aliases[{i}] aliases an output of type {} with an operand of type {}; they must be equal",
                ctx.type_to_string(aliased_output),
                ctx.type_to_string(aliased_operand)
            )));
        }
    }
    Ok(())
}

/// Checks `layouts` (the attribute `name`) against `types`, the types of the op's `what`s.
fn check_layouts(op: OpRef, name: &str, what: &str, layouts: &[&[i64]], types: &[Type]) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    if layouts.len() != types.len() {
        return Err(op.error(format!("{name} has {} entries, but the op has {} {what}s", layouts.len(), types.len())));
    }
    for (i, (layout, ty)) in layouts.iter().zip(types).enumerate() {
        let Some(tensor) = ctx.as_tensor(*ty) else {
            if layout.is_empty() {
                continue;
            }
            return Err(op.error(format!(
                "{name}[{i}] must be [] for {what} #{i} of type {}, which is not a tensor",
                ctx.type_to_string(*ty)
            )));
        };
        let rank = tensor.dims.len();
        let mut seen = vec![false; rank];
        let is_permutation = layout.len() == rank
            && layout.iter().all(|&d| usize::try_from(d).ok().filter(|&d| d < rank).is_some_and(|d| !std::mem::replace(&mut seen[d], true)));
        if !is_permutation {
            return Err(op.error(format!(
                "{name}[{i}] = {layout:?} is not a permutation of the {rank} dimensions of {what} #{i} ({})",
                ctx.type_to_string(*ty)
            )));
        }
    }
    Ok(())
}

/// The output indices, operand index and operand indices of an alias dictionary, or `None`
/// when it is not one (missing index lists are empty).
fn read_alias(ctx: &Context, alias: Attribute) -> Option<(&[i64], i64, &[i64])> {
    let AttrData::Dictionary(entries) = ctx.attr_data(alias) else { return None };
    let (mut output, mut operand, mut operand_indices): (&[i64], Option<i64>, &[i64]) = (&[], None, &[]);
    for entry in entries {
        match ctx.symbol_str(entry.name) {
            "output_tuple_indices" => output = ctx.as_int_array(entry.value)?,
            "operand_tuple_indices" => operand_indices = ctx.as_int_array(entry.value)?,
            "operand_index" => match ctx.attr_data(entry.value) {
                AttrData::Integer { value, .. } => operand = Some(i64::try_from(*value).ok()?),
                _ => return None,
            },
            _ => return None,
        }
    }
    Some((output, operand?, operand_indices))
}

/// The element of `ty` that `indices` select through nested tuples.
fn element_at(ctx: &Context, ty: Type, indices: &[i64]) -> Option<Type> {
    indices.iter().try_fold(ty, |ty, &i| match ctx.type_data(ty) {
        TypeData::Tuple(elements) => usize::try_from(i).ok().and_then(|i| elements.get(i).copied()),
        _ => None,
    })
}

/// Prints ` @target(%a, %b) {attrs} : (types) -> results`.
fn print_custom_call(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = p.ctx();
    let data = body.op(op);
    // A target that is not a string (an unverified op) stays in the attribute dictionary.
    let target = body.attr(op, "call_target_name").and_then(|a| ctx.as_string(a));
    if let Some(target) = target {
        p.print(" ");
        p.print_symbol_name(target);
    }
    p.print("(");
    p.print_operands(&data.operands);
    p.print(")");
    p.print_attr_dict(&data.attributes, if target.is_some() { &["call_target_name"] } else { &[] });
    p.print(" : ");
    super::common::print_functional_type(p, op);
}

/// Parses what [`print_custom_call`] prints.
fn parse_custom_call(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    if p.is(TokenKind::AtIdent) {
        let target = p.parse_symbol_name()?;
        state.set_attr(ctx.symbol("call_target_name"), ctx.string_attr(&target));
    }
    p.expect(TokenKind::LParen)?;
    let operands = p.parse_optional_operand_list()?;
    p.expect(TokenKind::RParen)?;
    super::common::parse_attrs_and_functional_type(p, state, &operands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use xla_ir::{Body, Builder, NamedAttribute};

    /// Operand and result layouts.
    type Layouts<'a> = (Vec<&'a [i64]>, Vec<&'a [i64]>);

    fn alias(ctx: &Context, output: &[i64], operand: i64, operand_indices: &[i64]) -> Attribute {
        let entry = |name: &str, value| NamedAttribute { name: ctx.symbol(name), value };
        ctx.dictionary_attr(vec![
            entry("output_tuple_indices", ctx.i64_array_attr(output)),
            entry("operand_index", ctx.i64_attr(operand)),
            entry("operand_tuple_indices", ctx.i64_array_attr(operand_indices)),
        ])
    }

    #[test]
    fn layouts_and_aliases_are_checked_against_the_values() {
        let ctx = context();
        let matrix = ctx.tensor_type(&[2, 3], ctx.f32_type());
        let vector = ctx.tensor_type(&[3], ctx.f32_type());
        let pair = ctx.ty(TypeData::Tuple(vec![matrix, vector]));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[matrix, pair]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut call = |layouts: Option<Layouts>, aliases: Option<&[Attribute]>| {
            let (operand_layouts, result_layouts) = layouts.unzip();
            CustomCallOp::build(&mut b, &args, "f", Some("cfg"), Some(true), Some(CustomCallApiVersion::TypedFfi), None, operand_layouts, result_layouts, aliases, &[matrix, vector])
                .expect("no inference")
        };
        let valid = call(Some((vec![&[1, 0], &[]], vec![&[0, 1], &[0]])), Some(&[alias(&ctx, &[0], 0, &[]), alias(&ctx, &[1], 1, &[1])]));
        let not_permutation = call(Some((vec![&[0, 0], &[]], vec![&[0, 1], &[0]])), None);
        let tuple_layout = call(Some((vec![&[1, 0], &[0]], vec![&[0, 1], &[0]])), None);
        let too_few = call(Some((vec![&[1, 0]], vec![&[0, 1], &[0]])), None);
        let mismatched = call(None, Some(&[alias(&ctx, &[1], 0, &[])]));
        let bad_index = call(None, Some(&[alias(&ctx, &[0], 0, &[1])]));
        let malformed = call(None, Some(&[ctx.i64_attr(0)]));
        assert_eq!(verify(&body, valid).map_err(|d| d.message), Ok(()));
        assert_eq!(valid.call_target_name(&body), "f");
        assert_eq!(valid.api_version(&body), Some(CustomCallApiVersion::TypedFfi));
        assert_eq!(
            verify_error(&body, not_permutation),
            "operand_layouts[0] = [0, 0] is not a permutation of the 2 dimensions of operand #0 (tensor<2x3xf32>)"
        );
        assert_eq!(
            verify_error(&body, tuple_layout),
            "operand_layouts[1] must be [] for operand #1 of type tuple<tensor<2x3xf32>, tensor<3xf32>>, which is not a tensor"
        );
        assert_eq!(verify_error(&body, too_few), "operand_layouts has 1 entries, but the op has 2 operands");
        assert_eq!(
            verify_error(&body, mismatched),
            "output_operand_aliases[0] aliases an output of type tensor<3xf32> with an operand of type tensor<2x3xf32>; they must be equal"
        );
        assert_eq!(
            verify_error(&body, bad_index),
            "output_operand_aliases[0]: operand_tuple_indices [1] do not index into operand #0 (tensor<2x3xf32>)"
        );
        assert!(verify_error(&body, malformed).starts_with("output_operand_aliases[0] must be a dictionary"));
    }
}
