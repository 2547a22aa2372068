// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// Regions: several per operation, several blocks per region, entry-block arguments,
// nesting, and values of enclosing regions visible inside non-isolated ones.

// CHECK-LABEL: func.func @two_regions
// CHECK-SAME:    (%[[A:.+]]: tensor<f32>)
// CHECK:         %[[OUTER:.+]] = hlo.add %[[A]], %[[A]]
// CHECK:         "test.two_regions"(%[[OUTER]]) ({
// CHECK-NEXT:    ^bb0(%[[X:.+]]: tensor<f32>, %{{.+}}: i32):
// CHECK-NEXT:      %[[IN:.+]] = hlo.add %[[X]], %[[OUTER]] : tensor<f32>
// CHECK-NEXT:      "test.yield"(%[[IN]]) : (tensor<f32>) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      "test.yield"() : () -> ()
// CHECK-NEXT:    ^bb1(%[[Z:.+]]: i1):
// CHECK-NEXT:      "test.yield"(%[[Z]]) : (i1) -> ()
// CHECK-NEXT:    }) : (tensor<f32>) -> ()
func.func @two_regions(%a: tensor<f32>) {
  %0 = hlo.add %a, %a : tensor<f32>
  "test.two_regions"(%0) ({
  ^bb0(%x: tensor<f32>, %y: i32):
    %1 = hlo.add %x, %0 : tensor<f32>
    "test.yield"(%1) : (tensor<f32>) -> ()
  }, {
    "test.yield"() : () -> ()
  ^other(%z: i1):
    "test.yield"(%z) : (i1) -> ()
  }) : (tensor<f32>) -> ()
  func.return
}

// -----

// Deep nesting: a value of the function is visible three regions down.

// CHECK-LABEL: func.func @deep
// CHECK-SAME:    (%[[A:.+]]: i32)
// CHECK:         "test.l1"() ({
// CHECK-NEXT:      "test.l2"() ({
// CHECK-NEXT:        "test.l3"() ({
// CHECK-NEXT:          "test.use"(%[[A]]) : (i32) -> ()
func.func @deep(%a: i32) {
  "test.l1"() ({
    "test.l2"() ({
      "test.l3"() ({
        "test.use"(%a) : (i32) -> ()
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
  func.return
}

// -----

// Empty regions: `{}` has no block; an operation may have a region list of empty regions.

// CHECK-LABEL: func.func @empty_regions
// CHECK:         "test.holder"() ({
// CHECK-NEXT:    }, {
// CHECK-NEXT:      "test.inner"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
func.func @empty_regions() {
  "test.holder"() ({}, {
    "test.inner"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

// Names may be reused in sibling regions, and a name of an enclosing region is visible
// in a nested one (so it may not be redefined there, see invalid-ssa.mlir).

// CHECK-LABEL: func.func @sibling_scopes
// CHECK:         "test.a"() ({
// CHECK-NEXT:      %[[V1:.+]] = "test.def"() : () -> i32
// CHECK-NEXT:      "test.use"(%[[V1]])
// CHECK:         "test.b"() ({
// CHECK-NEXT:      %[[V2:.+]] = "test.def"() : () -> f32
// CHECK-NEXT:      "test.use"(%[[V2]])
func.func @sibling_scopes() {
  "test.a"() ({
    %v = "test.def"() : () -> i32
    "test.use"(%v) : (i32) -> ()
  }) : () -> ()
  "test.b"() ({
    %v = "test.def"() : () -> f32
    "test.use"(%v) : (f32) -> ()
  }) : () -> ()
  func.return
}

// -----

// Modules nest; each module is a symbol table and isolated from above.

// CHECK-LABEL: module @outer attributes {test.flag} {
// CHECK-NEXT:    module @inner {
// CHECK-NEXT:      func.func @f()
// CHECK:         func.func @f()
module @outer attributes {test.flag} {
  module @inner {
    func.func @f() {
      func.return
    }
  }
  func.func @f() {
    func.return
  }
}

// -----

// A file holding several top-level operations is wrapped in one implicit module; a file
// holding exactly one module is that module.

// CHECK-LABEL: module {
// CHECK-NEXT:    module @a {
// CHECK-NEXT:    }
// CHECK-NEXT:    module @b {
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module @a {}
module @b {}
