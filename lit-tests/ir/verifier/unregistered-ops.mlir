// RUN: xla-opt %s --split-input-file --verify-diagnostics
// RUN: xla-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: xla-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// An operation of a registered dialect (builtin, func, hlo) must be one the dialect
// registers; operations of other dialects are always allowed, with or without
// --allow-unregistered-dialect.

func.func @unknown_hlo_op(%a: tensor<f32>) {
  // expected-error @+1 {{unregistered operation 'hlo.frobnicate' found in dialect ('hlo') that does not allow unknown operations}}
  %0 = "hlo.frobnicate"(%a) : (tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @unknown_func_op() {
  // expected-error @+1 {{unregistered operation 'func.yield' found in dialect ('func') that does not allow unknown operations}}
  "func.yield"() : () -> ()
  func.return
}

// -----

// expected-error @+1 {{unregistered operation 'builtin.thing' found in dialect ('builtin') that does not allow unknown operations}}
"builtin.thing"() : () -> ()

// -----

// Every unknown operation is reported.

func.func @several() {
  "hlo.one"() : () -> () // expected-error {{unregistered operation 'hlo.one'}}
  "hlo.two"() : () -> () // expected-error {{unregistered operation 'hlo.two'}}
  func.return
}

// -----

// Unknown dialects, and names without a dialect, are allowed; the module prints them (and
// it is the only chunk that prints: the others failed).

// CHECK-NOT:   hlo.frobnicate
// CHECK-LABEL: func.func @unknown_dialects
// CHECK:         %[[V:.+]] = "mydialect.op"(%{{.+}}) {attr = 1 : i32} : (i32) -> i32
// CHECK:         "nodialect"(%[[V]]) : (i32) -> ()

func.func @unknown_dialects(%a: i32) {
  %0 = "mydialect.op"(%a) {attr = 1 : i32} : (i32) -> i32
  "nodialect"(%0) : (i32) -> ()
  func.return
}
