//! The state of lowering one function: where ops go, what each hlo value became, and the
//! dispatch of each hlo op to its family.
//!
//! An hlo value becomes a [`Lowered`]: a buffer, a scalar standing for every element (a
//! splat constant, a 0-d result, a reducer's argument), a tuple of those, or a token. Ops
//! are lowered in order, block by block; [`Lowering::lower_block`] lowers an hlo region's
//! block and gives back what its terminator returns.
//!
//! Invariant: a value is bound before any op that uses it is lowered (hlo blocks are in
//! dominance order), and every emitted op is placed where the values it uses dominate it:
//! constants at the top of the function, everything else at the end of the current block.

use std::collections::HashMap;

use xla_ir::{Attribute, BlockId, Body, Context, Diagnostic, Location, OpId, OpRef, Type, ValueDef, ValueId};

/// What an hlo value became.
#[derive(Clone, Debug, PartialEq)]
pub enum Lowered {
    /// A tensor held in a buffer (a `memref` value).
    Buffer(ValueId),
    /// A tensor every element of which is this scalar.
    Scalar(ValueId),
    /// A tuple, element by element.
    Tuple(Vec<Lowered>),
    /// A token: ordering only, no data.
    Token,
}

impl Lowered {
    /// The leaves of the value, in order (a tuple's flattened; tokens have none).
    pub fn leaves(&self) -> Vec<Lowered> {
        match self {
            Lowered::Tuple(elements) => elements.iter().flat_map(Lowered::leaves).collect(),
            Lowered::Token => Vec::new(),
            leaf => vec![leaf.clone()],
        }
    }
}

/// The state of lowering one function.
pub struct Lowering<'a, 'c> {
    /// The module's arena: the old hlo ops are read from it, the new loop ops built in it.
    pub body: &'a mut Body<'c>,
    /// The block new ops are appended to.
    pub block: BlockId,
    /// The location of new ops: the hlo op being lowered.
    pub loc: Location,
    /// The new function's entry block, where constants are hoisted.
    pub(super) entry: BlockId,
    /// The last constant hoisted; the next goes after it.
    pub(super) last_constant: Option<OpId>,
    /// The hoisted constants, by value.
    pub(super) constants: HashMap<Attribute, ValueId>,
    /// The hoisted complex constants, by type and the bits of their parts as `f64`.
    pub(super) complex_constants: HashMap<(Type, [u64; 2]), ValueId>,
    /// The value of each `index` constant, for folding index arithmetic.
    pub(super) known_indices: HashMap<ValueId, i64>,
    /// What each hlo value became.
    pub values: HashMap<ValueId, Lowered>,
    /// Buffers that hlo values must be computed into (a function's or a branch's results),
    /// taken by the first op that computes the value.
    pub destinations: HashMap<ValueId, ValueId>,
    /// Loads already emitted, by buffer and index, so that an element read twice is loaded
    /// once; a store to the buffer, or a call, forgets them.
    pub(super) loads: HashMap<(ValueId, Vec<ValueId>), ValueId>,
    /// The elements of unmaterialized ops already computed, by op and index, so that a
    /// producer that several consumers of one fusion read is computed once per index;
    /// forgotten with the loads (calls, regions) and valid only where they dominate.
    pub(super) elements: HashMap<(OpId, Vec<ValueId>), Vec<ValueId>>,
    /// How to lower.
    pub options: super::Options,
}

impl<'a, 'c> Lowering<'a, 'c> {
    /// A lowering emitting into `entry`, the new function's entry block.
    pub fn new(body: &'a mut Body<'c>, entry: BlockId, loc: Location) -> Self {
        Lowering {
            body,
            block: entry,
            loc,
            entry,
            last_constant: None,
            constants: HashMap::new(),
            complex_constants: HashMap::new(),
            known_indices: HashMap::new(),
            values: HashMap::new(),
            destinations: HashMap::new(),
            loads: HashMap::new(),
            elements: HashMap::new(),
            options: super::Options::default(),
        }
    }

    /// The context the body interns in.
    pub fn ctx(&self) -> &'c Context {
        self.body.ctx()
    }

    /// An error at the op being lowered.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.loc, message)
    }

    /// The error for an op this pass does not lower.
    pub fn unsupported(&self, op: OpId) -> Diagnostic {
        Diagnostic::error(self.body.op(op).location, format!("lower-to-loops does not handle '{}' yet", self.body.op_name(op)))
    }

    /// What hlo value `v` became.
    pub fn lowered(&self, v: ValueId) -> Result<Lowered, Diagnostic> {
        self.values.get(&v).cloned().ok_or_else(|| self.error("internal error: a value was used before it was lowered"))
    }

    /// Binds hlo value `v` to what it became.
    pub fn bind(&mut self, v: ValueId, lowered: Lowered) {
        self.values.insert(v, lowered);
    }

    /// The static shape and element type of the tensor type `ty`, or an error naming it.
    pub fn tensor_shape(&self, ty: Type) -> Result<(Vec<i64>, Type), Diagnostic> {
        let ctx = self.ctx();
        let tensor = ctx
            .as_tensor(ty)
            .ok_or_else(|| self.error(format!("lower-to-loops expected a tensor, found {}", ctx.type_to_string(ty))))?;
        let shape = tensor.static_shape().ok_or_else(|| {
            self.error(format!("lower-to-loops needs static shapes, found {}", ctx.type_to_string(ty)))
        })?;
        Ok((shape, tensor.element))
    }

    /// The static shape of hlo value `v`.
    pub fn shape_of(&self, v: ValueId) -> Result<Vec<i64>, Diagnostic> {
        self.tensor_shape(self.body.value_type(v)).map(|(shape, _)| shape)
    }

    /// The element type of hlo value `v`.
    pub fn element_type_of(&self, v: ValueId) -> Result<Type, Diagnostic> {
        self.tensor_shape(self.body.value_type(v)).map(|(_, element)| element)
    }

    /// The buffer type holding tensors of type `ty` (same shape, element type and layout).
    pub fn memref_type(&self, ty: Type) -> Result<Type, Diagnostic> {
        let ctx = self.ctx();
        self.tensor_shape(ty)?;
        let tensor = ctx.as_tensor(ty).cloned().ok_or_else(|| self.error("expected a tensor"))?;
        Ok(ctx.ty(xla_ir::TypeData::MemRef(tensor)))
    }

    /// Lowers the ops of `block` (of an hlo region or function) in order, up to its
    /// terminator, whose operands it returns.
    pub fn lower_block(&mut self, block: BlockId) -> Result<Vec<ValueId>, Diagnostic> {
        let ops: Vec<OpId> = self.body.block_ops(block).collect();
        for op in ops {
            let name = self.body.op_name(op);
            if matches!(name, "hlo.return" | "func.return") {
                return Ok(self.body.op(op).operands.clone());
            }
            self.loc = self.body.op(op).location;
            self.lower_op(op)?;
        }
        Err(self.error("internal error: a block without a terminator"))
    }

    /// Lowers one hlo op, binding its results.
    fn lower_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let name = self.body.op_name(op);
        if name == "hlo.bitcast" && self.bitcast_read_in_place(op)? {
            return Ok(());
        }
        match lowering_of(name) {
            Some(lower) => lower(self, op),
            None if self.has_elemental(op) => self.materialize_op(op),
            None => Err(self.unsupported(op)),
        }
    }

    /// Whether `hlo.bitcast` `op` needs no buffer of its own: its operand is in a buffer
    /// and it only feeds dots of its block that go through the runtime's gemm, which read
    /// the operand's bytes through the bitcast's layout (`Lowering::matrix_operand`) instead
    /// of a copy. Its result is then left unbound: a dot whose operand does not flatten
    /// into a strided matrix computes the bitcast's elements from the operand's buffer.
    fn bitcast_read_in_place(&self, op: OpId) -> super::emit::Emitted<bool> {
        let source = self.body.operand(op, 0);
        if !matches!(self.values.get(&source), Some(Lowered::Buffer(_))) || !self.options.runtime_kernels {
            return Ok(false);
        }
        let result = self.body.result(op, 0);
        let block = self.body.op_block(op);
        let uses = self.body.value(result).uses.clone();
        if uses.is_empty() {
            return Ok(false);
        }
        for u in uses {
            let is_dot = matches!(self.body.op_name(u.op), "hlo.dot" | "hlo.dot_general");
            if !is_dot || self.body.op_block(u.op) != block || !self.gemm_product_exists(u.op)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `v` is defined by an op directly in `block`.
    pub fn defined_in(&self, v: ValueId, block: BlockId) -> bool {
        match self.body.value(v).def {
            ValueDef::Result { op, .. } => self.body.op_block(op) == Some(block),
            ValueDef::BlockArg { .. } => false,
        }
    }

    /// A read-only view of `op`.
    pub fn op_ref(&self, op: OpId) -> OpRef<'_, 'c> {
        OpRef::new(self.body, op)
    }
}

/// How an op without an elemental generator is lowered.
type LowerFn<'a, 'c> = fn(&mut Lowering<'a, 'c>, OpId) -> Result<(), Diagnostic>;

/// The lowering of the ops lowered as a whole rather than element by element (the
/// others are the elemental ops, [`Lowering::has_elemental`]): the one table of them.
fn lowering_of<'a, 'c>(name: &str) -> Option<LowerFn<'a, 'c>> {
    let lower: LowerFn<'a, 'c> = match name {
        "hlo.constant" => Lowering::lower_constant,
        "hlo.tuple" => Lowering::lower_tuple,
        "hlo.get_tuple_element" => Lowering::lower_get_tuple_element,
        "hlo.optimization_barrier" => Lowering::lower_forwarding,
        "hlo.while" => Lowering::lower_while,
        "hlo.conditional" => Lowering::lower_conditional,
        "hlo.call" => Lowering::lower_call,
        "hlo.fusion" => Lowering::lower_fusion,
        "func.call" => Lowering::lower_call,
        "hlo.scatter" => Lowering::lower_scatter,
        "hlo.select_and_scatter" => Lowering::lower_select_and_scatter,
        "hlo.batch_norm_inference" => Lowering::lower_batch_norm_inference,
        "hlo.batch_norm_training" => Lowering::lower_batch_norm_training,
        "hlo.batch_norm_grad" => Lowering::lower_batch_norm_grad,
        "hlo.rng_bit_generator" => Lowering::lower_rng_bit_generator,
        "hlo.sort" => Lowering::lower_sort,
        "hlo.cholesky" => Lowering::lower_cholesky,
        "hlo.triangular_solve" => Lowering::lower_triangular_solve,
        "hlo.fft" => Lowering::lower_fft,
        "hlo.dot_general" | "hlo.dot" => Lowering::lower_dot,
        "hlo.convolution" => Lowering::lower_convolution,
        "hlo.after_all" => Lowering::lower_after_all,
        "hlo.infeed" => Lowering::lower_infeed,
        "hlo.outfeed" => Lowering::lower_outfeed,
        "hlo.send" => Lowering::lower_send,
        "hlo.recv" => Lowering::lower_recv,
        "hlo.rng_uniform" => Lowering::lower_rng_uniform,
        "hlo.rng_normal" => Lowering::lower_rng_normal,
        "hlo.replica_id" => Lowering::lower_replica_id,
        "hlo.all_reduce" => Lowering::lower_all_reduce,
        "hlo.all_gather" => Lowering::lower_all_gather,
        "hlo.reduce_scatter" => Lowering::lower_reduce_scatter,
        "hlo.all_to_all" => Lowering::lower_all_to_all,
        "hlo.collective_permute" => Lowering::lower_collective_permute,
        "hlo.custom_call" => Lowering::lower_custom_call,
        "hlo.get_dimension_size" => Lowering::lower_get_dimension_size,
        "check.expect_eq" | "check.expect_eq_const" | "check.expect_almost_eq" | "check.expect_almost_eq_const"
        | "check.expect_close" => Lowering::lower_check,
        _ => return None,
    };
    Some(lower)
}

/// Whether lower-to-loops lowers ops of `op`'s kind (some of them may still be errors for
/// their types, such as `f8` elements).
pub fn lowers_op(body: &Body, op: OpId) -> bool {
    lowering_of(body.op_name(op)).is_some() || super::elemental::has_elemental_op(body, op)
}
