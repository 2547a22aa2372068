// Every op of docs/ops.md (hlo and check) at least once, for hlo_writer_all_ops.rs: the
// module writes, its text passes XLA's grammar, and every op name below appears in it.

module @all_ops {
  func.func private @elementwise(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %i: tensor<2x3xi32>, %u: tensor<2x3xui32>, %p: tensor<2x3xi1>, %z: tensor<2x3xcomplex<f32>>, %s: tensor<f32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
    %0 = hlo.abs %x : tensor<2x3xf32>
    %1 = hlo.ceil %0 : tensor<2x3xf32>
    %2 = hlo.floor %1 : tensor<2x3xf32>
    %3 = hlo.cosine %2 : tensor<2x3xf32>
    %4 = hlo.sine %3 : tensor<2x3xf32>
    %5 = hlo.tan %4 : tensor<2x3xf32>
    %6 = hlo.tanh %5 : tensor<2x3xf32>
    %7 = hlo.exponential %6 : tensor<2x3xf32>
    %8 = hlo.exponential_minus_one %7 : tensor<2x3xf32>
    %9 = hlo.log %8 : tensor<2x3xf32>
    %10 = hlo.log_plus_one %9 : tensor<2x3xf32>
    %11 = hlo.logistic %10 : tensor<2x3xf32>
    %12 = hlo.negate %11 : tensor<2x3xf32>
    %13 = hlo.round_nearest_afz %12 : tensor<2x3xf32>
    %14 = hlo.round_nearest_even %13 : tensor<2x3xf32>
    %15 = hlo.rsqrt %14 : tensor<2x3xf32>
    %16 = hlo.sqrt %15 : tensor<2x3xf32>
    %17 = hlo.cbrt %16 : tensor<2x3xf32>
    %18 = hlo.sign %17 : tensor<2x3xf32>
    %19 = hlo.erf %18 : tensor<2x3xf32>
    %20 = hlo.not %i : tensor<2x3xi32>
    %21 = hlo.popcnt %20 : tensor<2x3xi32>
    %22 = hlo.count_leading_zeros %21 : tensor<2x3xi32>
    %23 = hlo.real %z : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
    %24 = hlo.imag %z : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
    %25 = hlo.is_finite %x : (tensor<2x3xf32>) -> tensor<2x3xi1>
    %26 = hlo.complex %23, %24 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
    %27 = hlo.add %19, %y : tensor<2x3xf32>
    %28 = hlo.subtract %27, %y : tensor<2x3xf32>
    %29 = hlo.multiply %28, %s : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %30 = hlo.divide %29, %v {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %31 = hlo.remainder %30, %y : tensor<2x3xf32>
    %32 = hlo.maximum %31, %y : tensor<2x3xf32>
    %33 = hlo.minimum %32, %y : tensor<2x3xf32>
    %34 = hlo.power %33, %y : tensor<2x3xf32>
    %35 = hlo.atan2 %34, %y : tensor<2x3xf32>
    %36 = hlo.and %22, %i : tensor<2x3xi32>
    %37 = hlo.or %36, %i : tensor<2x3xi32>
    %38 = hlo.xor %37, %i : tensor<2x3xi32>
    %39 = hlo.shift_left %38, %i : tensor<2x3xi32>
    %40 = hlo.shift_right_arithmetic %39, %i : tensor<2x3xi32>
    %41 = hlo.shift_right_logical %u, %u : tensor<2x3xui32>
    %42 = hlo.compare LT, %35, %y, TOTALORDER : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %43 = hlo.and %42, %25 : tensor<2x3xi1>
    %44 = hlo.select %43, %35, %y : tensor<2x3xi1>, tensor<2x3xf32>
    %45 = hlo.clamp %s, %44, %s : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %46 = hlo.convert_element_type %40 : (tensor<2x3xi32>) -> tensor<2x3xf32>
    %47 = hlo.bitcast_convert_type %41 : (tensor<2x3xui32>) -> tensor<2x3xf32>
    %48 = hlo.reduce_precision %45, format = e5m10 : tensor<2x3xf32>
    %49 = hlo.iota dim = 1 : tensor<2x3xf32>
    %50 = hlo.constant dense<[[1.0, 0x7FC00000, 0xFF800000], [-0.0, 1.0e-05, 3.5]]> : tensor<2x3xf32>
    %51 = hlo.add %46, %47 : tensor<2x3xf32>
    %52 = hlo.add %51, %48 : tensor<2x3xf32>
    %53 = hlo.add %52, %49 : tensor<2x3xf32>
    %54 = hlo.add %53, %50 : tensor<2x3xf32>
    %55 = hlo.map(%54, %y) dimensions = [0, 1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = hlo.maximum %a, %b : tensor<f32>
      hlo.return %m : tensor<f32>
    }
    return %55 : tensor<2x3xf32>
  }

  func.func private @data_movement(%x: tensor<2x3xf32>, %r: tensor<1x3xf32>, %i: tensor<i32>, %idx: tensor<2x1xi32>, %zero: tensor<f32>, %n: tensor<i32>, %t: tuple<tensor<2x3xf32>, tensor<i32>>) -> tensor<3x2xf32> {
    %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %1 = hlo.collapse %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<6xf32>
    %2 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %copied = hlo.copy %x : (tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}>
    %bitcast = hlo.bitcast %copied : (tensor<2x3xf32, {0, 1}>) -> tensor<3x2xf32>
    %3 = hlo.broadcast %1, sizes = [2] : (tensor<6xf32>) -> tensor<2x6xf32>
    %4 = hlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<2x3xf32>
    %5 = hlo.concatenate %x, %4, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %6 = hlo.slice %5 [0:4:2, 1:3] : (tensor<4x3xf32>) -> tensor<2x2xf32>
    %7 = hlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
    %8 = hlo.dynamic_update_slice %6, %7, %i, %i : (tensor<2x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
    %9 = hlo.pad %8, %zero, low = [1, 0], high = [0, 2], interior = [0, 1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x5xf32>
    %10 = hlo.rev %9, dims = [0] : tensor<3x5xf32>
    %11 = hlo.get_dimension_size %10, dim = 1 : tensor<3x5xf32>
    %12 = hlo.set_dimension_size %x, %n, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x<=3xf32>
    %13 = hlo.gather %x[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] {indices_are_sorted = true} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
    %14 = hlo.scatter(%13)[%idx] updates(%x), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 {unique_indices = true} : (tensor<2x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<2x3xf32> {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = hlo.add %a, %b : tensor<f32>
      hlo.return %s : tensor<f32>
    }
    %15:2 = hlo.sort(%14, %x) dim = 1 {is_stable = true} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
      %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      hlo.return %lt : tensor<i1>
    }
    %16 = hlo.tuple %15#0, %11 : tuple<tensor<2x3xf32>, tensor<i32>>
    %17 = hlo.get_tuple_element %16[0] : tuple<tensor<2x3xf32>, tensor<i32>>
    %18:2 = hlo.optimization_barrier %17, %t : tensor<2x3xf32>, tuple<tensor<2x3xf32>, tensor<i32>>
    %19 = hlo.transpose %18#0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %20 = hlo.add %19, %0 : tensor<3x2xf32>
    %21 = hlo.add %20, %2 : tensor<3x2xf32>
    return %21 : tensor<3x2xf32>
  }

  func.func private @reductions(%x: tensor<4x6xf32>, %init: tensor<f32>, %g: tensor<2x2xf32>) -> (tensor<4xf32>, tensor<2x2xf32>, tensor<4x6xf32>) {
    %0 = hlo.reduce(%x init: %init) dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = hlo.add %a, %b : tensor<f32>
      hlo.return %s : tensor<f32>
    }
    %1 = hlo.reduce_window(%x init: %init) window = {size = [2, 3], stride = [2, 3], pad = [[0, 0], [0, 0]]} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32> {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = hlo.maximum %a, %b : tensor<f32>
      hlo.return %m : tensor<f32>
    }
    %2 = hlo.select_and_scatter %x, %g, %init, window = {size = [2, 3], stride = [2, 3]} : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32> select {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      hlo.return %ge : tensor<i1>
    } scatter {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = hlo.add %a, %b : tensor<f32>
      hlo.return %s : tensor<f32>
    }
    return %0, %1, %2 : tensor<4xf32>, tensor<2x2xf32>, tensor<4x6xf32>
  }

  func.func private @linalg(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>, %c: tensor<8xcomplex<f32>>, %m: tensor<3x3xf32>, %bn: tensor<8x4xf32>, %f: tensor<4xf32>) -> tensor<2x4xf32> {
    %0 = hlo.dot %a, %b {precision_config = ["HIGH", "DEFAULT"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %1 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %2 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x4x4x8xf32>
    %3 = hlo.fft %c, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
    %4 = hlo.cholesky %m, lower = true : tensor<3x3xf32>
    %5 = hlo.triangular_solve %4, %m, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %6 = hlo.batch_norm_inference %bn, %f, %f, %f, %f, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
    %7:3 = hlo.batch_norm_training %6, %f, %f, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
    %8:3 = hlo.batch_norm_grad %7#0, %f, %7#1, %7#2, %bn, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
    %9 = hlo.add %0, %1 : tensor<2x4xf32>
    return %9 : tensor<2x4xf32>
  }

  func.func private @control(%p: tensor<i1>, %k: tensor<i32>, %x: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
    %0:2 = hlo.while(%k, %x) : tensor<i32>, tensor<4xf32> cond {
    ^bb0(%i: tensor<i32>, %acc: tensor<4xf32>):
      %c = hlo.constant dense<3> : tensor<i32>
      %lt = hlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %lt : tensor<i1>
    } do {
    ^bb0(%i: tensor<i32>, %acc: tensor<4xf32>):
      %one = hlo.constant dense<1> : tensor<i32>
      %j = hlo.add %i, %one : tensor<i32>
      %y = hlo.add %acc, %acc : tensor<4xf32>
      hlo.return %j, %y : tensor<i32>, tensor<4xf32>
    }
    %1 = hlo.conditional %p, %0#1, %0#1 : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<4xf32>):
      hlo.return %a : tensor<4xf32>
    }, {
    ^bb0(%b: tensor<4xf32>):
      %n = hlo.negate %b : tensor<4xf32>
      hlo.return %n : tensor<4xf32>
    }
    %c = hlo.call @twice(%1) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = hlo.fusion(%c) kind = loop : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%y: tensor<4xf32>):
      %m = hlo.multiply %y, %y : tensor<4xf32>
      hlo.return %m : tensor<4xf32>
    }
    %3 = hlo.custom_call @my_target(%2) {backend_config = "opaque \"cfg\"", has_side_effect = true, api_version = "API_VERSION_STATUS_RETURNING"} : (tensor<4xf32>) -> tensor<4xf32>
    return %0#0, %3 : tensor<i32>, tensor<4xf32>
  }

  func.func private @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = hlo.add %x, %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }

  func.func private @effects(%t: !hlo.token, %x: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>, %state: tensor<2xui64>) -> (!hlo.token, tensor<4xf32>) {
    %0:2 = hlo.infeed %t {infeed_config = "q"} : tensor<4xf32>
    %1 = hlo.outfeed %0#0, %0#1 {outfeed_config = ""} : tensor<4xf32>
    %2 = hlo.send %x, %1, channel_id = 1 : tensor<4xf32>
    %3:2 = hlo.recv %2, channel_id = 2 : tensor<4xf32>
    %4 = hlo.after_all(%3#1, %t)
    %5 = hlo.all_gather %3#0, all_gather_dimension = 0, replica_groups = [[0]] : (tensor<4xf32>) -> tensor<4xf32>
    %6 = hlo.all_reduce(%5) replica_groups = [[0]] : tensor<4xf32> {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = hlo.add %a, %b : tensor<f32>
      hlo.return %s : tensor<f32>
    }
    %7 = hlo.all_to_all %6, split_dimension = 0, concat_dimension = 0, split_count = 1, replica_groups = [[0]] : (tensor<4xf32>) -> tensor<4xf32>
    %8b = hlo.collective_permute %7, source_target_pairs = [[0, 0]] : tensor<4xf32>
    %8 = hlo.collective_broadcast %8b, replica_groups = [[0]] : tensor<4xf32>
    %9 = hlo.reduce_scatter %8, scatter_dimension = 0, replica_groups = [[0]] : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = hlo.add %a, %b : tensor<f32>
      hlo.return %s : tensor<f32>
    }
    %10 = hlo.replica_id : tensor<ui32>
    %10p = hlo.partition_id : tensor<ui32>
    %11 = hlo.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<4xf32>
    %12 = hlo.rng_normal %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<4xf32>
    %13:2 = hlo.rng_bit_generator THREE_FRY, %state : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %14 = hlo.add %9, %11 : tensor<4xf32>
    %15 = hlo.add %14, %12 : tensor<4xf32>
    return %4, %15 : !hlo.token, tensor<4xf32>
  }

  func.func private @checks(%x: tensor<2xf32>, %i: tensor<2xi32>) {
    check.expect_eq %i, %i : tensor<2xi32>
    check.expect_eq_const %i, dense<[1, 2]> : tensor<2xi32>
    check.expect_almost_eq %x, %x, tolerance = 0.001 : tensor<2xf32>
    check.expect_almost_eq_const %x, dense<[1.0, 2.0]> : tensor<2xf32>
    check.expect_close %x, %x, max_ulp_difference = 3 : tensor<2xf32>
    return
  }

  func.func public @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    return %x : tensor<2x3xf32>
  }
}
