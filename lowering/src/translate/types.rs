//! The LLVM types of the llvm dialect's types: `iN` is LLVM's `iN`, the float types are
//! `half`, `bfloat`, `float` and `double`, and `!llvm.ptr` is `ptr` (address space 0).

use std::num::NonZeroU32;

use inkwell::context::Context as LlvmContext;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FunctionType};
use inkwell::AddressSpace;
use xla_dialects::llvm::types::{float_kind, int_width, is_ptr};
use xla_ir::{Context, FloatKind, Type};

/// The LLVM type of `ty`, or `None` when `ty` is not a type of the llvm dialect.
pub fn basic_type<'ll>(llcx: &'ll LlvmContext, ctx: &Context, ty: Type) -> Option<BasicTypeEnum<'ll>> {
    if is_ptr(ctx, ty) {
        return Some(llcx.ptr_type(AddressSpace::default()).into());
    }
    if let Some(width) = int_width(ctx, ty) {
        return llcx.custom_width_int_type(NonZeroU32::new(width)?).ok().map(Into::into);
    }
    Some(match float_kind(ctx, ty)? {
        FloatKind::F16 => llcx.f16_type().into(),
        FloatKind::BF16 => llcx.bf16_type().into(),
        FloatKind::F32 => llcx.f32_type().into(),
        FloatKind::F64 => llcx.f64_type().into(),
        _ => return None,
    })
}

/// The LLVM function type `result (inputs)`, `void` when there is no result, or the first
/// type that has no LLVM equivalent.
pub fn function_type<'ll>(llcx: &'ll LlvmContext, ctx: &Context, inputs: &[Type], results: &[Type]) -> Result<FunctionType<'ll>, Type> {
    let params = inputs
        .iter()
        .map(|t| basic_type(llcx, ctx, *t).map(BasicMetadataTypeEnum::from).ok_or(*t))
        .collect::<Result<Vec<_>, _>>()?;
    match results {
        [] => Ok(llcx.void_type().fn_type(&params, false)),
        [result] => Ok(basic_type(llcx, ctx, *result).ok_or(*result)?.fn_type(&params, false)),
        // LLVM returns one value; the dialect's verifier rejects more.
        [_, extra, ..] => Err(*extra),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_map_one_to_one() {
        let ctx = Context::new();
        let llcx = LlvmContext::create();
        let name = |ty: Type| basic_type(&llcx, &ctx, ty).map(|t| t.print_to_string().to_string());
        assert_eq!(name(ctx.int_type(1)).as_deref(), Some("i1"));
        assert_eq!(name(ctx.int_type(64)).as_deref(), Some("i64"));
        assert_eq!(name(ctx.float_type(FloatKind::BF16)).as_deref(), Some("bfloat"));
        assert_eq!(name(ctx.f32_type()).as_deref(), Some("float"));
        assert_eq!(name(xla_dialects::llvm::ptr_type(&ctx)).as_deref(), Some("ptr"));
        assert_eq!(name(ctx.index_type()), None);
        let f = function_type(&llcx, &ctx, &[ctx.f32_type()], &[]).expect("a function type");
        assert_eq!(f.print_to_string().to_string(), "void (float)");
        assert_eq!(function_type(&llcx, &ctx, &[ctx.index_type()], &[]), Err(ctx.index_type()));
    }
}
