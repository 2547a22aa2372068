//! The syntax tree of an HLO module, as the parser reads it and before anything is built.
//!
//! Reading the whole file first lets the builder see every computation before it builds
//! any (a region needs its computation's instructions, a call its callee's signature)
//! and emit instructions in dependency order whatever order the text has.
//!
//! Attribute values stay token ranges ([`Attr::value`]): their syntax depends on the
//! attribute and the opcode (`window={size=3x3 pad=1_1x1_1}`, `dim_labels=b01f_01io->b01f`,
//! `slice={[0:2]}`), so they are read by the code that knows what they mean, and attributes
//! nobody reads (`metadata`, `sharding`, `backend_config` of most ops) cost nothing.
//!
//! Invariant: every node records the byte offset it was read at, so anything built from it
//! can say where it came from.

use super::shape::Shape;

/// A whole `HloModule`.
#[derive(Debug)]
pub struct Module {
    pub name: String,
    pub name_offset: usize,
    /// The header's attributes (`entry_computation_layout`, `replica_count`, ...).
    pub attrs: Vec<Attr>,
    pub computations: Vec<Computation>,
}

/// One computation: `[ENTRY] name [(params) -> shape] { instructions }`.
#[derive(Debug)]
pub struct Computation {
    /// The name as written, without `%`; inline computations get a made-up one.
    pub name: String,
    pub offset: usize,
    pub is_entry: bool,
    /// Whether the computation was written inline as an attribute value (`to_apply={...}`).
    pub is_inline: bool,
    /// The instructions in text order; nested instructions come before their users.
    pub instructions: Vec<Instruction>,
    /// The index of the `ROOT` instruction (the last one when none is marked).
    pub root: usize,
}

/// One instruction: `[ROOT] name = [shape] opcode(operands), attr=value, ...`.
#[derive(Debug)]
pub struct Instruction {
    /// The name without `%`; nested instructions get a name no text can spell.
    pub name: String,
    pub offset: usize,
    /// The result shape; XLA lets it be left out where it can be inferred.
    pub shape: Option<Shape>,
    pub opcode: String,
    pub opcode_offset: usize,
    pub operands: Vec<Operand>,
    /// For `constant(...)` and `parameter(N)`: the token range between the parentheses.
    pub raw_operands: Option<(usize, usize)>,
    /// The offset of the opening parenthesis of the operand list.
    pub operands_offset: usize,
    pub attrs: Vec<Attr>,
}

/// A use of another instruction by name: `%x` or `f32[2]{0} %x`.
#[derive(Debug)]
pub struct Operand {
    pub name: String,
    pub offset: usize,
    pub shape: Option<Shape>,
}

/// One `name=value` attribute.
#[derive(Debug)]
pub struct Attr {
    pub name: String,
    pub offset: usize,
    /// The value's token range `start..end`.
    pub value: (usize, usize),
    /// The index of the computation written inline as this attribute's value.
    pub inline_computation: Option<usize>,
}

impl Instruction {
    /// The attribute `name`, if written.
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

impl Module {
    /// The header attribute `name`, if written.
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }
}
