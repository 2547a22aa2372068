//! Branches between the basic blocks of an `llvm.func`: `llvm.br` jumps, `llvm.cond_br`
//! jumps one of two ways on an `i1`. A branch passes values to the arguments of the block it
//! jumps to (they become phis in LLVM IR).
//!
//! Custom forms: `llvm.br ^bb1(%x : i64)`, `llvm.cond_br %p, ^bb1(%x : i64), ^bb2`. The
//! values passed are the branch's trailing operands, split among its successors by the
//! `successor_operand_counts` attribute ([`xla_ir::successors`]), which the custom forms
//! leave out; the core verifier checks them against the blocks' arguments.
//!
//! The back edge of a loop may carry a `loop_hint`, which becomes the loop's `!llvm.loop`
//! metadata: `llvm.br ^bb1(%i : i64) {loop_hint = "no_unroll"}`.

use xla_ir::constraints::{I64ArrayAttr, Variadic};
use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::successors::SUCCESSOR_OPERAND_COUNTS;
use xla_ir::{BlockId, Body, Builder, Diagnostic, Op, OpId, OpState, ValueId};
use xla_macros::op;

use super::types::{LlvmBool, LlvmType};

xla_ir::enum_attr! {
    /// How LLVM may transform the loop whose back edge is the branch (its `!llvm.loop`
    /// metadata): `no_unroll`, not unrolled (`llvm.loop.unroll.disable`, which also stops
    /// the vectorizer's interleaving); `vectorize_no_unroll`, vectorized and interleaved as
    /// LLVM chooses but not unrolled afterwards (`llvm.loop.vectorize.followup_all` holding
    /// `llvm.loop.unroll.disable`); `no_unroll_no_vectorize`, neither (with
    /// `llvm.loop.vectorize.enable` false).
    pub enum LoopHint: "a loop hint" {
        NoUnroll = "no_unroll",
        VectorizeNoUnroll = "vectorize_no_unroll",
        NoUnrollNoVectorize = "no_unroll_no_vectorize",
    }
}

/// Jumps to `dest`, passing `dest_operands` to its arguments (LLVM's unconditional `br`).
///
/// Example: `llvm.br ^bb1(%x : i64)`
#[op(name = "llvm.br", traits = [Terminator], verify = verify_br, print = print_br, parse = parse_br)]
pub struct BrOp {
    /// The values passed to the successor's arguments.
    #[operand]
    dest_operands: Variadic<LlvmType>,
    /// How many operands the successor receives: `[n]`.
    #[attr]
    successor_operand_counts: I64ArrayAttr,
    /// On a loop's back edge: how LLVM may transform the loop (LLVM's default when absent).
    #[attr]
    loop_hint: Option<LoopHint>,
}

/// Jumps to the first successor when `condition` is 1 and to the second otherwise, passing
/// each its operands (LLVM's conditional `br`).
///
/// Example: `llvm.cond_br %p, ^bb1(%x : i64), ^bb2`
#[op(name = "llvm.cond_br", traits = [Terminator], verify = verify_cond_br, print = print_cond_br, parse = parse_cond_br)]
pub struct CondBrOp {
    #[operand]
    condition: LlvmBool,
    /// The values passed to the successors' arguments, the true successor's first.
    #[operand]
    dest_operands: Variadic<LlvmType>,
    /// How many operands each successor receives: `[n_true, n_false]`.
    #[attr]
    successor_operand_counts: I64ArrayAttr,
}

impl BrOp {
    /// Creates `llvm.br` to `dest` passing `operands`, at the builder's cursor.
    pub fn build_to(b: &mut Builder, dest: BlockId, operands: &[ValueId]) -> BrOp {
        let mut state = b.state(Self::DEF.name);
        state.add_successor(b.ctx(), dest, operands);
        BrOp(b.create(state))
    }

    /// The block jumped to.
    pub fn dest(self, body: &Body) -> BlockId {
        body.op(self.0).successors[0]
    }
}

impl CondBrOp {
    /// Creates `llvm.cond_br` on `condition` to `true_dest` or `false_dest`, passing each
    /// its operands, at the builder's cursor.
    pub fn build_to(
        b: &mut Builder,
        condition: ValueId,
        (true_dest, true_operands): (BlockId, &[ValueId]),
        (false_dest, false_operands): (BlockId, &[ValueId]),
    ) -> CondBrOp {
        let mut state = b.state(Self::DEF.name);
        state.operands.push(condition);
        state.add_successor(b.ctx(), true_dest, true_operands);
        state.add_successor(b.ctx(), false_dest, false_operands);
        CondBrOp(b.create(state))
    }

    /// The block jumped to when the condition is 1.
    pub fn true_dest(self, body: &Body) -> BlockId {
        body.op(self.0).successors[0]
    }

    /// The block jumped to when the condition is 0.
    pub fn false_dest(self, body: &Body) -> BlockId {
        body.op(self.0).successors[1]
    }
}

/// Checks that a branch has `successors` successors and `own` operands of its own before
/// those it passes on.
fn verify_branch_shape(op: OpRef, successors: usize, own: usize) -> Result<(), Diagnostic> {
    let found = op.body.op(op.id).successors.len();
    if found != successors {
        return Err(op.error(format!("expects {successors} successor(s), found {found}")));
    }
    let passed: i64 = op.attr(SUCCESSOR_OPERAND_COUNTS).and_then(|a| op.ctx().as_int_array(a)).map_or(0, |c| c.iter().sum());
    if passed >= 0 && op.operands().len() as i64 - passed != own as i64 {
        return Err(op.error(format!(
            "expects {own} operand(s) besides the {passed} passed to successors, found {}",
            op.operands().len() as i64 - passed
        )));
    }
    Ok(())
}

fn verify_br(op: OpRef) -> Result<(), Diagnostic> {
    verify_branch_shape(op, 1, 0)
}

fn verify_cond_br(op: OpRef) -> Result<(), Diagnostic> {
    verify_branch_shape(op, 2, 1)
}

/// Prints ` ^bbN(%a : t), ...` for every successor, then the other attributes.
fn print_successors(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    for (i, &block) in body.op(op).successors.iter().enumerate() {
        p.print(if i == 0 { " " } else { ", " });
        p.print_successor_and_operands(block, body.successor_operands(op, i));
    }
    p.print_attr_dict(&body.op(op).attributes, &[SUCCESSOR_OPERAND_COUNTS]);
}

fn print_br(p: &mut OpPrinter, op: OpId) {
    print_successors(p, op)
}

fn print_cond_br(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    if let Some(&condition) = body.op(op).operands.first() {
        p.print(" ");
        p.print_operand(condition);
        p.print(",");
    }
    print_successors(p, op)
}

/// Parses `^bb(%a : t)` into the next successor of `state`.
fn parse_successor_into(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let (block, operands) = p.parse_successor_and_operands()?;
    state.add_successor(p.ctx(), block, &operands);
    Ok(())
}

fn parse_br(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_successor_into(p, state)?;
    parse_other_attrs(p, state)
}

fn parse_cond_br(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let condition = p.parse_operand()?;
    state.operands.push(p.resolve_operand(&condition, p.ctx().int_type(1))?);
    p.expect(TokenKind::Comma)?;
    parse_successor_into(p, state)?;
    p.expect(TokenKind::Comma)?;
    parse_successor_into(p, state)?;
    parse_other_attrs(p, state)
}

/// Parses the optional attribute dictionary after the successors; it may not restate the
/// operand counts, which the successors give.
fn parse_other_attrs(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let at = p.loc();
    let mut attrs = Vec::new();
    p.parse_optional_attr_dict(&mut attrs)?;
    for a in attrs {
        if state.attr(a.name).is_some() {
            let name = p.ctx().symbol_str(a.name);
            return Err(Diagnostic::error(at, format!("attribute '{name}' is given by the successors")));
        }
        state.attributes.push(a);
    }
    Ok(())
}
