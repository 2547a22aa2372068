//! The generated operation reference (docs/ops.md): every registered operation's name,
//! documentation, declared operands, results, attributes and regions with their constraints,
//! traits, hooks and assembly format, rendered as Markdown.
//!
//! The reference is built only from the [`OpDef`] tables `#[op]` emits, so it cannot drift
//! from the code: a test in `xla-dialects` compares it with the committed file.
//!
//! Invariant: the output is deterministic: dialects and operations appear sorted by name,
//! and everything else in declaration order.

use std::fmt::Write;

use crate::op_def::{Arity, OpDef, ValueDef};
use crate::Context;

/// The Markdown reference of every operation registered in `ctx`, grouped by dialect.
pub fn op_reference_markdown(ctx: &Context) -> String {
    let mut out = String::new();
    out.push_str("# Operation reference\n\n");
    out.push_str(
        "<!-- Generated from the #[op] declarations by xla_ir::op_def::op_reference_markdown; \
         do not edit. Regenerate with `BLESS=1 cargo test -p xla-dialects --test op_reference`. -->\n",
    );
    let mut current_dialect = None;
    for def in ctx.registered_ops() {
        if current_dialect != Some(def.dialect()) {
            current_dialect = Some(def.dialect());
            let _ = write!(out, "\n## The `{}` dialect\n", def.dialect());
            if let Some(dialect) = ctx.dialect(def.dialect()) {
                let _ = write!(out, "\n{}\n", dialect.summary);
            }
        }
        write_op(&mut out, def);
    }
    out
}

fn write_op(out: &mut String, def: &OpDef) {
    let _ = write!(out, "\n### `{}`\n\n", def.name);
    if !def.summary.is_empty() {
        let _ = writeln!(out, "{}\n", def.summary);
    }
    if !def.description.is_empty() {
        let _ = writeln!(out, "{}\n", def.description);
    }
    write_values(out, "Operand", def.operands);
    write_values(out, "Result", def.results);
    if !def.attributes.is_empty() {
        out.push_str("| Attribute | Constraint | Required |\n| --- | --- | --- |\n");
        for a in def.attributes {
            let required = if a.optional { "no" } else { "yes" };
            let _ = writeln!(out, "| `{}` | {} | {required} |", a.name, a.constraint.description);
        }
        out.push('\n');
    }
    if !def.regions.is_empty() {
        let names: Vec<String> = def.regions.iter().map(|r| format!("`{}`", r.name)).collect();
        let _ = writeln!(out, "Regions: {}.\n", names.join(", "));
    }
    if !def.traits.is_empty() {
        let names: Vec<String> = def.traits.iter().map(|t| format!("`{t:?}`")).collect();
        let _ = writeln!(out, "Traits: {}.\n", names.join(", "));
    }
    let hooks: Vec<&str> = [
        (def.infer.is_some(), "shape inference"),
        (def.verify.is_some(), "custom verifier"),
        (def.fold.is_some(), "folder"),
    ]
    .into_iter()
    .filter_map(|(present, name)| present.then_some(name))
    .collect();
    if !hooks.is_empty() {
        let _ = writeln!(out, "Hooks: {}.\n", hooks.join(", "));
    }
    if !def.patterns.is_empty() {
        out.push_str("Canonicalization patterns:\n\n");
        for p in def.patterns {
            let _ = writeln!(out, "- `{}`: `{}`", p.name(), p.identity());
        }
        out.push('\n');
    }
    match (def.format, def.print.is_some()) {
        (Some(format), _) => {
            let _ = write!(out, "Assembly format:\n\n```text\n{format}\n```\n");
        }
        (None, true) => out.push_str("Assembly format: custom (hand-written printer and parser).\n"),
        (None, false) => out.push_str("Assembly format: generic only.\n"),
    }
}

fn write_values(out: &mut String, what: &str, defs: &[ValueDef]) {
    if defs.is_empty() {
        return;
    }
    let _ = write!(out, "| {what} | Constraint | Arity |\n| --- | --- | --- |\n");
    for d in defs {
        let arity = match d.arity {
            Arity::One => "one",
            Arity::Optional => "optional",
            Arity::Variadic => "variadic",
        };
        let _ = writeln!(out, "| `{}` | {} | {arity} |", d.name, d.constraint.description);
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::{attr_def, region_def, value_def, AnyTensor, Region, UnitAttr, Variadic};
    use crate::op_def::{AttrDef, DialectDef, RegionDef};
    use crate::rewrite::{RewritePattern, Rewriter};
    use crate::OpId;

    struct Swap;

    impl RewritePattern for Swap {
        fn name(&self) -> &'static str {
            "swap"
        }
        fn identity(&self) -> &'static str {
            "f(a, b) == f(b, a)"
        }
        fn root(&self) -> Option<&'static str> {
            None
        }
        fn match_and_rewrite(&self, _: &mut Rewriter, _: OpId) -> Result<(), &'static str> {
            Err("never")
        }
    }

    static SWAP: Swap = Swap;
    const OPERANDS: [ValueDef; 2] = [value_def::<Option<AnyTensor>>("bias"), value_def::<AnyTensor>("x")];
    const RESULTS: [ValueDef; 1] = [value_def::<Variadic<AnyTensor>>("ys")];
    const ATTRIBUTES: [AttrDef; 1] = [attr_def::<Option<UnitAttr>>("fast")];
    const REGIONS: [RegionDef; 1] = [region_def::<Region>("body")];

    fn print(_: &mut crate::printer::OpPrinter, _: OpId) {}

    fn parse(_: &mut crate::parser::OpParser, _: &mut crate::OpState) -> Result<(), crate::Diagnostic> {
        Ok(())
    }

    static CUSTOM: OpDef = OpDef {
        name: "test.custom",
        summary: "A custom op.",
        description: "",
        traits: &[],
        operands: &OPERANDS,
        results: &RESULTS,
        attributes: &ATTRIBUTES,
        regions: &REGIONS,
        infer: None,
        verify: None,
        fold: None,
        patterns: &[&SWAP],
        format: None,
        print: Some(print),
        parse: Some(parse),
    };

    static TEST_DIALECT: DialectDef =
        DialectDef { name: "test", summary: "Ops for tests.", ops: &[&CUSTOM], materialize_constant: None };

    #[test]
    fn renders_arity_optionality_regions_patterns_and_custom_assembly() {
        let mut ctx = Context::new();
        ctx.register_dialect(&TEST_DIALECT);
        let reference = op_reference_markdown(&ctx);
        let expected = "\n## The `test` dialect\n\nOps for tests.\n\n### `test.custom`\n\nA custom op.\n\n\
            | Operand | Constraint | Arity |\n| --- | --- | --- |\n\
            | `bias` | a tensor | optional |\n| `x` | a tensor | one |\n\n\
            | Result | Constraint | Arity |\n| --- | --- | --- |\n| `ys` | a tensor | variadic |\n\n\
            | Attribute | Constraint | Required |\n| --- | --- | --- |\n| `fast` | a unit attribute | no |\n\n\
            Regions: `body`.\n\n\
            Canonicalization patterns:\n\n- `swap`: `f(a, b) == f(b, a)`\n\n\
            Assembly format: custom (hand-written printer and parser).\n";
        assert!(reference.starts_with("# Operation reference\n"));
        assert!(reference.ends_with(expected), "unexpected reference:\n{reference}");
    }
}
