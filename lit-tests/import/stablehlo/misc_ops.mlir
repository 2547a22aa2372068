// RUN: xla-opt %s --split-input-file | FileCheck %s

// Random numbers, tuples, tokens and side effects, linear algebra, collectives.

// `rng` drops its shape operand (hlo's result type says it); rng_bit_generator's results
// may be named (`%output_state, %output = ...`), as JAX prints them.

// CHECK-LABEL: func.func @random_numbers
// CHECK-SAME:    (%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %[[S:.*]]: tensor<2xui64>)
// CHECK:         hlo.rng_uniform %[[A]], %[[B]] : (tensor<f32>, tensor<f32>) -> tensor<3x3xf32>
// CHECK:         hlo.rng_normal %[[A]], %[[B]] : (tensor<f32>, tensor<f32>) -> tensor<3x3xf32>
// CHECK:         %[[G:.*]]:2 = hlo.rng_bit_generator THREE_FRY, %[[S]] : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x4xui32>)
// CHECK:         %[[H:.*]]:2 = hlo.rng_bit_generator PHILOX, %[[G]]#0
// CHECK:         hlo.rng_bit_generator DEFAULT, %[[S]] : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
// CHECK:         func.return %[[H]]#1
func.func @random_numbers(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xui64>) -> tensor<8x4xui32> {
  %c = stablehlo.constant dense<3> : tensor<2xi64>
  %0 = stablehlo.rng %a, %b, %c, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %1 = stablehlo.rng %a, %b, %c, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %output_state, %output = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x4xui32>)
  %output_state_0, %output_1 = stablehlo.rng_bit_generator %output_state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<8x4xui32>)
  %2:2 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  return %output_1 : tensor<8x4xui32>
}

// -----

// CHECK-LABEL: func.func @tuples_and_tokens
// CHECK-SAME:    (%[[A:.*]]: tensor<2xf32>, %[[T:.*]]: !hlo.token) -> !hlo.token
// CHECK:         %[[TUP:.*]] = hlo.tuple %[[A]], %[[A]] : tuple<tensor<2xf32>, tensor<2xf32>>
// CHECK:         %[[E:.*]] = hlo.get_tuple_element %[[TUP]][1]
// CHECK:         %[[NEW:.*]] = hlo.after_all()
// CHECK:         %[[JOIN:.*]] = hlo.after_all(%[[T]], %[[NEW]])
// CHECK:         %[[BAR:.*]]:2 = hlo.optimization_barrier %[[E]], %[[JOIN]] : tensor<2xf32>, !hlo.token
// CHECK:         %[[IN:.*]]:2 = hlo.infeed %[[BAR]]#1
// CHECK:         %[[OUT:.*]] = hlo.outfeed %[[IN]]#0, %[[IN]]#1
// CHECK:         %[[SENT:.*]] = hlo.send %[[A]], %[[OUT]], channel_id = 5 {is_host_transfer = true}
// CHECK:         %[[RECV:.*]]:2 = hlo.recv %[[SENT]], channel_id = 5 {is_host_transfer = true}
// CHECK:         func.return %[[RECV]]#1 : !hlo.token
func.func @tuples_and_tokens(%a: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.tuple %a, %a : tuple<tensor<2xf32>, tensor<2xf32>>
  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
  %2 = stablehlo.create_token : !stablehlo.token
  %3 = stablehlo.after_all %t, %2 : !stablehlo.token
  %4:2 = stablehlo.optimization_barrier %1, %3 : tensor<2xf32>, !stablehlo.token
  %5:2 = "stablehlo.infeed"(%4#1) {infeed_config = "", layout = [[0]]} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %6 = "stablehlo.outfeed"(%5#0, %5#1) {outfeed_config = ""} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %7 = "stablehlo.send"(%a, %6) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %8:2 = "stablehlo.recv"(%7) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return %8#1 : !stablehlo.token
}

// -----

// CHECK-LABEL: func.func @linear_algebra
// CHECK-SAME:    (%[[A:.*]]: tensor<3x3xf32>, %[[B:.*]]: tensor<3x4xf32>, %[[Z:.*]]: tensor<8xcomplex<f32>>, %[[R:.*]]: tensor<8xf32>)
// CHECK:         hlo.cholesky %[[A]], lower = true : tensor<3x3xf32>
// CHECK:         hlo.fft %[[Z]], type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
// CHECK:         hlo.fft %[[R]], type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
// CHECK:         hlo.triangular_solve %[[A]], %[[B]], left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE
func.func @linear_algebra(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>, %z: tensor<8xcomplex<f32>>, %r: tensor<8xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  %1 = stablehlo.fft %z, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  %2 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  %3 = "stablehlo.triangular_solve"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// Collectives: replica groups and source-target pairs are read from their dense tensors,
// a channel handle becomes a channel id.

// CHECK-LABEL: func.func @collectives
// CHECK-SAME:    (%[[X:.*]]: tensor<4x2xf32>, %[[S:.*]]: tensor<2xf32>)
// CHECK:         hlo.all_reduce(%[[X]]) replica_groups = {{\[\[}}0, 1]] {channel_id = 3} : tensor<4x2xf32> {
// CHECK:           hlo.add
// CHECK:         hlo.all_gather %[[X]], all_gather_dimension = 0, replica_groups = {{\[\[}}0, 1]] : (tensor<4x2xf32>) -> tensor<8x2xf32>
// CHECK:         hlo.collective_permute %[[X]], source_target_pairs = {{\[\[}}0, 1], [1, 0]]
// CHECK:         hlo.collective_broadcast %[[X]], replica_groups = {{\[\[}}1, 0]] {channel_id = 2} : tensor<4x2xf32>
// CHECK:         %[[BN:.*]] = hlo.batch_norm_inference %[[X]], %[[S]], %[[S]], %[[S]], %[[S]], epsilon = 0.001, feature_index = 1
// CHECK:         hlo.replica_id : tensor<ui32>
// CHECK:         func.return %[[BN]]
func.func @collectives(%x: tensor<4x2xf32>, %s: tensor<2xf32>) -> tensor<4x2xf32> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %2 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<8x2xf32>
  %3 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %6 = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %4 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0E-3 : f32, feature_index = 1 : i64} : (tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  %5 = stablehlo.replica_id : tensor<ui32>
  return %4 : tensor<4x2xf32>
}

// -----

// Ragged replica groups come padded with -1, which the reader drops; partition_id reads
// as replica_id does; variadic collectives keep their operands, and has_dynamic_root its
// flag.
// CHECK-LABEL: func.func @process_grid
// CHECK-SAME:    (%[[X:[^:]*]]: tensor<4xi64>, %[[Y:[^:]*]]: tensor<2xi32>, %[[ROOT:[^:]*]]: tensor<2xi32>)
// CHECK:         hlo.all_reduce(%[[X]]) replica_groups = {{\[\[}}0, 1], [2]] {channel_id = 0} : tensor<4xi64> {
// CHECK:         hlo.all_gather %[[X]], %[[Y]], all_gather_dimension = 0, replica_groups = {{\[\[}}0, 1]] : (tensor<4xi64>, tensor<2xi32>) -> (tensor<8xi64>, tensor<4xi32>)
// CHECK:         hlo.collective_broadcast %[[X]], %[[Y]], %[[ROOT]], replica_groups = {{\[\[}}0, 1]] {has_dynamic_root} : tensor<4xi64>, tensor<2xi32>, tensor<2xi32>
// CHECK:         hlo.partition_id : tensor<ui32>
func.func @process_grid(%x: tensor<4xi64>, %y: tensor<2xi32>, %root: tensor<2xi32>) -> tensor<4xi64> {
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %1 = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %1 : tensor<i64>
  }) {replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>} : (tensor<4xi64>) -> tensor<4xi64>
  %2:2 = "stablehlo.all_gather"(%x, %y) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>, tensor<2xi32>) -> (tensor<8xi64>, tensor<4xi32>)
  %3:2 = "stablehlo.collective_broadcast"(%x, %y, %root) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xi64>, tensor<2xi32>, tensor<2xi32>) -> (tensor<4xi64>, tensor<2xi32>)
  %4 = stablehlo.partition_id : tensor<ui32>
  return %0 : tensor<4xi64>
}
