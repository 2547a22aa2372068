// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Every block of a function ends with a terminator, and a terminator is the last
// operation of its block.

func.func @missing_terminator(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{block in 'func.func' must end with a terminator, found 'hlo.add'}}
  %0 = hlo.add %a, %a : tensor<f32>
}

// -----

func.func @terminator_not_last(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{must be the last operation in the parent block}}
  func.return %a : tensor<f32>
  // expected-error @+1 {{block in 'func.func' must end with a terminator, found 'hlo.add'}}
  %0 = hlo.add %a, %a : tensor<f32>
}

// -----

// Every block is checked, not only the entry.

func.func @later_block_without_terminator() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  // expected-error @+1 {{block in 'func.func' must end with a terminator, found 'hlo.constant'}}
  %0 = hlo.constant dense<1> : tensor<i32>
}

// -----

// An empty block has no terminator; the error is on the operation owning the region.

// expected-error @+1 {{empty block: expect at least a terminator}}
func.func @empty_block() {
  "test.br"()[^bb1] : () -> ()
^bb1:
}

// -----

// Terminators of registered regions are checked; `hlo.reduce`'s own verifier also asks
// for `hlo.return`.

func.func @reducer_without_terminator(%a: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{the reducer must end with hlo.return, found 'hlo.add'}}
  %0 = hlo.reduce(%a init: %init) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    {
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      // expected-error @+1 {{block in 'hlo.reduce' must end with a terminator, found 'hlo.add'}}
      %s = hlo.add %x, %y : tensor<f32>
    }
  func.return %0 : tensor<f32>
}

// -----

// An unregistered operation may end a block (it could be a terminator), and the regions
// of unregistered operations need none.

func.func @unregistered_may_end_a_block() {
  "test.region"() ({
    "test.not_a_terminator"() : () -> ()
  }) : () -> ()
  "test.maybe_terminator"() : () -> ()
}

// -----

// A module's block needs no terminator, and a module has a single block.

"builtin.module"() ({
  "test.op"() : () -> ()
// expected-error @-2 {{expects a single block per region, found 2}}
^bb1:
  "test.op"() : () -> ()
}) : () -> ()
