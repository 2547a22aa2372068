//! `llvm.getelementptr`: address arithmetic. `%q = llvm.getelementptr %p[%i] : (!llvm.ptr,
//! i64) -> !llvm.ptr, f32` is `%p` advanced by `%i` elements of type `f32` (`%i` times 4
//! bytes), LLVM's `getelementptr f32, ptr %p, i64 %i`.
//!
//! The element type comes last in the custom form, as the doc of the dialect writes it; it is
//! the `elem_type` attribute. `inbounds` (written first: `llvm.getelementptr inbounds %p[%i]
//! ...`) promises that the address stays inside the object `%p` points into, which lets LLVM
//! reason about the arithmetic; it is the unit attribute `inbounds`. Only scalar element
//! types exist in the dialect, so an address takes exactly one index, of any integer type
//! (sign-extended to the pointer's width).

use xla_ir::constraints::{TypeAttr, UnitAttr};
use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState, TypeData};
use xla_macros::op;

use super::types::{is_llvm_type, LlvmInt, LlvmPtr};

/// The address `index` elements of type `elem_type` past `base` (LLVM's `getelementptr`).
///
/// Example: `%q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32`
#[op(
    name = "llvm.getelementptr",
    traits = [Pure],
    verify = verify_gep,
    print = print_gep,
    parse = parse_gep
)]
pub struct GetElementPtrOp {
    #[operand]
    base: LlvmPtr,
    #[operand]
    index: LlvmInt,
    /// The type whose size scales the index.
    #[attr]
    elem_type: TypeAttr,
    /// Present when the address stays inside the object `base` points into.
    #[attr]
    inbounds: Option<UnitAttr>,
    #[result]
    result: LlvmPtr,
}

/// The element type is a type of the dialect.
fn verify_gep(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let Some(elem) = op.attr("elem_type").and_then(|a| ctx.attr_type(a)) else { return Ok(()) };
    if !is_llvm_type(ctx, elem) {
        return Err(op.error(format!(
            "'elem_type' must be an LLVM type (i1 to i128, f16, bf16, f32, f64 or !llvm.ptr), found {}",
            ctx.type_to_string(elem)
        )));
    }
    Ok(())
}

/// Prints ` inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32`.
fn print_gep(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let r = OpRef::new(body, op);
    let &[base, index] = r.operands() else { return };
    if r.attr("inbounds").is_some() {
        p.print(" inbounds");
    }
    p.print(" ");
    p.print_operand(base);
    p.print("[");
    p.print_operand(index);
    p.print("]");
    p.print_attr_dict(r.attributes(), &["elem_type", "inbounds"]);
    p.print(" : (");
    p.print_types(&r.operand_types());
    p.print(") -> ");
    p.print_types(&r.result_types());
    if let Some(elem) = r.attr("elem_type") {
        p.print(", ");
        p.print_attr(elem);
    }
}

/// Parses `[inbounds] %p[%i] {attrs} : (!llvm.ptr, iN) -> !llvm.ptr, type`.
fn parse_gep(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    if p.accept_keyword("inbounds") {
        state.set_attr(ctx.symbol("inbounds"), ctx.unit_attr());
    }
    let base = p.parse_operand()?;
    p.expect(TokenKind::LSquare)?;
    let index = p.parse_operand()?;
    p.expect(TokenKind::RSquare)?;
    p.parse_optional_attr_dict(&mut state.attributes)?;
    p.expect(TokenKind::Colon)?;
    let type_loc = p.loc();
    let ty = p.parse_function_type()?;
    let TypeData::Function { inputs, results } = ctx.type_data(ty).clone() else {
        return Err(Diagnostic::error(type_loc, "expected a function type"));
    };
    let (&[base_type, index_type], &[result_type]) = (&inputs[..], &results[..]) else {
        return Err(Diagnostic::error(type_loc, "expected (!llvm.ptr, iN) -> !llvm.ptr"));
    };
    p.expect(TokenKind::Comma)?;
    let elem = p.parse_type()?;
    state.set_attr(ctx.symbol("elem_type"), ctx.type_attr(elem));
    state.operands = p.resolve_operands(&[base, index], &[base_type, index_type])?;
    state.result_types = vec![result_type];
    Ok(())
}
