//! `loop.convert` and `loop.bitcast`: changing a scalar's type.
//!
//! - `%y = loop.convert %x : f32 -> i32` is `hlo.convert_element_type` on one element
//!   (float to integer truncates and saturates, NaN gives 0; anything to `i1` is `x != 0`),
//!   and also converts between integers and `index` (as a signed 64-bit integer);
//! - `%y = loop.bitcast %x : f32 -> i32` reinterprets the bits of a scalar as another type
//!   of the same width (`hlo.bitcast_convert_type` of equal widths).
//!
//! Invariant checked by the verifier of `loop.bitcast`: both types have the same width
//! (`index`, whose width is the target's, takes no part).

use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpRef, OpState};
use xla_macros::op;

use super::forms::parse_attr_dict_into;
use super::types::{scalar_bit_width, ScalarType};

/// Converts a scalar to the result type as `hlo.convert_element_type` converts elements;
/// also between integers and `index`.
///
/// Example: `%y = loop.convert %x : f32 -> i32`
#[op(name = "loop.convert", traits = [Pure], print = print_cast, parse = parse_cast)]
pub struct ConvertOp {
    #[operand]
    operand: ScalarType,
    #[result]
    result: ScalarType,
}

/// Reinterprets the bits of a scalar as the result type, of the same width.
///
/// Example: `%y = loop.bitcast %x : f32 -> i32`
#[op(name = "loop.bitcast", traits = [Pure], verify = verify_bitcast, print = print_cast, parse = parse_cast)]
pub struct BitcastOp {
    #[operand]
    operand: ScalarType,
    #[result]
    result: ScalarType,
}

/// Checks `loop.bitcast`: both types have one width, and neither is `index`.
pub fn verify_bitcast(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let (from, to) = (op.body.value_type(op.operands()[0]), op.body.value_type(op.results()[0]));
    match (scalar_bit_width(ctx, from), scalar_bit_width(ctx, to)) {
        (Some(a), Some(b)) if a == b => Ok(()),
        (Some(a), Some(b)) => Err(op.error(format!(
            "cannot reinterpret {} ({a} bits) as {} ({b} bits): the widths differ",
            ctx.type_to_string(from),
            ctx.type_to_string(to)
        ))),
        _ => Err(op.error(format!(
            "cannot reinterpret {} as {}: index has no fixed width",
            ctx.type_to_string(from),
            ctx.type_to_string(to)
        ))),
    }
}

/// Prints ` %x {attrs} : A -> B`.
fn print_cast(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operands(&data.operands);
    p.print_attr_dict(&data.attributes, &[]);
    p.print(" : ");
    p.print_type(body.value_type(data.operands[0]));
    p.print(" -> ");
    p.print_type(body.value_type(data.results[0]));
}

/// Parses what [`print_cast`] prints.
fn parse_cast(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operand = p.parse_operand()?;
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let from = p.parse_type()?;
    p.expect(TokenKind::Arrow)?;
    let to = p.parse_type()?;
    state.operands = vec![p.resolve_operand(&operand, from)?];
    state.result_types = vec![to];
    Ok(())
}
