// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s

// How numbers, strings and symbol names print: the shortest text that reads back to the
// same value, with a `.0` or exponent so a float never looks like an integer.

// CHECK-LABEL: func.func @floats
// CHECK:         "test.op"()
// CHECK-SAME:      big = 10000000000.0 : f32
// CHECK-SAME:      f32_max = 3.4028235e38 : f32
// CHECK-SAME:      f32_rounded = 16777216.0 : f32
// CHECK-SAME:      f64_huge = 1.0e300
// CHECK-SAME:      f64_sum = 0.30000000000000004
// CHECK-SAME:      hundred = 100.0 : f32
// CHECK-SAME:      small = 1.5e-7 : f32
// CHECK-SAME:      zero = 0.0 : f8E4M3FN
func.func @floats() {
  "test.op"() {big = 1.0e10 : f32, f32_max = 3.4028234663852886e+38 : f32, f32_rounded = 16777217.0 : f32,
               f64_huge = 1.0e300, f64_sum = 0.30000000000000004, hundred = 1.0E2 : f32,
               small = 1.5e-7 : f32, zero = 0.0 : f8E4M3FN} : () -> ()
  func.return
}

// -----

// A float attribute holds a value of its type: a decimal rounds to the nearest one, as a
// dense literal's element does.

// CHECK-LABEL: func.func @rounded_to_type
// CHECK:         "test.op"()
// CHECK-SAME:      bf16 = -0.0025024414 : bf16
// CHECK-SAME:      bf16_tie = 1.0 : bf16
// CHECK-SAME:      f16 = 0.099975586 : f16
// CHECK-SAME:      f16_overflow = 0x7C00 : f16
// CHECK-SAME:      f8 = 0.1015625 : f8E4M3FN
// CHECK:         hlo.constant dense<0.099975586> : tensor<f16>
func.func @rounded_to_type() {
  "test.op"() {bf16 = -2.5e-3 : bf16, bf16_tie = 1.00390625 : bf16, f16 = 0.1 : f16, f16_overflow = 70000 : f16,
               f8 = 0.1 : f8E4M3FN} : () -> ()
  %0 = hlo.constant dense<0.1> : tensor<f16>
  func.return
}

// -----

// Strings print with `\"`, `\\`, `\n`, `\t` and two-digit hexadecimal escapes for every
// other byte outside printable ASCII.

// CHECK-LABEL: func.func @strings
// CHECK:         "test.op"()
// CHECK-SAME:      brackets = "{}[]<>"
// CHECK-SAME:      control = "\7F\01"
// CHECK-SAME:      newline = "a\nb"
// CHECK-SAME:      punctuation = "#!@%^"
// CHECK-SAME:      quote = "\"\\"
func.func @strings() {
  "test.op"() {quote = "\"\\", newline = "a\0Ab", control = "\7F\01", brackets = "{}[]<>", punctuation = "#!@%^"} : () -> ()
  func.return
}

// -----

// Symbol names print bare when they are identifiers, quoted otherwise.

// CHECK-LABEL: func.func @symbol_names
// CHECK:         "test.op"()
// CHECK-SAME:      dash = @"-dash"
// CHECK-SAME:      digit = @"9digit"
// CHECK-SAME:      ident = @_under.dot$dollar
// CHECK-SAME:      quote = @"with\"quote"
// CHECK-SAME:      simple = @simple
// CHECK-SAME:      space = @"has space"
// CHECK-LABEL: func.func @"quoted function name"()
func.func @symbol_names() {
  "test.op"() {simple = @simple, space = @"has space", quote = @"with\"quote", ident = @_under.dot$dollar,
               digit = @"9digit", dash = @"-dash"} : () -> ()
  func.return
}
func.func @"quoted function name"() {
  func.return
}
