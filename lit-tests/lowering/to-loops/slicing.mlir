// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// Slicing ops: an element that may come from several places is chosen by loop.if, so no
// element is read outside its tensor; dynamic starts are clamped as XLA clamps them.

// slice reads start + i * stride.
// CHECK-LABEL: func.func @slice
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = loop.constant 2 : index
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[S:.+]] = loop.arith multiply %[[I]], %[[C2]] : index
// CHECK-NEXT:      %[[P:.+]] = loop.arith add %[[S]], %[[C1]] : index
// CHECK-NEXT:      %[[X:.+]] = loop.load %arg0[%[[P]]] : memref<8xf32>
// CHECK-NEXT:      loop.store %[[X]], %arg1[%[[I]]] : memref<3xf32>

func.func @slice(%a: tensor<8xf32>) -> tensor<3xf32> {
  %0 = hlo.slice %a [1:7:2] : (tensor<8xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// concatenate picks the operand whose range holds the index (empty operands skipped).
// CHECK-LABEL: func.func @concatenate
// CHECK-DAG:     %[[C2:.+]] = loop.constant 2 : index
// CHECK-DAG:     %[[M2:.+]] = loop.constant -2 : index
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[IN:.+]] = loop.compare LT, %[[I]], %[[C2]] : index
// CHECK-NEXT:      %[[E:.+]] = loop.if %[[IN]] -> (f32) {
// CHECK-NEXT:        %[[A:.+]] = loop.load %arg0[%[[I]]] : memref<2xf32>
// CHECK-NEXT:        loop.yield %[[A]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[J:.+]] = loop.arith add %[[I]], %[[M2]] : index
// CHECK-NEXT:        %[[C:.+]] = loop.load %arg2[%[[J]]] : memref<3xf32>
// CHECK-NEXT:        loop.yield %[[C]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.store %[[E]], %arg3[%[[I]]] : memref<5xf32>

func.func @concatenate(%a: tensor<2xf32>, %b: tensor<0xf32>, %c: tensor<3xf32>) -> tensor<5xf32> {
  %0 = hlo.concatenate %a, %b, %c, dim = 0 : (tensor<2xf32>, tensor<0xf32>, tensor<3xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// pad reads the operand where (i - low) is a multiple of interior + 1 whose quotient is
// inside the operand, the padding value elsewhere.
// CHECK-LABEL: func.func @pad
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[M1:.+]] = loop.constant -1 : index
// CHECK-DAG:     %[[C2:.+]] = loop.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = loop.constant 3 : index
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[S:.+]] = loop.arith add %[[I]], %[[M1]] : index
// CHECK-NEXT:      %[[Q:.+]] = loop.arith divide %[[S]], %[[C2]] : index
// CHECK-NEXT:      %[[GE:.+]] = loop.compare GE, %[[S]], %[[C0]] : index
// CHECK-NEXT:      %[[R:.+]] = loop.arith remainder %[[S]], %[[C2]] : index
// CHECK-NEXT:      %[[ON:.+]] = loop.compare EQ, %[[R]], %[[C0]] : index
// CHECK-NEXT:      %[[LT:.+]] = loop.compare LT, %[[Q]], %[[C3]] : index
// CHECK-NEXT:      %[[A1:.+]] = loop.arith and %[[GE]], %[[ON]] : i1
// CHECK-NEXT:      %[[IN:.+]] = loop.arith and %[[A1]], %[[LT]] : i1
// CHECK-NEXT:      %[[E:.+]] = loop.if %[[IN]] -> (f32) {
// CHECK-NEXT:        %[[X:.+]] = loop.load %arg0[%[[Q]]] : memref<3xf32>
// CHECK-NEXT:        loop.yield %[[X]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[V:.+]] = loop.load %arg1[] : memref<f32>
// CHECK-NEXT:        loop.yield %[[V]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.store %[[E]], %arg2[%[[I]]] : memref<8xf32>

func.func @pad(%a: tensor<3xf32>, %v: tensor<f32>) -> tensor<8xf32> {
  %0 = hlo.pad %a, %v, low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// dynamic_slice reads start + i with the start clamped to [0, 8 - 3]; dynamic_update_slice
// reads the update inside the clamped block and the operand outside it.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:    (%[[A:[^:]+]]: memref<8xf32>, %[[U:[^:]+]]: memref<2xf32>, %[[S:[^:]+]]: memref<i32>, %[[R0:[^:]+]]: memref<3xf32>, %[[R1:[^:]+]]: memref<8xf32>)
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[C5:.+]] = loop.constant 5 : index
// CHECK-DAG:     %[[C6:.+]] = loop.constant 6 : index
// CHECK-DAG:     %[[C2:.+]] = loop.constant 2 : index
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[ST:.+]] = loop.load %[[S]][] : memref<i32>
// CHECK-NEXT:      %[[SI:.+]] = loop.convert %[[ST]] : i32 -> index
// CHECK-NEXT:      %[[LO:.+]] = loop.arith minimum %[[SI]], %[[C5]] : index
// CHECK-NEXT:      %[[CL:.+]] = loop.arith maximum %[[LO]], %[[C0]] : index
// CHECK-NEXT:      %[[P:.+]] = loop.arith add %[[I]], %[[CL]] : index
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[A]][%[[P]]] : memref<8xf32>
// CHECK-NEXT:      loop.store %[[X]], %[[R0]][%[[I]]] : memref<3xf32>
// CHECK:         loop.parallel (%[[J:.+]]) =
// CHECK:           %[[UL:.+]] = loop.arith minimum %{{.+}}, %[[C6]] : index
// CHECK-NEXT:      %[[UC:.+]] = loop.arith maximum %[[UL]], %[[C0]] : index
// CHECK-NEXT:      %[[OFF:.+]] = loop.arith subtract %[[J]], %[[UC]] : index
// CHECK-NEXT:      %[[GE:.+]] = loop.compare GE, %[[OFF]], %[[C0]] : index
// CHECK-NEXT:      %[[LT:.+]] = loop.compare LT, %[[OFF]], %[[C2]] : index
// CHECK-NEXT:      %[[IN:.+]] = loop.arith and %[[GE]], %[[LT]] : i1
// CHECK-NEXT:      %[[E:.+]] = loop.if %[[IN]] -> (f32) {
// CHECK-NEXT:        %[[Y:.+]] = loop.load %[[U]][%[[OFF]]] : memref<2xf32>
// CHECK-NEXT:        loop.yield %[[Y]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[Z:.+]] = loop.load %[[A]][%[[J]]] : memref<8xf32>
// CHECK-NEXT:        loop.yield %[[Z]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.store %[[E]], %[[R1]][%[[J]]] : memref<8xf32>

func.func @dynamic(%a: tensor<8xf32>, %u: tensor<2xf32>, %s: tensor<i32>) -> (tensor<3xf32>, tensor<8xf32>) {
  %0 = hlo.dynamic_slice %a, %s, sizes = [3] : (tensor<8xf32>, tensor<i32>) -> tensor<3xf32>
  %1 = hlo.dynamic_update_slice %a, %u, %s : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> tensor<8xf32>
  return %0, %1 : tensor<3xf32>, tensor<8xf32>
}

// -----

// gather: the start index comes from the index tensor at the batch index, clamped into
// [0, 5 - 1]; the offset dimensions index the slice.
// CHECK-LABEL: func.func @embedding
// CHECK-SAME:    (%[[T:[^:]+]]: memref<5x3xf32>, %[[IDS:[^:]+]]: memref<2x1xi32>, %[[R:[^:]+]]: memref<2x3xf32>)
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[C4:.+]] = loop.constant 4 : index
// CHECK:         loop.parallel (%[[B:.+]], %[[O:.+]]) =
// CHECK-NEXT:      %[[ID:.+]] = loop.load %[[IDS]][%[[B]], %[[C0]]] : memref<2x1xi32>
// CHECK-NEXT:      %[[I:.+]] = loop.convert %[[ID]] : i32 -> index
// CHECK-NEXT:      %[[LO:.+]] = loop.arith minimum %[[I]], %[[C4]] : index
// CHECK-NEXT:      %[[S:.+]] = loop.arith maximum %[[LO]], %[[C0]] : index
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[T]][%[[S]], %[[O]]] : memref<5x3xf32>
// CHECK-NEXT:      loop.store %[[X]], %[[R]][%[[B]], %[[O]]] : memref<2x3xf32>

func.func @embedding(%table: tensor<5x3xf32>, %ids: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %0 = hlo.gather %table[%ids], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
