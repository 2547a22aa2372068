// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// Builtin attributes as values of an operation's attribute dictionary. The dictionary
// prints sorted by name, as MLIR's DictionaryAttr keeps it.

// CHECK-LABEL: func.func @unit_and_bool
// CHECK:         "test.op"() {a_unit, b_true = true, c_false = false, d_explicit_unit} : () -> ()
func.func @unit_and_bool() {
  "test.op"() {c_false = false, a_unit, b_true = true, d_explicit_unit = unit} : () -> ()
  func.return
}

// -----

// Integers: i64 when untyped, typed otherwise; an i1 prints as a bool; hexadecimal
// integers read as their value; the extremes of each width fit (the most negative i128
// too, though its magnitude alone does not).

// CHECK-LABEL: func.func @integers
// CHECK:         "test.op"()
// CHECK-SAME:      default = 7
// CHECK-SAME:      hex = 255 : i32
// CHECK-SAME:      i1 = true
// CHECK-SAME:      i128 = -170141183460469231731687303715884105728 : i128
// CHECK-SAME:      neg = -5 : i16
// CHECK-SAME:      si8_min = -128 : si8
// CHECK-SAME:      ui64_max = 18446744073709551615 : ui64
// CHECK-SAME:      ui8_max = 255 : ui8
// CHECK-SAME:      zero_index = 0 : index
func.func @integers() {
  "test.op"() {default = 7, hex = 0xFF : i32, i1 = 1 : i1, neg = -5 : i16, si8_min = -128 : si8,
               ui8_max = 255 : ui8, ui64_max = 18446744073709551615 : ui64,
               i128 = -170141183460469231731687303715884105728 : i128, zero_index = 0 : index} : () -> ()
  func.return
}

// -----

// Floats: f64 when untyped; decimal values round once, straight to their type; non-finite
// values and negative zero keep their bits.

// CHECK-LABEL: func.func @floats
// CHECK:         "test.op"()
// CHECK-SAME:      bf16 = 3.140625 : bf16
// CHECK-SAME:      default = 2.5
// CHECK-SAME:      f8 = 448.0 : f8E4M3FN
// CHECK-SAME:      inf = 0x7F800000 : f32
// CHECK-SAME:      int_spelled = 3.0 : f32
// CHECK-SAME:      nan = 0x7FC00000 : f32
// CHECK-SAME:      neg_inf = 0xFF800000 : f32
// CHECK-SAME:      neg_zero = -0.0 : f32
// CHECK-SAME:      tenth = 0.1 : f32
// CHECK-SAME:      tenth64 = 0.1,
// CHECK-SAME:      tiny = 1.0e-45 : f32
func.func @floats() {
  "test.op"() {default = 2.5, bf16 = 3.140625 : bf16, f8 = 448.0 : f8E4M3FN, inf = 0x7F800000 : f32,
               int_spelled = 3 : f32, nan = 0x7FC00000 : f32, neg_inf = 0xFF800000 : f32,
               neg_zero = -0.0 : f32, tenth = 0.1 : f32, tenth64 = 0.1 : f64, tiny = 1.0e-45 : f32} : () -> ()
  func.return
}

// -----

// Strings: escapes of quotes, backslashes, newlines and tabs, and two-digit hexadecimal
// escapes; non-ASCII bytes print as hexadecimal escapes.

// CHECK-LABEL: func.func @strings
// CHECK:         "test.op"()
// CHECK-SAME:      empty = ""
// CHECK-SAME:      escapes = "quote \" backslash \\ newline \n tab \t"
// CHECK-SAME:      hex = "\t\n\00A"
// CHECK-SAME:      utf8 = "euro \E2\82\AC"
func.func @strings() {
  "test.op"() {empty = "", escapes = "quote \" backslash \\ newline \n tab \t", hex = "\09\0A\00A", utf8 = "euro €"} : () -> ()
  func.return
}

// -----

// Arrays, dense integer arrays and dictionaries, nested and empty.

// CHECK-LABEL: func.func @containers
// CHECK:         "test.op"()
// CHECK-SAME:      arr = [1, "two", [3 : i32, []], {k = 4}]
// CHECK-SAME:      dense_empty = array<i64>
// CHECK-SAME:      dense_i32 = array<i32: -1, 0, 1>
// CHECK-SAME:      dense_i64 = array<i64: 1, 2, 3>
// CHECK-SAME:      dict = {a = {b = {c}}, z = {}}
// CHECK-SAME:      empty = []
// CHECK-SAME:      "quoted key" = 1
func.func @containers() {
  "test.op"() {arr = [1, "two", [3 : i32, []], {k = 4}], dense_i64 = array<i64: 1, 2, 3>, dense_i32 = array<i32: -1, 0, 1>,
               dense_empty = array<i64>, dict = {z = {}, a = {b = {c}}}, empty = [], "quoted key" = 1} : () -> ()
  func.return
}

// -----

// Symbol references: flat, nested (`@a::@b`) and quoted names.

// CHECK-LABEL: func.func @symbols
// CHECK:         "test.op"()
// CHECK-SAME:      flat = @f
// CHECK-SAME:      nested = @outer::@inner::@leaf
// CHECK-SAME:      quoted = @"with space"::@b
func.func @symbols() {
  "test.op"() {flat = @f, nested = @outer::@inner::@leaf, quoted = @"with space"::@b} : () -> ()
  func.return
}

// -----

// Types as attributes, and dialect attributes kept as text (`#hlo<...>`, `#dialect.name`).

// CHECK-LABEL: func.func @types_and_opaque
// CHECK:         "test.op"()
// CHECK-SAME:      fn = (i32) -> ()
// CHECK-SAME:      opaque = #hlo<comparison_direction GT>
// CHECK-SAME:      opaque_dotted = #hlo.precision<HIGHEST>
// CHECK-SAME:      opaque_nested = #other<"str>", [1, 2], {a = <b>}>
// CHECK-SAME:      tok = !hlo.token
// CHECK-SAME:      ty = tensor<2x?xf32>
func.func @types_and_opaque() {
  "test.op"() {fn = (i32) -> (), opaque = #hlo<comparison_direction GT>, opaque_dotted = #hlo.precision<HIGHEST>,
               opaque_nested = #other<"str>", [1, 2], {a = <b>}>, ty = tensor<2x?xf32>, tok = !hlo.token} : () -> ()
  func.return
}

// -----

// Properties (`<{...}>`) read as attributes.

// CHECK-LABEL: func.func @properties
// CHECK:         "test.op"() {attr = 2 : i32, prop = 1 : i32} : () -> ()
func.func @properties() {
  "test.op"() <{prop = 1 : i32}> {attr = 2 : i32} : () -> ()
  func.return
}
