//! The value an HLO instruction stands for while a computation is being built.
//!
//! HLO passes tuples around (`tuple`, `get-tuple-element`, a `while` over a tuple, a
//! multi-output `reduce` or `custom-call`); the hlo dialect's ops take and return lists of
//! values instead. So an instruction's value is an [`HloValue`]: one IR value, or a tuple
//! kept *virtual* (its elements known one by one). `get-tuple-element` of a virtual tuple is
//! just its element, and an `hlo.tuple` is only created when something needs the tuple as
//! one value (a call argument, a tuple-typed parameter). Ops that return several results
//! give a virtual tuple of them, so the HLO `(a, b) = reduce(...)` + `get-tuple-element`
//! pattern becomes `hlo.reduce` with two results and no tuple at all.
//!
//! Some tuple elements of XLA's asynchronous and channel ops have no value in the hlo
//! dialect (the `u32[]` context of `send`/`recv`, the `s32[]` state of `async-start`);
//! they are [`HloValue::Unavailable`], and using one is a located error.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{shape::compatible, Location, Type, TypeData, ValueId};

use super::cursor::PResult;
use super::emitter::Emitter;

/// What an instruction's value is; see the module documentation.
#[derive(Clone, Debug)]
pub enum HloValue {
    /// One IR value.
    Value(ValueId),
    /// A tuple whose elements are known.
    Tuple(Vec<HloValue>),
    /// A tuple element with no counterpart in the hlo dialect, of type `ty`.
    Unavailable { ty: Type, what: &'static str },
}

impl Emitter<'_, '_, '_> {
    /// The IR type of `v` (a tuple type for a virtual tuple).
    pub fn type_of(&self, v: &HloValue) -> Type {
        match v {
            HloValue::Value(id) => self.body.value_type(*id),
            HloValue::Tuple(elements) => self.ctx.ty(TypeData::Tuple(elements.iter().map(|e| self.type_of(e)).collect())),
            HloValue::Unavailable { ty, .. } => *ty,
        }
    }

    /// One IR value for `v`, creating `hlo.tuple` ops for virtual tuples.
    pub fn materialize(&mut self, v: &HloValue, loc: Location) -> PResult<ValueId> {
        match v {
            HloValue::Value(id) => Ok(*id),
            HloValue::Tuple(elements) => {
                let mut values = Vec::with_capacity(elements.len());
                for e in elements {
                    values.push(self.materialize(e, loc)?);
                }
                let ty = self.ctx.ty(TypeData::Tuple(values.iter().map(|v| self.body.value_type(*v)).collect()));
                let op = self.op(HloOpKind::Tuple.def(), values, vec![ty], Vec::new(), Vec::new(), loc);
                Ok(self.body.result(op, 0))
            }
            HloValue::Unavailable { what, .. } => {
                Err(xla_ir::Diagnostic::error(loc, format!("{what} has no value in the hlo dialect and cannot be used")))
            }
        }
    }

    /// Element `index` of the tuple `v`: the element itself for a virtual tuple, an
    /// `hlo.get_tuple_element` for a tuple-typed IR value.
    pub fn element(&mut self, v: &HloValue, index: i64, loc: Location) -> PResult<HloValue> {
        let count = self.tuple_arity(v);
        let Some(count) = count else {
            return Err(xla_ir::Diagnostic::error(
                loc,
                format!("get-tuple-element of a value that is not a tuple ({})", self.ctx.type_to_string(self.type_of(v))),
            ));
        };
        let Some(i) = usize::try_from(index).ok().filter(|i| *i < count) else {
            return Err(xla_ir::Diagnostic::error(loc, format!("tuple index {index} is out of range for a tuple of {count} elements")));
        };
        match v {
            HloValue::Tuple(elements) => Ok(elements[i].clone()),
            HloValue::Value(id) => {
                let ty = match self.ctx.type_data(self.body.value_type(*id)) {
                    TypeData::Tuple(types) => types[i],
                    _ => return Err(xla_ir::Diagnostic::error(loc, "get-tuple-element of a value that is not a tuple")),
                };
                let index_attr = self.ctx.i64_attr(index);
                let op = self.op(HloOpKind::GetTupleElement.def(), vec![*id], vec![ty], vec![("index", index_attr)], Vec::new(), loc);
                Ok(HloValue::Value(self.body.result(op, 0)))
            }
            HloValue::Unavailable { what, .. } => {
                Err(xla_ir::Diagnostic::error(loc, format!("{what} has no value in the hlo dialect and cannot be used")))
            }
        }
    }

    /// The number of elements of `v` when it is a tuple.
    pub fn tuple_arity(&self, v: &HloValue) -> Option<usize> {
        match v {
            HloValue::Tuple(elements) => Some(elements.len()),
            _ => match self.ctx.type_data(self.type_of(v)) {
                TypeData::Tuple(types) => Some(types.len()),
                _ => None,
            },
        }
    }

    /// The values `v` stands for one tuple level down: a tuple's elements, or `v` itself.
    /// This is how a computation's root becomes the operands of its return.
    pub fn flatten(&mut self, v: &HloValue, loc: Location) -> PResult<Vec<ValueId>> {
        match self.tuple_arity(v) {
            None => Ok(vec![self.materialize(v, loc)?]),
            Some(n) => {
                let mut values = Vec::with_capacity(n);
                for i in 0..n {
                    let e = self.element(v, i as i64, loc)?;
                    values.push(self.materialize(&e, loc)?);
                }
                Ok(values)
            }
        }
    }

    /// `values` as one HLO value: the value itself when `tuple` is false (one result), a
    /// virtual tuple of them otherwise.
    pub fn group(values: &[ValueId], tuple: bool) -> HloValue {
        match (tuple, values) {
            (false, [single]) => HloValue::Value(*single),
            _ => HloValue::Tuple(values.iter().map(|v| HloValue::Value(*v)).collect()),
        }
    }

    /// `v` as a value of type `target`: itself when the types are equal, an `hlo.copy`
    /// (XLA's `copy`) when they differ only in layout, and
    /// element by element for tuples. Used where the IR wants equal types: the arguments of
    /// a call and the results of the entry function, whose types carry the entry layouts.
    pub fn coerce(&mut self, v: ValueId, target: Type, loc: Location, what: &str) -> PResult<ValueId> {
        let ty = self.body.value_type(v);
        if ty == target {
            return Ok(v);
        }
        if !compatible(self.ctx, ty, target) {
            return Err(xla_ir::Diagnostic::error(
                loc,
                format!("{what} has type {}, expected {}", self.ctx.type_to_string(ty), self.ctx.type_to_string(target)),
            ));
        }
        if let (TypeData::Tuple(_), TypeData::Tuple(targets)) = (self.ctx.type_data(ty), self.ctx.type_data(target)) {
            let targets = targets.clone();
            let mut elements = Vec::with_capacity(targets.len());
            for (i, t) in targets.into_iter().enumerate() {
                let e = self.element(&HloValue::Value(v), i as i64, loc)?;
                let e = self.materialize(&e, loc)?;
                elements.push(self.coerce(e, t, loc, what)?);
            }
            let op = self.op(HloOpKind::Tuple.def(), elements, vec![target], Vec::new(), Vec::new(), loc);
            return Ok(self.body.result(op, 0));
        }
        if self.ctx.as_tensor(ty).is_none() {
            return Err(xla_ir::Diagnostic::error(
                loc,
                format!("{what} has type {}, expected {}", self.ctx.type_to_string(ty), self.ctx.type_to_string(target)),
            ));
        }
        let op = self.op(HloOpKind::Copy.def(), vec![v], vec![target], Vec::new(), Vec::new(), loc);
        Ok(self.body.result(op, 0))
    }
}
