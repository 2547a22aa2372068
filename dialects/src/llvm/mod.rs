//! The `llvm` dialect: one op per LLVM instruction, on LLVM's scalar types and opaque
//! pointers, so that translating a module to LLVM IR (in `xla-lowering`) is a table from op
//! to builder call. docs/lowering.md, "The llvm dialect", is its contract.
//!
//! - [`types`]: `iN`, `f16`/`bf16`/`f32`/`f64` and `!llvm.ptr` ([`ptr_type`]), and the
//!   constraint kinds the ops declare;
//! - [`func`]: `llvm.func`, `llvm.return`; [`global`]: `llvm.global_constant`, read-only
//!   bytes of the module;
//! - [`branch`]: `llvm.br`, `llvm.cond_br` (blocks with arguments; values passed to them
//!   become phis);
//! - [`call`]: `llvm.call` of module functions, external functions and intrinsics;
//! - [`constant`] holds `llvm.constant`;
//! - [`int_arith`], [`float_arith`]: integer and float arithmetic;
//! - [`compare`]: `llvm.icmp`, `llvm.fcmp`; [`select`]: `llvm.select`;
//! - [`cast`]: the conversion instructions;
//! - [`address`]: `llvm.getelementptr`; [`address_of`]: `llvm.addressof` (a function's or
//!   a global's address); [`memory`]: `llvm.load`, `llvm.store`,
//!   `llvm.alloca`;
//! - [`common`]: the shape functions and verifiers several ops share.
//!
//! Invariant: every op's semantics are its LLVM instruction's (poison and undefined
//! behaviour included), and its verifier accepts only what LLVM's verifier accepts for that
//! instruction on these types, so a verified module translates without LLVM rejecting it.

pub mod address;
pub mod address_of;
pub mod branch;
pub mod call;
pub mod cast;
pub mod common;
pub mod compare;
pub mod constant;
pub mod float_arith;
pub mod func;
pub mod global;
pub mod int_arith;
pub mod memory;
pub mod select;
pub mod types;

pub use address::GetElementPtrOp;
pub use address_of::AddressOfOp;
pub use branch::{BrOp, CondBrOp, LoopHint};
pub use call::{is_intrinsic, CallOp};
pub use cast::{
    BitcastOp, FPExtOp, FPToSIOp, FPToUIOp, FPTruncOp, IntToPtrOp, PtrToIntOp, SExtOp, SIToFPOp, TruncOp, UIToFPOp, ZExtOp,
};
pub use compare::{FCmpOp, FcmpPredicate, ICmpOp, IcmpPredicate};
pub use constant::ConstantOp;
pub use float_arith::{FAddOp, FDivOp, FMulOp, FNegOp, FRemOp, FSubOp};
pub use func::{FuncOp, Linkage, ReturnOp};
pub use global::GlobalConstantOp;
pub use int_arith::{AShrOp, AddOp, AndOp, LShrOp, MulOp, OrOp, SDivOp, SRemOp, ShlOp, SubOp, UDivOp, URemOp, XorOp};
pub use memory::{AllocaOp, LoadOp, StoreOp};
pub use select::SelectOp;
pub use types::{is_ptr, ptr_type};


xla_ir::dialect! {
    /// Every op of the `llvm` dialect, with its typed view: what translation to LLVM IR matches on.
    pub enum LlvmOp, kinds LlvmOpKind;
    /// The `llvm` dialect.
    pub static LLVM_DIALECT = "llvm", "One op per LLVM instruction, on LLVM's scalar types and opaque pointers: what translation to LLVM IR reads.", materialize_constant: None;
    ops {
        Func(FuncOp),
        GlobalConstant(GlobalConstantOp),
        Return(ReturnOp),
        Br(BrOp),
        CondBr(CondBrOp),
        Call(CallOp),
        AddressOf(AddressOfOp),
        Constant(ConstantOp),
        Add(AddOp),
        Sub(SubOp),
        Mul(MulOp),
        SDiv(SDivOp),
        UDiv(UDivOp),
        SRem(SRemOp),
        URem(URemOp),
        And(AndOp),
        Or(OrOp),
        Xor(XorOp),
        Shl(ShlOp),
        LShr(LShrOp),
        AShr(AShrOp),
        FAdd(FAddOp),
        FSub(FSubOp),
        FMul(FMulOp),
        FDiv(FDivOp),
        FRem(FRemOp),
        FNeg(FNegOp),
        ICmp(ICmpOp),
        FCmp(FCmpOp),
        Select(SelectOp),
        SExt(SExtOp),
        ZExt(ZExtOp),
        Trunc(TruncOp),
        FPExt(FPExtOp),
        FPTrunc(FPTruncOp),
        SIToFP(SIToFPOp),
        UIToFP(UIToFPOp),
        FPToSI(FPToSIOp),
        FPToUI(FPToUIOp),
        Bitcast(BitcastOp),
        PtrToInt(PtrToIntOp),
        IntToPtr(IntToPtrOp),
        GetElementPtr(GetElementPtrOp),
        Load(LoadOp),
        Store(StoreOp),
        Alloca(AllocaOp),
    }
}
