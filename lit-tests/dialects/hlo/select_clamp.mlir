// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// hlo.select writes the predicate's type and the one type of its choices and result;
// hlo.clamp writes one type when its bounds have the operand's type. Both print the
// functional type otherwise (0-d predicates or bounds, compatible types).

// CHECK-LABEL: func.func @select
// CHECK-SAME:    (%[[P:[^:]+]]: tensor<2x3xi1>, %[[S:[^:]+]]: tensor<i1>, %[[A:[^:]+]]: tensor<2x3xf32>, %[[B:[^:]+]]: tensor<2x3xf32>)
// CHECK-NEXT:    hlo.select %[[P]], %[[A]], %[[B]] : tensor<2x3xi1>, tensor<2x3xf32>
// CHECK-NEXT:    hlo.select %[[S]], %[[A]], %[[B]] : tensor<i1>, tensor<2x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.select"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    "hlo.select"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<i1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @select(%p: tensor<2x3xi1>, %s: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  %0 = hlo.select %p, %a, %b : tensor<2x3xi1>, tensor<2x3xf32>
  %1 = hlo.select %s, %a, %b : tensor<i1>, tensor<2x3xf32>
  return
}

// -----

// Tuples select as whole values by a 0-d predicate; choices of compatible types give the
// merged type and print the functional type.
// CHECK-LABEL: func.func @select_tuples_and_merged_types
// CHECK-NEXT:    hlo.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<i1>, tuple<tensor<2xf32>, tensor<i32>>
// CHECK-NEXT:    hlo.select %{{.+}}, %{{.+}}, %{{.+}} : (tensor<2xi1>, tensor<?xi32>, tensor<?xi32>) -> tensor<2xi32>
// CHECK-NEXT:    hlo.select %{{.+}}, %{{.+}}, %{{.+}} {x.tag = "t"} : (tensor<i1>, tensor<?xi32>, tensor<2xi32>) -> tensor<2xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.select"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<i1>, tuple<tensor<2xf32>, tensor<i32>>, tuple<tensor<2xf32>, tensor<i32>>) -> tuple<tensor<2xf32>, tensor<i32>>
func.func @select_tuples_and_merged_types(%s: tensor<i1>, %p: tensor<2xi1>, %t: tuple<tensor<2xf32>, tensor<i32>>, %d: tensor<?xi32>, %e: tensor<2xi32>) {
  %0 = hlo.select %s, %t, %t : tensor<i1>, tuple<tensor<2xf32>, tensor<i32>>
  %1 = hlo.select %p, %d, %d : (tensor<2xi1>, tensor<?xi32>, tensor<?xi32>) -> tensor<2xi32>
  %2 = "hlo.select"(%s, %d, %e) {x.tag = "t"} : (tensor<i1>, tensor<?xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

// CHECK-LABEL: func.func @clamp
// CHECK-SAME:    (%[[LO:[^:]+]]: tensor<f32>, %[[X:[^:]+]]: tensor<4xf32>, %[[HI:[^:]+]]: tensor<4xf32>, %[[I:[^:]+]]: tensor<4xi32>)
// CHECK-NEXT:    hlo.clamp %[[LO]], %[[X]], %[[LO]] : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    hlo.clamp %[[LO]], %[[X]], %[[HI]] : (tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    hlo.clamp %[[HI]], %[[X]], %[[HI]] : tensor<4xf32>
// CHECK-NEXT:    hlo.clamp %[[I]], %[[I]], %[[I]] : tensor<4xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.clamp"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// GENERIC:         "hlo.clamp"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
func.func @clamp(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<4xf32>, %i: tensor<4xi32>) {
  %0 = hlo.clamp %lo, %x, %lo : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = hlo.clamp %hi, %x, %hi : tensor<4xf32>
  %3 = hlo.clamp %i, %i, %i : tensor<4xi32>
  return
}

// -----

// A bound of known shape makes the result of an operand with unknown dimensions known.
// CHECK-LABEL: func.func @clamp_merges_shapes
// CHECK-NEXT:    hlo.clamp %{{.+}}, %{{.+}}, %{{.+}} : (tensor<4xf32>, tensor<?xf32>, tensor<f32>) -> tensor<4xf32>
func.func @clamp_merges_shapes(%lo: tensor<4xf32>, %x: tensor<?xf32>, %hi: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.clamp %lo, %x, %hi : (tensor<4xf32>, tensor<?xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
