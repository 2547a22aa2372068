// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// Constants: a splat is one loop.constant standing for every element (stored only where
// a buffer is needed); any other constant is a buffer filled by one store per element.
// Scalar and index constants are hoisted to the top of the function and shared.

// CHECK-LABEL: func.func @constants
// CHECK-SAME:    (%[[R0:[^:]+]]: memref<2x2xi32>, %[[R1:[^:]+]]: memref<3xf32>, %[[R2:[^:]+]]: memref<f32>)
// CHECK-DAG:     %[[ONE:.+]] = loop.constant 1 : i32
// CHECK-DAG:     %[[TWO:.+]] = loop.constant 2 : i32
// CHECK-DAG:     %[[THREE:.+]] = loop.constant 3 : i32
// CHECK-DAG:     %[[FOUR:.+]] = loop.constant 4 : i32
// CHECK-DAG:     %[[I0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[I1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[HALF:.+]] = loop.constant 1.5 : f32
// CHECK-DAG:     %[[F2:.+]] = loop.constant 2.0 : f32
// CHECK:         loop.store %[[ONE]], %[[R0]][%[[I0]], %[[I0]]] : memref<2x2xi32>
// CHECK-NEXT:    loop.store %[[TWO]], %[[R0]][%[[I0]], %[[I1]]] : memref<2x2xi32>
// CHECK-NEXT:    loop.store %[[THREE]], %[[R0]][%[[I1]], %[[I0]]] : memref<2x2xi32>
// CHECK-NEXT:    loop.store %[[FOUR]], %[[R0]][%[[I1]], %[[I1]]] : memref<2x2xi32>
// CHECK-NEXT:    loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      loop.store %[[HALF]], %[[R1]][%[[I]]] : memref<3xf32>
// CHECK:         loop.store %[[F2]], %[[R2]][] : memref<f32>

func.func @constants() -> (tensor<2x2xi32>, tensor<3xf32>, tensor<f32>) {
  %0 = hlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %1 = hlo.constant dense<1.5> : tensor<3xf32>
  %2 = hlo.constant dense<2.0> : tensor<f32>
  return %0, %1, %2 : tensor<2x2xi32>, tensor<3xf32>, tensor<f32>
}

// -----

// A splat operand is its scalar; an optimization barrier forwards its operand, which is
// computed straight into the result buffer.
// CHECK-LABEL: func.func @splat_operand
// CHECK-SAME:    (%[[A:[^:]+]]: memref<3xf32>, %[[R:[^:]+]]: memref<3xf32>)
// CHECK-NEXT:    %[[HALF:.+]] = loop.constant 1.5 : f32
// CHECK-NOT:     loop.alloc
// CHECK:           %[[X:.+]] = loop.load %[[A]]
// CHECK-NEXT:      %[[S:.+]] = loop.arith add %[[X]], %[[HALF]] : f32
// CHECK-NEXT:      loop.store %[[S]], %[[R]]

func.func @splat_operand(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = hlo.constant dense<1.5> : tensor<3xf32>
  %1 = hlo.add %a, %0 : tensor<3xf32>
  %2 = hlo.optimization_barrier %1 : tensor<3xf32>
  return %2 : tensor<3xf32>
}

// -----

// A constant of more than 64 elements that is not a splat is copied into its buffer by a
// loop nest from a loop.literal (read-only data of the object), whatever its size.
// CHECK-LABEL: func.func @large_constant
// CHECK:         %[[BUF:.+]] = loop.alloc : memref<66xi32>
// CHECK:         %[[LIT:.+]] = loop.literal dense<[0, 1, 2, {{.*}}, 65]> : tensor<66xi32> -> memref<66xi32>
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[LIT]][%[[I]]] : memref<66xi32>
// CHECK-NEXT:      loop.store %[[X]], %[[BUF]][%[[I]]] : memref<66xi32>
// CHECK-NOT:     loop.store %{{.+}}, %[[LIT]]
func.func @large_constant(%x: tensor<66xi32>) -> tensor<66xi32> {
  %c = hlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65]> : tensor<66xi32>
  %y = hlo.add %x, %c : tensor<66xi32>
  return %y : tensor<66xi32>
}
