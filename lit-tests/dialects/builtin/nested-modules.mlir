// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// Modules nest: each is its own symbol table, and the same symbol may be defined once per
// table. Two top-level modules are wrapped in an implicit one.

// CHECK-LABEL: module @outer {
// CHECK-NEXT:    module @inner attributes {x.level = 2 : i32} {
// CHECK-NEXT:      module @innermost {
// CHECK-NEXT:        func.func @f() {
// CHECK-NEXT:          func.return
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func @f() {
module @outer {
  module @inner attributes {x.level = 2 : i32} {
    module @innermost {
      func.func @f() {
        return
      }
    }
  }
  func.func @f() {
    return
  }
}

// -----

// CHECK-LABEL: module {
// CHECK-NEXT:    module @a {
// CHECK-NEXT:      func.func private @same_name()
// CHECK-NEXT:    }
// CHECK-NEXT:    module @b {
// CHECK-NEXT:      func.func private @same_name()
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module @a {
  func.func private @same_name()
}
module @b {
  func.func private @same_name()
}

// -----

// An unnamed nested module and an empty one.
// CHECK-LABEL: module @holder {
// CHECK-NEXT:    module {
// CHECK-NEXT:      module @empty {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module @holder {
  module {
    module @empty {}
  }
}
