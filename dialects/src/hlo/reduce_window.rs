//! `hlo.reduce_window`: XLA's `ReduceWindow`, which reduces every window position of N
//! inputs with a reducer region, starting from N init values (pooling).
//!
//! Shape rule (operation semantics): all inputs have one shape; result `i` has one element
//! per valid window position (see [`super::window`] for the formula with padding, strides
//! and dilations) and the element type of init value `i`. The reducer takes the N
//! accumulators then the N input elements, all 0-d tensors, and returns the N new
//! accumulators.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr, I64ArrayListAttr, Region, Variadic};
use xla_ir::op_def::{InferContext, OpRef};
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::shape::merge_dim;
use xla_ir::{Context, Diagnostic, Dim, Op, OpId, OpState, TensorType, Type, TypeData};
use xla_macros::op;

use super::common::{parse_attrs_and_functional_type, print_attrs_and_functional_type, required_i64_array};
use super::window::{
    check_count, check_positive, parse_window, read_window, verify_scalar_region, window_clause, window_output_dims,
    WindowAttrNames, WindowKey, WindowValue,
};

/// Reduces each window of N tensors with a reducer region, from N init values.
///
/// A window of `window_dimensions` slides over the inputs by `window_strides`, after
/// `padding` (pairs of low and high padding per dimension; padded elements are the init
/// value) and `base_dilations` (holes between input elements); `window_dilations` spreads the
/// window's own elements. Strides and dilations default to 1, padding to 0. Each result has
/// one element per window position: the reducer folds the window's elements into the init
/// value. The reducer takes 2N 0-d tensors (the accumulators, then one element of each
/// input) and returns the N new accumulators with `hlo.return`.
///
/// Example: `%0 = hlo.reduce_window(%x init : %zero) window = {size = [2, 3], stride = [2, 3]} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32> { ... }`
#[op(
    name = "hlo.reduce_window",
    traits = [Pure, ReadsAnyLayout],
    infer = infer_reduce_window,
    verify = verify_reduce_window,
    print = print_reduce_window,
    parse = parse_reduce_window
)]
pub struct ReduceWindowOp {
    /// The tensors to reduce, all of one shape.
    #[operand]
    inputs: Variadic<AnyTensor>,
    /// One 0-d initial accumulator per input.
    #[operand]
    init_values: Variadic<AnyTensor>,
    /// The window's size in each input dimension.
    #[attr]
    window_dimensions: I64ArrayAttr,
    /// The window's step in each input dimension (default 1).
    #[attr]
    window_strides: Option<I64ArrayAttr>,
    /// Dilation of the inputs in each dimension (default 1).
    #[attr]
    base_dilations: Option<I64ArrayAttr>,
    /// Dilation of the window in each dimension (default 1).
    #[attr]
    window_dilations: Option<I64ArrayAttr>,
    /// `[low, high]` padding per input dimension (default 0).
    #[attr]
    padding: Option<I64ArrayListAttr>,
    /// The reducer.
    #[region]
    body: Region,
    /// One reduced tensor per input.
    #[result]
    results: Variadic<AnyTensor>,
}

/// The window attributes of `hlo.reduce_window`.
const NAMES: WindowAttrNames = WindowAttrNames {
    stride: "window_strides",
    padding: "padding",
    base_dilation: Some("base_dilations"),
    window_dilation: Some("window_dilations"),
};

/// The keys of its `window = {...}` clause.
const KEYS: &[WindowKey] = &[
    WindowKey { key: "size", attr: "window_dimensions", value: WindowValue::Ints },
    WindowKey { key: "stride", attr: "window_strides", value: WindowValue::Ints },
    WindowKey { key: "pad", attr: "padding", value: WindowValue::Pairs },
    WindowKey { key: "base_dilate", attr: "base_dilations", value: WindowValue::Ints },
    WindowKey { key: "window_dilate", attr: "window_dilations", value: WindowValue::Ints },
];

/// The operands split into inputs and init values, checked: as many of each, at least one;
/// inputs of one shape (returned merged); 0-d init values of the inputs' element types.
struct Operands {
    shape: Vec<Dim>,
    init_types: Vec<Type>,
    /// The 0-d tensor types of the inputs' elements.
    element_types: Vec<Type>,
}

fn check_operands(ctx: &Context, types: &[Type]) -> Result<Operands, String> {
    let total = types.len();
    if total % 2 == 1 {
        return Err(format!("needs as many init values as inputs, found {total} operands"));
    }
    if total == 0 {
        return Err("needs at least one input".into());
    }
    let count = total / 2;
    let tensor = |i: usize| {
        ctx.as_tensor(types[i])
            .ok_or_else(|| format!("operand #{i} must be a tensor, found {}", ctx.type_to_string(types[i])))
    };
    let first = tensor(0)?;
    let mut shape = first.dims.clone();
    let mut element_types = Vec::with_capacity(count);
    for i in 0..count {
        let input = tensor(i)?;
        let merged = (input.dims.len() == shape.len())
            .then(|| shape.iter().zip(&input.dims).map(|(a, b)| merge_dim(*a, *b)).collect::<Option<Vec<_>>>())
            .flatten();
        shape = merged.ok_or_else(|| {
            format!(
                "input #{i} ({}) has a different shape from input #0 ({})",
                ctx.type_to_string(types[i]),
                ctx.type_to_string(types[0])
            )
        })?;
        let init = tensor(count + i)?;
        if !init.dims.is_empty() {
            return Err(format!(
                "init value #{i} must be a 0-d tensor, found {}",
                ctx.type_to_string(types[count + i])
            ));
        }
        if init.element != input.element {
            return Err(format!(
                "init value #{i} has element type {}, but input #{i} has {}",
                ctx.type_to_string(init.element),
                ctx.type_to_string(input.element)
            ));
        }
        element_types.push(ctx.ty(TypeData::Tensor(TensorType {
            dims: Vec::new(),
            element: input.element,
            layout: None,
        })));
    }
    Ok(Operands { shape, init_types: types[count..].to_vec(), element_types })
}

/// The shape function of `hlo.reduce_window`.
pub fn infer_reduce_window(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operands = check_operands(cx.ctx, cx.operand_types)?;
    let rank = operands.shape.len();
    let sizes = required_i64_array(cx, "window_dimensions")?;
    check_count("window_dimensions", sizes.len(), rank, "input dimension")?;
    check_positive("window_dimensions", sizes)?;
    let sizes: Vec<Option<i64>> = sizes.iter().map(|s| Some(*s)).collect();
    let window = read_window(cx, &NAMES, &sizes, "input dimension")?;
    let dims = window_output_dims(&operands.shape, &window, "input dimension")?;
    Ok(operands
        .init_types
        .iter()
        .map(|init| {
            let element = cx.ctx.element_type(*init);
            cx.ctx.ty(TypeData::Tensor(TensorType { dims: dims.clone(), element, layout: None }))
        })
        .collect())
}

/// Checks the reducer of `hlo.reduce_window`: one block taking the accumulators (of the
/// init values' types) then one element of each input (0-d tensors), returning new
/// accumulators with `hlo.return`. The shape function checks the rest.
pub fn verify_reduce_window(op: OpRef) -> Result<(), Diagnostic> {
    let reduce = ReduceWindowOp::from_id_unchecked(op.id);
    let operands = check_operands(op.ctx(), &op.operand_types()).map_err(|m| op.error(m))?;
    let args: Vec<Type> = operands.init_types.iter().chain(&operands.element_types).copied().collect();
    verify_scalar_region(op, reduce.body(op.body), "reducer", &args, &operands.init_types)
}

fn print_reduce_window(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    // Split by hand rather than through the accessors, which expect a verified op.
    let operands = &body.op(op).operands;
    let (inputs, init_values) = operands.split_at(operands.len() / 2);
    p.print("(");
    p.print_operands(inputs);
    p.print(" init : ");
    p.print_operands(init_values);
    p.print(")");
    let (clause, elided) = window_clause(OpRef::new(body, op), KEYS);
    if let Some(clause) = clause {
        p.print(" ");
        p.print(&clause);
    }
    print_attrs_and_functional_type(p, op, &elided);
    if let Some(&region) = body.op(op).regions.first() {
        p.print(" ");
        p.print_region(region, true);
    }
}

fn parse_reduce_window(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    p.expect(TokenKind::LParen)?;
    let mut operands = p.parse_operand_list()?;
    p.expect_keyword("init")?;
    p.expect(TokenKind::Colon)?;
    operands.extend(p.parse_operand_list()?);
    p.expect(TokenKind::RParen)?;
    if p.accept_keyword("window") {
        parse_window(p, state, KEYS)?;
    }
    parse_attrs_and_functional_type(p, state, &operands)?;
    let region = p.parse_region(Vec::new(), false)?;
    state.regions.push(region);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::{MaximumOp, ReturnOp};
    use xla_ir::{Body, Builder, ValueId};

    /// Fills the reducer of `op` with one `hlo.maximum` per accumulator/element pair of the
    /// given argument types and returns the first `returned` of them.
    fn max_reducer(body: &mut Body, op: ReduceWindowOp, args: &[Type], returned: usize) {
        let region = op.body(body);
        let block = body.append_block(region);
        let args: Vec<ValueId> = args.iter().map(|t| body.add_block_arg(block, *t)).collect();
        let location = body.ctx().unknown_loc();
        let mut b = Builder::at_end(body, block, location);
        let count = args.len() / 2;
        let mut maxima = Vec::new();
        for i in 0..count {
            let max = MaximumOp::build(&mut b, args[i], args[count + i], None).expect("same types");
            maxima.push(max.result(b.body));
        }
        maxima.truncate(returned);
        ReturnOp::build(&mut b, &maxima).expect("no inference to fail");
    }

    #[test]
    fn max_pool_has_one_element_per_window() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let scalar = ctx.tensor_type(&[], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4, 6], f32), scalar]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let pool = ReduceWindowOp::build(&mut b, &args[..1], &args[1..], &[2, 3], Some(&[2, 3]), None, None, None)
            .expect("valid");
        assert_eq!(body.value_type(pool.results(&body)[0]), ctx.tensor_type(&[2, 2], f32));
        assert_eq!(pool.window_strides(&body), Some(&[2, 3][..]));
        assert_eq!(pool.padding(&body), None);
        assert_eq!(verify_error(&body, pool), "the reducer must have exactly one block, found 0");
        max_reducer(&mut body, pool, &[scalar, scalar], 1);
        assert_eq!(verify(&body, pool).map_err(|d| d.message), Ok(()));
    }

    #[test]
    fn padding_and_dilations_enter_the_formula() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[5, 4], f32),
                ctx.tensor_type(&[5, 4], i32),
                ctx.tensor_type(&[], f32),
                ctx.tensor_type(&[], i32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let padding: Vec<&[i64]> = vec![&[1, 1], &[0, 0]];
        let op = ReduceWindowOp::build(
            &mut b,
            &args[..2],
            &args[2..],
            &[3, 2],
            Some(&[2, 1]),
            Some(&[1, 2]),
            Some(&[1, 2]),
            Some(padding),
        )
        .expect("valid");
        // Dimension 0: 5 + 2 padding = 7, window 3, stride 2 -> 3. Dimension 1: 4 dilated
        // by 2 is 7, window 2 dilated by 2 spans 3 -> 5.
        let types: Vec<Type> = op.results(&body).iter().map(|v| body.value_type(*v)).collect();
        assert_eq!(types, [ctx.tensor_type(&[3, 5], f32), ctx.tensor_type(&[3, 5], i32)]);
        assert_eq!(op.padding(&body), Some(vec![&[1, 1][..], &[0, 0][..]]));
    }

    #[test]
    fn the_builder_rejects_bad_windows_and_operands() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[4, 6], f32),
                ctx.tensor_type(&[], f32),
                ctx.tensor_type(&[6, 4], f32),
                ctx.tensor_type(&[2], f32),
                ctx.tensor_type(&[], i32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let (x, z) = (&args[..1], &args[1..2]);
        let prefix = "'hlo.reduce_window' op ";
        let mut error = |inputs: &[ValueId],
                         inits: &[ValueId],
                         dims: &[i64],
                         strides: Option<&[i64]>,
                         padding: Option<Vec<&[i64]>>| {
            let message = ReduceWindowOp::build(&mut b, inputs, inits, dims, strides, None, None, padding)
                .expect_err("invalid")
                .message;
            message.strip_prefix(prefix).expect("prefixed").to_string()
        };
        assert_eq!(
            error(x, z, &[2], None, None),
            "window_dimensions has 1 entries, expected 2 (one per input dimension)"
        );
        assert_eq!(error(x, z, &[2, 0], None, None), "window_dimensions[1] = 0 must be positive");
        assert_eq!(
            error(x, z, &[2, 2], Some(&[1]), None),
            "window_strides has 1 entries, expected 2 (one per input dimension)"
        );
        assert_eq!(error(x, z, &[2, 2], Some(&[1, -1]), None), "window_strides[1] = -1 must be positive");
        assert_eq!(
            error(x, z, &[2, 2], None, Some(vec![&[0, 0]])),
            "padding has 1 entries, expected 2 (one per input dimension)"
        );
        assert_eq!(
            error(x, z, &[2, 2], None, Some(vec![&[0, 0], &[1]])),
            "padding[1] must be a [low, high] pair, found [1]"
        );
        assert_eq!(
            error(x, z, &[2, 2], None, Some(vec![&[0, 0], &[-4, -3]])),
            "input dimension 1 has negative size -1 after padding [-4, -3]"
        );
        assert_eq!(
            error(&[args[0], args[2]], &[args[1], args[1]], &[1, 1], None, None),
            "input #1 (tensor<6x4xf32>) has a different shape from input #0 (tensor<4x6xf32>)"
        );
        assert_eq!(
            error(x, &args[3..4], &[1, 1], None, None),
            "init value #0 must be a 0-d tensor, found tensor<2xf32>"
        );
        assert_eq!(
            error(x, &args[4..5], &[1, 1], None, None),
            "init value #0 has element type i32, but input #0 has f32"
        );
    }

    #[test]
    fn the_verifier_checks_the_reducer() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let scalar = ctx.tensor_type(&[], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[4], f32), scalar]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut build =
            || ReduceWindowOp::build(&mut b, &args[..1], &args[1..], &[2], None, None, None, None).expect("valid");
        let (wrong_arity, wrong_type, returns_nothing) = (build(), build(), build());
        max_reducer(&mut body, wrong_arity, &[scalar, scalar, scalar, scalar], 2);
        let i32_scalar = ctx.tensor_type(&[], ctx.int_type(32));
        max_reducer(&mut body, wrong_type, &[i32_scalar, i32_scalar], 1);
        max_reducer(&mut body, returns_nothing, &[scalar, scalar], 0);
        assert_eq!(verify_error(&body, wrong_arity), "the reducer takes 4 arguments, expected 2");
        assert_eq!(verify_error(&body, wrong_type), "reducer argument #0 has type tensor<i32>, expected tensor<f32>");
        assert_eq!(verify_error(&body, returns_nothing), "the reducer returns 0 values, expected 1");
    }
}
