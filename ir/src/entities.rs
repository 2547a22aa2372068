//! Typed entity references: the ids by which the IR names its operations, values, blocks
//! and regions.
//!
//! Every entity is a `u32` index into a `PrimaryMap` owned by a [`Body`](crate::Body).
//! Ids are `Copy`, hashable and totally ordered; they carry no lifetime, so analyses keep
//! their results in side tables (`SecondaryMap`) instead of borrowing the IR.
//!
//! Architecture Invariant: an id is only meaningful for the `Body` that created it. Erased
//! operations keep their slot (ids are never reused), so a stale `OpId` is detected by
//! [`Body::is_erased`](crate::Body::is_erased) rather than aliasing a new operation.

use cranelift_entity::entity_impl;

/// An operation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(u32);
entity_impl!(OpId, "op");

/// An SSA value: an operation result or a block argument.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(u32);
entity_impl!(ValueId, "v");

/// A basic block: a list of operations with typed arguments.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(u32);
entity_impl!(BlockId, "bb");

/// A region: an ordered list of blocks owned by an operation.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(u32);
entity_impl!(RegionId, "region");
