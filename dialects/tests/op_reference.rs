//! The generated operation reference: docs/ops.md must equal what the registered op
//! declarations render to. Run with `BLESS=1` to rewrite the file after changing an op.

use std::path::PathBuf;

use xla_ir::op_def::op_reference_markdown;
use xla_ir::Context;

#[test]
fn docs_ops_md_matches_the_declarations() {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let generated = op_reference_markdown(&ctx);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/ops.md");
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &generated).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is out of date; regenerate it with `BLESS=1 cargo test -p xla-dialects --test op_reference`",
        path.display()
    );
}

#[test]
fn every_hlo_op_is_documented() {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let reference = op_reference_markdown(&ctx);
    for def in ctx.registered_ops() {
        assert!(!def.summary.is_empty(), "{} has no summary", def.name);
        assert!(reference.contains(&format!("### `{}`", def.name)), "{} is missing from the reference", def.name);
    }
}
