//! The writer against every module of the hlo and check dialects' lit tests
//! (`lit-tests/dialects/{hlo,check}/*.mlir`, split at `// -----`): it never panics, on
//! verified modules or not; a verified module it writes passes XLA's grammar; and an error
//! is always located in the input.

mod hlo_writer_support;

use std::path::Path;

use hlo_writer_support::{context, grammar};
use xla_import::hlo_writer::write_hlo_text;
use xla_ir::parser::parse_source;

#[test]
fn every_lit_module_writes_or_fails_with_a_located_error() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lit-tests/dialects");
    let ctx = context();
    let (mut written, mut refused, mut unverified) = (0, 0, 0);
    for dialect in ["hlo", "check"] {
        let Ok(entries) = std::fs::read_dir(root.join(dialect)) else { continue };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "mlir")).collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).expect("a readable lit test");
            for (i, chunk) in text.split("// -----").enumerate() {
                let name = format!("{}#{i}", path.display());
                let Ok(module) = parse_source(&ctx, &name, chunk, 1) else { continue };
                let verified = xla_ir::verifier::verify(&module.body, module.op).is_ok();
                match write_hlo_text(&module.body, module.op) {
                    Ok(hlo) if verified => {
                        if let Err(e) = grammar::check(&hlo) {
                            panic!("{name}: the output breaks XLA's grammar: {e}\n{hlo}");
                        }
                        if let Some(dir) = std::env::var_os("HLO_WRITER_DUMP") {
                            let _ = std::fs::create_dir_all(&dir);
                            let file = format!("lit-{written}.hlo");
                            let _ = std::fs::write(Path::new(&dir).join(file), format!("// {name}\n{hlo}"));
                        }
                        written += 1;
                    }
                    Ok(_) => unverified += 1,
                    Err(d) => {
                        assert!(ctx.file_line_col(d.location).is_some(), "{name}: unlocated error {}", d.message);
                        if verified {
                            eprintln!("refused {name}: {}", d.message);
                            refused += 1;
                        } else {
                            unverified += 1;
                        }
                    }
                }
            }
        }
    }
    eprintln!("written {written}, refused {refused}, unverified inputs {unverified}");
    assert!(written > 20, "expected most verified lit modules to be written (written {written}, refused {refused})");
}
