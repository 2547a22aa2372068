// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s
// RUN: xla-opt %s --split-input-file --lower-to-llvm='entry=helper name=run_helper flush-denormals=false' | FileCheck %s --check-prefix=NAMED

// Loop-level functions become llvm.funcs of pointers (one per buffer) and the run options,
// returning an i32 status. A call passes the options on and returns early with a
// non-zero status, after freeing the buffers live there. With an entry (main by default)
// the functions get internal linkage and the wrapper xla_main has the AOT ABI: it loads
// each argument's and result's pointer from the arrays it receives and calls the entry.
// The entry ABI promises that no result overlaps another buffer (the arguments, only
// read, may overlap each other), so an entry only its wrapper calls has every buffer
// parameter noalias; @helper, called with buffers of its callers, has none.

// CHECK-LABEL: llvm.func @helper
// CHECK-SAME:    (%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr) -> i32 attributes {denormal_fp_math = "preserve-sign", linkage = "internal"} {
// CHECK:         %[[OK:.+]] = llvm.constant 0 : i32
// CHECK-NEXT:    llvm.return %[[OK]] : i32

// CHECK-LABEL: llvm.func @main
// CHECK-SAME:    (%[[A:[^:]+]]: !llvm.ptr, %[[B:[^:]+]]: !llvm.ptr, %[[R:[^:]+]]: !llvm.ptr, %[[OPTS:[^:]+]]: !llvm.ptr) -> i32 attributes {denormal_fp_math = "preserve-sign", linkage = "internal", noalias_params = [0, 1, 2]}
// CHECK-DAG:     %[[ZERO:.+]] = llvm.constant 0 : i32
// CHECK:         %[[T:.+]] = llvm.call @malloc
// CHECK:       ^bb4:
// CHECK-NEXT:    %[[S:.+]] = llvm.call @helper(%[[A]], %[[T]], %[[OPTS]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-NEXT:    %[[FAILED:.+]] = llvm.icmp ne %[[S]], %[[ZERO]] : i32
// CHECK-NEXT:    llvm.cond_br %[[FAILED]], ^[[FAIL:.+]], ^[[NEXT:bb[0-9]+]]
// CHECK-NEXT:  ^[[FAIL]]:
// CHECK-NEXT:    llvm.call @free(%[[T]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return %[[S]] : i32
// CHECK-NEXT:  ^[[NEXT]]:
// CHECK-NEXT:    %[[S2:.+]] = llvm.call @helper(%[[T]], %[[R]], %[[OPTS]])
// CHECK:         llvm.return %[[S2]] : i32
// CHECK-NEXT:  ^bb{{[0-9]+}}:
// CHECK-NEXT:    llvm.call @free(%[[T]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return %[[ZERO]] : i32

// The wrapper runs the entry with subnormals flushed to zero (MXCSR's FTZ and DAZ, 0x8040)
// and restores the caller's MXCSR.
// CHECK-LABEL: llvm.func @xla_main
// CHECK-SAME:    (%[[ARGS:[^:]+]]: !llvm.ptr, %[[RESULTS:[^:]+]]: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[O:[^:]+]]: !llvm.ptr) -> i32 attributes {denormal_fp_math = "preserve-sign"} {
// CHECK-NEXT:    %[[ONE:.+]] = llvm.constant 1 : i64
// CHECK-NEXT:    %[[FTZ:.+]] = llvm.constant 32832 : i32
// CHECK-NEXT:    %[[A0:.+]] = llvm.load %[[ARGS]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[SLOT:.+]] = llvm.getelementptr inbounds %[[ARGS]][%[[ONE]]] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT:    %[[A1:.+]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[R0:.+]] = llvm.load %[[RESULTS]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[MODE:.+]] = llvm.alloca i32 : !llvm.ptr
// CHECK-NEXT:    llvm.call @llvm.x86.sse.stmxcsr(%[[MODE]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    %[[CALLER:.+]] = llvm.load %[[MODE]] : !llvm.ptr -> i32
// CHECK-NEXT:    %[[FLUSHING:.+]] = llvm.or %[[CALLER]], %[[FTZ]] : i32
// CHECK-NEXT:    llvm.store %[[FLUSHING]], %[[MODE]] : i32, !llvm.ptr
// CHECK-NEXT:    llvm.call @llvm.x86.sse.ldmxcsr(%[[MODE]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    %[[STATUS:.+]] = llvm.call @main(%[[A0]], %[[A1]], %[[R0]], %[[O]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-NEXT:    llvm.store %[[CALLER]], %[[MODE]] : i32, !llvm.ptr
// CHECK-NEXT:    llvm.call @llvm.x86.sse.ldmxcsr(%[[MODE]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return %[[STATUS]] : i32

// NAMED-LABEL: llvm.func @helper
// NAMED-LABEL: llvm.func @main
// NAMED-LABEL: llvm.func @run_helper
// NAMED-NOT:     mxcsr
// NAMED:         llvm.call @helper(
// NAMED-NOT:   llvm.func @xla_main

func.func @helper(%a: memref<2xf32>, %r: memref<2xf32>) attributes {loop.num_results = 1} {
  func.return
}
func.func @main(%a: memref<2xf32>, %b: memref<3x4xi32>, %r: memref<2xf32>) attributes {loop.num_results = 1} {
  %t = loop.alloc : memref<2xf32>
  func.call @helper(%a, %t) : (memref<2xf32>, memref<2xf32>) -> ()
  func.call @helper(%t, %r) : (memref<2xf32>, memref<2xf32>) -> ()
  func.return
}

// -----

// Without a main (and no entry= option) there is no wrapper, and the functions keep
// external linkage; a declaration stays a declaration.
// CHECK-LABEL: llvm.func @external(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-LABEL: llvm.func @no_main(%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr) -> i32 attributes {denormal_fp_math = "preserve-sign"} {
// CHECK-NOT:   linkage
// CHECK-NOT:   llvm.func @xla_

// NAMED-LABEL: llvm.func @helper
// NAMED-LABEL: llvm.func @run_helper

func.func private @external(%a: memref<4xf32>)
func.func @no_main(%a: memref<4xf32>) {
  func.call @external(%a) : (memref<4xf32>) -> ()
  func.return
}
func.func @helper(%a: memref<2xf32>, %r: memref<2xf32>) attributes {loop.num_results = 1} {
  func.return
}

// -----

// An entry that a function of the module also calls may get overlapping buffers from
// that caller, so none of its parameters is noalias.
// CHECK-LABEL: llvm.func @main
// CHECK-SAME:    -> i32 attributes {denormal_fp_math = "preserve-sign", linkage = "internal"} {
// CHECK-LABEL: llvm.func @twice

func.func @main(%a: memref<2xf32>, %r: memref<2xf32>) attributes {loop.num_results = 1} {
  func.return
}
func.func @twice(%a: memref<2xf32>) {
  func.call @main(%a, %a) : (memref<2xf32>, memref<2xf32>) -> ()
  func.return
}
func.func @helper(%a: memref<2xf32>) attributes {loop.num_results = 1} {
  func.return
}
