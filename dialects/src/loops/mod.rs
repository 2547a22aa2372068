//! The `loop` dialect: buffers, loops and scalars, the level between `hlo` (tensors with
//! value semantics) and `llvm` (one op per LLVM instruction). docs/lowering.md is its
//! contract; `--lower-to-loops` produces it.
//!
//! - [`types`]: the type constraints of the dialect (`index`, `memref<...>`, scalars);
//! - [`alloc`]: `loop.alloc`, a temporary buffer;
//! - [`arena`]: `loop.arena_buffer`, a buffer at an offset in a function's temp arena;
//! - [`constant`]: `loop.constant`, a scalar constant;
//! - [`literal`]: `loop.literal`, a read-only buffer holding a literal;
//! - [`memory`]: `loop.load` and `loop.store`, the element at a logical index;
//! - [`for_op`]: `loop.for`, a sequential loop with loop-carried scalars;
//! - [`parallel`]: `loop.parallel`, a nest of independent iterations;
//! - [`while_op`]: `loop.while`, a loop whose condition region decides and forwards values;
//! - [`if_op`]: `loop.if`, a two-way conditional with results;
//! - [`terminators`]: `loop.yield` and `loop.condition`, which end those regions;
//! - [`arith`], [`math`], [`compare`], [`select`], [`convert`]: scalar computation, each
//!   with the semantics of the hlo op of the same name on one element;
//! - [`complex`]: `loop.real`, `loop.imag`, `loop.complex` and `loop.complex_abs`, complex
//!   scalars taken apart and built;
//! - [`call_runtime`]: `loop.call_runtime`, a call into `libxla_runtime`;
//! - [`forms`]: pieces of custom forms the ops share;
//! - [`regions`]: the checks of regions the region-holding ops share.
//!
//! Invariants: indices are logical (a layout is resolved once, by the llvm lowering), so a
//! load or store names one index per dimension of its buffer; every scalar op means what
//! the hlo op it is named after means on one element, so the reference interpreter defines
//! it; a `loop.parallel` body writes disjoint elements.

pub mod alloc;
pub mod arena;
pub mod arith;
pub mod call_runtime;
pub mod compare;
pub mod complex;
pub mod constant;
pub mod convert;
pub mod for_op;
pub mod forms;
pub mod if_op;
pub mod literal;
pub mod math;
pub mod memory;
pub mod parallel;
pub mod regions;
pub mod select;
pub mod terminators;
pub mod types;
pub mod while_op;

#[cfg(test)]
mod tests;

pub use alloc::AllocOp;
pub use arena::ArenaBufferOp;
pub use arith::{ArithKind, ArithOp};
pub use call_runtime::CallRuntimeOp;
pub use compare::CompareOp;
pub use complex::{ComplexAbsOp, ComplexOp, ImagOp, RealOp};
pub use constant::ConstantOp;
pub use convert::{BitcastOp, ConvertOp};
pub use for_op::ForOp;
pub use if_op::IfOp;
pub use literal::LiteralOp;
pub use math::{MathKind, MathOp};
pub use memory::{LoadOp, StoreOp};
pub use parallel::ParallelOp;
pub use select::SelectOp;
pub use terminators::{ConditionOp, YieldOp};
pub use types::{is_index, is_scalar, AnyMemRef, Index, Pred, ScalarType};
pub use while_op::WhileOp;


xla_ir::dialect! {
    /// Every op of the `loop` dialect, with its typed view: what the lowering to llvm matches on.
    pub enum LoopOp, kinds LoopOpKind;
    /// The `loop` dialect.
    pub static LOOP_DIALECT = "loop", "Buffers, loops and scalars: the level between hlo and llvm (docs/lowering.md).", materialize_constant: None;
    ops {
        Alloc(AllocOp),
        ArenaBuffer(ArenaBufferOp),
        Constant(ConstantOp),
        Literal(LiteralOp),
        Load(LoadOp),
        Store(StoreOp),
        For(ForOp),
        Parallel(ParallelOp),
        While(WhileOp),
        If(IfOp),
        Yield(YieldOp),
        Condition(ConditionOp),
        Arith(ArithOp),
        Math(MathOp),
        Compare(CompareOp),
        Select(SelectOp),
        Convert(ConvertOp),
        Bitcast(BitcastOp),
        Real(RealOp),
        Imag(ImagOp),
        Complex(ComplexOp),
        ComplexAbs(ComplexAbsOp),
        CallRuntime(CallRuntimeOp),
    }
}
