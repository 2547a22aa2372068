// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// Elementwise ops: one loop.parallel each, storing loop.math / loop.arith / loop.compare /
// loop.select / loop.convert / loop.bitcast of the operands' elements. Implicit
// broadcasting reads a scalar operand at [] and a size-1 dimension at 0.

// CHECK-LABEL: func.func @unary_binary
// CHECK-SAME:    (%[[A:[^:]+]]: memref<2x3xf32>, %[[S:[^:]+]]: memref<f32>, %[[D:[^:]+]]: memref<1x3xf32>, %[[R0:[^:]+]]: memref<2x3xf32>, %[[R1:[^:]+]]: memref<2x3xf32>)
// CHECK:         %[[C0:.+]] = loop.constant 0 : index
// CHECK:         %[[E:.+]] = loop.alloc : memref<2x3xf32>
// CHECK-NEXT:    loop.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT:      %[[EX:.+]] = loop.math exponential %[[X]] : f32
// CHECK-NEXT:      loop.store %[[EX]], %[[E]][%[[I]], %[[J]]]
// CHECK:         loop.parallel (%[[I2:.+]], %[[J2:.+]]) =
// CHECK-NEXT:      %[[Y:.+]] = loop.load %[[E]][%[[I2]], %[[J2]]]
// CHECK-NEXT:      %[[SC:.+]] = loop.load %[[S]][] : memref<f32>
// CHECK-NEXT:      %[[M:.+]] = loop.arith multiply %[[Y]], %[[SC]] : f32
// CHECK-NEXT:      loop.store %[[M]], %[[R0]][%[[I2]], %[[J2]]]
// CHECK:         loop.parallel (%[[I3:.+]], %[[J3:.+]]) =
// CHECK-NEXT:      %[[Z:.+]] = loop.load %[[R0]][%[[I3]], %[[J3]]]
// CHECK-NEXT:      %[[W:.+]] = loop.load %[[D]][%[[C0]], %[[J3]]] : memref<1x3xf32>
// CHECK-NEXT:      %[[SUB:.+]] = loop.arith subtract %[[Z]], %[[W]] : f32
// CHECK-NEXT:      loop.store %[[SUB]], %[[R1]][%[[I3]], %[[J3]]]

func.func @unary_binary(%a: tensor<2x3xf32>, %s: tensor<f32>, %d: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = hlo.exponential %a : tensor<2x3xf32>
  %1 = hlo.multiply %0, %s : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %2 = hlo.subtract %1, %d : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A 0-d predicate or bound is read at [] in every iteration; clamp is
// minimum(maximum(x, lo), hi), as XLA computes it.
// CHECK-LABEL: func.func @compare_select_clamp
// CHECK-SAME:    (%[[A:[^:]+]]: memref<4xf32>, %[[B:[^:]+]]: memref<4xf32>, %[[LO:[^:]+]]: memref<f32>, %[[P:[^:]+]]: memref<i1>, %[[R0:[^:]+]]: memref<4xf32>, %[[R1:[^:]+]]: memref<4xf32>)
// CHECK:         %[[CMP:.+]] = loop.alloc : memref<4xi1>
// CHECK:           loop.compare LT, %{{.+}}, %{{.+}}, TOTALORDER : f32
// CHECK:         %[[SEL:.+]] = loop.alloc : memref<4xf32>
// CHECK:           %[[PV:.+]] = loop.load %[[CMP]][%{{.+}}] : memref<4xi1>
// CHECK:           loop.select %[[PV]], %{{.+}}, %{{.+}} : f32
// CHECK:         loop.parallel (%[[K:.+]]) =
// CHECK-NEXT:      %[[Q:.+]] = loop.load %[[P]][] : memref<i1>
// CHECK-NEXT:      %[[T:.+]] = loop.load %[[SEL]][%[[K]]]
// CHECK-NEXT:      %[[F:.+]] = loop.load %[[B]][%[[K]]]
// CHECK-NEXT:      %[[V:.+]] = loop.select %[[Q]], %[[T]], %[[F]] : f32
// CHECK-NEXT:      loop.store %[[V]], %[[R0]][%[[K]]]
// CHECK:         loop.parallel (%[[L:.+]]) =
// CHECK-NEXT:      %[[MIN:.+]] = loop.load %[[LO]][] : memref<f32>
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[R0]][%[[L]]]
// CHECK-NEXT:      %[[MAX:.+]] = loop.load %[[B]][%[[L]]]
// CHECK-NEXT:      %[[UP:.+]] = loop.arith maximum %[[X]], %[[MIN]] : f32
// CHECK-NEXT:      %[[DOWN:.+]] = loop.arith minimum %[[UP]], %[[MAX]] : f32
// CHECK-NEXT:      loop.store %[[DOWN]], %[[R1]][%[[L]]]

func.func @compare_select_clamp(%a: tensor<4xf32>, %b: tensor<4xf32>, %lo: tensor<f32>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = hlo.select %0, %a, %b : tensor<4xi1>, tensor<4xf32>
  %2 = hlo.select %p, %1, %b : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = hlo.clamp %lo, %2, %b : (tensor<f32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2, %3 : tensor<4xf32>, tensor<4xf32>
}

// -----

// is_finite is |x| < inf.
// CHECK-LABEL: func.func @conversions
// CHECK:         %[[INF:.+]] = loop.constant 0x7F800000 : f32
// CHECK:           loop.convert %{{.+}} : f32 -> i32
// CHECK:           loop.bitcast %{{.+}} : f32 -> i32
// CHECK:           %[[ABS:.+]] = loop.math abs %{{.+}} : f32
// CHECK-NEXT:      loop.compare LT, %[[ABS]], %[[INF]], FLOAT : f32

func.func @conversions(%a: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi1>) {
  %0 = hlo.convert_element_type %a : (tensor<4xf32>) -> tensor<4xi32>
  %1 = hlo.bitcast_convert_type %a : (tensor<4xf32>) -> tensor<4xi32>
  %2 = hlo.is_finite %a : (tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi1>
}

// -----

// A map's computation is inlined on the inputs' elements.
// CHECK-LABEL: func.func @map
// CHECK:         loop.parallel
// CHECK-NEXT:      %[[X:.+]] = loop.load %arg0
// CHECK-NEXT:      %[[Y:.+]] = loop.load %arg1
// CHECK-NEXT:      %[[M:.+]] = loop.arith maximum %[[X]], %[[Y]] : f32
// CHECK-NEXT:      loop.store %[[M]], %arg2

func.func @map(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.map(%a, %b) dimensions = [0] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = hlo.maximum %x, %y : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

// 0-d values are scalars: no loops and no buffers until a result is stored; a splat
// constant is a loop.constant.
// CHECK-LABEL: func.func @scalars
// CHECK-SAME:    (%[[A:[^:]+]]: memref<i32>, %[[B:[^:]+]]: memref<i32>, %[[R:[^:]+]]: memref<i32>)
// CHECK-NEXT:    %[[THREE:.+]] = loop.constant 3 : i32
// CHECK-NEXT:    %[[X:.+]] = loop.load %[[A]][] : memref<i32>
// CHECK-NEXT:    %[[Y:.+]] = loop.load %[[B]][] : memref<i32>
// CHECK-NEXT:    %[[S:.+]] = loop.arith add %[[X]], %[[Y]] : i32
// CHECK-NEXT:    %[[M:.+]] = loop.arith multiply %[[S]], %[[THREE]] : i32
// CHECK-NEXT:    loop.store %[[M]], %[[R]][] : memref<i32>
// CHECK-NEXT:    func.return

func.func @scalars(%a: tensor<i32>, %b: tensor<i32>) -> tensor<i32> {
  %0 = hlo.add %a, %b : tensor<i32>
  %1 = hlo.constant dense<3> : tensor<i32>
  %2 = hlo.multiply %0, %1 : tensor<i32>
  return %2 : tensor<i32>
}

// -----

// A bitcast between widths goes through unsigned integers: a narrower result takes bits
// k * 8 of the operand element (k the minor index); a wider one ors the shifted parts.
// CHECK-LABEL: func.func @widths
// CHECK-DAG:     %[[C8:.+]] = loop.constant 8 : index
// CHECK-DAG:     %[[Z:.+]] = loop.constant 0 : ui32
// CHECK-DAG:     %[[S16:.+]] = loop.constant 16 : ui32
// CHECK:         loop.parallel (%[[I:.+]], %[[K:.+]]) =
// CHECK-NEXT:      %[[X:.+]] = loop.load %arg0[%[[I]]] : memref<3xf32>
// CHECK-NEXT:      %[[BITS:.+]] = loop.bitcast %[[X]] : f32 -> ui32
// CHECK-NEXT:      %[[OFF:.+]] = loop.arith multiply %[[K]], %[[C8]] : index
// CHECK-NEXT:      %[[SH:.+]] = loop.convert %[[OFF]] : index -> ui32
// CHECK-NEXT:      %[[R:.+]] = loop.arith shift_right_logical %[[BITS]], %[[SH]] : ui32
// CHECK-NEXT:      %[[B:.+]] = loop.convert %[[R]] : ui32 -> ui8
// CHECK-NEXT:      loop.store %[[B]], %arg2[%[[I]], %[[K]]] : memref<3x4xui8>
// CHECK:         loop.parallel (%[[J:.+]]) =
// CHECK-NEXT:      %[[LO:.+]] = loop.load %arg1[%[[J]], %{{.+}}] : memref<3x2xui16>
// CHECK-NEXT:      %[[LOW:.+]] = loop.convert %[[LO]] : ui16 -> ui32
// CHECK-NEXT:      %[[L0:.+]] = loop.arith shift_left %[[LOW]], %[[Z]] : ui32
// CHECK-NEXT:      %[[A0:.+]] = loop.arith or %[[Z]], %[[L0]] : ui32
// CHECK-NEXT:      %[[HI:.+]] = loop.load %arg1[%[[J]], %{{.+}}] : memref<3x2xui16>
// CHECK-NEXT:      %[[HIGH:.+]] = loop.convert %[[HI]] : ui16 -> ui32
// CHECK-NEXT:      %[[H:.+]] = loop.arith shift_left %[[HIGH]], %[[S16]] : ui32
// CHECK-NEXT:      %[[A1:.+]] = loop.arith or %[[A0]], %[[H]] : ui32
// CHECK-NEXT:      %[[F:.+]] = loop.bitcast %[[A1]] : ui32 -> f32
// CHECK-NEXT:      loop.store %[[F]], %arg3[%[[J]]] : memref<3xf32>

func.func @widths(%a: tensor<3xf32>, %b: tensor<3x2xui16>) -> (tensor<3x4xui8>, tensor<3xf32>) {
  %0 = hlo.bitcast_convert_type %a : (tensor<3xf32>) -> tensor<3x4xui8>
  %1 = hlo.bitcast_convert_type %b : (tensor<3x2xui16>) -> tensor<3xf32>
  return %0, %1 : tensor<3x4xui8>, tensor<3xf32>
}
