//! Helpers shared by the hlo ops with hand-written shape functions and custom forms:
//! reading attributes inside a shape function (where the declared kinds are not checked
//! yet, so every read is checked) and the trailing `{attrs} : (operand types) -> results`
//! of a custom form.

use xla_ir::constraints::{AttrKind, I64ArrayAttr};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::{OpParser, UnresolvedOperand};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState, Type, TypeData};

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
    let ctx = p.ctx();
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    for a in attrs {
        if state.attr(a.name).is_some() {
            return Err(p.error(format!("attribute '{}' is given twice", ctx.symbol_str(a.name))));
        }
        state.attributes.push(a);
    }
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let ty = p.parse_function_type()?;
    let TypeData::Function { inputs, results } = ctx.type_data(ty).clone() else {
        return Err(Diagnostic::error(at, "expected a function type"));
    };
    if inputs.len() != operands.len() {
        return Err(Diagnostic::error(
            at,
            format!("expected {} operand type(s), found {}", operands.len(), inputs.len()),
        ));
    }
    state.operands = p.resolve_operands(operands, &inputs)?;
    state.result_types = results;
    Ok(())
}

/// Prints the trailing ` {attrs} : (operand types) -> result types` of a custom form,
/// leaving out the attributes in `elided`.
pub(crate) fn print_attrs_and_functional_type(p: &mut OpPrinter, op: OpId, elided: &[&str]) {
    let body = p.body();
    let data = body.op(op);
    p.print_attr_dict(&data.attributes, elided);
    let inputs: Vec<Type> = data.operands.iter().map(|v| body.value_type(*v)).collect();
    let results: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
    let ctx = body.ctx();
    p.print(" : (");
    p.print_types(&inputs);
    p.print(") -> ");
    let mut text = String::new();
    ctx.write_result_types(&mut text, &results);
    p.print(&text);
}
