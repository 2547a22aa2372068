// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// llvm.func: a definition names its arguments, a declaration lists their types; at most one
// result; linkage and other attributes go in `attributes {...}`. `return` inside an
// llvm.func is llvm.return.

// CHECK-LABEL: llvm.func @identity
// CHECK-SAME:    (%[[A:.+]]: i32) -> i32 {
// CHECK-NEXT:    llvm.return %[[A]] : i32
// CHECK-NEXT:  }
// GENERIC:     "llvm.func"() ({
// GENERIC-NEXT:  ^bb0(%[[A:.+]]: i32):
// GENERIC-NEXT:    "llvm.return"(%[[A]]) : (i32) -> ()
// GENERIC-NEXT:  }) {function_type = (i32) -> i32, sym_name = "identity"} : () -> ()
llvm.func @identity(%a: i32) -> i32 {
  return %a : i32
}

// -----

// CHECK-LABEL: llvm.func @entry
// CHECK-SAME:    (%{{.+}}: !llvm.ptr, %{{.+}}: i64) attributes {linkage = "internal"} {
// CHECK-NEXT:    llvm.return{{$}}
// CHECK-LABEL: llvm.func @expf(f32) -> f32{{$}}
// CHECK-LABEL: llvm.func @no_args() -> f64{{$}}
llvm.func @entry(%p: !llvm.ptr, %n: i64) attributes {linkage = "internal"} {
  llvm.return
}
llvm.func @expf(f32) -> f32
llvm.func @no_args() -> f64

// -----

// Blocks with arguments, printed ^bbN with their types.
// CHECK-LABEL: llvm.func @blocks
// CHECK:         llvm.br ^bb1(%{{.+}} : i64)
// CHECK-NEXT:  ^bb1(%[[X:.+]]: i64):
// CHECK-NEXT:    llvm.return %[[X]] : i64
llvm.func @blocks(%a: i64) -> i64 {
  llvm.br ^next(%a : i64)
^next(%x: i64):
  llvm.return %x : i64
}
