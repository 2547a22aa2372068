// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// Tensor types carry XLA's shape model: static, unknown (`?`) and bounded (`<=N`)
// dimensions, rank 0, zero-sized dimensions, and an optional layout.

// CHECK-LABEL: func.func @dims
// CHECK-SAME:    %{{.*}}: tensor<f32>
// CHECK-SAME:    %{{.*}}: tensor<0xf32>
// CHECK-SAME:    %{{.*}}: tensor<2x3x4xi32>
// CHECK-SAME:    %{{.*}}: tensor<?xf32>
// CHECK-SAME:    %{{.*}}: tensor<2x?x<=8xf32>
// CHECK-SAME:    %{{.*}}: tensor<<=4x<=4xbf16>
// CHECK-SAME:    %{{.*}}: tensor<1x0x?xcomplex<f32>>
func.func @dims(%a: tensor<f32>, %b: tensor<0xf32>, %c: tensor<2x3x4xi32>, %d: tensor<?xf32>,
                %e: tensor<2x?x<=8xf32>, %f: tensor<<=4x<=4xbf16>, %g: tensor<1x0x?xcomplex<f32>>) {
  func.return
}

// -----

// Element types: integers of every signedness, index, complex and opaque dialect types.

// CHECK-LABEL: func.func @elements
// CHECK-SAME:    %{{.*}}: tensor<2xi1>, %{{.*}}: tensor<2xsi8>, %{{.*}}: tensor<2xui32>, %{{.*}}: tensor<2xindex>, %{{.*}}: tensor<2xf8E4M3FN>, %{{.*}}: tensor<!hlo.token>
func.func @elements(%a: tensor<2xi1>, %b: tensor<2xsi8>, %c: tensor<2xui32>, %d: tensor<2xindex>, %e: tensor<2xf8E4M3FN>, %f: tensor<!hlo.token>) {
  func.return
}

// -----

// Layouts: minor_to_major as in HLO's `f32[2,3]{0,1}`, with padded dimensions and a
// padding value.

// CHECK-LABEL: func.func @layouts
// CHECK-SAME:    %{{.*}}: tensor<2x3xf32, {0, 1}>
// CHECK-SAME:    %{{.*}}: tensor<2x3xf32, {1, 0}>
// CHECK-SAME:    %{{.*}}: tensor<f32, {}>
// CHECK-SAME:    %{{.*}}: tensor<2x3xf32, {1, 0}, padded = [4, 8]>
// CHECK-SAME:    %{{.*}}: tensor<2x3xf32, {1, 0}, padding = zero>
// CHECK-SAME:    %{{.*}}: tensor<2x3xf32, {0, 1}, padded = [3, 5], padding = highest>
// CHECK-SAME:    %{{.*}}: tensor<?x<=8xf32, {0, 1}, padding = lowest>
func.func @layouts(%a: tensor<2x3xf32, {0, 1}>, %b: tensor<2x3xf32, {1, 0}>, %c: tensor<f32, {}>,
                   %d: tensor<2x3xf32, {1, 0}, padded = [4, 8]>,
                   %e: tensor<2x3xf32, {1, 0}, padding = zero>,
                   %f: tensor<2x3xf32, {0, 1}, padded = [3, 5], padding = highest>,
                   %g: tensor<?x<=8xf32, {0, 1}, padding = lowest>) {
  func.return
}

// -----

// Every padding value.

// CHECK-LABEL: func.func @padding_values
// CHECK-SAME:    padding = zero>
// CHECK-SAME:    padding = one>
// CHECK-SAME:    padding = lowest>
// CHECK-SAME:    padding = highest>
// CHECK-SAME:    padding = unknown>
func.func @padding_values(%a: tensor<2xf32, {0}, padding = zero>, %b: tensor<2xf32, {0}, padding = one>,
                          %c: tensor<2xf32, {0}, padding = lowest>, %d: tensor<2xf32, {0}, padding = highest>,
                          %e: tensor<2xf32, {0}, padding = unknown>) {
  func.return
}

// -----

// Types differing only in layout are different types: the op below keeps both.

// CHECK-LABEL: func.func @layout_is_part_of_the_type
// CHECK:         "test.relayout"(%{{.*}}) : (tensor<2x3xf32, {1, 0}>) -> tensor<2x3xf32, {0, 1}>
func.func @layout_is_part_of_the_type(%a: tensor<2x3xf32, {1, 0}>) -> tensor<2x3xf32, {0, 1}> {
  %0 = "test.relayout"(%a) : (tensor<2x3xf32, {1, 0}>) -> tensor<2x3xf32, {0, 1}>
  func.return %0 : tensor<2x3xf32, {0, 1}>
}

// -----

// Whitespace inside the dimension list is not significant.

// CHECK-LABEL: func.func @spacing
// CHECK-SAME:    %{{.*}}: tensor<2x?xf32>
func.func @spacing(%a: tensor< 2x?xf32 >) {
  func.return
}
