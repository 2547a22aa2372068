//! `hlo.convolution`: XLA's `ConvGeneralDilated`, the convolution of neural networks with
//! general padding, dilations, window reversal, and feature and batch groups.
//!
//! Shape rule (operation semantics, XLA's `InferConvolveShape`): with `n` spatial
//! dimensions, `lhs` (the input) and `rhs` (the kernel) have rank `n + 2`; the dimension
//! numbers say which dimension of each is the batch, feature and spatial dimensions. The
//! kernel's spatial sizes are the window's; the result's spatial sizes are the window
//! positions over the input's spatial dimensions (see [`super::window`]), its feature
//! dimension the kernel's output features and its batch `batch / batch_group_count`.
//!
//! Custom form: the nine dimension-number attributes print as XLA's `dim_labels`
//! (`b01f_01io->b01f`: per dimension of the input, the kernel and the output, `b`atch,
//! `f`eature, `i`nput and `o`utput feature, or the index of a spatial dimension), the window
//! attributes as `window = {stride = ..., pad = ..., lhs_dilate = ..., rhs_dilate = ...,
//! reverse = ...}`.

use xla_ir::constraints::{AttrKind, I64ArrayAttr, I64ArrayListAttr, I64Attr, NumericTensor};
use xla_ir::op_def::{InferContext, OpRef};
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, Dim, OpId, OpState, TensorType, Type, TypeData};
use xla_macros::op;

use super::common::{optional_i64_array, parse_attrs_and_functional_type, print_attrs_and_functional_type};
use super::precision::{check_precision_config, PrecisionConfigAttr};
use super::window::{
    check_count, parse_window, read_window, window_clause, window_output_dims, WindowAttrNames, WindowKey, WindowValue,
};

/// Convolution with general padding, dilations, window reversal, and feature and batch
/// groups (XLA's `ConvGeneralDilated`).
///
/// A window with the kernel's spatial shape slides over the input's spatial dimensions by
/// `window_strides`, after `padding` (`[low, high]` per spatial dimension, negative values
/// remove elements) and `lhs_dilation` (holes between input elements, a transposed
/// convolution); `rhs_dilation` spreads the kernel (an atrous convolution) and
/// `window_reversal` flips it per spatial dimension. Strides and dilations default to 1,
/// padding to 0. Each output element is the sum of products of a window of the input with
/// the kernel over the input features. With `feature_group_count = G`, the input features are
/// split into G groups that the kernel input features (input features / G) and G slices of
/// the kernel output features convolve separately; with `batch_group_count = G`, the batch is
/// split into G groups likewise, and the output batch is batch / G. The dimension numbers
/// place batch, feature and spatial dimensions in the input, kernel and output.
///
/// Example: `%0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x4x4x8xf32>`
#[op(
    name = "hlo.convolution",
    traits = [Pure],
    infer = infer_convolution,
    print = print_convolution,
    parse = parse_convolution
)]
pub struct ConvolutionOp {
    /// The input.
    #[operand]
    lhs: NumericTensor,
    /// The kernel.
    #[operand]
    rhs: NumericTensor,
    /// The window's step per spatial dimension (default 1).
    #[attr]
    window_strides: Option<I64ArrayAttr>,
    /// `[low, high]` padding per spatial dimension, possibly negative (default 0).
    #[attr]
    padding: Option<I64ArrayListAttr>,
    /// Dilation of the input per spatial dimension (default 1).
    #[attr]
    lhs_dilation: Option<I64ArrayAttr>,
    /// Dilation of the kernel per spatial dimension (default 1).
    #[attr]
    rhs_dilation: Option<I64ArrayAttr>,
    /// Whether the kernel is reversed, per spatial dimension: 0 or 1 (default 0).
    #[attr]
    window_reversal: Option<I64ArrayAttr>,
    /// The batch dimension of `lhs`.
    #[attr]
    input_batch_dimension: I64Attr,
    /// The feature dimension of `lhs`.
    #[attr]
    input_feature_dimension: I64Attr,
    /// The spatial dimensions of `lhs`, in spatial order.
    #[attr]
    input_spatial_dimensions: I64ArrayAttr,
    /// The input feature dimension of `rhs`.
    #[attr]
    kernel_input_feature_dimension: I64Attr,
    /// The output feature dimension of `rhs`.
    #[attr]
    kernel_output_feature_dimension: I64Attr,
    /// The spatial dimensions of `rhs`, in spatial order.
    #[attr]
    kernel_spatial_dimensions: I64ArrayAttr,
    /// The batch dimension of the result.
    #[attr]
    output_batch_dimension: I64Attr,
    /// The feature dimension of the result.
    #[attr]
    output_feature_dimension: I64Attr,
    /// The spatial dimensions of the result, in spatial order.
    #[attr]
    output_spatial_dimensions: I64ArrayAttr,
    /// The number of feature groups (1 for an ordinary convolution).
    #[attr]
    feature_group_count: I64Attr,
    /// The number of batch groups (1 for an ordinary convolution).
    #[attr]
    batch_group_count: I64Attr,
    /// XLA's per-operand precision: none, or one for `lhs` and one for `rhs`.
    #[attr]
    precision_config: Option<PrecisionConfigAttr>,
    #[result]
    result: NumericTensor,
}

/// XLA's `ConvolutionDimensionNumbers`: where the batch, feature and spatial dimensions of
/// the input (`lhs`), the kernel (`rhs`) and the output are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConvDimensionNumbers {
    pub input_batch: i64,
    pub input_feature: i64,
    pub input_spatial: Vec<i64>,
    pub kernel_input_feature: i64,
    pub kernel_output_feature: i64,
    pub kernel_spatial: Vec<i64>,
    pub output_batch: i64,
    pub output_feature: i64,
    pub output_spatial: Vec<i64>,
}

/// The attribute names of the dimension numbers, in the order of the fields of
/// [`ConvDimensionNumbers`].
const DIMENSION_ATTRS: [&str; 9] = [
    "input_batch_dimension",
    "input_feature_dimension",
    "input_spatial_dimensions",
    "kernel_input_feature_dimension",
    "kernel_output_feature_dimension",
    "kernel_spatial_dimensions",
    "output_batch_dimension",
    "output_feature_dimension",
    "output_spatial_dimensions",
];

/// The largest number of spatial dimensions `dim_labels` can spell (digits 0 to 9).
const MAX_LABELLED_SPATIAL_DIMS: usize = 10;

impl ConvDimensionNumbers {
    /// Reads XLA's `dim_labels`, `b01f_01io->b01f`: one character per dimension of the
    /// input (`b`, `f`), the kernel (`i`, `o`) and the output (`b`, `f`), where digit `d`
    /// marks spatial dimension `d`.
    pub fn from_labels(text: &str) -> Result<Self, String> {
        let malformed =
            || format!("dim_labels '{text}' must have the form <input>_<kernel>-><output>, as b01f_01io->b01f");
        let (operands, output) = text.split_once("->").ok_or_else(malformed)?;
        let (input, kernel) = operands.split_once('_').ok_or_else(malformed)?;
        let rank = input.len();
        if kernel.len() != rank || output.len() != rank {
            return Err(format!("dim_labels '{text}' must label the input, kernel and output with one rank"));
        }
        if rank < 2 {
            return Err(format!("dim_labels '{text}' must label at least two dimensions per operand"));
        }
        let spatial = rank - 2;
        let group = |labels: &str, what: &str, letters: [char; 2]| -> Result<(i64, i64, Vec<i64>), String> {
            let mut positions: [Option<i64>; 2] = [None; 2];
            let mut spatial_positions = vec![None; spatial];
            for (position, c) in labels.chars().enumerate() {
                let slot = match c {
                    _ if c == letters[0] => &mut positions[0],
                    _ if c == letters[1] => &mut positions[1],
                    _ => match c.to_digit(10).map(|d| d as usize).filter(|d| *d < spatial) {
                        Some(d) => &mut spatial_positions[d],
                        None => {
                            let digits = if spatial == 0 { String::new() } else { format!(", 0-{}", spatial - 1) };
                            return Err(format!(
                                "dim_labels '{text}': '{c}' is not a label of the {what} (expected {}, {}{digits})",
                                letters[0], letters[1]
                            ));
                        }
                    },
                };
                if slot.replace(position as i64).is_some() {
                    return Err(format!("dim_labels '{text}': the {what} labels '{c}' twice"));
                }
            }
            // With `rank` labels, all known and none repeated, none is missing; the error
            // only keeps this total.
            let missing = |c: String| format!("dim_labels '{text}': the {what} lacks label '{c}'");
            let [a, b] = positions;
            let a = a.ok_or_else(|| missing(letters[0].to_string()))?;
            let b = b.ok_or_else(|| missing(letters[1].to_string()))?;
            let spatial_positions = spatial_positions
                .into_iter()
                .enumerate()
                .map(|(d, p)| p.ok_or_else(|| missing(d.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((a, b, spatial_positions))
        };
        let (input_batch, input_feature, input_spatial) = group(input, "input", ['b', 'f'])?;
        let (kernel_input_feature, kernel_output_feature, kernel_spatial) = group(kernel, "kernel", ['i', 'o'])?;
        let (output_batch, output_feature, output_spatial) = group(output, "output", ['b', 'f'])?;
        Ok(ConvDimensionNumbers {
            input_batch,
            input_feature,
            input_spatial,
            kernel_input_feature,
            kernel_output_feature,
            kernel_spatial,
            output_batch,
            output_feature,
            output_spatial,
        })
    }

    /// The `dim_labels` spelling, when the numbers are three permutations of one rank with
    /// at most ten spatial dimensions (otherwise the attributes print one by one).
    pub fn to_labels(&self) -> Option<String> {
        let spatial = self.input_spatial.len();
        if spatial > MAX_LABELLED_SPATIAL_DIMS
            || self.kernel_spatial.len() != spatial
            || self.output_spatial.len() != spatial
        {
            return None;
        }
        let labels = |a: i64, b: i64, spatial_dims: &[i64], letters: [char; 2]| -> Option<String> {
            let mut chars = vec![None; spatial + 2];
            let digits = spatial_dims.iter().enumerate().map(|(d, p)| (*p, char::from_digit(d as u32, 10)));
            for (position, c) in [(a, Some(letters[0])), (b, Some(letters[1]))].into_iter().chain(digits) {
                let slot = chars.get_mut(usize::try_from(position).ok()?)?;
                if slot.replace(c?).is_some() {
                    return None;
                }
            }
            chars.into_iter().collect()
        };
        Some(format!(
            "{}_{}->{}",
            labels(self.input_batch, self.input_feature, &self.input_spatial, ['b', 'f'])?,
            labels(self.kernel_input_feature, self.kernel_output_feature, &self.kernel_spatial, ['i', 'o'])?,
            labels(self.output_batch, self.output_feature, &self.output_spatial, ['b', 'f'])?
        ))
    }

    /// Reads the nine attributes through `get`; the error names the first one missing or of
    /// another kind.
    fn from_attrs(
        get: impl Fn(&str) -> Option<xla_ir::Attribute>,
        ctx: &xla_ir::Context,
    ) -> Result<Self, &'static str> {
        let int = |i: usize| get(DIMENSION_ATTRS[i]).and_then(|a| I64Attr::get(ctx, a)).ok_or(DIMENSION_ATTRS[i]);
        let list = |i: usize| {
            get(DIMENSION_ATTRS[i])
                .and_then(|a| I64ArrayAttr::get(ctx, a))
                .map(<[i64]>::to_vec)
                .ok_or(DIMENSION_ATTRS[i])
        };
        Ok(ConvDimensionNumbers {
            input_batch: int(0)?,
            input_feature: int(1)?,
            input_spatial: list(2)?,
            kernel_input_feature: int(3)?,
            kernel_output_feature: int(4)?,
            kernel_spatial: list(5)?,
            output_batch: int(6)?,
            output_feature: int(7)?,
            output_spatial: list(8)?,
        })
    }

    /// Sets the nine attributes on `state`.
    fn set_attrs(&self, ctx: &xla_ir::Context, state: &mut OpState) {
        let ints = [
            self.input_batch,
            self.input_feature,
            self.kernel_input_feature,
            self.kernel_output_feature,
            self.output_batch,
            self.output_feature,
        ];
        for (name, value) in [0, 1, 3, 4, 6, 7].iter().map(|i| DIMENSION_ATTRS[*i]).zip(ints) {
            state.set_attr(ctx.symbol(name), ctx.i64_attr(value));
        }
        for (name, values) in [
            (DIMENSION_ATTRS[2], &self.input_spatial),
            (DIMENSION_ATTRS[5], &self.kernel_spatial),
            (DIMENSION_ATTRS[8], &self.output_spatial),
        ] {
            state.set_attr(ctx.symbol(name), ctx.i64_array_attr(values));
        }
    }
}

/// The window attributes of `hlo.convolution`.
const NAMES: WindowAttrNames = WindowAttrNames {
    stride: "window_strides",
    padding: "padding",
    base_dilation: Some("lhs_dilation"),
    window_dilation: Some("rhs_dilation"),
};

/// The keys of its `window = {...}` clause.
const KEYS: &[WindowKey] = &[
    WindowKey { key: "stride", attr: "window_strides", value: WindowValue::Ints },
    WindowKey { key: "pad", attr: "padding", value: WindowValue::Pairs },
    WindowKey { key: "lhs_dilate", attr: "lhs_dilation", value: WindowValue::Ints },
    WindowKey { key: "rhs_dilate", attr: "rhs_dilation", value: WindowValue::Ints },
    WindowKey { key: "reverse", attr: "window_reversal", value: WindowValue::Ints },
];

/// Checks that `dims` (named) are distinct dimensions of an operand of rank `rank`.
fn check_permutation(dims: &[(String, i64)], operand: &str, rank: usize) -> Result<(), String> {
    let mut owner: Vec<Option<&str>> = vec![None; rank];
    for (name, d) in dims {
        let index = usize::try_from(*d)
            .ok()
            .filter(|d| *d < rank)
            .ok_or_else(|| format!("{name} = {d} is out of range for {operand} of rank {rank}"))?;
        if let Some(previous) = owner[index].replace(name) {
            return Err(format!("{previous} and {name} both name {operand} dimension {d}"));
        }
    }
    Ok(())
}

/// The names and values of one operand's dimension numbers: two single dimensions, then the
/// spatial ones.
fn named(single: [(&str, i64); 2], spatial_name: &str, spatial: &[i64]) -> Vec<(String, i64)> {
    let mut dims: Vec<(String, i64)> = single.iter().map(|(n, d)| (n.to_string(), *d)).collect();
    dims.extend(spatial.iter().enumerate().map(|(i, d)| (format!("{spatial_name}[{i}]"), *d)));
    dims
}

/// The group count attribute `name`: required and positive.
fn group_count(cx: &InferContext, name: &str) -> Result<i64, String> {
    let attr = cx.attr(name).ok_or_else(|| format!("requires attribute '{name}'"))?;
    let count = I64Attr::get(cx.ctx, attr).ok_or_else(|| {
        format!(
            "attribute '{name}' must be {}, found {}",
            <I64Attr as AttrKind>::CONSTRAINT.description,
            cx.ctx.attr_to_string(attr)
        )
    })?;
    if count <= 0 {
        return Err(format!("{name} must be positive, found {count}"));
    }
    Ok(count)
}

/// `dim / by` for a dimension whose divisibility was checked when it is static.
fn divide(dim: Dim, by: i64) -> Dim {
    match dim {
        Dim::Static(n) => Dim::Static(n / by),
        Dim::Bounded(n) => Dim::Bounded(n / by),
        Dim::Unknown => Dim::Unknown,
    }
}

/// The shape function of `hlo.convolution`; see the module documentation. Every check of
/// XLA's `InferConvolveShape` is here, so the builder and the verifier share them.
pub fn infer_convolution(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (cx.tensor(0)?, cx.tensor(1)?);
    if lhs.element != rhs.element {
        return Err(format!(
            "lhs and rhs must have the same element type, found {} and {}",
            cx.ctx.type_to_string(lhs.element),
            cx.ctx.type_to_string(rhs.element)
        ));
    }
    check_precision_config(cx)?;
    let numbers =
        ConvDimensionNumbers::from_attrs(|name| cx.attr(name), cx.ctx).map_err(|name| match cx.attr(name) {
            None => format!("requires attribute '{name}'"),
            Some(attr) => {
                let kind = if name.ends_with("dimensions") {
                    <I64ArrayAttr as AttrKind>::CONSTRAINT
                } else {
                    <I64Attr as AttrKind>::CONSTRAINT
                };
                format!("attribute '{name}' must be {}, found {}", kind.description, cx.ctx.attr_to_string(attr))
            }
        })?;
    let dims = result_dims(cx, &numbers, lhs, rhs)?;
    Ok(vec![cx.ctx.ty(TypeData::Tensor(TensorType { dims, element: lhs.element, layout: None }))])
}

fn result_dims(
    cx: &InferContext,
    numbers: &ConvDimensionNumbers,
    lhs: &TensorType,
    rhs: &TensorType,
) -> Result<Vec<Dim>, String> {
    let spatial = numbers.input_spatial.len();
    for (name, list) in
        [("kernel_spatial_dimensions", &numbers.kernel_spatial), ("output_spatial_dimensions", &numbers.output_spatial)]
    {
        if list.len() != spatial {
            return Err(format!("{name} has {} entries, but input_spatial_dimensions has {spatial}", list.len()));
        }
    }
    let rank = spatial + 2;
    for (name, operand, i) in [("lhs", lhs, 0), ("rhs", rhs, 1)] {
        if operand.dims.len() != rank {
            return Err(format!(
                "{name} has rank {} ({}), expected {rank} for {spatial} spatial dimensions",
                operand.dims.len(),
                cx.ctx.type_to_string(cx.operand_types[i])
            ));
        }
    }
    let n = numbers;
    check_permutation(
        &named(
            [("input_batch_dimension", n.input_batch), ("input_feature_dimension", n.input_feature)],
            "input_spatial_dimensions",
            &n.input_spatial,
        ),
        "lhs",
        rank,
    )?;
    check_permutation(
        &named(
            [
                ("kernel_input_feature_dimension", n.kernel_input_feature),
                ("kernel_output_feature_dimension", n.kernel_output_feature),
            ],
            "kernel_spatial_dimensions",
            &n.kernel_spatial,
        ),
        "rhs",
        rank,
    )?;
    check_permutation(
        &named(
            [("output_batch_dimension", n.output_batch), ("output_feature_dimension", n.output_feature)],
            "output_spatial_dimensions",
            &n.output_spatial,
        ),
        "the result",
        rank,
    )?;
    let feature_groups = group_count(cx, "feature_group_count")?;
    let batch_groups = group_count(cx, "batch_group_count")?;
    if feature_groups > 1 && batch_groups > 1 {
        return Err(format!(
            "feature_group_count ({feature_groups}) and batch_group_count ({batch_groups}) cannot both be greater than 1"
        ));
    }
    // The permutation checks put every dimension number in range.
    let at = |operand: &TensorType, d: i64| operand.dims[d as usize];
    let batch = at(lhs, n.input_batch);
    let input_features = at(lhs, n.input_feature);
    let kernel_input_features = at(rhs, n.kernel_input_feature);
    let kernel_output_features = at(rhs, n.kernel_output_feature);
    let multiple = |what: &str, dim: Dim, of: &str, count: i64| match dim {
        Dim::Static(size) if size % count != 0 => {
            Err(format!("the {what} dimension (size {size}) must be a multiple of {of} ({count})"))
        }
        _ => Ok(()),
    };
    multiple("input feature", input_features, "feature_group_count", feature_groups)?;
    if let (Dim::Static(features), Dim::Static(kernel_features)) = (input_features, kernel_input_features) {
        if features / feature_groups != kernel_features {
            return Err(format!(
                "the input feature dimension (size {features}) divided by feature_group_count ({feature_groups}) must equal the kernel input feature dimension (size {kernel_features})"
            ));
        }
    }
    multiple("kernel output feature", kernel_output_features, "feature_group_count", feature_groups)?;
    multiple("kernel output feature", kernel_output_features, "batch_group_count", batch_groups)?;
    multiple("input batch", batch, "batch_group_count", batch_groups)?;

    let mut sizes = Vec::with_capacity(spatial);
    for (i, &d) in n.kernel_spatial.iter().enumerate() {
        sizes.push(match at(rhs, d) {
            Dim::Static(size) if size <= 0 => {
                return Err(format!(
                    "kernel spatial dimension {i} (rhs dimension {d}) has size {size}, but a window must not be empty"
                ));
            }
            Dim::Static(size) => Some(size),
            _ => None,
        });
    }
    let window = read_window(cx, &NAMES, &sizes, "spatial dimension")?;
    if let Some(reversal) = optional_i64_array(cx, "window_reversal")? {
        check_count("window_reversal", reversal.len(), spatial, "spatial dimension")?;
        if let Some((i, v)) = reversal.iter().enumerate().find(|(_, v)| !matches!(**v, 0 | 1)) {
            return Err(format!("window_reversal[{i}] = {v} must be 0 or 1"));
        }
    }
    let base: Vec<Dim> = n.input_spatial.iter().map(|d| at(lhs, *d)).collect();
    let output_spatial = window_output_dims(&base, &window, "spatial dimension")?;
    let mut dims = vec![Dim::Unknown; rank];
    dims[n.output_batch as usize] = divide(batch, batch_groups);
    dims[n.output_feature as usize] = kernel_output_features;
    for (&d, size) in n.output_spatial.iter().zip(output_spatial) {
        dims[d as usize] = size;
    }
    Ok(dims)
}

// ---- Custom form --------------------------------------------------------------------------

fn print_convolution(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let r = OpRef::new(body, op);
    p.print(" ");
    p.print_operands(&body.op(op).operands);
    let mut elided: Vec<&str> = Vec::new();
    if let Some(labels) = ConvDimensionNumbers::from_attrs(|name| r.attr(name), ctx).ok().and_then(|n| n.to_labels()) {
        p.print(&format!(", dim_labels = {labels}"));
        elided.extend(DIMENSION_ATTRS);
    }
    let (clause, window_attrs) = window_clause(r, KEYS);
    if let Some(clause) = clause {
        p.print(", ");
        p.print(&clause);
    }
    elided.extend(window_attrs);
    for name in ["feature_group_count", "batch_group_count"] {
        if let Some(count) = r.attr(name).and_then(|a| I64Attr::get(ctx, a)) {
            p.print(&format!(", {name} = {count}"));
            elided.push(name);
        }
    }
    print_attrs_and_functional_type(p, op, &elided);
}

fn parse_convolution(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let mut operands = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    operands.push(p.parse_operand()?);
    let mut seen: Vec<&str> = Vec::new();
    while p.accept(TokenKind::Comma) {
        let at = p.loc();
        let clause = p.parse_identifier()?;
        let clause = ["dim_labels", "window", "feature_group_count", "batch_group_count"]
            .into_iter()
            .find(|c| *c == clause)
            .ok_or_else(|| {
                Diagnostic::error(
                    at,
                    format!("expected dim_labels, window, feature_group_count or batch_group_count, found '{clause}'"),
                )
            })?;
        if seen.contains(&clause) {
            return Err(Diagnostic::error(at, format!("'{clause}' is given twice")));
        }
        seen.push(clause);
        match clause {
            "dim_labels" => {
                p.expect(TokenKind::Equal)?;
                let at = p.loc();
                let text = parse_dim_labels(p)?;
                let numbers = ConvDimensionNumbers::from_labels(&text).map_err(|m| Diagnostic::error(at, m))?;
                numbers.set_attrs(ctx, state);
            }
            "window" => parse_window(p, state, KEYS)?,
            count => {
                p.expect(TokenKind::Equal)?;
                let at = p.loc();
                let value = i64::try_from(p.parse_integer()?)
                    .map_err(|_| Diagnostic::error(at, "integer does not fit in 64 bits"))?;
                state.set_attr(ctx.symbol(count), ctx.i64_attr(value));
            }
        }
    }
    parse_attrs_and_functional_type(p, state, &operands)
}

/// Reads `b01f_01io->b01f`: the labels lex as adjacent identifiers and integers (`01bf`
/// is `01` then `bf`), around `->`.
fn parse_dim_labels(p: &mut OpParser) -> Result<String, Diagnostic> {
    let mut text = adjacent_label_tokens(p)?;
    p.expect(TokenKind::Arrow)?;
    text.push_str("->");
    text.push_str(&adjacent_label_tokens(p)?);
    Ok(text)
}

fn adjacent_label_tokens(p: &mut OpParser) -> Result<String, Diagnostic> {
    let mut text = String::new();
    let mut end = None;
    loop {
        let token = p.token();
        let adjacent = end.is_none_or(|e| e == token.start);
        if !adjacent || !matches!(token.kind, TokenKind::BareIdent | TokenKind::Integer) {
            break;
        }
        text.push_str(token.text);
        end = Some(token.start + token.text.len());
        p.expect(token.kind)?;
    }
    if text.is_empty() {
        return Err(
            p.error(format!("expected dimension labels such as b01f_01io->b01f, found {}", p.describe_current()))
        );
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use xla_ir::{Body, Builder, Context};

    #[test]
    fn dim_labels_read_and_print_back() {
        let numbers = ConvDimensionNumbers::from_labels("b01f_01io->b01f").expect("valid labels");
        assert_eq!(numbers.input_batch, 0);
        assert_eq!(numbers.input_feature, 3);
        assert_eq!(numbers.input_spatial, [1, 2]);
        assert_eq!(numbers.kernel_input_feature, 2);
        assert_eq!(numbers.kernel_output_feature, 3);
        assert_eq!(numbers.kernel_spatial, [0, 1]);
        assert_eq!(numbers.to_labels().as_deref(), Some("b01f_01io->b01f"));
        for labels in ["bf01_oi01->bf01", "f10b_io10->1fb0", "bf_io->bf", "b0f_o0i->0bf"] {
            let numbers = ConvDimensionNumbers::from_labels(labels).expect("valid labels");
            assert_eq!(numbers.to_labels().as_deref(), Some(labels));
        }
    }

    #[test]
    fn malformed_dim_labels_are_explained() {
        let error = |labels: &str| ConvDimensionNumbers::from_labels(labels).expect_err("malformed");
        assert_eq!(
            error("b01f_01io"),
            "dim_labels 'b01f_01io' must have the form <input>_<kernel>-><output>, as b01f_01io->b01f"
        );
        assert_eq!(
            error("b01f_01i->b01f"),
            "dim_labels 'b01f_01i->b01f' must label the input, kernel and output with one rank"
        );
        assert_eq!(error("b_i->b"), "dim_labels 'b_i->b' must label at least two dimensions per operand");
        assert_eq!(
            error("b02f_01io->b01f"),
            "dim_labels 'b02f_01io->b01f': '2' is not a label of the input (expected b, f, 0-1)"
        );
        assert_eq!(error("b00f_01io->b01f"), "dim_labels 'b00f_01io->b01f': the input labels '0' twice");
        assert_eq!(error("b01f_01ii->b01f"), "dim_labels 'b01f_01ii->b01f': the kernel labels 'i' twice");
        assert_eq!(error("b01f_01io->b01b"), "dim_labels 'b01f_01io->b01b': the output labels 'b' twice");
    }

    struct Conv<'a> {
        labels: &'a str,
        strides: Option<&'a [i64]>,
        padding: Option<Vec<&'a [i64]>>,
        lhs_dilation: Option<&'a [i64]>,
        rhs_dilation: Option<&'a [i64]>,
        reversal: Option<&'a [i64]>,
        feature_groups: i64,
        batch_groups: i64,
    }

    impl Default for Conv<'_> {
        fn default() -> Self {
            Conv {
                labels: "b01f_01io->b01f",
                strides: None,
                padding: None,
                lhs_dilation: None,
                rhs_dilation: None,
                reversal: None,
                feature_groups: 1,
                batch_groups: 1,
            }
        }
    }

    /// Builds a convolution of `lhs` and `rhs` as `conv` says and returns its result type or
    /// the error without the op-name prefix.
    fn build(ctx: &Context, lhs: Type, rhs: Type, conv: Conv) -> Result<Type, String> {
        let mut body = Body::new(ctx);
        let (block, args) = block_with_args(&mut body, &[lhs, rhs]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let n = ConvDimensionNumbers::from_labels(conv.labels).expect("valid labels");
        let op = ConvolutionOp::build(
            &mut b,
            args[0],
            args[1],
            conv.strides,
            conv.padding,
            conv.lhs_dilation,
            conv.rhs_dilation,
            conv.reversal,
            n.input_batch,
            n.input_feature,
            &n.input_spatial,
            n.kernel_input_feature,
            n.kernel_output_feature,
            &n.kernel_spatial,
            n.output_batch,
            n.output_feature,
            &n.output_spatial,
            conv.feature_groups,
            conv.batch_groups,
            None,
        );
        match op {
            Ok(op) => {
                assert!(verify(&body, op).is_ok(), "a built convolution verifies");
                Ok(body.value_type(op.result(&body)))
            }
            Err(d) => Err(d.message.strip_prefix("'hlo.convolution' op ").expect("prefixed").to_string()),
        }
    }

    fn tensor(ctx: &Context, shape: &[i64]) -> Type {
        ctx.tensor_type(shape, ctx.f32_type())
    }

    #[test]
    fn output_shapes_follow_padding_strides_and_dilations() {
        let ctx = context();
        let t = |shape: &[i64]| tensor(&ctx, shape);
        // Same padding, stride 1: 4x4 stays 4x4.
        let same = Conv { padding: Some(vec![&[1, 1], &[1, 1]]), ..Conv::default() };
        assert_eq!(build(&ctx, t(&[1, 4, 4, 3]), t(&[3, 3, 3, 8]), same), Ok(t(&[1, 4, 4, 8])));
        // Valid, stride 2: (7 - 3) / 2 + 1 = 3.
        let strided = Conv { strides: Some(&[2, 2]), ..Conv::default() };
        assert_eq!(build(&ctx, t(&[2, 7, 7, 3]), t(&[3, 3, 3, 5]), strided), Ok(t(&[2, 3, 3, 5])));
        // lhs dilation 2 (a transposed convolution): 4 -> 7, where a 3-window fits 5 times;
        // rhs dilation 3 (atrous) makes a 2-window span 4: 7 - 4 + 1 = 4.
        let dilated = Conv { lhs_dilation: Some(&[2, 1]), rhs_dilation: Some(&[1, 3]), ..Conv::default() };
        assert_eq!(build(&ctx, t(&[1, 4, 7, 1]), t(&[3, 2, 1, 1]), dilated), Ok(t(&[1, 5, 4, 1])));
        // Negative padding crops: 6 - 2 - 1 = 3 positions for a 1-window.
        let cropped = Conv { padding: Some(vec![&[-2, -1], &[0, 0]]), reversal: Some(&[1, 0]), ..Conv::default() };
        assert_eq!(build(&ctx, t(&[1, 6, 6, 1]), t(&[1, 1, 1, 1]), cropped), Ok(t(&[1, 3, 6, 1])));
        // NCHW layouts and a 1-d convolution.
        let nchw = Conv { labels: "bf01_oi01->bf01", ..Conv::default() };
        assert_eq!(build(&ctx, t(&[8, 3, 5, 5]), t(&[16, 3, 2, 2]), nchw), Ok(t(&[8, 16, 4, 4])));
        let one_d = Conv { labels: "b0f_0io->b0f", ..Conv::default() };
        assert_eq!(build(&ctx, t(&[2, 10, 4]), t(&[3, 4, 6]), one_d), Ok(t(&[2, 8, 6])));
    }

    #[test]
    fn feature_and_batch_groups() {
        let ctx = context();
        let t = |shape: &[i64]| tensor(&ctx, shape);
        // Depthwise: 6 input features in 6 groups, kernel input features 1, 12 outputs.
        let depthwise = Conv { feature_groups: 6, ..Conv::default() };
        assert_eq!(build(&ctx, t(&[1, 5, 5, 6]), t(&[3, 3, 1, 12]), depthwise), Ok(t(&[1, 3, 3, 12])));
        // Batch groups: batch 8 in 4 groups gives batch 2; kernel output features 4.
        let grouped = Conv { batch_groups: 4, ..Conv::default() };
        assert_eq!(build(&ctx, t(&[8, 3, 3, 2]), t(&[3, 3, 2, 4]), grouped), Ok(t(&[2, 1, 1, 4])));
    }

    #[test]
    fn unknown_dims_propagate() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let lhs = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Unknown, Dim::Bounded(9), Dim::Static(5), Dim::Unknown],
            element: f32,
            layout: None,
        }));
        let rhs = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(3), Dim::Unknown, Dim::Static(3), Dim::Static(8)],
            element: f32,
            layout: None,
        }));
        let expected = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Unknown, Dim::Bounded(7), Dim::Unknown, Dim::Static(8)],
            element: f32,
            layout: None,
        }));
        assert_eq!(build(&ctx, lhs, rhs, Conv::default()), Ok(expected));
    }

    #[test]
    fn every_check_has_its_message() {
        let ctx = context();
        let t = |shape: &[i64]| tensor(&ctx, shape);
        let (x, w) = (t(&[2, 5, 5, 4]), t(&[3, 3, 4, 8]));
        let error = |lhs, rhs, conv| build(&ctx, lhs, rhs, conv).expect_err("invalid convolution");
        assert_eq!(
            error(ctx.tensor_type(&[2, 5, 5, 4], ctx.int_type(32)), w, Conv::default()),
            "lhs and rhs must have the same element type, found i32 and f32"
        );
        assert_eq!(
            error(t(&[2, 5, 4]), w, Conv::default()),
            "lhs has rank 3 (tensor<2x5x4xf32>), expected 4 for 2 spatial dimensions"
        );
        assert_eq!(
            error(x, t(&[3, 4, 8]), Conv::default()),
            "rhs has rank 3 (tensor<3x4x8xf32>), expected 4 for 2 spatial dimensions"
        );
        assert_eq!(
            error(x, w, Conv { feature_groups: 0, ..Conv::default() }),
            "feature_group_count must be positive, found 0"
        );
        assert_eq!(
            error(x, w, Conv { batch_groups: -1, ..Conv::default() }),
            "batch_group_count must be positive, found -1"
        );
        assert_eq!(
            error(x, w, Conv { feature_groups: 2, batch_groups: 2, ..Conv::default() }),
            "feature_group_count (2) and batch_group_count (2) cannot both be greater than 1"
        );
        assert_eq!(
            error(t(&[2, 5, 5, 6]), w, Conv { feature_groups: 4, ..Conv::default() }),
            "the input feature dimension (size 6) must be a multiple of feature_group_count (4)"
        );
        assert_eq!(
            error(t(&[2, 5, 5, 6]), w, Conv { feature_groups: 2, ..Conv::default() }),
            "the input feature dimension (size 6) divided by feature_group_count (2) must equal the kernel input feature dimension (size 4)"
        );
        assert_eq!(
            error(t(&[2, 5, 5, 12]), t(&[3, 3, 4, 5]), Conv { feature_groups: 3, ..Conv::default() }),
            "the kernel output feature dimension (size 5) must be a multiple of feature_group_count (3)"
        );
        assert_eq!(
            error(t(&[6, 5, 5, 4]), t(&[3, 3, 4, 5]), Conv { batch_groups: 3, ..Conv::default() }),
            "the kernel output feature dimension (size 5) must be a multiple of batch_group_count (3)"
        );
        assert_eq!(
            error(x, w, Conv { batch_groups: 4, ..Conv::default() }),
            "the input batch dimension (size 2) must be a multiple of batch_group_count (4)"
        );
        assert_eq!(
            error(x, t(&[3, 0, 4, 8]), Conv::default()),
            "kernel spatial dimension 1 (rhs dimension 1) has size 0, but a window must not be empty"
        );
        assert_eq!(
            error(x, w, Conv { strides: Some(&[1]), ..Conv::default() }),
            "window_strides has 1 entries, expected 2 (one per spatial dimension)"
        );
        assert_eq!(
            error(x, w, Conv { strides: Some(&[1, 0]), ..Conv::default() }),
            "window_strides[1] = 0 must be positive"
        );
        assert_eq!(
            error(x, w, Conv { lhs_dilation: Some(&[0, 1]), ..Conv::default() }),
            "lhs_dilation[0] = 0 must be positive"
        );
        assert_eq!(
            error(x, w, Conv { rhs_dilation: Some(&[1, 1, 1]), ..Conv::default() }),
            "rhs_dilation has 3 entries, expected 2 (one per spatial dimension)"
        );
        assert_eq!(
            error(x, w, Conv { padding: Some(vec![&[0, 0], &[-3, -3]]), ..Conv::default() }),
            "spatial dimension 1 has negative size -1 after padding [-3, -3]"
        );
        assert_eq!(
            error(x, w, Conv { padding: Some(vec![&[0, 0, 0], &[0, 0]]), ..Conv::default() }),
            "padding[0] must be a [low, high] pair, found [0, 0, 0]"
        );
        assert_eq!(
            error(x, w, Conv { reversal: Some(&[0]), ..Conv::default() }),
            "window_reversal has 1 entries, expected 2 (one per spatial dimension)"
        );
        assert_eq!(
            error(x, w, Conv { reversal: Some(&[0, 2]), ..Conv::default() }),
            "window_reversal[1] = 2 must be 0 or 1"
        );
    }

    #[test]
    fn the_verifier_checks_dimension_numbers_of_parsed_ops() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (_, args) =
            block_with_args(&mut body, &[ctx.tensor_type(&[1, 4, 4, 3], f32), ctx.tensor_type(&[3, 3, 3, 8], f32)]);
        let numbers = ConvDimensionNumbers::from_labels("b01f_01io->b01f").expect("valid");
        let mut state = OpState::new(ctx.symbol("hlo.convolution"), ctx.unknown_loc());
        state.operands = args;
        state.result_types = vec![ctx.tensor_type(&[1, 2, 2, 8], f32)];
        numbers.set_attrs(&ctx, &mut state);
        let mut with = |name: &str, value: xla_ir::Attribute| -> ConvolutionOp {
            let mut state = state.clone();
            state.set_attr(ctx.symbol("feature_group_count"), ctx.i64_attr(1));
            state.set_attr(ctx.symbol("batch_group_count"), ctx.i64_attr(1));
            state.set_attr(ctx.symbol(name), value);
            create_unchecked(&mut body, state)
        };
        let input = with("input_spatial_dimensions", ctx.i64_array_attr(&[1, 4]));
        let kernel = with("kernel_output_feature_dimension", ctx.i64_attr(0));
        let output = with("output_spatial_dimensions", ctx.i64_array_attr(&[1]));
        let output_range = with("output_batch_dimension", ctx.i64_attr(-1));
        let valid = with("batch_group_count", ctx.i64_attr(1));
        let missing: ConvolutionOp = create_unchecked(&mut body, state.clone());
        assert_eq!(verify_error(&body, input), "input_spatial_dimensions[1] = 4 is out of range for lhs of rank 4");
        assert_eq!(
            verify_error(&body, kernel),
            "kernel_output_feature_dimension and kernel_spatial_dimensions[0] both name rhs dimension 0"
        );
        assert_eq!(
            verify_error(&body, output),
            "output_spatial_dimensions has 1 entries, but input_spatial_dimensions has 2"
        );
        assert_eq!(
            verify_error(&body, output_range),
            "output_batch_dimension = -1 is out of range for the result of rank 4"
        );
        assert_eq!(verify_error(&body, missing), "requires attribute 'feature_group_count'");
        assert_eq!(verify(&body, valid).map_err(|d| d.message), Ok(()));
    }
}
