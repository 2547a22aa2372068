// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// cholesky factors each matrix of the batch in an f64 work matrix: a loop.for over the
// columns carries whether every pivot was positive; each sum is a loop.for from -0.0 (what
// Rust's Sum starts from, as the interpreter sums). A loop nest then writes the factor's
// triangle, zeros above it, and NaNs for a matrix that is not positive definite.
// CHECK-LABEL: func.func @cholesky
// CHECK-DAG:     %[[TRUE:.+]] = loop.constant true : i1
// CHECK-DAG:     %[[NEG_ZERO:.+]] = loop.constant -0.0 : f64
// CHECK-DAG:     %[[NAN:.+]] = loop.constant 0x7FF8000000000000 : f64
// CHECK:         %[[L:.+]] = loop.alloc : memref<3x3xf64>
// CHECK:         loop.for %[[B:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:           %[[OK:.+]] = loop.for %[[J:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[OK_IN:.+]] = %[[TRUE]]) -> (i1) {
// CHECK:             loop.for %{{.+}} = %{{.+}} to %[[J]] step %{{.+}} iter_args(%{{.+}} = %[[NEG_ZERO]]) -> (f64) {
// CHECK:             %[[PIVOT:.+]] = loop.arith subtract %{{.+}}, %{{.+}} : f64
// CHECK:             %[[POSITIVE:.+]] = loop.compare GT, %[[PIVOT]], %{{.+}}, FLOAT : f64
// CHECK:             %[[D:.+]] = loop.math sqrt %[[PIVOT]] : f64
// CHECK:             loop.store %[[D]], %[[L]][%[[J]], %[[J]]] : memref<3x3xf64>
// CHECK:             loop.arith divide %{{.+}}, %[[D]] : f64
// CHECK:             loop.arith and %[[OK_IN]], %[[POSITIVE]] : i1
// CHECK:           loop.parallel
// CHECK:             %[[INSIDE:.+]] = loop.compare LE
// CHECK:             %[[V:.+]] = loop.select %[[INSIDE]], %{{.+}}, %{{.+}} : f64
// CHECK:             %[[W:.+]] = loop.select %[[OK]], %[[V]], %[[NAN]] : f64
// CHECK:             %[[R:.+]] = loop.convert %[[W]] : f64 -> f32
// CHECK:             loop.store %[[R]], %arg1[%[[B]], %{{.+}}, %{{.+}}] : memref<2x3x3xf32>

func.func @cholesky(%a: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %0 = hlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// The upper factor of complex matrices: two f64 work matrices (the parts), sums from 0 + 0i
// (num_complex's Sum), and the conjugate transpose written (the imaginary part negated).
// CHECK-LABEL: func.func @complex_upper_cholesky
// CHECK:         loop.alloc : memref<2x2xf64>
// CHECK:         loop.alloc : memref<2x2xf64>
// CHECK:         loop.for
// CHECK:           loop.math negate %{{.+}} : f64
// CHECK:         loop.parallel
// CHECK:           loop.math negate %{{.+}} : f64
// CHECK:           loop.complex %{{.+}}, %{{.+}} : (f32, f32) -> complex<f32>

func.func @complex_upper_cholesky(%a: tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>> {
  %0 = hlo.cholesky %a, lower = false : tensor<2x2xcomplex<f32>>
  return %0 : tensor<2x2xcomplex<f32>>
}

// -----

// triangular_solve copies b into an f64 work buffer, solves each right-hand side in place
// (here backward substitution: row i = 2 - k, summing over j from i + 1), then rounds.
// CHECK-LABEL: func.func @triangular_solve
// CHECK-DAG:     %[[TWO:.+]] = loop.constant 2 : index
// CHECK-DAG:     %[[THREE:.+]] = loop.constant 3 : index
// CHECK:         %[[X:.+]] = loop.alloc : memref<3x2xf64>
// CHECK:         loop.parallel
// CHECK:           loop.convert %{{.+}} : f32 -> f64
// CHECK:         loop.for %[[R:.+]] = %{{.+}} to %[[TWO]] step %{{.+}} {
// CHECK:           loop.for %[[K:.+]] = %{{.+}} to %[[THREE]] step %{{.+}} {
// CHECK:             %[[I:.+]] = loop.arith subtract %[[TWO]], %[[K]] : index
// CHECK:             %[[NEXT:.+]] = loop.arith add %[[I]], %{{.+}} : index
// CHECK:             %[[SUM:.+]] = loop.for %[[J:.+]] = %[[NEXT]] to %[[THREE]] step %{{.+}} iter_args
// CHECK:               loop.load %arg0[%[[I]], %[[J]]] : memref<3x3xf32>
// CHECK:               loop.load %[[X]][%[[J]], %[[R]]] : memref<3x2xf64>
// CHECK:             %[[C:.+]] = loop.load %[[X]][%[[I]], %[[R]]] : memref<3x2xf64>
// CHECK:             %[[DIFF:.+]] = loop.arith subtract %[[C]], %[[SUM]] : f64
// CHECK:             %[[Y:.+]] = loop.arith divide %[[DIFF]], %{{.+}} : f64
// CHECK:             loop.store %[[Y]], %[[X]][%[[I]], %[[R]]] : memref<3x2xf64>
// CHECK:         loop.parallel
// CHECK:           loop.convert %{{.+}} : f64 -> f32

func.func @triangular_solve(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = false, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// On the right side with ADJOINT and a unit diagonal: a is read transposed back (t = op(a)^T),
// conjugated, and the diagonal is the constant 1 + 0i conjugated; the division is
// num_complex's (by br^2 + bi^2).
// CHECK-LABEL: func.func @complex_right_adjoint
// CHECK:         loop.for
// CHECK:           loop.for
// CHECK:             loop.for
// CHECK:               loop.math negate %{{.+}} : f64
// CHECK:             loop.math negate %{{.+}} : f64
// CHECK:             loop.arith divide %{{.+}}, %{{.+}} : f64
// CHECK:             loop.arith divide %{{.+}}, %{{.+}} : f64

func.func @complex_right_adjoint(%a: tensor<3x3xcomplex<f32>>, %b: tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {
  %0 = hlo.triangular_solve %a, %b, left_side = false, lower = true, unit_diagonal = true, transpose_a = ADJOINT : (tensor<3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

// RFFT: a naive DFT over the innermost dimension keeping 8 / 2 + 1 outputs, each a loop.for
// carrying the two f64 parts; the twiddle's angle is (j k mod 8) (-2 pi / 8), its parts
// loop.math cosine and sine.
// CHECK-LABEL: func.func @rfft
// CHECK-DAG:     %[[EIGHT:.+]] = loop.constant 8 : index
// CHECK-DAG:     %[[STEP:.+]] = loop.constant -0.7853981633974483 : f64
// CHECK:         loop.parallel
// CHECK:           loop.convert %{{.+}} : f32 -> f64
// CHECK:         loop.parallel (%[[K:.+]]) = (%{{.+}}) to (%{{.+}}) {
// CHECK:           loop.for %[[J:[^ ]+]] = %{{.+}} to %[[EIGHT]] step %{{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) -> (f64, f64) {
// CHECK:             %[[JK:.+]] = loop.arith multiply %[[J]], %[[K]] : index
// CHECK:             %[[TURN:.+]] = loop.arith remainder %[[JK]], %[[EIGHT]] : index
// CHECK:             %[[ANGLE:.+]] = loop.arith multiply %{{.+}}, %[[STEP]] : f64
// CHECK:             loop.math cosine %[[ANGLE]] : f64
// CHECK:             loop.math sine %[[ANGLE]] : f64
// CHECK:         loop.store %{{.+}}, %arg1[%{{.+}}] : memref<5xcomplex<f32>>

func.func @rfft(%x: tensor<8xf32>) -> tensor<5xcomplex<f32>> {
  %0 = hlo.fft %x, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

// IRFFT: the outer dimension is inverse-transformed first (divided by 2), then the innermost
// line is completed by conjugate symmetry (entry 8 - j, conjugated, past the 5 given) and
// inverse-transformed (divided by 8); the real part is kept.
// CHECK-LABEL: func.func @irfft
// CHECK-DAG:     %[[HALF:.+]] = loop.constant 2.0 : f64
// CHECK-DAG:     %[[FULL:.+]] = loop.constant 8.0 : f64
// CHECK:         loop.parallel
// CHECK:           loop.arith divide %{{.+}}, %[[HALF]] : f64
// CHECK:         loop.parallel
// CHECK:           loop.for %[[J:[^ ]+]] =
// CHECK:             %[[STORED:.+]] = loop.compare LT, %[[J]], %{{.+}} : index
// CHECK:             %[[MIRROR:.+]] = loop.arith subtract %{{.+}}, %[[J]] : index
// CHECK:             loop.select %[[STORED]], %[[J]], %[[MIRROR]] : index
// CHECK:             loop.math negate %{{.+}} : f64
// CHECK:           loop.arith divide %{{.+}}, %[[FULL]] : f64
// CHECK:         loop.parallel
// CHECK:           %[[RE:.+]] = loop.convert %{{.+}} : f64 -> f32
// CHECK:           loop.store %[[RE]], %arg1[%{{.+}}, %{{.+}}] : memref<2x8xf32>

func.func @irfft(%z: tensor<2x5xcomplex<f32>>) -> tensor<2x8xf32> {
  %0 = hlo.fft %z, type = IRFFT, length = [2, 8] : (tensor<2x5xcomplex<f32>>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
