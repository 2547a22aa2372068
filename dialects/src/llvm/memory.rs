//! Memory access: `llvm.load` reads a value of a given type at a pointer, `llvm.store`
//! writes one, `llvm.alloca` reserves a slot in the function's stack frame.
//!
//! Custom forms: `%x = llvm.load %p : !llvm.ptr -> f32`, `llvm.store %x, %p : f32, !llvm.ptr`,
//! `%p = llvm.alloca i32 : !llvm.ptr` (`{count = 4}` reserves four consecutive slots, an
//! array). An optional `alignment` (bytes, a power of two) says
//! how aligned the pointer is; without it the type's ABI alignment is assumed, as LLVM
//! assumes it.

use xla_ir::constraints::{I64Attr, TypeAttr};
use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState};
use xla_macros::op;

use super::types::{is_llvm_type, ptr_type, LlvmPtr, LlvmType};

/// Reads a value of the result's type at `addr` (LLVM's `load`).
///
/// Example: `%x = llvm.load %p : !llvm.ptr -> f32`
#[op(name = "llvm.load", verify = verify_alignment, format = "$addr attr-dict `:` type($addr) `->` type($result)")]
pub struct LoadOp {
    #[operand]
    addr: LlvmPtr,
    /// The alignment of `addr` in bytes, a power of two; the type's ABI alignment when absent.
    #[attr]
    alignment: Option<I64Attr>,
    #[result]
    result: LlvmType,
}

/// Writes `value` at `addr` (LLVM's `store`).
///
/// Example: `llvm.store %x, %p : f32, !llvm.ptr`
#[op(name = "llvm.store", verify = verify_alignment, format = "$value `,` $addr attr-dict `:` type($value) `,` type($addr)")]
pub struct StoreOp {
    #[operand]
    value: LlvmType,
    #[operand]
    addr: LlvmPtr,
    /// The alignment of `addr` in bytes, a power of two; the type's ABI alignment when absent.
    #[attr]
    alignment: Option<I64Attr>,
}

/// The largest alignment the dialect accepts, 2^31 bytes (LLVM's limit is 2^32, which its C
/// API cannot set).
pub const MAX_ALIGNMENT: i64 = 1 << 31;

/// An `alignment` is a positive power of two no larger than [`MAX_ALIGNMENT`].
fn verify_alignment(op: OpRef) -> Result<(), Diagnostic> {
    let Some(attr) = op.attr("alignment") else { return Ok(()) };
    let alignment = <I64Attr as xla_ir::constraints::AttrKind>::get(op.ctx(), attr);
    match alignment {
        Some(a) if a > 0 && (a as u64).is_power_of_two() && a <= MAX_ALIGNMENT => Ok(()),
        _ => Err(op.error(format!("alignment must be a power of two no larger than 2^31, found {}", op.ctx().attr_to_string(attr)))),
    }
}


/// A slot for one value of `elem_type` (or `count` consecutive ones) in the function's stack
/// frame, live until the function returns (LLVM's `alloca`).
///
/// Example: `%p = llvm.alloca i32 : !llvm.ptr`
#[op(name = "llvm.alloca", verify = verify_alloca, print = print_alloca, parse = parse_alloca)]
pub struct AllocaOp {
    /// The type of the value the slot holds.
    #[attr]
    elem_type: TypeAttr,
    /// How many consecutive values the slot holds, at least 1; one when absent.
    #[attr]
    count: Option<I64Attr>,
    #[result]
    result: LlvmPtr,
}

/// The element type is a type of the dialect; the count is positive.
fn verify_alloca(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    if let Some(count) = op.attr("count") {
        match ctx.attr_data(count) {
            xla_ir::AttrData::Integer { value, .. } if *value >= 1 && *value <= i128::from(u32::MAX) => {}
            _ => return Err(op.error(format!("'count' must be a positive 32-bit integer, found {}", ctx.attr_to_string(count)))),
        }
    }
    let Some(elem) = op.attr("elem_type").and_then(|a| ctx.attr_type(a)) else { return Ok(()) };
    if !is_llvm_type(ctx, elem) {
        return Err(op.error(format!("'elem_type' must be an LLVM type, found {}", ctx.type_to_string(elem))));
    }
    Ok(())
}

/// Prints ` i32 {attrs} : !llvm.ptr`.
fn print_alloca(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let r = OpRef::new(body, op);
    if let Some(elem) = r.attr("elem_type").and_then(|a| body.ctx().attr_type(a)) {
        p.print(" ");
        p.print_type(elem);
    }
    p.print_attr_dict(r.attributes(), &["elem_type"]);
    p.print(" : ");
    p.print_types(&r.result_types());
}

/// Parses what [`print_alloca`] prints.
fn parse_alloca(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let elem = p.parse_type()?;
    state.set_attr(ctx.symbol("elem_type"), ctx.type_attr(elem));
    p.parse_optional_attr_dict(&mut state.attributes)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let result = p.parse_type()?;
    if result != ptr_type(ctx) {
        return Err(Diagnostic::error(at, format!("expected !llvm.ptr, found {}", ctx.type_to_string(result))));
    }
    state.result_types = vec![result];
    Ok(())
}
