//! `xla-opt FILE [--pass-pipeline=...]`: reads a program, runs passes, prints the IR.
//!
//! Placeholder until the driver lands (a later issue replaces this body with a thin main
//! over the library crates): it prints FILE (`-` for stdin) unchanged and ignores every
//! flag, so the lit harness and `make demo` have a binary to run.

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let file = std::env::args()
        .skip(1)
        .find(|a| a == "-" || !a.starts_with('-'));
    let Some(file) = file else {
        eprintln!("usage: xla-opt FILE [--pass-pipeline=PIPELINE]");
        return ExitCode::FAILURE;
    };
    let mut text = String::new();
    let read = if file == "-" {
        std::io::stdin().read_to_string(&mut text).map(drop)
    } else {
        std::fs::read_to_string(&file).map(|t| text = t)
    };
    if let Err(e) = read {
        eprintln!("xla-opt: error: could not open input file {file}: {e}");
        return ExitCode::FAILURE;
    }
    match std::io::stdout().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
