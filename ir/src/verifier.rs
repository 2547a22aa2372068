//! The verifier: checks that IR is well formed before and after every pass.
//!
//! It checks, for every operation nested in the verified one:
//! - registered operations: their declared constraints, own verifier and inferred result
//!   types ([`verify_declared`]); ops of a registered dialect must be registered;
//! - terminators: a `Terminator` op is the last in its block, and every block of a region
//!   whose registered parent lacks `NoTerminator` ends with one; `SingleBlock` regions have at
//!   most one block; successors name blocks of the same region;
//! - successor operands: an operation that declares `successor_operand_counts` passes each
//!   successor as many values as its block has arguments, of the same types
//!   ([`crate::successors`]);
//! - SSA dominance: an operand is defined in the same region before its use, in a dominating
//!   block, or in an enclosing region, and never across an `IsolatedFromAbove` boundary
//!   (uses in blocks unreachable from their region's entry are not checked, as in MLIR);
//! - symbol tables: the `sym_name`s directly inside a `SymbolTable` op are unique;
//! - layouts: every tensor type a result or block argument has carries a layout that fits
//!   its shape (a permutation of the dimensions; padded sizes no smaller than the sizes);
//! - sizes: no tensor or memref type of a result or block argument is too large to exist
//!   (element count or byte size overflowing `i64`, [`crate::Context::check_type_size`]);
//!   the declared checks of an op with such a type are skipped, so no shape function sees
//!   one.
//!
//! All errors found are returned, in walk order.

use std::collections::HashMap;

use crate::dominance::DominanceInfo;
use crate::op_def::{verify_declared, OpRef, OpTrait};
use crate::{BlockId, Body, Diagnostic, OpId, RegionId, ValueDef, ValueId, WalkOrder};

/// Verifies `op` and everything nested in it.
pub fn verify(body: &Body, op: OpId) -> Result<(), Vec<Diagnostic>> {
    let mut verifier = Verifier { body, errors: Vec::new(), dominance: HashMap::new(), positions: HashMap::new() };
    let mut ops = vec![op];
    ops.extend(body.nested_ops(op, WalkOrder::PreOrder));
    for op in ops {
        verifier.verify_op(op);
    }
    if verifier.errors.is_empty() {
        Ok(())
    } else {
        Err(verifier.errors)
    }
}

struct Verifier<'b, 'c> {
    body: &'b Body<'c>,
    errors: Vec<Diagnostic>,
    dominance: HashMap<RegionId, DominanceInfo>,
    positions: HashMap<BlockId, HashMap<OpId, usize>>,
}

impl Verifier<'_, '_> {
    fn verify_op(&mut self, op: OpId) {
        let body = self.body;
        let ctx = body.ctx();
        let data = body.op(op);
        let op_ref = OpRef::new(body, op);
        let def = ctx.op_def(data.name);
        // An op whose types are too large to exist is not checked further: its shape
        // function and verifier may rely on every size fitting in `i64`.
        let sizes_fit = self.verify_type_sizes(op);
        match def {
            Some(_) if !sizes_fit => {}
            Some(def) => {
                if let Err(e) = verify_declared(op_ref, def) {
                    self.errors.push(e);
                }
            }
            None => {
                let name = body.op_name(op);
                if let Some((dialect, _)) = name.split_once('.') {
                    if ctx.dialect(dialect).is_some() {
                        self.errors.push(op_ref.error(format!(
                            "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
                        )));
                    }
                }
            }
        }
        self.verify_layouts(op);
        self.verify_operands(op);
        self.verify_placement(op, def);
        self.verify_regions(op, def);
    }

    /// Every tensor or memref type an operation defines (results, and arguments of its
    /// regions' blocks) is small enough to exist ([`crate::Context::check_type_size`]); errors
    /// are reported where the type is defined. Returns whether the op's operands and results
    /// all fit.
    fn verify_type_sizes(&mut self, op: OpId) -> bool {
        let body = self.body;
        let ctx = body.ctx();
        let data = body.op(op);
        let mut fits = true;
        for (what, value) in defined_values(body, op) {
            if let Err(message) = ctx.check_type_size(body.value_type(value)) {
                self.errors.push(OpRef::new(body, op).error(format!("{what}: {message}")));
                fits = false;
            }
        }
        fits && data.operands.iter().all(|v| ctx.check_type_size(body.value_type(*v)).is_ok())
    }

    /// Every tensor type an operation defines (results, and arguments of its regions'
    /// blocks) carries a layout that fits its shape.
    fn verify_layouts(&mut self, op: OpId) {
        let body = self.body;
        let ctx = body.ctx();
        for (what, value) in defined_values(body, op) {
            let ty = body.value_type(value);
            let Some(tensor) = ctx.as_tensor(ty).or_else(|| ctx.as_memref(ty)) else { continue };
            if let Some(layout) = &tensor.layout {
                if let Err(message) = layout.validate(&tensor.dims) {
                    self.errors.push(OpRef::new(body, op).error(format!("{what} of type {}: {message}", ctx.type_to_string(ty))));
                }
            }
        }
    }

    /// A terminator must end its block; successors must be blocks of the same region and
    /// receive values that fit their arguments.
    fn verify_placement(&mut self, op: OpId, def: Option<&crate::OpDef>) {
        let body = self.body;
        let is_terminator = def.is_some_and(|d| d.has_trait(OpTrait::Terminator));
        if is_terminator && body.op_block(op).is_some() && body.next_op(op).is_some() {
            self.errors.push(OpRef::new(body, op).error("must be the last operation in the parent block"));
        }
        let region = body.op_block(op).and_then(|b| body.block(b).region.expand());
        let mut same_region = true;
        for &s in &body.op(op).successors {
            if body.block(s).region.expand() != region {
                self.errors.push(OpRef::new(body, op).error("reference to block defined in another region"));
                same_region = false;
            }
        }
        if same_region {
            if let Err(e) = crate::successors::verify_successor_operands(OpRef::new(body, op)) {
                self.errors.push(e);
            }
        }
    }

    fn verify_regions(&mut self, op: OpId, def: Option<&crate::OpDef>) {
        let body = self.body;
        let Some(def) = def else { return };
        let needs_terminator = !def.has_trait(OpTrait::NoTerminator);
        for &region in &body.op(op).regions {
            let blocks = &body.region(region).blocks;
            if def.has_trait(OpTrait::SingleBlock) && blocks.len() > 1 {
                self.errors.push(OpRef::new(body, op).error(format!("expects a single block per region, found {}", blocks.len())));
            }
            if !needs_terminator {
                continue;
            }
            for &block in blocks {
                match body.last_op(block) {
                    None => self.errors.push(OpRef::new(body, op).error("empty block: expect at least a terminator")),
                    Some(last) => {
                        let last_def = body.ctx().op_def(body.op(last).name);
                        if last_def.is_some_and(|d| !d.has_trait(OpTrait::Terminator)) {
                            self.errors.push(OpRef::new(body, last).error(format!(
                                "block in '{}' must end with a terminator, found '{}'",
                                def.name,
                                body.op_name(last)
                            )));
                        }
                    }
                }
            }
        }
        if def.has_trait(OpTrait::SymbolTable) {
            self.verify_symbol_table(op);
        }
    }

    fn verify_symbol_table(&mut self, op: OpId) {
        let body = self.body;
        let mut seen: HashMap<&str, OpId> = HashMap::new();
        for &region in &body.op(op).regions {
            for &block in &body.region(region).blocks {
                for inner in body.block_ops(block) {
                    let Some(name) = body.symbol_name(inner) else { continue };
                    // Duplicates are reported against the first definition, which stays.
                    let first = *seen.entry(name).or_insert(inner);
                    if first != inner {
                        self.errors.push(
                            OpRef::new(body, inner)
                                .error(format!("redefinition of symbol named '{name}'"))
                                .with_note(body.op(first).location, "see existing symbol definition here"),
                        );
                    }
                }
            }
        }
    }

    /// Every operand must be visible at its use: see the module documentation.
    fn verify_operands(&mut self, op: OpId) {
        let body = self.body;
        for (i, &v) in body.op(op).operands.iter().enumerate() {
            let Some(def_block) = body.value_block(v) else {
                self.errors.push(OpRef::new(body, op).error(format!("operand #{i} is not defined in any block")));
                continue;
            };
            let def_region = body.block(def_block).region.expand();
            // Climb from the use to the operation that sits in the definition's region.
            let mut user = op;
            let mut crossed_isolation = None;
            let reached = loop {
                let Some(block) = body.op_block(user) else { break false };
                if body.block(block).region.expand() == def_region {
                    break true;
                }
                let Some(parent) = body.parent_op(user) else { break false };
                if crossed_isolation.is_none()
                    && body.ctx().op_def(body.op(parent).name).is_some_and(|d| d.has_trait(OpTrait::IsolatedFromAbove))
                {
                    crossed_isolation = Some(parent);
                }
                user = parent;
            };
            let def_loc = match body.value(v).def {
                ValueDef::Result { op: d, .. } => body.op(d).location,
                ValueDef::BlockArg { block, .. } => body.block_parent_op(block).map_or(body.op(op).location, |p| body.op(p).location),
            };
            if let (true, Some(isolated)) = (reached, crossed_isolation) {
                self.errors.push(
                    OpRef::new(body, op)
                        .error("using value defined outside the region")
                        .with_note(body.op(isolated).location, "required by region isolation constraints"),
                );
                continue;
            }
            if !reached || !self.dominates_use(v, def_block, user) {
                self.errors.push(
                    OpRef::new(body, op)
                        .error(format!("operand #{i} does not dominate this use"))
                        .with_note(def_loc, "operand defined here"),
                );
            }
        }
    }

    /// Whether `v`, defined in `def_block`, dominates operation `user` of the same region.
    fn dominates_use(&mut self, v: crate::ValueId, def_block: BlockId, user: OpId) -> bool {
        let body = self.body;
        let Some(use_block) = body.op_block(user) else { return false };
        let Some(region) = body.block(def_block).region.expand() else { return false };
        let dominance = self.dominance.entry(region).or_insert_with(|| DominanceInfo::compute(body, region));
        // Code in a block unreachable from the entry is not checked, as in MLIR.
        if !dominance.is_reachable(use_block) {
            return true;
        }
        if def_block != use_block {
            return dominance.dominates(def_block, use_block);
        }
        match body.value(v).def {
            ValueDef::BlockArg { .. } => true,
            ValueDef::Result { op: definer, .. } => {
                let positions = self
                    .positions
                    .entry(use_block)
                    .or_insert_with(|| body.block_ops(use_block).enumerate().map(|(i, o)| (o, i)).collect());
                positions[&definer] < positions[&user]
            }
        }
    }
}

/// The values `op` defines, each named for messages: its results, then the arguments of
/// its regions' blocks.
fn defined_values(body: &Body, op: OpId) -> Vec<(String, ValueId)> {
    let data = body.op(op);
    let results = data.results.iter().enumerate().map(|(i, v)| (format!("result #{i}"), *v));
    let args = data.regions.iter().flat_map(|r| body.region(*r).blocks.iter()).flat_map(|b| {
        body.block(*b).args.iter().enumerate().map(|(i, v)| (format!("block argument #{i}"), *v))
    });
    results.chain(args).collect()
}

