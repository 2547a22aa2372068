//! The table from HLO opcodes to the code that emits their hlo ops, with the helpers every
//! handler uses (operands, attributes, result types).
//!
//! Reading an opcode takes two steps. First it is named: the opcodes that are not one hlo
//! op ([`SpecialOpcode`]: asynchronous halves, forwarded values, `rng` and `topk`) by their
//! own table, every other through [`crate::opcode_spelling`], which is generated from the
//! dialect's declarations (`exponential-minus-one` is `hlo.exponential_minus_one`, plus the
//! few opcodes XLA spells otherwise, like `convert`). Then [`op_reading`], an exhaustive
//! `match` on [`HloOpKind`], gives the kind's arity and how it is emitted, so an op added to
//! the dialect does not compile here until the reader decides on it. Elementwise ops emit
//! their one op; the others have a handler in the file of their family: shapes and data
//! movement ([`super::ops_shape`]), reductions, sorts and scatters ([`super::ops_reduce`]),
//! linear algebra ([`super::ops_linalg`]), calls and control flow ([`super::ops_control`]),
//! side effects, collectives and random numbers ([`super::ops_effects`]).
//!
//! Decisions: an opcode the hlo dialect has no op for (`partition-id`, `acos`, `scan`, ...)
//! is an error naming it, as is an opcode XLA does not have (the rule's spelling of an op
//! XLA writes otherwise, like `dot-general`, included). Result types are the instruction's
//! shape without layout; an instruction written without a shape gets the op's inferred
//! types.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Attribute, Diagnostic, Location, RegionId, Type, ValueId};

use super::ast::{Attr, Instruction};
use super::cursor::{Cursor, PResult};
use super::emitter::Emitter;
use super::shape::{plain_type, Shape};
use super::values::HloValue;
use super::{ops_control, ops_effects, ops_linalg, ops_reduce, ops_shape};
use crate::opcode_spelling::{kind_of_opcode, SpecialOpcode};

/// One instruction being emitted: its syntax and its operands' values.
pub struct Inst<'i> {
    pub ast: &'i Instruction,
    pub operands: Vec<HloValue>,
    /// The layouts of the operands' buffers as the text gives them (what `bitcast`
    /// reinterprets): written on their shapes, or the entry's layouts for its parameters.
    pub operand_layouts: Vec<Option<Vec<i64>>>,
    pub loc: Location,
}

/// How many operands an opcode takes.
#[derive(Copy, Clone, Debug)]
pub enum Arity {
    Exactly(usize),
    AtLeast(usize),
    Even,
    Odd,
    Any,
}

/// How an opcode is emitted.
#[derive(Copy, Clone)]
pub enum Lowering {
    /// One elementwise op of this kind, without attributes, of the instruction's shape.
    Elementwise(HloOpKind),
    /// A handler function.
    Handler(fn(&mut Emitter, &Inst) -> PResult<HloValue>),
}

/// The arity and handler of a special opcode.
fn special_reading(special: SpecialOpcode) -> (Arity, Lowering) {
    use Arity::*;
    use Lowering::Handler as H;
    match special {
        SpecialOpcode::TopK => (Exactly(1), H(ops_reduce::topk)),
        SpecialOpcode::Rng => (Exactly(2), H(ops_effects::rng)),
        SpecialOpcode::Domain => (Exactly(1), H(ops_control::forward_first)),
        SpecialOpcode::AddDependency => (Exactly(2), H(ops_control::forward_first)),
        SpecialOpcode::AsyncStart => (Any, H(ops_control::async_start)),
        SpecialOpcode::AsyncUpdate => (Exactly(1), H(ops_control::forward_first)),
        SpecialOpcode::AsyncDone => (Exactly(1), H(ops_control::async_done)),
        SpecialOpcode::CopyStart => (Exactly(1), H(ops_control::copy_start)),
        SpecialOpcode::CopyDone => (Exactly(1), H(ops_control::copy_done)),
        SpecialOpcode::SendDone => (Exactly(1), H(ops_effects::send_done)),
        SpecialOpcode::RecvDone => (Exactly(1), H(ops_effects::recv_done)),
        SpecialOpcode::AllReduceStart => (AtLeast(1), H(ops_effects::all_reduce)),
        SpecialOpcode::AllReduceDone => (Exactly(1), H(ops_control::forward_first)),
        SpecialOpcode::AllGatherStart => (Exactly(1), H(ops_effects::all_gather_start)),
        SpecialOpcode::AllGatherDone | SpecialOpcode::CollectivePermuteDone => (Exactly(1), H(ops_control::async_done)),
        SpecialOpcode::CollectivePermuteStart => (Exactly(1), H(ops_effects::collective_permute_start)),
    }
}

/// What an HLO opcode names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Opcode {
    /// The spelling of one hlo op kind ([`crate::opcode_spelling`]).
    Op(HloOpKind),
    /// An instruction that is not one hlo op.
    Special(SpecialOpcode),
}

impl Opcode {
    /// The meaning of `opcode`, if it is one of the two tables'.
    pub fn of(opcode: &str) -> Option<Opcode> {
        SpecialOpcode::from_opcode(opcode).map(Opcode::Special).or_else(|| kind_of_opcode(opcode).map(Opcode::Op))
    }
}

/// XLA opcodes the hlo dialect has no op for.
const NO_COUNTERPART: &[&str] = &[
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atanh",
    "cosh",
    "sinh",
    "ragged-all-to-all",
    "ragged-dot",
    "scaled-dot",
    "scan",
    "dynamic-reshape",
    "stochastic-convert",
    "rng-get-and-update-state",
];

/// How the instructions of an opcode of `kind` are read: their arity and how they are
/// emitted; `None` for the kinds that XLA gives no opcode of their own (their rule
/// spelling is then an unknown opcode).
pub fn op_reading(kind: HloOpKind) -> Option<(Arity, Lowering)> {
    use Arity::*;
    use Lowering::Handler as H;
    let elementwise = || Some((Exactly(kind.def().operands.len()), Lowering::Elementwise(kind)));
    Some(match kind {
        HloOpKind::Abs
        | HloOpKind::Add
        | HloOpKind::And
        | HloOpKind::Atan2
        | HloOpKind::BitcastConvertType
        | HloOpKind::Cbrt
        | HloOpKind::Ceil
        | HloOpKind::Clamp
        | HloOpKind::Complex
        | HloOpKind::ConvertElementType
        | HloOpKind::Cosine
        | HloOpKind::CountLeadingZeros
        | HloOpKind::Divide
        | HloOpKind::Erf
        | HloOpKind::Exponential
        | HloOpKind::ExponentialMinusOne
        | HloOpKind::Floor
        | HloOpKind::Imag
        | HloOpKind::IsFinite
        | HloOpKind::Log
        | HloOpKind::LogPlusOne
        | HloOpKind::Logistic
        | HloOpKind::Maximum
        | HloOpKind::Minimum
        | HloOpKind::Multiply
        | HloOpKind::Negate
        | HloOpKind::Not
        | HloOpKind::Or
        | HloOpKind::Popcnt
        | HloOpKind::Power
        | HloOpKind::Real
        | HloOpKind::Remainder
        | HloOpKind::RoundNearestAfz
        | HloOpKind::RoundNearestEven
        | HloOpKind::Rsqrt
        | HloOpKind::Select
        | HloOpKind::ShiftLeft
        | HloOpKind::ShiftRightArithmetic
        | HloOpKind::ShiftRightLogical
        | HloOpKind::Sign
        | HloOpKind::Sine
        | HloOpKind::Sqrt
        | HloOpKind::Subtract
        | HloOpKind::Tan
        | HloOpKind::Tanh
        | HloOpKind::Xor => return elementwise(),
        HloOpKind::Compare => (Exactly(2), H(compare)),
        HloOpKind::ReducePrecision => (Exactly(1), H(reduce_precision)),
        HloOpKind::Map => (AtLeast(1), H(ops_reduce::map)),
        // Shapes and data movement.
        HloOpKind::Constant => (Exactly(0), H(ops_shape::constant)),
        HloOpKind::Iota => (Exactly(0), H(ops_shape::iota)),
        HloOpKind::Broadcast => (Exactly(1), H(ops_shape::broadcast)),
        HloOpKind::Reshape => (Exactly(1), H(ops_shape::reshape)),
        HloOpKind::Transpose => (Exactly(1), H(ops_shape::transpose)),
        HloOpKind::Rev => (Exactly(1), H(ops_shape::reverse)),
        HloOpKind::Slice => (Exactly(1), H(ops_shape::slice)),
        HloOpKind::DynamicSlice => (AtLeast(2), H(ops_shape::dynamic_slice)),
        HloOpKind::DynamicUpdateSlice => (AtLeast(3), H(ops_shape::dynamic_update_slice)),
        HloOpKind::Concatenate => (AtLeast(1), H(ops_shape::concatenate)),
        HloOpKind::Pad => (Exactly(2), H(ops_shape::pad)),
        HloOpKind::Gather => (Exactly(2), H(ops_shape::gather)),
        HloOpKind::GetDimensionSize => (Exactly(1), H(ops_shape::get_dimension_size)),
        HloOpKind::SetDimensionSize => (Exactly(2), H(ops_shape::set_dimension_size)),
        HloOpKind::Copy => (Exactly(1), H(ops_shape::copy)),
        HloOpKind::Bitcast => (Exactly(1), H(ops_shape::bitcast)),
        HloOpKind::Tuple => (Any, H(ops_shape::tuple)),
        HloOpKind::GetTupleElement => (Exactly(1), H(ops_shape::get_tuple_element)),
        // Reductions, sorts, scatters.
        HloOpKind::Reduce => (Even, H(ops_reduce::reduce)),
        HloOpKind::ReduceWindow => (Even, H(ops_reduce::reduce_window)),
        HloOpKind::SelectAndScatter => (Exactly(3), H(ops_reduce::select_and_scatter)),
        HloOpKind::Scatter => (Odd, H(ops_reduce::scatter)),
        HloOpKind::Sort => (AtLeast(1), H(ops_reduce::sort)),
        // Linear algebra.
        HloOpKind::Dot => (Exactly(2), H(ops_linalg::dot)),
        HloOpKind::Convolution => (Exactly(2), H(ops_linalg::convolution)),
        HloOpKind::Fft => (Exactly(1), H(ops_linalg::fft)),
        HloOpKind::Cholesky => (Exactly(1), H(ops_linalg::cholesky)),
        HloOpKind::TriangularSolve => (Exactly(2), H(ops_linalg::triangular_solve)),
        HloOpKind::BatchNormTraining => (Exactly(3), H(ops_linalg::batch_norm_training)),
        HloOpKind::BatchNormInference => (Exactly(5), H(ops_linalg::batch_norm_inference)),
        HloOpKind::BatchNormGrad => (Exactly(5), H(ops_linalg::batch_norm_grad)),
        // Calls and control flow.
        HloOpKind::Call => (Any, H(ops_control::call)),
        HloOpKind::Fusion => (Any, H(ops_control::fusion)),
        HloOpKind::While => (Exactly(1), H(ops_control::while_loop)),
        HloOpKind::Conditional => (AtLeast(2), H(ops_control::conditional)),
        HloOpKind::CustomCall => (Any, H(ops_control::custom_call)),
        HloOpKind::OptimizationBarrier => (Exactly(1), H(ops_control::optimization_barrier)),
        // Side effects, collectives, random numbers.
        HloOpKind::AfterAll => (Any, H(ops_effects::after_all)),
        HloOpKind::Infeed => (Exactly(1), H(ops_effects::infeed)),
        HloOpKind::Outfeed => (Exactly(2), H(ops_effects::outfeed)),
        HloOpKind::Send => (Exactly(2), H(ops_effects::send)),
        HloOpKind::Recv => (Exactly(1), H(ops_effects::recv)),
        HloOpKind::AllReduce => (AtLeast(1), H(ops_effects::all_reduce)),
        HloOpKind::AllGather => (AtLeast(1), H(ops_effects::all_gather)),
        HloOpKind::AllToAll => (Exactly(1), H(ops_effects::all_to_all)),
        HloOpKind::CollectivePermute => (Exactly(1), H(ops_effects::collective_permute)),
        HloOpKind::CollectiveBroadcast => (AtLeast(1), H(ops_effects::collective_broadcast)),
        HloOpKind::ReduceScatter => (Exactly(1), H(ops_effects::reduce_scatter)),
        HloOpKind::ReplicaId => (Exactly(0), H(ops_effects::replica_id)),
        HloOpKind::PartitionId => (Exactly(0), H(ops_effects::partition_id)),
        HloOpKind::RngBitGenerator => (Exactly(1), H(ops_effects::rng_bit_generator)),
        // No opcode of their own: XLA broadcasts with `broadcast`, writes every dot as
        // `dot`, reshapes with `reshape`, picks the distribution of `rng` by an attribute,
        // and ends computations with `ROOT` rather than a return.
        HloOpKind::BroadcastInDim
        | HloOpKind::DotGeneral
        | HloOpKind::Collapse
        | HloOpKind::RngUniform
        | HloOpKind::RngNormal
        | HloOpKind::Return => return None,
    })
}

/// How `opcode` is emitted and how many operands it takes; `None` for an opcode the reader
/// does not know.
pub fn lowering(opcode: &str) -> Option<(Arity, Lowering)> {
    match Opcode::of(opcode)? {
        Opcode::Op(kind) => op_reading(kind),
        Opcode::Special(special) => Some(special_reading(special)),
    }
}

/// Emits `ast` with operand values `operands` and returns its value.
pub fn emit(e: &mut Emitter, ast: &Instruction, operands: Vec<HloValue>, operand_layouts: Vec<Option<Vec<i64>>>) -> PResult<HloValue> {
    let opcode = ast.opcode.as_str();
    if NO_COUNTERPART.contains(&opcode) {
        return Err(e.error(ast.opcode_offset, format!("HLO opcode '{opcode}' has no counterpart in the hlo dialect")));
    }
    // `X-start`/`X-update`/`X-done` of an op without its own asynchronous form: the op
    // itself, run synchronously (see `ops_control::wrapped_start`).
    let Some((arity, lowering)) = lowering(opcode) else {
        if let Some(wrapped) = opcode.strip_suffix("-start").filter(|w| lowering(w).is_some()) {
            return ops_control::wrapped_start(e, ast, wrapped, operands, operand_layouts);
        }
        if opcode.strip_suffix("-update").is_some_and(|w| lowering(w).is_some()) {
            return operands.into_iter().next().ok_or_else(|| e.error(ast.operands_offset, format!("'{opcode}' takes one operand")));
        }
        if opcode.strip_suffix("-done").is_some_and(|w| lowering(w).is_some()) {
            let inst = Inst { ast, operands, operand_layouts, loc: e.loc(ast.offset) };
            check_arity(e, &inst, Arity::Exactly(1))?;
            return ops_control::async_done(e, &inst);
        }
        return Err(e.error(ast.opcode_offset, format!("unknown HLO opcode '{opcode}'")));
    };
    let inst = Inst { ast, operands, operand_layouts, loc: e.loc(ast.offset) };
    check_arity(e, &inst, arity)?;
    match lowering {
        Lowering::Elementwise(kind) => {
            let operands = e.operand_values(&inst)?;
            e.emit_single(&inst, kind, operands, Vec::new(), Vec::new())
        }
        Lowering::Handler(handler) => handler(e, &inst),
    }
}

/// Checks the number of operands of `inst` against `arity`.
pub fn check_arity(e: &Emitter, inst: &Inst, arity: Arity) -> PResult<()> {
    let n = inst.operands.len();
    let expected = match arity {
        Arity::Exactly(k) if n != k => format!("{k} operand{}", if k == 1 { "" } else { "s" }),
        Arity::AtLeast(k) if n < k => format!("at least {k} operand{}", if k == 1 { "" } else { "s" }),
        Arity::Even if !n.is_multiple_of(2) || n == 0 => "an even, non-zero number of operands".to_string(),
        Arity::Odd if n.is_multiple_of(2) => "an odd number of operands".to_string(),
        _ => return Ok(()),
    };
    Err(e.error(inst.ast.operands_offset, format!("'{}' takes {expected}, found {n}", inst.ast.opcode)))
}

/// `compare(a, b), direction=LT, type=TOTALORDER` → `hlo.compare`.
fn compare(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let direction = e.required_word(inst, "direction")?;
    let direction = match direction.as_str() {
        "EQ" | "NE" | "GE" | "GT" | "LE" | "LT" => direction,
        other => return Err(e.attr_error(inst, "direction", format!("unknown comparison direction '{other}'"))),
    };
    let mut attrs = vec![("comparison_direction", e.ctx.string_attr(&direction))];
    if let Some(ty) = e.word_attr(inst, "type")? {
        let ty = match ty.as_str() {
            "FLOAT" | "TOTALORDER" | "SIGNED" | "UNSIGNED" => ty,
            "PARTIALORDER" => "FLOAT".to_string(),
            other => return Err(e.attr_error(inst, "type", format!("unknown comparison type '{other}'"))),
        };
        attrs.push(("compare_type", e.ctx.string_attr(&ty)));
    }
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::Compare, operands, attrs, Vec::new())
}

/// `reduce-precision(x), exponent_bits=5, mantissa_bits=10` → `hlo.reduce_precision`.
fn reduce_precision(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let exponent = e.required_int(inst, "exponent_bits")?;
    let mantissa = e.required_int(inst, "mantissa_bits")?;
    let attrs = vec![("exponent_bits", e.ctx.i64_attr(exponent)), ("mantissa_bits", e.ctx.i64_attr(mantissa))];
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::ReducePrecision, operands, attrs, Vec::new())
}

impl<'a, 't, 'c> Emitter<'a, 't, 'c> {
    /// The IR value of operand `k`.
    pub fn operand_value(&mut self, inst: &Inst, k: usize) -> PResult<ValueId> {
        let v = inst.operands.get(k).ok_or_else(|| self.error(inst.ast.operands_offset, format!("missing operand {k}")))?;
        self.materialize(v, inst.loc)
    }

    /// The IR values of all operands.
    pub fn operand_values(&mut self, inst: &Inst) -> PResult<Vec<ValueId>> {
        (0..inst.operands.len()).map(|k| self.operand_value(inst, k)).collect()
    }

    /// The declared result type (without layout).
    pub fn declared_type(&self, inst: &Inst) -> Option<Type> {
        inst.ast.shape.as_ref().map(|s| plain_type(self.ctx, s))
    }

    /// The declared result types one tuple level down: a tuple shape's elements, or the
    /// shape itself.
    pub fn declared_types(&self, inst: &Inst) -> Option<Vec<Type>> {
        let shape = inst.ast.shape.as_ref()?;
        Some(match shape.tuple_elements() {
            Some(elements) => elements.iter().map(|s| plain_type(self.ctx, s)).collect(),
            None => vec![plain_type(self.ctx, shape)],
        })
    }

    /// Whether the instruction's declared shape is a tuple.
    pub fn declares_tuple(&self, inst: &Inst) -> bool {
        inst.ast.shape.as_ref().is_some_and(|s| s.tuple_elements().is_some())
    }

    /// Creates an op of `kind` with one result of the instruction's type (or the inferred
    /// one).
    pub fn emit_single(
        &mut self,
        inst: &Inst,
        kind: HloOpKind,
        operands: Vec<ValueId>,
        attrs: Vec<(&str, Attribute)>,
        regions: Vec<RegionId>,
    ) -> PResult<HloValue> {
        let op = match self.declared_type(inst) {
            Some(ty) => self.op(kind.def(), operands, vec![ty], attrs, regions, inst.loc),
            None => self.op_inferred(kind.def(), operands, attrs, regions, inst.loc)?,
        };
        let results = self.body.op(op).results.clone();
        Ok(Emitter::group(&results, results.len() != 1))
    }

    /// Creates an op of `kind` whose results are the instruction's shape one tuple level
    /// down (a tuple shape gives one result per element); the value is a virtual tuple of
    /// them when the shape is a tuple.
    pub fn emit_multi(
        &mut self,
        inst: &Inst,
        kind: HloOpKind,
        operands: Vec<ValueId>,
        attrs: Vec<(&str, Attribute)>,
        regions: Vec<RegionId>,
    ) -> PResult<HloValue> {
        let op = match self.declared_types(inst) {
            Some(types) => self.op(kind.def(), operands, types, attrs, regions, inst.loc),
            None => self.op_inferred(kind.def(), operands, attrs, regions, inst.loc)?,
        };
        let results = self.body.op(op).results.clone();
        let tuple = if inst.ast.shape.is_some() { self.declares_tuple(inst) } else { results.len() != 1 };
        Ok(Emitter::group(&results, tuple))
    }

    /// The attribute `name` of `inst`.
    pub fn attr<'i>(&self, inst: &Inst<'i>, name: &str) -> Option<&'i Attr> {
        inst.ast.attr(name)
    }

    /// A cursor over the value of attribute `name`, if written.
    pub fn attr_cursor(&self, inst: &Inst, name: &str) -> Option<Cursor<'a, 't, 'c>> {
        self.attr(inst, name).map(|a| self.cursor(a.value))
    }

    /// The attribute `name`, or an error saying the opcode needs it.
    pub fn required<'i>(&self, inst: &Inst<'i>, name: &str) -> PResult<&'i Attr> {
        self.attr(inst, name)
            .ok_or_else(|| self.error(inst.ast.opcode_offset, format!("'{}' needs attribute '{name}'", inst.ast.opcode)))
    }

    /// An error at the value of attribute `name`.
    pub fn attr_error(&self, inst: &Inst, name: &str, message: String) -> Diagnostic {
        let at = self.attr(inst, name).map_or(inst.ast.opcode_offset, |a| self.src.token(a.value.0).start);
        self.error(at, message)
    }

    /// Reads attribute `name` with `read`, which must consume the whole value.
    pub fn read_attr<T>(&self, inst: &Inst, name: &str, read: impl FnOnce(&mut Cursor) -> PResult<T>) -> PResult<Option<T>> {
        let Some(mut c) = self.attr_cursor(inst, name) else { return Ok(None) };
        let value = read(&mut c)?;
        c.expect_end(&format!("the value of '{name}'"))?;
        Ok(Some(value))
    }

    /// An integer attribute.
    pub fn int_attr(&self, inst: &Inst, name: &str) -> PResult<Option<i64>> {
        self.read_attr(inst, name, |c| c.parse_i64())
    }

    pub fn required_int(&self, inst: &Inst, name: &str) -> PResult<i64> {
        self.required(inst, name)?;
        Ok(self.int_attr(inst, name)?.unwrap_or(0))
    }

    /// A boolean attribute.
    pub fn bool_attr(&self, inst: &Inst, name: &str) -> PResult<Option<bool>> {
        self.read_attr(inst, name, |c| c.parse_bool())
    }

    /// A `{1,2}` attribute.
    pub fn ints_attr(&self, inst: &Inst, name: &str) -> PResult<Option<Vec<i64>>> {
        self.read_attr(inst, name, |c| c.parse_braced_ints())
    }

    pub fn required_ints(&self, inst: &Inst, name: &str) -> PResult<Vec<i64>> {
        self.required(inst, name)?;
        Ok(self.ints_attr(inst, name)?.unwrap_or_default())
    }

    /// A `dimensions={d}` attribute with exactly one entry.
    pub fn single_dimension(&self, inst: &Inst, name: &str) -> PResult<i64> {
        let dims = self.required_ints(inst, name)?;
        match dims[..] {
            [d] => Ok(d),
            _ => Err(self.attr_error(inst, name, format!("'{}' needs exactly one dimension in '{name}', found {}", inst.ast.opcode, dims.len()))),
        }
    }

    /// A bare word attribute (an enumerator).
    pub fn word_attr(&self, inst: &Inst, name: &str) -> PResult<Option<String>> {
        self.read_attr(inst, name, |c| {
            if !c.is(super::lexer::TokenKind::Word) {
                return Err(c.expected(&format!("a name for '{name}'")));
            }
            let text = c.text().to_string();
            c.bump();
            Ok(text)
        })
    }

    pub fn required_word(&self, inst: &Inst, name: &str) -> PResult<String> {
        self.required(inst, name)?;
        Ok(self.word_attr(inst, name)?.unwrap_or_default())
    }

    /// A string attribute.
    pub fn string_attr(&self, inst: &Inst, name: &str) -> PResult<Option<String>> {
        self.read_attr(inst, name, |c| c.parse_string())
    }

    /// The computation attribute `name` names, as a region.
    pub fn region_attr(&mut self, inst: &Inst, name: &str, flatten_tuple_param: bool) -> PResult<RegionId> {
        let attr = self.required(inst, name)?;
        let comp = self.computation_of(attr)?;
        self.region(comp, flatten_tuple_param, inst.loc)
    }

    /// The precisions of `operand_precision` (or `precision_config`, as some printers
    /// call it), as `precision_config`.
    pub fn precision_attr(&self, inst: &Inst) -> PResult<Option<Attribute>> {
        let name = if self.attr(inst, "operand_precision").is_some() { "operand_precision" } else { "precision_config" };
        let Some(precisions) = self.read_attr(inst, name, super::attrs::read_precisions)? else { return Ok(None) };
        Ok(Some(self.ctx.array_attr(precisions.iter().map(|p| self.ctx.string_attr(p)).collect())))
    }

    /// The shape written for `inst`, or an error saying it is needed.
    pub fn shape_of<'i>(&self, inst: &Inst<'i>) -> PResult<&'i Shape> {
        inst.ast
            .shape
            .as_ref()
            .ok_or_else(|| self.error(inst.ast.opcode_offset, format!("'{}' needs its result shape written", inst.ast.opcode)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::opcode_spelling::opcode_of;

    /// The kinds XLA gives no opcode of their own (see [`op_reading`]).
    const WITHOUT_OPCODE: [HloOpKind; 6] = [
        HloOpKind::BroadcastInDim,
        HloOpKind::DotGeneral,
        HloOpKind::Collapse,
        HloOpKind::RngUniform,
        HloOpKind::RngNormal,
        HloOpKind::Return,
    ];

    #[test]
    fn the_generated_elementwise_opcodes_are_xlas() {
        let mut read: Vec<(String, &str, usize)> = HloOpKind::ALL
            .iter()
            .filter_map(|kind| match op_reading(*kind) {
                Some((_, Lowering::Elementwise(read_as))) => {
                    assert_eq!(read_as, *kind);
                    Some((opcode_of(*kind).into_owned(), kind.name(), kind.def().operands.len()))
                }
                _ => None,
            })
            .collect();
        read.sort_unstable();
        let mut expected = vec![
            ("abs", "hlo.abs", 1),
            ("add", "hlo.add", 2),
            ("and", "hlo.and", 2),
            ("atan2", "hlo.atan2", 2),
            ("bitcast-convert", "hlo.bitcast_convert_type", 1),
            ("cbrt", "hlo.cbrt", 1),
            ("ceil", "hlo.ceil", 1),
            ("clamp", "hlo.clamp", 3),
            ("complex", "hlo.complex", 2),
            ("convert", "hlo.convert_element_type", 1),
            ("cosine", "hlo.cosine", 1),
            ("count-leading-zeros", "hlo.count_leading_zeros", 1),
            ("divide", "hlo.divide", 2),
            ("erf", "hlo.erf", 1),
            ("exponential", "hlo.exponential", 1),
            ("exponential-minus-one", "hlo.exponential_minus_one", 1),
            ("floor", "hlo.floor", 1),
            ("imag", "hlo.imag", 1),
            ("is-finite", "hlo.is_finite", 1),
            ("log", "hlo.log", 1),
            ("log-plus-one", "hlo.log_plus_one", 1),
            ("logistic", "hlo.logistic", 1),
            ("maximum", "hlo.maximum", 2),
            ("minimum", "hlo.minimum", 2),
            ("multiply", "hlo.multiply", 2),
            ("negate", "hlo.negate", 1),
            ("not", "hlo.not", 1),
            ("or", "hlo.or", 2),
            ("popcnt", "hlo.popcnt", 1),
            ("power", "hlo.power", 2),
            ("real", "hlo.real", 1),
            ("remainder", "hlo.remainder", 2),
            ("round-nearest-afz", "hlo.round_nearest_afz", 1),
            ("round-nearest-even", "hlo.round_nearest_even", 1),
            ("rsqrt", "hlo.rsqrt", 1),
            ("select", "hlo.select", 3),
            ("shift-left", "hlo.shift_left", 2),
            ("shift-right-arithmetic", "hlo.shift_right_arithmetic", 2),
            ("shift-right-logical", "hlo.shift_right_logical", 2),
            ("sign", "hlo.sign", 1),
            ("sine", "hlo.sine", 1),
            ("sqrt", "hlo.sqrt", 1),
            ("subtract", "hlo.subtract", 2),
            ("tan", "hlo.tan", 1),
            ("tanh", "hlo.tanh", 1),
            ("xor", "hlo.xor", 2),
        ];
        expected.sort_unstable();
        let read: Vec<(&str, &str, usize)> = read.iter().map(|(opcode, name, arity)| (opcode.as_str(), *name, *arity)).collect();
        assert_eq!(read, expected);
    }

    #[test]
    fn elementwise_readings_need_no_attributes_or_regions() {
        for kind in HloOpKind::ALL {
            if let Some((_, Lowering::Elementwise(_))) = op_reading(*kind) {
                let def = kind.def();
                assert!(def.attributes.iter().all(|a| a.optional) && def.regions.is_empty(), "{} needs attributes or regions", def.name);
            }
        }
    }

    #[test]
    fn every_kind_has_an_opcode_that_reads_back_to_it_or_is_listed_without_one() {
        for kind in HloOpKind::ALL {
            let opcode = opcode_of(*kind);
            if WITHOUT_OPCODE.contains(kind) {
                assert!(op_reading(*kind).is_none(), "{} is listed without an opcode but is read", kind.name());
                assert!(lowering(&opcode).is_none(), "'{opcode}' is read although {} has no opcode", kind.name());
            } else {
                assert_eq!(Opcode::of(&opcode), Some(Opcode::Op(*kind)), "'{opcode}' does not read back to {}", kind.name());
                assert!(op_reading(*kind).is_some(), "{} has opcode '{opcode}' but no reading", kind.name());
            }
        }
    }

    #[test]
    fn special_opcodes_are_read() {
        for special in SpecialOpcode::ALL {
            assert_eq!(Opcode::of(special.opcode()), Some(Opcode::Special(special)));
            assert!(lowering(special.opcode()).is_some());
        }
    }

    #[test]
    fn opcodes_without_counterpart_are_not_read() {
        for opcode in NO_COUNTERPART {
            assert_eq!(Opcode::of(opcode), None, "'{opcode}' is listed as having no counterpart");
        }
    }
}
