//! Runtime values: what an SSA value of the hlo dialect holds while a program runs.
//!
//! A value is a tensor ([`Literal`]), a tuple of values, or a token (ordering only, no
//! data). Values are immutable once computed; the interpreter shares them by `Rc`.

use xla_ir::{Context, Dim, Type, TypeData};

use crate::element::ElementType;
use crate::literal::Literal;

/// A runtime value.
#[derive(Clone, PartialEq, Debug)]
pub enum Value {
    Tensor(Literal),
    Tuple(Vec<Value>),
    Token,
}

impl Value {
    /// The tensor this value holds, or an error naming what it holds instead.
    pub fn tensor(&self) -> Result<&Literal, String> {
        match self {
            Value::Tensor(literal) => Ok(literal),
            other => Err(format!("expected a tensor, found {}", other.describe())),
        }
    }

    /// The elements of a tuple value.
    pub fn tuple(&self) -> Result<&[Value], String> {
        match self {
            Value::Tuple(elements) => Ok(elements),
            other => Err(format!("expected a tuple, found {}", other.describe())),
        }
    }

    /// XLA's spelling of the value's shape: `f32[2,3]`, `(s32[], f32[4])`, `token[]`.
    pub fn describe(&self) -> String {
        match self {
            Value::Tensor(literal) => literal.shape_string(),
            Value::Tuple(elements) => {
                let parts: Vec<String> = elements.iter().map(Value::describe).collect();
                format!("({})", parts.join(", "))
            }
            Value::Token => "token[]".into(),
        }
    }

    /// Whether the value fits type `ty`: equal element types, equal static dimensions,
    /// bounded dimensions within their bound, any size for unknown ones.
    pub fn conforms_to(&self, ctx: &Context, ty: Type) -> bool {
        match (self, ctx.type_data(ty)) {
            (Value::Tensor(literal), TypeData::Tensor(tensor)) => {
                ElementType::of(ctx, tensor.element) == Some(literal.element)
                    && tensor.dims.len() == literal.shape.len()
                    && tensor.dims.iter().zip(&literal.shape).all(|(dim, &size)| match dim {
                        Dim::Static(n) => *n == size,
                        Dim::Bounded(bound) => size <= *bound,
                        Dim::Unknown => true,
                    })
            }
            (Value::Tensor(literal), TypeData::UnrankedTensor(element)) => {
                ElementType::of(ctx, *element) == Some(literal.element)
            }
            (Value::Tuple(values), TypeData::Tuple(types)) => {
                values.len() == types.len() && values.iter().zip(types).all(|(v, t)| v.conforms_to(ctx, *t))
            }
            (Value::Token, TypeData::Opaque { .. }) => xla_dialects::hlo::is_token(ctx, ty),
            _ => false,
        }
    }
}

impl From<Literal> for Value {
    fn from(literal: Literal) -> Value {
        Value::Tensor(literal)
    }
}
