//! `hlo.select_and_scatter`: XLA's `SelectAndScatter`, which selects one element of each
//! window of `operand` and scatters the matching `source` element onto it (the gradient of
//! max pooling).
//!
//! Shape rule (operation semantics): `source` has the shape of the reduce-window output of
//! `operand` over the window; the result has the operand's type. `operand`, `source` and
//! the 0-d `init_value` share one element type `T`; `select` maps `(T, T)` to a predicate
//! and `scatter` `(T, T)` to `T`, all as 0-d tensors.

use xla_ir::constraints::{AnyTensor, I64ArrayAttr, I64ArrayListAttr, Region};
use xla_ir::op_def::{InferContext, OpRef};
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::shape::merge_dim;
use xla_ir::{Context, Diagnostic, Op, OpId, OpState, TensorType, Type, TypeData};
use xla_macros::op;

use super::common::{parse_attrs_and_functional_type, print_attrs_and_functional_type, required_i64_array};
use super::window::{
    check_count, check_positive, parse_window, read_window, verify_scalar_region, window_clause, window_output_dims,
    WindowAttrNames, WindowKey, WindowValue,
};

/// Selects an element of each window of `operand` and scatters `source` onto the selected
/// elements, combining collisions with `scatter`.
///
/// The windows are those of `hlo.reduce_window` with `window_dimensions`, `window_strides`
/// (default 1) and `padding` (default 0); `source` has one element per window. In each
/// window, `select` (two 0-d elements to a 0-d predicate, true when the first is chosen)
/// picks one element; the result starts as `init_value` everywhere and each source element
/// is combined into its window's selected position with `scatter` (two 0-d elements to
/// one). The result has the operand's type.
///
/// Example: `%0 = hlo.select_and_scatter %x, %grad, %zero, window = {size = [2, 2], stride = [2, 2]} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32> select { ... } scatter { ... }`
#[op(
    name = "hlo.select_and_scatter",
    traits = [Pure],
    infer = infer_select_and_scatter,
    verify = verify_select_and_scatter,
    print = print_select_and_scatter,
    parse = parse_select_and_scatter
)]
pub struct SelectAndScatterOp {
    /// The array the windows slide over.
    #[operand]
    operand: AnyTensor,
    /// One value per window, scattered to its selected element.
    #[operand]
    source: AnyTensor,
    /// The 0-d initial value of every result element.
    #[operand]
    init_value: AnyTensor,
    /// The window's size in each operand dimension.
    #[attr]
    window_dimensions: I64ArrayAttr,
    /// The window's step in each operand dimension (default 1).
    #[attr]
    window_strides: Option<I64ArrayAttr>,
    /// `[low, high]` padding per operand dimension (default 0).
    #[attr]
    padding: Option<I64ArrayListAttr>,
    /// Chooses between two elements of a window: true selects the first.
    #[region]
    select: Region,
    /// Combines the value at a selected position with a source value.
    #[region]
    scatter: Region,
    #[result]
    result: AnyTensor,
}

/// The window attributes of `hlo.select_and_scatter` (it has no dilations).
const NAMES: WindowAttrNames =
    WindowAttrNames { stride: "window_strides", padding: "padding", base_dilation: None, window_dilation: None };

/// The keys of its `window = {...}` clause.
const KEYS: &[WindowKey] = &[
    WindowKey { key: "size", attr: "window_dimensions", value: WindowValue::Ints },
    WindowKey { key: "stride", attr: "window_strides", value: WindowValue::Ints },
    WindowKey { key: "pad", attr: "padding", value: WindowValue::Pairs },
];

/// Checks the element types and the 0-d init value; returns the operand, the source and the
/// 0-d tensor type of the elements.
fn check_operands<'c>(ctx: &'c Context, types: &[Type]) -> Result<(&'c TensorType, &'c TensorType, Type), String> {
    let tensor = |i: usize, name: &str| {
        let ty = *types.get(i).ok_or_else(|| format!("missing operand '{name}'"))?;
        ctx.as_tensor(ty).ok_or_else(|| format!("{name} must be a tensor, found {}", ctx.type_to_string(ty)))
    };
    let (operand, source, init) = (tensor(0, "operand")?, tensor(1, "source")?, tensor(2, "init_value")?);
    if !init.dims.is_empty() {
        return Err(format!("init_value must be a 0-d tensor, found {}", ctx.type_to_string(types[2])));
    }
    for (name, other) in [("source", source), ("init_value", init)] {
        if other.element != operand.element {
            return Err(format!(
                "{name} has element type {}, but operand has {}",
                ctx.type_to_string(other.element),
                ctx.type_to_string(operand.element)
            ));
        }
    }
    let scalar = ctx.ty(TypeData::Tensor(TensorType { dims: Vec::new(), element: operand.element, layout: None }));
    Ok((operand, source, scalar))
}

/// The shape function of `hlo.select_and_scatter`: the window over `operand` must produce
/// `source`'s shape; the result is the operand's type.
pub fn infer_select_and_scatter(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (operand, source, _) = check_operands(cx.ctx, cx.operand_types)?;
    let rank = operand.dims.len();
    let sizes = required_i64_array(cx, "window_dimensions")?;
    check_count("window_dimensions", sizes.len(), rank, "operand dimension")?;
    check_positive("window_dimensions", sizes)?;
    let sizes: Vec<Option<i64>> = sizes.iter().map(|s| Some(*s)).collect();
    let window = read_window(cx, &NAMES, &sizes, "operand dimension")?;
    let windows = window_output_dims(&operand.dims, &window, "operand dimension")?;
    let matches = source.dims.len() == windows.len()
        && source.dims.iter().zip(&windows).all(|(a, b)| merge_dim(*a, *b).is_some());
    if !matches {
        let expected = cx.ctx.ty(TypeData::Tensor(TensorType { dims: windows, element: source.element, layout: None }));
        return Err(format!(
            "source has type {}, but the windows over operand give {}",
            cx.ctx.type_to_string(cx.operand_types[1]),
            cx.ctx.type_to_string(expected)
        ));
    }
    Ok(vec![cx.operand_types[0]])
}

/// Checks the regions of `hlo.select_and_scatter`: `select` takes two 0-d elements and
/// returns a 0-d predicate; `scatter` takes two 0-d elements and returns one.
pub fn verify_select_and_scatter(op: OpRef) -> Result<(), Diagnostic> {
    let s = SelectAndScatterOp::from_id_unchecked(op.id);
    let ctx = op.ctx();
    let (_, _, scalar) = check_operands(ctx, &op.operand_types()).map_err(|m| op.error(m))?;
    let pred = ctx.tensor_type(&[], ctx.int_type(1));
    verify_scalar_region(op, s.select(op.body), "select region", &[scalar, scalar], &[pred])?;
    verify_scalar_region(op, s.scatter(op.body), "scatter region", &[scalar, scalar], &[scalar])
}

fn print_select_and_scatter(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    p.print(" ");
    p.print_operands(&body.op(op).operands);
    let (clause, elided) = window_clause(OpRef::new(body, op), KEYS);
    if let Some(clause) = clause {
        p.print(", ");
        p.print(&clause);
    }
    print_attrs_and_functional_type(p, op, &elided);
    for (keyword, region) in ["select", "scatter"].iter().zip(&body.op(op).regions) {
        p.print(&format!(" {keyword} "));
        p.print_region(*region, true);
    }
}

fn parse_select_and_scatter(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let mut operands = vec![p.parse_operand()?];
    while p.accept(TokenKind::Comma) {
        if p.accept_keyword("window") {
            parse_window(p, state, KEYS)?;
            break;
        }
        operands.push(p.parse_operand()?);
    }
    parse_attrs_and_functional_type(p, state, &operands)?;
    for keyword in ["select", "scatter"] {
        p.expect_keyword(keyword)?;
        let region = p.parse_region(Vec::new(), false)?;
        state.regions.push(region);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use crate::hlo::{AddOp, ConstantOp, ReturnOp};
    use xla_ir::dense::{DenseElements, Scalar};
    use xla_ir::{Body, Builder, RegionId, ValueId};

    /// Fills `region` with a block of the given argument types returning a constant `true`
    /// (`as_select`), or else the sum of its two arguments (or its only one).
    fn fill(body: &mut Body, region: RegionId, args: &[Type], as_select: bool) {
        let block = body.append_block(region);
        let args: Vec<ValueId> = args.iter().map(|t| body.add_block_arg(block, *t)).collect();
        let ctx = body.ctx();
        let mut b = Builder::at_end(body, block, ctx.unknown_loc());
        let value = if as_select {
            let pred = ctx.tensor_type(&[], ctx.int_type(1));
            let literal = DenseElements::from_scalars(ctx, pred, &[Scalar::Int(1)]).expect("a pred literal");
            ConstantOp::build(&mut b, &literal).expect("constant").result(b.body)
        } else if let [x, y] = args[..] {
            AddOp::build(&mut b, x, y, None).expect("same types").result(b.body)
        } else {
            args[0]
        };
        ReturnOp::build(&mut b, &[value]).expect("no inference");
    }

    #[test]
    fn the_result_has_the_operand_type_and_regions_are_checked() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let scalar = ctx.tensor_type(&[], f32);
        let mut body = Body::new(&ctx);
        let (block, args) =
            block_with_args(&mut body, &[ctx.tensor_type(&[4, 5], f32), ctx.tensor_type(&[2, 2], f32), scalar]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        // Dimension 1: 5 + 1 padding = 6, window 3, stride 3 -> 2.
        let mut build = || {
            let padding: Vec<&[i64]> = vec![&[0, 0], &[0, 1]];
            SelectAndScatterOp::build(&mut b, args[0], args[1], args[2], &[2, 3], Some(&[2, 3]), Some(padding))
                .expect("valid")
        };
        let (empty, bad_select, bad_scatter, valid) = (build(), build(), build(), build());
        assert_eq!(body.value_type(valid.result(&body)), ctx.tensor_type(&[4, 5], f32));
        assert_eq!(valid.padding(&body), Some(vec![&[0, 0][..], &[0, 1][..]]));
        for (op, select_ok, scatter_args) in [(bad_select, false, 2), (bad_scatter, true, 1), (valid, true, 2)] {
            let (select, scatter) = (op.select(&body), op.scatter(&body));
            fill(&mut body, select, &[scalar, scalar], select_ok);
            fill(&mut body, scatter, &vec![scalar; scatter_args], false);
        }
        assert_eq!(verify_error(&body, empty), "the select region must have exactly one block, found 0");
        assert_eq!(
            verify_error(&body, bad_select),
            "select region result #0 has type tensor<f32>, expected tensor<i1>"
        );
        assert_eq!(verify_error(&body, bad_scatter), "the scatter region takes 1 arguments, expected 2");
        assert_eq!(verify(&body, valid).map_err(|d| d.message), Ok(()));
    }

    #[test]
    fn the_builder_checks_source_and_types() {
        let ctx = context();
        let (f32, i32) = (ctx.f32_type(), ctx.int_type(32));
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[4, 4], f32),
                ctx.tensor_type(&[2, 2], f32),
                ctx.tensor_type(&[], f32),
                ctx.tensor_type(&[3, 3], f32),
                ctx.tensor_type(&[2], f32),
                ctx.tensor_type(&[2, 2], i32),
                ctx.tensor_type(&[], i32),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        // Overlapping windows (stride 1) give 3x3 sources.
        assert!(SelectAndScatterOp::build(&mut b, args[0], args[3], args[2], &[2, 2], None, None).is_ok());
        let mut error = |source, init, dims: &[i64]| {
            let message = SelectAndScatterOp::build(&mut b, args[0], source, init, dims, None, None)
                .expect_err("invalid")
                .message;
            message.strip_prefix("'hlo.select_and_scatter' op ").expect("prefixed").to_string()
        };
        assert_eq!(
            error(args[1], args[2], &[1, 1]),
            "source has type tensor<2x2xf32>, but the windows over operand give tensor<4x4xf32>"
        );
        assert_eq!(
            error(args[4], args[2], &[2, 2]),
            "source has type tensor<2xf32>, but the windows over operand give tensor<3x3xf32>"
        );
        assert_eq!(error(args[1], args[4], &[2, 2]), "init_value must be a 0-d tensor, found tensor<2xf32>");
        assert_eq!(error(args[5], args[2], &[2, 2]), "source has element type i32, but operand has f32");
        assert_eq!(error(args[1], args[6], &[2, 2]), "init_value has element type i32, but operand has f32");
        assert_eq!(
            error(args[1], args[2], &[2]),
            "window_dimensions has 1 entries, expected 2 (one per operand dimension)"
        );
    }
}
