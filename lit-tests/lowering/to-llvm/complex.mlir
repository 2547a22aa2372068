// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s

// A complex<f32> is an i64 (real part in the low half): a multiply takes both operands
// apart and computes XLA's contracted product in f32, (fma(a, c, -(b d)), fma(b, c, a d)),
// then packs the parts.
// CHECK-LABEL: llvm.func @multiply
// CHECK-SAME:    (%[[A:[^:]+]]: i64, %[[B:[^:]+]]: i64,
// CHECK:         %[[AH:.+]] = llvm.lshr %[[A]], %{{.+}} : i64
// CHECK-NEXT:    %[[AR:.+]] = llvm.trunc %[[A]] : i64 to i32
// CHECK-NEXT:    %[[ARF:.+]] = llvm.bitcast %[[AR]] : i32 to f32
// CHECK-NEXT:    %{{.+}} = llvm.fpext %[[ARF]] : f32 to f64
// CHECK:         %[[BD:.+]] = llvm.fmul %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:    %[[NBD:.+]] = llvm.fneg %[[BD]] : f32
// CHECK-NEXT:    %[[AD:.+]] = llvm.fmul %{{.+}}, %{{.+}} : f32
// CHECK-NEXT:    llvm.call @llvm.fma.f32(%{{.+}}, %{{.+}}, %[[NBD]])
// CHECK-NEXT:    llvm.call @llvm.fma.f32(%{{.+}}, %{{.+}}, %[[AD]])
// CHECK:         llvm.shl %{{.+}}, %{{.+}} : i64
// CHECK-NEXT:    llvm.or %{{.+}}, %{{.+}} : i64
func.func @multiply(%a: complex<f32>, %b: complex<f32>) {
  %0 = loop.arith multiply %a, %b : complex<f32>
  func.return
}

// -----

// Loads, stores and selects move the packed i64 whole; a bitcast to ui64 is free.
// CHECK-LABEL: llvm.func @memory
// CHECK:         %[[X:.+]] = llvm.load %{{.+}} : !llvm.ptr -> i64
// CHECK:         %[[S:.+]] = llvm.select %{{.+}}, %[[X]], %{{.+}} : i64
// CHECK:         llvm.store %[[S]], %{{.+}} : i64, !llvm.ptr
func.func @memory(%m: memref<4xcomplex<f32>>, %p: i1) {
  %c1 = loop.constant 1 : index
  %x = loop.load %m[%c1] : memref<4xcomplex<f32>>
  %y = loop.arith add %x, %x : complex<f32>
  %e = loop.compare EQ, %x, %y : complex<f32>
  %s = loop.select %p, %x, %y : complex<f32>
  %b = loop.bitcast %s : complex<f32> -> ui64
  %c = loop.bitcast %b : ui64 -> complex<f32>
  loop.store %c, %m[%c1] : memref<4xcomplex<f32>>
  func.return
}

// -----

// Complex log and sqrt call the f64 libm functions num_complex calls.
// CHECK-LABEL: llvm.func @transcendental
// CHECK:         llvm.call @hypot
// CHECK:         llvm.call @atan2
// CHECK:         llvm.call @llvm.log.f64
func.func @transcendental(%a: complex<f32>) {
  %0 = loop.math log %a : complex<f32>
  func.return
}

// -----

// A complex<f64> is an i128, the real part in the low half: loop.real truncates,
// loop.imag shifts by 64 first, loop.complex packs; its loads and stores are 8-byte aligned
// (numpy's and XLA's alignment of complex128, not i128's 16).
// CHECK-LABEL: llvm.func @parts_f64
// CHECK:         %[[Z:.+]] = llvm.load %{{.+}} {alignment = 8} : !llvm.ptr -> i128
// CHECK:         %[[RB:.+]] = llvm.trunc %[[Z]] : i128 to i64
// CHECK-NEXT:    %[[RE:.+]] = llvm.bitcast %[[RB]] : i64 to f64
// CHECK:         %[[H:.+]] = llvm.lshr %[[Z]], %[[C64:.+]] : i128
// CHECK-NEXT:    %[[IB:.+]] = llvm.trunc %[[H]] : i128 to i64
// CHECK-NEXT:    %[[IM:.+]] = llvm.bitcast %[[IB]] : i64 to f64
// CHECK:         %[[NIB:.+]] = llvm.bitcast %{{.+}} : f64 to i64
// CHECK:         llvm.zext %{{.+}} : i64 to i128
// CHECK:         llvm.shl %{{.+}}, %{{.+}} : i128
// CHECK:         %[[W:.+]] = llvm.or %{{.+}}, %{{.+}} : i128
// CHECK:         llvm.store %[[W]], %{{.+}} {alignment = 8} : i128, !llvm.ptr
// CHECK:         llvm.call @llvm.sqrt.f64
func.func @parts_f64(%m: memref<2xcomplex<f64>>, %r: memref<2xf64>) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %z = loop.load %m[%c0] : memref<2xcomplex<f64>>
  %re = loop.real %z : complex<f64> -> f64
  %im = loop.imag %z : complex<f64> -> f64
  %nim = loop.math negate %im : f64
  %w = loop.complex %re, %nim : (f64, f64) -> complex<f64>
  loop.store %w, %m[%c1] : memref<2xcomplex<f64>>
  %a = loop.complex_abs %w : complex<f64> -> f64
  loop.store %a, %r[%c0] : memref<2xf64>
  func.return
}

// -----

// The textbook formulas of num_complex: sin(z) = (sin(re) cosh(im), cos(re) sinh(im)).
// CHECK-LABEL: llvm.func @sine
// CHECK-DAG:     llvm.call @llvm.sin.f64
// CHECK-DAG:     llvm.call @llvm.cos.f64
// CHECK-DAG:     llvm.call @cosh
// CHECK-DAG:     llvm.call @sinh
// CHECK:         llvm.fmul
// CHECK:         llvm.fmul
func.func @sine(%a: complex<f64>) {
  %0 = loop.math sine %a : complex<f64>
  func.return
}

// -----

// A complex power is exp(b * ln(a)), and (1, 0) for a zero exponent.
// CHECK-LABEL: llvm.func @power
// CHECK:         llvm.call @hypot
// CHECK:         llvm.call @atan2
// CHECK:         llvm.call @llvm.exp.f64
// CHECK:         llvm.fcmp oeq
// CHECK:         llvm.fcmp oeq
// CHECK:         llvm.and
func.func @power(%a: complex<f32>, %b: complex<f32>) {
  %0 = loop.arith power %a, %b : complex<f32>
  func.return
}
