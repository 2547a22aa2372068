//! Entry layouts: the layouts of a function's parameters and results, the program's
//! interface, from the three places a user gives them.
//!
//! - HLO text's `entry_computation_layout`: the reader already puts these layouts on the
//!   entry function's signature (`import/src/hlo_text/emitter.rs`).
//! - Argument and result attributes of MLIR input: `xla.layout = "{0, 1}"` (the layout as
//!   tensor types print it, padding included, see [`crate::spec`]), or JAX's
//!   `mhlo.layout_mode = "{0,1}"` (`"default"` is row-major; `"auto"` leaves the choice to
//!   the compiler, which takes the default too). [`apply_attributes`] moves them onto the
//!   signature; the pass does so first.
//! - `xla-aotc --arg-layout N=SPEC --result-layout N=SPEC`, which call [`set_layouts`]
//!   before compiling.
//!
//! Invariant: changing a signature keeps the module valid on its own: each changed
//! parameter is copied back to its old type on entry and each changed result is copied to
//! its new type before the return, so the body sees what it saw before. Layout assignment
//! then removes those copies where it can.

use xla_dialects::func::function_signature;
use xla_dialects::hlo::HloOpKind;
use xla_ir::{AttrData, Attribute, Body, Diagnostic, InsertPoint, Layout, OpId, OpState, TypeData};

use crate::layouts::with_layout;
use crate::spec::parse_layout;

/// The attribute naming a parameter's or result's layout.
pub const LAYOUT_ATTR: &str = "xla.layout";
/// JAX's attribute for the same (`"default"`, `"auto"` or a minor-to-major list).
pub const JAX_LAYOUT_ATTR: &str = "mhlo.layout_mode";

/// Which side of the signature.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Side {
    Argument,
    Result,
}

impl Side {
    fn noun(self) -> &'static str {
        match self {
            Side::Argument => "argument",
            Side::Result => "result",
        }
    }
}


/// Gives parameter or result `index` of `func` the layout `layout`. Errors (a position the
/// function does not have, a layout that does not fit the type) are messages for the
/// caller to locate.
pub fn set_layouts(body: &mut Body, func: OpId, side: Side, index: usize, layout: &Layout) -> Result<(), String> {
    let ctx = body.ctx();
    let (mut inputs, mut results) = function_signature(body, func).ok_or("not a function")?;
    let types = if side == Side::Argument { &mut inputs } else { &mut results };
    let count = types.len();
    let old = *types.get(index).ok_or_else(|| format!("there is no {} {index}: the function has {count}", side.noun()))?;
    let tensor = ctx.as_tensor(old).ok_or_else(|| format!("{} {index} has type {}, which has no layout", side.noun(), ctx.type_to_string(old)))?;
    layout.validate(&tensor.dims).map_err(|m| format!("{} {index} ({}): {m}", side.noun(), ctx.type_to_string(old)))?;
    let new = with_layout(ctx, old, layout);
    if new == old {
        return Ok(());
    }
    types[index] = new;
    let function_type = ctx.ty(TypeData::Function { inputs, results });
    body.set_attr(func, "function_type", ctx.type_attr(function_type));
    let Some(&region) = body.op(func).regions.first() else { return Ok(()) };
    let Some(entry) = body.entry_block(region) else { return Ok(()) };
    let location = body.op(func).location;
    let copy = |body: &mut Body, v, ty, at| {
        let mut state = OpState::new(ctx.symbol(HloOpKind::Copy.name()), location);
        state.operands = vec![v];
        state.result_types = vec![ty];
        let op = body.create_op(state);
        body.insert_op(op, at);
        body.result(op, 0)
    };
    match side {
        Side::Argument => {
            let arg = *body.block(entry).args.get(index).ok_or("the entry block has fewer arguments than the function")?;
            body.set_value_type(arg, new);
            let first = body.first_op(entry);
            let at = first.map_or(InsertPoint::BlockEnd(entry), InsertPoint::Before);
            let back = copy(body, arg, old, at);
            // Every use but the copy's own reads the old type.
            let uses: Vec<_> = body.value(arg).uses.iter().filter(|u| body.defining_op(back) != Some(u.op)).copied().collect();
            for u in uses {
                body.set_operand(u.op, u.index as usize, back);
            }
        }
        Side::Result => {
            let returns: Vec<OpId> = body
                .region(region)
                .blocks
                .clone()
                .into_iter()
                .filter_map(|b| body.last_op(b))
                .filter(|op| crate::assign::is_function_return(body, *op))
                .collect();
            for ret in returns {
                let v = body.operand(ret, index);
                let copied = copy(body, v, new, InsertPoint::Before(ret));
                body.set_operand(ret, index, copied);
            }
        }
    }
    Ok(())
}

/// The layout an argument or result attribute dictionary asks for, if any.
fn attribute_layout(body: &Body, dict: Attribute) -> Option<Result<Option<Layout>, String>> {
    let ctx = body.ctx();
    let AttrData::Dictionary(entries) = ctx.attr_data(dict) else { return None };
    let find = |name: &str| entries.iter().find(|e| ctx.symbol_str(e.name) == name).map(|e| e.value);
    let (name, value) = match (find(LAYOUT_ATTR), find(JAX_LAYOUT_ATTR)) {
        (Some(v), _) => (LAYOUT_ATTR, v),
        (None, Some(v)) => (JAX_LAYOUT_ATTR, v),
        (None, None) => return None,
    };
    let Some(text) = ctx.as_string(value) else {
        return Some(Err(format!("'{name}' must be a string such as \"{{1, 0}}\"")));
    };
    if name == JAX_LAYOUT_ATTR && matches!(text, "default" | "auto") {
        return Some(Ok(None));
    }
    Some(parse_layout(text).map(Some).map_err(|e| format!("bad '{name}' \"{text}\" at character {}: {}", e.offset + 1, e.message)))
}

/// Moves the `xla.layout`/`mhlo.layout_mode` attributes of `func`'s arguments and results
/// onto its signature. Errors are located at the function.
pub fn apply_attributes(body: &mut Body, func: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let location = body.op(func).location;
    for (side, attr) in [(Side::Argument, "arg_attrs"), (Side::Result, "res_attrs")] {
        let Some(array) = body.attr(func, attr) else { continue };
        let AttrData::Array(dicts) = ctx.attr_data(array) else { continue };
        for (index, dict) in dicts.clone().into_iter().enumerate() {
            match attribute_layout(body, dict) {
                None | Some(Ok(None)) => {}
                Some(Ok(Some(layout))) => {
                    set_layouts(body, func, side, index, &layout).map_err(|m| Diagnostic::error(location, format!("{} {index}: {m}", side.noun())))?
                }
                Some(Err(message)) => return Err(Diagnostic::error(location, format!("{} {index}: {message}", side.noun()))),
            }
        }
    }
    Ok(())
}
