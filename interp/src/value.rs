//! Runtime values: what an SSA value of the hlo dialect holds while a program runs.
//!
//! A value is a tensor ([`Literal`]), a tuple of values, a token (ordering only, no data),
//! or a buffer of the loop dialect ([`Buffer`]). Tensors, tuples and tokens are immutable
//! once computed; the interpreter shares them by `Rc`. A buffer is the one mutable value:
//! `loop.store` writes it in place, and every value naming it sees the write. The loop
//! dialect's scalars (`f32`, `index`, ...) are 0-d tensors of their element type (`index`
//! is `s64`), so the hlo evaluators compute them unchanged.

use std::sync::{Arc, Mutex};

use xla_ir::{Context, Dim, Type, TypeData};

use crate::element::ElementType;
use crate::literal::Literal;

/// A runtime value.
#[derive(Clone, PartialEq, Debug)]
pub enum Value {
    Tensor(Literal),
    Tuple(Vec<Value>),
    Token,
    /// A `memref`: a mutable array shared by reference.
    Buffer(Buffer),
}

/// A buffer of the loop dialect: a literal that loads read and stores write in place,
/// shared by every value that names it (a clone names the same memory). It is `Send`, as
/// every value is, so that replicas can exchange values.
#[derive(Clone, Debug)]
pub struct Buffer(Arc<Mutex<Literal>>);

impl Buffer {
    /// A buffer holding `literal`.
    pub fn new(literal: Literal) -> Buffer {
        Buffer(Arc::new(Mutex::new(literal)))
    }

    /// Runs `f` on the buffer's literal.
    pub fn with<R>(&self, f: impl FnOnce(&mut Literal) -> R) -> Result<R, String> {
        let mut literal = self.0.lock().map_err(|_| "a buffer was poisoned by a panic")?;
        Ok(f(&mut literal))
    }

    /// A copy of the buffer's current contents.
    pub fn snapshot(&self) -> Result<Literal, String> {
        self.with(|literal| literal.clone())
    }

    /// Whether `self` and `other` name the same memory.
    pub fn same_memory(&self, other: &Buffer) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Buffers are equal when they name the same memory or hold equal contents.
impl PartialEq for Buffer {
    fn eq(&self, other: &Buffer) -> bool {
        self.same_memory(other) || matches!((self.snapshot(), other.snapshot()), (Ok(a), Ok(b)) if a == b)
    }
}

impl Value {
    /// The tensor this value holds, or an error naming what it holds instead.
    pub fn tensor(&self) -> Result<&Literal, String> {
        match self {
            Value::Tensor(literal) => Ok(literal),
            other => Err(format!("expected a tensor, found {}", other.describe())),
        }
    }

    /// The buffer this value holds, or an error naming what it holds instead.
    pub fn buffer(&self) -> Result<&Buffer, String> {
        match self {
            Value::Buffer(buffer) => Ok(buffer),
            other => Err(format!("expected a buffer, found {}", other.describe())),
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
            Value::Buffer(buffer) => match buffer.with(|literal| literal.shape_string()) {
                Ok(shape) => format!("buffer {shape}"),
                Err(message) => message,
            },
        }
    }

    /// Whether the value fits type `ty`: equal element types, equal static dimensions,
    /// bounded dimensions within their bound, any size for unknown ones; a scalar type
    /// (`f32`, `index`) takes a 0-d tensor of its element type, and a `memref` a buffer of
    /// its shape.
    pub fn conforms_to(&self, ctx: &Context, ty: Type) -> bool {
        match (self, ctx.type_data(ty)) {
            (Value::Tensor(literal), TypeData::Tensor(tensor)) => literal_fits(ctx, literal, tensor),
            (Value::Buffer(buffer), TypeData::MemRef(memref)) => {
                buffer.with(|literal| literal_fits(ctx, literal, memref)).unwrap_or(false)
            }
            (Value::Tensor(literal), TypeData::Integer { .. } | TypeData::Float(_) | TypeData::Index | TypeData::Complex(_)) => {
                literal.rank() == 0 && ElementType::of(ctx, ty) == Some(literal.element)
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

/// Whether `literal` has the element type and dimensions of `shape`.
fn literal_fits(ctx: &Context, literal: &Literal, shape: &xla_ir::TensorType) -> bool {
    ElementType::of(ctx, shape.element) == Some(literal.element)
        && shape.dims.len() == literal.shape.len()
        && shape.dims.iter().zip(&literal.shape).all(|(dim, &size)| match dim {
            Dim::Static(n) => *n == size,
            Dim::Bounded(bound) => size <= *bound,
            Dim::Unknown => true,
        })
}

impl From<Literal> for Value {
    fn from(literal: Literal) -> Value {
        Value::Tensor(literal)
    }
}
