//! Types of the hlo dialect beyond the builtin ones: the token that orders side effects.
//!
//! XLA's token (`!hlo.token`) carries no data; ops with side effects (infeed, outfeed, send,
//! recv) take and return tokens so their order is data flow, and `hlo.after_all` joins them.

use xla_ir::{Context, Type, TypeData};

/// The token type, `!hlo.token`.
pub fn token_type(ctx: &Context) -> Type {
    ctx.ty(TypeData::Opaque { dialect: "hlo".to_string(), body: "token".to_string() })
}

/// Whether `ty` is the token type.
pub fn is_token(ctx: &Context, ty: Type) -> bool {
    ty == token_type(ctx)
}
