//! Where a layout comes from, and which wins when two disagree.
//!
//! Layout assignment weighs every candidate layout of a value by its source: a layout the
//! program's interface gives (the entry signature, its attributes, `xla-aotc`'s flags) wins
//! over one an operator prefers (a transpose's bitcast layout, a convolution's row-major
//! operands), which wins over the default major-to-minor layout. Equal priorities keep the
//! earlier candidate, so the outcome never depends on hashing.

use xla_ir::Layout;

/// The source of a layout, weakest first (`Ord` follows strength).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Priority {
    /// Nothing asked for a layout: major-to-minor.
    Default,
    /// An operator prefers it: the layout that makes a transpose a bitcast, or the one a
    /// kernel reads fastest.
    Operator,
    /// The program's interface gives it: the entry's parameters and results.
    Given,
}

/// A layout with the priority of its source.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Candidate {
    pub layout: Layout,
    pub priority: Priority,
}

impl Candidate {
    pub fn new(layout: Layout, priority: Priority) -> Candidate {
        Candidate { layout, priority }
    }

    /// The stronger of `self` and `other`; `self` on a tie.
    pub fn or_stronger(self, other: Option<&Candidate>) -> Candidate {
        match other {
            Some(o) if o.priority > self.priority => o.clone(),
            _ => self,
        }
    }
}

impl Candidate {
    /// `other` when it is at least as strong as `self`: a use's want beats an operand's
    /// layout of equal priority, because computing a result in the layout its use needs
    /// saves the copy after it, while reading an operand in another layout costs nothing
    /// extra (code generation reads through strides).
    pub fn or_at_least(self, other: Option<&Candidate>) -> Candidate {
        match other {
            Some(o) if o.priority >= self.priority => o.clone(),
            _ => self,
        }
    }
}

/// Keeps in `slot` the stronger of what it holds and `candidate` (the held one on a tie).
pub fn strengthen(slot: &mut Option<Candidate>, candidate: Candidate) {
    match slot {
        Some(held) if held.priority >= candidate.priority => {}
        _ => *slot = Some(candidate),
    }
}
