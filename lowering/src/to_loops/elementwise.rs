//! Elementals of the elementwise ops: unary (`loop.math`) and binary (`loop.arith`) ops
//! with XLA's implicit broadcasting, `compare`, `select`, `clamp`, `convert_element_type`,
//! `bitcast_convert_type` (between widths too), `is_finite` and `map`.
//!
//! Implicit broadcasting reads operand element `index'` for result element `index`: each
//! operand dimension `k` maps to result dimension `broadcast_dimensions[k]` (the trailing
//! ones when the attribute is absent), and a dimension of size 1 against a larger one
//! reads index 0. A 0-d operand (a scalar bound of `clamp`, the predicate of `select`) is
//! read at the empty index.
//!
//! Invariant: every scalar op emitted means what the hlo op means on one element, so the
//! element computed is exactly the hlo op's (the interpreter checks this on the fixtures).

use xla_dialects::hlo::{CompareOp, ComparisonDirection, ComparisonType};
use xla_dialects::loops::{ArithKind, MathKind};
use xla_ir::{Op, OpId, Scalar, ValueId};

use super::complex::Part;
use super::emit::Emitted;
use super::lowering::{Lowered, Lowering};

impl Lowering<'_, '_> {
    /// The index of operand `v` read for result element `index` of a result of shape
    /// `result`, under implicit broadcasting by `dims`.
    fn broadcast_operand_index(&mut self, v: ValueId, result: &[i64], dims: Option<&[i64]>, index: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let shape = self.shape_of(v)?;
        if shape == result {
            return Ok(index.to_vec());
        }
        let offset = result.len().saturating_sub(shape.len());
        let mut operand_index = Vec::with_capacity(shape.len());
        for (k, &size) in shape.iter().enumerate() {
            let d = match dims {
                Some(dims) if dims.len() == shape.len() => usize::try_from(dims[k]).map_err(|_| self.error("a negative broadcast dimension"))?,
                _ => k + offset,
            };
            let (&result_size, &i) = result.get(d).zip(index.get(d)).ok_or_else(|| self.error("a broadcast dimension out of range"))?;
            operand_index.push(if size == 1 && result_size != 1 { self.index(0) } else { i });
        }
        Ok(operand_index)
    }

    /// The elements of `op`'s operands at result element `index`, implicitly broadcast.
    fn operand_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let result = self.shape_of(self.body.result(op, 0))?;
        let dims = self.body.attr(op, "broadcast_dimensions").and_then(|a| self.ctx().as_int_array(a)).map(<[i64]>::to_vec);
        let operands = self.body.op(op).operands.clone();
        let mut elements = Vec::with_capacity(operands.len());
        for v in operands {
            let operand_index = self.broadcast_operand_index(v, &result, dims.as_deref(), index)?;
            elements.push(self.element(v, &operand_index)?);
        }
        Ok(elements)
    }

    /// A binary elementwise op: `loop.arith kind`.
    pub fn binary_elements(&mut self, op: OpId, kind: ArithKind, index: &[ValueId]) -> Emitted<ValueId> {
        let elements = self.operand_elements(op, index)?;
        let [lhs, rhs] = elements[..] else { return Err(self.error("a binary op needs two operands")) };
        Ok(self.arith(kind, lhs, rhs))
    }

    /// A unary elementwise op: `loop.math kind`, when its result has its operand's type.
    pub fn unary_elements(&mut self, op: OpId, kind: MathKind, index: &[ValueId]) -> Emitted<ValueId> {
        let operand = self.body.operand(op, 0);
        if kind == MathKind::Abs && self.ctx().is_complex(self.element_type_of(operand)?) {
            let z = self.element(operand, index)?;
            return self.complex_abs(z);
        }
        if self.element_type_of(operand)? != self.element_type_of(self.body.result(op, 0))? {
            return Err(self.error(format!("lower-to-loops does not handle '{}' changing the element type yet", self.body.op_name(op))));
        }
        let x = self.element(operand, index)?;
        Ok(self.math(kind, x))
    }

    /// `hlo.compare`: `loop.compare` with the op's direction and type.
    pub fn compare_elements(&mut self, compare: CompareOp, index: &[ValueId]) -> Emitted<ValueId> {
        let op = compare.id();
        let direction = compare.comparison_direction(self.body);
        let compare_type = compare.compare_type(self.body).filter(|t| *t != ComparisonType::NoType);
        let elements = self.operand_elements(op, index)?;
        let [lhs, rhs] = elements[..] else { return Err(self.error("hlo.compare needs two operands")) };
        Ok(self.compare(direction, compare_type, lhs, rhs))
    }

    /// The element of `v` at `index`, or at the empty index when `v` is 0-d (a scalar
    /// operand of `select` or `clamp`).
    fn element_or_scalar(&mut self, v: ValueId, index: &[ValueId]) -> Emitted<ValueId> {
        if self.shape_of(v)?.is_empty() {
            self.element(v, &[])
        } else {
            self.element(v, index)
        }
    }

    /// `hlo.select` of tensors: `loop.select`.
    pub fn select_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let operands = self.body.op(op).operands.clone();
        if self.ctx().as_tensor(self.body.value_type(operands[1])).is_none() {
            return Err(self.error("lower-to-loops does not handle 'hlo.select' of tuples yet"));
        }
        let p = self.element_or_scalar(operands[0], index)?;
        let a = self.element_or_scalar(operands[1], index)?;
        let b = self.element_or_scalar(operands[2], index)?;
        Ok(self.select(p, a, b))
    }

    /// `hlo.clamp`: `minimum(maximum(operand, min), max)`, as XLA computes it.
    pub fn clamp_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let operands = self.body.op(op).operands.clone();
        let min = self.element_or_scalar(operands[0], index)?;
        let x = self.element_or_scalar(operands[1], index)?;
        let max = self.element_or_scalar(operands[2], index)?;
        let raised = self.arith(ArithKind::Maximum, x, min);
        Ok(self.arith(ArithKind::Minimum, raised, max))
    }

    /// `hlo.convert_element_type`: `loop.convert`.
    pub fn convert_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let x = self.element(self.body.operand(op, 0), index)?;
        let to = self.element_type_of(self.body.result(op, 0))?;
        Ok(self.convert(x, to))
    }

    /// `hlo.bitcast_convert_type`: `loop.bitcast` between types of one width; between
    /// widths, through unsigned integers, shifts and truncations, the narrow elements
    /// along the minor dimension least significant first (XLA's order).
    pub fn bitcast_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let operand = self.body.operand(op, 0);
        let (from, to) = (self.element_type_of(operand)?, self.element_type_of(self.body.result(op, 0))?);
        if from == to {
            // The same type: every element keeps its bits (complex numbers included).
            return self.element(operand, index);
        }
        let widths = (self.bit_width(from), self.bit_width(to));
        match widths {
            (Some(a), Some(b)) if a == b => {
                let x = self.element(operand, index)?;
                Ok(self.bitcast(x, to))
            }
            (Some(a), Some(b)) if a > b => self.split_bits(operand, index, a, b, to),
            (Some(a), Some(b)) => self.join_bits(operand, index, a, b, to),
            _ => self.complex_bitcast_elements(operand, index, from, to),
        }
    }

    /// Element `index` of a bitcast between the two complex types, whose only pair of
    /// different widths is `complex<f64>` (128 bits: the real part's 64, then the
    /// imaginary part's) and two `complex<f32>` (64 bits each: real 32, imaginary 32).
    fn complex_bitcast_elements(&mut self, operand: ValueId, index: &[ValueId], from: xla_ir::Type, to: xla_ir::Type) -> Emitted<ValueId> {
        let (from_part, to_part) = (self.complex_parts_type(from)?, self.complex_parts_type(to)?);
        let (from_width, to_width) = (self.bit_width(from_part), self.bit_width(to_part));
        let (u32_type, u64_type) = (self.ctx().uint_type(32), self.ctx().uint_type(64));
        let thirty_two = self.scalar(Scalar::Int(32), u64_type)?;
        match (from_width, to_width) {
            (Some(64), Some(32)) => {
                // Result element `k` is part `k` of the operand element, split in halves.
                let (&k, outer) = index.split_last().ok_or_else(|| self.error("a narrowing bitcast needs a minor dimension"))?;
                let z = self.element(operand, outer)?;
                let (re, im) = (self.complex_part(z, Part::Real)?, self.complex_part(z, Part::Imag)?);
                let zero = self.index(0);
                let first = self.compare(ComparisonDirection::Eq, None, k, zero);
                let part = self.select(first, re, im);
                let bits = self.bitcast(part, u64_type);
                let low = self.convert(bits, u32_type);
                let shifted = self.arith(ArithKind::ShiftRightLogical, bits, thirty_two);
                let high = self.convert(shifted, u32_type);
                let (re, im) = (self.bitcast(low, to_part), self.bitcast(high, to_part));
                self.complex_from_parts(re, im, to)
            }
            (Some(32), Some(64)) => {
                // Part `k` of the result is operand element `k`'s halves joined.
                let mut parts = Vec::with_capacity(2);
                for k in 0..2 {
                    let mut operand_index = index.to_vec();
                    operand_index.push(self.index(k));
                    let z = self.element(operand, &operand_index)?;
                    let (re, im) = (self.complex_part(z, Part::Real)?, self.complex_part(z, Part::Imag)?);
                    let (re, im) = (self.bitcast(re, u32_type), self.bitcast(im, u32_type));
                    let (low, high) = (self.convert(re, u64_type), self.convert(im, u64_type));
                    let high = self.arith(ArithKind::ShiftLeft, high, thirty_two);
                    let joined = self.arith(ArithKind::Or, low, high);
                    parts.push(self.bitcast(joined, to_part));
                }
                self.complex_from_parts(parts[0], parts[1], to)
            }
            _ => Err(self.error("lower-to-loops bitcasts complex numbers only between complex<f32> and complex<f64>")),
        }
    }

    /// The width of a bitcast's element type: an integer (a predicate is one bit, as XLA's
    /// `primitive_util::BitWidth` has it) or a float.
    fn bit_width(&self, ty: xla_ir::Type) -> Option<u32> {
        match self.ctx().type_data(ty) {
            xla_ir::TypeData::Integer { width, .. } => Some(*width),
            xla_ir::TypeData::Float(kind) => Some(kind.bit_width()),
            _ => None,
        }
    }

    /// Element `index` of a bitcast from `wide`-bit to `narrow`-bit elements: bits
    /// `k * narrow ..` of operand element `index[..rank]`, `k` the minor index.
    fn split_bits(&mut self, operand: ValueId, index: &[ValueId], wide: u32, narrow: u32, to: xla_ir::Type) -> Emitted<ValueId> {
        let (&k, outer) = index.split_last().ok_or_else(|| self.error("a narrowing bitcast needs a minor dimension"))?;
        let (wide_bits, narrow_bits) = (self.ctx().uint_type(wide), self.ctx().uint_type(narrow));
        let x = self.element(operand, outer)?;
        let bits = self.bitcast(x, wide_bits);
        let offset = self.mul_const(k, i64::from(narrow));
        let offset = self.convert(offset, wide_bits);
        let shifted = self.arith(ArithKind::ShiftRightLogical, bits, offset);
        if narrow == 1 {
            // A predicate is its bit: converting would test the whole shifted value.
            let one = self.scalar(Scalar::Int(1), wide_bits)?;
            let bit = self.arith(ArithKind::And, shifted, one);
            let zero = self.zero(wide_bits)?;
            return Ok(self.compare(ComparisonDirection::Ne, None, bit, zero));
        }
        let truncated = self.convert(shifted, narrow_bits);
        Ok(self.bitcast(truncated, to))
    }

    /// Element `index` of a bitcast from `narrow`-bit to `wide`-bit elements: the operand
    /// elements `index ++ [k]`, `k` below `wide / narrow`, each shifted by `k * narrow`.
    fn join_bits(&mut self, operand: ValueId, index: &[ValueId], narrow: u32, wide: u32, to: xla_ir::Type) -> Emitted<ValueId> {
        let (wide_bits, narrow_bits) = (self.ctx().uint_type(wide), self.ctx().uint_type(narrow));
        let mut joined = self.zero(wide_bits)?;
        for k in 0..i64::from(wide / narrow) {
            let mut operand_index = index.to_vec();
            operand_index.push(self.index(k));
            let y = self.element(operand, &operand_index)?;
            // A predicate converts to 0 or 1, its bit; other elements are reinterpreted.
            let widened = if narrow == 1 { self.convert(y, wide_bits) } else {
                let bits = self.bitcast(y, narrow_bits);
                self.convert(bits, wide_bits)
            };
            let offset = self.scalar(Scalar::Int(i128::from(k) * i128::from(narrow)), wide_bits)?;
            let shifted = self.arith(ArithKind::ShiftLeft, widened, offset);
            joined = self.arith(ArithKind::Or, joined, shifted);
        }
        Ok(self.bitcast(joined, to))
    }

    /// `hlo.is_finite`: `|x| < inf` (false for infinities and NaN).
    pub fn is_finite_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let operand = self.body.operand(op, 0);
        let element = self.element_type_of(operand)?;
        let x = self.element(operand, index)?;
        let magnitude = self.math(MathKind::Abs, x);
        let infinity = self.scalar(Scalar::Float(f64::INFINITY), element)?;
        Ok(self.compare(ComparisonDirection::Lt, Some(ComparisonType::Float), magnitude, infinity))
    }

    /// `hlo.map`: the computation region inlined on the inputs' elements.
    pub fn map_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let region = self.body.op(op).regions.first().copied().ok_or_else(|| self.error("hlo.map without a computation"))?;
        let inputs = self.body.op(op).operands.clone();
        let mut args = Vec::with_capacity(inputs.len());
        for v in inputs {
            args.push(self.element(v, index)?);
        }
        let results = self.inline_scalar_region(region, &args)?;
        results.first().copied().ok_or_else(|| self.error("hlo.map's computation returned nothing"))
    }

    /// Lowers a computation on 0-d tensors (a reducer, a map's computation) with its
    /// arguments bound to the scalars `args`, at the current insertion point; the scalars
    /// it returns.
    pub fn inline_scalar_region(&mut self, region: xla_ir::RegionId, args: &[ValueId]) -> Emitted<Vec<ValueId>> {
        let block = self.body.entry_block(region).ok_or_else(|| self.error("a computation without a block"))?;
        let params = self.body.block(block).args.clone();
        if params.len() != args.len() {
            return Err(self.error(format!("a computation of {} arguments given {}", params.len(), args.len())));
        }
        for (p, a) in params.iter().zip(args) {
            self.bind(*p, Lowered::Scalar(*a));
        }
        let saved = self.loc;
        let returned = self.lower_block(block)?;
        self.loc = saved;
        let mut results = Vec::with_capacity(returned.len());
        for v in returned {
            results.push(self.element(v, &[])?);
        }
        Ok(results)
    }
}
