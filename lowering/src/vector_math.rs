//! Vectorizable transcendentals (ARCHITECTURE.md, "lowering/"): loops that call libm
//! functions vectorize into glibc's `libmvec` (`_ZGVdN8v_expf` computes eight `expf` with
//! AVX2), which `-lm` links on glibc.
//!
//! LLVM's vectorizer learns of vector variants in two ways, and both are needed:
//! - a call of a libm function without an LLVM intrinsic (`erff`, `expm1f`, `log1pf`,
//!   `cbrtf`) vectorizes when the call carries the `vector-function-abi-variant`
//!   attribute naming its variants, declared in the module and kept alive through
//!   `llvm.compiler.used` until the vectorizer runs ([`offer_vector_variants`], before
//!   optimization);
//! - a call that has an intrinsic (`llvm.exp`, and `expf`/`tanhf`/`powf`, which LLVM turns
//!   into `llvm.exp`/`llvm.tanh`/`llvm.pow` once they are known to have no side effects)
//!   vectorizes into the vector intrinsic (`llvm.exp.v8f32`), which code generation
//!   would split into scalar calls: its declaration is renamed to the `libmvec` variant
//!   ([`call_vector_variants`], after optimization). LLVM picks its vector library only
//!   from a process-wide command-line option that its C API does not reach in time, so
//!   the mapping is done here.
//!
//! Variants are offered only up to the target's widest vectors (128 bits: SSE `b`, 256:
//! AVX2 `d`, 512: AVX-512 `e`), so no code calls a variant the CPU cannot run.

use inkwell::attributes::AttributeLoc;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum, FloatType};
use inkwell::values::{BasicValue, CallSiteValue, FunctionValue, InstructionOpcode};
use inkwell::AddressSpace;

/// The functions `libmvec` has vector variants of, by their double-precision libm name,
/// with their number of operands and whether LLVM has an intrinsic of that name.
const FUNCTIONS: &[(&str, usize)] = &[
    ("exp", 1),
    ("exp2", 1),
    ("expm1", 1),
    ("log", 1),
    ("log2", 1),
    ("log10", 1),
    ("log1p", 1),
    ("sin", 1),
    ("cos", 1),
    ("tan", 1),
    ("tanh", 1),
    ("erf", 1),
    ("cbrt", 1),
    ("pow", 2),
    ("atan2", 2),
];

/// The vector widths in bits and the `libmvec` ISA letter of each.
const ISAS: [(u32, char); 3] = [(128, 'b'), (256, 'd'), (512, 'e')];

/// Offers the `libmvec` variants of every libm function the module calls to the
/// vectorizer (see the module documentation), for vectors of at most `max_bits`.
pub fn offer_vector_variants(module: &Module, max_bits: u32) {
    let mut kept_alive = Vec::new();
    for function in functions(module) {
        let Some((base, element, arity)) = libm_function(function) else { continue };
        let scalar = function.get_name().to_string_lossy().into_owned();
        let mut mappings = Vec::new();
        for (bits, isa) in ISAS.into_iter().filter(|(bits, _)| *bits <= max_bits) {
            let lanes = bits / element.get_bit_width();
            let name = variant_name(isa, lanes, arity, base, element);
            let variant = module.get_function(&name).unwrap_or_else(|| declare_variant(module, &name, element, lanes, arity));
            kept_alive.push(variant);
            mappings.push(format!("_ZGV_LLVM_N{lanes}{}_{scalar}({name})", "v".repeat(arity)));
        }
        let attribute = module.get_context().create_string_attribute("vector-function-abi-variant", &mappings.join(","));
        for call in calls_of(module, function) {
            call.add_attribute(AttributeLoc::Function, attribute);
        }
    }
    keep_alive(module, &kept_alive);
}

/// Renames the declarations of vector math intrinsics (`llvm.exp.v8f32`) to their
/// `libmvec` variants (`_ZGVdN8v_expf`), for vectors of at most `max_bits`.
pub fn call_vector_variants(module: &Module, max_bits: u32) {
    let context = module.get_context();
    for function in functions(module) {
        let name = function.get_name().to_string_lossy().into_owned();
        let Some((base, lanes, element_bits)) = vector_intrinsic(&name) else { continue };
        let Some(&(_, arity)) = FUNCTIONS.iter().find(|(f, _)| *f == base) else { continue };
        let Some(&(_, isa)) = ISAS.iter().find(|(bits, _)| *bits == lanes * element_bits && *bits <= max_bits) else { continue };
        let element = if element_bits == 32 { context.f32_type() } else { context.f64_type() };
        let variant = variant_name(isa, lanes, arity, base, element);
        match module.get_function(&variant) {
            Some(existing) if existing != function => {
                function.replace_all_uses_with(existing);
                // SAFETY: the declaration has no uses left and no body.
                unsafe { function.delete() };
            }
            _ => function.as_global_value().set_name(&variant),
        }
    }
}

/// Every function of the module.
fn functions<'ctx>(module: &Module<'ctx>) -> Vec<FunctionValue<'ctx>> {
    std::iter::successors(module.get_first_function(), |f| f.get_next_function()).collect()
}

/// The `libmvec` function a libm declaration is (its base name, element type and arity),
/// if it is one: `expf` is (`exp`, `f32`, 1).
fn libm_function<'ctx>(function: FunctionValue<'ctx>) -> Option<(&'static str, FloatType<'ctx>, usize)> {
    if function.count_basic_blocks() > 0 {
        return None;
    }
    let name = function.get_name().to_str().ok()?;
    let Some(BasicTypeEnum::FloatType(element)) = function.get_type().get_return_type() else { return None };
    let context = function.get_type().get_context();
    let base = if element == context.f32_type() {
        name.strip_suffix('f')?
    } else if element == context.f64_type() {
        name
    } else {
        return None;
    };
    let &(base, arity) = FUNCTIONS.iter().find(|(f, _)| *f == base)?;
    let params_fit = function.get_type().get_param_types().len() == arity;
    params_fit.then_some((base, element, arity))
}

/// `llvm.exp.v8f32` is (`exp`, 8, 32).
fn vector_intrinsic(name: &str) -> Option<(&str, u32, u32)> {
    let rest = name.strip_prefix("llvm.")?;
    let (base, shape) = rest.split_once(".v")?;
    let (lanes, element) = shape.split_once('f')?;
    let element_bits: u32 = element.parse().ok()?;
    matches!(element_bits, 32 | 64).then_some((base, lanes.parse().ok()?, element_bits))
}

/// `_ZGVdN8v_expf`: the `libmvec` name of a variant.
fn variant_name(isa: char, lanes: u32, arity: usize, base: &str, element: FloatType) -> String {
    let suffix = if element.get_bit_width() == 32 { "f" } else { "" };
    format!("_ZGV{isa}N{lanes}{}_{base}{suffix}", "v".repeat(arity))
}

/// Declares the vector variant `name`: `lanes` elements per operand and result.
fn declare_variant<'ctx>(module: &Module<'ctx>, name: &str, element: FloatType<'ctx>, lanes: u32, arity: usize) -> FunctionValue<'ctx> {
    let vector = element.vec_type(lanes);
    let params: Vec<BasicMetadataTypeEnum> = vec![vector.into(); arity];
    module.add_function(name, vector.fn_type(&params, false), Some(Linkage::External))
}

/// The calls of `function` in the module's function bodies.
fn calls_of<'ctx>(module: &Module<'ctx>, function: FunctionValue<'ctx>) -> Vec<CallSiteValue<'ctx>> {
    let mut calls = Vec::new();
    for caller in functions(module) {
        for block in caller.get_basic_blocks() {
            let instructions = std::iter::successors(block.get_first_instruction(), |i| i.get_next_instruction());
            for instruction in instructions.filter(|i| i.get_opcode() == InstructionOpcode::Call) {
                let Ok(call) = CallSiteValue::try_from(instruction) else { continue };
                if call.get_called_fn_value() == Some(function) {
                    calls.push(call);
                }
            }
        }
    }
    calls
}

/// Keeps `functions` in the module until code generation (`llvm.compiler.used`), so that
/// the vectorizer finds the variants it was offered.
fn keep_alive<'ctx>(module: &Module<'ctx>, functions: &[FunctionValue<'ctx>]) {
    if functions.is_empty() || module.get_global("llvm.compiler.used").is_some() {
        return;
    }
    let ptr = module.get_context().ptr_type(AddressSpace::default());
    let pointers: Vec<_> = functions.iter().map(|f| f.as_global_value().as_pointer_value()).collect();
    let array = ptr.const_array(&pointers);
    let global = module.add_global(array.get_type(), None, "llvm.compiler.used");
    global.set_linkage(Linkage::Appending);
    global.set_section(Some("llvm.metadata"));
    global.set_initializer(&array.as_basic_value_enum());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_intrinsics_are_recognized() {
        assert_eq!(vector_intrinsic("llvm.exp.v8f32"), Some(("exp", 8, 32)));
        assert_eq!(vector_intrinsic("llvm.pow.v4f64"), Some(("pow", 4, 64)));
        assert_eq!(vector_intrinsic("llvm.exp.f32"), None);
        assert_eq!(vector_intrinsic("llvm.fabs.v8f16"), None);
    }
}
