//! Windowed ops: `reduce-window`, `select-and-scatter` and `convolution`, with XLA's
//! `window={size=.. stride=.. pad=lo_hi lhs_dilate=.. rhs_dilate=.. rhs_reversal=..}` and,
//! for convolutions, `dim_labels=b01f_01io->b01f`, `feature_group_count=`,
//! `batch_group_count=` (written when not 1) and `operand_precision={..}` (written when a
//! precision is not the default).

use xla_ir::{Diagnostic, OpId};

use crate::hlo_writer::attrs::Window;
use crate::hlo_writer::computation::Computation;
use crate::hlo_writer::module::{ModuleWriter, Params};

impl ModuleWriter<'_, '_> {
    /// The window of a `reduce_window`/`select_and_scatter`/`convolution` with `size` per
    /// dimension; the other fields come from the named attributes, defaulting to 1 (strides,
    /// dilations), `[0, 0]` (padding) and no reversal.
    fn window(&self, op: OpId, size: Vec<i64>, strides: &str, lhs_dilation: &str, rhs_dilation: &str) -> Result<Window, Diagnostic> {
        let attrs = self.attrs(op);
        let rank = size.len();
        let ones = || vec![1; rank];
        let list = |name: &str| -> Result<Vec<i64>, Diagnostic> {
            match attrs.ints(name) {
                Some(v) if v.len() == rank => Ok(v.to_vec()),
                Some(v) => Err(self.error(op, format!("'{name}' has {} entries for a window of rank {rank}", v.len()))),
                None => Ok(ones()),
            }
        };
        let padding = match attrs.int_lists("padding") {
            Some(pairs) if pairs.len() == rank && pairs.iter().all(|p| p.len() == 2) => pairs.iter().map(|p| (p[0], p[1])).collect(),
            Some(_) => return Err(self.error(op, format!("'padding' must hold {rank} [low, high] pairs"))),
            None => vec![(0, 0); rank],
        };
        let reversal = match attrs.ints("window_reversal") {
            Some(v) if v.len() == rank => v.iter().map(|r| *r != 0).collect(),
            Some(v) => return Err(self.error(op, format!("'window_reversal' has {} entries for a window of rank {rank}", v.len()))),
            None => vec![false; rank],
        };
        Ok(Window {
            stride: list(strides)?,
            lhs_dilate: if lhs_dilation.is_empty() { ones() } else { list(lhs_dilation)? },
            rhs_dilate: if rhs_dilation.is_empty() { ones() } else { list(rhs_dilation)? },
            padding,
            reversal,
            size,
        })
    }

    /// `reduce-window(inputs..., inits...), window={...}, to_apply=body`.
    pub(super) fn reduce_window(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let size = self.required_ints(op, "window_dimensions")?.to_vec();
        let window = self.window(op, size, "window_strides", "base_dilations", "window_dilations")?;
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "body", Params::Direct)?;
        let mut attrs: Vec<String> = window.attribute().into_iter().collect();
        attrs.push(format!("to_apply={computation}"));
        self.same_operands(comp, op, "reduce-window", attrs)
    }

    /// `select-and-scatter(operand, source, init), window={...}, select=s, scatter=t`.
    pub(super) fn select_and_scatter(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let size = self.required_ints(op, "window_dimensions")?.to_vec();
        let window = self.window(op, size, "window_strides", "", "")?;
        let select_region = self.region(op, 0)?;
        let scatter_region = self.region(op, 1)?;
        let select = self.region_computation(op, select_region, "select", Params::Direct)?;
        let scatter = self.region_computation(op, scatter_region, "scatter", Params::Direct)?;
        let mut attrs: Vec<String> = window.attribute().into_iter().collect();
        attrs.push(format!("select={select}"));
        attrs.push(format!("scatter={scatter}"));
        self.same_operands(comp, op, "select-and-scatter", attrs)
    }

    /// `convolution(lhs, rhs), window={...}, dim_labels=...[, feature_group_count=n]
    /// [, batch_group_count=n][, operand_precision={...}]`.
    pub(super) fn convolution(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let operands = self.body.op(op).operands.clone();
        let results = self.body.op(op).results.clone();
        let (&[lhs, rhs], &[result]) = (operands.as_slice(), results.as_slice()) else {
            return Err(self.error(op, "needs two operands and one result"));
        };
        let kernel = self.tensor_of(rhs, op)?;
        let kernel_spatial = self.required_ints(op, "kernel_spatial_dimensions")?;
        let mut size = Vec::new();
        for &d in kernel_spatial {
            let dim = usize::try_from(d).ok().and_then(|d| kernel.dims.get(d)).and_then(|d| d.static_size());
            size.push(dim.ok_or_else(|| self.error(op, format!("kernel spatial dimension {d} must be a static dimension of the kernel")))?);
        }
        let window = self.window(op, size, "window_strides", "lhs_dilation", "rhs_dilation")?;
        let rank = |v| self.tensor_of(v, op).map(|t| t.dims.len());
        let labels = self.dim_labels(op, rank(lhs)?, rank(rhs)?, rank(result)?)?;
        let mut attrs: Vec<String> = window.attribute().into_iter().collect();
        attrs.push(format!("dim_labels={labels}"));
        for name in ["feature_group_count", "batch_group_count"] {
            let count = self.required_int(op, name)?;
            if count != 1 {
                attrs.push(format!("{name}={count}"));
            }
        }
        attrs.extend(self.operand_precision(op));
        self.same_operands(comp, op, "convolution", attrs)
    }

    /// XLA's `dim_labels`: per dimension of the input and output `b`atch, `f`eature or a
    /// spatial index, of the kernel `i`nput feature, `o`utput feature or a spatial index.
    fn dim_labels(&self, op: OpId, lhs_rank: usize, rhs_rank: usize, out_rank: usize) -> Result<String, Diagnostic> {
        let labels = |rank: usize, batch: &str, feature: &str, spatial: &str, letters: [char; 2]| -> Result<String, Diagnostic> {
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
            place(self.required_int(op, batch)?, letters[0])?;
            place(self.required_int(op, feature)?, letters[1])?;
            for (i, &d) in self.required_ints(op, spatial)?.iter().enumerate() {
                let digit = char::from_digit(i as u32, 10).filter(|_| i < 10);
                let digit = digit.ok_or_else(|| self.error(op, "has more than 10 spatial dimensions, which dim_labels cannot write"))?;
                place(d, digit)?;
            }
            if chars.contains(&'?') {
                return Err(self.error(op, "dimension numbers do not cover every dimension"));
            }
            Ok(chars.into_iter().collect())
        };
        let input = labels(lhs_rank, "input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions", ['b', 'f'])?;
        let kernel = labels(
            rhs_rank,
            "kernel_input_feature_dimension",
            "kernel_output_feature_dimension",
            "kernel_spatial_dimensions",
            ['i', 'o'],
        )?;
        let output = labels(out_rank, "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions", ['b', 'f'])?;
        Ok(format!("{input}_{kernel}->{output}"))
    }

    /// `operand_precision={high,default}` when `precision_config` names a precision other
    /// than the default (XLA writes them in lower case).
    pub(super) fn operand_precision(&self, op: OpId) -> Option<String> {
        let precisions = self.attrs(op).strings("precision_config")?;
        if precisions.iter().all(|p| *p == "DEFAULT") {
            return None;
        }
        let lower: Vec<String> = precisions.iter().map(|p| p.to_ascii_lowercase()).collect();
        Some(format!("operand_precision={{{}}}", lower.join(",")))
    }
}
