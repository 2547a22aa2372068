//! `xla-opt`: the pass driver, like `mlir-opt`. Reads IR in the MLIR syntax of the
//! compiler's dialects, runs passes given as a pipeline or as per-pass flags, and prints
//! the result. See `xla-opt --help`.

use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Command};
use xla_tools::opt::{pass_registry, run, OptConfig};

fn command() -> Command {
    let mut cmd = Command::new("xla-opt")
        .version(xla_tools::VERSION)
        .about("Reads IR, runs passes and prints the result (the compiler's mlir-opt)")
        .arg(Arg::new("input").default_value("-").help("Input file, or - for standard input"))
        .arg(Arg::new("output").short('o').value_name("FILE").help("Write the output here instead of standard output"))
        .arg(flag("split-input-file", "Process each chunk between `// -----` lines separately"))
        .arg(flag("verify-diagnostics", "Check diagnostics against expected-* comments instead of printing them"))
        .arg(flag("mlir-print-op-generic", "Print every operation in the generic form"))
        .arg(flag("mlir-print-debuginfo", "Print the location of every operation"))
        .arg(flag("allow-unregistered-dialect", "Accepted for mlir-opt compatibility: ops of unknown dialects are always allowed"))
        .arg(Arg::new("pass-pipeline").long("pass-pipeline").value_name("PIPELINE").help("A textual pipeline: 'builtin.module(func.func(cse))'"))
        .arg(
            Arg::new("verify-each")
                .long("verify-each")
                .value_parser(clap::value_parser!(bool))
                .default_value("true")
                .num_args(0..=1)
                .default_missing_value("true")
                .help("Verify the IR after each pass"),
        )
        .arg(flag("print-ir-after-all", "Print the IR after every pass"))
        .arg(flag("print-ir-before-all", "Print the IR before every pass"))
        .arg(Arg::new("print-ir-after").long("print-ir-after").value_name("PASS").action(ArgAction::Append).help("Print the IR after the named pass"))
        .arg(Arg::new("print-ir-before").long("print-ir-before").value_name("PASS").action(ArgAction::Append).help("Print the IR before the named pass"))
        .arg(flag("timing", "Print the wall time of each pass").visible_alias("mlir-timing"))
        .arg(flag("simplify-stats", "Run simplify reporting its statistics (as --simplify=stats=true)"))
        .arg(flag("simplify-explain", "Run simplify explaining each replacement (as --simplify=explain=true)"))
        .arg(
            Arg::new("dump-graph")
                .long("dump-graph")
                .value_name("FILE.dot")
                .require_equals(true)
                .help("Run fusion writing the fused dataflow graph as graphviz dot (as --fusion=dump-graph=FILE.dot)"),
        )
        .arg(
            Arg::new("emit")
                .long("emit")
                .value_name("FORM")
                .value_parser(EMIT_FORMS)
                .default_value("mlir")
                .help(EMIT_HELP),
        )
        .arg(flag("upstream-input", UPSTREAM_INPUT_HELP))
        .arg(
            Arg::new("target-cpu")
                .long("target-cpu")
                .value_name("CPU")
                .default_value(xla_lowering::DEFAULT_CPU)
                .help("The CPU of --emit=llvm-ir|asm: host, native, generic, x86-64, x86-64-v2, x86-64-v3 or x86-64-v4"),
        )
        .arg(
            Arg::new("llvm-opt-level")
                .long("llvm-opt-level")
                .value_name("LEVEL")
                .value_parser(["0", "3"])
                .default_value("3")
                .help("3 runs LLVM's default<O3> before --emit=llvm-ir|asm; 0 emits the module as translated"),
        )
        .arg(flag("no-vector-math", "--emit=llvm-ir|asm: call libm's scalar functions in vectorized loops instead of libmvec's vector variants"));
    let registry = pass_registry();
    for pass in registry.passes().map(|r| r.info) {
        cmd = cmd.arg(
            Arg::new(pass.argument)
                .long(pass.argument)
                .help(pass.summary)
                .help_heading("Passes")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .action(ArgAction::Append),
        );
    }
    cmd
}

#[cfg(feature = "mlir")]
const EMIT_FORMS: [&str; 5] = ["mlir", "hlo-text", "llvm-ir", "asm", "mlir-upstream"];
#[cfg(not(feature = "mlir"))]
const EMIT_FORMS: [&str; 4] = ["mlir", "hlo-text", "llvm-ir", "asm"];
const EMIT_HELP: &str = "Print the IR (mlir), XLA HLO text (hlo-text), for a module at the llvm level LLVM IR (llvm-ir) or assembly (asm), or, built with MLIR, a module at the loop level in upstream MLIR dialects (mlir-upstream)";
const UPSTREAM_INPUT_HELP: &str = "Read the input with MLIR's own parser (upstream dialects, generic form, unregistered dialects allowed); needs a build with MLIR";

/// What this build does through upstream MLIR: everything with the `mlir` feature.
fn mlir_hooks() -> Option<xla_tools::mlir::MlirHooks> {
    #[cfg(feature = "mlir")]
    return Some(xla_tools::mlir::MlirHooks { export: xla_mlir::export_text, compile_hlo: xla_mlir::compile_hlo, read: xla_mlir::read_upstream });
    #[cfg(not(feature = "mlir"))]
    None
}

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name).long(name).action(ArgAction::SetTrue).help(help)
}

/// The per-pass flags in command-line order, as pipeline elements (`cse`, `canonicalize{...}`).
fn pass_flags(matches: &ArgMatches) -> Vec<String> {
    let mut flags: Vec<(usize, String)> = Vec::new();
    for pass in pass_registry().passes().map(|r| r.info) {
        let (Some(indices), Some(values)) = (matches.indices_of(pass.argument), matches.get_many::<String>(pass.argument)) else { continue };
        for (index, options) in indices.zip(values) {
            let element = if options.is_empty() { pass.argument.to_string() } else { format!("{}{{{options}}}", pass.argument) };
            flags.push((index, element));
        }
    }
    // `--simplify-stats` and `--simplify-explain` add their option to a `--simplify` flag,
    // or stand for one where it would be.
    let extra: Vec<(usize, &str)> = ["stats", "explain"]
        .into_iter()
        .filter(|o| matches.get_flag(&format!("simplify-{o}")))
        .filter_map(|o| Some((matches.index_of(&format!("simplify-{o}"))?, o)))
        .collect();
    if !extra.is_empty() {
        let options: Vec<String> = extra.iter().map(|(_, o)| format!("{o}=true")).collect();
        let index = extra.iter().map(|(i, _)| *i).min().unwrap_or(0);
        add_options(&mut flags, "simplify", index, &options);
    }
    // `--dump-graph=FILE` adds its option to a `--fusion` flag, or stands for one.
    if let (Some(index), Some(file)) = (matches.index_of("dump-graph"), matches.get_one::<String>("dump-graph")) {
        add_options(&mut flags, "fusion", index, &[format!("dump-graph=\"{file}\"")]);
    }
    flags.sort();
    flags.into_iter().map(|(_, e)| e).collect()
}

/// Adds `options` to the first flag of `pass` in `flags`, or adds a flag of `pass` with them
/// at command-line position `index`.
fn add_options(flags: &mut Vec<(usize, String)>, pass: &str, index: usize, options: &[String]) {
    match flags.iter_mut().find(|(_, e)| e == pass || e.starts_with(&format!("{pass}{{"))) {
        Some((_, element)) => {
            let inner = element.strip_prefix(pass).unwrap_or("").trim_start_matches('{').trim_end_matches('}').to_string();
            let all: Vec<String> = std::iter::once(inner).filter(|s| !s.is_empty()).chain(options.iter().cloned()).collect();
            *element = format!("{pass}{{{}}}", all.join(" "));
        }
        None => flags.push((index, format!("{pass}{{{}}}", options.join(" ")))),
    }
}

fn main() -> ExitCode {
    let matches = command().get_matches();
    let input = matches.get_one::<String>("input").map_or("-", String::as_str);
    let (input_name, text) = match xla_tools::input::read_program("xla-opt", input) {
        Ok(program) => program,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let get_all = |name: &str| matches.get_many::<String>(name).map(|v| v.cloned().collect()).unwrap_or_default();
    let config = OptConfig {
        input_name,
        split_input_file: matches.get_flag("split-input-file"),
        verify_diagnostics: matches.get_flag("verify-diagnostics"),
        print: xla_ir::printer::PrintOptions {
            generic: matches.get_flag("mlir-print-op-generic"),
            debug_info: matches.get_flag("mlir-print-debuginfo"),
        },
        pipeline: matches.get_one::<String>("pass-pipeline").cloned(),
        pass_flags: pass_flags(&matches),
        emit: matches.get_one::<String>("emit").and_then(|e| xla_tools::opt::Emit::parse(e)).unwrap_or_default(),
        llvm: xla_tools::opt::LlvmOptions {
            target_cpu: matches.get_one::<String>("target-cpu").cloned().unwrap_or_else(|| xla_lowering::DEFAULT_CPU.to_string()),
            optimize: matches.get_one::<String>("llvm-opt-level").is_none_or(|level| level != "0"),
            vector_math: !matches.get_flag("no-vector-math"),
        },
        verify_each: matches.get_one::<bool>("verify-each").copied().unwrap_or(true),
        print_ir_after_all: matches.get_flag("print-ir-after-all"),
        print_ir_after: get_all("print-ir-after"),
        print_ir_before_all: matches.get_flag("print-ir-before-all"),
        print_ir_before: get_all("print-ir-before"),
        timing: matches.get_flag("timing"),
        mlir: mlir_hooks(),
        upstream_input: matches.get_flag("upstream-input"),
    };
    let output = run(&config, &text);
    eprint!("{}", output.stderr);
    match matches.get_one::<String>("output") {
        Some(path) if path != "-" => {
            if let Err(e) = std::fs::write(path, &output.stdout) {
                eprintln!("xla-opt: cannot write '{path}': {e}");
                return ExitCode::FAILURE;
            }
        }
        _ => print!("{}", output.stdout),
    }
    if output.success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
