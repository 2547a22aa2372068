// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The custom form of every llvm op that is not a function or a branch, as docs/lowering.md
// writes them, reads back to itself through the generic form.

// CHECK-LABEL: llvm.func @constants
// CHECK-NEXT:    llvm.constant 1.0 : f32
// CHECK-NEXT:    llvm.constant -2.5 : f64
// CHECK-NEXT:    llvm.constant 0x7FC00000 : f32
// CHECK-NEXT:    llvm.constant 0xFC00 : f16
// CHECK-NEXT:    llvm.constant 1.0 : bf16
// CHECK-NEXT:    llvm.constant -3 : i64
// CHECK-NEXT:    llvm.constant 255 : i8
// CHECK-NEXT:    llvm.constant true : i1
// CHECK-NEXT:    llvm.constant false : i1
llvm.func @constants() {
  %0 = llvm.constant 1.0 : f32
  %1 = llvm.constant -2.5 : f64
  %2 = llvm.constant 0x7FC00000 : f32
  %3 = llvm.constant 0xFC00 : f16
  %4 = llvm.constant 1 : bf16
  %5 = llvm.constant -3 : i64
  %6 = llvm.constant 255 : i8
  %7 = llvm.constant true : i1
  %8 = llvm.constant false : i1
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @integer_arithmetic
// CHECK-SAME:    (%[[A:.+]]: i32, %[[B:.+]]: i32)
// CHECK-NEXT:    llvm.add %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.sub %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.mul %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.sdiv %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.udiv %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.srem %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.urem %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.and %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.or %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.xor %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.shl %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.lshr %[[A]], %[[B]] : i32
// CHECK-NEXT:    llvm.ashr %[[A]], %[[B]] : i32
llvm.func @integer_arithmetic(%a: i32, %b: i32) {
  %0 = llvm.add %a, %b : i32
  %1 = llvm.sub %a, %b : i32
  %2 = llvm.mul %a, %b : i32
  %3 = llvm.sdiv %a, %b : i32
  %4 = llvm.udiv %a, %b : i32
  %5 = llvm.srem %a, %b : i32
  %6 = llvm.urem %a, %b : i32
  %7 = llvm.and %a, %b : i32
  %8 = llvm.or %a, %b : i32
  %9 = llvm.xor %a, %b : i32
  %10 = llvm.shl %a, %b : i32
  %11 = llvm.lshr %a, %b : i32
  %12 = llvm.ashr %a, %b : i32
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @float_arithmetic
// CHECK-SAME:    (%[[X:.+]]: f32, %[[Y:.+]]: f32)
// CHECK-NEXT:    llvm.fadd %[[X]], %[[Y]] : f32
// CHECK-NEXT:    llvm.fsub %[[X]], %[[Y]] : f32
// CHECK-NEXT:    llvm.fmul %[[X]], %[[Y]] : f32
// CHECK-NEXT:    llvm.fdiv %[[X]], %[[Y]] : f32
// CHECK-NEXT:    llvm.frem %[[X]], %[[Y]] : f32
// CHECK-NEXT:    llvm.fneg %[[X]] : f32
llvm.func @float_arithmetic(%x: f32, %y: f32) {
  %0 = llvm.fadd %x, %y : f32
  %1 = llvm.fsub %x, %y : f32
  %2 = llvm.fmul %x, %y : f32
  %3 = llvm.fdiv %x, %y : f32
  %4 = llvm.frem %x, %y : f32
  %5 = llvm.fneg %x : f32
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @compare_and_select
// CHECK-NEXT:    %[[P:.+]] = llvm.icmp slt %{{.+}}, %{{.+}} : i32
// CHECK-NEXT:    llvm.icmp eq %{{.+}}, %{{.+}} : !llvm.ptr
// CHECK-NEXT:    llvm.icmp uge %{{.+}}, %{{.+}} : i32
// CHECK-NEXT:    %[[Q:.+]] = llvm.fcmp olt %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:    llvm.fcmp uno %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:    llvm.fcmp true %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:    llvm.select %[[P]], %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:    llvm.select %[[Q]], %{{.+}}, %{{.+}} : !llvm.ptr
llvm.func @compare_and_select(%a: i32, %b: i32, %x: f32, %y: f32, %p: !llvm.ptr) {
  %0 = llvm.icmp slt %a, %b : i32
  %1 = llvm.icmp eq %p, %p : !llvm.ptr
  %2 = llvm.icmp uge %a, %b : i32
  %3 = llvm.fcmp olt %x, %y : f32
  %4 = llvm.fcmp uno %x, %y : f32
  %5 = llvm.fcmp true %x, %y : f32
  %6 = llvm.select %0, %x, %y : f32
  %7 = llvm.select %3, %p, %p : !llvm.ptr
  llvm.return
}

// -----

// CHECK-LABEL: llvm.func @casts
// CHECK-NEXT:    llvm.sext %{{.+}} : i32 to i64
// CHECK-NEXT:    llvm.zext %{{.+}} : i1 to i32
// CHECK-NEXT:    llvm.trunc %{{.+}} : i32 to i8
// CHECK-NEXT:    llvm.fpext %{{.+}} : f32 to f64
// CHECK-NEXT:    llvm.fptrunc %{{.+}} : f32 to bf16
// CHECK-NEXT:    llvm.sitofp %{{.+}} : i32 to f32
// CHECK-NEXT:    llvm.uitofp %{{.+}} : i32 to f64
// CHECK-NEXT:    llvm.fptosi %{{.+}} : f32 to i32
// CHECK-NEXT:    llvm.fptoui %{{.+}} : f32 to i8
// CHECK-NEXT:    llvm.bitcast %{{.+}} : f32 to i32
// CHECK-NEXT:    llvm.bitcast %{{.+}} : !llvm.ptr to !llvm.ptr
// CHECK-NEXT:    llvm.ptrtoint %{{.+}} : !llvm.ptr to i64
// CHECK-NEXT:    llvm.inttoptr %{{.+}} : i64 to !llvm.ptr
llvm.func @casts(%a: i32, %p: i1, %x: f32, %q: !llvm.ptr) {
  %0 = llvm.sext %a : i32 to i64
  %1 = llvm.zext %p : i1 to i32
  %2 = llvm.trunc %a : i32 to i8
  %3 = llvm.fpext %x : f32 to f64
  %4 = llvm.fptrunc %x : f32 to bf16
  %5 = llvm.sitofp %a : i32 to f32
  %6 = llvm.uitofp %a : i32 to f64
  %7 = llvm.fptosi %x : f32 to i32
  %8 = llvm.fptoui %x : f32 to i8
  %9 = llvm.bitcast %x : f32 to i32
  %10 = llvm.bitcast %q : !llvm.ptr to !llvm.ptr
  %11 = llvm.ptrtoint %q : !llvm.ptr to i64
  %12 = llvm.inttoptr %0 : i64 to !llvm.ptr
  llvm.return
}

// -----

// The element type comes last in getelementptr; load and store name the pointer's type.
// CHECK-LABEL: llvm.func @memory
// CHECK-SAME:    (%[[P:.+]]: !llvm.ptr, %[[I:.+]]: i64, %[[J:.+]]: i32)
// CHECK-NEXT:    %[[Q:.+]] = llvm.getelementptr %[[P]][%[[I]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:    %[[R:.+]] = llvm.getelementptr inbounds %[[P]][%[[J]]] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.ptr
// CHECK-NEXT:    %[[X:.+]] = llvm.load %[[Q]] : !llvm.ptr -> f32
// CHECK-NEXT:    %[[S:.+]] = llvm.load %[[R]] {alignment = 16} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    llvm.store %[[X]], %[[S]] : f32, !llvm.ptr
// CHECK-NEXT:    llvm.store %[[X]], %[[Q]] {alignment = 4} : f32, !llvm.ptr
// CHECK-NEXT:    %[[SLOT:.+]] = llvm.alloca i32 : !llvm.ptr
// CHECK-NEXT:    llvm.store %[[J]], %[[SLOT]] : i32, !llvm.ptr
llvm.func @memory(%p: !llvm.ptr, %i: i64, %j: i32) {
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %r = llvm.getelementptr inbounds %p[%j] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.ptr
  %x = llvm.load %q : !llvm.ptr -> f32
  %s = llvm.load %r {alignment = 16} : !llvm.ptr -> !llvm.ptr
  llvm.store %x, %s : f32, !llvm.ptr
  llvm.store %x, %q {alignment = 4} : f32, !llvm.ptr
  %slot = llvm.alloca i32 : !llvm.ptr
  llvm.store %j, %slot : i32, !llvm.ptr
  llvm.return
}

// -----

// An array slot (`count`) and a function's address, what a parallel nest's call of
// xla_rt_parallel_for passes.
// CHECK-LABEL: llvm.func @callback
// CHECK-NEXT:    %[[CTX:.+]] = llvm.alloca i128 {count = 3} : !llvm.ptr
// CHECK-NEXT:    %[[F:.+]] = llvm.addressof @body : !llvm.ptr
// CHECK-NEXT:    llvm.call @xla_rt_parallel_for(%{{.+}}, %[[F]], %[[CTX]], %{{.+}}) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
llvm.func @body(%begin: i64, %end: i64, %ctx: !llvm.ptr) {
  llvm.return
}
llvm.func @callback(%n: i64, %opts: !llvm.ptr) -> i32 {
  %ctx = llvm.alloca i128 {count = 3 : i64} : !llvm.ptr
  %f = llvm.addressof @body : !llvm.ptr
  %s = llvm.call @xla_rt_parallel_for(%n, %f, %ctx, %opts) : (i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
  llvm.return %s : i32
}

// -----

// Calls: to a function of the module, to an external one (not declared), to an intrinsic,
// and without a result.
// CHECK-LABEL: llvm.func @calls
// CHECK-NEXT:    %[[E:.+]] = llvm.call @llvm.exp.f32(%{{.+}}) : (f32) -> f32
// CHECK-NEXT:    llvm.call @llvm.fma.f32(%[[E]], %{{.+}}, %{{.+}}) : (f32, f32, f32) -> f32
// CHECK-NEXT:    llvm.call @helper(%{{.+}}) : (f32) -> f32
// CHECK-NEXT:    llvm.call @xla_rt_sink(%{{.+}}) : (!llvm.ptr) -> (){{$}}
llvm.func @calls(%x: f32, %p: !llvm.ptr) {
  %0 = llvm.call @llvm.exp.f32(%x) : (f32) -> f32
  %1 = llvm.call @llvm.fma.f32(%0, %x, %x) : (f32, f32, f32) -> f32
  %2 = llvm.call @helper(%x) : (f32) -> f32
  llvm.call @xla_rt_sink(%p) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @helper(%x: f32) -> f32 {
  llvm.return %x : f32
}
