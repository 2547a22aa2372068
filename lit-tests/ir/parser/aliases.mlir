// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// `!name = type` and `#name = attribute` define aliases at the top level; uses read as the
// aliased type or attribute, and the printer prints them expanded.

!f = f32
!vec = tensor<4x!f>
!fn = (!vec) -> !vec

// CHECK-LABEL: func.func @type_aliases
// CHECK-SAME:    (%[[A:.+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-SAME:    attributes {sig = (tensor<4xf32>) -> tensor<4xf32>}
// CHECK:         %[[S:.+]] = hlo.add %[[A]], %[[A]] : tensor<4xf32>
// CHECK:         "test.scalar"() : () -> f32
// CHECK:         return %[[S]] : tensor<4xf32>
func.func @type_aliases(%a: !vec) -> !vec attributes {sig = !fn} {
  %s = hlo.add %a, %a : !vec
  %t = "test.scalar"() : () -> !f
  func.return %s : !vec
}

// -----

#one = 1 : i32
#pair = [#one, #one]
#table = {first = #pair, name = "t"}
#lit = dense<[1.0, 2.0]> : tensor<2xf32>

// CHECK-LABEL: func.func @attribute_aliases
// CHECK:         "test.op"() {d = {first = [1 : i32, 1 : i32], name = "t"}, p = [1 : i32, 1 : i32], x = 1 : i32} : () -> ()
// CHECK:         hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
func.func @attribute_aliases() {
  "test.op"() {x = #one, p = #pair, d = #table} : () -> ()
  %c = hlo.constant #lit
  func.return
}

// -----

// An alias may be defined between operations, and used after its definition only.

!t = tensor<2xi32>

// CHECK-LABEL: func.func @first
// CHECK-SAME:    tensor<2xi32>
func.func @first(%a: !t) {
  func.return
}

#n = 7 : i64

// CHECK-LABEL: func.func @second
// CHECK-SAME:    attributes {n = 7}
func.func @second(%a: !t) attributes {n = #n} {
  func.return
}

// -----

// Dialect attributes and types with a dot are not aliases: they are kept as text.

#alias = #hlo<fft_type FFT>

// CHECK-LABEL: func.func @dialect_names_are_not_aliases
// CHECK:         "test.op"() {a = #hlo<fft_type FFT>, b = #hlo.dim<3>} : () -> !hlo.token
func.func @dialect_names_are_not_aliases() {
  %0 = "test.op"() {a = #alias, b = #hlo.dim<3>} : () -> !hlo.token
  func.return
}
