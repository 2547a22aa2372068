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
    /// The hoisted complex constants, by type and bits.
    pub(super) complex_constants: HashMap<(Type, u64), ValueId>,
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
        match name {
            "hlo.constant" => self.lower_constant(op),
            "hlo.tuple" => self.lower_tuple(op),
            "hlo.get_tuple_element" => self.lower_get_tuple_element(op),
            "hlo.optimization_barrier" => self.lower_forwarding(op),
            "hlo.while" => self.lower_while(op),
            "hlo.conditional" => self.lower_conditional(op),
            "hlo.call" | "func.call" => self.lower_call(op),
            "hlo.scatter" => self.lower_scatter(op),
            "hlo.select_and_scatter" => self.lower_select_and_scatter(op),
            "hlo.batch_norm_inference" => self.lower_batch_norm_inference(op),
            "hlo.batch_norm_training" => self.lower_batch_norm_training(op),
            "hlo.batch_norm_grad" => self.lower_batch_norm_grad(op),
            "hlo.rng_bit_generator" => self.lower_rng_bit_generator(op),
            "hlo.sort" => self.lower_sort(op),
            "hlo.cholesky" => self.lower_cholesky(op),
            "hlo.triangular_solve" => self.lower_triangular_solve(op),
            "hlo.fft" => self.lower_fft(op),
            "hlo.dot_general" | "hlo.dot" => self.lower_dot(op),
            "hlo.convolution" => self.lower_convolution(op),
            // Left unmaterialized: its consumer computes it (see `Lowering::element`).
            _ if self.fusible(op) => Ok(()),
            _ if self.has_elemental(op) => self.materialize_op(op),
            _ => Err(self.unsupported(op)),
        }
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
