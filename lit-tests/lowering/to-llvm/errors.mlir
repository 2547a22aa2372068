// RUN: xla-opt %s --split-input-file --lower-to-llvm --verify-diagnostics

// What lower-to-llvm does not handle is a located error (and the module is left as it
// was), never a crash.

// expected-error @+1 {{lower-to-llvm lowers loop-level functions, which return nothing: lower the module with lower-to-loops first}}
func.func @hlo_function(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

func.func @hlo_left(%a: memref<4xf32>) {
  // expected-error @+1 {{lower-to-llvm does not handle 'hlo.constant': lower the module with lower-to-loops first}}
  %0 = hlo.constant dense<1.0> : tensor<4xf32>
  func.return
}

// -----

func.func @tf32(%a: memref<4xtf32>) {
  %c0 = loop.constant 0 : index
  // expected-error @+1 {{lower-to-llvm does not handle values of type tf32 yet}}
  %x = loop.load %a[%c0] : memref<4xtf32>
  func.return
}

// -----

// expected-error @+1 {{the entry @main does not say which of its buffers are results: lower it with lower-to-loops, which records loop.num_results}}
func.func @main(%a: memref<4xf32>) {
  func.return
}

// -----

// expected-error @+1 {{lower-to-llvm: the entry's symbol @xla_main is taken by this function; pick another name}}
func.func @xla_main(%a: memref<4xf32>) {
  func.return
}
func.func @main(%a: memref<4xf32>, %r: memref<4xf32>) attributes {loop.num_results = 1} {
  func.return
}

// -----

// A loop may not carry a buffer out of its region.
func.func @buffer_out(%p: i1, %a: memref<4xf32>) {
  // expected-error @+1 {{lower-to-llvm does not handle buffers passed out of a region yet}}
  %0 = loop.if %p -> (memref<4xf32>) {
    loop.yield %a : memref<4xf32>
  } else {
    loop.yield %a : memref<4xf32>
  }
  func.return
}
