// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// Side effects ordered by tokens. The custom forms leave out the token types (always
// !hlo.token) and list the types of the data only; the generic form shows them all.

// hlo.after_all joins tokens; with no operands it makes a fresh one.
// CHECK-LABEL: func.func @join
// CHECK-SAME:    (%[[T:[^:]+]]: !hlo.token, %[[U:[^:]+]]: !hlo.token)
// CHECK-NEXT:    %[[FRESH:.+]] = hlo.after_all()
// CHECK-NEXT:    %[[J:.+]] = hlo.after_all(%[[T]], %[[U]], %[[FRESH]])
// CHECK-NEXT:    func.return %[[J]] : !hlo.token
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}} = "hlo.after_all"() : () -> !hlo.token
// GENERIC-NEXT:    %{{.+}} = "hlo.after_all"(%{{.+}}, %{{.+}}, %{{.+}}) : (!hlo.token, !hlo.token, !hlo.token) -> !hlo.token
func.func @join(%t: !hlo.token, %u: !hlo.token) -> !hlo.token {
  %fresh = hlo.after_all()
  %0 = hlo.after_all(%t, %u, %fresh)
  return %0 : !hlo.token
}

// -----

// hlo.infeed reads data of the result types and returns a token last; hlo.outfeed writes
// its operands before the token. Both may have no data.
// CHECK-LABEL: func.func @feeds
// CHECK-SAME:    (%[[T:[^:]+]]: !hlo.token)
// CHECK-NEXT:    %[[IN:.+]]:3 = hlo.infeed %[[T]] {infeed_config = "queue 0"} : tensor<2x3xf32>, tensor<i32>
// CHECK-NEXT:    %[[OUT:.+]] = hlo.outfeed %[[IN]]#0, %[[IN]]#1, %[[IN]]#2 {outfeed_config = ""} : tensor<2x3xf32>, tensor<i32>
// CHECK-NEXT:    %[[NONE:.+]] = hlo.infeed %[[OUT]]
// CHECK-NEXT:    %[[LAST:.+]] = hlo.outfeed %[[NONE]]
// CHECK-NEXT:    func.return %[[LAST]] : !hlo.token
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}}:3 = "hlo.infeed"(%{{.+}}) {infeed_config = "queue 0"} : (!hlo.token) -> (tensor<2x3xf32>, tensor<i32>, !hlo.token)
// GENERIC-NEXT:    %{{.+}} = "hlo.outfeed"(%{{.+}}#0, %{{.+}}#1, %{{.+}}#2) {outfeed_config = ""} : (tensor<2x3xf32>, tensor<i32>, !hlo.token) -> !hlo.token
// GENERIC-NEXT:    %{{.+}} = "hlo.infeed"(%{{.+}}) : (!hlo.token) -> !hlo.token
// GENERIC-NEXT:    %{{.+}} = "hlo.outfeed"(%{{.+}}) : (!hlo.token) -> !hlo.token
func.func @feeds(%t: !hlo.token) -> !hlo.token {
  %0:3 = hlo.infeed %t {infeed_config = "queue 0"} : tensor<2x3xf32>, tensor<i32>
  %1 = hlo.outfeed %0#0, %0#1, %0#2 {outfeed_config = ""} : tensor<2x3xf32>, tensor<i32>
  %2 = hlo.infeed %1
  %3 = hlo.outfeed %2
  return %3 : !hlo.token
}

// -----

// hlo.send and hlo.recv name their channel inline; is_host_transfer stays in the
// attribute dictionary.
// CHECK-LABEL: func.func @channels
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4xf32>, %[[T:[^:]+]]: !hlo.token)
// CHECK-NEXT:    %[[S:.+]] = hlo.send %[[X]], %[[T]], channel_id = 1 : tensor<4xf32>
// CHECK-NEXT:    %[[R:.+]]:3 = hlo.recv %[[S]], channel_id = 2 {is_host_transfer = true} : tensor<4xf32>, tensor<i1>
// CHECK-NEXT:    %[[H:.+]] = hlo.send %[[R]]#0, %[[R]]#1, %[[R]]#2, channel_id = 0 {is_host_transfer = false} : tensor<4xf32>, tensor<i1>
// CHECK-NEXT:    %[[E:.+]] = hlo.recv %[[H]], channel_id = 3
// CHECK-NEXT:    func.return %[[R]]#0, %[[E]] : tensor<4xf32>, !hlo.token
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}} = "hlo.send"(%{{.+}}, %{{.+}}) {channel_id = 1} : (tensor<4xf32>, !hlo.token) -> !hlo.token
// GENERIC-NEXT:    %{{.+}}:3 = "hlo.recv"(%{{.+}}) {channel_id = 2, is_host_transfer = true} : (!hlo.token) -> (tensor<4xf32>, tensor<i1>, !hlo.token)
// GENERIC-NEXT:    "hlo.send"(%{{.+}}#0, %{{.+}}#1, %{{.+}}#2) {channel_id = 0, is_host_transfer = false} : (tensor<4xf32>, tensor<i1>, !hlo.token) -> !hlo.token
// GENERIC-NEXT:    "hlo.recv"(%{{.+}}) {channel_id = 3} : (!hlo.token) -> !hlo.token
func.func @channels(%x: tensor<4xf32>, %t: !hlo.token) -> (tensor<4xf32>, !hlo.token) {
  %0 = hlo.send %x, %t, channel_id = 1 : tensor<4xf32>
  %1:3 = hlo.recv %0, channel_id = 2 {is_host_transfer = true} : tensor<4xf32>, tensor<i1>
  %2 = hlo.send %1#0, %1#1, %1#2, channel_id = 0 {is_host_transfer = false} : tensor<4xf32>, tensor<i1>
  %3 = hlo.recv %2, channel_id = 3
  return %1#0, %3 : tensor<4xf32>, !hlo.token
}

// -----

// A channel_id that is not a plain i64 is kept in the attribute dictionary, so it prints
// and reads back as written.
// CHECK-LABEL: func.func @typed_channel
// CHECK-NEXT:    hlo.send %{{.+}}, %{{.+}} {channel_id = 5 : i32} : tensor<f32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.send"(%{{.+}}, %{{.+}}) {channel_id = 5 : i32} : (tensor<f32>, !hlo.token) -> !hlo.token
func.func @typed_channel(%x: tensor<f32>, %t: !hlo.token) -> !hlo.token {
  %0 = "hlo.send"(%x, %t) {channel_id = 5 : i32} : (tensor<f32>, !hlo.token) -> !hlo.token
  return %0 : !hlo.token
}
