// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.reduce_window: inputs of one shape, 0-d init values of the inputs' element types,
// one positive window size and stride and dilation per dimension, [low, high] padding
// pairs that leave no negative size, and a reducer of the accumulators then the elements.

func.func @no_inputs() {
  // expected-error @+1 {{needs at least one input}}
  "hlo.reduce_window"() ({
  ^bb0:
    hlo.return
  }) {window_dimensions = array<i64>} : () -> ()
  return
}

// -----

func.func @unequal_groups(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{expected equal-sized groups inputs and init_values of operands, found 3}}
  %0 = "hlo.reduce_window"(%x, %x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

func.func @input_shapes(%x: tensor<4xf32>, %y: tensor<5xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{input #1 (tensor<5xf32>) has a different shape from input #0 (tensor<4xf32>)}}
  %0:2 = hlo.reduce_window(%x, %y init: %z, %z) window = {size = [2]} : (tensor<4xf32>, tensor<5xf32>, tensor<f32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @init_not_scalar(%x: tensor<4xf32>, %z: tensor<1xf32>) {
  // expected-error @+1 {{init value #0 must be a 0-d tensor, found tensor<1xf32>}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<1xf32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<1xf32>, %b: tensor<1xf32>):
    hlo.return %a : tensor<1xf32>
  }
  return
}

// -----

func.func @init_element_type(%x: tensor<4xf32>, %z: tensor<i32>) {
  // expected-error @+1 {{init value #0 has element type i32, but input #0 has f32}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<i32>) -> tensor<3xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %a : tensor<i32>
  }
  return
}

// -----

func.func @missing_size(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{requires attribute 'window_dimensions'}}
  %0 = hlo.reduce_window(%x init: %z) window = {stride = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @size_count(%x: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_dimensions has 1 entries, expected 2 (one per input dimension)}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @size_not_positive(%x: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_dimensions[1] = 0 must be positive}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2, 0]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x5xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @stride_count(%x: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_strides has 3 entries, expected 2 (one per input dimension)}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2, 2], stride = [1, 1, 1]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @stride_not_positive(%x: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_strides[0] = -2 must be positive}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2, 2], stride = [-2, 1]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @base_dilation_not_positive(%x: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{base_dilations[1] = 0 must be positive}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2, 2], base_dilate = [1, 0]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @window_dilation_count(%x: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_dilations has 1 entries, expected 2 (one per input dimension)}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2, 2], window_dilate = [2]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @stride_kind(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{attribute 'window_strides' must be an array of i64 (array<i64: ...>), found [2]}}
  %0 = "hlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @padding_kind(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{attribute 'padding' must be a list of i64 arrays ([[...], ...]), found array<i64: 1, 1>}}
  %0 = "hlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }) {window_dimensions = array<i64: 2>, padding = array<i64: 1, 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return
}

// -----

func.func @padding_count(%x: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{padding has 1 entries, expected 2 (one per input dimension)}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2, 2], pad = [[1, 1]]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @padding_not_a_pair(%x: tensor<4x4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{padding[1] must be a [low, high] pair, found [1]}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2, 2], pad = [[0, 0], [1]]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @padding_too_negative(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{input dimension 0 has negative size -1 after padding [-3, -2]}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [1], pad = [[-3, -2]]} : (tensor<4xf32>, tensor<f32>) -> tensor<0xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @output_overflows(%x: tensor<9223372036854775807xi8>, %z: tensor<i8>) {
  // expected-error @+1 {{input dimension 0: the window output size 85070591730234615838173535747377725443 does not fit in 64 bits}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [1], base_dilate = [9223372036854775807]} : (tensor<9223372036854775807xi8>, tensor<i8>) -> tensor<1xi8> {
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    hlo.return %a : tensor<i8>
  }
  return
}

// -----

func.func @wrong_result(%x: tensor<4x6xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{result #0 has type tensor<2x3xf32>, but shape inference gives tensor<2x2xf32>}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2, 3], stride = [2, 3]} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

// The reducer.

func.func @no_reducer_block(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer must have exactly one block, found 0}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  }
  return
}

// -----

func.func @reducer_arity(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer takes 1 arguments, expected 2}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @reducer_argument_type(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{reducer argument #1 has type tensor<f64>, expected tensor<f32>}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f64>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @reducer_empty_block(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{the reducer block is empty; it must end with hlo.return}}
  // expected-error @+1 {{empty block: expect at least a terminator}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }
  return
}

// -----

func.func @reducer_terminator(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer must end with hlo.return, found 'hlo.add'}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    // expected-error @+1 {{block in 'hlo.reduce_window' must end with a terminator, found 'hlo.add'}}
    %s = hlo.add %a, %b : tensor<f32>
  }
  return
}

// -----

func.func @reducer_result_count(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer returns 2 values, expected 1}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @reducer_result_type(%x: tensor<4xf32>, %z: tensor<f32>, %c: tensor<2xf32>) {
  // expected-error @+1 {{reducer result #0 has type tensor<2xf32>, expected tensor<f32>}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %c : tensor<2xf32>
  }
  return
}

// -----

// The window clause of the custom form.

func.func @unknown_window_key(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{unknown window key 'lhs_dilate', expected one of: size, stride, pad, base_dilate, window_dilate}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2], lhs_dilate = [1]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @window_key_twice(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window key 'size' is given twice}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2], size = [2]} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

// hlo.select_and_scatter: operand, source and 0-d init value of one element type; source
// of the reduce-window output's shape; select (T, T) -> i1 and scatter (T, T) -> T.

func.func @sas_init_not_scalar(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<1xf32>) {
  // expected-error @+1 {{init_value must be a 0-d tensor, found tensor<1xf32>}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_source_element_type(%x: tensor<4xf32>, %s: tensor<2xi32>, %z: tensor<f32>) {
  // expected-error @+1 {{source has element type i32, but operand has f32}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xi32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_init_element_type(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f64>) {
  // expected-error @+1 {{init_value has element type f64, but operand has f32}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f64>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_source_shape(%x: tensor<4xf32>, %s: tensor<3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{source has type tensor<3xf32>, but the windows over operand give tensor<2xf32>}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_size_count(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_dimensions has 2 entries, expected 1 (one per operand dimension)}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2, 2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_stride_not_positive(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{window_strides[0] = 0 must be positive}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [0]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_padding_count(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{padding has 2 entries, expected 1 (one per operand dimension)}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2], pad = [[0, 0], [0, 0]]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_no_dilations(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{unknown window key 'base_dilate', expected one of: size, stride, pad}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], base_dilate = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_select_result(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{select region result #0 has type tensor<f32>, expected tensor<i1>}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_select_argument(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{select region argument #0 has type tensor<i32>, expected tensor<f32>}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<i32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_scatter_arity(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the scatter region takes 3 arguments, expected 2}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_scatter_returns_nothing(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the scatter region returns 0 values, expected 1}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return
  }
  return
}

// -----

func.func @sas_wrong_result(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{result #0 has type tensor<2xf32>, but shape inference gives tensor<4xf32>}}
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @sas_missing_region(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) {
  %0 = hlo.select_and_scatter %x, %s, %z, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  }
  // expected-error @+1 {{expected 'scatter', found 'return'}}
  return
}

// -----

func.func @attribute_twice(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{attribute 'window_dimensions' is given twice}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @operand_type_count(%x: tensor<4xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{expected 2 operand type(s), found 1}}
  %0 = hlo.reduce_window(%x init: %z) window = {size = [2]} : (tensor<4xf32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}
