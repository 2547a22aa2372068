// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Operations with several results: `%r:2 = ...` binds both, `%r#1` uses one. The printer
// names the group `%N:k` and its members `%N#i`.

// CHECK-LABEL: func.func @groups
// CHECK:         %[[R:.+]]:3 = "test.three"() : () -> (i32, f32, i1)
// CHECK:         "test.use"(%[[R]]#2, %[[R]]#0, %[[R]]#1) : (i1, i32, f32) -> ()
// GENERIC-LABEL: "func.func"
// GENERIC:         %[[R:.+]]:3 = "test.three"() : () -> (i32, f32, i1)
// GENERIC:         "test.use"(%[[R]]#2, %[[R]]#0, %[[R]]#1) : (i1, i32, f32) -> ()
func.func @groups() {
  %r:3 = "test.three"() : () -> (i32, f32, i1)
  "test.use"(%r#2, %r#0, %r#1) : (i1, i32, f32) -> ()
  func.return
}

// -----

// One operation's results bound to several names: `%a, %b:2, %c = ...`. The printer uses
// one group name for all of them.

// CHECK-LABEL: func.func @several_names
// CHECK:         %[[G:.+]]:4 = "test.four"() : () -> (i8, i16, i32, i64)
// CHECK:         "test.use"(%[[G]]#0, %[[G]]#1, %[[G]]#2, %[[G]]#3) : (i8, i16, i32, i64) -> ()
func.func @several_names() {
  %a, %b:2, %c = "test.four"() : () -> (i8, i16, i32, i64)
  "test.use"(%a, %b#0, %b#1, %c) : (i8, i16, i32, i64) -> ()
  func.return
}

// -----

// `%x` alone names result 0 of a group.

// CHECK-LABEL: func.func @bare_name_is_result_zero
// CHECK:         %[[P:.+]]:2 = "test.pair"() : () -> (tensor<2xf32>, tensor<2xf32>)
// CHECK:         %[[S:.+]] = hlo.add %[[P]]#0, %[[P]]#1 : tensor<2xf32>
// CHECK:         return %[[S]], %[[P]]#0
func.func @bare_name_is_result_zero() -> (tensor<2xf32>, tensor<2xf32>) {
  %p:2 = "test.pair"() : () -> (tensor<2xf32>, tensor<2xf32>)
  %s = hlo.add %p, %p#1 : tensor<2xf32>
  func.return %s, %p : tensor<2xf32>, tensor<2xf32>
}

// -----

// Custom forms with several results: a call.

// CHECK-LABEL: func.func @callee
// CHECK-LABEL: func.func @call_two
// CHECK:         %[[C:.+]]:2 = func.call @callee() : () -> (i32, i64)
// CHECK:         return %[[C]]#1, %[[C]]#0 : i64, i32
func.func @callee() -> (i32, i64) {
  %0:2 = "test.two"() : () -> (i32, i64)
  func.return %0#0, %0#1 : i32, i64
}
func.func @call_two() -> (i64, i32) {
  %c:2 = func.call @callee() : () -> (i32, i64)
  func.return %c#1, %c#0 : i64, i32
}

// -----

// Values without results in between do not consume numbers.

// CHECK-LABEL: func.func @numbering
// CHECK:         %0:2 = "test.two"() : () -> (i1, i1)
// CHECK-NEXT:    "test.effect"() : () -> ()
// CHECK-NEXT:    %1 = "test.one"() : () -> i1
// CHECK-NEXT:    %2:3 = "test.three"() : () -> (i1, i1, i1)
// CHECK-NEXT:    "test.use"(%0#1, %1, %2#2) : (i1, i1, i1) -> ()
func.func @numbering() {
  %x:2 = "test.two"() : () -> (i1, i1)
  "test.effect"() : () -> ()
  %y = "test.one"() : () -> i1
  %z:3 = "test.three"() : () -> (i1, i1, i1)
  "test.use"(%x#1, %y, %z#2) : (i1, i1, i1) -> ()
  func.return
}
