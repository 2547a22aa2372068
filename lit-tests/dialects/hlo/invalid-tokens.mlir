// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Token ops: tokens where the declarations say token, tensors as data, a non-negative
// integer channel_id for send and recv, string configs and a bool is_host_transfer. The
// custom forms list one type per datum.

func.func @after_all_of_a_tensor(%x: tensor<f32>) {
  // expected-error @+1 {{operand 'inputs' #0 must be a token (!hlo.token), found tensor<f32>}}
  %0 = "hlo.after_all"(%x) : (tensor<f32>) -> !hlo.token
  return
}

// -----

func.func @after_all_result(%t: !hlo.token) {
  // expected-error @+1 {{result 'result' must be a token (!hlo.token), found tensor<f32>}}
  %0 = "hlo.after_all"(%t) : (!hlo.token) -> tensor<f32>
  return
}

// -----

func.func @infeed_without_token(%x: tensor<f32>) {
  // expected-error @+1 {{operand 'token' must be a token (!hlo.token), found tensor<f32>}}
  %0:2 = "hlo.infeed"(%x) : (tensor<f32>) -> (tensor<f32>, !hlo.token)
  return
}

// -----

func.func @infeed_of_a_tuple(%t: !hlo.token) {
  // expected-error @+1 {{result 'results' #0 must be a tensor, found tuple<tensor<f32>>}}
  %0:2 = "hlo.infeed"(%t) : (!hlo.token) -> (tuple<tensor<f32>>, !hlo.token)
  return
}

// -----

func.func @infeed_returns_no_token(%t: !hlo.token) {
  // expected-error @+1 {{result 'output_token' must be a token (!hlo.token), found tensor<f32>}}
  %0 = "hlo.infeed"(%t) : (!hlo.token) -> tensor<f32>
  return
}

// -----

func.func @infeed_config_kind(%t: !hlo.token) {
  // expected-error @+1 {{attribute 'infeed_config' must be a string attribute, found 1}}
  %0 = hlo.infeed %t {infeed_config = 1}
  return
}

// -----

func.func @outfeed_of_a_token(%t: !hlo.token) {
  // expected-error @+1 {{operand 'inputs' #0 must be a tensor, found !hlo.token}}
  %0 = "hlo.outfeed"(%t, %t) : (!hlo.token, !hlo.token) -> !hlo.token
  return
}

// -----

func.func @outfeed_config_kind(%t: !hlo.token) {
  // expected-error @+1 {{attribute 'outfeed_config' must be a string attribute, found true}}
  %0 = hlo.outfeed %t {outfeed_config = true}
  return
}

// -----

func.func @outfeed_type_count(%x: tensor<f32>, %t: !hlo.token) {
  // expected-error @+1 {{expected 1 type(s), one per operand before the token, found 2}}
  %0 = hlo.outfeed %x, %t : tensor<f32>, tensor<f32>
  return
}

// -----

func.func @negative_send_channel(%x: tensor<f32>, %t: !hlo.token) {
  // expected-error @+1 {{channel_id must be non-negative, found -1}}
  %0 = hlo.send %x, %t, channel_id = -1 : tensor<f32>
  return
}

// -----

func.func @negative_recv_channel(%t: !hlo.token) {
  // expected-error @+1 {{channel_id must be non-negative, found -7}}
  %0:2 = hlo.recv %t, channel_id = -7 : tensor<f32>
  return
}

// -----

func.func @send_without_channel(%x: tensor<f32>, %t: !hlo.token) {
  // expected-error @+1 {{requires attribute 'channel_id'}}
  %0 = hlo.send %x, %t : tensor<f32>
  return
}

// -----

func.func @recv_channel_kind(%t: !hlo.token) {
  // expected-error @+1 {{attribute 'channel_id' must be an integer attribute, found "one"}}
  %0:2 = hlo.recv %t {channel_id = "one"} : tensor<f32>
  return
}

// -----

func.func @host_transfer_kind(%x: tensor<f32>, %t: !hlo.token) {
  // expected-error @+1 {{attribute 'is_host_transfer' must be a bool attribute, found 1}}
  %0 = hlo.send %x, %t, channel_id = 1 {is_host_transfer = 1} : tensor<f32>
  return
}

// -----

func.func @recv_result_is_no_token(%t: !hlo.token) {
  // expected-error @+1 {{result 'output_token' must be a token (!hlo.token), found tensor<i32>}}
  %0:2 = "hlo.recv"(%t) {channel_id = 1} : (!hlo.token) -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @channel_given_twice(%t: !hlo.token) {
  // expected-error @+1 {{attribute 'channel_id' is given twice}}
  %0:2 = hlo.recv %t, channel_id = 1 {channel_id = 2} : tensor<f32>
  return
}

// -----

func.func @send_result(%x: tensor<f32>, %t: !hlo.token) {
  // expected-error @+1 {{result 'result' must be a token (!hlo.token), found tensor<f32>}}
  %0 = "hlo.send"(%x, %t) {channel_id = 1} : (tensor<f32>, !hlo.token) -> tensor<f32>
  return
}

// -----

func.func @channel_too_large(%t: !hlo.token) {
  // expected-error @+1 {{channel_id does not fit in 64 bits}}
  %0:2 = hlo.recv %t, channel_id = 9223372036854775808 : tensor<f32>
  return
}
