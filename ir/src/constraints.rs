//! Constraint types: the Rust types an `#[op]` declaration names for its operands, results,
//! attributes and regions.
//!
//! A field of an op struct names what it accepts by type, as ODS names `AnyTensor` or
//! `I64ArrayAttr`:
//!
//! ```text
//! #[operand] lhs: FloatTensor,                 // exactly one value
//! #[operand] bias: Option<FloatTensor>,        // zero or one value
//! #[operand] inputs: Variadic<AnyTensor>,      // any number of values
//! #[attr] dimensions: I64ArrayAttr,            // a required attribute
//! #[attr] precision_config: Option<ArrayAttr>, // an optional attribute
//! #[region] body: Region,
//! ```
//!
//! - A [`TypeKind`] is a named predicate on types ([`TypeConstraint`]) with a description
//!   for messages ("tensor of floats").
//! - An [`AttrKind`] is a named predicate on attributes plus the Rust value a typed
//!   accessor returns and a typed builder takes (`&[i64]` for [`I64ArrayAttr`]).
//! - [`ValueKind`], [`AttrField`] and [`RegionKind`] turn a field's type, wrapped or not, into
//!   the [`ValueDef`], [`AttrDef`] or [`RegionDef`] of the op's static table; the macro calls
//!   [`value_def`], [`attr_def`] and [`region_def`] with the field's type as written, so an
//!   unknown constraint is a compile error at the user's token.
//!
//! Invariant: the marker types are uninhabited; they exist only to be named in declarations.
//! Every `AttrKind::get` accepts exactly the attributes its constraint's `check` accepts, and
//! `make` builds one that `get` reads back to the same value.

use std::marker::PhantomData;

use crate::dense::DenseElements;
use crate::op_def::{Arity, AttrConstraint, AttrDef, RegionDef, ShortForm, TypeConstraint, ValueDef};
use crate::{AttrData, Attribute, Context, NamedAttribute, Signedness, Symbol, Type, TypeData};

// ---- Type constraints ---------------------------------------------------------------------

/// A named predicate on types, named by an operand or result declaration.
pub trait TypeKind {
    const CONSTRAINT: TypeConstraint;
}

/// Declares an uninhabited marker type implementing [`TypeKind`] with `description` and the
/// predicate `check`.
macro_rules! type_kind {
    ($(#[$doc:meta])* $name:ident, $description:literal, $check:expr) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub enum $name {}

        impl TypeKind for $name {
            const CONSTRAINT: TypeConstraint = TypeConstraint { description: $description, check: $check };
        }
    };
}

type_kind!(
    /// Any type at all.
    AnyType,
    "any type",
    |_, _| true
);
type_kind!(
    /// A tensor of any element type, ranked or unranked.
    AnyTensor,
    "a tensor",
    |ctx, ty| ctx.tensor_element(ty).is_some()
);
type_kind!(
    /// A tensor of floating-point elements.
    FloatTensor,
    "a tensor of floats",
    |ctx, ty| tensor_element_is(ctx, ty, is_float_element)
);
type_kind!(
    /// A tensor of integers wider than one bit (signless, signed or unsigned).
    IntTensor,
    "a tensor of integers",
    |ctx, ty| tensor_element_is(ctx, ty, is_int_element)
);
type_kind!(
    /// A tensor of predicates (`i1`, XLA's `pred`).
    PredTensor,
    "a tensor of predicates (i1)",
    |ctx, ty| tensor_element_is(ctx, ty, is_pred_element)
);
type_kind!(
    /// A tensor of integers or predicates.
    IntOrPredTensor,
    "a tensor of integers or predicates",
    |ctx, ty| tensor_element_is(ctx, ty, |c, e| is_int_element(c, e) || is_pred_element(c, e))
);
type_kind!(
    /// A tensor of integers or floats (no predicates, no complex numbers).
    IntOrFloatTensor,
    "a tensor of integers or floats",
    |ctx, ty| tensor_element_is(ctx, ty, |c, e| is_int_element(c, e) || is_float_element(c, e))
);
type_kind!(
    /// A tensor of numbers: integers, predicates (which XLA's arithmetic accepts), floats or
    /// complex numbers.
    NumericTensor,
    "a tensor of numbers (integers, predicates, floats or complex)",
    |ctx, ty| tensor_element_is(ctx, ty, is_numeric_element)
);
type_kind!(
    /// A tensor of complex numbers.
    ComplexTensor,
    "a tensor of complex numbers",
    |ctx, ty| tensor_element_is(ctx, ty, |c, e| c.is_complex(e))
);
type_kind!(
    /// XLA's token, the opaque type `!hlo.token` that orders side effects.
    Token,
    "a token (!hlo.token)",
    is_token
);
type_kind!(
    /// A tuple of any element types.
    AnyTuple,
    "a tuple",
    |ctx, ty| matches!(ctx.type_data(ty), TypeData::Tuple(_))
);

/// Whether `ty` is a tensor whose element type satisfies `element`.
fn tensor_element_is(ctx: &Context, ty: Type, element: fn(&Context, Type) -> bool) -> bool {
    ctx.tensor_element(ty).is_some_and(|e| element(ctx, e))
}

fn is_float_element(ctx: &Context, ty: Type) -> bool {
    ctx.is_float(ty)
}

fn is_int_element(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Integer { width, .. } if *width > 1)
}

fn is_pred_element(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Integer { width: 1, signedness: Signedness::Signless })
}

fn is_numeric_element(ctx: &Context, ty: Type) -> bool {
    is_int_element(ctx, ty) || is_pred_element(ctx, ty) || ctx.is_float(ty) || ctx.is_complex(ty)
}

fn is_token(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_data(ty), TypeData::Opaque { dialect, body } if dialect == "hlo" && body == "token")
}

// ---- Attribute constraints ----------------------------------------------------------------

/// A named predicate on attributes and the Rust value typed accessors and builders use.
pub trait AttrKind {
    const CONSTRAINT: AttrConstraint;

    /// What a typed accessor returns, borrowing from the Context where it can.
    type Value<'c>;

    /// The value of `attr`, or `None` when it is not of this kind.
    fn get<'c>(ctx: &'c Context, attr: Attribute) -> Option<Self::Value<'c>>;

    /// Interns an attribute of this kind holding `value`.
    fn make(ctx: &Context, value: Self::Value<'_>) -> Attribute;
}

/// Declares an uninhabited marker type implementing [`AttrKind`]: its description, short
/// form, value type, reader and maker.
macro_rules! attr_kind {
    (
        $(#[$doc:meta])* $name:ident, $description:literal, $short_form:ident,
        type Value<$c:lifetime> = $value:ty;
        get($ctx:ident, $attr:ident) $get:block
        make($mctx:ident, $v:ident) $make:block
    ) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub enum $name {}

        impl AttrKind for $name {
            const CONSTRAINT: AttrConstraint = AttrConstraint {
                description: $description,
                check: |ctx, attr| <$name as AttrKind>::get(ctx, attr).is_some(),
                short_form: ShortForm::$short_form,
            };

            type Value<$c> = $value;

            fn get<$c>($ctx: &$c Context, $attr: Attribute) -> Option<Self::Value<$c>> $get

            fn make($mctx: &Context, $v: Self::Value<'_>) -> Attribute $make
        }
    };
}

attr_kind!(
    /// `array<i64: 1, 2>`, read as `&[i64]`; a declarative format writes it as `[1, 2]`.
    I64ArrayAttr, "an array of i64 (array<i64: ...>)", IntList,
    type Value<'c> = &'c [i64];
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::DenseIntArray { element, values } if *element == ctx.int_type(64) => Some(values.as_slice()),
            _ => None,
        }
    }
    make(ctx, v) { ctx.i64_array_attr(v) }
);

attr_kind!(
    /// An array of `array<i64: ...>`, read as one slice per entry; a declarative format writes
    /// it as nested lists: `[[0, 1], [2, 3]]` (padding pairs, replica groups, source-target
    /// pairs).
    I64ArrayListAttr, "a list of i64 arrays ([[...], ...])", NestedIntList,
    type Value<'c> = Vec<&'c [i64]>;
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::Array(entries) => entries.iter().map(|e| ctx.as_int_array(*e)).collect(),
            _ => None,
        }
    }
    make(ctx, v) { ctx.array_attr(v.iter().map(|entry| ctx.i64_array_attr(entry)).collect()) }
);

attr_kind!(
    /// An integer attribute whose value fits in `i64`, read as `i64`; made with type `i64`.
    I64Attr, "an integer attribute", Integer,
    type Value<'c> = i64;
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::Integer { value, .. } => i64::try_from(*value).ok(),
            _ => None,
        }
    }
    make(ctx, v) { ctx.i64_attr(v) }
);

attr_kind!(
    /// A floating-point attribute, read as `f64`; made with type `f64`.
    F64Attr, "a float attribute", Float,
    type Value<'c> = f64;
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::Float { bits, .. } => Some(f64::from_bits(*bits)),
            _ => None,
        }
    }
    make(ctx, v) { ctx.float_attr(v, ctx.float_type(crate::FloatKind::F64)) }
);

attr_kind!(
    /// `true` or `false`, read as `bool`.
    BoolAttr, "a bool attribute", Full,
    type Value<'c> = bool;
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::Bool(b) => Some(*b),
            _ => None,
        }
    }
    make(ctx, v) { ctx.bool_attr(v) }
);

attr_kind!(
    /// A string attribute, read as `&str`.
    StrAttr, "a string attribute", Full,
    type Value<'c> = &'c str;
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::String(s) => Some(s.as_str()),
            _ => None,
        }
    }
    make(ctx, v) { ctx.string_attr(v) }
);

attr_kind!(
    /// A type attribute, read as the [`Type`].
    TypeAttr, "a type attribute", Full,
    type Value<'c> = Type;
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::Type(t) => Some(*t),
            _ => None,
        }
    }
    make(ctx, v) { ctx.type_attr(v) }
);

attr_kind!(
    /// A symbol reference `@root::@nested`, read as its path.
    SymbolRefAttr, "a symbol reference", Full,
    type Value<'c> = &'c [Symbol];
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::SymbolRef(path) => Some(path.as_slice()),
            _ => None,
        }
    }
    make(ctx, v) { ctx.symbol_ref_attr(v.to_vec()) }
);

attr_kind!(
    /// A dense elements literal `dense<...> : tensor<...>`, read as its [`DenseElements`].
    DenseElementsAttr, "a dense elements literal", Full,
    type Value<'c> = &'c DenseElements;
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::DenseElements(d) => Some(d),
            _ => None,
        }
    }
    make(ctx, v) { ctx.dense_attr(v.clone()) }
);

attr_kind!(
    /// An array of attributes `[a, b]`, read as a slice.
    ArrayAttr, "an array attribute", Full,
    type Value<'c> = &'c [Attribute];
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::Array(elements) => Some(elements.as_slice()),
            _ => None,
        }
    }
    make(ctx, v) { ctx.array_attr(v.to_vec()) }
);

attr_kind!(
    /// A dictionary `{a = 1, b}`, read as its entries sorted by name.
    DictAttr, "a dictionary attribute", Full,
    type Value<'c> = &'c [NamedAttribute];
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::Dictionary(entries) => Some(entries.as_slice()),
            _ => None,
        }
    }
    make(ctx, v) { ctx.dictionary_attr(v.to_vec()) }
);

attr_kind!(
    /// The unit attribute, a flag whose presence is the information (declare it optional).
    UnitAttr, "a unit attribute", Full,
    type Value<'c> = ();
    get(ctx, attr) {
        match ctx.attr_data(attr) {
            AttrData::Unit => Some(()),
            _ => None,
        }
    }
    make(ctx, _unit) { ctx.unit_attr() }
);

attr_kind!(
    /// Any attribute, read as itself.
    AnyAttr, "any attribute", Full,
    type Value<'c> = Attribute;
    get(_ctx, attr) {
        Some(attr)
    }
    make(_ctx, v) { v }
);

// ---- Field kinds --------------------------------------------------------------------------

/// An operand or result group of any number of values, each satisfying `T`.
#[derive(Debug)]
pub struct Variadic<T: TypeKind>(PhantomData<T>, std::convert::Infallible);

/// A region of an operation.
#[derive(Debug)]
pub enum Region {}

/// What an operand or result field's type declares: `T`, `Option<T>` or `Variadic<T>`.
pub trait ValueKind {
    const ARITY: Arity;
    const CONSTRAINT: TypeConstraint;
}

impl<T: TypeKind> ValueKind for T {
    const ARITY: Arity = Arity::One;
    const CONSTRAINT: TypeConstraint = T::CONSTRAINT;
}

impl<T: TypeKind> ValueKind for Option<T> {
    const ARITY: Arity = Arity::Optional;
    const CONSTRAINT: TypeConstraint = T::CONSTRAINT;
}

impl<T: TypeKind> ValueKind for Variadic<T> {
    const ARITY: Arity = Arity::Variadic;
    const CONSTRAINT: TypeConstraint = T::CONSTRAINT;
}

/// What an attribute field's type declares: `A` (required) or `Option<A>` (optional).
pub trait AttrField {
    const OPTIONAL: bool;
    const CONSTRAINT: AttrConstraint;
}

impl<A: AttrKind> AttrField for A {
    const OPTIONAL: bool = false;
    const CONSTRAINT: AttrConstraint = A::CONSTRAINT;
}

impl<A: AttrKind> AttrField for Option<A> {
    const OPTIONAL: bool = true;
    const CONSTRAINT: AttrConstraint = A::CONSTRAINT;
}

/// What a region field's type declares; only [`Region`] for now (a later `SizedRegion<N>`
/// would bound its block count).
pub trait RegionKind {}

impl RegionKind for Region {}

/// The declaration of operand or result `name` of field type `K`.
pub const fn value_def<K: ValueKind>(name: &'static str) -> ValueDef {
    ValueDef { name, arity: K::ARITY, constraint: K::CONSTRAINT }
}

/// The declaration of attribute `name` of field type `K`.
pub const fn attr_def<K: AttrField>(name: &'static str) -> AttrDef {
    AttrDef { name, optional: K::OPTIONAL, constraint: K::CONSTRAINT }
}

/// The declaration of region `name` of field type `K`.
pub const fn region_def<K: RegionKind>(name: &'static str) -> RegionDef {
    RegionDef { name, variadic: false }
}

/// The declaration of a variadic region group `name` (`#[region] branches: Variadic<Region>`).
pub const fn variadic_region_def(name: &'static str) -> RegionDef {
    RegionDef { name, variadic: true }
}

/// Declares an enumerated attribute: a Rust enum whose values are stored as string
/// attributes (`comparison_direction = "GT"` in the generic form) and written as bare
/// keywords in declarative formats (`hlo.compare GT, ...`).
///
/// ```
/// xla_ir::enum_attr! {
///     /// How two values are compared.
///     pub enum Direction: "a comparison direction" { Eq = "EQ", Lt = "LT" }
/// }
/// use xla_ir::constraints::AttrKind;
/// assert_eq!(Direction::Lt.name(), "LT");
/// assert_eq!(Direction::CONSTRAINT.description, "a comparison direction, one of EQ LT");
/// assert_eq!(Direction::parse("EQ"), Some(Direction::Eq));
/// ```
#[macro_export]
macro_rules! enum_attr {
    (
        $(#[$doc:meta])*
        $vis:vis enum $name:ident : $description:literal { $($variant:ident = $text:literal),+ $(,)? }
    ) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        $vis enum $name { $($variant),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The spelling of the value in the IR.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// The value spelled `text`.
            pub fn parse(text: &str) -> ::std::option::Option<$name> {
                match text { $($text => ::std::option::Option::Some($name::$variant),)+ _ => ::std::option::Option::None }
            }
        }

        impl $crate::constraints::AttrKind for $name {
            const CONSTRAINT: $crate::op_def::AttrConstraint = $crate::op_def::AttrConstraint {
                description: concat!($description, ", one of", $(" ", $text),+),
                check: |ctx, attr| <$name as $crate::constraints::AttrKind>::get(ctx, attr).is_some(),
                short_form: $crate::op_def::ShortForm::Keyword,
            };

            type Value<'c> = $name;

            fn get<'c>(ctx: &'c $crate::Context, attr: $crate::Attribute) -> ::std::option::Option<$name> {
                ctx.as_string(attr).and_then($name::parse)
            }

            fn make(ctx: &$crate::Context, value: $name) -> $crate::Attribute {
                ctx.string_attr(value.name())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dense::Scalar;
    use crate::FloatKind;

    fn accepts<K: TypeKind>(ctx: &Context, ty: Type) -> bool {
        (K::CONSTRAINT.check)(ctx, ty)
    }

    #[test]
    fn type_kinds_classify_element_types() {
        let ctx = Context::new();
        let f32_tensor = ctx.tensor_type(&[2], ctx.f32_type());
        let i32_tensor = ctx.tensor_type(&[2], ctx.int_type(32));
        let u8_tensor = ctx.tensor_type(&[2], ctx.uint_type(8));
        let pred_tensor = ctx.tensor_type(&[2], ctx.int_type(1));
        let complex = ctx.ty(TypeData::Complex(ctx.f32_type()));
        let complex_tensor = ctx.tensor_type(&[2], complex);
        let token = ctx.ty(TypeData::Opaque { dialect: "hlo".into(), body: "token".into() });
        let tuple = ctx.ty(TypeData::Tuple(vec![f32_tensor]));
        let scalar = ctx.f32_type();

        assert!(accepts::<AnyType>(&ctx, token));
        assert!(accepts::<AnyTensor>(&ctx, pred_tensor));
        assert!(!accepts::<AnyTensor>(&ctx, scalar));

        assert!(accepts::<FloatTensor>(&ctx, f32_tensor));
        assert!(!accepts::<FloatTensor>(&ctx, i32_tensor));
        assert!(!accepts::<FloatTensor>(&ctx, scalar));

        assert!(accepts::<IntTensor>(&ctx, i32_tensor));
        assert!(accepts::<IntTensor>(&ctx, u8_tensor));
        assert!(!accepts::<IntTensor>(&ctx, pred_tensor));

        assert!(accepts::<PredTensor>(&ctx, pred_tensor));
        assert!(!accepts::<PredTensor>(&ctx, i32_tensor));

        assert!(accepts::<IntOrPredTensor>(&ctx, pred_tensor));
        assert!(accepts::<IntOrPredTensor>(&ctx, i32_tensor));
        assert!(!accepts::<IntOrPredTensor>(&ctx, f32_tensor));

        assert!(accepts::<IntOrFloatTensor>(&ctx, f32_tensor));
        assert!(!accepts::<IntOrFloatTensor>(&ctx, pred_tensor));
        assert!(!accepts::<IntOrFloatTensor>(&ctx, complex_tensor));

        for ty in [f32_tensor, i32_tensor, pred_tensor, complex_tensor] {
            assert!(accepts::<NumericTensor>(&ctx, ty));
        }
        assert!(!accepts::<NumericTensor>(&ctx, token));

        assert!(accepts::<ComplexTensor>(&ctx, complex_tensor));
        assert!(!accepts::<ComplexTensor>(&ctx, f32_tensor));

        assert!(accepts::<Token>(&ctx, token));
        assert!(!accepts::<Token>(&ctx, tuple));
        assert!(accepts::<AnyTuple>(&ctx, tuple));
        assert!(!accepts::<AnyTuple>(&ctx, f32_tensor));
    }

    /// Checks that `make` builds an attribute the constraint accepts and `get` reads back.
    fn round_trips<'c, K: AttrKind>(ctx: &'c Context, value: K::Value<'c>) -> bool
    where
        K::Value<'c>: PartialEq + Copy,
    {
        let attr = K::make(ctx, value);
        (K::CONSTRAINT.check)(ctx, attr) && K::get(ctx, attr) == Some(value)
    }

    #[test]
    fn attr_kinds_round_trip_their_values() {
        let ctx = Context::new();
        assert!(round_trips::<I64ArrayAttr>(&ctx, &[1, -2, 3]));
        assert!(round_trips::<I64Attr>(&ctx, -7));
        assert!(round_trips::<F64Attr>(&ctx, -0.0));
        assert!(round_trips::<BoolAttr>(&ctx, true));
        assert!(round_trips::<StrAttr>(&ctx, "text"));
        assert!(round_trips::<TypeAttr>(&ctx, ctx.f32_type()));
        assert!(round_trips::<SymbolRefAttr>(&ctx, &[ctx.symbol("main")]));
        assert!(round_trips::<ArrayAttr>(&ctx, &[ctx.unit_attr()]));
        assert!(round_trips::<DictAttr>(&ctx, &[NamedAttribute { name: ctx.symbol("a"), value: ctx.unit_attr() }]));
        assert!(round_trips::<UnitAttr>(&ctx, ()));
        assert!(round_trips::<AnyAttr>(&ctx, ctx.string_attr("x")));

        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        let dense = DenseElements::from_scalars(&ctx, ty, &[Scalar::Float(1.0), Scalar::Float(2.0)]);
        let dense = dense.expect("two f32 elements fit tensor<2xf32>");
        let attr = DenseElementsAttr::make(&ctx, &dense);
        assert_eq!(DenseElementsAttr::get(&ctx, attr), Some(&dense));
    }

    #[test]
    fn attr_kinds_reject_other_kinds() {
        let ctx = Context::new();
        let i32_array = ctx.attr(AttrData::DenseIntArray { element: ctx.int_type(32), values: vec![1] });
        assert!(!(<I64ArrayAttr as AttrKind>::CONSTRAINT.check)(&ctx, i32_array));
        assert!(!(<I64ArrayAttr as AttrKind>::CONSTRAINT.check)(&ctx, ctx.i64_attr(1)));
        let huge = ctx.int_attr(i128::from(i64::MAX) + 1, ctx.int_type(128));
        assert_eq!(I64Attr::get(&ctx, huge), None);
        assert_eq!(F64Attr::get(&ctx, ctx.float_attr(1.5, ctx.float_type(FloatKind::F32))), Some(1.5));
        assert_eq!(StrAttr::get(&ctx, ctx.bool_attr(true)), None);
        assert_eq!(UnitAttr::get(&ctx, ctx.bool_attr(true)), None);
        assert_eq!(<I64ArrayAttr as AttrKind>::CONSTRAINT.short_form, ShortForm::IntList);
        assert_eq!(<ArrayAttr as AttrKind>::CONSTRAINT.short_form, ShortForm::Full);
    }

    #[test]
    fn field_kinds_give_arity_and_optionality() {
        assert_eq!(value_def::<AnyTensor>("x").arity, Arity::One);
        assert_eq!(value_def::<Option<AnyTensor>>("x").arity, Arity::Optional);
        assert_eq!(value_def::<Variadic<AnyTensor>>("x").arity, Arity::Variadic);
        assert_eq!(value_def::<Variadic<FloatTensor>>("x").constraint.description, "a tensor of floats");
        assert!(!attr_def::<I64Attr>("a").optional);
        assert!(attr_def::<Option<I64Attr>>("a").optional);
        assert_eq!(region_def::<Region>("body").name, "body");
    }
}
