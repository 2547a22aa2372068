// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s
// RUN: xla-opt %s --split-input-file --lower-to-llvm --emit=llvm-ir --llvm-opt-level=0 | FileCheck %s --check-prefix=IR

// A loop.parallel nest with enough work (4096 x 256 iterations of a few ops) runs its
// outer dimension on the runtime's thread pool: the body and the inner loop are outlined
// into @scale.parallel.0(begin, end, ctx), the values the body uses from outside (the
// buffers, the scalar, the run options) travel through a stack context of 16-byte slots,
// constants are re-emitted in the outlined function, and a failing call ends the caller
// with its status.
// CHECK-LABEL: llvm.func @scale.parallel.0
// CHECK-SAME:    (%[[BEGIN:.+]]: i64, %[[END:.+]]: i64, %[[CTX:.+]]: !llvm.ptr) attributes {denormal_fp_math = "preserve-sign", linkage = "internal"}
// CHECK-DAG:     %[[C0:.+]] = llvm.constant 0 : i64
// CHECK-DAG:     %[[C256:.+]] = llvm.constant 256 : i64
// CHECK-DAG:     %[[ONE:.+]] = llvm.constant 1.0 : f32
// CHECK:         llvm.call @llvm.x86.sse.ldmxcsr
// CHECK:         %[[A:.+]] = llvm.load %{{.+}} : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[S:.+]] = llvm.load %{{.+}} : !llvm.ptr -> f32
// CHECK:         %[[R:.+]] = llvm.load %{{.+}} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    %[[HI:.+]] = llvm.add %[[C0]], %[[END]] : i64
// CHECK-NEXT:    %[[LO:.+]] = llvm.add %[[C0]], %[[BEGIN]] : i64
// CHECK-NEXT:    llvm.br ^[[OUTER:bb[0-9]+]](%[[LO]] : i64)
// CHECK-NEXT:  ^[[OUTER]](%[[I:.+]]: i64):
// CHECK-NEXT:    %{{.+}} = llvm.icmp slt %[[I]], %[[HI]] : i64
// CHECK:         %{{.+}} = llvm.icmp slt %{{.+}}, %[[C256]] : i64
// CHECK:         llvm.getelementptr inbounds %[[A]]
// CHECK:         %[[Y:.+]] = llvm.fmul %{{.+}}, %[[S]] : f32
// CHECK-NEXT:    %[[Z:.+]] = llvm.fadd %[[Y]], %[[ONE]] : f32
// CHECK:         %[[P:.+]] = llvm.getelementptr inbounds %[[R]]
// CHECK-NEXT:    llvm.store %[[Z]], %[[P]] : f32, !llvm.ptr
// CHECK:         llvm.call @llvm.x86.sse.ldmxcsr
// CHECK-NEXT:    llvm.return
// CHECK-LABEL: llvm.func @scale
// CHECK-SAME:    (%[[A0:.+]]: !llvm.ptr, %[[S0:.+]]: f32, %[[R0:.+]]: !llvm.ptr, %[[OPTS:.+]]: !llvm.ptr) -> i32
// CHECK-NEXT:    %[[CONTEXT:.+]] = llvm.alloca i128 {count = 4} : !llvm.ptr
// CHECK:         llvm.store %[[A0]], %{{.+}} : !llvm.ptr, !llvm.ptr
// CHECK:         llvm.store %[[S0]], %{{.+}} : f32, !llvm.ptr
// CHECK:         llvm.store %[[R0]], %{{.+}} : !llvm.ptr, !llvm.ptr
// CHECK:         llvm.store %[[OPTS]], %{{.+}} : !llvm.ptr, !llvm.ptr
// CHECK-NEXT:    %[[F:.+]] = llvm.addressof @scale.parallel.0 : !llvm.ptr
// CHECK-NEXT:    %[[STATUS:.+]] = llvm.call @xla_rt_parallel_for(%{{.+}}, %[[F]], %[[CONTEXT]], %[[OPTS]]) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-NEXT:    %[[FAILED:.+]] = llvm.icmp ne %[[STATUS]], %{{.+}} : i32
// CHECK-NEXT:    llvm.cond_br %[[FAILED]]
// CHECK-NEXT:  ^{{.+}}:
// CHECK-NEXT:    llvm.return %[[STATUS]] : i32
// IR-LABEL: define internal void @scale.parallel.0(i64 %0, i64 %1, ptr %2)
// IR-LABEL: define i32 @scale(
// IR:         %[[CTX:.+]] = alloca i128, i32 4, align 16
// IR:         call i32 @xla_rt_parallel_for(i64 4096, ptr @scale.parallel.0, ptr %[[CTX]], ptr %3)
func.func @scale(%a: memref<4096x256xf32>, %s: f32, %r: memref<4096x256xf32>) {
  %c0 = loop.constant 0 : index
  %c256 = loop.constant 256 : index
  %c4096 = loop.constant 4096 : index
  %one = loop.constant 1.0 : f32
  loop.parallel (%i, %j) = (%c0, %c0) to (%c4096, %c256) {
    %x = loop.load %a[%i, %j] : memref<4096x256xf32>
    %y = loop.arith multiply %x, %s : f32
    %z = loop.arith add %y, %one : f32
    loop.store %z, %r[%i, %j] : memref<4096x256xf32>
    loop.yield
  }
  func.return
}

// -----

// Too little work (64 x 8 iterations) stays a sequential nest: no outlined function.
// CHECK-LABEL: llvm.func @small
// CHECK-NOT:     xla_rt_parallel_for
// CHECK:         llvm.return
// IR-LABEL: define i32 @small(
// IR-NOT:     xla_rt_parallel_for
func.func @small(%a: memref<64x8xf32>) {
  %c0 = loop.constant 0 : index
  %c8 = loop.constant 8 : index
  %c64 = loop.constant 64 : index
  loop.parallel (%i, %j) = (%c0, %c0) to (%c64, %c8) {
    %x = loop.load %a[%i, %j] : memref<64x8xf32>
    %y = loop.arith add %x, %x : f32
    loop.store %y, %a[%i, %j] : memref<64x8xf32>
    loop.yield
  }
  func.return
}

// -----

// A body that may end the function early (here a loop.alloc, whose failure returns a
// status) is not outlined, however much work the nest has.
// CHECK-LABEL: llvm.func @allocates
// CHECK-NOT:     xla_rt_parallel_for
// CHECK:         llvm.call @malloc
func.func @allocates(%a: memref<4096x64xf32>) {
  %c0 = loop.constant 0 : index
  %c64 = loop.constant 64 : index
  %c4096 = loop.constant 4096 : index
  loop.parallel (%i, %j) = (%c0, %c0) to (%c4096, %c64) {
    %t = loop.alloc : memref<4xf32>
    %x = loop.load %a[%i, %j] : memref<4096x64xf32>
    loop.store %x, %t[%c0] : memref<4xf32>
    loop.yield
  }
  func.return
}
