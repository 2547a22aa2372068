// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s

// Builtin types print back as written, and the print reads back to the same print.

// CHECK-LABEL: func.func @integers
// CHECK-SAME:    (%{{.*}}: i1, %{{.*}}: i8, %{{.*}}: si8, %{{.*}}: ui32, %{{.*}}: i64, %{{.*}}: si64, %{{.*}}: ui1, %{{.*}}: i128)
// CHECK-SAME:    -> (i1, si8, ui32)
func.func @integers(%a: i1, %b: i8, %c: si8, %d: ui32, %e: i64, %f: si64, %g: ui1, %h: i128) -> (i1, si8, ui32) {
  func.return %a, %c, %d : i1, si8, ui32
}

// -----

// CHECK-LABEL: func.func @floats
// CHECK-SAME:    (%{{.*}}: f16, %{{.*}}: bf16, %{{.*}}: f32, %{{.*}}: f64, %{{.*}}: tf32)
func.func @floats(%a: f16, %b: bf16, %c: f32, %d: f64, %e: tf32) {
  func.return
}

// -----

// Every f8, f6 and f4 kind XLA knows.

// CHECK-LABEL: func.func @small_floats
// CHECK-SAME:    %{{.*}}: f8E5M2, %{{.*}}: f8E4M3, %{{.*}}: f8E4M3FN, %{{.*}}: f8E5M2FNUZ,
// CHECK-SAME:    %{{.*}}: f8E4M3FNUZ, %{{.*}}: f8E4M3B11FNUZ, %{{.*}}: f8E3M4, %{{.*}}: f8E8M0FNU,
// CHECK-SAME:    %{{.*}}: f6E2M3FN, %{{.*}}: f6E3M2FN, %{{.*}}: f4E2M1FN)
func.func @small_floats(%a: f8E5M2, %b: f8E4M3, %c: f8E4M3FN, %d: f8E5M2FNUZ,
                        %e: f8E4M3FNUZ, %f: f8E4M3B11FNUZ, %g: f8E3M4, %h: f8E8M0FNU,
                        %i: f6E2M3FN, %j: f6E3M2FN, %k: f4E2M1FN) {
  func.return
}

// -----

// CHECK-LABEL: func.func @composite
// CHECK-SAME:    (%{{.*}}: complex<f32>, %{{.*}}: complex<bf16>, %{{.*}}: tuple<>, %{{.*}}: tuple<i32, tuple<f32, index>, tensor<2xf32>>, %{{.*}}: index, %{{.*}}: none)
func.func @composite(%a: complex<f32>, %b: complex<bf16>, %c: tuple<>, %d: tuple<i32, tuple<f32, index>, tensor<2xf32>>, %e: index, %f: none) {
  func.return
}

// -----

// Function types: one result bare, several in parentheses, a function-typed result
// parenthesized so that it is not read as a list.

// CHECK-LABEL: func.func @function_types
// CHECK-SAME:    %{{.*}}: () -> ()
// CHECK-SAME:    %{{.*}}: (i32) -> i1
// CHECK-SAME:    %{{.*}}: (i32, f32) -> (i1, i8)
// CHECK-SAME:    %{{.*}}: (i32) -> ((i32) -> i32)
// CHECK-SAME:    -> ((i1) -> i1)
func.func @function_types(%a: () -> (), %b: (i32) -> i1, %c: (i32, f32) -> (i1, i8), %d: (i32) -> ((i32) -> i32), %e: (i1) -> i1) -> ((i1) -> i1) {
  func.return %e : (i1) -> i1
}

// -----

// Dialect types the compiler does not model are kept as text, parameters included.

// CHECK-LABEL: func.func @opaque
// CHECK-SAME:    (%{{.*}}: !hlo.token, %{{.*}}: !mydialect.thing<"a", [1, 2], <nested>>, %{{.*}}: tensor<2x!hlo.token>)
func.func @opaque(%a: !hlo.token, %b: !mydialect.thing<"a", [1, 2], <nested>>, %c: tensor<2x!hlo.token>) {
  func.return
}

// -----

// Types as operand and result types of generic operations.

// CHECK-LABEL: func.func @types_of_values
// CHECK:         %[[C:.+]] = "test.make"() : () -> complex<f64>
// CHECK:         %[[T:.+]] = "test.pack"(%[[C]]) : (complex<f64>) -> tuple<complex<f64>, ui8>
// CHECK:         "test.sink"(%[[T]]) : (tuple<complex<f64>, ui8>) -> ()
func.func @types_of_values() {
  %c = "test.make"() : () -> complex<f64>
  %t = "test.pack"(%c) : (complex<f64>) -> tuple<complex<f64>, ui8>
  "test.sink"(%t) : (tuple<complex<f64>, ui8>) -> ()
  func.return
}
