// RUN: xla-opt %s --split-input-file --verify-diagnostics

// SSA dominance: an operand must be defined before its use in the same block, in a block
// that dominates the use's block, or in an enclosing region. The parser accepts uses
// before definitions (they may be legal in a later block); the verifier decides.

func.func @use_before_def_in_block(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %1 = hlo.add %0, %a : tensor<f32>
  // expected-note @+1 {{operand defined here}}
  %0 = hlo.add %a, %a : tensor<f32>
  func.return %1 : tensor<f32>
}

// -----

// The operand number is the one that fails.

func.func @second_operand(%a: tensor<f32>) {
  // expected-error @+1 {{operand #1 does not dominate this use}}
  "test.use"(%a, %late) : (tensor<f32>, i32) -> ()
  %late = "test.def"() : () -> i32 // expected-note {{operand defined here}}
  func.return
}

// -----

// Across blocks: ^bb1 does not dominate ^bb3, which ^bb2 also reaches.

func.func @across_blocks(%a: tensor<f32>, %c: i1) -> tensor<f32> {
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note @+1 {{operand defined here}}
  %0 = hlo.add %a, %a : tensor<f32>
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  func.return %0 : tensor<f32>
}

// -----

// A block argument is defined at the top of its block and dominates only the blocks its
// block dominates; here it is used in a sibling branch. The note points at the operation
// whose region holds the block.

// expected-note @+1 {{operand defined here}}
func.func @block_argument_across_blocks(%c: i1) {
  "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1(%x: i32):
  "test.br"()[^bb3] : () -> ()
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "test.use"(%x) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  func.return
}

// -----

// Across regions: a value defined in a nested region is not visible after its operation.
// Referenced before the nested definition, the name resolves to it, and the verifier
// reports the use.

func.func @across_regions() {
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "test.use"(%inner) : (i32) -> ()
  "test.region"() ({
    // expected-note @+1 {{operand defined here}}
    %inner = "test.def"() : () -> i32
    "test.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

// Used after its region closes, the name is not visible at all: a parse error.

func.func @after_region() {
  "test.region"() ({
    %inner = "test.def"() : () -> i32
    "test.yield"() : () -> ()
  }) : () -> ()
  // expected-error @+1 {{use of undeclared SSA value name '%inner'}}
  "test.use"(%inner) : (i32) -> ()
  func.return
}

// -----

// A nested region may use a value of an enclosing block only when the value dominates the
// operation holding the region.

func.func @nested_use_before_outer_def() {
  "test.region"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "test.use"(%outer) : (i32) -> ()
  }) : () -> ()
  // expected-note @+1 {{operand defined here}}
  %outer = "test.def"() : () -> i32
  func.return
}

// -----

// Every bad operand is reported, not only the first.

func.func @all_errors_reported() {
  "test.use"(%x) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  "test.use"(%x) : (i32) -> () // expected-error {{operand #0 does not dominate this use}}
  %x = "test.def"() : () -> i32 // expected-note {{operand defined here}}
  // expected-note @-1 {{operand defined here}}
  func.return
}

// -----

// Code in blocks unreachable from the entry is not checked, as in MLIR: neither a use
// before its definition in the same block nor one from a block that does not dominate.

func.func @unreachable_block_is_not_checked() {
  func.return
^dead:
  "test.use"(%later) : (i32) -> ()
  %later = "test.def"() : () -> i32
  "test.br"()[^dead] : () -> ()
^also_dead:
  "test.use"(%later) : (i32) -> ()
  "test.br"()[^dead] : () -> ()
}
