//! Declaring a dialect: [`crate::dialect!`] turns one list of the dialect's op views into
//! its [`DialectDef`](crate::op_def::DialectDef) (what a `Context` registers, and what the
//! op reference is generated from), a closed enum with one variant per op, carrying the
//! op's typed view, and a fieldless enum of the same kinds, which names an op without
//! having one (what readers and writers use instead of name strings).
//!
//! Consumers dispatch with an exhaustive `match` on the enum (`HloOp::of(body, op)`), so
//! adding an op to the list makes rustc name every `match` that must handle it; nothing
//! keys behaviour on op name strings.
//!
//! Invariant: the order of the list is the order of `DialectDef::ops`, and the position
//! of an op there is the index the `Context` records when it registers the dialect
//! ([`crate::context::RegisteredOp`]); `of` maps that index back to the variant, so it
//! costs one hash lookup of the op's name symbol and one array index whatever the
//! dialect's size.

/// Declares a dialect's op enum and its `DialectDef` from one list of op views.
///
/// ```ignore
/// xla_ir::dialect! {
///     /// Every op of the `toy` dialect.
///     pub enum ToyOp, kinds ToyOpKind;
///     /// The `toy` dialect.
///     pub static TOY_DIALECT = "toy", "A dialect for examples.", materialize_constant: None;
///     ops {
///         Add(AddOp),
///         Constant(ConstantOp),
///     }
/// }
/// ```
///
/// generates `pub enum ToyOp { Add(AddOp), Constant(ConstantOp) }` with `of`, `id`, `def`,
/// `kind` and `ALL_DEFS`; `pub enum ToyOpKind { Add, Constant }` with `def`, `name`, `short_name`, `ALL`,
/// `from_name` and `from_short_name`; and
/// `pub static TOY_DIALECT: DialectDef` listing the ops in that order.
#[macro_export]
macro_rules! dialect {
    (
        $(#[$enum_meta:meta])*
        $enum_vis:vis enum $Enum:ident, kinds $Kind:ident;
        $(#[$static_meta:meta])*
        $static_vis:vis static $DIALECT:ident = $name:literal, $summary:literal, materialize_constant: $materialize:expr;
        ops {
            $( $(#[$variant_meta:meta])* $Variant:ident($View:ty) ),* $(,)?
        }
    ) => {
        $(#[$enum_meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        $enum_vis enum $Enum {
            $( $(#[$variant_meta])* $Variant($View), )*
        }

        /// The kinds of the dialect's ops without an op: what readers and writers name
        /// an op by (`kind.name()`), one variant per variant of the op enum, ordered as
        /// declared.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $enum_vis enum $Kind {
            $( $(#[$variant_meta])* $Variant, )*
        }

        impl $Kind {
            /// The op's definition.
            pub const fn def(self) -> &'static $crate::op_def::OpDef {
                match self {
                    $( $Kind::$Variant => <$View as $crate::op_def::Op>::DEF, )*
                }
            }

            /// The op's name (`hlo.add`); usable in constants.
            pub const fn name(self) -> &'static str {
                self.def().name
            }

            /// Every kind, in the order of the declaration.
            pub const ALL: &'static [$Kind] = &[ $( $Kind::$Variant, )* ];

            /// The op's name without the dialect's prefix (`add` for `hlo.add`): the
            /// spelling external formats derive theirs from.
            pub fn short_name(self) -> &'static str {
                let name = self.name();
                name.strip_prefix(concat!($name, ".")).unwrap_or(name)
            }

            /// The kind of the op named `name` (`hlo.add`), if the dialect has it. A linear
            /// search: readers use it once per op they read, not in passes.
            pub fn from_name(name: &str) -> ::std::option::Option<$Kind> {
                Self::ALL.iter().copied().find(|kind| kind.name() == name)
            }

            /// The kind whose [`short_name`](Self::short_name) is `short` (`add`).
            pub fn from_short_name(short: &str) -> ::std::option::Option<$Kind> {
                Self::ALL.iter().copied().find(|kind| kind.short_name() == short)
            }
        }

        $(#[$static_meta])*
        $static_vis static $DIALECT: $crate::op_def::DialectDef = $crate::op_def::DialectDef {
            name: $name,
            summary: $summary,
            ops: $Enum::ALL_DEFS,
            materialize_constant: $materialize,
        };

        impl $Enum {
            /// The definitions of the dialect's ops, in the order of the variants.
            pub const ALL_DEFS: &'static [&'static $crate::op_def::OpDef] = &[ $( <$View as $crate::op_def::Op>::DEF, )* ];

            /// The kind of `op` with its typed view, when `op` is an op of this dialect
            /// registered in the body's context; `None` for any other op.
            pub fn of(body: &$crate::Body, op: $crate::OpId) -> ::std::option::Option<$Enum> {
                const VIEWS: &[fn($crate::OpId) -> $Enum] =
                    &[ $( |id| $Enum::$Variant(<$View as $crate::op_def::Op>::from_id_unchecked(id)), )* ];
                let registered = body.ctx().registered_op(body.op(op).name)?;
                if !::std::ptr::eq(registered.dialect, &$DIALECT) {
                    return ::std::option::Option::None;
                }
                VIEWS.get(registered.index).map(|view| view(op))
            }

            /// The op this is a view of.
            pub fn id(self) -> $crate::OpId {
                match self {
                    $( $Enum::$Variant(view) => <$View as $crate::op_def::Op>::id(view), )*
                }
            }

            /// The op's definition: name, traits, operands, attributes.
            pub fn def(self) -> &'static $crate::op_def::OpDef {
                self.kind().def()
            }

            /// The op's kind, without the op.
            pub fn kind(self) -> $Kind {
                match self {
                    $( $Enum::$Variant(_) => $Kind::$Variant, )*
                }
            }
        }
    };
}
