//! The machine code is generated for: an LLVM `TargetMachine` for the host's triple and a
//! chosen CPU, relocation model PIC (objects link into executables and shared libraries
//! alike, as the entry ABI promises), optimizing with the new pass manager's
//! `default<O3>` pipeline, and emitting an object file, assembly or textual LLVM IR.
//!
//! CPUs: `host` (the default; `native` is the same) takes the host's CPU name and features,
//! so objects use everything this machine has (AVX-512 where it has it); the named x86-64
//! levels `x86-64`, `x86-64-v2` (SSE4.2), `x86-64-v3` (AVX2, FMA) and `x86-64-v4` (AVX-512)
//! and `generic` give portable objects. Any other name is an error: LLVM itself would only
//! print a warning and fall back to a generic CPU.
//!
//! Invariant: nothing here panics; a target LLVM cannot create, a pipeline it rejects or an
//! emission that fails is an `Err` with LLVM's message.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::OptimizationLevel;

/// The CPUs [`CodegenTarget::for_cpu`] accepts by name, besides `host` and `native`.
pub const NAMED_CPUS: [&str; 5] = ["generic", "x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4"];

/// The CPU used when none is chosen.
pub const DEFAULT_CPU: &str = "host";

/// The new pass manager's pipeline that [`CodegenTarget::optimize`] runs.
pub const OPTIMIZATION_PIPELINE: &str = "default<O3>";

/// What [`CodegenTarget::emit`] writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OutputKind {
    /// A relocatable object file (ELF on Linux).
    Object,
    /// Assembly text, as `llc` prints it.
    Assembly,
    /// Textual LLVM IR.
    LlvmIr,
}

/// A target machine for one CPU; see the module documentation.
pub struct CodegenTarget {
    /// Shared by every target made for the same CPU on this thread (see
    /// [`CodegenTarget::for_cpu`]).
    machine: Rc<TargetMachine>,
    cpu: String,
    /// Whether [`CodegenTarget::optimize`] maps math calls to `libmvec` (see
    /// [`CodegenTarget::with_vector_math`]).
    vector_math: bool,
}

impl CodegenTarget {
    /// A target for the CPU named `cpu`: `host`/`native`, or one of [`NAMED_CPUS`]. The
    /// LLVM target machine is made once per thread and CPU name and shared by the targets
    /// made after it: making one (the host's features read and every implied feature set)
    /// took a seventh of a small program's compilation. LLVM's target machines keep no
    /// state from one module to the next that changes the code.
    pub fn for_cpu(cpu: &str) -> Result<CodegenTarget, String> {
        thread_local! {
            static MACHINES: RefCell<HashMap<String, (Rc<TargetMachine>, String)>> = RefCell::new(HashMap::new());
        }
        if let Some((machine, cpu_name)) = MACHINES.with(|m| m.borrow().get(cpu).cloned()) {
            return Ok(CodegenTarget { machine, cpu: cpu_name, vector_math: true });
        }
        let target = CodegenTarget::create(cpu)?;
        MACHINES.with(|m| m.borrow_mut().insert(cpu.to_string(), (target.machine.clone(), target.cpu.clone())));
        Ok(target)
    }

    /// A new target machine for `cpu` (see [`CodegenTarget::for_cpu`]).
    fn create(cpu: &str) -> Result<CodegenTarget, String> {
        let (cpu_name, features) = match cpu {
            "host" | "native" => (
                TargetMachine::get_host_cpu_name().to_string_lossy().into_owned(),
                TargetMachine::get_host_cpu_features().to_string_lossy().into_owned(),
            ),
            name if NAMED_CPUS.contains(&name) => (name.to_string(), String::new()),
            other => return Err(format!("unknown target CPU '{other}'; expected host, native or one of {}", NAMED_CPUS.join(", "))),
        };
        Target::initialize_native(&InitializationConfig::default())?;
        let triple = TargetMachine::get_default_triple();
        let triple_text = triple.as_str().to_string_lossy().into_owned();
        if cpu != "host" && cpu != "native" && !triple_text.starts_with("x86_64") {
            return Err(format!("target CPU '{cpu}' is an x86-64 CPU, but this machine's target is {triple_text}"));
        }
        let target = Target::from_triple(&triple).map_err(|e| e.to_string_lossy().into_owned())?;
        let machine = target
            .create_target_machine(&triple, &cpu_name, &features, OptimizationLevel::Aggressive, RelocMode::PIC, CodeModel::Default)
            .ok_or_else(|| format!("LLVM cannot create a target machine for {triple_text} and CPU '{cpu_name}'"))?;
        Ok(CodegenTarget { machine: Rc::new(machine), cpu: cpu_name, vector_math: true })
    }

    /// This target with loops that call libm's functions vectorized into `libmvec` (`on`,
    /// the default) or not: off, every transcendental is libm's scalar function whatever
    /// LLVM vectorizes, so results do not depend on the CPU's vector width or on which
    /// elements a vectorized loop leaves to its scalar remainder (`libmvec`'s variants and
    /// libm's functions may differ in the last place).
    pub fn with_vector_math(mut self, on: bool) -> CodegenTarget {
        self.vector_math = on;
        self
    }

    /// The CPU name LLVM was given (the host's own name for `host`).
    pub fn cpu(&self) -> &str {
        &self.cpu
    }

    /// The target triple (`x86_64-pc-linux-gnu` or similar).
    pub fn triple(&self) -> String {
        self.machine.get_triple().as_str().to_string_lossy().into_owned()
    }

    /// Gives `module` this target's triple and data layout; do it before filling the module,
    /// since the data layout decides the default alignment of loads and stores.
    pub fn configure(&self, module: &Module) {
        module.set_triple(&self.machine.get_triple());
        module.set_data_layout(&self.machine.get_target_data().get_data_layout());
    }

    /// Optimizes `module` with [`OPTIMIZATION_PIPELINE`] for this CPU, loop and SLP
    /// vectorization included (the C API leaves SLP off unless asked). On Linux x86-64,
    /// math calls vectorize into glibc's `libmvec` ([`crate::vector_math`]).
    pub fn optimize(&self, module: &Module) -> Result<(), String> {
        let vector_math = self.vector_math_bits();
        if let Some(bits) = vector_math {
            crate::vector_math::offer_vector_variants(module, bits);
        }
        let options = PassBuilderOptions::create();
        options.set_loop_vectorization(true);
        options.set_loop_slp_vectorization(true);
        options.set_loop_interleaving(true);
        options.set_loop_unrolling(true);
        module
            .run_passes(OPTIMIZATION_PIPELINE, &self.machine, options)
            .map_err(|e| format!("LLVM's {OPTIMIZATION_PIPELINE} pipeline failed: {}", e.to_string_lossy()))?;
        if let Some(bits) = vector_math {
            crate::vector_math::call_vector_variants(module, bits);
        }
        Ok(())
    }

    /// The widest vectors `libmvec` variants may take on this target, in bits, when the
    /// target runs glibc on x86-64 and vector math is on (`None` otherwise): 512 with
    /// AVX-512, 256 with AVX2, else 128.
    fn vector_math_bits(&self) -> Option<u32> {
        if !self.vector_math {
            return None;
        }
        let triple = self.triple();
        if !triple.starts_with("x86_64") || !triple.contains("linux-gnu") {
            return None;
        }
        let features = self.machine.get_feature_string().to_string_lossy().into_owned();
        let has = |feature: &str| features.split(',').any(|f| f == format!("+{feature}"));
        Some(match self.cpu.as_str() {
            "x86-64-v4" => 512,
            "x86-64-v3" => 256,
            "generic" | "x86-64" | "x86-64-v2" => 128,
            _ if has("avx512f") => 512,
            _ if has("avx2") => 256,
            _ => 128,
        })
    }

    /// Emits `module` as `kind`.
    pub fn emit(&self, module: &Module, kind: OutputKind) -> Result<Vec<u8>, String> {
        let file_type = match kind {
            OutputKind::LlvmIr => return Ok(module.print_to_string().to_bytes().to_vec()),
            OutputKind::Object => FileType::Object,
            OutputKind::Assembly => FileType::Assembly,
        };
        let buffer = self
            .machine
            .write_to_memory_buffer(module, file_type)
            .map_err(|e| format!("LLVM cannot emit the module: {}", e.to_string_lossy()))?;
        Ok(buffer.as_slice().to_vec())
    }
}

/// The LLVM target triple of the host (`x86_64-pc-linux-gnu` or similar), after
/// initializing the native target.
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
    use inkwell::context::Context;

    #[test]
    fn host_triple_is_known_to_llvm() {
        let triple = host_target_triple().expect("native target initializes");
        // arch-vendor-os[-env]: at least three dash-separated parts.
        assert!(triple.split('-').count() >= 3, "odd triple {triple:?}");
        assert!(triple.starts_with(std::env::consts::ARCH), "{triple} on {}", std::env::consts::ARCH);
    }

    #[test]
    fn unknown_cpus_are_errors() {
        let error = CodegenTarget::for_cpu("pentium-9000").err().expect("an unknown CPU is refused");
        assert!(error.contains("unknown target CPU 'pentium-9000'"), "{error}");
        assert!(error.contains("x86-64-v3"), "{error}");
    }

    #[test]
    fn the_host_target_emits_every_kind() {
        let target = CodegenTarget::for_cpu(DEFAULT_CPU).expect("a host target");
        assert!(!target.cpu().is_empty());
        let llcx = Context::create();
        let module = llcx.create_module("empty");
        target.configure(&module);
        let f = module.add_function("f", llcx.void_type().fn_type(&[], false), None);
        let entry = llcx.append_basic_block(f, "");
        let builder = llcx.create_builder();
        builder.position_at_end(entry);
        builder.build_return(None).expect("ret");
        target.optimize(&module).expect("O3 runs");
        let ir = String::from_utf8(target.emit(&module, OutputKind::LlvmIr).expect("IR")).expect("UTF-8");
        assert!(ir.contains("define void @f()"), "{ir}");
        assert!(ir.contains(&format!("target triple = \"{}\"", target.triple())), "{ir}");
        let asm = String::from_utf8(target.emit(&module, OutputKind::Assembly).expect("asm")).expect("UTF-8");
        assert!(asm.contains("f:"), "{asm}");
        let object = target.emit(&module, OutputKind::Object).expect("object");
        assert!(object.starts_with(b"\x7fELF") || cfg!(not(target_os = "linux")));
    }
}
