// RUN: xla-opt %s | FileCheck %s
// RUN: not xla-opt %s.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING

// Exercises the lit harness itself: xla-opt is found on the PATH lit sets up, FileCheck
// and `not` are LLVM 22's. The checks hold both for the placeholder xla-opt, which echoes
// its input, comments included (hence `{{^ *}}`: a CHECK line must not match itself), and
// for the real one, which prints the function back.

// CHECK-LABEL: {{^ *}}func.func @identity
// CHECK-SAME:    (%[[ARG:[a-z0-9_]+]]: tensor<2xf32>)
// CHECK-NEXT:    {{^ *}}{{(func.)?}}return %[[ARG]] : tensor<2xf32>
func.func @identity(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  func.return %arg0 : tensor<2xf32>
}

// MISSING: error
