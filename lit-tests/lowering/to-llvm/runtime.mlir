// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s

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

// -----

// A dot lowered to the runtime's gemm: sizes and strides as i64, alpha and beta as f32
// (passed in registers by the C calling convention), the run options last.
// CHECK-LABEL: llvm.func @gemm
// CHECK-SAME:    (%[[A:[^:]+]]: !llvm.ptr, %[[B:[^:]+]]: !llvm.ptr, %[[C:[^:]+]]: !llvm.ptr, %[[OPTS:[^:]+]]: !llvm.ptr) -> i32
// CHECK-DAG:     %[[ONE:.+]] = llvm.constant 1.0 : f32
// CHECK-DAG:     %[[ZERO:.+]] = llvm.constant 0.0 : f32
// CHECK-DAG:     %[[M:.+]] = llvm.constant 64 : i64
// CHECK-DAG:     %[[N:.+]] = llvm.constant 16 : i64
// CHECK-DAG:     %[[K:.+]] = llvm.constant 32 : i64
// CHECK-DAG:     %[[UNIT:.+]] = llvm.constant 1 : i64
// CHECK:         llvm.call @xla_rt_matmul_f32(%[[M]], %[[N]], %[[K]], %[[ONE]], %[[A]], %[[K]], %[[UNIT]], %[[B]], %[[N]], %[[UNIT]], %[[ZERO]], %[[C]], %[[N]], %[[UNIT]], %[[OPTS]]) : (i64, i64, i64, f32, !llvm.ptr, i64, i64, !llvm.ptr, i64, i64, f32, !llvm.ptr, i64, i64, !llvm.ptr) -> i32
func.func @gemm(%a: memref<64x32xf32>, %b: memref<32x16xf32>, %c: memref<64x16xf32>) {
  %m = loop.constant 64 : index
  %n = loop.constant 16 : index
  %k = loop.constant 32 : index
  %unit = loop.constant 1 : index
  %one = loop.constant 1.0 : f32
  %zero = loop.constant 0.0 : f32
  loop.call_runtime @xla_rt_matmul_f32(%m, %n, %k, %one, %a, %k, %unit, %b, %n, %unit, %zero, %c, %n, %unit) : (index, index, index, f32, memref<64x32xf32>, index, index, memref<32x16xf32>, index, index, f32, memref<64x16xf32>, index, index) -> ()
  func.return
}
