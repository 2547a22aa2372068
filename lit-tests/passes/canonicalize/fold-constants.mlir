// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s

// Constant folding of hlo.add, hlo.multiply and hlo.subtract (dialects/src/hlo/fold.rs): two literals
// of the result type fold to one, computed elementwise; integers wrap around at their
// width, floats are computed exactly and rounded once to the element type. The operand
// constants, now unused, are erased.

// c1 + c2 == [c1[i] + c2[i]], then (c1 + c2) * c2 == [...]: folding chains.
// CHECK-LABEL: func.func @int_chain
// CHECK-NEXT:    %[[C:.+]] = hlo.constant dense<[110, 440, 990]> : tensor<3xi32>
// CHECK-NEXT:    func.return %[[C]]
func.func @int_chain() -> tensor<3xi32> {
  %a = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = hlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %0 = hlo.add %a, %b : tensor<3xi32>
  %1 = hlo.multiply %0, %b : tensor<3xi32>
  return %1 : tensor<3xi32>
}

// -----

// Float addition and multiplication, a full literal with a splat.
// CHECK-LABEL: func.func @floats
// CHECK-DAG:     %[[SUM:.+]] = hlo.constant dense<[3.5, 0.0]> : tensor<2xf32>
// CHECK-DAG:     %[[PRODUCT:.+]] = hlo.constant dense<[3.0, -4.0]> : tensor<2xf32>
// CHECK-NOT:     hlo.add
// CHECK-NOT:     hlo.multiply
// CHECK:         func.return %[[SUM]], %[[PRODUCT]]
func.func @floats() -> (tensor<2xf32>, tensor<2xf32>) {
  %a = hlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %b = hlo.constant dense<2.0> : tensor<2xf32>
  %0 = hlo.add %a, %b : tensor<2xf32>
  %1 = hlo.multiply %a, %b : tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// Two splats fold to a splat, whatever the element count.
// CHECK-LABEL: func.func @splats
// CHECK-NEXT:    %[[C:.+]] = hlo.constant dense<9.0> : tensor<1000x1000xf32>
// CHECK-NEXT:    func.return %[[C]]
func.func @splats() -> tensor<1000x1000xf32> {
  %a = hlo.constant dense<3.0> : tensor<1000x1000xf32>
  %0 = hlo.multiply %a, %a : tensor<1000x1000xf32>
  return %0 : tensor<1000x1000xf32>
}

// -----

// Integers wrap around at their width, signed and unsigned: 100 + 100 == -56 in i8,
// 200 + 200 == 144 in ui8, 7 + 7 == -2 in i4, (2^63 - 1 + 2) * 2 == 2 in i64,
// (2^64 - 1)^2 == 1 in ui64.
// CHECK-LABEL: func.func @wrap_around
// CHECK-DAG:     %[[I8:.+]] = hlo.constant dense<-56> : tensor<i8>
// CHECK-DAG:     %[[U8:.+]] = hlo.constant dense<[144, 254]> : tensor<2xui8>
// CHECK-DAG:     %[[I4:.+]] = hlo.constant dense<-2> : tensor<i4>
// CHECK-DAG:     %[[I64:.+]] = hlo.constant dense<2> : tensor<i64>
// CHECK-DAG:     %[[U64:.+]] = hlo.constant dense<1> : tensor<ui64>
// CHECK:         func.return %[[I8]], %[[U8]], %[[I4]], %[[I64]], %[[U64]]
func.func @wrap_around() -> (tensor<i8>, tensor<2xui8>, tensor<i4>, tensor<i64>, tensor<ui64>) {
  %i8 = hlo.constant dense<100> : tensor<i8>
  %0 = hlo.add %i8, %i8 : tensor<i8>
  %u8 = hlo.constant dense<[200, 255]> : tensor<2xui8>
  %1 = hlo.add %u8, %u8 : tensor<2xui8>
  %i4 = hlo.constant dense<7> : tensor<i4>
  %2 = hlo.add %i4, %i4 : tensor<i4>
  %max = hlo.constant dense<9223372036854775807> : tensor<i64>
  %two = hlo.constant dense<2> : tensor<i64>
  %3 = hlo.add %max, %two : tensor<i64>
  %4 = hlo.multiply %3, %two : tensor<i64>
  %umax = hlo.constant dense<18446744073709551615> : tensor<ui64>
  %5 = hlo.multiply %umax, %umax : tensor<ui64>
  return %0, %1, %2, %4, %5 : tensor<i8>, tensor<2xui8>, tensor<i4>, tensor<i64>, tensor<ui64>
}

// -----

// Floats round once to the element type: 1 + 2^-8 is a tie in bf16 and rounds to even
// (1.0); 65504 + 65504 overflows f16 to +inf; 0.1 + 0.2 in f64 is not 0.3; -0.0 + -0.0
// is -0.0; a NaN operand gives NaN.
// CHECK-LABEL: func.func @float_rounding
// CHECK-DAG:     %[[BF16:.+]] = hlo.constant dense<1.0> : tensor<bf16>
// CHECK-DAG:     %[[F16:.+]] = hlo.constant dense<0x7C00> : tensor<f16>
// CHECK-DAG:     %[[F64:.+]] = hlo.constant dense<0.30000000000000004> : tensor<f64>
// CHECK-DAG:     %[[NEGZERO:.+]] = hlo.constant dense<-0.0> : tensor<f32>
// CHECK-DAG:     %[[NAN:.+]] = hlo.constant dense<0x7FC00000> : tensor<f32>
// CHECK:         func.return %[[BF16]], %[[F16]], %[[F64]], %[[NEGZERO]], %[[NAN]]
func.func @float_rounding() -> (tensor<bf16>, tensor<f16>, tensor<f64>, tensor<f32>, tensor<f32>) {
  %one = hlo.constant dense<1.0> : tensor<bf16>
  %tiny = hlo.constant dense<0.00390625> : tensor<bf16>
  %0 = hlo.add %one, %tiny : tensor<bf16>
  %big = hlo.constant dense<65504.0> : tensor<f16>
  %1 = hlo.add %big, %big : tensor<f16>
  %a = hlo.constant dense<0.1> : tensor<f64>
  %b = hlo.constant dense<0.2> : tensor<f64>
  %2 = hlo.add %a, %b : tensor<f64>
  %nz = hlo.constant dense<-0.0> : tensor<f32>
  %3 = hlo.add %nz, %nz : tensor<f32>
  %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
  %f1 = hlo.constant dense<1.5> : tensor<f32>
  %4 = hlo.multiply %nan, %f1 : tensor<f32>
  return %0, %1, %2, %3, %4 : tensor<bf16>, tensor<f16>, tensor<f64>, tensor<f32>, tensor<f32>
}

// -----

// Predicates and complex numbers are not folded (the interpreter defines them); hlo.maximum
// has no folder.
// CHECK-LABEL: func.func @not_folded
// CHECK:         %[[P:.+]] = hlo.add %{{.+}}, %{{.+}} : tensor<2xi1>
// CHECK:         %[[C:.+]] = hlo.multiply %{{.+}}, %{{.+}} : tensor<complex<f32>>
// CHECK:         %[[M:.+]] = hlo.maximum %{{.+}}, %{{.+}} : tensor<2xf32>
// CHECK:         func.return %[[P]], %[[C]], %[[M]]
func.func @not_folded() -> (tensor<2xi1>, tensor<complex<f32>>, tensor<2xf32>) {
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = hlo.add %p, %p : tensor<2xi1>
  %c = hlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %1 = hlo.multiply %c, %c : tensor<complex<f32>>
  %f = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %g = hlo.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %2 = hlo.maximum %f, %g : tensor<2xf32>
  return %0, %1, %2 : tensor<2xi1>, tensor<complex<f32>>, tensor<2xf32>
}

// -----

// Folding happens inside regions too.
// CHECK-LABEL: func.func @in_reducer
// CHECK:         ^bb0(%[[ACC:[^:]+]]: tensor<f32>, %[[E:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[C:.+]] = hlo.constant dense<6.0> : tensor<f32>
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[ACC]], %[[C]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[S]]
func.func @in_reducer(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %two = hlo.constant dense<2.0> : tensor<f32>
    %three = hlo.constant dense<3.0> : tensor<f32>
    %six = hlo.multiply %two, %three : tensor<f32>
    %s = hlo.add %acc, %six : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// Subtraction folds too, wrapping around like addition: 3 - 10 == -7, -128 - 1 == 127 in i8.
// CHECK-LABEL: func.func @subtract
// CHECK-DAG:     %[[I32:.+]] = hlo.constant dense<[-7, 0]> : tensor<2xi32>
// CHECK-DAG:     %[[I8:.+]] = hlo.constant dense<127> : tensor<i8>
// CHECK-DAG:     %[[F32:.+]] = hlo.constant dense<-0.5> : tensor<f32>
// CHECK-NOT:     hlo.subtract
// CHECK:         func.return %[[I32]], %[[I8]], %[[F32]]
func.func @subtract() -> (tensor<2xi32>, tensor<i8>, tensor<f32>) {
  %a = hlo.constant dense<[3, 5]> : tensor<2xi32>
  %b = hlo.constant dense<[10, 5]> : tensor<2xi32>
  %0 = hlo.subtract %a, %b : tensor<2xi32>
  %min = hlo.constant dense<-128> : tensor<i8>
  %one = hlo.constant dense<1> : tensor<i8>
  %1 = hlo.subtract %min, %one : tensor<i8>
  %x = hlo.constant dense<1.5> : tensor<f32>
  %y = hlo.constant dense<2.0> : tensor<f32>
  %2 = hlo.subtract %x, %y : tensor<f32>
  return %0, %1, %2 : tensor<2xi32>, tensor<i8>, tensor<f32>
}

// -----

// and and or fold bitwise, on predicates and integers alike; x | 0 and x & ~0 are x
// (ui8's ~0 is 255).
// CHECK-LABEL: func.func @bitwise
// CHECK-SAME:    (%[[X:.+]]: tensor<2xui8>)
// CHECK-DAG:     %[[P:.+]] = hlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK-DAG:     %[[I:.+]] = hlo.constant dense<[-4, 7]> : tensor<2xi32>
// CHECK-NOT:     hlo.and
// CHECK-NOT:     hlo.or
// CHECK:         func.return %[[P]], %{{[0-9]+}}, %[[I]], %[[X]]
func.func @bitwise(%x: tensor<2xui8>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi32>, tensor<2xui8>) {
  %a = hlo.constant dense<[true, true]> : tensor<2xi1>
  %b = hlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = hlo.and %a, %b : tensor<2xi1>
  %1 = hlo.or %b, %b : tensor<2xi1>
  %i = hlo.constant dense<[-4, 5]> : tensor<2xi32>
  %j = hlo.constant dense<[-8, 3]> : tensor<2xi32>
  %2 = hlo.or %i, %j : tensor<2xi32>
  %ones = hlo.constant dense<255> : tensor<2xui8>
  %3 = hlo.and %x, %ones : tensor<2xui8>
  return %0, %1, %2, %3 : tensor<2xi1>, tensor<2xi1>, tensor<2xi32>, tensor<2xui8>
}
