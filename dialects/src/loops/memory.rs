//! `loop.load` and `loop.store`: the element of a buffer at a logical index.
//!
//! `%x = loop.load %b[%i, %j] : memref<4x8xf32>` reads an element;
//! `loop.store %x, %b[%i, %j] : memref<4x8xf32>` writes one. Indices are logical: one
//! `index` per dimension of the buffer, whatever its layout (the llvm lowering applies the
//! layout). Invariants checked by the verifiers: as many indices as the buffer has
//! dimensions, every index of type `index`, and the loaded or stored value of the buffer's
//! element type. An index out of bounds is undefined behavior in compiled code and an error
//! in the interpreter.

use xla_ir::constraints::Variadic;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpRef, OpState, Type, ValueId};
use xla_macros::op;

use super::forms::{parse_attr_dict_into, parse_indexed, print_indexed};
use super::types::{is_index, AnyMemRef, Index, ScalarType};

/// Reads the element of `buffer` at `indices`.
///
/// There is one index per dimension of the buffer; the result has the buffer's element
/// type.
///
/// Example: `%x = loop.load %b[%i, %j] : memref<4x8xf32>`
#[op(name = "loop.load", verify = verify_load, print = print_load, parse = parse_load)]
pub struct LoadOp {
    /// The buffer read.
    #[operand]
    buffer: AnyMemRef,
    /// The logical index, one `index` per dimension.
    #[operand]
    indices: Variadic<Index>,
    /// The element.
    #[result]
    result: ScalarType,
}

/// Writes `value` to the element of `buffer` at `indices`.
///
/// There is one index per dimension of the buffer; the value has the buffer's element
/// type.
///
/// Example: `loop.store %x, %b[%i, %j] : memref<4x8xf32>`
#[op(name = "loop.store", verify = verify_store, print = print_store, parse = parse_store)]
pub struct StoreOp {
    /// The element written.
    #[operand]
    value: ScalarType,
    /// The buffer written.
    #[operand]
    buffer: AnyMemRef,
    /// The logical index, one `index` per dimension.
    #[operand]
    indices: Variadic<Index>,
}

/// Checks `buffer[indices]` of `op` and returns the buffer's element type.
fn check_access(op: OpRef, buffer: ValueId, indices: &[ValueId]) -> Result<Type, Diagnostic> {
    let ctx = op.ctx();
    let ty = op.body.value_type(buffer);
    let memref = ctx.as_memref(ty).ok_or_else(|| op.error(format!("needs a memref, found {}", ctx.type_to_string(ty))))?;
    if indices.len() != memref.dims.len() {
        return Err(op.error(format!(
            "has {} indices for a buffer of rank {} ({})",
            indices.len(),
            memref.dims.len(),
            ctx.type_to_string(ty)
        )));
    }
    for (i, index) in indices.iter().enumerate() {
        let index_type = op.body.value_type(*index);
        if !is_index(ctx, index_type) {
            return Err(op.error(format!("index #{i} must be of type index, found {}", ctx.type_to_string(index_type))));
        }
    }
    Ok(memref.element)
}

/// Checks `loop.load`: one `index` per dimension, and the result is the element type.
pub fn verify_load(op: OpRef) -> Result<(), Diagnostic> {
    let operands = op.operands();
    let element = check_access(op, operands[0], &operands[1..])?;
    let result = op.body.value_type(op.results()[0]);
    if result != element {
        let ctx = op.ctx();
        return Err(op.error(format!(
            "result type {} is not the element type {} of the buffer",
            ctx.type_to_string(result),
            ctx.type_to_string(element)
        )));
    }
    Ok(())
}

/// Checks `loop.store`: one `index` per dimension, and the value is of the element type.
pub fn verify_store(op: OpRef) -> Result<(), Diagnostic> {
    let operands = op.operands();
    let element = check_access(op, operands[1], &operands[2..])?;
    let value = op.body.value_type(operands[0]);
    if value != element {
        let ctx = op.ctx();
        return Err(op.error(format!(
            "stores a value of type {} into a buffer of element type {}",
            ctx.type_to_string(value),
            ctx.type_to_string(element)
        )));
    }
    Ok(())
}

/// Prints ` %b[%i, %j] {attrs} : memref<...>`.
fn print_load(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    print_indexed(p, data.operands[0], &data.operands[1..]);
    p.print_attr_dict(&data.attributes, &[]);
    p.print(" : ");
    p.print_type(body.value_type(data.operands[0]));
}

/// Parses what [`print_load`] prints; the result type is the memref's element type.
fn parse_load(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let (buffer, indices) = parse_indexed(p)?;
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let (ty, element) = parse_memref_type(p)?;
    let index = p.ctx().index_type();
    state.operands = vec![p.resolve_operand(&buffer, ty)?];
    state.operands.extend(p.resolve_operands(&indices, &vec![index; indices.len()])?);
    state.result_types = vec![element];
    Ok(())
}

/// Prints ` %x, %b[%i, %j] {attrs} : memref<...>`.
fn print_store(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print(" ");
    p.print_operand(data.operands[0]);
    p.print(", ");
    print_indexed(p, data.operands[1], &data.operands[2..]);
    p.print_attr_dict(&data.attributes, &[]);
    p.print(" : ");
    p.print_type(body.value_type(data.operands[1]));
}

/// Parses what [`print_store`] prints; the value has the memref's element type.
fn parse_store(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let value = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let (buffer, indices) = parse_indexed(p)?;
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let (ty, element) = parse_memref_type(p)?;
    let index = p.ctx().index_type();
    state.operands = vec![p.resolve_operand(&value, element)?, p.resolve_operand(&buffer, ty)?];
    state.operands.extend(p.resolve_operands(&indices, &vec![index; indices.len()])?);
    Ok(())
}

/// Parses a memref type and returns it with its element type.
fn parse_memref_type(p: &mut OpParser) -> Result<(Type, Type), Diagnostic> {
    let at = p.loc();
    let ty = p.parse_type()?;
    let ctx = p.ctx();
    let element = ctx
        .as_memref(ty)
        .map(|m| m.element)
        .ok_or_else(|| Diagnostic::error(at, format!("expected a memref type, found {}", ctx.type_to_string(ty))))?;
    Ok((ty, element))
}
