// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Verifier errors of the llvm dialect: integer ops on integers, float ops on floats, one
// type per arithmetic op, cast directions, branch arguments, returns, signatures, calls,
// constants and memory ops.

llvm.func @int_op_on_floats(%x: f32) {
  // expected-error @+1 {{'llvm.add' op operand 'lhs' must be an integer (i1 to i128), found f32}}
  %0 = llvm.add %x, %x : f32
  llvm.return
}

// -----

llvm.func @float_op_on_ints(%a: i32) {
  // expected-error @+1 {{'llvm.fmul' op operand 'lhs' must be a float (f16, bf16, f32 or f64), found i32}}
  %0 = llvm.fmul %a, %a : i32
  llvm.return
}

// -----

llvm.func @mixed_widths(%a: i32, %b: i64) {
  // expected-error @+1 {{'llvm.add' op requires operands and result of one type, found i32, i64 -> i32}}
  %0 = "llvm.add"(%a, %b) : (i32, i64) -> i32
  llvm.return
}

// -----

llvm.func @not_an_llvm_type(%a: tensor<2xi32>) {
  // expected-error @-1 {{'llvm.func' op signature types must be LLVM types (i1 to i128, f16, bf16, f32, f64 or !llvm.ptr), found tensor<2xi32>}}
  llvm.return
}

// -----

llvm.func @signed_integers(%a: si32) {
  // expected-error @-1 {{'llvm.func' op signature types must be LLVM types}}
  llvm.return
}

// -----

llvm.func @sext_narrows(%a: i64) {
  // expected-error @+1 {{'llvm.sext' op cannot cast i64 to i32: the wider type must have more bits than the narrower}}
  %0 = llvm.sext %a : i64 to i32
  llvm.return
}

// -----

llvm.func @trunc_widens(%a: i32) {
  // expected-error @+1 {{'llvm.trunc' op cannot cast i32 to i64: the wider type must have more bits than the narrower}}
  %0 = llvm.trunc %a : i32 to i64
  llvm.return
}

// -----

llvm.func @fpext_same_width(%x: f16) {
  // expected-error @+1 {{'llvm.fpext' op cannot cast f16 to bf16: the wider format must have more bits than the narrower}}
  %0 = llvm.fpext %x : f16 to bf16
  llvm.return
}

// -----

llvm.func @fptrunc_widens(%x: f32) {
  // expected-error @+1 {{'llvm.fptrunc' op cannot cast f32 to f64}}
  %0 = llvm.fptrunc %x : f32 to f64
  llvm.return
}

// -----

llvm.func @sitofp_from_float(%x: f32) {
  // expected-error @+1 {{'llvm.sitofp' op operand 'arg' must be an integer (i1 to i128), found f32}}
  %0 = llvm.sitofp %x : f32 to f32
  llvm.return
}

// -----

llvm.func @bitcast_changes_width(%x: f32) {
  // expected-error @+1 {{'llvm.bitcast' op cannot cast f32 to i64: bitcast keeps the bit width}}
  %0 = llvm.bitcast %x : f32 to i64
  llvm.return
}

// -----

llvm.func @bitcast_pointer_to_int(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.bitcast' op cannot cast !llvm.ptr to i64: bitcast does not convert between pointers and other types (use ptrtoint or inttoptr)}}
  %0 = llvm.bitcast %p : !llvm.ptr to i64
  llvm.return
}

// -----

llvm.func @ptrtoint_of_int(%a: i64) {
  // expected-error @+1 {{'llvm.ptrtoint' op operand 'arg' must be a pointer (!llvm.ptr), found i64}}
  %0 = llvm.ptrtoint %a : i64 to i64
  llvm.return
}

// -----

llvm.func @branch_argument_type(%a: i32) {
  // expected-error @+1 {{'llvm.br' op type mismatch for bb argument #0 of successor #0: passes i32, but the argument has type i64}}
  llvm.br ^bb1(%a : i32)
^bb1(%x: i64):
  llvm.return
}

// -----

llvm.func @branch_argument_count(%p: i1, %a: i32) {
  // expected-error @+1 {{'llvm.cond_br' op branch has 0 operands for successor #1, but target block has 1}}
  llvm.cond_br %p, ^bb1(%a : i32), ^bb1
^bb1(%x: i32):
  llvm.return
}

// -----

llvm.func @condition_not_i1(%c: i32) {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  llvm.cond_br %c, ^bb1, ^bb1
^bb1:
  llvm.return
}

// -----

llvm.func @generic_br_without_counts(%a: i32) {
  // expected-error @+1 {{'llvm.br' op requires attribute 'successor_operand_counts'}}
  "llvm.br"(%a)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  llvm.return
}

// -----

llvm.func @br_with_two_successors() {
  // expected-error @+1 {{'llvm.br' op expects 1 successor(s), found 2}}
  "llvm.br"()[^bb1, ^bb1] {successor_operand_counts = array<i64: 0, 0>} : () -> ()
^bb1:
  llvm.return
}

// -----

llvm.func @cond_br_without_condition(%a: i1) {
  // expected-error @+1 {{'llvm.cond_br' op expects 1 operand(s) besides the 1 passed to successors, found 0}}
  "llvm.cond_br"(%a)[^bb1, ^bb2] {successor_operand_counts = array<i64: 1, 0>} : (i1) -> ()
^bb1(%x: i1):
  llvm.return
^bb2:
  llvm.return
}

// -----

// Only the generic form can name the entry block.
"llvm.func"() ({
^bb0(%a: i32):
  // expected-error @+1 {{'llvm.br' op may not branch to the entry block of a function}}
  "llvm.br"(%a)[^bb0] {successor_operand_counts = array<i64: 1>} : (i32) -> ()
}) {function_type = (i32) -> (), sym_name = "branch_to_entry"} : () -> ()

// -----

llvm.func @return_type(%a: i32) -> i64 {
  // expected-error @+1 {{'llvm.return' op returns i32, but the enclosing function @return_type returns i64}}
  llvm.return %a : i32
}

// -----

llvm.func @return_nothing() -> i64 {
  // expected-error @+1 {{'llvm.return' op returns nothing, but the enclosing function @return_nothing returns i64}}
  llvm.return
}

// -----

func.func @return_outside() {
  // expected-error @+1 {{'llvm.return' op expects parent op 'llvm.func'}}
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op returns at most one value, found 2 results}}
"llvm.func"() ({
}) {function_type = () -> (i32, i32), sym_name = "two_results"} : () -> ()

// -----

// expected-error @+1 {{'llvm.func' op a declaration (a function without a body) must have external or extern_weak linkage}}
llvm.func @internal_declaration(f32) -> f32 attributes {linkage = "internal"}

// -----

// expected-error @+1 {{'llvm.func' op only a declaration (a function without a body) may have extern_weak linkage}}
llvm.func @weak_definition(%a: i32) -> i32 attributes {linkage = "extern_weak"} {
  llvm.return %a : i32
}

// -----

// expected-error @+1 {{'llvm.func' op attribute 'linkage' must be a linkage, one of external internal private extern_weak, found "weak"}}
llvm.func @weak(f32) -> f32 attributes {linkage = "weak"}

// -----

llvm.func @callee(i32) -> i32
llvm.func @call_type(%a: i64) -> i32 {
  // expected-error @+1 {{'llvm.call' op call to @callee does not match the callee's type (i32) -> i32}}
  %0 = llvm.call @callee(%a) : (i64) -> i32
  llvm.return %0 : i32
}

// -----

func.func @not_llvm(%a: tensor<f32>) {
  func.return
}
llvm.func @call_func(%a: i32) {
  // expected-error @+1 {{'llvm.call' op '@not_llvm' names a 'func.func', not an 'llvm.func'}}
  llvm.call @not_llvm(%a) : (i32) -> ()
  llvm.return
}

// -----

llvm.func @two_results(%a: i32) {
  // expected-error @+1 {{'llvm.call' op expected 0 or 1 results, found 2}}
  %0:2 = llvm.call @g(%a) : (i32) -> (i32, i32)
  llvm.return
}

// -----

llvm.func @float_constant_of_int_type() {
  // expected-error @+1 {{expected an integer constant of type i32, found '1.5'}}
  %0 = llvm.constant 1.5 : i32
  llvm.return
}

// -----

llvm.func @constant_too_wide() {
  // expected-error @+1 {{integer 300 does not fit in i8}}
  %0 = llvm.constant 300 : i8
  llvm.return
}

// -----

llvm.func @constant_of_pointer() {
  // expected-error @+1 {{llvm.constant has no constants of type !llvm.ptr}}
  %0 = llvm.constant 0 : !llvm.ptr
  llvm.return
}

// -----

llvm.func @constant_type_mismatch() {
  // expected-error @+1 {{'llvm.constant' op requires an integer or float value of the result type f32, found 1 : i32}}
  %0 = "llvm.constant"() {value = 1 : i32} : () -> f32
  llvm.return
}

// -----

llvm.func @gep_of_tensor(%p: !llvm.ptr, %i: i64) {
  // expected-error @+1 {{'llvm.getelementptr' op 'elem_type' must be an LLVM type (i1 to i128, f16, bf16, f32, f64 or !llvm.ptr), found tensor<4xf32>}}
  %0 = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, tensor<4xf32>
  llvm.return
}

// -----

llvm.func @gep_float_index(%p: !llvm.ptr, %i: f32) {
  // expected-error @+1 {{'llvm.getelementptr' op operand 'index' must be an integer (i1 to i128), found f32}}
  %0 = llvm.getelementptr %p[%i] : (!llvm.ptr, f32) -> !llvm.ptr, f32
  llvm.return
}

// -----

llvm.func @load_alignment(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op alignment must be a power of two no larger than 2^31, found 3}}
  %0 = llvm.load %p {alignment = 3} : !llvm.ptr -> f32
  llvm.return
}

// -----

llvm.func @store_to_int(%x: f32, %a: i64) {
  // expected-error @+1 {{'llvm.store' op operand 'addr' must be a pointer (!llvm.ptr), found i64}}
  llvm.store %x, %a : f32, i64
  llvm.return
}

// -----

llvm.func @icmp_of_floats(%x: f32) {
  // expected-error @+1 {{'llvm.icmp' op operand 'lhs' must be an integer (i1 to i128) or a pointer (!llvm.ptr), found f32}}
  %0 = llvm.icmp slt %x, %x : f32
  llvm.return
}

// -----

llvm.func @fcmp_integer_predicate(%x: f32) {
  // expected-error @+1 {{'llvm.fcmp' op attribute 'predicate' must be a float comparison predicate, one of false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true, found "slt"}}
  %0 = llvm.fcmp slt %x, %x : f32
  llvm.return
}

// -----

llvm.func @select_types(%p: i1, %a: i32, %b: i64) {
  // expected-error @+1 {{'llvm.select' op requires both values of one type, found i32 and i64}}
  %0 = "llvm.select"(%p, %a, %b) : (i1, i32, i64) -> i32
  llvm.return
}

// -----

llvm.func @empty_alloca() {
  // expected-error @+1 {{'count' must be a positive 32-bit integer, found 0}}
  %p = llvm.alloca i32 {count = 0 : i64} : !llvm.ptr
  llvm.return
}

// -----

llvm.func @unknown_unroll_hint() {
  // expected-error @+1 {{'llvm.br' op attribute 'loop_hint' must be a loop hint, one of no_unroll vectorize_no_unroll no_unroll_no_vectorize, found "twice"}}
  llvm.br ^next {loop_hint = "twice"}
^next:
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.global_constant' op needs a rank-1 literal of 8-bit integers, found tensor<2xf32>}}
llvm.global_constant {sym_name = "floats", value = dense<[1.0, 2.0]> : tensor<2xf32>}
