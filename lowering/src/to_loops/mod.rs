//! `lower-to-loops`: the `hlo` dialect to the `loop` dialect (docs/lowering.md).
//!
//! Every `func.func` with a tensor signature (or hlo ops inside) becomes a function in
//! destination-passing style: `(tensor<A>, tensor<B>) -> (tensor<C>)` becomes
//! `(memref<A>, memref<B>, memref<C>) -> ()`, its arguments then its results, tuples
//! flattened into their leaves and tokens dropped; it writes its results into the result
//! buffers and returns nothing. `func.call` and `hlo.call` pass buffers the same way.
//!
//! Code is emitted *elementally* (ARCHITECTURE.md, "lowering/"): for each op there is an
//! elemental generator ([`elemental`]) that, given the index of one result element as
//! `index` values, emits the scalar ops computing that element from its operands'
//! elements, which it asks for by index in turn ([`Lowering::element`]). An operand that
//! is held in a buffer is a `loop.load`; an operand that is not materialized is computed by
//! its own generator at the index asked for: that is how fusion works. The fusion pass
//! (`xla-fusion`) groups ops into `hlo.fusion` ops; [`fusion`] lowers one by binding its
//! region's arguments to the operands, leaving the region's inner ops unmaterialized and
//! materializing its roots (one loop nest for all roots of a multi-output fusion, a gemm
//! accumulating into the bias for an output fusion). Outside fusions, each op with a
//! tensor result gets a buffer (a `loop.alloc`, or the function's result buffer when the
//! value is returned) and a loop nest over its result shape (`loop.parallel`, outermost)
//! that stores its elemental. Two refinements keep scalars in registers: a 0-d result is
//! computed in place as a scalar and a splat constant is one `loop.constant`; both get a
//! buffer only where one is needed (a result, a call, a loop-carried value).
//!
//! Families, one file each: [`elementwise`] (unary and binary ops with XLA's implicit
//! broadcasting, compare, select, clamp, conversions, `map`), [`shape_ops`]
//! (`broadcast_in_dim`, `broadcast`, `reshape`/`collapse` through the linear index,
//! `transpose`, `rev`, `iota`), [`slicing`] (`slice`, `concatenate`, `pad`,
//! `dynamic_slice`, `dynamic_update_slice`), [`gather`], [`reduce`] (`reduce` and `reduce_window`: a
//! `loop.for` per reduced or window dimension carrying the accumulators, the reducer region
//! inlined as scalar ops, padding skipped; a `reduce_window` over whole prefixes, JAX's
//! cumulative ops, is materialized as a [`scan`]), [`dot`]
//! (`dot_general` and `dot` as a naive loop with an accumulator), [`convolution`] (the
//! same over the kernel window and the group's features, with [`window`]'s geometry),
//! [`control_flow`] (`while` and `conditional` over buffers),
//! [`functions`] (signatures, returns, calls) and [`values`] (constants, tuples,
//! `get_tuple_element`, `optimization_barrier`). Constants that are not splats become a
//! buffer filled by one `loop.store` per element (at most
//! [`values::MAX_STORED_CONSTANT_ELEMENTS`]) or copied from a `loop.literal`, read-only
//! data of the object. Index and scalar constants are hoisted to the
//! start of the function and shared. [`precision`] (`reduce_precision` on the element's
//! bits) and [`complex`] (complex parts, construction, constants and `abs`, as
//! `loop.real`/`loop.imag`/`loop.complex`/`loop.complex_abs`) are elemental too. The ops that are not elemental are
//! sequential loop nests writing their result buffers ([`sequential`] holds the helpers):
//! [`scatter`] (`scatter`, `select_and_scatter`), [`batch_norm`], [`rng`]
//! (`rng_bit_generator`), [`sort`] (a stable bottom-up merge sort), [`cholesky`] and
//! [`triangular_solve`] (the interpreter's algorithms in `f64`, in its order) and [`fft`]
//! (a naive transform per line); [`numbers`] holds their `f64` real and complex arithmetic.
//! The ops whose work is outside the function are runtime calls (`loop.call_runtime`,
//! [`runtime`] holds the helpers: byte sizes, constant tables): [`tokens`] (`after_all`,
//! `infeed`, `outfeed`, `send`, `recv` over the runtime's queues), [`rng_distributions`]
//! (`rng_uniform`, `rng_normal` on the interpreter's stream) and [`collectives`]
//! (`replica_id`; `all_reduce`, `all_gather`, `reduce_scatter`, `all_to_all`,
//! `collective_permute` as one runtime exchange of bytes and loops doing the rest).
//!
//! Runtime kernels (option `runtime-kernels`, on by default): a dot, convolution or FFT of at
//! least [`gemm::GEMM_MIN_MULTIPLY_ADDS`] multiply-adds on `f16`, `bf16`, `f32` or `f64`
//! is not a loop nest but a `loop.call_runtime` of the runtime's kernel, which writes its
//! result buffer: [`gemm`] (`xla_rt_matmul_*`/`xla_rt_batch_matmul_*`, layouts, transposes
//! and batch dimensions as strides, operands that do not flatten packed first) and
//! [`convolution_runtime`] (`xla_rt_conv_*`, dimension numbers and layouts as a geometry
//! of sizes and strides), and [`fft_runtime`] (`xla_rt_fft_c64` for `complex<f32>`
//! transforms whose naive DFT would take as many, on dense row-major buffers), and a sort
//! by JAX's float comparator is [`sort_total_order`]'s runtime call. Narrow
//! floats go through `f32` copies, as the loop accumulates them. Smaller products stay
//! loops, which a fusion can compose; the reference interpreter cannot run runtime calls,
//! so tests that interpret lowered modules turn the option off.
//!
//! The `check` ops are [`checks`]: loops counting the elements that disagree and a
//! runtime call reporting a failure; `hlo.custom_call` is [`custom_call`], runtime calls
//! staging its buffers for the target registered under its name. Any other op
//! (`set_dimension_size`, typed-FFI custom calls: [`lowers_op`] says which,
//! `tests/op_coverage.rs` lists them with their reasons) is a located error,
//! "lower-to-loops does not handle 'hlo.x' yet", as are dynamic shapes; the pass then
//! leaves the module as it was. It never panics.

mod batch_norm;
mod checks;
mod cholesky;
mod collectives;
mod complex;
mod control_flow;
mod convolution;
mod convolution_runtime;
mod custom_call;
mod dot;
mod dot_rows;
mod elemental;
mod elementwise;
mod emit;
mod fft;
mod fft_runtime;
mod functions;
mod fusion;
mod gather;
mod gemm;
mod gemm_batch_split;
mod in_place;
mod lowering;
mod numbers;
mod padding;
mod precision;
mod probes;
mod reduce;
mod reduce_arg;
mod reduce_columns;
mod reduce_lanes;
mod rng;
mod rng_distributions;
mod runtime;
mod scatter;
mod sequential;
mod scan;
mod shape_ops;
mod sort;
mod sort_prefix;
mod sort_total_order;
mod tokens;
mod triangular_solve;
mod slicing;
mod values;
mod window;

use xla_ir::pass::{OptionKind, OptionSpec, Pass, PassAnchor, PassContext, PassInfo, PassOptions};
use xla_ir::{Body, Diagnostic, InsertPoint, OpId};

pub use lowering::{lowers_op, Lowered, Lowering};

/// The registry entry.
pub static INFO: PassInfo = PassInfo {
    argument: "lower-to-loops",
    name: "LowerToLoops",
    summary: "Lower hlo functions to the loop dialect: buffers in destination-passing style, elemental loop nests",
    anchor: PassAnchor::Op(xla_ir::pass::MODULE_OP),
    options: &[
        OptionSpec {
            name: "runtime-kernels",
            kind: OptionKind::Bool,
            default: "true",
            help: "Call the runtime's kernels (gemm, convolution, FFT, sort) for dots and convolutions above a size threshold, big FFTs and sorts by JAX's float comparator",
        },
    ],
};

/// How the pass lowers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Lower dots and convolutions of at least [`gemm::GEMM_MIN_MULTIPLY_ADDS`]
    /// multiply-adds, big FFTs and sorts by JAX's float comparator to calls of the
    /// runtime's kernels (`loop.call_runtime`) instead of loop nests. On by default; the reference interpreter cannot run runtime calls, so
    /// tests that interpret the lowered module turn it off.
    pub runtime_kernels: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { runtime_kernels: true }
    }
}

/// The pass; see the module documentation.
#[derive(Default)]
pub struct LowerToLoops {
    /// How it lowers.
    pub options: Options,
}

/// The registry's constructor.
pub fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    let options = Options { runtime_kernels: options.bool("runtime-kernels") };
    Ok(Box::new(LowerToLoops { options }))
}

impl Pass for LowerToLoops {
    fn info(&self) -> &'static PassInfo {
        &INFO
    }

    fn run(&mut self, body: &mut Body<'_>, module: OpId, _: &mut PassContext) -> Result<(), Vec<Diagnostic>> {
        lower_module(body, module, self.options)
    }
}

/// Lowers every function of `module` that has tensors in its signature or hlo ops in its
/// body. Each new function is built beside the old one; only when all succeed do the old
/// ones go, so a failure leaves the module unchanged.
pub fn lower_module(body: &mut Body<'_>, module: OpId, options: Options) -> Result<(), Vec<Diagnostic>> {
    let functions: Vec<OpId> = module_ops(body, module).into_iter().filter(|f| functions::needs_lowering(body, *f)).collect();
    let mut lowered = Vec::new();
    let mut errors = Vec::new();
    for &func in &functions {
        match functions::lower_function(body, func, options) {
            Ok(new) => {
                body.insert_op(new, InsertPoint::Before(func));
                lowered.push(new);
            }
            Err(e) => errors.push(e),
        }
    }
    let finished = if errors.is_empty() { &functions } else { &lowered };
    for &op in finished {
        body.erase_op(op);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The ops directly inside `module`'s body.
fn module_ops(body: &Body, module: OpId) -> Vec<OpId> {
    body.op(module).regions.iter().flat_map(|r| body.region(*r).blocks.clone()).flat_map(|b| body.block_ops(b).collect::<Vec<_>>()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::parser::parse_source;
    use xla_ir::printer::{print_op, PrintOptions};
    use xla_ir::Context;

    fn context() -> Context {
        let mut ctx = Context::new();
        xla_dialects::register_all(&mut ctx);
        ctx
    }

    const TWO_FUNCTIONS: &str = r#"func.func @ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.negate %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @not_yet(%a: tensor<f32>, %b: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.custom_call @target(%a, %b) {api_version = "API_VERSION_TYPED_FFI"} : (tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"#;

    #[test]
    fn a_failure_leaves_the_module_as_it_was() {
        let ctx = context();
        let mut module = parse_source(&ctx, "in.mlir", TWO_FUNCTIONS, 1).expect("parses");
        let before = print_op(&module.body, module.op, &PrintOptions::default());
        let errors = lower_module(&mut module.body, module.op, Options::default()).expect_err("typed-FFI custom calls are not lowered");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].message, "lower-to-loops does not handle the typed FFI (API_VERSION_TYPED_FFI) of custom call @target yet");
        assert_eq!(ctx.file_line_col(errors[0].location).map(|(_, line, _)| line), Some(6));
        assert_eq!(print_op(&module.body, module.op, &PrintOptions::default()), before);
        assert!(xla_ir::verifier::verify(&module.body, module.op).is_ok());
    }

    #[test]
    fn success_replaces_every_function_in_place() {
        let ctx = context();
        let text = TWO_FUNCTIONS.split("func.func @not_yet").next().expect("the first function");
        let mut module = parse_source(&ctx, "in.mlir", text, 1).expect("parses");
        assert!(lower_module(&mut module.body, module.op, Options::default()).is_ok());
        assert!(xla_ir::verifier::verify(&module.body, module.op).is_ok());
        let printed = print_op(&module.body, module.op, &PrintOptions::default());
        assert!(printed.contains("func.func @ok(%arg0: memref<2xf32>, %arg1: memref<2xf32>) attributes {loop.num_results = 1} {"), "{printed}");
        assert!(!printed.contains("hlo."), "{printed}");
        assert_eq!(printed.matches("func.func").count(), 1, "{printed}");
    }
}
