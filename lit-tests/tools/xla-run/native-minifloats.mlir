// RUN: xla-run --interpret --split-input-file %s | FileCheck %s
// RUN: xla-run --split-input-file %s | FileCheck %s

// The f8, f6 and f4 formats compiled as interpreted: stored a byte per element, converted
// with one rounding to nearest even and each format's overflow (infinity in e5m2, NaN in
// e4m3fn and the FNUZ formats, saturation in f4), computed in f32 (e8m0 in f64) and
// rounded back. The codes are printed as u8 to pin every bit.

// f32 to f8/f4. e4m3fn: 464 is the tie past 448 (code 0x7E, even) and stays; 465 is NaN
// (0x7F); a tiny negative value is -0 (0x80); NaN and -1e30 are NaN. e5m2: 464 is 448
// (0x5F), NaN is 0x7E, -1e30 is -inf (0xFC). e4m3fnuz: past 240 is NaN (0x80), and a tiny
// negative value +0 (no -0). f4e2m1fn saturates at +-6, NaN is -0, 0.3125 rounds to 0.5.
// CHECK:      @main result 0: u8[6] [126, 127, 128, 127, 127, 42]
// CHECK-NEXT: @main result 1: u8[6] [95, 95, 128, 126, 252, 53]
// CHECK-NEXT: @main result 2: u8[6] [128, 128, 0, 128, 128, 50]
// CHECK-NEXT: @main result 3: f32[6] [6, 6, -0, -0, -6, 0.5]
func.func @main() -> (tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xf32>) {
  %x = hlo.constant dense<[464.0, 465.0, -1.0e-10, 0x7FC00000, -1.0e30, 0.3125]> : tensor<6xf32>
  %a = hlo.convert_element_type %x : (tensor<6xf32>) -> tensor<6xf8E4M3FN>
  %b = hlo.convert_element_type %x : (tensor<6xf32>) -> tensor<6xf8E5M2>
  %c = hlo.convert_element_type %x : (tensor<6xf32>) -> tensor<6xf8E4M3FNUZ>
  %d = hlo.convert_element_type %x : (tensor<6xf32>) -> tensor<6xf4E2M1FN>
  %0 = hlo.bitcast_convert_type %a : (tensor<6xf8E4M3FN>) -> tensor<6xui8>
  %1 = hlo.bitcast_convert_type %b : (tensor<6xf8E5M2>) -> tensor<6xui8>
  %2 = hlo.bitcast_convert_type %c : (tensor<6xf8E4M3FNUZ>) -> tensor<6xui8>
  %3 = hlo.convert_element_type %d : (tensor<6xf4E2M1FN>) -> tensor<6xf32>
  func.return %0, %1, %2, %3 : tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xf32>
}

// -----

// f64 rounds once: 1.125 is the tie between e5m2's 1.0 (0x3C) and 1.25 (0x3D), so the f64
// just above it gives 0x3D, where rounding through f32 (to the tie, then to even) would
// give 0x3C. Integers convert through f64: 17 and 19 are ties in e4m3fn (to 16 = 0x58 and
// 20 = 0x5A), 1000 is NaN. e8m0 has no zero and no sign: 0 is its smallest value 2^-127
// (code 0), 3 is the tie between 2 and 4 (to the even code 0x80), and the f32 subnormal
// 6e-39 rounds to 2^-127.
// CHECK:      @main result 0: u8[3] [61, 60, 189]
// CHECK-NEXT: @main result 1: u8[4] [88, 90, 127, 196]
// CHECK-NEXT: @main result 2: u8[3] [0, 128, 0]
func.func @main() -> (tensor<3xui8>, tensor<4xui8>, tensor<3xui8>) {
  %d = hlo.constant dense<[1.1250000000000002, 1.125, -1.1250000000000002]> : tensor<3xf64>
  %a = hlo.convert_element_type %d : (tensor<3xf64>) -> tensor<3xf8E5M2>
  %0 = hlo.bitcast_convert_type %a : (tensor<3xf8E5M2>) -> tensor<3xui8>
  %i = hlo.constant dense<[17, 19, 1000, -3]> : tensor<4xi64>
  %b = hlo.convert_element_type %i : (tensor<4xi64>) -> tensor<4xf8E4M3FN>
  %1 = hlo.bitcast_convert_type %b : (tensor<4xf8E4M3FN>) -> tensor<4xui8>
  %e = hlo.constant dense<[0.0, 3.0, 6.0e-39]> : tensor<3xf32>
  %c = hlo.convert_element_type %e : (tensor<3xf32>) -> tensor<3xf8E8M0FNU>
  %2 = hlo.bitcast_convert_type %c : (tensor<3xf8E8M0FNU>) -> tensor<3xui8>
  func.return %0, %1, %2 : tensor<3xui8>, tensor<4xui8>, tensor<3xui8>
}

// -----

// Arithmetic rounds back: 448 + 32 is NaN in e4m3fn, 6 + 6 saturates in f4, and e8m0's
// 2^-127 + 2^-127 is 2^-126 although 2^-127 is an f32 subnormal (compiled code flushes
// those: e8m0 computes in f64). TOTALORDER puts the FNUZ NaN (0x80) above everything; a
// reduction adds in the element type.
// CHECK:      @main result 0: f8e4m3fn[3] [nan, 1.125, -0.0625]
// CHECK-NEXT: @main result 1: f4e2m1fn[2] [6, -3]
// CHECK-NEXT: @main result 2: f8e8m0fnu[2] [1.1754944e-38, 4]
// CHECK-NEXT: @main result 3: pred[3] [true, false, false]
// CHECK-NEXT: @main result 4: f8e5m2[] 10
func.func @main() -> (tensor<3xf8E4M3FN>, tensor<2xf4E2M1FN>, tensor<2xf8E8M0FNU>, tensor<3xi1>, tensor<f8E5M2>) {
  %x = hlo.constant dense<[448.0, 1.0, -0.5]> : tensor<3xf8E4M3FN>
  %y = hlo.constant dense<[32.0, 0.125, 0.4375]> : tensor<3xf8E4M3FN>
  %0 = hlo.add %x, %y : tensor<3xf8E4M3FN>
  %f = hlo.constant dense<[6.0, -1.5]> : tensor<2xf4E2M1FN>
  %1 = hlo.add %f, %f : tensor<2xf4E2M1FN>
  %tiny = hlo.constant dense<[0x00, 0x80]> : tensor<2xf8E8M0FNU>
  %2 = hlo.add %tiny, %tiny : tensor<2xf8E8M0FNU>
  %n = hlo.constant dense<[0x80, 0x7F, 0x00]> : tensor<3xf8E4M3FNUZ>
  %m = hlo.constant dense<[0x7F, 0x80, 0x80]> : tensor<3xf8E4M3FNUZ>
  %3 = hlo.compare GT, %n, %m, TOTALORDER : (tensor<3xf8E4M3FNUZ>, tensor<3xf8E4M3FNUZ>) -> tensor<3xi1>
  %s = hlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf8E5M2>
  %z = hlo.constant dense<0.0> : tensor<f8E5M2>
  %4 = hlo.reduce(%s init: %z) dimensions = [0] : (tensor<4xf8E5M2>, tensor<f8E5M2>) -> tensor<f8E5M2> {
  ^bb0(%p: tensor<f8E5M2>, %q: tensor<f8E5M2>):
    %r = hlo.add %p, %q : tensor<f8E5M2>
    hlo.return %r : tensor<f8E5M2>
  }
  func.return %0, %1, %2, %3, %4 : tensor<3xf8E4M3FN>, tensor<2xf4E2M1FN>, tensor<2xf8E8M0FNU>, tensor<3xi1>, tensor<f8E5M2>
}

// -----

// rng_uniform and rng_normal draw the interpreter's numbers (the runtime rounds them to the
// format as the interpreter does, retrying a uniform draw that rounded out of [a, b)).
// CHECK:      @main result 0: f8e4m3fn[6] [2.5, -1, -0.34375, 0.0625, -1.75, 3.25]
// CHECK-NEXT: @main result 1: f4e2m1fn[5] [1.5, 4, 2, 4, 1]
// CHECK-NEXT: @main result 2: f8e8m0fnu[4] [32, 32, 32, 32]
// CHECK-NEXT: @main result 3: f8e5m2fnuz[5] [28672, 20480, 20480, 14336, 16384]
// CHECK-NEXT: @main result 4: f6e3m2fn[3] [-28, -20, 14]
func.func @main() -> (tensor<6xf8E4M3FN>, tensor<5xf4E2M1FN>, tensor<4xf8E8M0FNU>, tensor<5xf8E5M2FNUZ>, tensor<3xf6E3M2FN>) {
  %a = hlo.constant dense<-2.0> : tensor<f8E4M3FN>
  %b = hlo.constant dense<4.0> : tensor<f8E4M3FN>
  %0 = hlo.rng_uniform %a, %b : (tensor<f8E4M3FN>, tensor<f8E4M3FN>) -> tensor<6xf8E4M3FN>
  %c = hlo.constant dense<0.0> : tensor<f4E2M1FN>
  %d = hlo.constant dense<6.0> : tensor<f4E2M1FN>
  %1 = hlo.rng_uniform %c, %d : (tensor<f4E2M1FN>, tensor<f4E2M1FN>) -> tensor<5xf4E2M1FN>
  %e = hlo.constant dense<0.5> : tensor<f8E8M0FNU>
  %f = hlo.constant dense<64.0> : tensor<f8E8M0FNU>
  %2 = hlo.rng_uniform %e, %f : (tensor<f8E8M0FNU>, tensor<f8E8M0FNU>) -> tensor<4xf8E8M0FNU>
  %mu = hlo.constant dense<0.0> : tensor<f8E5M2FNUZ>
  %sigma = hlo.constant dense<20000.0> : tensor<f8E5M2FNUZ>
  %3 = hlo.rng_normal %mu, %sigma : (tensor<f8E5M2FNUZ>, tensor<f8E5M2FNUZ>) -> tensor<5xf8E5M2FNUZ>
  %m2 = hlo.constant dense<1.0> : tensor<f6E3M2FN>
  %s2 = hlo.constant dense<16.0> : tensor<f6E3M2FN>
  %4 = hlo.rng_normal %m2, %s2 : (tensor<f6E3M2FN>, tensor<f6E3M2FN>) -> tensor<3xf6E3M2FN>
  func.return %0, %1, %2, %3, %4 : tensor<6xf8E4M3FN>, tensor<5xf4E2M1FN>, tensor<4xf8E8M0FNU>, tensor<5xf8E5M2FNUZ>, tensor<3xf6E3M2FN>
}
