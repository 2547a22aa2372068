//! Transformation passes over the IR, each in its own module with its registry entry
//! (`INFO`) and constructor (`create`):
//!
//! - [`canonicalize`]: folding, dead-op erasure and every registered pattern, greedily;
//! - [`cse`]: common subexpression elimination scoped by dominance;
//! - [`dce`]: erasure of unused operations without side effects;
//! - [`inline`]: calls replaced by copies of their callees' bodies;
//! - [`symbol_dce`]: erasure of private symbols nothing refers to.
//!
//! Generic canonicalization patterns (not tied to a dialect) live beside them
//! ([`commute_constants`], [`empty_results`]). Architecture Invariant: passes know dialects only through
//! `OpDef` traits, folders and patterns, never by operation name, so they work on any
//! dialect, registered tests dialects included.

pub mod canonicalize;
pub mod commute_constants;
pub mod cse;
pub mod dce;
pub mod empty_results;
pub mod inline;
pub mod symbol_dce;

use xla_ir::pass::PassRegistry;

/// Registers every pass of this crate.
pub fn register_all(registry: &mut PassRegistry) {
    registry.register(&canonicalize::INFO, canonicalize::create);
    registry.register(&cse::INFO, cse::create);
    registry.register(&dce::INFO, dce::create);
    registry.register(&symbol_dce::INFO, symbol_dce::create);
    registry.register(&inline::INFO, inline::create);
}

#[cfg(test)]
mod tests {
    use xla_ir::pass::{Nesting, PassManager, PassRegistry, MODULE_OP};
    use xla_ir::testing::{self, TestIr};
    use xla_ir::Body;

    fn registry() -> PassRegistry {
        let mut registry = PassRegistry::new();
        super::register_all(&mut registry);
        registry
    }

    #[test]
    fn the_design_pipeline_parses_and_prints_back() {
        let ctx = testing::context();
        let pm = PassManager::parse(
            &ctx,
            &registry(),
            MODULE_OP,
            "builtin.module(func.func(canonicalize{max-iterations=3},cse),dce)",
        )
        .unwrap_or_else(|errors| panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>()));
        let printed = pm.pipeline_string();
        assert_eq!(
            printed,
            "builtin.module(func.func(canonicalize{max-iterations=3 max-num-rewrites=-1 test-convergence=false \
             disable-patterns= enable-patterns=},cse),dce)"
        );
        let reparsed = PassManager::parse(&ctx, &registry(), MODULE_OP, &printed).map(|pm| pm.pipeline_string());
        assert!(matches!(reparsed, Ok(ref text) if *text == printed), "the printed pipeline parses back");
    }

    #[test]
    fn the_design_pipeline_runs_with_instrumentation() {
        let ctx = testing::context();
        let mut body = Body::new(&ctx);
        let mut ir = TestIr::new(&mut body);
        let (module, top) = ir.module();
        let (_, f) = ir.func_in(top, "f");
        let x = ir.arg(f);
        let c = ir.constant(f, 0);
        let same = ir.add(f, c, x);
        let a = ir.add(f, x, x);
        let b = ir.add(f, x, x);
        let dead = ir.neg(f, b);
        ir.neg(f, dead);
        ir.ret(f, &[same, a]);
        let mut pm =
            PassManager::parse(&ctx, &registry(), MODULE_OP, "builtin.module(func.func(canonicalize,cse),dce)")
                .unwrap_or_else(|errors| panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>()));
        pm.instrumentation.verify_each = true;
        pm.instrumentation.print_ir_after_all = true;
        pm.instrumentation.timing = true;
        let mut out = Vec::new();
        let result = pm.run_with_output(&mut body, module, &mut out);
        assert!(matches!(result, Ok(ref warnings) if warnings.is_empty()));
        // `0 + x` folds to x and the dead negations go; CSE merges the two `x + x`.
        assert_eq!(testing::op_names(&body, f), vec!["test.add", "test.return"]);
        let out = String::from_utf8_lossy(&out);
        let headers: Vec<&str> = out.lines().filter(|l| l.starts_with("// -----//")).collect();
        assert_eq!(
            headers,
            vec![
                "// -----// IR Dump After Canonicalizer (canonicalize) //----- //",
                "// -----// IR Dump After CSE (cse) //----- //",
                "// -----// IR Dump After DCE (dce) //----- //",
            ]
        );
        let rows: Vec<&str> = out.lines().skip_while(|l| !l.contains("----Wall Time----")).skip(1).collect();
        let names: Vec<&str> = rows.iter().map(|r| r.get(21..).unwrap_or_default()).collect();
        assert_eq!(
            names,
            vec!["'func.func' Pipeline", "  Canonicalizer", "  CSE", "  Verifier", "DCE", "Verifier", "Total"]
        );
    }

    #[test]
    fn flags_build_a_pipeline() {
        let ctx = testing::context();
        let mut pm = PassManager::new(MODULE_OP);
        // What `xla-opt --canonicalize --cse --dce` does: one element per flag, in order.
        let flags = ["canonicalize", "cse", "dce"];
        assert!(pm.add_pipeline(&ctx, &registry(), &flags.join(","), Nesting::Implicit).is_ok());
        assert!(pm.pipeline_string().starts_with("builtin.module(canonicalize{"));
        assert!(pm.pipeline_string().ends_with("},cse,dce)"));
    }

    #[test]
    fn help_lists_every_pass() {
        let help = registry().help();
        let passes: Vec<&str> = help.lines().filter(|l| l.starts_with("  --")).collect();
        assert_eq!(
            passes,
            vec![
                "  --canonicalize  Fold, erase dead operations and apply every registered canonicalization pattern",
                "  --cse           Eliminate common subexpressions among operations without side effects",
                "  --dce           Erase unused operations without side effects, transitively",
                "  --inline        Inline calls of the module's single-block functions into their callers",
                "  --symbol-dce    Erase private symbols (functions) that nothing refers to",
            ]
        );
        assert!(help.contains("      max-iterations=<uint>"));
    }
}
