// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// A value may be used before its definition when the definition dominates the use: here
// ^bb2 is the only way into ^bb1, so %x, defined in ^bb2, may be used in ^bb1, which is
// written first. The printer names values before printing, so the use and the definition
// get the same name.

// CHECK-LABEL: func.func @later_block
// CHECK-SAME:    (%[[A:.+]]: tensor<f32>)
// CHECK:         "test.br"()[^bb2] : () -> ()
// CHECK:       ^bb1(%[[P:.+]]: tensor<f32>):
// CHECK:         %[[U:.+]] = hlo.add %[[X:[0-9]+]], %[[P]] : tensor<f32>
// CHECK:         return %[[U]] : tensor<f32>
// CHECK:       ^bb2:
// CHECK:         %[[X]] = hlo.add %[[A]], %[[A]] : tensor<f32>
// CHECK:         "test.br"(%[[X]])[^bb1] : (tensor<f32>) -> ()
func.func @later_block(%a: tensor<f32>) -> tensor<f32> {
  "test.br"()[^bb2] : () -> ()
^bb1(%p: tensor<f32>):
  %u = hlo.add %x, %p : tensor<f32>
  func.return %u : tensor<f32>
^bb2:
  %x = hlo.add %a, %a : tensor<f32>
  "test.br"(%x)[^bb1] : (tensor<f32>) -> ()
}

// -----

// A forward reference to one result of a multi-result operation (`%m#1`), used twice.

// CHECK-LABEL: func.func @later_result
// CHECK:         "test.br"()[^bb2] : () -> ()
// CHECK:       ^bb1:
// CHECK:         "test.use"(%[[M:[0-9]+]]#1, %[[M]]#1, %[[M]]#0) : (i32, i32, f32) -> ()
// CHECK:       ^bb2:
// CHECK:         %[[M]]:2 = "test.two"() : () -> (f32, i32)
func.func @later_result() {
  "test.br"()[^bb2] : () -> ()
^bb1:
  "test.use"(%m#1, %m#1, %m#0) : (i32, i32, f32) -> ()
  func.return
^bb2:
  %m:2 = "test.two"() : () -> (f32, i32)
  "test.br"()[^bb1] : () -> ()
}

// -----

// A forward reference from a region nested in a later block of the same function.

// CHECK-LABEL: func.func @from_nested_region
// CHECK:       ^bb1:
// CHECK:         "test.wrap"() ({
// CHECK-NEXT:      "test.use"(%[[V:[0-9]+]]) : (i64) -> ()
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[V]] = "test.def"() : () -> i64
func.func @from_nested_region() {
  "test.br"()[^bb2] : () -> ()
^bb1:
  "test.wrap"() ({
    "test.use"(%v) : (i64) -> ()
  }) : () -> ()
  func.return
^bb2:
  %v = "test.def"() : () -> i64
  "test.br"()[^bb1] : () -> ()
}

// -----

// Successors may name blocks defined later; blocks are renumbered ^bbN in order.

// CHECK-LABEL: func.func @successors_forward
// CHECK:         "test.cond_br"(%{{.*}})[^bb2, ^bb1] : (i1) -> ()
// CHECK:       ^bb1:
// CHECK-NEXT:    "test.br"()[^bb3] : () -> ()
// CHECK:       ^bb2:
// CHECK-NEXT:    "test.br"()[^bb3] : () -> ()
// CHECK:       ^bb3:
// CHECK-NEXT:    return
func.func @successors_forward(%c: i1) {
  "test.cond_br"(%c)[^then, ^else] : (i1) -> ()
^else:
  "test.br"()[^exit] : () -> ()
^then:
  "test.br"()[^exit] : () -> ()
^exit:
  func.return
}
