//! `xla-run`: runs a program on arrays from `.npy`/`.npz` files and prints, saves or
//! checks its results. See `xla-run --help` and `xla_tools::run`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Arg, ArgAction, Command};
use xla_interp::closeness::Tolerance;
use xla_tools::run::{run, RunConfig};

fn command() -> Command {
    Command::new("xla-run")
        .version(xla_tools::VERSION)
        .about("Runs a program (XLA HLO text, StableHLO or the compiler's MLIR) on .npy/.npz arrays")
        .arg(Arg::new("input").default_value("-").help("The program, or - for standard input"))
        .arg(Arg::new("interpret").long("interpret").action(ArgAction::SetTrue).help("Run on the reference interpreter instead of compiling to native code"))
        .arg(Arg::new("bench").long("bench").value_name("N").value_parser(clap::value_parser!(usize)).help("Compiled runs: call each entry N more times after the first and print the median time per call"))
        .arg(Arg::new("no-fusion").long("no-fusion").action(ArgAction::SetTrue).help("Compiled runs: skip fusion (to measure what it saves)"))
        .arg(Arg::new("no-layout-assignment").long("no-layout-assignment").action(ArgAction::SetTrue).help("Compiled runs: skip layout-assignment (to measure what it saves)"))
        .arg(Arg::new("no-buffer-assignment").long("no-buffer-assignment").action(ArgAction::SetTrue).help("Compiled runs: skip buffer-assignment, every temporary malloc'ed (to measure what it saves)"))
        .arg(Arg::new("timing").long("timing").action(ArgAction::SetTrue).help("Compiled runs: print the wall time of each phase (each pass, translation to LLVM IR, LLVM's optimization, object emission, linking) to standard error"))
        .arg(Arg::new("no-vector-math").long("no-vector-math").action(ArgAction::SetTrue).help("Compiled runs: call libm's scalar functions instead of libmvec's vector variants, for results independent of the CPU's vector width"))
        .arg(Arg::new("vector-bytes").long("vector-bytes").value_name("N").value_parser(clap::value_parser!(u32)).default_value("0").help("Compiled runs: pad the minor dimension of intermediate values to vectors of N bytes where that pays (0: off)"))
        .arg(Arg::new("entry").long("entry").value_name("NAME").help("The function to run (default: main, else every function without arguments)"))
        .arg(Arg::new("inputs").long("input").value_name("FILE").action(ArgAction::Append).help("An argument as .npy (one per argument, in order) or all of them as one .npz"))
        .arg(Arg::new("output").long("output").short('o').value_name("FILE").help("Write the results to a .npz (out0, out1, ...) or, for one result, a .npy"))
        .arg(Arg::new("check").long("check").value_name("FILE").help("Compare the results with the arrays of this .npz"))
        .arg(Arg::new("max-ulps").long("max-ulps").value_name("N").value_parser(clap::value_parser!(u64)).default_value("4").help("--check: float tolerance in units in the last place"))
        .arg(Arg::new("rtol").long("rtol").value_name("X").value_parser(clap::value_parser!(f64)).default_value("0").help("--check: relative float tolerance, allowed in ulps of each output's own format and against the output's root mean square"))
        .arg(Arg::new("atol").long("atol").value_name("X").value_parser(clap::value_parser!(f64)).default_value("1e-6").help("--check: absolute float tolerance"))
        .arg(Arg::new("split-input-file").long("split-input-file").action(ArgAction::SetTrue).help("Run each chunk between `// -----` lines separately"))
        .arg(
            Arg::new("backend")
                .long("backend")
                .value_name("NAME")
                .value_parser(["native", "mlir"])
                .default_value("native")
                .help("Compiled runs: the project's code generator (native), or upstream MLIR's lowering of the loop level to LLVM (mlir; needs a build with MLIR)"),
        )
        .arg(Arg::new("replicas").long("replicas").value_name("N").value_parser(clap::value_parser!(u32).range(1..=1024)).default_value("1").help("Run N replicas, each in its own thread, for collectives"))
}

/// What this build does through upstream MLIR: everything with the `mlir` feature.
fn mlir_hooks() -> Option<xla_tools::mlir::MlirHooks> {
    #[cfg(feature = "mlir")]
    return Some(xla_tools::mlir::MlirHooks { export: xla_mlir::export_text, compile_hlo: xla_mlir::compile_hlo, read: xla_mlir::read_upstream });
    #[cfg(not(feature = "mlir"))]
    None
}

fn main() -> ExitCode {
    let matches = command().get_matches();
    let input = matches.get_one::<String>("input").map_or("-", String::as_str);
    if matches.get_flag("interpret") && matches.contains_id("bench") {
        eprintln!("xla-run: --bench times compiled code; it does not go with --interpret");
        return ExitCode::FAILURE;
    }
    for tolerance in ["rtol", "atol"] {
        if matches.get_one::<f64>(tolerance).is_some_and(|x| !(x.is_finite() && *x >= 0.0)) {
            eprintln!("xla-run: --{tolerance} must be a finite number of at least 0");
            return ExitCode::FAILURE;
        }
    }
    let (input_name, text) = match xla_tools::input::read_program("xla-run", input) {
        Ok(program) => program,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let mut config = RunConfig::new(&input_name);
    config.entry = matches.get_one::<String>("entry").cloned();
    config.inputs = matches.get_many::<String>("inputs").into_iter().flatten().map(PathBuf::from).collect();
    config.output = matches.get_one::<String>("output").map(PathBuf::from);
    config.check = matches.get_one::<String>("check").map(PathBuf::from);
    let rtol = matches.get_one::<f64>("rtol").copied().unwrap_or(0.0);
    config.tolerance = Tolerance {
        max_ulps: matches.get_one::<u64>("max-ulps").copied().unwrap_or(4) as u128,
        rtol,
        atol: matches.get_one::<f64>("atol").copied().unwrap_or(1e-6),
        normwise_rtol: rtol,
    };
    config.split_input_file = matches.get_flag("split-input-file");
    config.replicas = matches.get_one::<u32>("replicas").copied().unwrap_or(1);
    config.interpret = matches.get_flag("interpret");
    config.bench = matches.get_one::<usize>("bench").copied();
    config.assign_layouts = !matches.get_flag("no-layout-assignment");
    config.assign_buffers = !matches.get_flag("no-buffer-assignment");
    config.fuse = !matches.get_flag("no-fusion");
    config.vector_math = !matches.get_flag("no-vector-math");
    config.timing = matches.get_flag("timing");
    config.vector_bytes = matches.get_one::<u32>("vector-bytes").copied().unwrap_or(0);
    if matches.get_one::<String>("backend").is_some_and(|b| b == "mlir") {
        config.backend = xla_tools::run::Backend::Mlir;
    }
    config.mlir = mlir_hooks();
    let output = run(&config, &text);
    print!("{}", output.stdout);
    eprint!("{}", output.stderr);
    if output.success { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
