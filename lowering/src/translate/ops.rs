//! The table from llvm-dialect op to LLVM builder call ([`translation_of`]): one small function per
//! op, each reading its operands' translations and emitting one instruction (a conditional
//! branch with one target twice emits two; see [`super::function`]).
//!
//! Invariant: these functions never panic; an operand or result of an unexpected kind, which
//! the dialect's verifier rules out, is a diagnostic at the op.

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::intrinsics::Intrinsic;
use inkwell::module::Linkage;
use inkwell::types::{BasicTypeEnum, FunctionType};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, ValueKind};
use inkwell::{FloatPredicate, IntPredicate};
use xla_dialects::llvm::{
    is_intrinsic, AddressOfOp, LlvmOp, AllocaOp, BrOp, CallOp, ConstantOp, FCmpOp, FcmpPredicate, GetElementPtrOp, ICmpOp, IcmpPredicate, LoadOp, LoopHint, StoreOp,
};
use xla_ir::{AttrData, Body, Diagnostic, Op, OpId};

use super::function::FunctionTranslator;
use super::types::function_type;

/// What translating one op does: emit its instruction and record its result.
pub type TranslateFn = for<'a, 'c, 'll> fn(&mut FunctionTranslator<'a, 'c, 'll>, OpId) -> TResult;

/// The translation of `op`, when it is an op of an `llvm.func` body: an exhaustive `match`
/// on the llvm dialect's ops, so a new op must say here how it is translated.
pub fn translation_of(body: &Body, op: OpId) -> Option<TranslateFn> {
    Some(match LlvmOp::of(body, op)? {
        LlvmOp::Return(_) => return_op,
        LlvmOp::Br(_) => br,
        LlvmOp::CondBr(_) => cond_br,
        LlvmOp::Call(_) => call,
        LlvmOp::Constant(_) => constant,
        LlvmOp::Add(_) => add,
        LlvmOp::Sub(_) => sub,
        LlvmOp::Mul(_) => mul,
        LlvmOp::SDiv(_) => sdiv,
        LlvmOp::UDiv(_) => udiv,
        LlvmOp::SRem(_) => srem,
        LlvmOp::URem(_) => urem,
        LlvmOp::And(_) => and,
        LlvmOp::Or(_) => or,
        LlvmOp::Xor(_) => xor,
        LlvmOp::Shl(_) => shl,
        LlvmOp::LShr(_) => lshr,
        LlvmOp::AShr(_) => ashr,
        LlvmOp::FAdd(_) => fadd,
        LlvmOp::FSub(_) => fsub,
        LlvmOp::FMul(_) => fmul,
        LlvmOp::FDiv(_) => fdiv,
        LlvmOp::FRem(_) => frem,
        LlvmOp::FNeg(_) => fneg,
        LlvmOp::ICmp(_) => icmp,
        LlvmOp::FCmp(_) => fcmp,
        LlvmOp::Select(_) => select,
        LlvmOp::SExt(_) => sext,
        LlvmOp::ZExt(_) => zext,
        LlvmOp::Trunc(_) => trunc,
        LlvmOp::FPExt(_) => fpext,
        LlvmOp::FPTrunc(_) => fptrunc,
        LlvmOp::SIToFP(_) => sitofp,
        LlvmOp::UIToFP(_) => uitofp,
        LlvmOp::FPToSI(_) => fptosi,
        LlvmOp::FPToUI(_) => fptoui,
        LlvmOp::Bitcast(_) => bitcast,
        LlvmOp::PtrToInt(_) => ptrtoint,
        LlvmOp::IntToPtr(_) => inttoptr,
        LlvmOp::GetElementPtr(_) => getelementptr,
        LlvmOp::Load(_) => load,
        LlvmOp::Store(_) => store,
        LlvmOp::Alloca(_) => alloca,
        LlvmOp::AddressOf(_) => address_of,
        // Functions and globals are declared at the module's level, around the bodies
        // (`super::declare_functions`, `super::define_globals`).
        LlvmOp::Func(_) | LlvmOp::GlobalConstant(_) => return None,
    })
}

type TResult = std::result::Result<(), Diagnostic>;

// ---- Control flow --------------------------------------------------------------------------

fn return_op(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let value = match t.body.op(op).operands.first() {
        Some(_) => Some(t.operand(op, 0)?),
        None => None,
    };
    let returned = value.as_ref().map(|v| v as &dyn BasicValue);
    t.builder.build_return(returned).map_err(|e| t.builder_error(op, e))?;
    Ok(())
}

fn br(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let dest = t.edge(op, 0, false)?;
    let branch = t.builder.build_unconditional_branch(dest).map_err(|e| t.builder_error(op, e))?;
    if let Some(hint) = BrOp::from_id_unchecked(op).loop_hint(t.body) {
        set_loop_metadata(t, branch, hint);
    }
    Ok(())
}

/// Gives the back edge `branch` of a loop the `!llvm.loop` metadata of `hint`: a distinct
/// node whose first operand is itself (what makes it a loop id), then the properties.
fn set_loop_metadata(t: &FunctionTranslator, branch: inkwell::values::InstructionValue, hint: LoopHint) {
    use inkwell::llvm_sys::core::{
        LLVMConstInt, LLVMGetMDKindIDInContext, LLVMInt1TypeInContext, LLVMMDNodeInContext2, LLVMMDStringInContext2, LLVMMetadataAsValue,
        LLVMSetMetadata, LLVMValueAsMetadata,
    };
    use inkwell::llvm_sys::debuginfo::{LLVMMetadataReplaceAllUsesWith, LLVMTemporaryMDNode};
    use inkwell::llvm_sys::prelude::LLVMMetadataRef;
    use inkwell::values::AsValueRef;
    let llcx = t.llcx.raw();
    // SAFETY: every node is made in the function's own context, the strings are passed with
    // their lengths, and the temporary node is replaced (and so freed) before anything
    // else refers to it.
    unsafe {
        let string = |text: &str| LLVMMDStringInContext2(llcx, text.as_ptr().cast(), text.len());
        let node = |operands: &mut [LLVMMetadataRef]| LLVMMDNodeInContext2(llcx, operands.as_mut_ptr(), operands.len());
        let no_unroll = node(&mut [string("llvm.loop.unroll.disable")]);
        let mut loop_id = vec![LLVMTemporaryMDNode(llcx, std::ptr::null_mut(), 0)];
        match hint {
            LoopHint::NoUnroll => loop_id.push(no_unroll),
            LoopHint::VectorizeNoUnroll => loop_id.push(node(&mut [string("llvm.loop.vectorize.followup_all"), no_unroll])),
            LoopHint::NoUnrollNoVectorize => {
                let off = LLVMValueAsMetadata(LLVMConstInt(LLVMInt1TypeInContext(llcx), 0, 0));
                loop_id.push(no_unroll);
                loop_id.push(node(&mut [string("llvm.loop.vectorize.enable"), off]));
            }
        }
        let placeholder = loop_id[0];
        let loop_id = node(&mut loop_id);
        LLVMMetadataReplaceAllUsesWith(placeholder, loop_id);
        let kind = "llvm.loop";
        let kind_id = LLVMGetMDKindIDInContext(llcx, kind.as_ptr().cast(), kind.len() as u32);
        LLVMSetMetadata(branch.as_value_ref(), kind_id, LLVMMetadataAsValue(llcx, loop_id));
    }
}

fn cond_br(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let condition = t.int_operand(op, 0)?;
    // Two edges into one block can give its phis one incoming value per predecessor only
    // when one of them starts from a block of its own.
    let same_target = match t.body.op(op).successors.as_slice() {
        [a, b] => a == b && !t.body.block(*a).args.is_empty(),
        _ => false,
    };
    let on_true = t.edge(op, 0, false)?;
    let on_false = t.edge(op, 1, same_target)?;
    t.builder.build_conditional_branch(condition, on_true, on_false).map_err(|e| t.builder_error(op, e))?;
    Ok(())
}

// ---- Calls ---------------------------------------------------------------------------------

fn call(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let ctx = t.body.ctx();
    let name = CallOp::from_id_unchecked(op).callee_name(t.body).ok_or_else(|| t.error(op, "needs a flat callee name"))?;
    let signature = xla_ir::OpRef::new(t.body, op);
    let (inputs, results) = (signature.operand_types(), signature.result_types());
    let ty = function_type(t.llcx, ctx, &inputs, &results)
        .map_err(|bad| t.error(op, format!("type {} has no LLVM type", ctx.type_to_string(bad))))?;
    let callee = callee(t, op, name, ty)?;
    let args = (0..inputs.len())
        .map(|i| t.operand(op, i).map(BasicMetadataValueEnum::from))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let site = t.builder.build_call(callee, &args, "").map_err(|e| t.builder_error(op, e))?;
    if results.is_empty() {
        return Ok(());
    }
    match site.try_as_basic_value() {
        ValueKind::Basic(value) => t.define(op, value),
        _ => Err(t.error(op, "call has no result value")),
    }
}

/// The function a call to `name` of type `ty` calls: the module's function of that name
/// (an `llvm.func`, or a declaration an earlier call made), or a new external declaration.
/// An intrinsic must be one LLVM knows; LLVM's verifier checks its types.
fn callee<'ll>(t: &FunctionTranslator<'_, '_, 'll>, op: OpId, name: &str, ty: FunctionType<'ll>) -> std::result::Result<FunctionValue<'ll>, Diagnostic> {
    if let Some(existing) = t.module.get_function(name) {
        if existing.get_type() != ty {
            return Err(t.error(op, format!(
                "calls @{name} as '{}', but the module declares it as '{}'",
                ty.print_to_string().to_string_lossy(),
                existing.get_type().print_to_string().to_string_lossy()
            )));
        }
        return Ok(existing);
    }
    if is_intrinsic(name) && Intrinsic::find(name).is_none() {
        return Err(t.error(op, format!("@{name} names no LLVM intrinsic")));
    }
    let function = t.module.add_function(name, ty, Some(Linkage::External));
    if PURE_MATH_FUNCTIONS.contains(&name) {
        mark_pure(t, function);
    }
    Ok(function)
}

/// libm functions whose result depends on their operands only, once `errno` is ignored
/// (as `-fno-math-errno` does; XLA never reads it): declared without memory effects, so
/// that loops calling them vectorize (with a vector math library) and calls move freely.
pub const PURE_MATH_FUNCTIONS: &[&str] = &[
    "expf", "exp", "logf", "log", "sinf", "sin", "cosf", "cos", "tanf", "tan", "tanhf", "tanh", "expm1f", "expm1",
    "log1pf", "log1p", "cbrtf", "cbrt", "erff", "erf", "powf", "pow", "atan2f", "atan2", "fmodf", "fmod",
];

/// Declares `function` free of memory effects and unwinding (`memory(none) nounwind
/// willreturn`).
fn mark_pure(t: &FunctionTranslator, function: FunctionValue) {
    for (name, value) in [("memory", 0), ("nounwind", 0), ("willreturn", 0), ("nosync", 0), ("nofree", 0)] {
        let kind = Attribute::get_named_enum_kind_id(name);
        function.add_attribute(AttributeLoc::Function, t.llcx.create_enum_attribute(kind, value));
    }
}

// ---- Constants -----------------------------------------------------------------------------

fn constant(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let ctx = t.body.ctx();
    let value = ConstantOp::from_id_unchecked(op).value(t.body);
    let constant: BasicValueEnum = match (ctx.attr_data(value), t.result_type(op, 0)?) {
        // Two's complement: a negative value's low bits are its bits in any width.
        (AttrData::Integer { value, .. }, BasicTypeEnum::IntType(ty)) if ty.get_bit_width() > 64 => {
            // Two's complement words, least significant first.
            let bits = *value as u128;
            ty.const_int_arbitrary_precision(&[bits as u64, (bits >> 64) as u64]).into()
        }
        (AttrData::Integer { value, .. }, BasicTypeEnum::IntType(ty)) => ty.const_int(*value as i64 as u64, false).into(),
        (AttrData::Bool(b), BasicTypeEnum::IntType(ty)) => ty.const_int(u64::from(*b), false).into(),
        (AttrData::Float { bits, .. }, BasicTypeEnum::FloatType(ty)) => ty.const_float(f64::from_bits(*bits)).into(),
        _ => return Err(t.error(op, format!("cannot make a constant of {}", ctx.attr_to_string(value)))),
    };
    t.define(op, constant)
}

// ---- Arithmetic ----------------------------------------------------------------------------

/// Defines a translation of a binary integer op through a builder method.
macro_rules! int_binary {
    ($name:ident, $method:ident) => {
        fn $name(t: &mut FunctionTranslator, op: OpId) -> TResult {
            let (lhs, rhs) = (t.int_operand(op, 0)?, t.int_operand(op, 1)?);
            let value = t.builder.$method(lhs, rhs, "").map_err(|e| t.builder_error(op, e))?;
            t.define(op, value.into())
        }
    };
}

int_binary!(add, build_int_add);
int_binary!(sub, build_int_sub);
int_binary!(mul, build_int_mul);
int_binary!(sdiv, build_int_signed_div);
int_binary!(udiv, build_int_unsigned_div);
int_binary!(srem, build_int_signed_rem);
int_binary!(urem, build_int_unsigned_rem);
int_binary!(and, build_and);
int_binary!(or, build_or);
int_binary!(xor, build_xor);
int_binary!(shl, build_left_shift);

fn lshr(t: &mut FunctionTranslator, op: OpId) -> TResult {
    right_shift(t, op, false)
}

fn ashr(t: &mut FunctionTranslator, op: OpId) -> TResult {
    right_shift(t, op, true)
}

fn right_shift(t: &mut FunctionTranslator, op: OpId, arithmetic: bool) -> TResult {
    let (lhs, rhs) = (t.int_operand(op, 0)?, t.int_operand(op, 1)?);
    let value = t.builder.build_right_shift(lhs, rhs, arithmetic, "").map_err(|e| t.builder_error(op, e))?;
    t.define(op, value.into())
}

/// Defines a translation of a binary float op through a builder method.
macro_rules! float_binary {
    ($name:ident, $method:ident) => {
        fn $name(t: &mut FunctionTranslator, op: OpId) -> TResult {
            let (lhs, rhs) = (t.float_operand(op, 0)?, t.float_operand(op, 1)?);
            let value = t.builder.$method(lhs, rhs, "").map_err(|e| t.builder_error(op, e))?;
            t.define(op, value.into())
        }
    };
}

float_binary!(fadd, build_float_add);
float_binary!(fsub, build_float_sub);
float_binary!(fmul, build_float_mul);
float_binary!(fdiv, build_float_div);
float_binary!(frem, build_float_rem);

fn fneg(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let value = t.float_operand(op, 0)?;
    let negated = t.builder.build_float_neg(value, "").map_err(|e| t.builder_error(op, e))?;
    t.define(op, negated.into())
}

// ---- Comparisons and select ----------------------------------------------------------------

fn icmp(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let predicate = match ICmpOp::from_id_unchecked(op).predicate(t.body) {
        IcmpPredicate::Eq => IntPredicate::EQ,
        IcmpPredicate::Ne => IntPredicate::NE,
        IcmpPredicate::Slt => IntPredicate::SLT,
        IcmpPredicate::Sle => IntPredicate::SLE,
        IcmpPredicate::Sgt => IntPredicate::SGT,
        IcmpPredicate::Sge => IntPredicate::SGE,
        IcmpPredicate::Ult => IntPredicate::ULT,
        IcmpPredicate::Ule => IntPredicate::ULE,
        IcmpPredicate::Ugt => IntPredicate::UGT,
        IcmpPredicate::Uge => IntPredicate::UGE,
    };
    let result = match (t.operand(op, 0)?, t.operand(op, 1)?) {
        (BasicValueEnum::IntValue(lhs), BasicValueEnum::IntValue(rhs)) => t.builder.build_int_compare(predicate, lhs, rhs, ""),
        (BasicValueEnum::PointerValue(lhs), BasicValueEnum::PointerValue(rhs)) => t.builder.build_int_compare(predicate, lhs, rhs, ""),
        _ => return Err(t.error(op, "compares two integers or two pointers")),
    };
    let result = result.map_err(|e| t.builder_error(op, e))?;
    t.define(op, result.into())
}

fn fcmp(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let predicate = match FCmpOp::from_id_unchecked(op).predicate(t.body) {
        FcmpPredicate::False => FloatPredicate::PredicateFalse,
        FcmpPredicate::Oeq => FloatPredicate::OEQ,
        FcmpPredicate::Ogt => FloatPredicate::OGT,
        FcmpPredicate::Oge => FloatPredicate::OGE,
        FcmpPredicate::Olt => FloatPredicate::OLT,
        FcmpPredicate::Ole => FloatPredicate::OLE,
        FcmpPredicate::One => FloatPredicate::ONE,
        FcmpPredicate::Ord => FloatPredicate::ORD,
        FcmpPredicate::Ueq => FloatPredicate::UEQ,
        FcmpPredicate::Ugt => FloatPredicate::UGT,
        FcmpPredicate::Uge => FloatPredicate::UGE,
        FcmpPredicate::Ult => FloatPredicate::ULT,
        FcmpPredicate::Ule => FloatPredicate::ULE,
        FcmpPredicate::Une => FloatPredicate::UNE,
        FcmpPredicate::Uno => FloatPredicate::UNO,
        FcmpPredicate::True => FloatPredicate::PredicateTrue,
    };
    let (lhs, rhs) = (t.float_operand(op, 0)?, t.float_operand(op, 1)?);
    let result = t.builder.build_float_compare(predicate, lhs, rhs, "").map_err(|e| t.builder_error(op, e))?;
    t.define(op, result.into())
}

fn select(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let condition = t.int_operand(op, 0)?;
    let (on_true, on_false) = (t.operand(op, 1)?, t.operand(op, 2)?);
    let value = t.builder.build_select(condition, on_true, on_false, "").map_err(|e| t.builder_error(op, e))?;
    t.define(op, value)
}

// ---- Casts ---------------------------------------------------------------------------------

/// Defines a translation of a cast between integers through a builder method.
macro_rules! int_to_int {
    ($name:ident, $method:ident) => {
        fn $name(t: &mut FunctionTranslator, op: OpId) -> TResult {
            let value = t.int_operand(op, 0)?;
            let BasicTypeEnum::IntType(to) = t.result_type(op, 0)? else { return Err(t.error(op, "must give an integer")) };
            let cast = t.builder.$method(value, to, "").map_err(|e| t.builder_error(op, e))?;
            t.define(op, cast.into())
        }
    };
}

int_to_int!(sext, build_int_s_extend);
int_to_int!(zext, build_int_z_extend);
int_to_int!(trunc, build_int_truncate);

/// Defines a translation of a cast between floats through a builder method.
macro_rules! float_to_float {
    ($name:ident, $method:ident) => {
        fn $name(t: &mut FunctionTranslator, op: OpId) -> TResult {
            let value = t.float_operand(op, 0)?;
            let BasicTypeEnum::FloatType(to) = t.result_type(op, 0)? else { return Err(t.error(op, "must give a float")) };
            let cast = t.builder.$method(value, to, "").map_err(|e| t.builder_error(op, e))?;
            t.define(op, cast.into())
        }
    };
}

float_to_float!(fpext, build_float_ext);
float_to_float!(fptrunc, build_float_trunc);

/// Defines a translation of an integer-to-float cast through a builder method.
macro_rules! int_to_float {
    ($name:ident, $method:ident) => {
        fn $name(t: &mut FunctionTranslator, op: OpId) -> TResult {
            let value = t.int_operand(op, 0)?;
            let BasicTypeEnum::FloatType(to) = t.result_type(op, 0)? else { return Err(t.error(op, "must give a float")) };
            let cast = t.builder.$method(value, to, "").map_err(|e| t.builder_error(op, e))?;
            t.define(op, cast.into())
        }
    };
}

int_to_float!(sitofp, build_signed_int_to_float);
int_to_float!(uitofp, build_unsigned_int_to_float);

/// Defines a translation of a float-to-integer cast through a builder method.
macro_rules! float_to_int {
    ($name:ident, $method:ident) => {
        fn $name(t: &mut FunctionTranslator, op: OpId) -> TResult {
            let value = t.float_operand(op, 0)?;
            let BasicTypeEnum::IntType(to) = t.result_type(op, 0)? else { return Err(t.error(op, "must give an integer")) };
            let cast = t.builder.$method(value, to, "").map_err(|e| t.builder_error(op, e))?;
            t.define(op, cast.into())
        }
    };
}

float_to_int!(fptosi, build_float_to_signed_int);
float_to_int!(fptoui, build_float_to_unsigned_int);

fn bitcast(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let (value, to) = (t.operand(op, 0)?, t.result_type(op, 0)?);
    let cast = t.builder.build_bit_cast(value, to, "").map_err(|e| t.builder_error(op, e))?;
    t.define(op, cast)
}

fn ptrtoint(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let value = t.ptr_operand(op, 0)?;
    let BasicTypeEnum::IntType(to) = t.result_type(op, 0)? else { return Err(t.error(op, "must give an integer")) };
    let cast = t.builder.build_ptr_to_int(value, to, "").map_err(|e| t.builder_error(op, e))?;
    t.define(op, cast.into())
}

fn inttoptr(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let value = t.int_operand(op, 0)?;
    let BasicTypeEnum::PointerType(to) = t.result_type(op, 0)? else { return Err(t.error(op, "must give a pointer")) };
    let cast = t.builder.build_int_to_ptr(value, to, "").map_err(|e| t.builder_error(op, e))?;
    t.define(op, cast.into())
}

// ---- Memory --------------------------------------------------------------------------------

fn getelementptr(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let gep = GetElementPtrOp::from_id_unchecked(op);
    let (base, index) = (t.ptr_operand(op, 0)?, t.int_operand(op, 1)?);
    let elem = gep.elem_type(t.body);
    let elem_type = t
        .llvm_type_of(elem)
        .ok_or_else(|| t.error(op, format!("element type {} has no LLVM type", t.body.ctx().type_to_string(elem))))?;
    // SAFETY: building a getelementptr is always sound; inkwell marks it unsafe because the
    // address it computes may lie outside the object, which only matters when the program
    // dereferences it, as for any address the program computes.
    let address = unsafe {
        if gep.inbounds(t.body).is_some() {
            t.builder.build_in_bounds_gep(elem_type, base, &[index], "")
        } else {
            t.builder.build_gep(elem_type, base, &[index], "")
        }
    };
    let address = address.map_err(|e| t.builder_error(op, e))?;
    t.define(op, address.into())
}

fn load(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let address = t.ptr_operand(op, 0)?;
    let ty = t.result_type(op, 0)?;
    let value = t.builder.build_load(ty, address, "").map_err(|e| t.builder_error(op, e))?;
    let instruction = value.as_instruction_value().ok_or_else(|| t.error(op, "did not build an instruction"))?;
    if let Some(alignment) = LoadOp::from_id_unchecked(op).alignment(t.body) {
        set_alignment(t, op, instruction, alignment)?;
    }
    set_alias_scopes(t, op, instruction)?;
    t.define(op, value)
}

fn store(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let (value, address) = (t.operand(op, 0)?, t.ptr_operand(op, 1)?);
    let instruction = t.builder.build_store(address, value).map_err(|e| t.builder_error(op, e))?;
    if let Some(alignment) = StoreOp::from_id_unchecked(op).alignment(t.body) {
        set_alignment(t, op, instruction, alignment)?;
    }
    set_alias_scopes(t, op, instruction)
}

fn alloca(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let elem = AllocaOp::from_id_unchecked(op).elem_type(t.body);
    let elem_type = t
        .llvm_type_of(elem)
        .ok_or_else(|| t.error(op, format!("element type {} has no LLVM type", t.body.ctx().type_to_string(elem))))?;
    let slot = match AllocaOp::from_id_unchecked(op).count(t.body) {
        Some(count) if count > 1 => {
            let count = t.llcx.i32_type().const_int(count as u64, false);
            t.builder.build_array_alloca(elem_type, count, "")
        }
        _ => t.builder.build_alloca(elem_type, ""),
    }
    .map_err(|e| t.builder_error(op, e))?;
    t.define(op, slot.into())
}

fn address_of(t: &mut FunctionTranslator, op: OpId) -> TResult {
    let name = AddressOfOp::from_id_unchecked(op).function_name(t.body).ok_or_else(|| t.error(op, "needs a flat function name"))?;
    let global = match t.module.get_function(name) {
        Some(function) => function.as_global_value(),
        None => t.module.get_global(name).ok_or_else(|| t.error(op, format!("@{name} names no function or global of the module")))?,
    };
    t.define(op, global.as_pointer_value().into())
}

/// Sets LLVM's `!alias.scope` and `!noalias` metadata of a load or store from its
/// `alias_domain`, `alias_scopes` and `noalias_scopes` attributes (scope names, each scope
/// `!{!"name", !{!"domain"}}`, uniqued, so one name is one scope), when it has them.
fn set_alias_scopes(t: &FunctionTranslator, op: OpId, instruction: inkwell::values::InstructionValue) -> TResult {
    use crate::to_llvm::memory::{ALIAS_DOMAIN_ATTR, ALIAS_SCOPES_ATTR, NOALIAS_SCOPES_ATTR};
    let ctx = t.body.ctx();
    let Some(domain) = t.body.attr(op, ALIAS_DOMAIN_ATTR).and_then(|a| ctx.as_string(a)) else { return Ok(()) };
    let domain = t.llcx.metadata_node(&[t.llcx.metadata_string(domain).into()]);
    for (attr, kind) in [(ALIAS_SCOPES_ATTR, "alias.scope"), (NOALIAS_SCOPES_ATTR, "noalias")] {
        let Some(xla_ir::AttrData::Array(names)) = t.body.attr(op, attr).map(|a| ctx.attr_data(a)) else { continue };
        let scopes: Vec<inkwell::values::BasicMetadataValueEnum> = names
            .iter()
            .filter_map(|n| ctx.as_string(*n))
            .map(|name| t.llcx.metadata_node(&[t.llcx.metadata_string(name).into(), domain.into()]).into())
            .collect();
        let list = t.llcx.metadata_node(&scopes);
        instruction.set_metadata(list, t.llcx.get_kind_id(kind)).map_err(|e| t.error(op, format!("cannot set {kind} metadata: {e}")))?;
    }
    Ok(())
}

/// Sets the alignment of a load or store; the verifier has checked it is a power of two.
fn set_alignment(t: &FunctionTranslator, op: OpId, instruction: inkwell::values::InstructionValue, alignment: i64) -> TResult {
    let alignment = u32::try_from(alignment).map_err(|_| t.error(op, format!("alignment {alignment} is too large")))?;
    instruction.set_alignment(alignment).map_err(|e| t.error(op, format!("cannot take alignment {alignment}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_llvm_op_but_func_and_global_has_a_translation() {
        let mut ctx = xla_ir::Context::new();
        xla_dialects::register_all(&mut ctx);
        let mut body = Body::new(&ctx);
        let mut bare = |name: &str| body.create_op(xla_ir::OpState::new(ctx.symbol(name), ctx.unknown_loc()));
        let ops: Vec<(&str, OpId)> = LlvmOp::ALL_DEFS.iter().map(|def| (def.name, bare(def.name))).collect();
        let add = bare("hlo.add");
        for (name, op) in ops {
            assert_eq!(translation_of(&body, op).is_some(), !matches!(name, "llvm.func" | "llvm.global_constant"), "{name}");
        }
        assert!(translation_of(&body, add).is_none());
    }
}
