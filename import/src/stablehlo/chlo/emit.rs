//! The small builder the chlo expansions are written with: it inserts hlo ops before the chlo
//! op being expanded, runs each op's shape function, and makes constants of a value's type
//! (broadcast 0-d constants), so an expansion reads like the formula it implements.
//!
//! Invariant: every method returns a diagnostic at the chlo op rather than panicking (an op
//! that cannot be built, a constant of a shape that is not static).

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Body, Builder, Context, Diagnostic, Dim, FloatKind, InsertPoint, OpId, OpState, Scalar, TensorType, Type, TypeData, ValueId};

/// Builds hlo ops before the chlo op `op`.
pub(crate) struct Emitter<'a, 'c> {
    pub(crate) b: Builder<'a, 'c>,
    pub(crate) op: OpId,
}

impl<'a, 'c> Emitter<'a, 'c> {
    pub(crate) fn new(body: &'a mut Body<'c>, op: OpId) -> Self {
        let location = body.op(op).location;
        let mut b = Builder::new(body, location);
        b.set_insert_point(InsertPoint::Before(op));
        Emitter { b, op }
    }

    pub(crate) fn ctx(&self) -> &'c Context {
        self.b.ctx()
    }

    pub(crate) fn ty(&self, v: ValueId) -> Type {
        self.b.body.value_type(v)
    }

    /// An error at the chlo op, prefixed with its name.
    pub(crate) fn error(&self, message: impl Into<String>) -> Diagnostic {
        super::super::legalize::op_error(self.b.body, self.op, message)
    }

    /// The tensor type of `v`.
    pub(crate) fn tensor(&self, v: ValueId) -> Result<TensorType, Diagnostic> {
        let ty = self.ty(v);
        self.ctx().as_tensor(ty).cloned().ok_or_else(|| self.error(format!("expects tensors, found {}", self.ctx().type_to_string(ty))))
    }

    /// `ty` with element type `element`.
    pub(crate) fn with_element(&self, ty: Type, element: Type) -> Type {
        match self.ctx().as_tensor(ty) {
            Some(t) => self.ctx().ty(TypeData::Tensor(TensorType { dims: t.dims.clone(), element, layout: None })),
            None => ty,
        }
    }

    /// Creates an op of `kind` with `operands` and `attrs`; its results come from its shape
    /// function when it has one, from `results` otherwise.
    pub(crate) fn create(
        &mut self,
        kind: HloOpKind,
        operands: &[ValueId],
        attrs: &[(&str, xla_ir::Attribute)],
        results: &[Type],
    ) -> Result<Vec<ValueId>, Diagnostic> {
        let ctx = self.ctx();
        let mut state: OpState = self.b.state(kind.name());
        state.operands = operands.to_vec();
        for (n, v) in attrs {
            state.set_attr(ctx.symbol(n), *v);
        }
        state.result_types = results.to_vec();
        let op = self.b.create_inferred(kind.def(), state)?;
        Ok(self.b.body.op(op).results.clone())
    }

    /// Creates a one-result op of `kind`.
    pub(crate) fn one(
        &mut self,
        kind: HloOpKind,
        operands: &[ValueId],
        attrs: &[(&str, xla_ir::Attribute)],
        result: Option<Type>,
    ) -> Result<ValueId, Diagnostic> {
        let results: Vec<Type> = result.into_iter().collect();
        let values = self.create(kind, operands, attrs, &results)?;
        values.first().copied().ok_or_else(|| self.error(format!("'{}' gave no result", kind.name())))
    }

    /// The elementwise op `kind` of `x`, of `x`'s type.
    pub(crate) fn unary(&mut self, kind: HloOpKind, x: ValueId) -> Result<ValueId, Diagnostic> {
        let ty = self.ty(x);
        self.one(kind, &[x], &[], Some(ty))
    }

    /// The elementwise op `kind` of `a` and `b`.
    pub(crate) fn binary(&mut self, kind: HloOpKind, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        self.one(kind, &[a, b], &[], None)
    }

    pub(crate) fn add(&mut self, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        self.binary(HloOpKind::Add, a, b)
    }

    pub(crate) fn sub(&mut self, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        self.binary(HloOpKind::Subtract, a, b)
    }

    pub(crate) fn mul(&mut self, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        self.binary(HloOpKind::Multiply, a, b)
    }

    pub(crate) fn div(&mut self, a: ValueId, b: ValueId) -> Result<ValueId, Diagnostic> {
        self.binary(HloOpKind::Divide, a, b)
    }

    /// `hlo.compare DIR, a, b (, TYPE)`.
    pub(crate) fn compare(&mut self, direction: &str, a: ValueId, b: ValueId, compare_type: Option<&str>) -> Result<ValueId, Diagnostic> {
        let ctx = self.ctx();
        let mut attrs = vec![("comparison_direction", ctx.string_attr(direction))];
        if let Some(t) = compare_type {
            attrs.push(("compare_type", ctx.string_attr(t)));
        }
        self.one(HloOpKind::Compare, &[a, b], &attrs, None)
    }

    pub(crate) fn select(&mut self, pred: ValueId, on_true: ValueId, on_false: ValueId) -> Result<ValueId, Diagnostic> {
        self.one(HloOpKind::Select, &[pred, on_true, on_false], &[], None)
    }

    /// `x` converted to element type `element`.
    pub(crate) fn convert(&mut self, x: ValueId, element: Type) -> Result<ValueId, Diagnostic> {
        let ty = self.with_element(self.ty(x), element);
        if ty == self.ty(x) {
            return Ok(x);
        }
        self.one(HloOpKind::ConvertElementType, &[x], &[], Some(ty))
    }

    /// A value of type `ty` (a tensor of static shape) with every element `value`: a 0-d
    /// constant, broadcast when `ty` has rank 1 or more, as XLA's HLO and JAX's StableHLO
    /// spell constants of a shape.
    pub(crate) fn splat(&mut self, value: Scalar, ty: Type) -> Result<ValueId, Diagnostic> {
        let ctx = self.ctx();
        let tensor = ctx.as_tensor(ty).filter(|t| t.dims.iter().all(|d| matches!(d, Dim::Static(_))));
        let Some(tensor) = tensor else {
            return Err(self.error(format!("can be expanded only for static shapes, found {}", ctx.type_to_string(ty))));
        };
        let scalar_type = ctx.tensor_type(&[], tensor.element);
        let dense = xla_ir::DenseElements::from_scalars(ctx, scalar_type, &[value]).map_err(|m| self.error(m))?;
        let scalar = self.one(HloOpKind::Constant, &[], &[("value", ctx.dense_attr(dense))], None)?;
        if tensor.dims.is_empty() {
            return Ok(scalar);
        }
        self.one(HloOpKind::BroadcastInDim, &[scalar], &[("broadcast_dimensions", ctx.i64_array_attr(&[]))], Some(ty))
    }

    /// A float constant of `like`'s type.
    pub(crate) fn float(&mut self, value: f64, like: ValueId) -> Result<ValueId, Diagnostic> {
        let ty = self.ty(like);
        self.splat(Scalar::Float(value), ty)
    }

    /// The float format of `v`'s elements.
    pub(crate) fn float_kind(&self, v: ValueId) -> Result<FloatKind, Diagnostic> {
        let t = self.tensor(v)?;
        match self.ctx().type_data(t.element) {
            TypeData::Float(k) => Ok(*k),
            _ => Err(self.error(format!("expects floats, found {}", self.ctx().type_to_string(self.ty(v))))),
        }
    }

    /// Runs `f` on `x` in `f32` when `x` holds `bf16`, converting the result back; other
    /// formats as they are. This is how XLA CPU computes the chlo expansions it does not
    /// upcast itself: each `f16` op rounds to `f16` (LLVM's `half` arithmetic), while a
    /// chain of `bf16` ops runs in `f32` (XLA normalizes `bf16` ops to `f32` and then
    /// removes the conversions between them).
    pub(crate) fn in_f32_for_bf16(
        &mut self,
        x: ValueId,
        f: impl FnOnce(&mut Self, ValueId) -> Result<ValueId, Diagnostic>,
    ) -> Result<ValueId, Diagnostic> {
        if self.float_kind(x)? == FloatKind::BF16 {
            self.in_f32_at_least(x, f)
        } else {
            f(self, x)
        }
    }

    /// Runs `f` on `x` in `f32` when `x` holds a narrower float (as XLA's chlo legalization
    /// upcasts special functions), converting the result back.
    pub(crate) fn in_f32_at_least(
        &mut self,
        x: ValueId,
        f: impl FnOnce(&mut Self, ValueId) -> Result<ValueId, Diagnostic>,
    ) -> Result<ValueId, Diagnostic> {
        let kind = self.float_kind(x)?;
        if matches!(kind, FloatKind::F32 | FloatKind::F64) {
            return f(self, x);
        }
        let original = self.tensor(x)?.element;
        let f32 = self.ctx().f32_type();
        let wide = self.convert(x, f32)?;
        let result = f(self, wide)?;
        self.convert(result, original)
    }
}

/// The largest finite value of a float format computed in (f32 or f64).
pub(crate) fn max_finite(kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F64 => f64::MAX,
        _ => f64::from(f32::MAX),
    }
}

/// The smallest positive normal value of a float format computed in (f32 or f64).
pub(crate) fn min_positive_normal(kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F64 => f64::MIN_POSITIVE,
        _ => f64::from(f32::MIN_POSITIVE),
    }
}

/// `value` rounded to a float format computed in (f32 or f64): XLA folds the constants of its
/// expansions in the operand's format, so a constant derived in several steps is rounded
/// after each.
pub(crate) fn round_to(kind: FloatKind, value: f64) -> f64 {
    match kind {
        FloatKind::F64 => value,
        _ => f64::from(value as f32),
    }
}

/// The number of significand bits (the implicit one included) of a float format computed in
/// (f32 or f64).
pub(crate) fn significand_bits(kind: FloatKind) -> i32 {
    match kind {
        FloatKind::F64 => 53,
        _ => 24,
    }
}
