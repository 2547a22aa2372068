//! How XLA's HLO text spells the opcodes of hlo ops, shared by the reader
//! ([`crate::hlo_text`]) and the writer ([`crate::hlo_writer`]) so that the two agree.
//!
//! The rule, generated from the dialect's declarations: an op's opcode is its short name
//! with `-` for `_` (`hlo.exponential_minus_one` is `exponential-minus-one`), since the
//! dialect names its ops after XLA's. [`SPELLED_OTHERWISE`] lists the ops XLA spells
//! differently.
//!
//! The opcodes that are not the spelling of one hlo op (asynchronous halves, forwarded
//! values, `rng` with its distribution, `topk`) are the closed [`SpecialOpcode`], spelled by
//! its own exhaustive `match`.
//!
//! Invariant: [`kind_of_opcode`] inverts [`opcode_of`] for every kind, and no special
//! opcode is the spelling of a kind. Whether XLA has an
//! opcode for a kind at all (it has none for `hlo.dot_general`, whose instructions are
//! `dot`s, or `hlo.return`) is decided by the exhaustive matches of the reader and the
//! writer, not here: the rule's spelling of such a kind is simply never accepted or written.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use xla_dialects::hlo::HloOpKind;

/// The ops whose HLO opcode is not the rule's spelling of their name.
pub const SPELLED_OTHERWISE: [(HloOpKind, &str); 4] = [
    (HloOpKind::ConvertElementType, "convert"),
    (HloOpKind::BitcastConvertType, "bitcast-convert"),
    (HloOpKind::Rev, "reverse"),
    (HloOpKind::OptimizationBarrier, "opt-barrier"),
];

/// The HLO opcode of `kind`: its entry in [`SPELLED_OTHERWISE`], else its short name with
/// `-` for `_`.
pub fn opcode_of(kind: HloOpKind) -> Cow<'static, str> {
    match SPELLED_OTHERWISE.iter().find(|(other, _)| *other == kind) {
        Some((_, opcode)) => Cow::Borrowed(opcode),
        None => Cow::Owned(kind.short_name().replace('_', "-")),
    }
}

/// The kind whose [`opcode_of`] is `opcode`, from a table built once from every kind.
pub fn kind_of_opcode(opcode: &str) -> Option<HloOpKind> {
    static TABLE: OnceLock<HashMap<String, HloOpKind>> = OnceLock::new();
    let table = TABLE.get_or_init(|| HloOpKind::ALL.iter().map(|kind| (opcode_of(*kind).into_owned(), *kind)).collect());
    table.get(opcode).copied()
}

/// The HLO opcodes that are not the spelling of one hlo op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SpecialOpcode {
    /// `topk`: a sort of the values with their indices, then slices.
    TopK,
    /// `rng`: `hlo.rng_uniform` or `hlo.rng_normal`, by its `distribution`.
    Rng,
    /// `domain`: its operand, forwarded.
    Domain,
    /// `add-dependency`: its first operand, forwarded.
    AddDependency,
    /// `async-start`: the computation it wraps, done at once.
    AsyncStart,
    /// `async-update`: its operand, forwarded.
    AsyncUpdate,
    /// `async-done`: the result its start computed.
    AsyncDone,
    /// `copy-start`: a copy, done at once.
    CopyStart,
    /// `copy-done`: the copy its start made.
    CopyDone,
    /// `send-done`: the token of the `send` it completes.
    SendDone,
    /// `recv-done`: the data and token of the `recv` it completes.
    RecvDone,
    /// `all-reduce-start`: an all-reduce, done at once.
    AllReduceStart,
    /// `all-reduce-done`: the result of its start.
    AllReduceDone,
    /// `all-gather-start`: an all-gather, done at once.
    AllGatherStart,
    /// `all-gather-done`: the result of its start.
    AllGatherDone,
    /// `collective-permute-start`: a collective permute, done at once.
    CollectivePermuteStart,
    /// `collective-permute-done`: the result of its start.
    CollectivePermuteDone,
}

impl SpecialOpcode {
    /// Every special opcode.
    pub const ALL: [SpecialOpcode; 17] = [
        SpecialOpcode::TopK,
        SpecialOpcode::Rng,
        SpecialOpcode::Domain,
        SpecialOpcode::AddDependency,
        SpecialOpcode::AsyncStart,
        SpecialOpcode::AsyncUpdate,
        SpecialOpcode::AsyncDone,
        SpecialOpcode::CopyStart,
        SpecialOpcode::CopyDone,
        SpecialOpcode::SendDone,
        SpecialOpcode::RecvDone,
        SpecialOpcode::AllReduceStart,
        SpecialOpcode::AllReduceDone,
        SpecialOpcode::AllGatherStart,
        SpecialOpcode::AllGatherDone,
        SpecialOpcode::CollectivePermuteStart,
        SpecialOpcode::CollectivePermuteDone,
    ];

    /// How XLA spells it.
    pub fn opcode(self) -> &'static str {
        match self {
            SpecialOpcode::TopK => "topk",
            SpecialOpcode::Rng => "rng",
            SpecialOpcode::Domain => "domain",
            SpecialOpcode::AddDependency => "add-dependency",
            SpecialOpcode::AsyncStart => "async-start",
            SpecialOpcode::AsyncUpdate => "async-update",
            SpecialOpcode::AsyncDone => "async-done",
            SpecialOpcode::CopyStart => "copy-start",
            SpecialOpcode::CopyDone => "copy-done",
            SpecialOpcode::SendDone => "send-done",
            SpecialOpcode::RecvDone => "recv-done",
            SpecialOpcode::AllReduceStart => "all-reduce-start",
            SpecialOpcode::AllReduceDone => "all-reduce-done",
            SpecialOpcode::AllGatherStart => "all-gather-start",
            SpecialOpcode::AllGatherDone => "all-gather-done",
            SpecialOpcode::CollectivePermuteStart => "collective-permute-start",
            SpecialOpcode::CollectivePermuteDone => "collective-permute-done",
        }
    }

    /// The special opcode spelled `opcode`.
    pub fn from_opcode(opcode: &str) -> Option<SpecialOpcode> {
        SpecialOpcode::ALL.iter().copied().find(|special| special.opcode() == opcode)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opcode_names_one_kind() {
        for kind in HloOpKind::ALL {
            assert_eq!(kind_of_opcode(&opcode_of(*kind)), Some(*kind), "{}", kind.name());
        }
    }

    #[test]
    fn special_opcodes_round_trip_and_are_no_kinds_opcode() {
        for special in SpecialOpcode::ALL {
            assert_eq!(SpecialOpcode::from_opcode(special.opcode()), Some(special));
            assert_eq!(kind_of_opcode(special.opcode()), None, "'{}' is also an op's opcode", special.opcode());
        }
    }

    #[test]
    fn the_exceptions_replace_the_rule() {
        assert_eq!(opcode_of(HloOpKind::ExponentialMinusOne), "exponential-minus-one");
        assert_eq!(opcode_of(HloOpKind::ConvertElementType), "convert");
        assert_eq!(kind_of_opcode("convert-element-type"), None);
        assert_eq!(kind_of_opcode("reverse"), Some(HloOpKind::Rev));
        assert_eq!(kind_of_opcode("rev"), None);
    }
}
