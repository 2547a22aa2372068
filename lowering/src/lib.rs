//! Code generation: `hlo` → `loop` → `llvm` dialect, then translation of the `llvm` dialect
//! to an LLVM module with inkwell, `default<O3>`, and object and C header emission through
//! a `TargetMachine` (see DESIGN.md, "Code generation and the runtime", and
//! docs/lowering.md, the contract of each level).
//!
//! - [`to_loops`]: the pass `lower-to-loops`, hlo to the loop dialect (destination-passing
//!   functions over buffers, elemental loop nests); it uses no LLVM;
//! - [`host_target_triple`]: proves that the LLVM 22 toolchain (llvm-sys + inkwell,
//!   `LLVM_SYS_221_PREFIX` from `.cargo/config.toml`) links and initializes on this machine;
//!   the llvm dialect and translation come later.
//!
//! Architecture Invariant: this crate and the tools are the only ones that link LLVM.
//! `ir`, `dialects`, `passes` and `interp` build and test without it, so a change there
//! never waits on llvm-sys.

#![deny(missing_docs)]

pub mod to_loops;

use inkwell::targets::{InitializationConfig, Target, TargetMachine};

/// Registers the passes of this crate (`lower-to-loops`).
pub fn register_passes(registry: &mut xla_ir::pass::PassRegistry) {
    registry.register(&to_loops::INFO, to_loops::create);
}

/// The LLVM target triple of the host (`x86_64-pc-linux-gnu` or similar), after
/// initializing the native target, whose `TargetMachine` later issues use to emit objects.
///
/// Fails with LLVM's message when the native target cannot be initialized or looked up.
pub fn host_target_triple() -> Result<String, String> {
    Target::initialize_native(&InitializationConfig::default())?;
    let triple = TargetMachine::get_default_triple();
    // Looking the target up checks that its backend was linked in, not just named.
    Target::from_triple(&triple).map_err(|e| e.to_string())?;
    Ok(triple.as_str().to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_triple_is_known_to_llvm() {
        let triple = host_target_triple().expect("native target initializes");
        // arch-vendor-os[-env]: at least three dash-separated parts.
        assert!(triple.split('-').count() >= 3, "odd triple {triple:?}");
        assert!(
            triple.starts_with(std::env::consts::ARCH),
            "{triple} on {}",
            std::env::consts::ARCH
        );
    }
}
