//! `hlo.iota`: XLA's `Iota`, a tensor counting from 0 along one dimension.
//!
//! Element `[i0, ..., in]` is `i[iota_dimension]` in the result's element type: for
//! integers the count (wrapping, as a conversion from a wide integer would), for floats the
//! count converted and rounded to the format (XLA defines a float iota as the conversion of
//! an integer one), for complex numbers the count with a zero imaginary part.

use std::rc::Rc;

use xla_dialects::hlo::{HloOpKind, IotaOp};
use xla_ir::Scalar;

use crate::element::ElementType;
use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::literal::{normalize, Literal};
use crate::ops::positions::dimension;
use crate::value::Value;

pub(super) fn iota(cx: &mut OpCx, op: IotaOp, _operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let shape = cx.result_shape(0).map_err(|e| format!("hlo.iota: {}", e.message))?;
    let element = cx.result_element(0)?;
    let axis = dimension(HloOpKind::Iota.name(), "iota_dimension", op.iota_dimension(cx.body()), shape.len())?;
    // Consecutive positions share an index along `axis` for `stride` elements.
    let stride = shape[axis + 1..].iter().product::<i64>().max(1) as usize;
    let size = shape[axis].max(1) as usize;
    let literal = Literal::from_fn(element, shape, |position| count(element, (position / stride % size) as i128));
    Ok(vec![literal.into()])
}

/// The count `i` as an element of `element`.
fn count(element: ElementType, i: i128) -> Scalar {
    let value = match element {
        ElementType::Pred | ElementType::Int { .. } => Scalar::Int(i),
        ElementType::Float(_) => Scalar::Float(i as f64),
        ElementType::Complex(_) => Scalar::Complex(i as f64, 0.0),
    };
    normalize(element, value)
}
