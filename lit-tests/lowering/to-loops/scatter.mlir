// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// scatter copies the input into the result, then loops sequentially over the scatter
// indices: a window that does not fit is skipped; the update computation is inlined.
// CHECK-LABEL: func.func @scatter
// CHECK:         loop.parallel
// CHECK:           loop.store %{{.+}}, %arg3[
// CHECK:         loop.for %[[G:.+]] = %{{.+}} to %{{.+}} step
// CHECK:           %[[S:.+]] = loop.load %arg1[%[[G]], %{{.+}}] : memref<2x1xi32>
// CHECK-NEXT:      %[[SI:.+]] = loop.convert %[[S]] : i32 -> index
// CHECK:           loop.compare LE
// CHECK:           loop.if %{{.+}} {
// CHECK-NEXT:        loop.for %[[W:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:          %[[OLD:.+]] = loop.load %arg3[%[[SI]], %[[W]]] : memref<5x3xf32>
// CHECK-NEXT:          %[[U:.+]] = loop.load %arg2[%[[G]], %[[W]]] : memref<2x3xf32>
// CHECK-NEXT:          %[[NEW:.+]] = loop.arith add %[[OLD]], %[[U]] : f32
// CHECK-NEXT:          loop.store %[[NEW]], %arg3[%[[SI]], %[[W]]] : memref<5x3xf32>

func.func @scatter(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<5x3xf32> {
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = hlo.add %a, %b : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<5x3xf32>
}

// -----

// select_and_scatter fills the result with the init value, then for each source element
// carries (selected?, value, index) through the window loops: padding is skipped, the
// select computation decides, and the scatter computation combines into the result.
// CHECK-LABEL: func.func @select_and_scatter
// CHECK:         loop.parallel
// CHECK:         loop.for %[[O0:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT:      loop.for %[[O1:.+]] = %{{.+}} to %{{.+}} step
// CHECK:             %[[R:.+]]:4 = loop.for %{{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) -> (i1, f32, index, index)
// CHECK:               loop.compare GE, %{{.+}}, %{{.+}} : f32
// CHECK:             loop.if %[[R]]#0 {
// CHECK-NEXT:          %[[CUR:.+]] = loop.load %arg3[%[[R]]#2, %[[R]]#3] : memref<4x4xf32>
// CHECK-NEXT:          %[[SRC:.+]] = loop.load %arg1[%[[O0]], %[[O1]]] : memref<2x2xf32>
// CHECK-NEXT:          %[[SUM:.+]] = loop.arith add %[[CUR]], %[[SRC]] : f32
// CHECK-NEXT:          loop.store %[[SUM]], %arg3[%[[R]]#2, %[[R]]#3] : memref<4x4xf32>

func.func @select_and_scatter(%x: tensor<4x4xf32>, %grad: tensor<2x2xf32>, %zero: tensor<f32>) -> tensor<4x4xf32> {
  %0 = hlo.select_and_scatter %x, %grad, %zero, window = {size = [2, 2], stride = [2, 2]} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %1 : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = hlo.add %a, %b : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<4x4xf32>
}
