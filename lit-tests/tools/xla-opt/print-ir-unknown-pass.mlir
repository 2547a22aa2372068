// RUN: not xla-opt %s --cse --print-ir-after=bogus 2>&1 | FileCheck %s

// A dump request for a pass that does not exist is an error, not silently ignored.

// CHECK: xla-opt: 'bogus' in --print-ir-after/--print-ir-before names no pass
func.func @f() {
  return
}
