// RUN: xla-opt %s --split-input-file --verify-diagnostics --emit=llvm-ir
// RUN: not xla-opt %s --emit=asm --target-cpu=pentium-9000 2>&1 | FileCheck %s --check-prefix=CPU

// What cannot be translated is a located error: a module that is not at the llvm level yet,
// an intrinsic LLVM does not know, two calls that disagree on a callee's type, and types
// LLVM's verifier rejects. An unknown --target-cpu is refused before anything is read.

// CPU: xla-opt: unknown --target-cpu 'pentium-9000'; expected host, native or one of generic, x86-64, x86-64-v2, x86-64-v3, x86-64-v4

// expected-error @+1 {{'func.func' op is not in the llvm dialect: lower the module to the llvm dialect before translating it to LLVM IR}}
func.func @still_hlo(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.add %a, %a : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

llvm.func @unknown_intrinsic(%x: f32) -> f32 {
  // expected-error @+1 {{'llvm.call' op @llvm.not_an_intrinsic.f32 names no LLVM intrinsic}}
  %0 = llvm.call @llvm.not_an_intrinsic.f32(%x) : (f32) -> f32
  llvm.return %0 : f32
}

// -----

llvm.func @conflicting_calls(%x: f32, %y: f64) {
  llvm.call @sink(%x) : (f32) -> ()
  // expected-error @+1 {{'llvm.call' op calls @sink as 'void (double)', but the module declares it as 'void (float)'}}
  llvm.call @sink(%y) : (f64) -> ()
  llvm.return
}

// -----

// expected-error @+1 {{LLVM's verifier rejects the translated module: Intrinsic name not mangled correctly for type arguments! Should be: llvm.exp.f64}}
llvm.func @wrong_intrinsic_types(%x: f64) -> f64 {
  %0 = llvm.call @llvm.exp.f32(%x) : (f64) -> f64
  llvm.return %0 : f64
}
