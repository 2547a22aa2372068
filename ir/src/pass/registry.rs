//! The pass registry: passes by name, each with a constructor that takes parsed options.
//!
//! Tools fill one registry (`xla_passes::register_all`, plus their own) and hand it to the
//! pipeline parser; `--help` lists it. Invariants: names are unique, and every declared
//! default parses as its option's kind (both are checked when a pass is registered, since
//! both are static declarations rather than user input).

use std::collections::BTreeMap;
use std::fmt::Write;

use super::options::{OptionError, PassOptions};
use super::{Pass, PassInfo};

/// Builds a pass from its parsed options, or says why the options do not make sense
/// together (each option already has a value of its declared kind).
pub type PassConstructor = fn(&PassOptions) -> Result<Box<dyn Pass>, String>;

/// One registered pass.
#[derive(Copy, Clone)]
pub struct PassRegistration {
    pub info: &'static PassInfo,
    pub create: PassConstructor,
}

/// A pass ready to be added to a pass manager, with the options it was built from.
pub struct PassInstance {
    pub pass: Box<dyn Pass>,
    pub options: PassOptions,
}

impl PassInstance {
    /// A pass built without the registry, reported with its default options.
    pub fn new(pass: Box<dyn Pass>) -> PassInstance {
        let options = PassOptions::defaults(pass.info().options);
        PassInstance { pass, options }
    }

    pub fn info(&self) -> &'static PassInfo {
        self.pass.info()
    }
}

/// Why the registry could not build a pass.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CreateError {
    /// No pass has this name; the closest registered name, if one is close.
    UnknownPass { suggestion: Option<&'static str> },
    /// The option text does not parse (the offset is within the option text).
    BadOption(OptionError),
    /// The constructor rejected the options.
    Rejected(String),
}

/// Passes by name; see the module documentation.
#[derive(Default)]
pub struct PassRegistry {
    passes: BTreeMap<&'static str, PassRegistration>,
}

impl PassRegistry {
    pub fn new() -> PassRegistry {
        PassRegistry::default()
    }

    /// Registers a pass. Panics when the name is taken or a default does not parse: both are
    /// mistakes in the pass's static declaration, found by any test that registers it.
    pub fn register(&mut self, info: &'static PassInfo, create: PassConstructor) {
        for spec in info.options {
            if let Err(message) = spec.default_value() {
                panic!("pass '{}': the default of option '{}' does not parse: {message}", info.argument, spec.name);
            }
        }
        if self.passes.insert(info.argument, PassRegistration { info, create }).is_some() {
            panic!("pass '{}' is registered twice", info.argument);
        }
    }

    pub fn get(&self, name: &str) -> Option<&PassRegistration> {
        self.passes.get(name)
    }

    /// Every registered pass, sorted by name.
    pub fn passes(&self) -> impl Iterator<Item = &PassRegistration> {
        self.passes.values()
    }

    /// Builds pass `name` from the text between its braces (empty for the defaults).
    pub fn create(&self, name: &str, options: &str) -> Result<PassInstance, CreateError> {
        let Some(registration) = self.passes.get(name) else {
            return Err(CreateError::UnknownPass { suggestion: self.suggest(name) });
        };
        let options = PassOptions::parse(registration.info.options, name, options).map_err(CreateError::BadOption)?;
        let pass = (registration.create)(&options).map_err(CreateError::Rejected)?;
        Ok(PassInstance { pass, options })
    }

    /// The registered name closest to `name`, when it is a plausible typo.
    pub fn suggest(&self, name: &str) -> Option<&'static str> {
        let (best, distance) =
            self.passes.keys().map(|candidate| (*candidate, edit_distance(name, candidate))).min_by_key(|(_, d)| *d)?;
        (distance <= name.len().max(1) / 3 + 1).then_some(best)
    }

    /// The pass list for `--help`, in the layout of `mlir-opt --help`:
    ///
    /// ```text
    ///   --canonicalize  Fold, erase dead operations and apply every registered ...
    ///   --cse           Eliminate common subexpressions among operations without side effects
    ///       max-iterations=<uint>    Sweeps over the IR before giving up (default: 10)
    /// ```
    pub fn help(&self) -> String {
        let width = self.passes.keys().map(|k| k.len()).max().unwrap_or(0);
        let mut out = String::new();
        for registration in self.passes.values() {
            let info = registration.info;
            let _ = writeln!(out, "  --{:<width$}  {}", info.argument, info.summary);
            let option_width =
                info.options.iter().map(|o| o.name.len() + o.kind.placeholder().len() + 1).max().unwrap_or(0);
            for spec in info.options {
                let label = format!("{}={}", spec.name, spec.kind.placeholder());
                let default = if spec.default.is_empty() { "empty" } else { spec.default };
                let _ = writeln!(out, "      {label:<option_width$}  {} (default: {default})", spec.help);
            }
        }
        out
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != *cb);
            current.push(substitute.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pass::{OptionKind, OptionSpec, PassAnchor, PassContext};
    use crate::{Body, Diagnostic, OpId};

    struct Nop;

    static NOP: PassInfo = PassInfo {
        argument: "nop",
        name: "Nop",
        summary: "Does nothing",
        anchor: PassAnchor::Any,
        options: &[
            OptionSpec { name: "rounds", kind: OptionKind::UInt, default: "1", help: "How often to do nothing" },
            OptionSpec { name: "why", kind: OptionKind::String, default: "", help: "The reason" },
        ],
    };

    impl Pass for Nop {
        fn info(&self) -> &'static PassInfo {
            &NOP
        }

        fn run(&mut self, _: &mut Body<'_>, _: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
            Ok(())
        }
    }

    fn create_nop(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
        if options.uint("rounds") == 0 {
            return Err("'rounds' must be positive".to_string());
        }
        Ok(Box::new(Nop))
    }

    #[test]
    fn creates_passes_with_options() {
        let mut registry = PassRegistry::new();
        registry.register(&NOP, create_nop);
        let instance = registry.create("nop", "rounds=4").expect("nop builds");
        assert_eq!(instance.options.uint("rounds"), 4);
        assert_eq!(instance.info().name, "Nop");
        assert!(matches!(registry.create("nop", "rounds=0"), Err(CreateError::Rejected(m)) if m.contains("positive")));
        assert!(matches!(registry.create("nop", "x"), Err(CreateError::BadOption(_))));
        assert!(matches!(registry.create("nob", ""), Err(CreateError::UnknownPass { suggestion: Some("nop") })));
        assert!(matches!(registry.create("completely-else", ""), Err(CreateError::UnknownPass { suggestion: None })));
    }

    #[test]
    fn help_lists_passes_and_options() {
        let mut registry = PassRegistry::new();
        registry.register(&NOP, create_nop);
        assert_eq!(
            registry.help(),
            "  --nop  Does nothing\n\
             \x20     rounds=<uint>  How often to do nothing (default: 1)\n\
             \x20     why=<string>   The reason (default: empty)\n"
        );
    }

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("cse", "cse"), 0);
        assert_eq!(edit_distance("cs", "cse"), 1);
        assert_eq!(edit_distance("canonicalise", "canonicalize"), 1);
        assert_eq!(edit_distance("", "dce"), 3);
    }
}
