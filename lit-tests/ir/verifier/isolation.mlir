// RUN: xla-opt %s --split-input-file --verify-diagnostics

// `func.func` and `builtin.module` are IsolatedFromAbove: their regions see no name of the
// regions around them, so a use of an outer value is an undeclared name.

func.func @outer(%a: tensor<f32>) -> tensor<f32> {
  "test.region"() ({
    func.func @inner() -> tensor<f32> {
      // expected-error @+1 {{use of undeclared SSA value name '%a'}}
      func.return %a : tensor<f32>
    }
    "test.yield"() : () -> ()
  }) : () -> ()
  func.return %a : tensor<f32>
}

// -----

// The generic form of an isolated operation is isolated too.

func.func @outer_generic(%a: i32) {
  "test.region"() ({
    "func.func"() ({
      // expected-error @+1 {{use of undeclared SSA value name '%a'}}
      "test.use"(%a) : (i32) -> ()
      "func.return"() : () -> ()
    }) {sym_name = "g", function_type = () -> ()} : () -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

// A module's top level sees nothing of an enclosing region either.

func.func @module_in_function(%a: i32) {
  "test.region"() ({
    module @m {
      // expected-error @+1 {{use of undeclared SSA value name '%a'}}
      "test.use"(%a) : (i32) -> ()
    }
    "test.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

// A forward reference inside an isolated region cannot be satisfied by a definition after
// it, outside: the name is undeclared when the isolated region closes.

func.func @forward_across_isolation() {
  "test.region"() ({
    func.func @inner() {
      // expected-error @+1 {{use of undeclared SSA value name '%later'}}
      "test.use"(%later) : (i32) -> ()
      func.return
    }
    "test.yield"() : () -> ()
  }) : () -> ()
  %later = "test.def"() : () -> i32
  func.return
}

// -----

// Names are scoped per isolated region: an inner function may reuse the outer names.

func.func @names_may_repeat(%a: i32) {
  "test.region"() ({
    func.func @inner(%a: i64) {
      "test.use"(%a) : (i64) -> ()
      func.return
    }
    "test.yield"() : () -> ()
  }) : () -> ()
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  "test.use"(%a) : (i64) -> ()
  func.return
}

// -----

// Operations of unknown dialects are not isolated: their regions see enclosing names.

func.func @unregistered_is_not_isolated(%a: i32) {
  "other.func"() ({
    // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
    "test.use"(%a) : (i64) -> ()
  }) : () -> ()
  func.return
}
