//! The Body: the arena that holds a module's operations, values, blocks and regions.
//!
//! What an operation *is* ([`OpData`]: name, operands, results, attributes, regions,
//! successors, location) is kept apart from *where it sits*: each block's operations form a
//! doubly linked list kept in a side table ([`OpPosition`]), as Cranelift's `Layout` does, so
//! moving an operation never touches its data and inserting is O(1).
//!
//! Architecture Invariants:
//! - Use lists are exact: `value(v).uses` holds one entry per operand slot that names `v`, so
//!   replace-all-uses and "is this dead?" cost O(uses). Only the methods here edit operands.
//! - An erased operation keeps its slot but is unlinked, has no operands (its uses are
//!   dropped) and its regions are erased with it; ids are never reused.
//! - A block belongs to at most one region, a region to exactly one operation.

use cranelift_entity::{packed_option::PackedOption, PrimaryMap, SecondaryMap};

use crate::{Attribute, BlockId, Context, Location, NamedAttribute, OpId, RegionId, Symbol, Type, ValueId};

/// Everything an operation is, apart from its position.
#[derive(Clone, Debug)]
pub struct OpData {
    pub name: Symbol,
    pub operands: Vec<ValueId>,
    pub results: Vec<ValueId>,
    /// Sorted by name, names unique.
    pub attributes: Vec<NamedAttribute>,
    pub regions: Vec<RegionId>,
    pub successors: Vec<BlockId>,
    pub location: Location,
}

/// Where a value comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueDef {
    Result { op: OpId, index: u32 },
    BlockArg { block: BlockId, index: u32 },
}

/// One operand slot that names a value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Use {
    pub op: OpId,
    pub index: u32,
}

#[derive(Clone, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
    pub uses: Vec<Use>,
}

#[derive(Clone, Debug, Default)]
pub struct BlockData {
    pub args: Vec<ValueId>,
    pub region: PackedOption<RegionId>,
    first: PackedOption<OpId>,
    last: PackedOption<OpId>,
}

#[derive(Clone, Debug, Default)]
pub struct RegionData {
    pub blocks: Vec<BlockId>,
    pub parent: PackedOption<OpId>,
}

/// The position of an operation in its block's list.
#[derive(Copy, Clone, Debug, Default)]
pub struct OpPosition {
    pub block: PackedOption<BlockId>,
    prev: PackedOption<OpId>,
    next: PackedOption<OpId>,
}

/// What an operation will be, before it exists (MLIR's `OperationState`).
#[derive(Clone, Debug)]
pub struct OpState {
    pub name: Symbol,
    pub operands: Vec<ValueId>,
    pub result_types: Vec<Type>,
    pub attributes: Vec<NamedAttribute>,
    /// Regions to move into the operation; each is detached (has no parent yet).
    pub regions: Vec<RegionId>,
    pub successors: Vec<BlockId>,
    pub location: Location,
}

impl OpState {
    pub fn new(name: Symbol, location: Location) -> OpState {
        OpState {
            name,
            operands: Vec::new(),
            result_types: Vec::new(),
            attributes: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            location,
        }
    }

    /// Sets attribute `name`, replacing an earlier value.
    pub fn set_attr(&mut self, name: Symbol, value: Attribute) {
        match self.attributes.iter_mut().find(|a| a.name == name) {
            Some(a) => a.value = value,
            None => self.attributes.push(NamedAttribute { name, value }),
        }
    }

    pub fn attr(&self, name: Symbol) -> Option<Attribute> {
        self.attributes.iter().find(|a| a.name == name).map(|a| a.value)
    }
}

/// Where the next operation goes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    BlockEnd(BlockId),
    BlockStart(BlockId),
    Before(OpId),
    After(OpId),
}

/// The attribute holding a symbol's name (MLIR's `SymbolTable::getSymbolAttrName`).
pub const SYMBOL_NAME_ATTR: &str = "sym_name";

/// The arena; see the module documentation.
pub struct Body<'c> {
    ctx: &'c Context,
    ops: PrimaryMap<OpId, OpData>,
    values: PrimaryMap<ValueId, ValueData>,
    blocks: PrimaryMap<BlockId, BlockData>,
    regions: PrimaryMap<RegionId, RegionData>,
    positions: SecondaryMap<OpId, OpPosition>,
    erased: SecondaryMap<OpId, bool>,
}

impl<'c> Body<'c> {
    pub fn new(ctx: &'c Context) -> Body<'c> {
        Body {
            ctx,
            ops: PrimaryMap::new(),
            values: PrimaryMap::new(),
            blocks: PrimaryMap::new(),
            regions: PrimaryMap::new(),
            positions: SecondaryMap::new(),
            erased: SecondaryMap::new(),
        }
    }

    /// The Context this body's types and attributes live in.
    pub fn ctx(&self) -> &'c Context {
        self.ctx
    }

    // ---- Reading -------------------------------------------------------------------------

    pub fn op(&self, op: OpId) -> &OpData {
        &self.ops[op]
    }

    pub fn value(&self, v: ValueId) -> &ValueData {
        &self.values[v]
    }

    pub fn block(&self, b: BlockId) -> &BlockData {
        &self.blocks[b]
    }

    pub fn region(&self, r: RegionId) -> &RegionData {
        &self.regions[r]
    }

    pub fn is_erased(&self, op: OpId) -> bool {
        self.erased[op]
    }

    /// The name of `op` as a string.
    pub fn op_name(&self, op: OpId) -> &'c str {
        self.ctx.symbol_str(self.ops[op].name)
    }

    pub fn value_type(&self, v: ValueId) -> Type {
        self.values[v].ty
    }

    pub fn operand(&self, op: OpId, i: usize) -> ValueId {
        self.ops[op].operands[i]
    }

    pub fn result(&self, op: OpId, i: usize) -> ValueId {
        self.ops[op].results[i]
    }

    /// The attribute `name` of `op`.
    pub fn attr(&self, op: OpId, name: &str) -> Option<Attribute> {
        let name = self.ctx.symbol(name);
        self.ops[op].attributes.iter().find(|a| a.name == name).map(|a| a.value)
    }

    /// The name `op` defines in the nearest symbol table, when it is a symbol: its
    /// `sym_name` string attribute, by MLIR's symbol convention (functions, modules).
    pub fn symbol_name(&self, op: OpId) -> Option<&'c str> {
        self.attr(op, SYMBOL_NAME_ATTR).and_then(|a| self.ctx.as_string(a))
    }

    /// The operation defining `v`, when `v` is a result.
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.values[v].def {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }

    /// The block an operation sits in.
    pub fn op_block(&self, op: OpId) -> Option<BlockId> {
        self.positions[op].block.expand()
    }

    /// The operation whose region holds the block `op` sits in.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let block = self.op_block(op)?;
        self.block_parent_op(block)
    }

    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        let region = self.blocks[block].region.expand()?;
        self.regions[region].parent.expand()
    }

    /// The block holding `v`'s definition (the block of the defining op, or the block whose
    /// argument it is).
    pub fn value_block(&self, v: ValueId) -> Option<BlockId> {
        match self.values[v].def {
            ValueDef::Result { op, .. } => self.op_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
        }
    }

    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].first.expand()
    }

    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].last.expand()
    }

    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.positions[op].next.expand()
    }

    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.positions[op].prev.expand()
    }

    /// The operations of `block` in order.
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_, 'c> {
        BlockOps { body: self, next: self.first_op(block) }
    }

    /// The region's entry block.
    pub fn entry_block(&self, region: RegionId) -> Option<BlockId> {
        self.regions[region].blocks.first().copied()
    }

    /// Whether `ancestor` is `op` or contains it, at any depth.
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// Every operation ever created, erased or not, in creation order.
    pub fn all_op_ids(&self) -> impl Iterator<Item = OpId> + '_ {
        self.ops.keys()
    }

    // ---- Creating ------------------------------------------------------------------------

    /// Creates a detached operation from `state`; its regions become its own.
    pub fn create_op(&mut self, state: OpState) -> OpId {
        let mut attributes = state.attributes;
        attributes.sort_by(|a, b| self.ctx.symbol_str(a.name).cmp(self.ctx.symbol_str(b.name)));
        attributes.dedup_by_key(|a| a.name);
        let op = self.ops.push(OpData {
            name: state.name,
            operands: Vec::new(),
            results: Vec::new(),
            attributes,
            regions: state.regions.clone(),
            successors: state.successors,
            location: state.location,
        });
        for (index, ty) in state.result_types.into_iter().enumerate() {
            let v = self.values.push(ValueData { ty, def: ValueDef::Result { op, index: index as u32 }, uses: Vec::new() });
            self.ops[op].results.push(v);
        }
        for v in state.operands {
            self.push_operand(op, v);
        }
        for r in state.regions {
            self.regions[r].parent = op.into();
        }
        self.positions[op] = OpPosition::default();
        op
    }

    /// Creates a detached region (give it to an operation through [`OpState::regions`]).
    pub fn create_region(&mut self) -> RegionId {
        self.regions.push(RegionData::default())
    }

    /// Appends a new empty block to `region`.
    pub fn append_block(&mut self, region: RegionId) -> BlockId {
        let block = self.blocks.push(BlockData { region: region.into(), ..BlockData::default() });
        self.regions[region].blocks.push(block);
        block
    }

    /// Creates a block that belongs to no region yet.
    pub fn create_block(&mut self) -> BlockId {
        self.blocks.push(BlockData::default())
    }

    /// Appends a detached block to `region`.
    pub fn push_block(&mut self, region: RegionId, block: BlockId) {
        debug_assert!(self.blocks[block].region.is_none(), "the block is already in a region");
        self.blocks[block].region = region.into();
        self.regions[region].blocks.push(block);
    }

    pub fn add_block_arg(&mut self, block: BlockId, ty: Type) -> ValueId {
        let index = self.blocks[block].args.len() as u32;
        let v = self.values.push(ValueData { ty, def: ValueDef::BlockArg { block, index }, uses: Vec::new() });
        self.blocks[block].args.push(v);
        v
    }

    /// Links a detached operation in at `at`.
    pub fn insert_op(&mut self, op: OpId, at: InsertPoint) {
        debug_assert!(self.positions[op].block.is_none(), "the operation is already in a block");
        let (block, prev, next) = match at {
            InsertPoint::BlockEnd(b) => (b, self.blocks[b].last.expand(), None),
            InsertPoint::BlockStart(b) => (b, None, self.blocks[b].first.expand()),
            InsertPoint::Before(o) => {
                (self.positions[o].block.expand().expect("insert point in a block"), self.positions[o].prev.expand(), Some(o))
            }
            InsertPoint::After(o) => {
                (self.positions[o].block.expand().expect("insert point in a block"), Some(o), self.positions[o].next.expand())
            }
        };
        self.positions[op] = OpPosition { block: block.into(), prev: prev.into(), next: next.into() };
        match prev {
            Some(p) => self.positions[p].next = op.into(),
            None => self.blocks[block].first = op.into(),
        }
        match next {
            Some(n) => self.positions[n].prev = op.into(),
            None => self.blocks[block].last = op.into(),
        }
    }

    /// Unlinks `op` from its block, keeping it and its uses alive.
    pub fn detach_op(&mut self, op: OpId) {
        let pos = self.positions[op];
        let Some(block) = pos.block.expand() else { return };
        match pos.prev.expand() {
            Some(p) => self.positions[p].next = pos.next,
            None => self.blocks[block].first = pos.next,
        }
        match pos.next.expand() {
            Some(n) => self.positions[n].prev = pos.prev,
            None => self.blocks[block].last = pos.prev,
        }
        self.positions[op] = OpPosition::default();
    }

    /// Moves `op` to `at`.
    pub fn move_op(&mut self, op: OpId, at: InsertPoint) {
        self.detach_op(op);
        self.insert_op(op, at);
    }

    /// Erases `op` and everything in its regions. Its results must be unused.
    pub fn erase_op(&mut self, op: OpId) {
        debug_assert!(
            self.ops[op].results.iter().all(|r| self.values[*r].uses.is_empty()),
            "erasing {} whose results are still used",
            self.op_name(op)
        );
        for region in std::mem::take(&mut self.ops[op].regions) {
            self.erase_region_contents(region);
        }
        self.detach_op(op);
        self.set_operands(op, Vec::new());
        self.erased[op] = true;
    }

    /// Erases every operation of `region`, innermost uses first, and empties it.
    pub fn erase_region_contents(&mut self, region: RegionId) {
        let blocks = std::mem::take(&mut self.regions[region].blocks);
        // Drop all operands first so that no erase sees a use from a later operation.
        let mut ops = Vec::new();
        for &b in &blocks {
            ops.extend(self.block_ops(b));
        }
        for &op in &ops {
            self.set_operands(op, Vec::new());
        }
        for &op in ops.iter().rev() {
            for r in self.ops[op].results.clone() {
                self.values[r].uses.clear();
            }
            self.erase_op(op);
        }
        for b in blocks {
            self.blocks[b].region = None.into();
        }
    }

    // ---- Editing operands and uses -------------------------------------------------------

    fn push_operand(&mut self, op: OpId, v: ValueId) {
        let index = self.ops[op].operands.len() as u32;
        self.ops[op].operands.push(v);
        self.values[v].uses.push(Use { op, index });
    }

    fn drop_use(&mut self, v: ValueId, op: OpId, index: u32) {
        let uses = &mut self.values[v].uses;
        if let Some(i) = uses.iter().position(|u| u.op == op && u.index == index) {
            uses.swap_remove(i);
        }
    }

    /// Points operand `i` of `op` at `v`.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: ValueId) {
        let old = self.ops[op].operands[i];
        if old == v {
            return;
        }
        self.drop_use(old, op, i as u32);
        self.ops[op].operands[i] = v;
        self.values[v].uses.push(Use { op, index: i as u32 });
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: OpId, operands: Vec<ValueId>) {
        let old = std::mem::take(&mut self.ops[op].operands);
        for (i, v) in old.into_iter().enumerate() {
            self.drop_use(v, op, i as u32);
        }
        for v in operands {
            self.push_operand(op, v);
        }
    }

    /// Makes every use of `old` use `new` instead.
    pub fn replace_all_uses(&mut self, old: ValueId, new: ValueId) {
        if old == new {
            return;
        }
        let uses = std::mem::take(&mut self.values[old].uses);
        for u in &uses {
            self.ops[u.op].operands[u.index as usize] = new;
        }
        self.values[new].uses.extend(uses);
    }

    /// Replaces every result of `op` by `new` (one value per result) and erases `op`.
    pub fn replace_op(&mut self, op: OpId, new: &[ValueId]) {
        let results = self.ops[op].results.clone();
        debug_assert_eq!(results.len(), new.len(), "one replacement per result");
        for (old, new) in results.into_iter().zip(new) {
            self.replace_all_uses(old, *new);
        }
        self.erase_op(op);
    }

    /// Renames `op`, keeping its operands, results, regions, attributes and uses: an importer
    /// turns a foreign operation into its equivalent in place this way.
    pub fn set_op_name(&mut self, op: OpId, name: Symbol) {
        self.ops[op].name = name;
    }

    /// Sets or replaces attribute `name` of `op`.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attribute) {
        let name = self.ctx.symbol(name);
        let ctx = self.ctx;
        let attrs = &mut self.ops[op].attributes;
        match attrs.binary_search_by(|a| ctx.symbol_str(a.name).cmp(ctx.symbol_str(name))) {
            Ok(i) => attrs[i].value = value,
            Err(i) => attrs.insert(i, NamedAttribute { name, value }),
        }
    }

    /// Removes attribute `name` of `op`, returning its value.
    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<Attribute> {
        let name = self.ctx.symbol(name);
        let attrs = &mut self.ops[op].attributes;
        let i = attrs.iter().position(|a| a.name == name)?;
        Some(attrs.remove(i).value)
    }

    /// Sets the type of a value (used when a pass refines types in place).
    pub fn set_value_type(&mut self, v: ValueId, ty: Type) {
        self.values[v].ty = ty;
    }

    pub fn set_location(&mut self, op: OpId, location: Location) {
        self.ops[op].location = location;
    }

    /// Whether `v` has no uses.
    pub fn is_unused(&self, v: ValueId) -> bool {
        self.values[v].uses.is_empty()
    }
}

/// Iterates a block's operations; see [`Body::block_ops`].
pub struct BlockOps<'b, 'c> {
    body: &'b Body<'c>,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_, '_> {
    type Item = OpId;

    fn next(&mut self) -> Option<OpId> {
        let op = self.next?;
        self.next = self.body.next_op(op);
        Some(op)
    }
}
