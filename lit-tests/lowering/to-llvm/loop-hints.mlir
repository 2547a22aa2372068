// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s
// RUN: xla-opt %s --split-input-file --lower-to-llvm --emit=llvm-ir --llvm-opt-level=0 | FileCheck %s --check-prefix=IR
// RUN: xla-opt %s --split-input-file --lower-to-llvm --emit=llvm-ir --target-cpu=x86-64-v3 | FileCheck %s --check-prefix=O3

// The back edge of each loop says how LLVM may unroll it (to_llvm/loop_hints.rs).

// An elementwise loop of 1024 iterations may be vectorized and interleaved, but is not
// unrolled afterwards.
// CHECK-LABEL: llvm.func @scale
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "vectorize_no_unroll"}
// IR-LABEL:    define i32 @scale(
// IR:            br label %{{[0-9]+}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR:          ![[LOOP]] = distinct !{![[LOOP]], ![[FOLLOWUP:[0-9]+]]}
// IR:          ![[FOLLOWUP]] = !{!"llvm.loop.vectorize.followup_all", ![[DISABLE:[0-9]+]]}
// IR:          ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
// After default<O3> the loop is still a loop: 8 lanes interleaved 4 times, 32 elements an
// iteration, where without the hint LLVM unrolled it into straight-line code.
// O3-LABEL:    @scale(
// O3:            fmul <8 x float>
// O3:            %[[NEXT:.+]] = add nuw i64 %{{.+}}, 32
// O3-NEXT:       %[[DONE:.+]] = icmp eq i64 %[[NEXT]], 1024
// O3-NEXT:       br i1 %[[DONE]], label %{{.+}}, label %vector.body, !llvm.loop
func.func @scale(%a: memref<1024xf32>, %r: memref<1024xf32>) {
  %c0 = loop.constant 0 : index
  %c1024 = loop.constant 1024 : index
  %two = loop.constant 2.0 : f32
  loop.parallel (%i) = (%c0) to (%c1024) {
    %x = loop.load %a[%i] : memref<1024xf32>
    %y = loop.arith multiply %x, %two : f32
    loop.store %y, %r[%i] : memref<1024xf32>
    loop.yield
  }
  func.return
}

// -----

// A reduction whose accumulators are carried through the loop is not unrolled at all.
// CHECK-LABEL: llvm.func @sum
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}}, %{{.+}} : i64, f32) {loop_hint = "no_unroll"}
// IR-LABEL:    define i32 @sum(
// IR:            br label %{{[0-9]+}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR:          ![[LOOP]] = distinct !{![[LOOP]], ![[DISABLE:[0-9]+]]}
// IR:          ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
func.func @sum(%a: memref<512xf32>, %r: memref<f32>) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c512 = loop.constant 512 : index
  %zero = loop.constant 0.0 : f32
  %s = loop.for %i = %c0 to %c512 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = loop.load %a[%i] : memref<512xf32>
    %n = loop.arith add %acc, %x : f32
    loop.yield %n : f32
  }
  loop.store %s, %r[] : memref<f32>
  func.return
}

// -----

// In a nest, the inner loop is vectorized, the outer one is not unrolled.
// CHECK-LABEL: llvm.func @rows
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "vectorize_no_unroll"}
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "no_unroll"}
func.func @rows(%a: memref<64x256xf32>, %r: memref<64x256xf32>) {
  %c0 = loop.constant 0 : index
  %c64 = loop.constant 64 : index
  %c256 = loop.constant 256 : index
  loop.parallel (%i, %j) = (%c0, %c0) to (%c64, %c256) {
    %x = loop.load %a[%i, %j] : memref<64x256xf32>
    %y = loop.math exponential %x : f32
    loop.store %y, %r[%i, %j] : memref<64x256xf32>
    loop.yield
  }
  func.return
}

// -----

// A small nest (a 3x3 window, 16 iterations or fewer in every loop) keeps LLVM's default,
// which unrolls it.
// CHECK-LABEL: llvm.func @window
// CHECK-NOT:     loop_hint
// CHECK:         llvm.return
func.func @window(%a: memref<3x3xf32>, %r: memref<f32>) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c3 = loop.constant 3 : index
  %zero = loop.constant 0.0 : f32
  %s = loop.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (f32) {
    %t = loop.for %j = %c0 to %c3 step %c1 iter_args(%inner = %acc) -> (f32) {
      %x = loop.load %a[%i, %j] : memref<3x3xf32>
      %n = loop.arith add %inner, %x : f32
      loop.yield %n : f32
    }
    loop.yield %t : f32
  }
  loop.store %s, %r[] : memref<f32>
  func.return
}

// -----

// An innermost loop that compares (or divides) values computed from its own induction
// variable, as interior padding does, keeps LLVM's default: unrolled, the conditions
// become constants. Its outer loop is not unrolled.
// CHECK-LABEL: llvm.func @interior_pad
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64){{$}}
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "no_unroll"}
func.func @interior_pad(%a: memref<32x40xf32>, %r: memref<32x119xf32>) {
  %c0 = loop.constant 0 : index
  %c3 = loop.constant 3 : index
  %c32 = loop.constant 32 : index
  %c119 = loop.constant 119 : index
  %pad = loop.constant -1.0 : f32
  loop.parallel (%i, %j) = (%c0, %c0) to (%c32, %c119) {
    %q = loop.arith divide %j, %c3 : index
    %m = loop.arith remainder %j, %c3 : index
    %on = loop.compare EQ, %m, %c0 : index
    %v = loop.if %on -> (f32) {
      %x = loop.load %a[%i, %q] : memref<32x40xf32>
      loop.yield %x : f32
    } else {
      loop.yield %pad : f32
    }
    loop.store %v, %r[%i, %j] : memref<32x119xf32>
    loop.yield
  }
  func.return
}

// -----

// A comparison of a value the loop loads (a gather's clamped index) is not index control:
// the loop still gets its hint.
// CHECK-LABEL: llvm.func @gather_rows
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "vectorize_no_unroll"}
func.func @gather_rows(%table: memref<100xf32>, %ids: memref<256xi64>, %r: memref<256xf32>) {
  %c0 = loop.constant 0 : index
  %c99 = loop.constant 99 : index
  %c256 = loop.constant 256 : index
  loop.parallel (%i) = (%c0) to (%c256) {
    %id = loop.load %ids[%i] : memref<256xi64>
    %k = loop.convert %id : i64 -> index
    %low = loop.compare LT, %k, %c0 : index
    %k0 = loop.select %low, %c0, %k : index
    %x = loop.load %table[%k0] : memref<100xf32>
    loop.store %x, %r[%i] : memref<256xf32>
    loop.yield
  }
  func.return
}

// -----

// A nest with enough work for the thread pool: the outlined function's loop over the chunk
// it is handed (of unknown length) is not unrolled, the inner loop is vectorized.
// CHECK-LABEL: llvm.func @pooled.parallel.0
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "vectorize_no_unroll"}
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "no_unroll"}
// CHECK-LABEL: llvm.func @pooled(
func.func @pooled(%a: memref<4096x256xf32>, %r: memref<4096x256xf32>) {
  %c0 = loop.constant 0 : index
  %c256 = loop.constant 256 : index
  %c4096 = loop.constant 4096 : index
  %one = loop.constant 1.0 : f32
  loop.parallel (%i, %j) = (%c0, %c0) to (%c4096, %c256) {
    %x = loop.load %a[%i, %j] : memref<4096x256xf32>
    %y = loop.arith add %x, %one : f32
    loop.store %y, %r[%i, %j] : memref<4096x256xf32>
    loop.yield
  }
  func.return
}

// -----

// A loop.while is the program's own control flow and keeps LLVM's default; a loop around
// one is not small, whatever its trip count, and is not unrolled.
// CHECK-LABEL: llvm.func @repeat
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i32){{$}}
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "no_unroll"}
func.func @repeat(%n: i32, %out: memref<4xi32>) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c4 = loop.constant 4 : index
  %zero = loop.constant 0 : i32
  %one = loop.constant 1 : i32
  loop.for %k = %c0 to %c4 step %c1 {
    %r = loop.while (%i = %zero) : (i32) -> (i32) cond {
      %p = loop.compare LT, %i, %n : i32
      loop.condition %p, %i : i32
    } do {
    ^bb0(%j: i32):
      %next = loop.arith add %j, %one : i32
      loop.yield %next : i32
    }
    loop.store %r, %out[%k] : memref<4xi32>
    loop.yield
  }
  func.return
}

// -----

// Reading every third element (a strided slice) is what LLVM vectorizes as interleaved
// groups of masked loads, slow to analyze and no faster: the loop is neither unrolled nor
// vectorized.
// CHECK-LABEL: llvm.func @every_third
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "no_unroll_no_vectorize"}
// IR-LABEL:    define i32 @every_third(
// IR:            br label %{{[0-9]+}}, !llvm.loop ![[LOOP:[0-9]+]]
// IR:          ![[LOOP]] = distinct !{![[LOOP]], ![[DISABLE:[0-9]+]], ![[NOVEC:[0-9]+]]}
// IR:          ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
// IR:          ![[NOVEC]] = !{!"llvm.loop.vectorize.enable", i1 false}
func.func @every_third(%a: memref<384xf32>, %r: memref<128xf32>) {
  %c0 = loop.constant 0 : index
  %c3 = loop.constant 3 : index
  %c5 = loop.constant 5 : index
  %c128 = loop.constant 128 : index
  loop.parallel (%i) = (%c0) to (%c128) {
    %j = loop.arith multiply %i, %c3 : index
    %x = loop.load %a[%j] : memref<384xf32>
    loop.store %x, %r[%i] : memref<128xf32>
    loop.yield
  }
  func.return
}

// -----

// A transpose reads a whole row apart from one iteration to the next, which LLVM
// vectorizes with gathers: the inner loop keeps `vectorize_no_unroll`.
// CHECK-LABEL: llvm.func @transpose
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "vectorize_no_unroll"}
// CHECK:         llvm.br ^{{bb[0-9]+}}(%{{.+}} : i64) {loop_hint = "no_unroll"}
func.func @transpose(%a: memref<256x128xf32>, %r: memref<128x256xf32>) {
  %c0 = loop.constant 0 : index
  %c128 = loop.constant 128 : index
  %c256 = loop.constant 256 : index
  loop.parallel (%i, %j) = (%c0, %c0) to (%c128, %c256) {
    %x = loop.load %a[%j, %i] : memref<256x128xf32>
    loop.store %x, %r[%i, %j] : memref<128x256xf32>
    loop.yield
  }
  func.return
}
