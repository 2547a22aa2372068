// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s --check-prefix=CUSTOM
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Every operation has a generic form, `"name"(operands)[successors] ({regions}) {attrs} :
// functional-type`; registered operations with a custom form read it in either form and
// print the custom one unless --mlir-print-op-generic is given.

// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "func.func"() ({
// GENERIC-NEXT:    ^bb0(%[[A:.+]]: tensor<2xf32>, %[[B:.+]]: tensor<2x3xf32>):
// GENERIC-NEXT:      %[[S:.+]] = "hlo.add"(%[[A]], %[[A]]) {test.note = "x"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// GENERIC-NEXT:      %[[C:.+]] = "hlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
// GENERIC-NEXT:      %[[R:.+]] = "hlo.reduce"(%[[B]], %[[C]]) ({
// GENERIC-NEXT:      ^bb0(%[[X:.+]]: tensor<f32>, %[[Y:.+]]: tensor<f32>):
// GENERIC-NEXT:        %[[XY:.+]] = "hlo.add"(%[[X]], %[[Y]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT:        "hlo.return"(%[[XY]]) : (tensor<f32>) -> ()
// GENERIC-NEXT:      }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// GENERIC-NEXT:      %[[D:.+]] = "hlo.broadcast_in_dim"(%[[R]]) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x2xf32>
// GENERIC-NEXT:      "func.return"(%[[S]]) : (tensor<2xf32>) -> ()
// GENERIC-NEXT:    }) {function_type = (tensor<2xf32>, tensor<2x3xf32>) -> tensor<2xf32>, sym_name = "custom_ops", sym_visibility = "public"} : () -> ()
// GENERIC-NEXT:  }) : () -> ()

// CUSTOM-LABEL: func.func public @custom_ops
// CUSTOM-SAME:    (%[[A:.+]]: tensor<2xf32>, %[[B:.+]]: tensor<2x3xf32>) -> tensor<2xf32> {
// CUSTOM-NEXT:    %[[S:.+]] = hlo.add %[[A]], %[[A]] {test.note = "x"} : tensor<2xf32>
// CUSTOM-NEXT:    %[[C:.+]] = hlo.constant dense<0.0> : tensor<f32>
// CUSTOM-NEXT:    %[[R:.+]] = hlo.reduce(%[[B]] init : %[[C]]) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
// CUSTOM-NEXT:    ^bb0(%[[X:.+]]: tensor<f32>, %[[Y:.+]]: tensor<f32>):
// CUSTOM-NEXT:      %[[XY:.+]] = hlo.add %[[X]], %[[Y]] : tensor<f32>
// CUSTOM-NEXT:      hlo.return %[[XY]] : tensor<f32>
// CUSTOM-NEXT:    }
// CUSTOM-NEXT:    hlo.broadcast_in_dim %[[R]], dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
// CUSTOM-NEXT:    func.return %[[S]] : tensor<2xf32>
func.func public @custom_ops(%a: tensor<2xf32>, %b: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = hlo.add %a, %a {test.note = "x"} : tensor<2xf32>
  %c = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%b init: %c) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    {
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = hlo.add %x, %y : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  %d = hlo.broadcast_in_dim %r, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Written in the generic form, registered operations print in their custom form.

// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "func.func"() ({
// GENERIC-NEXT:    ^bb0(%[[A:.+]]: tensor<4xf32>):
// GENERIC-NEXT:      %[[M:.+]] = "hlo.multiply"(%[[A]], %[[A]]) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC-NEXT:      "func.return"(%[[M]]) : (tensor<4xf32>) -> ()
// GENERIC-NEXT:    }) {function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "from_generic"} : () -> ()

// CUSTOM-LABEL: func.func @from_generic
// CUSTOM-SAME:    (%[[A:.+]]: tensor<4xf32>) -> tensor<4xf32> {
// CUSTOM-NEXT:    %[[M:.+]] = hlo.multiply %[[A]], %[[A]] : tensor<4xf32>
// CUSTOM-NEXT:    func.return %[[M]] : tensor<4xf32>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: tensor<4xf32>):
    %m = "hlo.multiply"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%m) : (tensor<4xf32>) -> ()
  }) {sym_name = "from_generic", function_type = (tensor<4xf32>) -> tensor<4xf32>} : () -> ()
}) : () -> ()

// -----

// A declaration has an empty region; function argument and result attributes are
// `arg_attrs`/`res_attrs` in the generic form.

// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "func.func"() ({
// GENERIC-NEXT:    }) {function_type = (tensor<2xf32>, i32) -> (tensor<2xf32>, i32), sym_name = "decl", sym_visibility = "private"} : () -> ()
// GENERIC:         "func.func"() ({
// GENERIC:         }) {arg_attrs = [{test.arg = 1 : i32}, {}], function_type = (i32, i32) -> i32, res_attrs = [{test.res}], sym_name = "with_attrs"} : () -> ()

// CUSTOM-LABEL: func.func private @decl(tensor<2xf32>, i32) -> (tensor<2xf32>, i32)
// CUSTOM-LABEL: func.func @with_attrs
// CUSTOM-SAME:    (%{{.+}}: i32 {test.arg = 1 : i32}, %{{.+}}: i32) -> (i32 {test.res})
func.func private @decl(tensor<2xf32>, i32) -> (tensor<2xf32>, i32)
func.func @with_attrs(%a: i32 {test.arg = 1 : i32}, %b: i32) -> (i32 {test.res}) {
  return %a : i32
}

// -----

// Operations of unknown dialects exist only in the generic form, with every feature.

// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %[[V:.+]]:2 = "other.op"(%{{.+}}) ({
// GENERIC-NEXT:      "other.yield"() : () -> ()
// GENERIC-NEXT:    }) {flag} : (i32) -> (i1, i1)
// CUSTOM-LABEL:  func.func @unknown_dialect
// CUSTOM:          %[[V:.+]]:2 = "other.op"(%{{.+}}) ({
// CUSTOM-NEXT:       "other.yield"() : () -> ()
// CUSTOM-NEXT:     }) {flag} : (i32) -> (i1, i1)
func.func @unknown_dialect(%a: i32) {
  %v:2 = "other.op"(%a) ({
    "other.yield"() : () -> ()
  }) {flag} : (i32) -> (i1, i1)
  func.return
}
