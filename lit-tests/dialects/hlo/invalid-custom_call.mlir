// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.custom_call: called computations name functions of the module; layouts come
// together, one per value, each a permutation of a tensor's dimensions ([] otherwise);
// aliases are well-formed dictionaries indexing values of equal types.

func.func @no_target(%x: tensor<f32>) {
  // expected-error @+1 {{requires attribute 'call_target_name'}}
  %0 = "hlo.custom_call"(%x) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @target_kind(%x: tensor<f32>) {
  // expected-error @+1 {{attribute 'call_target_name' must be a string attribute, found @f}}
  %0 = "hlo.custom_call"(%x) {call_target_name = @f} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @api_version(%x: tensor<f32>) {
  // expected-error @+1 {{attribute 'api_version' must be a custom call API version, one of API_VERSION_ORIGINAL API_VERSION_STATUS_RETURNING API_VERSION_STATUS_RETURNING_UNIFIED API_VERSION_TYPED_FFI, found "API_VERSION_NEW"}}
  %0 = hlo.custom_call @f(%x) {api_version = "API_VERSION_NEW"} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @backend_config_kind(%x: tensor<f32>) {
  // expected-error @+1 {{attribute 'backend_config' must be a string attribute, found {a = 1}}}
  %0 = hlo.custom_call @f(%x) {backend_config = {a = 1}} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @operand_type_count(%x: tensor<f32>) {
  // expected-error @+1 {{expected 2 operand type(s), found 1}}
  %0 = hlo.custom_call @f(%x, %x) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @unknown_computation(%x: tensor<f32>) {
  // expected-error @+1 {{called_computations[0] @nope does not reference a func.func of the module}}
  %0 = hlo.custom_call @f(%x) {called_computations = [@nope]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func private @g(tensor<f32>) -> tensor<f32>
func.func @computation_not_a_symbol(%x: tensor<f32>) {
  // expected-error @+1 {{called_computations[1] must be a flat symbol reference, found "g"}}
  %0 = hlo.custom_call @f(%x) {called_computations = [@g, "g"]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @one_layout_list(%x: tensor<f32>) {
  // expected-error @+1 {{operand_layouts and result_layouts must be given together}}
  %0 = hlo.custom_call @f(%x) {operand_layouts = [array<i64>]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @operand_layout_count(%x: tensor<f32>) {
  // expected-error @+1 {{operand_layouts has 2 entries, but the op has 1 operands}}
  %0 = hlo.custom_call @f(%x) {operand_layouts = [array<i64>, array<i64>], result_layouts = [array<i64>]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @result_layout_count(%x: tensor<f32>) {
  // expected-error @+1 {{result_layouts has 0 entries, but the op has 1 results}}
  %0 = hlo.custom_call @f(%x) {operand_layouts = [array<i64>], result_layouts = []} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @operand_layout_not_a_permutation(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{operand_layouts[0] = [0, 2] is not a permutation of the 2 dimensions of operand #0 (tensor<2x3xf32>)}}
  %0 = hlo.custom_call @f(%x) {operand_layouts = [array<i64: 0, 2>], result_layouts = [array<i64: 0>]} : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @result_layout_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result_layouts[0] = [0, 1] is not a permutation of the 1 dimensions of result #0 (tensor<6xf32>)}}
  %0 = hlo.custom_call @f(%x) {operand_layouts = [array<i64: 1, 0>], result_layouts = [array<i64: 0, 1>]} : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @layout_of_a_token(%t: !hlo.token) {
  // expected-error @+1 {{operand_layouts[0] must be [] for operand #0 of type !hlo.token, which is not a tensor}}
  hlo.custom_call @f(%t) {operand_layouts = [array<i64: 0>], result_layouts = []} : (!hlo.token) -> ()
  return
}

// -----

func.func @layouts_kind(%x: tensor<f32>) {
  // expected-error @+1 {{attribute 'operand_layouts' must be a list of i64 arrays ([[...], ...]), found [0]}}
  %0 = hlo.custom_call @f(%x) {operand_layouts = [0], result_layouts = [array<i64>]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @alias_not_a_dictionary(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases[0] must be a dictionary {output_tuple_indices = array<i64: ...>, operand_index = N, operand_tuple_indices = array<i64: ...>}, found 0}}
  %0 = hlo.custom_call @f(%x) {output_operand_aliases = [0]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @alias_without_operand(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases[0] must be a dictionary}}
  %0 = hlo.custom_call @f(%x) {output_operand_aliases = [{output_tuple_indices = array<i64>}]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @alias_unknown_key(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases[0] must be a dictionary}}
  %0 = hlo.custom_call @f(%x) {output_operand_aliases = [{operand_index = 0, kind = "must"}]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @alias_index_kind(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases[0] must be a dictionary}}
  %0 = hlo.custom_call @f(%x) {output_operand_aliases = [{operand_index = "0"}]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @alias_operand_out_of_range(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases[0]: operand_index 1 is out of range for 1 operands}}
  %0 = hlo.custom_call @f(%x) {output_operand_aliases = [{operand_index = 1}]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @alias_operand_indices(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases[0]: operand_tuple_indices [0] do not index into operand #0 (tensor<f32>)}}
  %0 = hlo.custom_call @f(%x) {output_operand_aliases = [{operand_index = 0, operand_tuple_indices = array<i64: 0>}]} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @alias_output_indices(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases[0]: output_tuple_indices [2] do not index into the results (tuple<tensor<f32>, tensor<f32>>)}}
  %0:2 = hlo.custom_call @f(%x) {output_operand_aliases = [{operand_index = 0, output_tuple_indices = array<i64: 2>}]} : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

func.func @alias_types(%x: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases[0] aliases an output of type tensor<2xf32> with an operand of type tensor<f32>; they must be equal}}
  %0 = hlo.custom_call @f(%x) {output_operand_aliases = [{operand_index = 0}]} : (tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @aliases_kind(%x: tensor<f32>) {
  // expected-error @+1 {{attribute 'output_operand_aliases' must be an array attribute, found {operand_index = 0}}}
  %0 = hlo.custom_call @f(%x) {output_operand_aliases = {operand_index = 0}} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

// The custom form's symbol is the target; the dictionary may not name it again.
func.func @target_given_twice(%x: tensor<f32>) {
  // expected-error @+1 {{attribute 'call_target_name' is given twice}}
  %0 = hlo.custom_call @f(%x) {call_target_name = "g"} : (tensor<f32>) -> tensor<f32>
  return
}
