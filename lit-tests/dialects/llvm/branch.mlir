// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// Branches pass values to the arguments of their targets: `^bb1(%x, %y : i64, f32)`. The
// split of the operands among the successors is the `successor_operand_counts` attribute,
// shown only in the generic form.

// A loop counting to %n: the back edge passes the next counter, defined after the block
// that uses it in text order.
// CHECK-LABEL: llvm.func @count
// CHECK-SAME:    (%[[N:.+]]: i64) -> i64 {
// CHECK-NEXT:    %[[ZERO:.+]] = llvm.constant 0 : i64
// CHECK-NEXT:    %[[ONE:.+]] = llvm.constant 1 : i64
// CHECK-NEXT:    llvm.br ^bb1(%[[ZERO]] : i64)
// CHECK-NEXT:  ^bb1(%[[I:.+]]: i64):
// CHECK-NEXT:    %[[NEXT:.+]] = llvm.add %[[I]], %[[ONE]] : i64
// CHECK-NEXT:    %[[MORE:.+]] = llvm.icmp slt %[[NEXT]], %[[N]] : i64
// CHECK-NEXT:    llvm.cond_br %[[MORE]], ^bb1(%[[NEXT]] : i64), ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    llvm.return %[[NEXT]] : i64
// GENERIC:       "llvm.br"(%{{.+}})[^bb1] {successor_operand_counts = array<i64: 1>} : (i64) -> ()
// GENERIC:       "llvm.cond_br"(%{{.+}}, %{{.+}})[^bb1, ^bb2] {successor_operand_counts = array<i64: 1, 0>} : (i1, i64) -> ()
llvm.func @count(%n: i64) -> i64 {
  %zero = llvm.constant 0 : i64
  %one = llvm.constant 1 : i64
  llvm.br ^loop(%zero : i64)
^loop(%i: i64):
  %next = llvm.add %i, %one : i64
  %more = llvm.icmp slt %next, %n : i64
  llvm.cond_br %more, ^loop(%next : i64), ^exit
^exit:
  llvm.return %next : i64
}

// -----

// Several values to each successor, both ways.
// CHECK-LABEL: llvm.func @both_ways
// CHECK:         llvm.cond_br %{{.+}}, ^bb1(%[[A:.+]], %[[B:.+]] : i32, f32), ^bb1(%[[A]], %[[C:.+]] : i32, f32)
// CHECK-NEXT:  ^bb1(%{{.+}}: i32, %{{.+}}: f32):
// GENERIC:       "llvm.cond_br"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}})[^bb1, ^bb1] {successor_operand_counts = array<i64: 2, 2>} : (i1, i32, f32, i32, f32) -> ()
llvm.func @both_ways(%p: i1, %a: i32, %b: f32, %c: f32) -> f32 {
  llvm.cond_br %p, ^join(%a, %b : i32, f32), ^join(%a, %c : i32, f32)
^join(%x: i32, %y: f32):
  llvm.return %y : f32
}

// -----

// A loop's back edge may carry a hint of how LLVM may unroll the loop, kept in both forms.
// CHECK-LABEL: llvm.func @hinted
// CHECK:         llvm.br ^bb1(%{{.+}} : i64) {loop_hint = "vectorize_no_unroll"}
// GENERIC:       "llvm.br"(%{{.+}})[^bb1] {loop_hint = "vectorize_no_unroll", successor_operand_counts = array<i64: 1>} : (i64) -> ()
llvm.func @hinted(%n: i64) {
  %zero = llvm.constant 0 : i64
  %one = llvm.constant 1 : i64
  llvm.br ^head(%zero : i64)
^head(%i: i64):
  %more = llvm.icmp slt %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %next = llvm.add %i, %one : i64
  llvm.br ^head(%next : i64) {loop_hint = "vectorize_no_unroll"}
^exit:
  llvm.return
}
