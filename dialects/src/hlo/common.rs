//! Helpers shared by the hlo ops with hand-written shape functions and custom forms:
//! reading attributes inside a shape function (where the declared kinds are not checked
//! yet, so every read is checked) and the trailing `{attrs} : (operand types) -> results`
//! of a custom form.

use xla_ir::constraints::{AttrKind, I64ArrayAttr};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::{OpParser, UnresolvedOperand};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState, Type};

/// The optional `array<i64: ...>` attribute `name`, or an error when it has another kind.
pub(crate) fn optional_i64_array<'a>(cx: &InferContext<'a>, name: &str) -> Result<Option<&'a [i64]>, String> {
    let Some(attr) = cx.attr(name) else { return Ok(None) };
    I64ArrayAttr::get(cx.ctx, attr).map(Some).ok_or_else(|| {
        format!(
            "attribute '{name}' must be {}, found {}",
            <I64ArrayAttr as AttrKind>::CONSTRAINT.description,
            cx.ctx.attr_to_string(attr)
        )
    })
}

/// The required `array<i64: ...>` attribute `name`.
pub(crate) fn required_i64_array<'a>(cx: &InferContext<'a>, name: &str) -> Result<&'a [i64], String> {
    optional_i64_array(cx, name)?.ok_or_else(|| format!("requires attribute '{name}'"))
}

/// `[1, 2, 3]`.
pub(crate) fn int_list(values: &[i64]) -> String {
    format!("[{}]", values.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
}

/// Parses the trailing `attr-dict : (operand types) -> result types` of a custom form,
/// resolving `operands` against the operand types and setting the result types.
pub(crate) fn parse_attrs_and_functional_type(
    p: &mut OpParser,
    state: &mut OpState,
    operands: &[UnresolvedOperand],
) -> Result<(), Diagnostic> {
    super::elementwise_support::parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    super::elementwise_support::parse_functional_type(p, state, operands)
}

/// Prints the trailing ` {attrs} : (operand types) -> result types` of a custom form,
/// leaving out the attributes in `elided`.
pub(crate) fn print_attrs_and_functional_type(p: &mut OpPrinter, op: OpId, elided: &[&str]) {
    p.print_attr_dict(&p.body().op(op).attributes, elided);
    p.print(" : ");
    print_functional_type(p, op);
}

/// Prints `(operand types) -> result types` of `op`.
pub(crate) fn print_functional_type(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    let inputs: Vec<Type> = data.operands.iter().map(|v| body.value_type(*v)).collect();
    let results: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
    let mut text = String::from("(");
    body.ctx().write_type_list(&mut text, &inputs);
    text.push_str(") -> ");
    body.ctx().write_result_types(&mut text, &results);
    p.print(&text);
}
