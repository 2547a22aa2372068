// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-aotc %s -o %t/custom_call.o --header %t/custom_call.h
// RUN: cc -std=c11 -Wall -Werror -I %t -I %xla_runtime_include %S/Inputs/custom_call_main.c %t/custom_call.o %xla_runtime_lib -lm -lpthread -ldl -o %t/custom_call
// RUN: %t/custom_call | FileCheck %s

// hlo.custom_call compiles to a call of the target the driver registers in the runtime
// under its name (xla_rt_register_custom_call), with the operand and result buffers and the
// backend config; an unknown target and a target's failure are the entry's status.

// CHECK:      status 6
// CHECK-NEXT: error: xla_rt_custom_call_staged: no custom call target 'axpy' is registered
// CHECK-NEXT: status 0
// CHECK-NEXT: out[0] = -13
// CHECK-NEXT: out[1] = -26
// CHECK-NEXT: out[2] = -39
// CHECK-NEXT: out[3] = -52
// CHECK-NEXT: status 5
// CHECK-NEXT: error: xla_rt_custom_call_staged: 'axpy' failed: asked to fail
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.custom_call @axpy(%x, %y) {backend_config = "3", api_version = "API_VERSION_STATUS_RETURNING_UNIFIED"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
