//! Operation definitions: what the `#[op]` macro declares and the core reads.
//!
//! An [`OpDef`] is a static table: name, documentation, traits, declared operands, results,
//! attributes and regions with their constraints, and hooks (shape inference, extra
//! verification, folding, canonicalization patterns, custom assembly). The macro emits the
//! table and a typed view ([`Op`]); everything generic (checking declared constraints,
//! splitting variadic operands into groups, the declarative assembly format) is ordinary
//! code here, so an expansion stays small and readable.
//!
//! A [`DialectDef`] groups a dialect's operations and its constant materializer.

use std::ops::Range;

use crate::diagnostics::Diagnostic;
use crate::parser::OpParser;
use crate::printer::OpPrinter;
use crate::rewrite::RewritePattern;
use crate::{Attribute, Body, Builder, Context, Location, NamedAttribute, OpId, OpState, RegionId, Type, ValueId};

pub use crate::op_reference::op_reference_markdown;

/// Properties an operation declares; passes and the verifier read them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OpTrait {
    /// No side effects: removable when unused, mergeable by CSE.
    Pure,
    /// `op(a, b) == op(b, a)`.
    Commutative,
    /// `op(op(a, b), c) == op(a, op(b, c))` in exact arithmetic: a reduction by it may be
    /// computed in any grouping (lanes of a vector, then across them). Floating-point
    /// results then differ only by rounding, which XLA's reductions allow.
    Associative,
    /// Ends a block.
    Terminator,
    /// Returns control and values to the parent operation (`func.return`, `hlo.return`).
    ReturnLike,
    /// Its regions may not use values defined outside it.
    IsolatedFromAbove,
    /// Its single region holds symbols whose names must be unique (`builtin.module`).
    SymbolTable,
    /// Its blocks need no terminator.
    NoTerminator,
    /// Every region has at most one block.
    SingleBlock,
    /// Operands and results all have the same type.
    SameOperandsAndResultType,
    /// A binary elementwise op whose operands broadcast to the result shape by XLA's rules;
    /// its custom form prints one type when all types agree and the functional type
    /// otherwise, like `SameOperandsAndResultType`.
    Broadcasting,
    /// Elementwise on tensors: result element `i` depends only on operand elements `i`.
    Elementwise,
    /// Produces a constant from its `value` attribute.
    ConstantLike,
    /// Calls the function that its one flat symbol-reference attribute names in the
    /// nearest symbol table, with its operands as the arguments, and gives the function's
    /// results (`func.call`, `hlo.call`): what the inliner inlines.
    CallLike,
    /// Its tensor operands may have any layout: code generation reads them through
    /// strides, so layout assignment never copies an operand into another layout for it
    /// (transposes, reshapes, slices, reductions, dots, ...).
    ReadsAnyLayout,
    /// Its operands may have a padded layout (a minor dimension rounded up to whole
    /// vectors): it reads their elements through logical indices only, so padding is
    /// skipped, never read and never reinterpreted. Elementwise ops have it implicitly.
    PaddableOperands,
}

/// How many values an operand or result declaration stands for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arity {
    One,
    Optional,
    Variadic,
}

/// A named predicate on types, used for operands and results.
#[derive(Copy, Clone)]
pub struct TypeConstraint {
    /// What the constraint accepts, for messages: "tensor of floats".
    pub description: &'static str,
    pub check: fn(&Context, Type) -> bool,
}

/// A named predicate on attributes.
#[derive(Copy, Clone)]
pub struct AttrConstraint {
    pub description: &'static str,
    pub check: fn(&Context, Attribute) -> bool,
    /// How the attribute reads and prints where a declarative assembly format names it.
    pub short_form: ShortForm,
}

/// The spelling of an attribute inside a declarative assembly format, where its kind is
/// known and can be left out.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ShortForm {
    /// The full attribute syntax: `dense<1.0> : tensor<f32>`, `"text"`, `@symbol`.
    Full,
    /// An `array<i64: ...>` written as a bracketed list: `[0, 1]`.
    IntList,
    /// An array of `array<i64: ...>` written as nested lists: `[[0, 1], [2, 3]]`.
    NestedIntList,
    /// An enumerated string attribute written as a bare keyword: `GT` for `"GT"`.
    Keyword,
    /// An `i64` integer written without its type: `dim = 1 : tensor<...>` reads the `:` as
    /// the format's, not as the integer's type.
    Integer,
    /// An `f64` float written without its type, for the same reason.
    Float,
}

#[derive(Copy, Clone)]
pub struct ValueDef {
    pub name: &'static str,
    pub arity: Arity,
    pub constraint: TypeConstraint,
}

#[derive(Copy, Clone)]
pub struct AttrDef {
    pub name: &'static str,
    pub optional: bool,
    pub constraint: AttrConstraint,
}

#[derive(Copy, Clone)]
pub struct RegionDef {
    pub name: &'static str,
    /// A variadic region group takes every remaining region (the branches of
    /// `hlo.conditional`); only the last region declaration may be variadic.
    pub variadic: bool,
}

/// Computes result types from operand types and attributes (the op's shape function).
pub type InferFn = fn(&InferContext) -> Result<Vec<Type>, String>;
/// Checks what the declared constraints cannot express.
pub type VerifyFn = fn(OpRef) -> Result<(), Diagnostic>;
/// Prints the custom form after `%results = name`.
pub type PrintFn = fn(&mut OpPrinter, OpId);
/// Parses the custom form after the name into `state`.
pub type ParseFn = fn(&mut OpParser, &mut OpState) -> Result<(), Diagnostic>;
/// Folds an operation given the constant values of its operands: a value or constant per
/// result, or `None` when it does not fold.
pub type FoldFn = fn(OpRef, &[Option<Attribute>]) -> Option<Vec<FoldResult>>;

/// One result of folding.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FoldResult {
    Value(ValueId),
    Constant(Attribute),
}

/// The static description of an operation.
pub struct OpDef {
    pub name: &'static str,
    pub summary: &'static str,
    pub description: &'static str,
    pub traits: &'static [OpTrait],
    pub operands: &'static [ValueDef],
    pub results: &'static [ValueDef],
    pub attributes: &'static [AttrDef],
    pub regions: &'static [RegionDef],
    pub infer: Option<InferFn>,
    pub verify: Option<VerifyFn>,
    pub fold: Option<FoldFn>,
    pub patterns: &'static [&'static (dyn RewritePattern + Sync)],
    /// A declarative assembly format (see [`crate::format`]).
    pub format: Option<&'static str>,
    pub print: Option<PrintFn>,
    pub parse: Option<ParseFn>,
}

impl OpDef {
    pub fn has_trait(&self, t: OpTrait) -> bool {
        self.traits.contains(&t)
    }

    /// The dialect prefix of the name (`hlo` for `hlo.add`).
    pub fn dialect(&self) -> &'static str {
        self.name.split_once('.').map_or(self.name, |(d, _)| d)
    }

    /// Whether the operation prints in a custom form.
    pub fn has_custom_form(&self) -> bool {
        self.format.is_some() || self.print.is_some()
    }
}

/// Materializes a constant of `ty` holding `value` at the builder's cursor.
pub type MaterializeFn = fn(&mut Builder, Attribute, Type, Location) -> Option<ValueId>;

/// A dialect: its namespace, operations and hooks.
pub struct DialectDef {
    pub name: &'static str,
    pub summary: &'static str,
    pub ops: &'static [&'static OpDef],
    pub materialize_constant: Option<MaterializeFn>,
}

/// A typed view of one kind of operation: a `Copy` wrapper of its `OpId` with accessors,
/// generated by `#[op]`.
pub trait Op: Copy {
    const DEF: &'static OpDef;

    /// Wraps `id` without checking its name.
    fn from_id_unchecked(id: OpId) -> Self;

    fn id(self) -> OpId;

    /// The view of `id` when it is this kind of operation.
    fn cast(body: &Body, id: OpId) -> Option<Self> {
        (body.op_name(id) == Self::DEF.name).then(|| Self::from_id_unchecked(id))
    }
}

/// Splits `total` operands or results among `defs`: at most one variadic or optional group
/// takes the rest, or several variadic groups share it equally. `None` when `total` does
/// not fit the declaration.
pub fn value_segments(defs: &[ValueDef], total: usize) -> Option<Vec<Range<usize>>> {
    let fixed = defs.iter().filter(|d| d.arity == Arity::One).count();
    let flexible = defs.len() - fixed;
    let rest = total.checked_sub(fixed)?;
    if flexible == 0 && rest != 0 {
        return None;
    }
    let has_optional = defs.iter().any(|d| d.arity == Arity::Optional);
    let per_group = if flexible == 0 {
        0
    } else if flexible == 1 {
        rest
    } else if has_optional || rest % flexible != 0 {
        return None;
    } else {
        rest / flexible
    };
    if has_optional && per_group > 1 {
        return None;
    }
    let mut start = 0;
    Some(
        defs.iter()
            .map(|d| {
                let n = if d.arity == Arity::One { 1 } else { per_group };
                start += n;
                start - n..start
            })
            .collect(),
    )
}

/// A read-only handle on one operation with its body, for verifiers, folders and printers.
#[derive(Copy, Clone)]
pub struct OpRef<'b, 'c> {
    pub body: &'b Body<'c>,
    pub id: OpId,
}

impl<'b, 'c> OpRef<'b, 'c> {
    pub fn new(body: &'b Body<'c>, id: OpId) -> Self {
        OpRef { body, id }
    }

    pub fn ctx(&self) -> &'c Context {
        self.body.ctx()
    }

    pub fn name(&self) -> &'c str {
        self.body.op_name(self.id)
    }

    pub fn operands(&self) -> &'b [ValueId] {
        &self.body.op(self.id).operands
    }

    pub fn results(&self) -> &'b [ValueId] {
        &self.body.op(self.id).results
    }

    pub fn operand_types(&self) -> Vec<Type> {
        self.operands().iter().map(|v| self.body.value_type(*v)).collect()
    }

    pub fn result_types(&self) -> Vec<Type> {
        self.results().iter().map(|v| self.body.value_type(*v)).collect()
    }

    pub fn attributes(&self) -> &'b [NamedAttribute] {
        &self.body.op(self.id).attributes
    }

    pub fn attr(&self, name: &str) -> Option<Attribute> {
        self.body.attr(self.id, name)
    }

    pub fn regions(&self) -> &'b [RegionId] {
        &self.body.op(self.id).regions
    }

    pub fn location(&self) -> Location {
        self.body.op(self.id).location
    }

    pub fn def(&self) -> Option<&'static OpDef> {
        self.ctx().op_def(self.body.op(self.id).name)
    }

    /// An error at this operation's location, prefixed with its name as MLIR does:
    /// `'hlo.add' op operand #1 ...`.
    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.location(), format!("'{}' op {}", self.name(), message.into()))
    }
}

/// What a shape function sees: operand types, attributes and the number of regions
/// (TensorFlow's `InferenceContext`, for types).
pub struct InferContext<'a> {
    pub ctx: &'a Context,
    pub operand_types: &'a [Type],
    pub attributes: &'a [NamedAttribute],
}

impl InferContext<'_> {
    pub fn attr(&self, name: &str) -> Option<Attribute> {
        let name = self.ctx.symbol(name);
        self.attributes.iter().find(|a| a.name == name).map(|a| a.value)
    }

    /// The `array<i64: ...>` attribute `name`, or an error naming it.
    pub fn i64_array(&self, name: &str) -> Result<&[i64], String> {
        self.attr(name).and_then(|a| self.ctx.as_int_array(a)).ok_or_else(|| format!("requires attribute '{name}'"))
    }

    /// The tensor type of operand `i`, or an error.
    pub fn tensor(&self, i: usize) -> Result<&crate::TensorType, String> {
        let ty = *self.operand_types.get(i).ok_or_else(|| format!("missing operand #{i}"))?;
        self.ctx.as_tensor(ty).ok_or_else(|| format!("operand #{i} must be a tensor, found {}", self.ctx.type_to_string(ty)))
    }
}

/// Checks what `def` declares: operand and result counts and types, required attributes and
/// their kinds, region counts, then the op's own verifier and, when it infers its result
/// types, that the declared results agree with them.
pub fn verify_declared(op: OpRef, def: &OpDef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let check_values = |what: &str, defs: &[ValueDef], values: &[ValueId]| -> Result<(), Diagnostic> {
        let segments = value_segments(defs, values.len()).ok_or_else(|| {
            op.error(format!("expected {} {what}{}, found {}", describe_count(defs), plural(defs), values.len()))
        })?;
        for (d, range) in defs.iter().zip(segments) {
            for (k, v) in values[range].iter().enumerate() {
                let ty = op.body.value_type(*v);
                if !(d.constraint.check)(ctx, ty) {
                    let which = if d.arity == Arity::Variadic { format!(" #{k}") } else { String::new() };
                    return Err(op.error(format!(
                        "{what} '{}'{which} must be {}, found {}",
                        d.name,
                        d.constraint.description,
                        ctx.type_to_string(ty)
                    )));
                }
            }
        }
        Ok(())
    };
    check_values("operand", def.operands, op.operands())?;
    check_values("result", def.results, op.results())?;
    for a in def.attributes {
        match op.attr(a.name) {
            None if !a.optional => return Err(op.error(format!("requires attribute '{}'", a.name))),
            None => {}
            Some(value) if !(a.constraint.check)(ctx, value) => {
                return Err(op.error(format!(
                    "attribute '{}' must be {}, found {}",
                    a.name,
                    a.constraint.description,
                    ctx.attr_to_string(value)
                )));
            }
            Some(_) => {}
        }
    }
    let fixed_regions = def.regions.iter().filter(|r| !r.variadic).count();
    let variadic_regions = def.regions.iter().any(|r| r.variadic);
    if op.regions().len() < fixed_regions || (!variadic_regions && op.regions().len() != fixed_regions) {
        let at_least = if variadic_regions { "at least " } else { "" };
        return Err(op.error(format!("expected {at_least}{fixed_regions} region(s), found {}", op.regions().len())));
    }
    if let Some(verify) = def.verify {
        verify(op)?;
    }
    if let Some(infer) = def.infer {
        let operand_types = op.operand_types();
        let inferred = infer(&InferContext { ctx, operand_types: &operand_types, attributes: op.attributes() })
            .map_err(|message| op.error(message))?;
        let actual = op.result_types();
        if inferred.len() != actual.len() {
            return Err(op.error(format!("inferred {} result(s), but the op has {}", inferred.len(), actual.len())));
        }
        for (i, (inferred, actual)) in inferred.iter().zip(&actual).enumerate() {
            ctx.check_type_size(*inferred).map_err(|message| op.error(format!("shape inference gives result #{i} a type too large to exist: {message}")))?;
            if !crate::shape::compatible(ctx, *inferred, *actual) {
                return Err(op.error(format!(
                    "result #{i} has type {}, but shape inference gives {}",
                    ctx.type_to_string(*actual),
                    ctx.type_to_string(*inferred)
                )));
            }
        }
    }
    Ok(())
}

fn describe_count(defs: &[ValueDef]) -> String {
    let fixed = defs.iter().filter(|d| d.arity == Arity::One).count();
    let groups: Vec<&str> = defs.iter().filter(|d| d.arity == Arity::Variadic).map(|d| d.name).collect();
    if groups.len() > 1 {
        // Several variadic groups share the operands equally (`inputs`, `init_values`).
        let extra = if fixed > 0 { format!("{fixed} plus ") } else { String::new() };
        format!("{extra}equal-sized groups {} of", groups.join(" and "))
    } else if !groups.is_empty() {
        format!("at least {fixed}")
    } else if defs.iter().any(|d| d.arity == Arity::Optional) {
        // Optional groups are all present or all absent.
        let optional = defs.len() - fixed;
        format!("{fixed} or {}", fixed + optional)
    } else {
        format!("{fixed}")
    }
}

fn plural(defs: &[ValueDef]) -> &'static str {
    if defs.len() == 1 && defs[0].arity == Arity::One {
        ""
    } else {
        "s"
    }
}
