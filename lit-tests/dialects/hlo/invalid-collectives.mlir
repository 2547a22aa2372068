// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Replica groups: non-empty, of one size, non-negative ids that appear once (checked by
// every collective that has them).

func.func @empty_group(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups[1] is empty}}
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0], []] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @groups_of_two_sizes(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups[1] has 1 replicas, but replica_groups[0] has 2; groups must have one size}}
  %0 = hlo.all_to_all %x, split_dimension = 0, concat_dimension = 0, split_count = 2, replica_groups = [[0, 1], [2]] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @negative_replica(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica_groups[0] contains the negative replica id -1}}
  %0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, -1]] : (tensor<4xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @replica_twice(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica id 1 appears more than once in replica_groups}}
  %0 = hlo.all_reduce(%x) replica_groups = [[0, 1], [1, 2]] : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @replica_groups_kind(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute 'replica_groups' must be a list of i64 arrays ([[...], ...]), found [0, 1]}}
  %0 = "hlo.all_gather"(%x) {all_gather_dimension = 0, replica_groups = [0, 1]} : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

// Channels: non-negative; use_global_device_ids needs one.

func.func @negative_channel(%x: tensor<4xf32>) {
  // expected-error @+1 {{channel_id must be non-negative, found -3}}
  %0 = hlo.collective_permute %x, source_target_pairs = [[0, 1]] {channel_id = -3} : tensor<4xf32>
  return
}

// -----

func.func @global_ids_without_channel(%x: tensor<4xf32>) {
  // expected-error @+1 {{use_global_device_ids needs a channel_id}}
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] {use_global_device_ids} : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @reduce_scatter_global_ids_without_channel(%x: tensor<4xf32>) {
  // expected-error @+1 {{use_global_device_ids needs a channel_id}}
  %0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] {use_global_device_ids} : (tensor<4xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

// hlo.all_gather: an in-range dimension; the result has the operand's rank and element
// type, the gathered dimension times the group size and the other dimensions unchanged.

func.func @gather_dimension_out_of_range(%x: tensor<4xf32>) {
  // expected-error @+1 {{all_gather_dimension = 1 is out of range for an operand of rank 1}}
  %0 = hlo.all_gather %x, all_gather_dimension = 1, replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @gather_result_element_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{the result type tensor<8xi32> must have the rank and element type of the operand type tensor<4xf32>}}
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<8xi32>
  return
}

// -----

func.func @gather_result_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{the result type tensor<8x1xf32> must have the rank and element type of the operand type tensor<4xf32>}}
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<8x1xf32>
  return
}

// -----

func.func @gathered_size(%x: tensor<4x3xf32>) {
  // expected-error @+1 {{result dimension 0 has size 4, expected 8 (operand dimension 0 (4) times the group size 2)}}
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

// With one group of every replica the gathered size is free, the others are not.
func.func @other_size(%x: tensor<4x3xf32>) {
  // expected-error @+1 {{result dimension 1 has size 6, expected 3 (operand dimension 1)}}
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [] : (tensor<4x3xf32>) -> tensor<8x6xf32>
  return
}

// -----

func.func @gathered_size_overflows(%x: tensor<4611686018427387904xi8>) {
  // expected-error @+1 {{operand dimension 0 times the group size 2 overflows}}
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] : (tensor<4611686018427387904xi8>) -> tensor<?xi8>
  return
}

// -----

func.func @gather_dimension_kind(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute 'all_gather_dimension' must be an integer attribute, found [0]}}
  %0 = hlo.all_gather %x, all_gather_dimension = [0], replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

// hlo.all_reduce: operands of one element type; the computation takes two 0-d tensors of
// it and returns one; the results are the operand types.

func.func @mixed_element_types(%x: tensor<4xf32>, %y: tensor<4xi32>) {
  // expected-error @+1 {{operand #1 has element type i32, but operand #0 has f32; one computation reduces one element type}}
  %0:2 = hlo.all_reduce(%x, %y) replica_groups = [] : tensor<4xf32>, tensor<4xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @no_operands() {
  // expected-error @+1 {{needs at least one operand}}
  "hlo.all_reduce"() ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "hlo.return"(%a) : (tensor<f32>) -> ()
  }) {replica_groups = []} : () -> ()
  return
}

// -----

func.func @computation_argument_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{the computation argument #1 has type tensor<4xf32>, expected tensor<f32> (a 0-d tensor of the operands' element type f32)}}
  %0 = hlo.all_reduce(%x) replica_groups = [] : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<4xf32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @computation_arity(%x: tensor<4xf32>) {
  // expected-error @+1 {{the computation takes 1 arguments, expected 2}}
  %0 = hlo.all_reduce(%x) replica_groups = [] : tensor<4xf32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @computation_result_type(%x: tensor<4xf32>, %c: tensor<i32>) {
  // expected-error @+1 {{the computation result #0 has type tensor<i32>, expected tensor<f32> (a 0-d tensor of the operands' element type f32)}}
  %0 = hlo.all_reduce(%x) replica_groups = [] : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %c : tensor<i32>
  }
  return
}

// -----

func.func @computation_without_block(%x: tensor<4xf32>) {
  // expected-error @+1 {{the computation must have exactly one block, found 0}}
  %0 = hlo.all_reduce(%x) replica_groups = [] : tensor<4xf32> {
  }
  return
}

// -----

func.func @all_reduce_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{result #0 has type tensor<2xf32>, but shape inference gives tensor<4xf32>}}
  %0 = "hlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "hlo.return"(%a) : (tensor<f32>) -> ()
  }) {replica_groups = []} : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

// hlo.all_to_all: in-range dimensions, a positive split_count that divides the split
// dimension and is the group size.

func.func @split_dimension_out_of_range(%x: tensor<4xf32>) {
  // expected-error @+1 {{split_dimension = 1 is out of range for an operand of rank 1}}
  %0 = hlo.all_to_all %x, split_dimension = 1, concat_dimension = 0, split_count = 2, replica_groups = [] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concat_dimension_out_of_range(%x: tensor<4xf32>) {
  // expected-error @+1 {{concat_dimension = -1 is out of range for an operand of rank 1}}
  %0 = hlo.all_to_all %x, split_dimension = 0, concat_dimension = -1, split_count = 2, replica_groups = [] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @split_count_zero(%x: tensor<4xf32>) {
  // expected-error @+1 {{split_count must be positive, found 0}}
  %0 = hlo.all_to_all %x, split_dimension = 0, concat_dimension = 0, split_count = 0, replica_groups = [] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @split_count_does_not_divide(%x: tensor<6x2xf32>) {
  // expected-error @+1 {{split_count 4 does not divide the size 6 of split dimension 0}}
  %0 = hlo.all_to_all %x, split_dimension = 0, concat_dimension = 1, split_count = 4, replica_groups = [] : (tensor<6x2xf32>) -> tensor<1x8xf32>
  return
}

// -----

func.func @split_count_is_not_the_group_size(%x: tensor<4xf32>) {
  // expected-error @+1 {{split_count is 2, but the replica groups have 4 replicas each}}
  %0 = hlo.all_to_all %x, split_dimension = 0, concat_dimension = 0, split_count = 2, replica_groups = [[0, 1, 2, 3]] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concat_overflows(%x: tensor<?x4611686018427387904xi8>) {
  // expected-error @+1 {{concat dimension 1 times split_count 2 overflows}}
  %0 = hlo.all_to_all %x, split_dimension = 0, concat_dimension = 1, split_count = 2, replica_groups = [] : (tensor<?x4611686018427387904xi8>) -> tensor<?x?xi8>
  return
}

// -----

func.func @all_to_all_result_type(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{result #0 has type tensor<4x16xf32>, but shape inference gives tensor<16x4xf32>}}
  %0 = hlo.all_to_all %x, split_dimension = 1, concat_dimension = 0, split_count = 4, replica_groups = [] : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @all_to_all_channel(%x: tensor<4xf32>) {
  // expected-error @+1 {{channel_id must be non-negative, found -1}}
  %0 = hlo.all_to_all %x, split_dimension = 0, concat_dimension = 0, split_count = 1, replica_groups = [] {channel_id = -1} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// hlo.collective_permute: [source, target] pairs of non-negative ids, no source or target
// twice. Its result type is inferred while parsing, so these are reported then.

func.func @not_a_pair(%x: tensor<4xf32>) {
  // expected-error @+1 {{source_target_pairs[1] has 1 entries, expected a [source, target] pair}}
  %0 = hlo.collective_permute %x, source_target_pairs = [[0, 1], [2]] : tensor<4xf32>
  return
}

// -----

func.func @negative_pair(%x: tensor<4xf32>) {
  // expected-error @+1 {{source_target_pairs[0] = [-1, 0] has a negative replica id}}
  %0 = hlo.collective_permute %x, source_target_pairs = [[-1, 0]] : tensor<4xf32>
  return
}

// -----

func.func @source_twice(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica 0 is the source of more than one pair in source_target_pairs}}
  %0 = hlo.collective_permute %x, source_target_pairs = [[0, 1], [0, 2]] : tensor<4xf32>
  return
}

// -----

func.func @target_twice(%x: tensor<4xf32>) {
  // expected-error @+1 {{replica 2 is the target of more than one pair in source_target_pairs}}
  %0 = hlo.collective_permute %x, source_target_pairs = [[0, 2], [1, 2]] : tensor<4xf32>
  return
}

// -----

func.func @pairs_kind(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute 'source_target_pairs' must be a list of i64 arrays ([[...], ...]), found "pairs"}}
  %0 = hlo.collective_permute %x, source_target_pairs = "pairs" : tensor<4xf32>
  return
}

// -----

func.func @permute_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{result #0 has type tensor<4xi32>, but shape inference gives tensor<4xf32>}}
  %0 = "hlo.collective_permute"(%x) {source_target_pairs = []} : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

// hlo.reduce_scatter: an in-range dimension divisible by the group size, and a computation
// over the operand's element type.

func.func @scatter_dimension_out_of_range(%x: tensor<4xf32>) {
  // expected-error @+1 {{scatter_dimension = 1 is out of range for an operand of rank 1}}
  %0 = hlo.reduce_scatter %x, scatter_dimension = 1, replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @scatter_not_divisible(%x: tensor<5xf32>) {
  // expected-error @+1 {{the group size 2 does not divide the size 5 of scatter dimension 0}}
  %0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] : (tensor<5xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @scatter_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{result #0 has type tensor<4xf32>, but shape inference gives tensor<2xf32>}}
  %0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @scatter_computation_type(%x: tensor<4xi32>) {
  // expected-error @+1 {{the computation argument #0 has type tensor<f32>, expected tensor<i32> (a 0-d tensor of the operands' element type i32)}}
  %0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] : (tensor<4xi32>) -> tensor<2xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @scatter_computation_returns_two(%x: tensor<4xf32>) {
  // expected-error @+1 {{the computation returns 2 values, expected 1}}
  %0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @scatter_computation_without_return(%x: tensor<4xf32>) {
  // expected-error @+1 {{the computation must end with hlo.return, found 'hlo.add'}}
  %0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] : (tensor<4xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    // expected-error @+1 {{block in 'hlo.reduce_scatter' must end with a terminator, found 'hlo.add'}}
    %s = hlo.add %a, %b : tensor<f32>
  }
  return
}

// -----

// hlo.replica_id is a tensor<ui32>.
func.func @replica_id_type() {
  // expected-error @+1 {{result #0 has type tensor<i32>, but shape inference gives tensor<ui32>}}
  %0 = hlo.replica_id : tensor<i32>
  return
}

// -----

// The parser infers the result type of hlo.collective_permute before the declared operand
// kinds are checked; the shape function reports a non-tensor operand itself.
func.func @permute_a_token(%t: !hlo.token) {
  // expected-error @+1 {{operand #0 must be a tensor, found !hlo.token}}
  %0 = hlo.collective_permute %t, source_target_pairs = [] : !hlo.token
  return
}

// -----

func.func @roots_of_the_wrong_type(%x: tensor<4xf32>, %root: tensor<2xi32>) {
  // expected-error @+1 {{under has_dynamic_root the last operand holds one root per other operand, of type tensor<1xi32>, found tensor<2xi32>}}
  %0 = hlo.collective_broadcast %x, %root, replica_groups = [[0, 1]] {has_dynamic_root} : tensor<4xf32>, tensor<2xi32>
  return
}

// -----

func.func @gathered_across_partitions_not_a_multiple(%x: tensor<4xf32>) {
  // expected-error @+1 {{dimension 0 has size 12, expected a multiple of 8 (operand dimension 0 (4) times the group size 2, times the number of partitions)}}
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] {channel_id = 1} : (tensor<4xf32>) -> tensor<12xf32>
  return
}

// -----

func.func @variadic_gather_of_fewer_results(%x: tensor<4xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{needs as many results as operands, at least one; found 2 operands and 1 results}}
  %0 = "hlo.all_gather"(%x, %y) {all_gather_dimension = 0, replica_groups = [array<i64: 0, 1>]} : (tensor<4xf32>, tensor<2xf32>) -> tensor<8xf32>
  return
}
