// RUN: xla-opt %s --split-input-file --verify-diagnostics

// The symbols directly inside a symbol table (a module) have unique names.

// expected-note @+1 {{see existing symbol definition here}}
func.func @f() {
  func.return
}
// expected-error @+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  func.return
}

// -----

// A declaration is a symbol too.

// expected-note @+1 {{see existing symbol definition here}}
func.func private @decl(i32) -> i32
// expected-error @+1 {{redefinition of symbol named 'decl'}}
func.func @decl(%a: i32) -> i32 {
  func.return %a : i32
}

// -----

// Every duplicate is reported, against the first definition.

func.func @g() { // expected-note {{see existing symbol definition here}}
  func.return
}
func.func @g() { // expected-error {{redefinition of symbol named 'g'}}
  func.return
}
// expected-note @-6 {{see existing symbol definition here}}
func.func @g() { // expected-error {{redefinition of symbol named 'g'}}
  func.return
}

// -----

// Nested modules are tables of their own: the same name in two of them is fine. A module
// and a function share their table's names.

module @outer {
  // expected-note @+1 {{see existing symbol definition here}}
  module @a {
    func.func @same() {
      func.return
    }
  }
  module @b {
    func.func @same() {
      func.return
    }
    // expected-note @-3 {{see existing symbol definition here}}
    // expected-error @+1 {{redefinition of symbol named 'same'}}
    func.func @same() {
      func.return
    }
  }
  // expected-error @+1 {{redefinition of symbol named 'a'}}
  func.func @a() {
    func.return
  }
}

// -----

// Only operations directly in the table count: a function in a nested unregistered region
// does not clash.

func.func @h() {
  "test.region"() ({
    func.func @h() {
      func.return
    }
    "test.yield"() : () -> ()
  }) : () -> ()
  func.return
}
