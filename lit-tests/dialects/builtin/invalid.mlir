// RUN: xla-opt %s --split-input-file --verify-diagnostics

// A module is a symbol table: a symbol is defined once in it.
module {
  // expected-note @+1 {{see existing symbol definition here}}
  func.func private @twice()
  // expected-error @+1 {{redefinition of symbol named 'twice'}}
  func.func private @twice()
}

// -----

// Nested modules are symbols of their parent too.
module @parent {
  // expected-note @+1 {{see existing symbol definition here}}
  module @child {}
  // expected-error @+1 {{redefinition of symbol named 'child'}}
  module @child {}
}

// -----

// A module's body is a single block.
// expected-error @+1 {{expects a single block per region, found 2}}
"builtin.module"() ({
^bb0:
  "foo.op"() : () -> ()
^bb1:
  "foo.op"() : () -> ()
}) : () -> ()

// -----

// The custom form takes a symbol name, not a string.
// expected-error @+1 {{expected '{', found '"named"'}}
module "named" {}
