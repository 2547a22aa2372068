// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// Random numbers. hlo.rng_uniform and hlo.rng_normal take their result type as written;
// hlo.rng_bit_generator names its algorithm as a keyword (a string in the generic form).

// CHECK-LABEL: func.func @uniform
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<f32>, %[[LO:[^:]+]]: tensor<ui32>, %[[HI:[^:]+]]: tensor<ui32>, %[[F:[^:]+]]: tensor<i1>)
// CHECK-NEXT:    %{{.+}} = hlo.rng_uniform %[[A]], %[[B]] : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %{{.+}} = hlo.rng_uniform %[[LO]], %[[HI]] : (tensor<ui32>, tensor<ui32>) -> tensor<?xui32>
// CHECK-NEXT:    %{{.+}} = hlo.rng_uniform %[[F]], %[[F]] : (tensor<i1>, tensor<i1>) -> tensor<4xi1>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.rng_uniform"(%{{.+}}, %{{.+}}) : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
func.func @uniform(%a: tensor<f32>, %b: tensor<f32>, %lo: tensor<ui32>, %hi: tensor<ui32>, %f: tensor<i1>) {
  %0 = hlo.rng_uniform %a, %b : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = hlo.rng_uniform %lo, %hi : (tensor<ui32>, tensor<ui32>) -> tensor<?xui32>
  %2 = hlo.rng_uniform %f, %f : (tensor<i1>, tensor<i1>) -> tensor<4xi1>
  return
}

// -----

// CHECK-LABEL: func.func @normal
// CHECK-SAME:    (%[[MU:[^:]+]]: tensor<bf16>, %[[SIGMA:[^:]+]]: tensor<bf16>)
// CHECK-NEXT:    %[[R:.+]] = hlo.rng_normal %[[MU]], %[[SIGMA]] : (tensor<bf16>, tensor<bf16>) -> tensor<8xbf16>
// CHECK-NEXT:    func.return %[[R]] : tensor<8xbf16>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.rng_normal"(%{{.+}}, %{{.+}}) : (tensor<bf16>, tensor<bf16>) -> tensor<8xbf16>
func.func @normal(%mu: tensor<bf16>, %sigma: tensor<bf16>) -> tensor<8xbf16> {
  %0 = hlo.rng_normal %mu, %sigma : (tensor<bf16>, tensor<bf16>) -> tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// -----

// The state is a 1-D ui64 tensor: 2 elements for THREE_FRY, 2 or 3 for PHILOX, any size
// for DEFAULT. The output has integer elements of any width.
// CHECK-LABEL: func.func @bit_generator
// CHECK-SAME:    (%[[S2:[^:]+]]: tensor<2xui64>, %[[S3:[^:]+]]: tensor<3xui64>, %[[S5:[^:]+]]: tensor<5xui64>)
// CHECK-NEXT:    %[[R:.+]]:2 = hlo.rng_bit_generator THREE_FRY, %[[S2]] : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
// CHECK-NEXT:    %{{.+}}:2 = hlo.rng_bit_generator PHILOX, %[[R]]#0 : (tensor<2xui64>) -> (tensor<2xui64>, tensor<16xi64>)
// CHECK-NEXT:    %{{.+}}:2 = hlo.rng_bit_generator PHILOX, %[[S3]] : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x2xui8>)
// CHECK-NEXT:    %{{.+}}:2 = hlo.rng_bit_generator DEFAULT, %[[S5]] : (tensor<5xui64>) -> (tensor<5xui64>, tensor<3xui64>)
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.rng_bit_generator"(%{{.+}}) {rng_algorithm = "THREE_FRY"} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
// GENERIC:         "hlo.rng_bit_generator"(%{{.+}}) {rng_algorithm = "DEFAULT"} : (tensor<5xui64>) -> (tensor<5xui64>, tensor<3xui64>)
func.func @bit_generator(%s2: tensor<2xui64>, %s3: tensor<3xui64>, %s5: tensor<5xui64>) -> tensor<4x4xui32> {
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s2 : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  %1:2 = hlo.rng_bit_generator PHILOX, %0#0 : (tensor<2xui64>) -> (tensor<2xui64>, tensor<16xi64>)
  %2:2 = hlo.rng_bit_generator PHILOX, %s3 : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x2xui8>)
  %3:2 = hlo.rng_bit_generator DEFAULT, %s5 : (tensor<5xui64>) -> (tensor<5xui64>, tensor<3xui64>)
  return %0#1 : tensor<4x4xui32>
}
