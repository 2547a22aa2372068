// RUN: xla-opt %s --split-input-file | FileCheck %s

// The printer names values as MLIR does, whatever the input called them: entry-block
// arguments `%argN`, other values `%N`, both counted per IsolatedFromAbove operation;
// blocks `^bbN` per region. These checks spell the names out on purpose: the names are
// what is tested (`{{^ *}}` keeps a check from matching its own line in an echo).

// CHECK-LABEL: {{^ *}}func.func @renamed(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT:    {{^ *}}%0 = hlo.add %arg0, %arg1 : tensor<f32>
// CHECK-NEXT:    {{^ *}}%1 = hlo.multiply %0, %arg0 : tensor<f32>
// CHECK-NEXT:    {{^ *}}func.return %1 : tensor<f32>
func.func @renamed(%x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %sum = hlo.add %x, %y : tensor<f32>
  %product = hlo.multiply %sum, %x : tensor<f32>
  func.return %product : tensor<f32>
}

// -----

// Numbering restarts in every function: each is isolated from above.

// CHECK-LABEL: {{^ *}}func.func @first(%arg0: i32) {
// CHECK-NEXT:    {{^ *}}%0 = "test.a"(%arg0) : (i32) -> i32
// CHECK-NEXT:    {{^ *}}%1 = "test.b"(%0) : (i32) -> i32
// CHECK-LABEL: {{^ *}}func.func @second(%arg0: i32) {
// CHECK-NEXT:    {{^ *}}%0 = "test.c"(%arg0) : (i32) -> i32
func.func @first(%p: i32) {
  %a = "test.a"(%p) : (i32) -> i32
  %b = "test.b"(%a) : (i32) -> i32
  func.return
}
func.func @second(%q: i32) {
  %c = "test.c"(%q) : (i32) -> i32
  func.return
}

// -----

// Arguments of nested entry blocks continue the `%argN` count; arguments of other blocks
// and values in nested regions continue the `%N` count, in textual order.

// CHECK-LABEL: {{^ *}}func.func @nested(%arg0: i32) {
// CHECK-NEXT:    {{^ *}}%0 = "test.def"() : () -> i32
// CHECK-NEXT:    {{^ *}}"test.region"() ({
// CHECK-NEXT:    {{^ *}}^bb0(%arg1: i32, %arg2: i32):
// CHECK-NEXT:      {{^ *}}%1 = "test.in"(%arg1, %arg2, %0, %arg0) : (i32, i32, i32, i32) -> i32
// CHECK-NEXT:      {{^ *}}"test.br"()[^bb1] : () -> ()
// CHECK-NEXT:    {{^ *}}^bb1(%2: i32):
// CHECK-NEXT:      {{^ *}}"test.use"(%2, %1) : (i32, i32) -> ()
// CHECK-NEXT:    {{^ *}}}) : () -> ()
// CHECK-NEXT:    {{^ *}}%3 = "test.after"() : () -> i32
func.func @nested(%a: i32) {
  %d = "test.def"() : () -> i32
  "test.region"() ({
  ^entry(%r0: i32, %r1: i32):
    %in = "test.in"(%r0, %r1, %d, %a) : (i32, i32, i32, i32) -> i32
    "test.br"()[^next] : () -> ()
  ^next(%n: i32):
    "test.use"(%n, %in) : (i32, i32) -> ()
  }) : () -> ()
  %after = "test.after"() : () -> i32
  func.return
}

// -----

// Blocks are numbered per region: a nested region starts again at ^bb0.

// CHECK-LABEL: {{^ *}}func.func @blocks() {
// CHECK-NEXT:    {{^ *}}"test.br"()[^bb1] : () -> ()
// CHECK-NEXT:  {{^ *}}^bb1:
// CHECK-NEXT:    {{^ *}}"test.region"() ({
// CHECK-NEXT:      {{^ *}}"test.br"()[^bb1] : () -> ()
// CHECK-NEXT:    {{^ *}}^bb1:
// CHECK-NEXT:      {{^ *}}"test.yield"() : () -> ()
// CHECK-NEXT:    {{^ *}}}) : () -> ()
// CHECK-NEXT:    {{^ *}}"test.br"()[^bb2] : () -> ()
// CHECK-NEXT:  {{^ *}}^bb2:
// CHECK-NEXT:    {{^ *}}func.return
func.func @blocks() {
  "test.br"()[^one] : () -> ()
^one:
  "test.region"() ({
    "test.br"()[^inner] : () -> ()
  ^inner:
    "test.yield"() : () -> ()
  }) : () -> ()
  "test.br"()[^two] : () -> ()
^two:
  func.return
}

// -----

// Nested functions restart the count inside and do not consume numbers outside.

// CHECK-LABEL: {{^ *}}module @m {
// CHECK:         {{^ *}}%0 = "test.top"() : () -> i32
// CHECK-NEXT:    {{^ *}}func.func @inner(%arg0: i32) {
// CHECK-NEXT:      {{^ *}}%0 = "test.in"(%arg0) : (i32) -> i32
// CHECK:         {{^ *}}%1 = "test.top2"() : () -> i32
module @m {
  %t = "test.top"() : () -> i32
  func.func @inner(%x: i32) {
    %y = "test.in"(%x) : (i32) -> i32
    func.return
  }
  %t2 = "test.top2"() : () -> i32
}
