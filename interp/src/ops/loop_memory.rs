//! The loop dialect's buffers and constants: `loop.alloc`, `loop.arena_buffer`,
//! `loop.literal`, `loop.constant`, `loop.load` and `loop.store`.
//!
//! A buffer is a [`Buffer`]: a literal shared by reference, which `loop.store` writes in
//! place. A fresh `loop.alloc` holds zeros (compiled code leaves it undefined; a program
//! that reads an element before storing it is wrong either way). A `loop.arena_buffer` is
//! a fresh buffer too: buffer assignment gives overlapping bytes only to buffers that are
//! never live at once, so a program that never reads an element it has not stored computes
//! the same with separate buffers; the interpreter does not model the arena's aliasing. A
//! `loop.literal` is a buffer holding its literal. Scalars are 0-d tensors
//! of their element type; an `index` is an `s64`. An index outside the buffer is an error
//! naming the index and the shape, where compiled code would have undefined behavior.

use std::rc::Rc;

use xla_dialects::loops::{ConstantOp, LiteralOp};
use xla_ir::{AttrData, Scalar};

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::interpreter::OpCx;
use crate::literal::{normalize, Literal};
use crate::ops::support::tensor;
use crate::value::{Buffer, Value};

pub(super) fn alloc(cx: &mut OpCx, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let ctx = cx.ctx();
    let ty = cx.result_type(0);
    let memref = ctx.as_memref(ty).ok_or("a buffer must be a memref")?;
    let shape = memref.static_shape().ok_or("a buffer needs a static shape")?;
    let element = ElementType::of(ctx, memref.element).ok_or("a buffer of an unknown element type")?;
    let zero = normalize(element, zero_of(element));
    Ok(vec![Value::Buffer(Buffer::new(Literal::splat(element, shape, zero)))])
}

/// `loop.literal`: a buffer holding the literal (nothing stores into it).
pub(super) fn literal(cx: &mut OpCx, op: LiteralOp, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let ctx = cx.ctx();
    let literal = Literal::from_dense(ctx, op.value(cx.body()))?;
    Ok(vec![Value::Buffer(Buffer::new(literal))])
}

/// The zero of an element type's storage kind.
fn zero_of(element: ElementType) -> Scalar {
    match element {
        ElementType::Pred | ElementType::Int { .. } => Scalar::Int(0),
        ElementType::Float(_) => Scalar::Float(0.0),
        ElementType::Complex(_) => Scalar::Complex(0.0, 0.0),
    }
}

pub(super) fn constant(cx: &mut OpCx, op: ConstantOp, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let ctx = cx.ctx();
    let element = cx.result_element(0)?;
    let scalar = match ctx.attr_data(op.value(cx.body())) {
        AttrData::Integer { value, .. } => Scalar::Int(*value),
        AttrData::Float { bits, .. } => Scalar::Float(f64::from_bits(*bits)),
        AttrData::Bool(b) => Scalar::Int(*b as i128),
        _ => return Err("loop.constant holds no number".into()),
    };
    Ok(vec![Literal::scalar(element, normalize(element, scalar)).into()])
}

/// The row-major position in `literal` of the index given by the 0-d integer operands
/// `indices`, or an error when it lies outside.
fn position(literal: &Literal, indices: &[Rc<Value>]) -> EvalResult<usize> {
    if indices.len() != literal.rank() {
        return Err(EvalError::new(format!("{} indices for a buffer of rank {}", indices.len(), literal.rank())));
    }
    let mut index = Vec::with_capacity(indices.len());
    for (d, value) in indices.iter().enumerate() {
        let i = value.tensor()?.as_index().ok_or("an index must be an integer")?;
        if i < 0 || i >= literal.shape[d] as i128 {
            return Err(EvalError::new(format!(
                "index {i} is out of bounds in dimension {d} of a buffer {}",
                literal.shape_string()
            )));
        }
        index.push(i as i64);
    }
    Ok(crate::index::linear_index(&literal.shape, &index))
}

pub(super) fn load(_cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let buffer = operands.first().ok_or("loop.load needs a buffer")?.buffer()?;
    let loaded = buffer.with(|literal| -> EvalResult<Literal> {
        let at = position(literal, &operands[1..])?;
        Ok(Literal::scalar(literal.element, literal.get(at)))
    })?;
    Ok(vec![loaded?.into()])
}

pub(super) fn store(_cx: &mut OpCx, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let value = tensor(operands, 0)?;
    let buffer = operands.get(1).ok_or("loop.store needs a buffer")?.buffer()?;
    let stored = buffer.with(|literal| -> EvalResult<()> {
        if value.element != literal.element || value.len() != 1 {
            return Err(EvalError::new(format!("cannot store {} into {}", value.shape_string(), literal.shape_string())));
        }
        let at = position(literal, &operands[2..])?;
        literal.elements.set(at, value.get(0));
        Ok(())
    })?;
    stored?;
    Ok(vec![])
}
