//! `xla-aotc`: ahead-of-time compilation of a program's entry to an object file and a C
//! header. See `xla-aotc --help` and `xla_tools::aotc`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Arg, Command};
use xla_tools::aotc::{compile, time_compilations, AotcConfig};

fn command() -> Command {
    Command::new("xla-aotc")
        .version(xla_tools::VERSION)
        .about("Compiles a program's entry (XLA HLO text, StableHLO or the compiler's MLIR) to an object file and a C header")
        .arg(Arg::new("input").default_value("-").help("The program, or - for standard input"))
        .arg(Arg::new("output").short('o').long("output").value_name("FILE").required(true).help("The object file to write"))
        .arg(Arg::new("header").long("header").value_name("FILE").help("The C header to write"))
        .arg(Arg::new("entry").long("entry").value_name("NAME").default_value("main").help("The function to compile as the entry"))
        .arg(
            Arg::new("target-cpu")
                .long("target-cpu")
                .value_name("CPU")
                .default_value(xla_lowering::DEFAULT_CPU)
                .help("host, native, generic, x86-64, x86-64-v2, x86-64-v3 or x86-64-v4"),
        )
        .arg(
            Arg::new("no-vector-math")
                .long("no-vector-math")
                .action(clap::ArgAction::SetTrue)
                .help("Call libm's scalar functions in vectorized loops instead of libmvec's vector variants: results then do not depend on the CPU's vector width (slower)"),
        )
        .arg(
            Arg::new("bench-compile")
                .long("bench-compile")
                .value_name("N")
                .value_parser(clap::value_parser!(usize))
                .help("Before writing the outputs, compile N more times after the first in this process and print the median time of a compilation"),
        )
        .arg(
            Arg::new("timing")
                .long("timing")
                .action(clap::ArgAction::SetTrue)
                .help("Print the wall time of each phase (reading, each pass, translation to LLVM IR, LLVM's optimization, object emission) to standard error"),
        )
        .arg(Arg::new("static-lib").long("static-lib").value_name("FILE").help("Also write a static library holding the object and libxla_runtime, enough to link alone"))
        .arg(Arg::new("arg-layout").long("arg-layout").value_name("N=LAYOUT").action(clap::ArgAction::Append).help("Give argument N the layout LAYOUT, as types print it: {0,1}, or {0,1}, padded = [3,5], padding = zero"))
        .arg(Arg::new("result-layout").long("result-layout").value_name("N=LAYOUT").action(clap::ArgAction::Append).help("Give result N the layout LAYOUT (as --arg-layout)"))
        .arg(Arg::new("name").long("name").value_name("NAME").help("The entry's C symbol, NAME in the header's macros (default: xla_<entry>)"))
}

fn main() -> ExitCode {
    let matches = command().get_matches();
    let input = matches.get_one::<String>("input").map_or("-", String::as_str);
    let (input_name, text) = match xla_tools::input::read_program("xla-aotc", input) {
        Ok(program) => program,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let output = matches.get_one::<String>("output").map(PathBuf::from).unwrap_or_default();
    let mut config = AotcConfig::new(&input_name, output);
    config.header = matches.get_one::<String>("header").map(PathBuf::from);
    config.entry = matches.get_one::<String>("entry").cloned().unwrap_or_else(|| "main".into());
    config.cpu = matches.get_one::<String>("target-cpu").cloned().unwrap_or_else(|| xla_lowering::DEFAULT_CPU.into());
    config.vector_math = !matches.get_flag("no-vector-math");
    config.name = matches.get_one::<String>("name").cloned();
    config.timing = matches.get_flag("timing");
    config.static_lib = matches.get_one::<String>("static-lib").map(PathBuf::from);
    let all = |name: &str| matches.get_many::<String>(name).map(|v| v.cloned().collect()).unwrap_or_default();
    config.arg_layouts = all("arg-layout");
    config.result_layouts = all("result-layout");
    if let Some(&runs) = matches.get_one::<usize>("bench-compile") {
        match time_compilations(&config, &text, runs) {
            Ok(times) => println!("{times}"),
            Err(message) => {
                eprint!("{message}");
                return ExitCode::FAILURE;
            }
        }
    }
    match compile(&config, &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprint!("{message}");
            ExitCode::FAILURE
        }
    }
}
