// RUN: xla-opt %s --split-input-file --lower-to-llvm=flush-denormals=false | FileCheck %s
// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s --check-prefix=FLUSH

// loop.math: integer abs wraps (a select of the negation), not is xor with all ones,
// popcnt and count_leading_zeros are LLVM's intrinsics (defined at 0).
// CHECK-LABEL: llvm.func @ints
// CHECK-SAME:    (%[[A:[^:]+]]: i32,
// CHECK-DAG:     %[[ZERO:.+]] = llvm.constant 0 : i32
// CHECK-DAG:     %[[ONES:.+]] = llvm.constant -1 : i32
// CHECK-DAG:     %[[DEFINED:.+]] = llvm.constant false : i1
// CHECK:         %[[NEG:.+]] = llvm.icmp slt %[[A]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[MINUS:.+]] = llvm.sub %[[ZERO]], %[[A]] : i32
// CHECK-NEXT:    %{{.+}} = llvm.select %[[NEG]], %[[MINUS]], %[[A]] : i32
// CHECK-NEXT:    %{{.+}} = llvm.xor %[[A]], %[[ONES]] : i32
// CHECK-NEXT:    %{{.+}} = llvm.call @llvm.ctpop.i32(%[[A]]) : (i32) -> i32
// CHECK-NEXT:    %{{.+}} = llvm.call @llvm.ctlz.i32(%[[A]], %[[DEFINED]]) : (i32, i1) -> i32
func.func @ints(%a: i32) {
  %0 = loop.math abs %a : i32
  %1 = loop.math not %a : i32
  %2 = loop.math popcnt %a : i32
  %3 = loop.math count_leading_zeros %a : i32
  func.return
}

// -----

// Floats: sign keeps NaN and makes a zero of the operand's sign for zeros (a subnormal
// under flushed denormals too); rounding and exp/sqrt are intrinsics; tanh and erf call
// libm's f32 functions; rsqrt is 1 / sqrt; f16 computes in f32.
// CHECK-LABEL: llvm.func @floats
// CHECK-SAME:    (%[[X:[^:]+]]: f32, %[[H:[^:]+]]: f16,
// CHECK-DAG:     %[[ZERO:.+]] = llvm.constant 0.0 : f32
// CHECK-DAG:     %[[ONE:.+]] = llvm.constant 1.0 : f32
// CHECK-DAG:     %[[M1:.+]] = llvm.constant -1.0 : f32
// CHECK:         %[[NAN:.+]] = llvm.fcmp uno %[[X]], %[[X]] : f32
// CHECK-NEXT:    %[[Z:.+]] = llvm.fcmp oeq %[[X]], %[[ZERO]] : f32
// CHECK-NEXT:    %[[LT:.+]] = llvm.fcmp olt %[[X]], %[[ZERO]] : f32
// CHECK-NEXT:    %[[UNIT:.+]] = llvm.select %[[LT]], %[[M1]], %[[ONE]] : f32
// CHECK-NEXT:    %[[SZ:.+]] = llvm.call @llvm.copysign.f32(%[[ZERO]], %[[X]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[ZU:.+]] = llvm.select %[[Z]], %[[SZ]], %[[UNIT]] : f32
// CHECK-NEXT:    %{{.+}} = llvm.select %[[NAN]], %[[X]], %[[ZU]] : f32
// CHECK-NEXT:    %{{.+}} = llvm.call @llvm.round.f32(%[[X]]) : (f32) -> f32
// CHECK-NEXT:    %{{.+}} = llvm.call @llvm.roundeven.f32(%[[X]]) : (f32) -> f32
// CHECK-NEXT:    %[[ROOT:.+]] = llvm.call @llvm.sqrt.f32(%[[X]]) : (f32) -> f32
// CHECK-NEXT:    %{{.+}} = llvm.fdiv %[[ONE]], %[[ROOT]] : f32
// CHECK-NEXT:    %[[WIDE:.+]] = llvm.fpext %[[H]] : f16 to f32
// CHECK-NEXT:    %[[S:.+]] = llvm.call @llvm.sqrt.f32(%[[WIDE]]) : (f32) -> f32
// CHECK-NEXT:    %{{.+}} = llvm.fptrunc %[[S]] : f32 to f16
// CHECK-NEXT:    %{{.+}} = llvm.call @erff(%[[X]]) : (f32) -> f32
func.func @floats(%x: f32, %h: f16) {
  %0 = loop.math sign %x : f32
  %1 = loop.math round_nearest_afz %x : f32
  %2 = loop.math round_nearest_even %x : f32
  %4 = loop.math rsqrt %x : f32
  %5 = loop.math sqrt %h : f16
  %6 = loop.math erf %x : f32
  func.return
}

// -----

// XLA's own approximations of f32 functions are inline code, not libm calls: tanh is a
// rational function of fused multiply-adds, exp builds 2^n from its exponent bits; f16
// widens to f32 and rounds back.
// CHECK-LABEL: llvm.func @xla_approximations
// CHECK-NOT:     llvm.call @tanhf
// CHECK:         llvm.call @llvm.fma.f32
// CHECK:         llvm.fdiv %{{.+}}, %{{.+}} : f32
// CHECK:         llvm.fpext %{{.+}} : f16 to f32
// CHECK:         llvm.call @llvm.floor.f32
// CHECK:         llvm.shl %{{.+}}, %{{.+}} : i32
// CHECK:         llvm.fptrunc %{{.+}} : f32 to f16
// CHECK-NOT:     llvm.call @llvm.exp
func.func @xla_approximations(%x: f32, %h: f16) {
  %0 = loop.math tanh %x : f32
  %1 = loop.math exponential %h : f16
  func.return
}

// -----

// f64 calls libm's double functions; expm1 and log1p are XLA's forms around exp, tanh
// and log.
// CHECK-LABEL: llvm.func @doubles
// CHECK:         llvm.call @erf(%{{.+}}) : (f64) -> f64
// CHECK:         llvm.call @llvm.exp.f64(%{{.+}}) : (f64) -> f64
// CHECK:         llvm.call @tanh(%{{.+}}) : (f64) -> f64
// CHECK:         llvm.call @llvm.log.f64(%{{.+}}) : (f64) -> f64
// CHECK:         llvm.call @llvm.fma.f64
// Code that runs flushing subnormals (the default) flushes the operands and results of
// the libm calls XLA CPU flushes around (erf here) explicitly, since libm tells subnormals
// by their bits; pow, atan2, sin, cos, tan and cbrt see the bits as they are.
// FLUSH-LABEL: llvm.func @doubles
// FLUSH-SAME:    (%[[X:[^:]+]]: f64,
// FLUSH-DAG:     %[[MIN:.+]] = llvm.constant 2.2250738585072014e-308 : f64
// FLUSH-DAG:     %[[ZERO:.+]] = llvm.constant 0.0 : f64
// FLUSH:         %[[ABS:.+]] = llvm.call @llvm.fabs.f64(%[[X]]) : (f64) -> f64
// FLUSH-NEXT:    %[[TINY:.+]] = llvm.fcmp olt %[[ABS]], %[[MIN]] : f64
// FLUSH-NEXT:    %[[SZ:.+]] = llvm.call @llvm.copysign.f64(%[[ZERO]], %[[X]]) : (f64, f64) -> f64
// FLUSH-NEXT:    %[[IN:.+]] = llvm.select %[[TINY]], %[[SZ]], %[[X]] : f64
// FLUSH-NEXT:    %[[R:.+]] = llvm.call @erf(%[[IN]]) : (f64) -> f64
// FLUSH-NEXT:    llvm.call @llvm.fabs.f64(%[[R]])
func.func @doubles(%x: f64) {
  %c = loop.math erf %x : f64
  %0 = loop.math exponential_minus_one %x : f64
  %1 = loop.math log_plus_one %x : f64
  %2 = loop.math log %x : f64
  func.return
}
