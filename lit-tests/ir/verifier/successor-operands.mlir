// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Successor operands: an operation with `successor_operand_counts` passes its trailing
// operands to its successors, one count per successor, and each successor receives as many
// values as its block has arguments, of the same types. Operations without the attribute
// are not checked (they pass nothing the core knows of).

func.func @fits(%c: i1, %x: i32, %y: f32) {
  "test.cond_br"(%c, %x, %y)[^bb1, ^bb2] {successor_operand_counts = array<i64: 1, 1>} : (i1, i32, f32) -> ()
^bb1(%a: i32):
  "test.br"()[^bb3] {successor_operand_counts = array<i64: 0>} : () -> ()
^bb2(%b: f32):
  "test.br"()[^bb3] : () -> ()
^bb3:
  func.return
}

// -----

func.func @too_few(%x: i32) {
  // expected-error @+1 {{'test.br' op branch has 1 operands for successor #0, but target block has 2}}
  "test.br"(%x)[^bb1] {successor_operand_counts = array<i64: 1>} : (i32) -> ()
^bb1(%a: i32, %b: i32):
  func.return
}

// -----

func.func @wrong_type(%x: i32) {
  // expected-error @+1 {{'test.br' op type mismatch for bb argument #0 of successor #0: passes i32, but the argument has type i64}}
  "test.br"(%x)[^bb1] {successor_operand_counts = array<i64: 1>} : (i32) -> ()
^bb1(%a: i64):
  func.return
}

// -----

func.func @counts_per_successor(%c: i1, %x: i32) {
  // expected-error @+1 {{'test.cond_br' op 'successor_operand_counts' has 1 entries, but the operation has 2 successors}}
  "test.cond_br"(%c, %x)[^bb1, ^bb1] {successor_operand_counts = array<i64: 1>} : (i1, i32) -> ()
^bb1(%a: i32):
  func.return
}

// -----

func.func @more_than_the_operands(%x: i32) {
  // expected-error @+1 {{'test.br' op 'successor_operand_counts' passes 2 operands to successors, but the operation has 1}}
  "test.br"(%x)[^bb1] {successor_operand_counts = array<i64: 2>} : (i32) -> ()
^bb1(%a: i32, %b: i32):
  func.return
}

// -----

func.func @not_an_array(%x: i32) {
  // expected-error @+1 {{'test.br' op 'successor_operand_counts' must be an array<i64: ...>, found 1}}
  "test.br"(%x)[^bb1] {successor_operand_counts = 1} : (i32) -> ()
^bb1(%a: i32):
  func.return
}
