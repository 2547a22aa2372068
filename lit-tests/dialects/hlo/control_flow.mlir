// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// Control flow: hlo.while, hlo.conditional and hlo.call. Regions print with their block
// arguments; the generic form lists the regions before the attributes.

// A counted loop over two loop-carried values: cond takes them and returns a tensor<i1>,
// body takes them and returns their next values. The results have the operands' types.
// CHECK-LABEL: func.func @counted_loop
// CHECK-SAME:    (%[[N:[^:]+]]: tensor<i32>, %[[X:[^:]+]]: tensor<4xf32>, %[[P:[^:]+]]: tensor<i1>)
// CHECK-NEXT:    %[[W:.+]]:2 = hlo.while(%[[N]], %[[X]]) : tensor<i32>, tensor<4xf32> cond {
// CHECK-NEXT:    ^bb0(%[[I:[^:]+]]: tensor<i32>, %[[ACC:[^:]+]]: tensor<4xf32>):
// CHECK-NEXT:      hlo.return %[[P]] : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[I2:[^:]+]]: tensor<i32>, %[[ACC2:[^:]+]]: tensor<4xf32>):
// CHECK-NEXT:      %[[J:.+]] = hlo.add %[[I2]], %[[I2]] : tensor<i32>
// CHECK-NEXT:      %[[Y:.+]] = hlo.add %[[ACC2]], %[[ACC2]] : tensor<4xf32>
// CHECK-NEXT:      hlo.return %[[J]], %[[Y]] : tensor<i32>, tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[W]]#0, %[[W]]#1 : tensor<i32>, tensor<4xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}}:2 = "hlo.while"(%{{.+}}, %{{.+}}) ({
// GENERIC-NEXT:    ^bb0(%{{.+}}: tensor<i32>, %{{.+}}: tensor<4xf32>):
// GENERIC-NEXT:      "hlo.return"(%{{.+}}) : (tensor<i1>) -> ()
// GENERIC-NEXT:    }, {
// GENERIC:         }) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>)
func.func @counted_loop(%n: tensor<i32>, %x: tensor<4xf32>, %p: tensor<i1>) -> (tensor<i32>, tensor<4xf32>) {
  %0:2 = hlo.while(%n, %x) : tensor<i32>, tensor<4xf32> cond {
  ^bb0(%i: tensor<i32>, %acc: tensor<4xf32>):
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %acc: tensor<4xf32>):
    %j = hlo.add %i, %i : tensor<i32>
    %y = hlo.add %acc, %acc : tensor<4xf32>
    hlo.return %j, %y : tensor<i32>, tensor<4xf32>
  }
  return %0#0, %0#1 : tensor<i32>, tensor<4xf32>
}

// -----

// XLA's single-value form is the one-operand case; the value may be a tuple.
// CHECK-LABEL: func.func @tuple_state
// CHECK:         %{{.+}} = hlo.while(%{{.+}}) : tuple<tensor<i32>, tensor<2xf32>> cond {
// CHECK-NEXT:    ^bb0(%{{.+}}: tuple<tensor<i32>, tensor<2xf32>>):
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[S:[^:]+]]: tuple<tensor<i32>, tensor<2xf32>>):
// CHECK-NEXT:      hlo.return %[[S]] : tuple<tensor<i32>, tensor<2xf32>>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.while"(%{{.+}}) ({
// GENERIC:         }) : (tuple<tensor<i32>, tensor<2xf32>>) -> tuple<tensor<i32>, tensor<2xf32>>
func.func @tuple_state(%s: tuple<tensor<i32>, tensor<2xf32>>) -> tuple<tensor<i32>, tensor<2xf32>> {
  %c = hlo.constant dense<false> : tensor<i1>
  %0 = hlo.while(%s) : tuple<tensor<i32>, tensor<2xf32>> cond {
  ^bb0(%arg: tuple<tensor<i32>, tensor<2xf32>>):
    hlo.return %c : tensor<i1>
  } do {
  ^bb0(%arg: tuple<tensor<i32>, tensor<2xf32>>):
    hlo.return %arg : tuple<tensor<i32>, tensor<2xf32>>
  }
  return %0 : tuple<tensor<i32>, tensor<2xf32>>
}

// -----

// A loop with no loop-carried values prints no type list; unknown dimensions are carried
// as they are.
// CHECK-LABEL: func.func @no_values_and_unknown_dims
// CHECK:         hlo.while() cond {
// CHECK:         } do {
// CHECK:         %{{.+}} = hlo.while(%{{.+}}) : tensor<?x<=8xf32> cond {
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.while"() ({
// GENERIC:         }) : () -> ()
// GENERIC:         }) : (tensor<?x<=8xf32>) -> tensor<?x<=8xf32>
func.func @no_values_and_unknown_dims(%p: tensor<i1>, %x: tensor<?x<=8xf32>) -> tensor<?x<=8xf32> {
  hlo.while() cond {
    hlo.return %p : tensor<i1>
  } do {
    hlo.return
  }
  %0 = hlo.while(%x) : tensor<?x<=8xf32> cond {
  ^bb0(%a: tensor<?x<=8xf32>):
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<?x<=8xf32>):
    hlo.return %a : tensor<?x<=8xf32>
  }
  return %0 : tensor<?x<=8xf32>
}

// -----

// The predicate form: two branches, the first taken when %p is true. Operand 1 + i is the
// argument of branch i; each branch returns the result types.
// CHECK-LABEL: func.func @if_else
// CHECK-SAME:    (%[[P:[^:]+]]: tensor<i1>, %[[X:[^:]+]]: tensor<2xf32>, %[[Y:[^:]+]]: tensor<f32>)
// CHECK-NEXT:    %[[R:.+]] = hlo.conditional %[[P]], %[[X]], %[[Y]] : (tensor<i1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32> {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<2xf32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[A]] : tensor<2xf32>
// CHECK-NEXT:      hlo.return %[[S]] : tensor<2xf32>
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%[[B:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      hlo.return %[[X]] : tensor<2xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : tensor<2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}} = "hlo.conditional"(%{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC-NEXT:    ^bb0(%{{.+}}: tensor<2xf32>):
// GENERIC:         }, {
// GENERIC-NEXT:    ^bb0(%{{.+}}: tensor<f32>):
// GENERIC:         }) : (tensor<i1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
func.func @if_else(%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.conditional %p, %x, %y : (tensor<i1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    %s = hlo.add %a, %a : tensor<2xf32>
    hlo.return %s : tensor<2xf32>
  }, {
  ^bb0(%b: tensor<f32>):
    hlo.return %x : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}

// -----

// The index form: N branches chosen by a tensor<i32>; several results.
// CHECK-LABEL: func.func @switch
// CHECK:         %[[R:.+]]:2 = hlo.conditional %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : (tensor<i32>, tensor<2xf32>, tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
// CHECK:         }, {
// CHECK:         }, {
// CHECK-NEXT:    ^bb0(%[[C:[^:]+]]: tensor<i32>):
// CHECK-NEXT:      hlo.return %{{.+}}, %[[C]] : tensor<2xf32>, tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]]#0, %[[R]]#1 : tensor<2xf32>, tensor<i32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}}:2 = "hlo.conditional"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC:         }) : (tensor<i32>, tensor<2xf32>, tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<i32>)
func.func @switch(%index: tensor<i32>, %a: tensor<2xf32>, %b: tensor<2xf32>, %c: tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
  %0:2 = hlo.conditional %index, %a, %b, %c : (tensor<i32>, tensor<2xf32>, tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<i32>) {
  ^bb0(%x: tensor<2xf32>):
    hlo.return %x, %c : tensor<2xf32>, tensor<i32>
  }, {
  ^bb0(%x: tensor<2xf32>):
    hlo.return %x, %c : tensor<2xf32>, tensor<i32>
  }, {
  ^bb0(%y: tensor<i32>):
    hlo.return %a, %y : tensor<2xf32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<2xf32>, tensor<i32>
}

// -----

// A single-branch index form always runs its branch.
// CHECK-LABEL: func.func @one_branch
// CHECK:         hlo.conditional %{{.+}}, %{{.+}} : (tensor<i32>, tensor<f32>) -> tensor<f32> {
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.conditional"(%{{.+}}, %{{.+}}) ({
// GENERIC:         }) : (tensor<i32>, tensor<f32>) -> tensor<f32>
func.func @one_branch(%index: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  %0 = hlo.conditional %index, %x : (tensor<i32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// Branches may return nothing.
// CHECK-LABEL: func.func @no_results
// CHECK-NEXT:    hlo.conditional %{{.+}}, %{{.+}}, %{{.+}} : (tensor<i1>, tensor<f32>, tensor<f32>) -> () {
// CHECK-NEXT:    ^bb0(%{{.+}}: tensor<f32>):
// CHECK-NEXT:      hlo.return
// CHECK-NEXT:    }, {
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.conditional"(%{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC:         }) : (tensor<i1>, tensor<f32>, tensor<f32>) -> ()
func.func @no_results(%p: tensor<i1>, %x: tensor<f32>) {
  hlo.conditional %p, %x, %x : (tensor<i1>, tensor<f32>, tensor<f32>) -> () {
  ^bb0(%a: tensor<f32>):
    hlo.return
  }, {
  ^bb0(%a: tensor<f32>):
    hlo.return
  }
  return
}

// -----

// hlo.call names a func.func of the module; its type is the callee's.
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>, %[[Y:[^:]+]]: tensor<f32>)
// CHECK-NEXT:    %[[R:.+]]:2 = hlo.call @callee(%[[X]], %[[Y]]) : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<f32>)
// CHECK-NEXT:    hlo.call @nothing() : () -> ()
// CHECK-NEXT:    func.return %[[R]]#0 : tensor<2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}}:2 = "hlo.call"(%{{.+}}, %{{.+}}) {to_apply = @callee} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<f32>)
// GENERIC-NEXT:    "hlo.call"() {to_apply = @nothing} : () -> ()
func.func @caller(%x: tensor<2xf32>, %y: tensor<f32>) -> tensor<2xf32> {
  %0:2 = hlo.call @callee(%x, %y) : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<f32>)
  hlo.call @nothing() : () -> ()
  return %0#0 : tensor<2xf32>
}
func.func private @callee(tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<f32>)
func.func @nothing() {
  return
}
