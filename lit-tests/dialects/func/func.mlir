// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s

// The custom form of func.func: definitions and declarations, visibility, argument and
// result attributes as JAX prints them, any number of results. The printer names block
// arguments %argN, prints `func.return` with its prefix, and reads back to itself.

// CHECK-LABEL: func.func @identity
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    func.return %[[X]] : tensor<2xf32>
// CHECK-NEXT:  }
func.func @identity(%x: tensor<2xf32>) -> tensor<2xf32> {
  // `return` without the dialect prefix is func.return inside a function.
  return %x : tensor<2xf32>
}

// -----

// What `jax.jit(f).lower(...)` prints: a public entry with sharding attributes on the
// arguments and result_info on the results, always in parentheses.
// CHECK-LABEL: module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT:    func.func public @main
// CHECK-SAME:      (%[[A:.+]]: tensor<2x3xf32> {mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"},
// CHECK-SAME:       %[[B:.+]]: tensor<2x3xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"})
// CHECK-SAME:      -> (tensor<2x3xf32> {jax.result_info = ""}) {
// CHECK-NEXT:      %[[SUM:.+]] = hlo.add %[[A]], %[[B]] : tensor<2x3xf32>
// CHECK-NEXT:      func.return %[[SUM]] : tensor<2x3xf32>
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"}, %arg1: tensor<2x3xf32> {mhlo.sharding = "{devices=[2,1]<=[2]}"}) -> (tensor<2x3xf32> {jax.result_info = ""}) {
    %0 = hlo.add %arg0, %arg1 : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}

// -----

// Several results, each with its own result_info; the attribute-less one prints bare.
// CHECK-LABEL: func.func public @two_results
// CHECK-SAME:    -> (tensor<f32> {jax.result_info = "[0]"}, tensor<i32>, tensor<2xf32> {jax.result_info = "[2]"}) {
// CHECK:         func.return %{{.+}}, %{{.+}}, %{{.+}} : tensor<f32>, tensor<i32>, tensor<2xf32>
func.func public @two_results(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<2xf32>) -> (tensor<f32> {jax.result_info = "[0]"}, tensor<i32>, tensor<2xf32> {jax.result_info = "[2]"}) {
  return %a, %b, %c : tensor<f32>, tensor<i32>, tensor<2xf32>
}

// -----

// Several results without attributes; a multi-result value is used as %name#i.
// CHECK-LABEL: func.func @multi() -> (tensor<f32>, tensor<i32>) {
// CHECK-DAG:     %[[F:.+]] = hlo.constant dense<1.0> : tensor<f32>
// CHECK-DAG:     %[[I:.+]] = hlo.constant dense<2> : tensor<i32>
// CHECK:         func.return %[[F]], %[[I]] : tensor<f32>, tensor<i32>
func.func @multi() -> (tensor<f32>, tensor<i32>) {
  %0 = hlo.constant dense<1.0> : tensor<f32>
  %1 = hlo.constant dense<2> : tensor<i32>
  return %0, %1 : tensor<f32>, tensor<i32>
}

// -----

// No results: no arrow, and a bare return.
// CHECK-LABEL: func.func @no_results
// CHECK-SAME:    (%{{.+}}: tensor<f32>) {
// CHECK-NEXT:    func.return{{$}}
func.func @no_results(%x: tensor<f32>) -> () {
  func.return
}

// -----

// Declarations: no body and unnamed argument types, with any visibility; attributes of
// declarations' arguments and results print as in definitions.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func private @decl(tensor<2xf32>, i32) -> (tensor<2xf32>, i32){{$}}
// CHECK-NEXT:    func.func nested @nested_decl(){{$}}
// CHECK-NEXT:    func.func @public_decl(tensor<2xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<f32> {jax.result_info = ""}){{$}}
// CHECK-NEXT:    func.func private @returns_function() -> ((i32) -> i32){{$}}
// CHECK-NEXT:  }
func.func private @decl(tensor<2xf32>, i32) -> (tensor<2xf32>, i32)
func.func nested @nested_decl()
func.func @public_decl(tensor<2xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<f32> {jax.result_info = ""})
func.func private @returns_function() -> ((i32) -> i32)

// -----

// Extra attributes of the function go after `attributes`; a quoted symbol name stays
// quoted; argument locations are accepted.
// CHECK-LABEL: func.func private @"with space"
// CHECK-SAME:    (%[[X:.+]]: tensor<f32> {x.y = 1 : i32}) -> tensor<f32> attributes {llvm.emit_c_interface, x.z = "s"} {
// CHECK-NEXT:    func.return %[[X]] : tensor<f32>
func.func private @"with space"(%x: tensor<f32> {x.y = 1 : i32} loc("f.py":1:2)) -> tensor<f32> attributes {x.z = "s", llvm.emit_c_interface} {
  return %x : tensor<f32>
}
