// RUN: xla-opt %s --lower-to-llvm | FileCheck %s

// loop.call_runtime calls the runtime function with the buffers as pointers, index as i64
// and the run options last; a non-zero status ends the function with it.
// CHECK-LABEL: llvm.func @sort
// CHECK-SAME:    (%[[A:[^:]+]]: !llvm.ptr, %[[OPTS:[^:]+]]: !llvm.ptr) -> i32
// CHECK-DAG:     %[[N:.+]] = llvm.constant 4 : i64
// CHECK-DAG:     %[[OK:.+]] = llvm.constant 0 : i32
// CHECK:         %[[S:.+]] = llvm.call @xla_rt_example(%[[A]], %[[N]], %[[OPTS]]) : (!llvm.ptr, i64, !llvm.ptr) -> i32
// CHECK-NEXT:    %[[FAILED:.+]] = llvm.icmp ne %[[S]], %[[OK]] : i32
// CHECK-NEXT:    llvm.cond_br %[[FAILED]], ^[[FAIL:bb[0-9]+]], ^[[NEXT:bb[0-9]+]]
// CHECK-NEXT:  ^[[FAIL]]:
// CHECK-NEXT:    llvm.return %[[S]] : i32
// CHECK-NEXT:  ^[[NEXT]]:
// CHECK-NEXT:    llvm.return %[[OK]] : i32
func.func @sort(%a: memref<4xf32>) {
  %n = loop.constant 4 : index
  loop.call_runtime @xla_rt_example(%a, %n) : (memref<4xf32>, index) -> ()
  func.return
}
