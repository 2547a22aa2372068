//! Random numbers: `hlo.rng_uniform`, `hlo.rng_normal` and `hlo.rng_bit_generator`, XLA's
//! `RngUniform`, `RngNormal` and `RngBitGenerator`.
//!
//! The first two draw from a backend's hidden generator state (so they have side effects)
//! and take their result type from the builder, since the shape to fill is not an operand.
//! `hlo.rng_bit_generator` is a pure function of an explicit state it returns updated.

use xla_ir::constraints::{FloatTensor, IntTensor, NumericTensor};
use xla_ir::{Context, Diagnostic, Dim, Op, OpRef, Type};
use xla_macros::op;

xla_ir::enum_attr! {
    /// The algorithm of `hlo.rng_bit_generator` (XLA's `RandomAlgorithm`).
    pub enum RngAlgorithm: "an RNG algorithm" {
        Default = "DEFAULT",
        ThreeFry = "THREE_FRY",
        Philox = "PHILOX",
    }
}

/// Fills a tensor of the result type with numbers drawn uniformly from `[a, b)`.
///
/// XLA's `RngUniform`: `a` and `b` are 0-d tensors of one element type (predicates,
/// integers or floats), which is the result's. If `b <= a` the result is
/// implementation-defined.
///
/// Example: `%0 = hlo.rng_uniform %a, %b : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>`
#[op(name = "hlo.rng_uniform", verify = verify_rng_uniform, format = "$a `,` $b attr-dict `:` functional-type(operands, results)")]
pub struct RngUniformOp {
    /// The inclusive lower bound, a 0-d tensor.
    #[operand]
    a: NumericTensor,
    /// The exclusive upper bound, a 0-d tensor of the type of `a`.
    #[operand]
    b: NumericTensor,
    #[result]
    result: NumericTensor,
}

/// Fills a tensor of the result type with numbers drawn from the normal distribution
/// N(`mu`, `sigma`).
///
/// XLA's `RngNormal`: `mu` and `sigma` are 0-d float tensors of one element type, which is
/// the result's.
///
/// Example: `%0 = hlo.rng_normal %mu, %sigma : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>`
#[op(name = "hlo.rng_normal", verify = verify_rng_normal, format = "$mu `,` $sigma attr-dict `:` functional-type(operands, results)")]
pub struct RngNormalOp {
    /// The mean, a 0-d float tensor.
    #[operand]
    mu: FloatTensor,
    /// The standard deviation, a 0-d tensor of the type of `mu`.
    #[operand]
    sigma: FloatTensor,
    #[result]
    result: FloatTensor,
}

/// Generates uniformly random bits of the output type from a generator state, and the
/// state after them.
///
/// XLA's `RngBitGenerator`: the output is a deterministic function of `initial_state` for a
/// given backend. The state is a 1-D `ui64` tensor: 2 elements for `THREE_FRY`, 2 or 3 for
/// `PHILOX`, any size for `DEFAULT` (the backend's choice); `output_state` has its type.
///
/// Example: `%0:2 = hlo.rng_bit_generator THREE_FRY, %state : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)`
#[op(
    name = "hlo.rng_bit_generator",
    traits = [Pure],
    verify = verify_rng_bit_generator,
    format = "$rng_algorithm `,` $initial_state attr-dict `:` functional-type(operands, results)"
)]
pub struct RngBitGeneratorOp {
    /// The generator's algorithm.
    #[attr]
    rng_algorithm: RngAlgorithm,
    /// The generator state to start from.
    #[operand]
    initial_state: IntTensor,
    /// The state after generating `output`.
    #[result]
    output_state: IntTensor,
    /// The random bits.
    #[result]
    output: IntTensor,
}

/// Checks the two operands (called `names` in messages): 0-d tensors of one type whose
/// element type `element_ok` accepts (`kinds` says which, in messages); the result has that
/// element type.
fn verify_bounds(op: OpRef, names: [&str; 2], element_ok: fn(&Context, Type) -> bool, kinds: &str) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let types = op.operand_types();
    for (name, ty) in names.iter().zip(&types) {
        if !ctx.as_tensor(*ty).is_some_and(|t| t.dims.is_empty() && element_ok(ctx, t.element)) {
            return Err(op.error(format!("{name} must be a 0-d tensor of {kinds}, found {}", ctx.type_to_string(*ty))));
        }
    }
    if types[0] != types[1] {
        return Err(op.error(format!(
            "{} and {} must have the same type, found {} and {}",
            names[0],
            names[1],
            ctx.type_to_string(types[0]),
            ctx.type_to_string(types[1])
        )));
    }
    let result = op.result_types()[0];
    let (element, result_element) = (ctx.element_type(types[0]), ctx.element_type(result));
    if element != result_element {
        return Err(op.error(format!(
            "the result element type {} differs from the element type {} of {} and {}",
            ctx.type_to_string(result_element),
            ctx.type_to_string(element),
            names[0],
            names[1]
        )));
    }
    Ok(())
}

/// Checks `hlo.rng_uniform`: `a` and `b` are 0-d of one type of predicates, integers or
/// floats, and the result has their element type.
pub fn verify_rng_uniform(op: OpRef) -> Result<(), Diagnostic> {
    let real = |ctx: &Context, ty: Type| ctx.is_integer(ty) || ctx.is_float(ty);
    verify_bounds(op, ["a", "b"], real, "predicates, integers or floats")
}

/// Checks `hlo.rng_normal`: `mu` and `sigma` are 0-d of one float type, the result's
/// element type.
pub fn verify_rng_normal(op: OpRef) -> Result<(), Diagnostic> {
    verify_bounds(op, ["mu", "sigma"], |ctx, ty| ctx.is_float(ty), "floats")
}

/// Checks `hlo.rng_bit_generator`: the state is a 1-D `ui64` tensor whose size suits the
/// algorithm, and `output_state` has its type.
pub fn verify_rng_bit_generator(op: OpRef) -> Result<(), Diagnostic> {
    let (ctx, body) = (op.ctx(), op.body);
    let generator = RngBitGeneratorOp::from_id_unchecked(op.id);
    let state_type = body.value_type(generator.initial_state(body));
    let ui64 = ctx.uint_type(64);
    let size = match ctx.as_tensor(state_type) {
        Some(t) if t.element == ui64 && t.dims.len() == 1 => t.dims[0],
        _ => {
            return Err(op.error(format!("initial_state must be a 1-D tensor of ui64, found {}", ctx.type_to_string(state_type))));
        }
    };
    let algorithm = generator.rng_algorithm(body);
    let (allowed, expected): (&[i64], &str) = match algorithm {
        RngAlgorithm::Default => (&[], ""),
        RngAlgorithm::ThreeFry => (&[2], "2"),
        RngAlgorithm::Philox => (&[2, 3], "2 or 3"),
    };
    if let Dim::Static(n) = size {
        if !allowed.is_empty() && !allowed.contains(&n) {
            return Err(op.error(format!(
                "the {} algorithm needs an initial_state of {expected} elements, found {n}",
                algorithm.name()
            )));
        }
    }
    let output_state = body.value_type(generator.output_state(body));
    if output_state != state_type {
        return Err(op.error(format!(
            "output_state has type {}, but initial_state has type {}; they must be equal",
            ctx.type_to_string(output_state),
            ctx.type_to_string(state_type)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use xla_ir::{Body, Builder};

    #[test]
    fn result_types_are_given_and_checked_against_the_operands() {
        let ctx = context();
        let (f32, f64, i32) = (ctx.f32_type(), ctx.float_type(xla_ir::FloatKind::F64), ctx.int_type(32));
        let scalar = |e| ctx.tensor_type(&[], e);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[scalar(f32), scalar(f32), scalar(i32), ctx.tensor_type(&[2], f32), scalar(f64)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let uniform = RngUniformOp::build(&mut b, args[0], args[1], ctx.tensor_type(&[2, 3], f32)).expect("built");
        let normal = RngNormalOp::build(&mut b, args[0], args[1], ctx.tensor_type(&[5], f32)).expect("built");
        let mixed = RngUniformOp::build(&mut b, args[0], args[2], ctx.tensor_type(&[2], f32)).expect("built");
        let not_scalar = RngNormalOp::build(&mut b, args[3], args[0], ctx.tensor_type(&[2], f32)).expect("built");
        let wrong_result = RngNormalOp::build(&mut b, args[4], args[4], ctx.tensor_type(&[2], f32)).expect("built");
        assert!(verify(&body, uniform).is_ok() && verify(&body, normal).is_ok());
        assert_eq!((uniform.a(&body), uniform.b(&body)), (args[0], args[1]));
        assert_eq!(verify_error(&body, mixed), "a and b must have the same type, found tensor<f32> and tensor<i32>");
        assert_eq!(verify_error(&body, not_scalar), "mu must be a 0-d tensor of floats, found tensor<2xf32>");
        assert_eq!(
            verify_error(&body, wrong_result),
            "the result element type f32 differs from the element type f64 of mu and sigma"
        );
    }

    #[test]
    fn the_state_size_depends_on_the_algorithm() {
        let ctx = context();
        let ui64 = ctx.uint_type(64);
        let (two, three) = (ctx.tensor_type(&[2], ui64), ctx.tensor_type(&[3], ui64));
        let output = ctx.tensor_type(&[4, 4], ctx.uint_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[two, three, ctx.tensor_type(&[2], ctx.int_type(64))]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut build = |algorithm, state, state_type| {
            RngBitGeneratorOp::build(&mut b, state, algorithm, state_type, output).expect("no inference")
        };
        let three_fry = build(RngAlgorithm::ThreeFry, args[0], two);
        let philox = build(RngAlgorithm::Philox, args[1], three);
        let default = build(RngAlgorithm::Default, args[1], three);
        let three_fry_of_three = build(RngAlgorithm::ThreeFry, args[1], three);
        let signed_state = build(RngAlgorithm::Default, args[2], ctx.tensor_type(&[2], ctx.int_type(64)));
        let other_output_state = build(RngAlgorithm::Philox, args[0], three);
        for op in [three_fry, philox, default] {
            assert_eq!(verify(&body, op).map_err(|d| d.message), Ok(()));
        }
        assert_eq!(three_fry.rng_algorithm(&body), RngAlgorithm::ThreeFry);
        assert_eq!(verify_error(&body, three_fry_of_three), "the THREE_FRY algorithm needs an initial_state of 2 elements, found 3");
        assert_eq!(verify_error(&body, signed_state), "initial_state must be a 1-D tensor of ui64, found tensor<2xi64>");
        assert_eq!(
            verify_error(&body, other_output_state),
            "output_state has type tensor<3xui64>, but initial_state has type tensor<2xui64>; they must be equal"
        );
    }
}
