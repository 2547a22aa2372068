// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s
// RUN: xla-opt %s --split-input-file --lower-to-loops=runtime-kernels=false | FileCheck %s --check-prefix=LOOP

// Dots of at least 2^17 multiply-adds call the runtime's gemm: the operands' and the
// result's buffers with a stride per flattened dimension (batch, rows, columns), read
// from their layouts; alpha = 1, beta = 0.

// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    (%[[A:.+]]: memref<64x64xf32>, %[[B:.+]]: memref<64x32xf32>, %[[C:.+]]: memref<64x32xf32>)
// CHECK-DAG:     %[[C64:.+]] = loop.constant 64 : index
// CHECK-DAG:     %[[C32:.+]] = loop.constant 32 : index
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[ONE:.+]] = loop.constant 1.0 : f32
// CHECK-DAG:     %[[ZERO:.+]] = loop.constant 0.0 : f32
// CHECK:         loop.call_runtime @xla_rt_matmul_f32(%[[C64]], %[[C32]], %[[C64]], %[[ONE]], %[[A]], %[[C64]], %[[C1]], %[[B]], %[[C32]], %[[C1]], %[[ZERO]], %[[C]], %[[C32]], %[[C1]])
// CHECK-NOT:     loop.parallel
// CHECK:         func.return

// Without runtime kernels, the same dot is the loop.
// LOOP-LABEL: func.func @matmul
// LOOP-NOT:     loop.call_runtime
// LOOP:         loop.parallel

func.func @matmul(%a: tensor<64x64xf32>, %b: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = hlo.dot %a, %b : (tensor<64x64xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}

// -----

// A bitcast (a transpose that moves nothing, as layout assignment leaves JAX's `x.T @ y`)
// that only feeds gemm dots gets no buffer: the gemm reads the argument's bytes through
// the bitcast's column-major layout, A with row stride 1 and column stride 64.
// CHECK-LABEL: func.func @bitcast_operand
// CHECK-SAME:    (%[[A:.+]]: memref<128x64xf32>, %[[B:.+]]: memref<128x32xf32>, %[[C:.+]]: memref<64x32xf32>)
// CHECK-DAG:     %[[C64:.+]] = loop.constant 64 : index
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-NOT:     loop.alloc
// CHECK-NOT:     loop.parallel
// CHECK:         loop.call_runtime @xla_rt_matmul_f32({{.+}}, %[[A]], %[[C1]], %[[C64]], %[[B]], {{.+}})
func.func @bitcast_operand(%a: tensor<128x64xf32>, %b: tensor<128x32xf32>) -> tensor<64x32xf32> {
  %t = hlo.bitcast %a : (tensor<128x64xf32>) -> tensor<64x128xf32, {0, 1}>
  %0 = hlo.dot_general %t, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<64x128xf32, {0, 1}>, tensor<128x32xf32>) -> tensor<64x32xf32>
  return %0 : tensor<64x32xf32>
}

// -----

// A bitcast that something else reads too is materialized as before, here into the
// result it also is, which the gemm then reads.
// CHECK-LABEL: func.func @bitcast_also_returned
// CHECK-SAME:    %[[T:[^ ]+]]: memref<64x128xf32, {0, 1}>)
// CHECK:         loop.parallel
// CHECK:           loop.store %{{.+}}, %[[T]]
// CHECK:         loop.call_runtime @xla_rt_matmul_f32({{.+}}, %[[T]], {{.+}})
func.func @bitcast_also_returned(%a: tensor<128x64xf32>, %b: tensor<128x32xf32>) -> (tensor<64x32xf32>, tensor<64x128xf32, {0, 1}>) {
  %t = hlo.bitcast %a : (tensor<128x64xf32>) -> tensor<64x128xf32, {0, 1}>
  %0 = hlo.dot_general %t, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<64x128xf32, {0, 1}>, tensor<128x32xf32>) -> tensor<64x32xf32>
  return %0, %t : tensor<64x32xf32>, tensor<64x128xf32, {0, 1}>
}

// -----

// A transposed operand is a stride, not a copy: rhs [n, k] contracted on its dimension 1
// is B with row (k) stride 1 and column (n) stride 32.
// CHECK-LABEL: func.func @transposed_rhs
// CHECK-SAME:    (%[[A:.+]]: memref<64x32xf64>, %[[B:.+]]: memref<64x32xf64>, %[[C:.+]]: memref<64x64xf64>)
// CHECK-DAG:     %[[C32:.+]] = loop.constant 32 : index
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK:         loop.call_runtime @xla_rt_matmul_f64({{.+}}, %[[B]], %[[C1]], %[[C32]], {{.+}}, %[[C]], {{.+}})
func.func @transposed_rhs(%a: tensor<64x32xf64>, %b: tensor<64x32xf64>) -> tensor<64x64xf64> {
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<64x32xf64>, tensor<64x32xf64>) -> tensor<64x64xf64>
  return %0 : tensor<64x64xf64>
}

// -----

// Batch dimensions anywhere: lhs [m, batch, k] has batch stride 32, row stride 128.
// CHECK-LABEL: func.func @batch_in_the_middle
// CHECK-SAME:    (%[[A:.+]]: memref<64x4x32xf32>, %[[B:.+]]: memref<4x32x16xf32>, %[[C:.+]]: memref<4x64x16xf32>)
// CHECK-DAG:     %[[C4:.+]] = loop.constant 4 : index
// CHECK-DAG:     %[[C128:.+]] = loop.constant 128 : index
// CHECK-DAG:     %[[C32:.+]] = loop.constant 32 : index
// CHECK-DAG:     %[[C512:.+]] = loop.constant 512 : index
// CHECK-DAG:     %[[C1024:.+]] = loop.constant 1024 : index
// CHECK:         loop.call_runtime @xla_rt_batch_matmul_f32(%[[C4]], {{.+}}, %[[A]], %[[C32]], %[[C128]], %{{.+}}, %[[B]], %[[C512]], {{.+}}, %[[C]], %[[C1024]], {{.+}})
func.func @batch_in_the_middle(%a: tensor<64x4x32xf32>, %b: tensor<4x32x16xf32>) -> tensor<4x64x16xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [2] x [1] : (tensor<64x4x32xf32>, tensor<4x32x16xf32>) -> tensor<4x64x16xf32>
  return %0 : tensor<4x64x16xf32>
}

// -----

// A column-major layout is strides too: lhs {0, 1} has row stride 1 and column stride 64.
// CHECK-LABEL: func.func @column_major
// CHECK-SAME:    (%[[A:.+]]: memref<64x32xf32, {0, 1}>
// CHECK-DAG:     %[[C64:.+]] = loop.constant 64 : index
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK:         loop.call_runtime @xla_rt_matmul_f32({{.+}}, %[[A]], %[[C1]], %[[C64]], {{.+}})
func.func @column_major(%a: tensor<64x32xf32, {0, 1}>, %b: tensor<32x64xf32>) -> tensor<64x64xf32> {
  %0 = hlo.dot %a, %b : (tensor<64x32xf32, {0, 1}>, tensor<32x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// Free dimensions that do not nest in the layout are packed first: lhs [k, m0, m1]
// contracted on 0 has m = m0 * m1 contiguous (stride 1, as one dimension), but two
// contracting dimensions in swapped order do not flatten into one stride. The lhs's minor
// dimension is a row one (m), so its copy is column-major: [1, k = 32, m = 64].
// CHECK-LABEL: func.func @packed_operand
// CHECK-SAME:    (%[[A:.+]]: memref<8x4x64xf32>, %[[B:.+]]: memref<4x8x64xf32>, %[[C:.+]]: memref<64x64xf32>)
// CHECK:         %[[P:.+]] = loop.alloc : memref<1x32x64xf32>
// CHECK:         loop.parallel
// CHECK:           loop.store %{{.+}}, %[[P]]
// CHECK:         loop.call_runtime @xla_rt_matmul_f32({{.+}}, %[[P]], {{.+}}, %[[B]], {{.+}}, %[[C]], {{.+}})
func.func @packed_operand(%a: tensor<8x4x64xf32>, %b: tensor<4x8x64xf32>) -> tensor<64x64xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1, 0] x [0, 1] : (tensor<8x4x64xf32>, tensor<4x8x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// bf16 (and f16) operands are read as they are: the runtime's narrow product accumulates
// into an f32 temporary, rounded once into the result.
// CHECK-LABEL: func.func @bf16
// CHECK-SAME:    (%[[A:.+]]: memref<64x32xbf16>, %[[B:.+]]: memref<32x64xbf16>, %{{.+}}: memref<64x64xbf16>)
// CHECK:         %[[T:.+]] = loop.alloc : memref<1x64x64xf32>
// CHECK-NOT:     loop.alloc
// CHECK:         loop.call_runtime @xla_rt_matmul_bf16_f32({{.+}}, %[[A]], {{.+}}, %[[B]], {{.+}}, %[[T]], {{.+}})
// CHECK:         loop.parallel
// CHECK:           %[[X:.+]] = loop.load %[[T]]
// CHECK:           loop.convert %[[X]] : f32 -> bf16
func.func @bf16(%a: tensor<64x32xbf16>, %b: tensor<32x64xbf16>) -> tensor<64x64xbf16> {
  %0 = hlo.dot %a, %b : (tensor<64x32xbf16>, tensor<32x64xbf16>) -> tensor<64x64xbf16>
  return %0 : tensor<64x64xbf16>
}

// -----

// CHECK-LABEL: func.func @f16
// CHECK-SAME:    (%[[A:.+]]: memref<64x32xf16>, %[[B:.+]]: memref<32x64xf16>, %{{.+}}: memref<64x64xf16>)
// CHECK:         %[[T:.+]] = loop.alloc : memref<1x64x64xf32>
// CHECK:         loop.call_runtime @xla_rt_matmul_f16_f32({{.+}}, %[[A]], {{.+}}, %[[B]], {{.+}}, %[[T]], {{.+}})
// CHECK:           loop.convert %{{.+}} : f32 -> f16
func.func @f16(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>) -> tensor<64x64xf16> {
  %0 = hlo.dot %a, %b : (tensor<64x32xf16>, tensor<32x64xf16>) -> tensor<64x64xf16>
  return %0 : tensor<64x64xf16>
}

// -----

// An f32 dot of bf16 values widened to f32 (JAX's bf16 dot with
// preferred_element_type=f32): the bf16 arguments are read as they are, and the f32
// result is written in place; no operand is widened into a copy.
// CHECK-LABEL: func.func @bf16_widened
// CHECK-SAME:    (%[[A:.+]]: memref<64x32xbf16>, %[[B:.+]]: memref<32x64xbf16>, %[[C:.+]]: memref<64x64xf32>)
// CHECK-NOT:     loop.alloc
// CHECK:         loop.call_runtime @xla_rt_matmul_bf16_f32({{.+}}, %[[A]], {{.+}}, %[[B]], {{.+}}, %[[C]], {{.+}})
func.func @bf16_widened(%a: tensor<64x32xbf16>, %b: tensor<32x64xbf16>) -> tensor<64x64xf32> {
  %wa = hlo.convert_element_type %a : (tensor<64x32xbf16>) -> tensor<64x32xf32>
  %wb = hlo.convert_element_type %b : (tensor<32x64xbf16>) -> tensor<32x64xf32>
  %0 = hlo.dot %wa, %wb : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// -----

// A fusion whose root widens bf16 (an activation rounded to bf16 between layers) is a
// bf16 operand too: its f32 elements are copied to bf16, exactly. With only one operand
// from bf16, the product stays f32; so it does with operands of two formats.
// CHECK-LABEL: func.func @bf16_fusion_root
// CHECK:         %[[ACT:.+]] = loop.alloc : memref<64x32xf32>
// CHECK:         %[[PA:.+]] = loop.alloc : memref<1x64x32xbf16>
// CHECK:         loop.call_runtime @xla_rt_matmul_bf16_f32({{.+}}, %[[PA]], {{.+}})
// CHECK:         loop.call_runtime @xla_rt_matmul_f32(
// CHECK:         loop.call_runtime @xla_rt_matmul_f32(
func.func @bf16_fusion_root(%x: tensor<64x32xf32>, %b: tensor<32x64xbf16>, %c: tensor<32x64xf32>, %h: tensor<32x64xf16>) -> (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %act = hlo.fusion(%x) kind = loop : (tensor<64x32xf32>) -> tensor<64x32xf32> {
  ^bb0(%p: tensor<64x32xf32>):
    %n = hlo.convert_element_type %p : (tensor<64x32xf32>) -> tensor<64x32xbf16>
    %w = hlo.convert_element_type %n : (tensor<64x32xbf16>) -> tensor<64x32xf32>
    hlo.return %w : tensor<64x32xf32>
  }
  %wb = hlo.convert_element_type %b : (tensor<32x64xbf16>) -> tensor<32x64xf32>
  %0 = hlo.dot %act, %wb : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<64x64xf32>
  %1 = hlo.dot %act, %c : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<64x64xf32>
  %wh = hlo.convert_element_type %h : (tensor<32x64xf16>) -> tensor<32x64xf32>
  %2 = hlo.dot %act, %wh : (tensor<64x32xf32>, tensor<32x64xf32>) -> tensor<64x64xf32>
  return %0, %1, %2 : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}

// -----

// Below the threshold (here 2^15 multiply-adds), and for integers, the dot stays a loop.
// CHECK-LABEL: func.func @small
// CHECK-NOT:     loop.call_runtime
// CHECK:         loop.parallel
func.func @small(%a: tensor<32x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %0 = hlo.dot %a, %b : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %0 : tensor<32x32xf32>
}

// CHECK-LABEL: func.func @integers
// CHECK-NOT:     loop.call_runtime
// CHECK:         loop.parallel
func.func @integers(%a: tensor<64x32xi32>, %b: tensor<32x16xi32>) -> tensor<64x16xi32> {
  %0 = hlo.dot %a, %b : (tensor<64x32xi32>, tensor<32x16xi32>) -> tensor<64x16xi32>
  return %0 : tensor<64x16xi32>
}

// -----

// Attention's scores: batch dimensions (batch, head) that do not flatten into one stride
// but split into two levels that each do: the runtime's two-level batch reads both
// arguments and writes the result where they are (strides [outer, batch, row, column]:
// Q 8192, 64, 128, 1; K^T 16384, 64, 1, 128; C 16384, 8192, 128, 1).
// CHECK-LABEL: func.func @scores
// CHECK-SAME:    (%[[Q:.+]]: memref<2x64x2x64xf32>, %[[K:.+]]: memref<2x128x2x64xf32>, %[[C:.+]]: memref<2x2x64x128xf32>)
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[C64:.+]] = loop.constant 64 : index
// CHECK-DAG:     %[[C128:.+]] = loop.constant 128 : index
// CHECK-DAG:     %[[C8192:.+]] = loop.constant 8192 : index
// CHECK-DAG:     %[[C16384:.+]] = loop.constant 16384 : index
// CHECK-NOT:     loop.alloc
// CHECK:         loop.call_runtime @xla_rt_batch2_matmul_f32({{[^,]+}}, {{[^,]+}}, {{[^,]+}}, {{[^,]+}}, {{[^,]+}}, {{[^,]+}}, %[[Q]], %[[C8192]], %[[C64]], %[[C128]], %[[C1]], %[[K]], %[[C16384]], %[[C64]], %[[C1]], %[[C128]], {{[^,]+}}, %[[C]], %[[C16384]], %[[C8192]], %[[C128]], %[[C1]])
func.func @scores(%q: tensor<2x64x2x64xf32>, %k: tensor<2x128x2x64xf32>) -> tensor<2x2x64x128xf32> {
  %0 = hlo.dot_general %q, %k, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x64x2x64xf32>, tensor<2x128x2x64xf32>) -> tensor<2x2x64x128xf32>
  return %0 : tensor<2x2x64x128xf32>
}

// -----

// Heads split off a projection by a reshape that moves no byte (row-major to row-major):
// the reshape gets no buffer, and the product reads the projection's bytes through it.
// CHECK-LABEL: func.func @reshaped_heads
// CHECK-SAME:    (%[[X:.+]]: memref<2x64x128xf32>, %{{.+}}: memref<2x2x64x64xf32>)
// CHECK-NOT:     loop.alloc
// CHECK:         loop.call_runtime @xla_rt_batch2_matmul_f32({{.+}}, %[[X]], {{.+}}, %[[X]],
func.func @reshaped_heads(%x: tensor<2x64x128xf32>) -> tensor<2x2x64x64xf32> {
  %h = hlo.reshape %x : (tensor<2x64x128xf32>) -> tensor<2x64x2x64xf32>
  %0 = hlo.dot_general %h, %h, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x64x2x64xf32>, tensor<2x64x2x64xf32>) -> tensor<2x2x64x64xf32>
  return %0 : tensor<2x2x64x64xf32>
}

// -----

// An operand whose columns (free dimensions 0 and 2 of the keys) do not flatten is copied
// into dense matrices. The keys' most minor dimension (features) is the contraction, a
// row dimension of B: B's copy is column-major ([batch, column, feature], strides 1024, 1,
// 64), so the copy moves contiguous runs of features instead of scattering each element.
// CHECK-LABEL: func.func @packed_columns
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[C64:.+]] = loop.constant 64 : index
// CHECK-DAG:     %[[C1024:.+]] = loop.constant 1024 : index
// CHECK-DAG:     %[[B:.+]] = loop.alloc : memref<2x16x64xf32>
// CHECK:         loop.call_runtime @xla_rt_batch_matmul_f32({{.+}}, %[[B]], %[[C1024]], %[[C1]], %[[C64]],
func.func @packed_columns(%q: tensor<2x64x64xf32>, %k: tensor<4x2x4x64xf32>) -> tensor<2x64x4x4xf32> {
  %0 = hlo.dot_general %q, %k, batching_dims = [0] x [1], contracting_dims = [2] x [3] : (tensor<2x64x64xf32>, tensor<4x2x4x64xf32>) -> tensor<2x64x4x4xf32>
  return %0 : tensor<2x64x4x4xf32>
}
