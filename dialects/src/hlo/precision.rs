//! XLA's `PrecisionConfig`, shared by `hlo.dot`, `hlo.dot_general` and `hlo.convolution`:
//! one [`Precision`] per operand, telling the backend how much precision it may trade for
//! speed (bf16 passes on some hardware).
//!
//! Stored as an array of string attributes, `["DEFAULT", "HIGHEST"]`, read by the typed
//! accessors as `Vec<Precision>`. The list is empty or has one entry per operand (two).

use xla_ir::constraints::AttrKind;
use xla_ir::op_def::{AttrConstraint, InferContext, ShortForm};
use xla_ir::{AttrData, Attribute, Context};

xla_ir::enum_attr! {
    /// How precisely an operand of a dot or convolution is computed (XLA's
    /// `PrecisionConfig::Precision`).
    pub enum Precision: "a precision" { Default = "DEFAULT", High = "HIGH", Highest = "HIGHEST" }
}

/// The attribute kind of `precision_config`: an array of precisions, `["DEFAULT", "HIGH"]`,
/// read as `Vec<Precision>`.
#[derive(Debug)]
pub enum PrecisionConfigAttr {}

impl AttrKind for PrecisionConfigAttr {
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        description: "an array of precisions (\"DEFAULT\", \"HIGH\" or \"HIGHEST\")",
        check: |ctx, attr| <PrecisionConfigAttr as AttrKind>::get(ctx, attr).is_some(),
        short_form: ShortForm::Full,
    };

    type Value<'c> = Vec<Precision>;

    fn get(ctx: &Context, attr: Attribute) -> Option<Vec<Precision>> {
        match ctx.attr_data(attr) {
            AttrData::Array(entries) => entries.iter().map(|e| Precision::get(ctx, *e)).collect(),
            _ => None,
        }
    }

    fn make(ctx: &Context, value: Vec<Precision>) -> Attribute {
        ctx.array_attr(value.iter().map(|p| ctx.string_attr(p.name())).collect())
    }
}

/// Checks the optional `precision_config` of a two-operand op: an array of precisions with
/// no entry or one per operand.
pub(crate) fn check_precision_config(cx: &InferContext) -> Result<(), String> {
    let Some(attr) = cx.attr("precision_config") else { return Ok(()) };
    let precisions = PrecisionConfigAttr::get(cx.ctx, attr).ok_or_else(|| {
        format!(
            "attribute 'precision_config' must be {}, found {}",
            PrecisionConfigAttr::CONSTRAINT.description,
            cx.ctx.attr_to_string(attr)
        )
    })?;
    if !matches!(precisions.len(), 0 | 2) {
        return Err(format!("precision_config must have no entry or one per operand (2), found {}", precisions.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precision_lists_round_trip_and_reject_other_strings() {
        let ctx = Context::new();
        let list = vec![Precision::Default, Precision::Highest];
        let attr = PrecisionConfigAttr::make(&ctx, list.clone());
        assert_eq!(ctx.attr_to_string(attr), "[\"DEFAULT\", \"HIGHEST\"]");
        assert_eq!(PrecisionConfigAttr::get(&ctx, attr), Some(list));
        let bad = ctx.array_attr(vec![ctx.string_attr("LOW")]);
        assert_eq!(PrecisionConfigAttr::get(&ctx, bad), None);
        assert_eq!(PrecisionConfigAttr::get(&ctx, ctx.string_attr("DEFAULT")), None);
        assert_eq!(Precision::parse("HIGH"), Some(Precision::High));
    }
}
