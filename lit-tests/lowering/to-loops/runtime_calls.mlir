// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// Ops whose work is outside the function are runtime calls (docs/lowering.md, "Runtime
// calls"): buffers with their byte sizes, the run options appended later by
// lower-to-llvm.

// replica_id writes the caller's replica id straight into its result buffer.
// CHECK-LABEL: func.func @replica_id
// CHECK-SAME:    (%[[OUT:.+]]: memref<ui32>)
// CHECK-NEXT:    loop.call_runtime @xla_rt_replica_id(%[[OUT]]) : (memref<ui32>) -> ()
// CHECK-NEXT:    func.return
func.func @replica_id() -> tensor<ui32> {
  %0 = hlo.replica_id : tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

// partition_id likewise, from the run options' partitions.
// CHECK-LABEL: func.func @partition_id
// CHECK-SAME:    (%[[OUT:.+]]: memref<ui32>)
// CHECK-NEXT:    loop.call_runtime @xla_rt_partition_id(%[[OUT]]) : (memref<ui32>) -> ()
// CHECK-NEXT:    func.return
func.func @partition_id() -> tensor<ui32> {
  %0 = hlo.partition_id : tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

// Ragged groups go to the runtime as a table padded with -1; with a channel, all_reduce's
// replica groups take every partition (mode 2, cross_replica_and_partition).
// CHECK-LABEL: func.func @ragged_all_reduce
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[TWO:.+]] = loop.constant 2 : index
// CHECK-DAG:     %[[PAD:.+]] = loop.constant -1 : i64
// CHECK:         %[[GROUPS:.+]] = loop.alloc : memref<2x2xi64>
// CHECK:         loop.store %[[PAD]], %[[GROUPS]][%[[C1]], %[[C1]]]
// CHECK:         loop.call_runtime @xla_rt_collective_exchange(%{{.+}}, %{{.+}}, %[[GROUPS]], %[[TWO]], %[[TWO]], %[[TWO]], %[[C0]], %{{.+}})
func.func @ragged_all_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.all_reduce(%x) replica_groups = [[0, 1], [2]] {channel_id = 1} : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

// collective_broadcast with a channel: partition groups (mode 1), a process in no group
// allowed (flag 4), so mode 5; each operand its own exchange, then zeros, then the root's
// buffer on a process in a group (a size above 0).
// CHECK-LABEL: func.func @collective_broadcast
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[FIVE:.+]] = loop.constant 5 : index
// CHECK:         loop.call_runtime @xla_rt_collective_exchange(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[FIVE]], %[[C0]], %[[INFO:[^)]+]])
// CHECK:         %[[SIZE:.+]] = loop.convert
// CHECK:         %[[IN:.+]] = loop.compare GT, %[[SIZE]], %[[C0]]
// CHECK:         loop.if %[[IN]]
// CHECK-NEXT:      loop.call_runtime @xla_rt_collective_member(%[[C0]],
// CHECK:         loop.call_runtime @xla_rt_collective_exchange(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[FIVE]], %[[C0]], %{{.+}})
func.func @collective_broadcast(%x: tensor<2xf32>, %y: tensor<3xi32>) -> (tensor<2xf32>, tensor<3xi32>) {
  %0:2 = hlo.collective_broadcast %x, %y, replica_groups = [[1, 0]] {channel_id = 1} : tensor<2xf32>, tensor<3xi32>
  return %0#0, %0#1 : tensor<2xf32>, tensor<3xi32>
}

// -----

// all_reduce: one exchange with the groups as a constant table; the result starts as
// member 0's buffer and folds members 1 .. size-1 (read at run time) with the
// computation inlined.
// CHECK-LABEL: func.func @all_reduce
// CHECK-SAME:    (%[[X:[^:]+]]: memref<4xf32>, %[[R:[^:]+]]: memref<4xf32>)
// CHECK-DAG:     %[[BYTES:.+]] = loop.constant 16 : index
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[TWO:.+]] = loop.constant 2 : index
// CHECK:         %[[GROUPS:.+]] = loop.alloc : memref<2x2xi64>
// CHECK-COUNT-4: loop.store {{.*}}, %[[GROUPS]]
// CHECK:         %[[INFO:.+]] = loop.alloc : memref<3xi64>
// CHECK-NEXT:    loop.call_runtime @xla_rt_collective_exchange(%[[X]], %[[BYTES]], %[[GROUPS]], %[[TWO]], %[[TWO]], %[[C0]], %[[C0]], %[[INFO]])
// CHECK-NEXT:    %[[SIZE_I64:.+]] = loop.load %[[INFO]][%[[C0]]] : memref<3xi64>
// CHECK-NEXT:    %[[SIZE:.+]] = loop.convert %[[SIZE_I64]] : i64 -> index
// CHECK:         %[[TMP:.+]] = loop.alloc : memref<4xf32>
// CHECK-NEXT:    loop.call_runtime @xla_rt_collective_member(%[[C0]], %[[TMP]], %[[BYTES]])
// CHECK:         loop.for %[[K:.+]] = %[[C1]] to %[[SIZE]] step %[[C1]] {
// CHECK-NEXT:      loop.call_runtime @xla_rt_collective_member(%[[K]], %[[TMP]], %[[BYTES]])
// CHECK:             %[[ACC:.+]] = loop.load %[[R]]
// CHECK-NEXT:        %[[NEXT:.+]] = loop.load %[[TMP]]
// CHECK-NEXT:        %[[SUM:.+]] = loop.arith add %[[ACC]], %[[NEXT]] : f32
// CHECK-NEXT:        loop.store %[[SUM]], %[[R]]
func.func @all_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.all_reduce(%x) replica_groups = [[0, 1], [2, 3]] : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

// all_gather with no groups: a group of every replica (mode 0, cross_replica), which must
// number 2 (the types say so); member k goes to block k.
// CHECK-LABEL: func.func @all_gather
// CHECK-SAME:    (%[[X:[^:]+]]: memref<3xi32>, %[[R:[^:]+]]: memref<6xi32>)
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[TWO:.+]] = loop.constant 2 : index
// CHECK-DAG:     %[[THREE:.+]] = loop.constant 3 : index
// CHECK:         %[[NONE:.+]] = loop.alloc : memref<0xi64>
// CHECK:         loop.call_runtime @xla_rt_collective_exchange(%[[X]], %{{.+}}, %[[NONE]], %[[C0]], %[[C0]], %[[C0]], %[[TWO]], %{{.+}})
// CHECK:         loop.for %[[K:.+]] = %[[C0]] to %[[TWO]]
// CHECK-NEXT:      loop.call_runtime @xla_rt_collective_member(%[[K]], %[[TMP:[^,]+]], %{{.+}})
// CHECK-NEXT:      %[[OFFSET:.+]] = loop.arith multiply %[[K]], %[[THREE]] : index
// CHECK:             %[[E:.+]] = loop.load %[[TMP]][%[[I:.+]]] : memref<3xi32>
// CHECK-NEXT:        %[[AT:.+]] = loop.arith add %[[I]], %[[OFFSET]] : index
// CHECK-NEXT:        loop.store %[[E]], %[[R]][%[[AT]]] : memref<6xi32>
func.func @all_gather(%x: tensor<3xi32>) -> tensor<6xi32> {
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [] : (tensor<3xi32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

// Tokens are no values; every data value is one buffer of the runtime's queues. Infeed
// waits for ever (-1) unless the driver bounds it.
// CHECK-LABEL: func.func @tokens
// CHECK-SAME:    (%[[X:[^:]+]]: memref<2xf32>, %[[R:[^:]+]]: memref<2xf32>)
// CHECK-DAG:     %[[CHANNEL:.+]] = loop.constant 3 : index
// CHECK-DAG:     %[[BYTES:.+]] = loop.constant 8 : index
// CHECK-DAG:     %[[FOREVER:.+]] = loop.constant -1 : index
// CHECK:         loop.call_runtime @xla_rt_send(%[[CHANNEL]], %[[X]], %[[BYTES]])
// CHECK-NEXT:    %[[RECEIVED:.+]] = loop.alloc : memref<2xf32>
// CHECK-NEXT:    loop.call_runtime @xla_rt_recv(%[[CHANNEL]], %[[RECEIVED]], %[[BYTES]])
// CHECK-NEXT:    loop.call_runtime @xla_rt_outfeed_enqueue(%[[RECEIVED]], %[[BYTES]])
// CHECK-NEXT:    loop.call_runtime @xla_rt_infeed_dequeue(%[[R]], %[[BYTES]], %[[FOREVER]])
// CHECK-NEXT:    func.return
func.func @tokens(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t0 = hlo.after_all()
  %t1 = hlo.send %x, %t0, channel_id = 3 : tensor<2xf32>
  %r:2 = hlo.recv %t1, channel_id = 3 : tensor<2xf32>
  %t2 = hlo.outfeed %r#0, %r#1 : tensor<2xf32>
  %i:2 = hlo.infeed %t2 : tensor<2xf32>
  return %i#0 : tensor<2xf32>
}

// -----

// rng_normal fills a row-major result in place (11 is f32's code, 6 the element count).
// CHECK-LABEL: func.func @rng_normal
// CHECK-SAME:    (%[[MU:[^:]+]]: memref<f32>, %[[SIGMA:[^:]+]]: memref<f32>, %[[R:[^:]+]]: memref<2x3xf32>)
// CHECK-DAG:     %[[CODE:.+]] = loop.constant 11 : i32
// CHECK-DAG:     %[[COUNT:.+]] = loop.constant 6 : index
// CHECK:         loop.call_runtime @xla_rt_rng_normal(%[[CODE]], %[[MU]], %[[SIGMA]], %[[R]], %[[COUNT]])
// CHECK-NEXT:    func.return
func.func @rng_normal(%a: tensor<f32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.rng_normal %a, %b : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A column-major result is drawn row-major into a temporary, then copied; a constant
// bound gets a buffer of its own (ui8's code is 5).
// CHECK-LABEL: func.func @rng_uniform_column_major
// CHECK-DAG:     %[[CODE:.+]] = loop.constant 5 : i32
// CHECK:         %[[LOW:.+]] = loop.alloc : memref<ui8>
// CHECK:         %[[TMP:.+]] = loop.alloc : memref<2x3xui8>
// CHECK:         loop.call_runtime @xla_rt_rng_uniform(%[[CODE]], %[[LOW]], %{{.+}}, %[[TMP]], %{{.+}})
// CHECK:         loop.parallel
// CHECK:           loop.load %[[TMP]]
func.func @rng_uniform_column_major(%b: tensor<ui8>) -> tensor<2x3xui8, {0, 1}> {
  %a = hlo.constant dense<1> : tensor<ui8>
  %0 = hlo.rng_uniform %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<2x3xui8, {0, 1}>
  return %0 : tensor<2x3xui8, {0, 1}>
}

// -----

// A custom call stages its operand and result buffers, then calls the target by name with
// its backend config, both as bytes (a splat operand gets a buffer first).
// CHECK-LABEL: func.func @custom_call
// CHECK-SAME:    (%[[X:[^:]+]]: memref<4xf32>, %[[R:[^:]+]]: memref<4xf32>)
// CHECK:         loop.call_runtime @xla_rt_custom_call_arg(%[[X]])
// CHECK:         %[[ONES:.+]] = loop.alloc : memref<4xf32>
// CHECK:         loop.call_runtime @xla_rt_custom_call_arg(%[[ONES]])
// CHECK:         loop.call_runtime @xla_rt_custom_call_result(%[[R]])
// CHECK:         %[[NAME:.+]] = loop.alloc : memref<4xui8>
// CHECK:         %[[CONFIG:.+]] = loop.alloc : memref<1xui8>
// CHECK:         loop.call_runtime @xla_rt_custom_call_staged(%[[NAME]], %{{.+}}, %[[CONFIG]], %{{.+}})
func.func @custom_call(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.custom_call @axpy(%x, %c) {backend_config = "3"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The size of a static dimension is a constant.
// CHECK-LABEL: func.func @dimension_size
// CHECK:         %[[FIVE:.+]] = loop.constant 5 : i32
// CHECK:         loop.store %[[FIVE]], %{{.+}}[] : memref<i32>
func.func @dimension_size(%x: tensor<3x5xf32>) -> tensor<i32> {
  %0 = hlo.get_dimension_size %x, dim = 1 : tensor<3x5xf32>
  return %0 : tensor<i32>
}
