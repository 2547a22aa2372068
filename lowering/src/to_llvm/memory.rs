//! Buffers: `loop.load`, `loop.store`, `loop.alloc` and `loop.arena_buffer`.
//!
//! A buffer is a pointer to its first element. The element at a logical index is at the
//! linear offset `sum(index[d] * stride[d])`, where the strides come from the memref's
//! layout: dimensions ordered by `minor_to_major`, each stride the product of the
//! (padded, when the layout pads) sizes of the dimensions more minor (row-major without a
//! layout). The offset is `i64` arithmetic folded where indices are constants, and the
//! address a `getelementptr inbounds` of the element's storage type. Predicates and
//! integers narrower than a byte are stored one per byte: loads truncate (`!= 0` for a
//! predicate) and stores extend by the type's signedness. A complex number is loaded and
//! stored whole as the integer it is packed in (real part first in memory); `complex<f64>`
//! accesses are 8-byte aligned.
//!
//! `loop.alloc` calls `malloc` for the buffer's bytes (at least one, so that NULL always
//! means failure); NULL ends the function with status 2 (`XLA_RT_OUT_OF_MEMORY`) after
//! calling the runtime's [`OUT_OF_MEMORY_HOOK`] with the size, when the runtime is linked,
//! and freeing what is live. The buffer is freed with `free` when the region it was allocated
//! in ends ([`FnLowering::pop_scope`]).
//!
//! `loop.arena_buffer %arena[offset]` is the address `offset` bytes past the arena's
//! pointer (a `getelementptr inbounds` of `i8`, or the arena itself at offset 0): no call,
//! nothing to free, no way to fail, so nests using one may run on the thread pool. Since
//! every arena buffer is an offset into one pointer, LLVM could not tell two of them apart
//! as it tells two `malloc`s apart (and would keep a loop-invariant load of one inside a
//! loop storing to another, unvectorized); so loads and stores of an arena buffer carry
//! scoped alias metadata: the scope of the buffer's byte range, and as `noalias` the
//! scopes of every arena range of the function disjoint from it. That is true whatever the
//! live ranges (disjoint bytes never alias), so reuse and in-place buffers, which share
//! bytes, simply do not claim it of each other. The domain is the function's name.

use xla_dialects::llvm::{AddressOfOp, FuncOp as LlvmFuncOp, IcmpPredicate, Linkage, LlvmOpKind, ptr_type};
use xla_dialects::loops::{ArenaBufferOp, LoopOp};
use xla_ir::{Body, DenseElements, Diagnostic, FloatKind, Layout, Location, Op, OpId, OpState, TensorType, ValueId, WalkOrder};

use super::lowering::FnLowering;
use super::types::{unsupported_type, Scalar};

/// The attribute of an `llvm.load` or `llvm.store` naming the domain of its alias scopes.
pub const ALIAS_DOMAIN_ATTR: &str = "alias_domain";
/// The attribute of an `llvm.load` or `llvm.store` listing the alias scopes it is in
/// (LLVM's `!alias.scope`), by name.
pub const ALIAS_SCOPES_ATTR: &str = "alias_scopes";
/// The attribute of an `llvm.load` or `llvm.store` listing the alias scopes it does not
/// alias (LLVM's `!noalias`), by name.
pub const NOALIAS_SCOPES_ATTR: &str = "noalias_scopes";

/// The status an allocation failure returns (`XLA_RT_OUT_OF_MEMORY`).
pub const OUT_OF_MEMORY: i32 = 2;

/// The runtime function an allocation failure calls with the bytes it asked for, so that
/// `xla_rt_last_error()` says why the entry failed: `void xla_rt_out_of_memory(int64_t)`,
/// declared `extern_weak` ([`out_of_memory_hook`]) and called only when linked, so that
/// objects without other runtime calls still link and load without the runtime.
pub const OUT_OF_MEMORY_HOOK: &str = "xla_rt_out_of_memory";

/// The `extern_weak` declaration of [`OUT_OF_MEMORY_HOOK`] that `functions` need, when one
/// of them takes its address; detached, at `loc`.
pub fn out_of_memory_hook(body: &mut Body<'_>, functions: &[OpId], loc: Location) -> Option<OpId> {
    let takes_address = |op: &OpId| {
        AddressOfOp::cast(body, *op).is_some_and(|address| address.function_name(body) == Some(OUT_OF_MEMORY_HOOK))
    };
    if !functions.iter().any(|f| body.nested_ops(*f, WalkOrder::PreOrder).iter().any(takes_address)) {
        return None;
    }
    let ctx = body.ctx();
    let mut state = OpState::new(ctx.symbol(<LlvmFuncOp as Op>::DEF.name), loc);
    state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(OUT_OF_MEMORY_HOOK));
    state.set_attr(ctx.symbol("function_type"), ctx.type_attr(ctx.function_type(vec![ctx.int_type(64)], vec![])));
    state.set_attr(ctx.symbol("linkage"), ctx.string_attr(Linkage::ExternWeak.name()));
    state.regions.push(body.create_region());
    Some(body.create_op(state))
}

/// Lowers `loop.load`.
pub fn load(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let operands = l.operands(op)?;
    let (buffer, indices) = operands.split_first().ok_or_else(|| l.error("loop.load needs a buffer"))?;
    let layout = l.buffer_layout(l.body.operand(op, 0))?;
    let addr = l.address(*buffer, indices, &layout);
    let mut attrs = l.access_alignment(layout.element);
    attrs.extend(l.alias_scopes(l.body.operand(op, 0)));
    let stored = l.value_op(LlvmOpKind::Load.name(), &[addr], layout.element.storage_type(l.ctx()), &attrs);
    let value = l.loaded_value(stored, layout.element);
    l.bind(l.body.result(op, 0), value);
    Ok(())
}

/// Lowers `loop.store`.
pub fn store(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let operands = l.operands(op)?;
    let [value, buffer, indices @ ..] = &operands[..] else { return Err(l.error("loop.store needs a value and a buffer")) };
    let layout = l.buffer_layout(l.body.operand(op, 1))?;
    let addr = l.address(*buffer, indices, &layout);
    let stored = l.stored_value(*value, layout.element);
    let mut attrs = l.access_alignment(layout.element);
    attrs.extend(l.alias_scopes(l.body.operand(op, 1)));
    l.emit(LlvmOpKind::Store.name(), &[stored, addr], None, &attrs);
    Ok(())
}

/// Lowers `loop.alloc`.
pub fn alloc(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let result = l.body.result(op, 0);
    let layout = l.buffer_layout(result)?;
    let bytes = layout.elements.checked_mul(layout.element.storage_bytes()).ok_or_else(|| l.error("lower-to-llvm: the buffer is too large"))?;
    let size = l.i64_const(bytes.max(1));
    let buffer = l.call_value("malloc", &[size], ptr_type(l.ctx()));
    let address = l.cast(LlvmOpKind::PtrToInt, buffer, l.ctx().int_type(64));
    let zero = l.i64_const(0);
    let failed = l.icmp(IcmpPredicate::Eq, address, zero);
    l.exit_if_out_of_memory(failed, size);
    l.track_allocation(buffer);
    l.bind(result, buffer);
    Ok(())
}

/// Lowers `loop.literal`: the address of a private `llvm.global_constant` of the module
/// holding the literal's bytes, as a buffer of the default layout stores its elements (the
/// literal's own encoding: each element in its storage width, little-endian, a complex
/// number's real part first). The global goes beside the function (with the functions this
/// one outlines), named after the function and the op.
pub fn literal(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let ctx = l.ctx();
    let result = l.body.result(op, 0);
    let attr = l.body.attr(op, "value").ok_or_else(|| l.error("loop.literal without a value"))?;
    let dense = ctx.as_dense(attr).ok_or_else(|| l.error("loop.literal whose value is not a literal"))?;
    let count = dense.len(ctx);
    let bytes = if dense.splat { dense.data.repeat(count) } else { dense.data.clone() };
    let byte_type = ctx.tensor_type(&[bytes.len() as i64], ctx.uint_type(8));
    let value = DenseElements::from_bytes(ctx, byte_type, bytes).map_err(|m| l.error(format!("loop.literal: {m}")))?;
    let name = format!("{}.literal.{op}", l.name);
    let mut state = OpState::new(ctx.symbol(LlvmOpKind::GlobalConstant.name()), l.loc);
    state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(&name));
    state.set_attr(ctx.symbol("value"), ctx.dense_attr(value));
    let global = l.body.create_op(state);
    l.outlined.push(global);
    let ptr = ptr_type(ctx);
    let address = l.value_op(LlvmOpKind::AddressOf.name(), &[], ptr, &[("function", ctx.symbol_ref_attr(vec![ctx.symbol(&name)]))]);
    l.bind(result, address);
    Ok(())
}

/// Lowers `loop.arena_buffer`: the arena's address plus the offset.
pub fn arena_buffer(l: &mut FnLowering, op: OpId) -> Result<(), Diagnostic> {
    let arena = l.value(l.body.operand(op, 0))?;
    let offset = ArenaBufferOp::from_id_unchecked(op).offset(l.body);
    let buffer = if offset == 0 {
        arena
    } else {
        let index = l.i64_const(offset);
        let byte = l.ctx().int_type(8);
        l.element_address(arena, index, byte)
    };
    l.bind(l.body.result(op, 0), buffer);
    Ok(())
}

/// The byte ranges `[offset, offset + size)` of the `loop.arena_buffer`s nested in `block`,
/// each once.
pub fn arena_ranges(body: &xla_ir::Body, block: xla_ir::BlockId) -> Vec<(u64, u64)> {
    let mut ranges: Vec<(u64, u64)> = body
        .block_ops(block)
        .flat_map(|op| std::iter::once(op).chain(body.nested_ops(op, xla_ir::WalkOrder::PreOrder)))
        .filter_map(|op| arena_range(body, op))
        .collect();
    ranges.sort_unstable();
    ranges.dedup();
    ranges
}

/// The byte range of the arena buffer `op` defines, when it is one.
pub(super) fn arena_range(body: &xla_ir::Body, op: OpId) -> Option<(u64, u64)> {
    let Some(LoopOp::ArenaBuffer(arena_buffer)) = LoopOp::of(body, op) else { return None };
    let offset = u64::try_from(arena_buffer.offset(body)).ok()?;
    let size = xla_dialects::loops::arena::buffer_bytes(body.ctx(), body.value_type(body.result(op, 0)))?;
    Some((offset, offset.checked_add(size.max(1))?))
}

/// The names of the alias scopes of the arena range `[start, end)` of function `name`.
fn scope_name(name: &str, (start, end): (u64, u64)) -> String {
    format!("{name}.arena[{start},{end})")
}

/// Where the elements of a buffer type are.
#[derive(Clone, Debug)]
pub struct BufferLayout {
    /// The element type.
    pub element: Scalar,
    /// The logical shape.
    pub shape: Vec<i64>,
    /// The stride of each dimension in elements.
    pub strides: Vec<i64>,
    /// The number of elements the buffer holds, padding included.
    pub elements: i64,
}

impl BufferLayout {
    /// Whether the elements are dense and row-major, so that a buffer's bytes are the
    /// row-major array's.
    pub fn is_row_major(&self) -> bool {
        let mut stride = 1i64;
        for (d, &size) in self.shape.iter().enumerate().rev() {
            if self.strides[d] != stride && size > 1 {
                return false;
            }
            stride = stride.saturating_mul(size);
        }
        stride == self.elements
    }

    /// The layout of `memref`, or why it has none (a dynamic shape, an element type the
    /// lowering does not handle, a size that overflows).
    pub fn of(ctx: &xla_ir::Context, memref: &TensorType) -> Result<BufferLayout, String> {
        let element = Scalar::of(ctx, memref.element).ok_or_else(|| unsupported_type(ctx, memref.element))?;
        let shape = memref.static_shape().ok_or("lower-to-llvm handles buffers of static shape only")?;
        let layout = memref.layout.clone().unwrap_or_else(|| Layout::row_major(shape.len()));
        let physical = layout.padded_dims.clone().unwrap_or_else(|| shape.clone());
        let mut strides = vec![0; shape.len()];
        let mut stride = 1i64;
        for &d in &layout.minor_to_major {
            let d = usize::try_from(d).ok().filter(|d| *d < shape.len()).ok_or("the buffer's layout is not a permutation")?;
            strides[d] = stride;
            stride = stride.checked_mul(physical[d]).ok_or("the buffer is too large")?;
        }
        Ok(BufferLayout { element, shape, strides, elements: stride })
    }
}

impl FnLowering<'_, '_> {
    /// The `alignment` of loads and stores of `element`: none (the type's ABI alignment)
    /// except for `complex<f64>`, an `i128` whose ABI alignment (16) is more than XLA and
    /// numpy promise for its elements (8).
    fn access_alignment(&self, element: Scalar) -> Vec<(&'static str, xla_ir::Attribute)> {
        match element {
            Scalar::Complex(FloatKind::F64) => vec![("alignment", self.ctx().int_attr(8, self.ctx().int_type(64)))],
            _ => Vec::new(),
        }
    }

    /// The alias-scope attributes of a load or store of the loop value `buffer`: when it is
    /// an arena buffer, its range's scope and, as `noalias`, those of the function's arena
    /// ranges disjoint from it; nothing otherwise.
    fn alias_scopes(&self, buffer: ValueId) -> Vec<(&'static str, xla_ir::Attribute)> {
        let Some(range) = self.body.defining_op(buffer).and_then(|op| arena_range(self.body, op)) else { return Vec::new() };
        let ctx = self.ctx();
        let disjoint: Vec<xla_ir::Attribute> =
            self.arena_ranges.iter().filter(|r| r.1 <= range.0 || range.1 <= r.0).map(|r| ctx.string_attr(&self.scope_name(*r))).collect();
        if disjoint.is_empty() {
            return Vec::new();
        }
        vec![
            (ALIAS_DOMAIN_ATTR, ctx.string_attr(&self.name)),
            (ALIAS_SCOPES_ATTR, ctx.array_attr(vec![ctx.string_attr(&self.scope_name(range))])),
            (NOALIAS_SCOPES_ATTR, ctx.array_attr(disjoint)),
        ]
    }

    /// The name of the alias scope of arena range `range`: by its bytes, or in an outlined
    /// nest by the order in which the nest captured it, so that the same kernel outlined
    /// from two layers (whose buffers lie at other offsets) reads the same.
    fn scope_name(&self, range: (u64, u64)) -> String {
        match self.scope_labels.iter().position(|r| *r == range) {
            Some(label) => format!("{}.captured[{label}]", self.name),
            None => scope_name(&self.name, range),
        }
    }

    /// The layout of the buffer the loop value `buffer` is.
    pub fn buffer_layout(&self, buffer: ValueId) -> Result<BufferLayout, Diagnostic> {
        let ctx = self.ctx();
        let ty = self.body.value_type(buffer);
        let memref = ctx.as_memref(ty).ok_or_else(|| self.error(format!("expected a buffer, found {}", ctx.type_to_string(ty))))?;
        BufferLayout::of(ctx, memref).map_err(|m| self.error(m))
    }

    /// The address of the element of `buffer` at the logical `indices`.
    fn address(&mut self, buffer: ValueId, indices: &[ValueId], layout: &BufferLayout) -> ValueId {
        let mut offset = None;
        for (&index, &stride) in indices.iter().zip(&layout.strides) {
            let term = self.mul_i64(index, stride);
            offset = Some(match offset {
                Some(sum) => self.add_i64(sum, term),
                None => term,
            });
        }
        match offset {
            Some(offset) if self.known_int(offset) != Some(0) => {
                let elem = layout.element.storage_type(self.ctx());
                self.element_address(buffer, offset, elem)
            }
            _ => buffer,
        }
    }

    /// `a * c` on `i64`, folded when `a` is a constant or `c` is 1.
    fn mul_i64(&mut self, a: ValueId, c: i64) -> ValueId {
        match self.known_int(a) {
            Some(x) => self.i64_const((x as i64).wrapping_mul(c)),
            None if c == 1 => a,
            None => {
                let c = self.i64_const(c);
                self.binary(LlvmOpKind::Mul, a, c)
            }
        }
    }

    /// `a + b` on `i64`, folded when either is the constant 0 or both are constants.
    fn add_i64(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match (self.known_int(a), self.known_int(b)) {
            (Some(x), Some(y)) => self.i64_const((x as i64).wrapping_add(y as i64)),
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ => self.binary(LlvmOpKind::Add, a, b),
        }
    }

    /// A loaded element as a value of `element`.
    fn loaded_value(&mut self, stored: ValueId, element: Scalar) -> ValueId {
        let ctx = self.ctx();
        match element {
            Scalar::Pred => {
                let zero = self.int_const(0, ctx.int_type(8));
                self.icmp(IcmpPredicate::Ne, stored, zero)
            }
            Scalar::Int { width, .. } if width < 8 => self.cast(LlvmOpKind::Trunc, stored, ctx.int_type(width)),
            // A minifloat narrower than a byte (`f6`, `f4`): its code in the low bits.
            Scalar::Float(_) if element.width() < 8 => self.cast(LlvmOpKind::Trunc, stored, ctx.int_type(element.width())),
            _ => stored,
        }
    }

    /// A value of `element` as it is stored.
    fn stored_value(&mut self, value: ValueId, element: Scalar) -> ValueId {
        let byte = self.ctx().int_type(8);
        match element {
            Scalar::Pred => self.cast(LlvmOpKind::ZExt, value, byte),
            Scalar::Int { width, signed: true } if width < 8 => self.cast(LlvmOpKind::SExt, value, byte),
            Scalar::Int { width, signed: false } if width < 8 => self.cast(LlvmOpKind::ZExt, value, byte),
            Scalar::Float(_) if element.width() < 8 => self.cast(LlvmOpKind::ZExt, value, byte),
            _ => value,
        }
    }
}
