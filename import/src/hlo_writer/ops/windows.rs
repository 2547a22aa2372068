//! Windowed ops: `reduce-window`, `select-and-scatter` and `convolution`, with XLA's
//! `window={size=.. stride=.. pad=lo_hi lhs_dilate=.. rhs_dilate=.. rhs_reversal=..}` and,
//! for convolutions, `dim_labels=b01f_01io->b01f`, `feature_group_count=`,
//! `batch_group_count=` (written when not 1) and `operand_precision={..}` (written when a
//! precision is not the default).

use xla_dialects::hlo::{ConvolutionOp, HloOpKind, ReduceWindowOp, SelectAndScatterOp};
use xla_ir::{Diagnostic, Op, OpId};

use super::linalg::operand_precision;
use crate::hlo_writer::attrs::Window;
use crate::hlo_writer::computation::Computation;
use crate::hlo_writer::module::{ModuleWriter, Params};
use crate::opcode_spelling::opcode_of;

/// The optional window attributes of a windowed op, as its typed accessors give them, each
/// list with its attribute's name (for messages); absent ones take their defaults.
struct WindowAttrs<'c> {
    strides: Option<&'c [i64]>,
    lhs_dilation: Option<(&'static str, &'c [i64])>,
    rhs_dilation: Option<(&'static str, &'c [i64])>,
    padding: Option<Vec<&'c [i64]>>,
    reversal: Option<&'c [i64]>,
}

impl ModuleWriter<'_, '_> {
    /// The window of `op` with `size` per dimension and the other fields from `attrs`,
    /// defaulting to 1 (strides, dilations), `[0, 0]` (padding) and no reversal.
    fn window(&self, op: OpId, size: Vec<i64>, attrs: WindowAttrs) -> Result<Window, Diagnostic> {
        let rank = size.len();
        let ones = || vec![1; rank];
        let list = |named: Option<(&str, &[i64])>| -> Result<Vec<i64>, Diagnostic> {
            match named {
                Some((_, v)) if v.len() == rank => Ok(v.to_vec()),
                Some((name, v)) => Err(self.error(op, format!("'{name}' has {} entries for a window of rank {rank}", v.len()))),
                None => Ok(ones()),
            }
        };
        let padding = match attrs.padding {
            Some(pairs) if pairs.len() == rank && pairs.iter().all(|p| p.len() == 2) => pairs.iter().map(|p| (p[0], p[1])).collect(),
            Some(_) => return Err(self.error(op, format!("'padding' must hold {rank} [low, high] pairs"))),
            None => vec![(0, 0); rank],
        };
        let reversal = match attrs.reversal {
            Some(v) if v.len() == rank => v.iter().map(|r| *r != 0).collect(),
            Some(v) => return Err(self.error(op, format!("'window_reversal' has {} entries for a window of rank {rank}", v.len()))),
            None => vec![false; rank],
        };
        Ok(Window {
            stride: list(attrs.strides.map(|strides| ("window_strides", strides)))?,
            lhs_dilate: list(attrs.lhs_dilation)?,
            rhs_dilate: list(attrs.rhs_dilation)?,
            padding,
            reversal,
            size,
        })
    }

    /// `reduce-window(inputs..., inits...), window={...}, to_apply=body`.
    pub(super) fn reduce_window(&mut self, comp: &mut Computation, reduce_window: ReduceWindowOp) -> Result<(), Diagnostic> {
        let (body, op) = (self.body, reduce_window.id());
        let size = reduce_window.window_dimensions(body).to_vec();
        let window_attrs = WindowAttrs {
            strides: reduce_window.window_strides(body),
            lhs_dilation: reduce_window.base_dilations(body).map(|d| ("base_dilations", d)),
            rhs_dilation: reduce_window.window_dilations(body).map(|d| ("window_dilations", d)),
            padding: reduce_window.padding(body),
            reversal: None,
        };
        let window = self.window(op, size, window_attrs)?;
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "body", Params::Direct)?;
        let mut attrs: Vec<String> = window.attribute().into_iter().collect();
        attrs.push(format!("to_apply={computation}"));
        self.same_operands(comp, op, &opcode_of(HloOpKind::ReduceWindow), attrs)
    }

    /// `select-and-scatter(operand, source, init), window={...}, select=s, scatter=t`.
    pub(super) fn select_and_scatter(&mut self, comp: &mut Computation, select_and_scatter: SelectAndScatterOp) -> Result<(), Diagnostic> {
        let (body, op) = (self.body, select_and_scatter.id());
        let size = select_and_scatter.window_dimensions(body).to_vec();
        let window_attrs = WindowAttrs {
            strides: select_and_scatter.window_strides(body),
            lhs_dilation: None,
            rhs_dilation: None,
            padding: select_and_scatter.padding(body),
            reversal: None,
        };
        let window = self.window(op, size, window_attrs)?;
        let select_region = self.region(op, 0)?;
        let scatter_region = self.region(op, 1)?;
        let select = self.region_computation(op, select_region, "select", Params::Direct)?;
        let scatter = self.region_computation(op, scatter_region, "scatter", Params::Direct)?;
        let mut attrs: Vec<String> = window.attribute().into_iter().collect();
        attrs.push(format!("select={select}"));
        attrs.push(format!("scatter={scatter}"));
        self.same_operands(comp, op, &opcode_of(HloOpKind::SelectAndScatter), attrs)
    }

    /// `convolution(lhs, rhs), window={...}, dim_labels=...[, feature_group_count=n]
    /// [, batch_group_count=n][, operand_precision={...}]`.
    pub(super) fn convolution(&mut self, comp: &mut Computation, convolution: ConvolutionOp) -> Result<(), Diagnostic> {
        let (body, op) = (self.body, convolution.id());
        let operands = body.op(op).operands.clone();
        let results = body.op(op).results.clone();
        let (&[lhs, rhs], &[result]) = (operands.as_slice(), results.as_slice()) else {
            return Err(self.error(op, "needs two operands and one result"));
        };
        let kernel = self.tensor_of(rhs, op)?;
        let mut size = Vec::new();
        for &d in convolution.kernel_spatial_dimensions(body) {
            let dim = usize::try_from(d).ok().and_then(|d| kernel.dims.get(d)).and_then(|d| d.static_size());
            size.push(dim.ok_or_else(|| self.error(op, format!("kernel spatial dimension {d} must be a static dimension of the kernel")))?);
        }
        let window_attrs = WindowAttrs {
            strides: convolution.window_strides(body),
            lhs_dilation: convolution.lhs_dilation(body).map(|d| ("lhs_dilation", d)),
            rhs_dilation: convolution.rhs_dilation(body).map(|d| ("rhs_dilation", d)),
            padding: convolution.padding(body),
            reversal: convolution.window_reversal(body),
        };
        let window = self.window(op, size, window_attrs)?;
        let rank = |v| self.tensor_of(v, op).map(|t| t.dims.len());
        let labels = self.dim_labels(convolution, rank(lhs)?, rank(rhs)?, rank(result)?)?;
        let mut attrs: Vec<String> = window.attribute().into_iter().collect();
        attrs.push(format!("dim_labels={labels}"));
        for (name, count) in
            [("feature_group_count", convolution.feature_group_count(body)), ("batch_group_count", convolution.batch_group_count(body))]
        {
            if count != 1 {
                attrs.push(format!("{name}={count}"));
            }
        }
        attrs.extend(operand_precision(convolution.precision_config(body)));
        self.same_operands(comp, op, &opcode_of(HloOpKind::Convolution), attrs)
    }

    /// XLA's `dim_labels`: per dimension of the input and output `b`atch, `f`eature or a
    /// spatial index, of the kernel `i`nput feature, `o`utput feature or a spatial index.
    fn dim_labels(&self, convolution: ConvolutionOp, lhs_rank: usize, rhs_rank: usize, out_rank: usize) -> Result<String, Diagnostic> {
        let (body, op) = (self.body, convolution.id());
        let labels = |rank: usize, batch: i64, feature: i64, spatial: &[i64], letters: [char; 2]| -> Result<String, Diagnostic> {
            let mut chars = vec!['?'; rank];
            let mut place = |d: i64, c: char| -> Result<(), Diagnostic> {
                let slot = usize::try_from(d).ok().and_then(|d| chars.get_mut(d));
                match slot {
                    Some(slot) if *slot == '?' => {
                        *slot = c;
                        Ok(())
                    }
                    _ => Err(self.error(op, format!("dimension {d} is out of range or given twice in the dimension numbers"))),
                }
            };
            place(batch, letters[0])?;
            place(feature, letters[1])?;
            for (i, &d) in spatial.iter().enumerate() {
                let digit = char::from_digit(i as u32, 10).filter(|_| i < 10);
                let digit = digit.ok_or_else(|| self.error(op, "has more than 10 spatial dimensions, which dim_labels cannot write"))?;
                place(d, digit)?;
            }
            if chars.contains(&'?') {
                return Err(self.error(op, "dimension numbers do not cover every dimension"));
            }
            Ok(chars.into_iter().collect())
        };
        let input = labels(
            lhs_rank,
            convolution.input_batch_dimension(body),
            convolution.input_feature_dimension(body),
            convolution.input_spatial_dimensions(body),
            ['b', 'f'],
        )?;
        let kernel = labels(
            rhs_rank,
            convolution.kernel_input_feature_dimension(body),
            convolution.kernel_output_feature_dimension(body),
            convolution.kernel_spatial_dimensions(body),
            ['i', 'o'],
        )?;
        let output = labels(
            out_rank,
            convolution.output_batch_dimension(body),
            convolution.output_feature_dimension(body),
            convolution.output_spatial_dimensions(body),
            ['b', 'f'],
        )?;
        Ok(format!("{input}_{kernel}->{output}"))
    }
}
