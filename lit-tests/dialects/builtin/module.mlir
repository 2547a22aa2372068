// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The forms of builtin.module: a name, an attribute dictionary (after `attributes`), both,
// neither, and no module at all (top-level operations are wrapped in an implicit one).
// The generic form keeps the name as the `sym_name` attribute, and reads back to the same
// custom form.

// CHECK-LABEL: module @named {
// CHECK-NEXT:    func.func @in_named()
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:       }) {sym_name = "named"} : () -> ()
module @named {
  func.func @in_named() {
    return
  }
}

// -----

// CHECK-LABEL: module @with_attrs attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-NEXT:  }
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC-NEXT:  }) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32, sym_name = "with_attrs"} : () -> ()
module @with_attrs attributes {mhlo.num_replicas = 1 : i32, mhlo.num_partitions = 1 : i32} {
}

// -----

// An unnamed module with attributes; a unit attribute prints as its bare name, and an
// i64 integer without its type (the default integer type).
// CHECK-LABEL: module attributes {jax.uses_shape_polymorphism, x.count = 3} {
// CHECK-NEXT:  }
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC-NEXT:  }) {jax.uses_shape_polymorphism, x.count = 3} : () -> ()
module attributes {x.count = 3 : i64, jax.uses_shape_polymorphism} {}

// -----

// An empty module still has its block: `module {}` prints as an empty body.
// CHECK-LABEL: module {
// CHECK-NEXT:  }
// CHECK-NOT:   attributes
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC-NEXT:  }) : () -> ()
module {}

// -----

// Top-level functions without a module are wrapped in an implicit, unnamed one.
// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @implicit_a()
// CHECK:         func.func @implicit_b()
// CHECK:       }
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "func.func"() ({
// GENERIC:         }) {function_type = () -> (), sym_name = "implicit_a"} : () -> ()
// GENERIC:         }) {function_type = () -> (), sym_name = "implicit_b"} : () -> ()
// GENERIC-NEXT:  }) : () -> ()
func.func @implicit_a() {
  return
}
func.func @implicit_b() {
  return
}

// -----

// A module written in the generic form reads back to the custom form.
// CHECK-LABEL: module @from_generic attributes {foo.bar = "baz"} {
// CHECK-NEXT:  }
"builtin.module"() ({
}) {sym_name = "from_generic", foo.bar = "baz"} : () -> ()
