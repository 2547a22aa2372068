// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// Functions in destination-passing style: tensor arguments then results become buffers
// (tuples flattened, tokens dropped), a returned value is computed straight into its
// result buffer, anything else is copied there, and func.return returns nothing. Calls pass
// buffers likewise.

// CHECK-LABEL: func.func @elementwise
// CHECK-SAME:    (%[[A:.+]]: memref<2x3xf32>, %[[B:.+]]: memref<3xf32>, %[[OUT:.+]]: memref<2x3xf32>)
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[C2:.+]] = loop.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = loop.constant 3 : index
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]]) = (%[[C0]], %[[C0]]) to (%[[C2]], %[[C3]]) {
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[A]][%[[I]], %[[J]]] : memref<2x3xf32>
// CHECK-NEXT:      %[[Y:.+]] = loop.load %[[B]][%[[J]]] : memref<3xf32>
// CHECK-NEXT:      %[[S:.+]] = loop.arith add %[[X]], %[[Y]] : f32
// CHECK-NEXT:      loop.store %[[S]], %[[OUT]][%[[I]], %[[J]]] : memref<2x3xf32>
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// CHECK-NOT:     loop.alloc
func.func @elementwise(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// An argument returned is copied; a value returned twice is computed into the first
// result buffer and copied into the second.
// CHECK-LABEL: func.func @returns_argument_and_twice
// CHECK-SAME:    (%[[A:[^:]+]]: memref<4xi32>, %[[R0:[^:]+]]: memref<4xi32>, %[[R1:[^:]+]]: memref<4xi32>, %[[R2:[^:]+]]: memref<4xi32>)
// CHECK:         loop.parallel
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[A]]
// CHECK-NEXT:      %[[N:.+]] = loop.math negate %[[X]] : i32
// CHECK-NEXT:      loop.store %[[N]], %[[R1]]
// CHECK:         loop.parallel
// CHECK-NEXT:      %[[Y:.+]] = loop.load %[[A]]
// CHECK-NEXT:      loop.store %[[Y]], %[[R0]]
// CHECK:         loop.parallel
// CHECK-NEXT:      %[[Z:.+]] = loop.load %[[R1]]
// CHECK-NEXT:      loop.store %[[Z]], %[[R2]]
func.func @returns_argument_and_twice(%a: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = hlo.negate %a : tensor<4xi32>
  return %a, %0, %0 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Tuples are flattened into their leaves and tokens dropped; a 0-d result is a scalar
// stored into its result buffer.
// CHECK-LABEL: func.func @tuples
// CHECK-SAME:    (%[[T0:[^:]+]]: memref<2xf32>, %[[T1:[^:]+]]: memref<f32>, %[[R0:[^:]+]]: memref<2xf32>, %[[R1:[^:]+]]: memref<f32>)
// CHECK:         loop.parallel
// CHECK:           loop.arith multiply
// CHECK:           loop.store %{{.+}}, %[[R0]]
// CHECK:         %[[S:.+]] = loop.load %[[T1]][] : memref<f32>
// CHECK-NEXT:    %[[D:.+]] = loop.arith add %[[S]], %[[S]] : f32
// CHECK-NEXT:    loop.store %[[D]], %[[R1]][] : memref<f32>
// CHECK-NEXT:    func.return
func.func @tuples(%t: tuple<tensor<2xf32>, tensor<f32>>, %tok: !hlo.token) -> tuple<tensor<2xf32>, tensor<f32>> {
  %0 = hlo.get_tuple_element %t[0] : tuple<tensor<2xf32>, tensor<f32>>
  %1 = hlo.get_tuple_element %t[1] : tuple<tensor<2xf32>, tensor<f32>>
  %2 = hlo.multiply %0, %1 : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %3 = hlo.add %1, %1 : tensor<f32>
  %4 = hlo.tuple %2, %3 : tuple<tensor<2xf32>, tensor<f32>>
  return %4 : tuple<tensor<2xf32>, tensor<f32>>
}

// -----

// func.call and hlo.call pass the arguments' buffers then the results' buffers; a
// declaration's signature changes the same way.
// CHECK-LABEL: func.func private @callee(memref<2xf32>, memref<2xf32>, memref<i32>)
// CHECK-LABEL: func.func @calls
// CHECK-SAME:    (%[[X:[^:]+]]: memref<2xf32>, %[[OUT:[^:]+]]: memref<2xf32>)
// CHECK-NEXT:    %[[B:.+]] = loop.alloc : memref<2xf32>
// CHECK-NEXT:    %[[N:.+]] = loop.alloc : memref<i32>
// CHECK-NEXT:    func.call @callee(%[[X]], %[[B]], %[[N]]) : (memref<2xf32>, memref<2xf32>, memref<i32>) -> ()
// CHECK-NEXT:    func.call @twice(%[[B]], %[[OUT]]) : (memref<2xf32>, memref<2xf32>) -> ()
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func private @twice
// CHECK-SAME:    (%[[Y:[^:]+]]: memref<2xf32>, %[[R:[^:]+]]: memref<2xf32>)
// CHECK:           %[[E:.+]] = loop.load %[[Y]]
// CHECK-NEXT:      %[[T:.+]] = loop.arith add %[[E]], %[[E]] : f32
// CHECK-NEXT:      loop.store %[[T]], %[[R]]
func.func private @callee(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
func.func @calls(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = func.call @callee(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
  %1 = hlo.call @twice(%0#0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @twice(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.add %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A function already at the loop level is left alone.
// CHECK-LABEL: func.func @already_lowered
// CHECK-SAME:    (%{{.+}}: memref<2xf32>)
// CHECK-NEXT:    func.return
func.func @already_lowered(%b: memref<2xf32>) {
  return
}
