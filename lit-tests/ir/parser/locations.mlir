// RUN: xla-opt %s --split-input-file --mlir-print-debuginfo | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-debuginfo | xla-opt --split-input-file --mlir-print-debuginfo | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-debuginfo --mlir-print-op-generic | xla-opt --split-input-file --mlir-print-debuginfo | FileCheck %s
// RUN: xla-opt %s --split-input-file | FileCheck %s --check-prefix=NODEBUG

// `loc(...)` after an operation is its location; `--mlir-print-debuginfo` prints every
// operation's location, and the printed locations read back to the same print.

// CHECK-LABEL: func.func @kinds
// CHECK:         hlo.add {{.*}} loc("x.py":10:2)
// CHECK:         hlo.add {{.*}} loc(callsite("f"("a.py":1:2) at "b.py":3:4))
// CHECK:         hlo.add {{.*}} loc(fused["a.py":1:1, "b.py":2:2])
// CHECK:         hlo.add {{.*}} loc(fused<"xla">["a.py":1:1, unknown])
// CHECK:         hlo.add {{.*}} loc("name"("file.py":5:6))
// CHECK:         hlo.add {{.*}} loc("just a name")
// CHECK:         hlo.add {{.*}} loc(unknown)
// CHECK:         func.return {{.*}} loc(callsite(callsite("g" at "c.py":1:1) at fused["d.py":2:2]))
// CHECK:       } loc("fn.py":1:1)
// NODEBUG-LABEL: func.func @kinds
// NODEBUG-NOT:   {{ loc\(}}
func.func @kinds(%a: tensor<f32>) -> tensor<f32> {
  %0 = hlo.add %a, %a : tensor<f32> loc("x.py":10:2)
  %1 = hlo.add %0, %a : tensor<f32> loc(callsite("f"("a.py":1:2) at "b.py":3:4))
  %2 = hlo.add %1, %a : tensor<f32> loc(fused["a.py":1:1, "b.py":2:2])
  %3 = hlo.add %2, %a : tensor<f32> loc(fused<"xla">["a.py":1:1, unknown])
  %4 = hlo.add %3, %a : tensor<f32> loc("name"("file.py":5:6))
  %5 = hlo.add %4, %a : tensor<f32> loc("just a name")
  %6 = hlo.add %5, %a : tensor<f32> loc(unknown)
  func.return %6 : tensor<f32> loc(callsite(callsite("g" at "c.py":1:1) at fused["d.py":2:2]))
} loc("fn.py":1:1)

// -----

// `#loc` aliases, as MLIR prints them, are defined at the top level before their uses and
// may refer to earlier aliases; the printer prints the locations they stand for.

#loc0 = loc("model.py":3:7)
#loc1 = loc("relu"(#loc0))
#loc2 = loc(callsite(#loc1 at "main.py":9:1))

// CHECK-LABEL: func.func @loc_aliases
// CHECK:         hlo.multiply {{.*}} loc("model.py":3:7)
// CHECK:         hlo.maximum {{.*}} loc("relu"("model.py":3:7))
// CHECK:         func.return {{.*}} loc(callsite("relu"("model.py":3:7) at "main.py":9:1))
func.func @loc_aliases(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.multiply %a, %a : tensor<2xf32> loc(#loc0)
  %1 = hlo.maximum %0, %a : tensor<2xf32> loc(#loc1)
  func.return %1 : tensor<2xf32> loc(#loc2)
}

// -----

// Without `loc(...)`, an operation is located at its first token in the input file, and a
// split chunk keeps the line numbers of the whole file. A range keeps its start.

// CHECK-LABEL: func.func @default_locations
// CHECK:         "test.first"() : () -> () loc("{{.*}}locations.mlir":[[# @LINE + 5]]:3)
// CHECK:         "test.indented"() : () -> () loc("{{.*}}locations.mlir":[[# @LINE + 5]]:7)
// CHECK:         "test.range"() : () -> () loc("r.py":1:2)
// CHECK:         func.return loc("{{.*}}locations.mlir":[[# @LINE + 5]]:3)
func.func @default_locations() {
  "test.first"() : () -> ()
      "test.indented"() : () -> ()
  "test.range"() : () -> () loc("r.py":1:2 to 3:4)
  func.return
}

// -----

// Locations are part of the generic form too, after the type.

// CHECK-LABEL: func.func @generic_with_loc
// CHECK:         "test.op"() {a = 1 : i32} : () -> i32 loc("g.py":1:1)
func.func @generic_with_loc() {
  %0 = "test.op"() {a = 1 : i32} : () -> i32 loc("g.py":1:1)
  func.return
}
