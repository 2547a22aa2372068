// RUN: xla-opt %s --split-input-file | FileCheck %s

// The marker is a whole line, `// -----`, trailing whitespace allowed; near misses such as
// `// ------` or an indented marker are ordinary comments. An empty chunk is an empty
// module.

// CHECK:      module {
// CHECK-NEXT:   func.func @one()
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @two()
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @three()
// CHECK:      // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @four()
// CHECK-NOT:  // -----

func.func @one() {
  func.return
}
// -----
// -----
func.func @two() {
  func.return
}
// ------
  // -----
//-----
func.func @three() {
  func.return
}
// -----   
func.func @four() {
  func.return
}
