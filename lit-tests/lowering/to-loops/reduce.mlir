// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// reduce (and reduce_window): per result element, a loop.for per reduced (window)
// dimension, outermost first, carries the accumulators, which start as the init values;
// the reducer region is inlined as scalar ops on the accumulators and the input elements.

// CHECK-LABEL: func.func @reduce_sum
// CHECK-DAG:     %[[ZERO:.+]] = loop.constant 0.0 : f32
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[C4:.+]] = loop.constant 4 : index
// CHECK:         loop.parallel (%[[J:.+]]) =
// CHECK-NEXT:      %[[SUM:.+]] = loop.for %[[I:.+]] = %[[C0]] to %[[C4]] step %[[C1]] iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:        %[[X:.+]] = loop.load %arg0[%[[I]], %[[J]]] : memref<4x5xf32>
// CHECK-NEXT:        %[[NEXT:.+]] = loop.arith add %[[ACC]], %[[X]] : f32
// CHECK-NEXT:        loop.yield %[[NEXT]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.store %[[SUM]], %arg1[%[[J]]] : memref<5xf32>

func.func @reduce_sum(%a: tensor<4x5xf32>) -> tensor<5xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%a init: %zero) dimensions = [0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<5xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.add %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<5xf32>
}

// -----

// Reducing every dimension gives a scalar: nested loops, no loop.parallel.
// CHECK-LABEL: func.func @reduce_all_to_scalar
// CHECK-DAG:     %[[INIT:.+]] = loop.constant -2147483648 : i32
// CHECK-NOT:     loop.parallel
// CHECK:         %[[R:.+]] = loop.for %[[I:.+]] = %{{.+}} iter_args(%[[A:.+]] = %[[INIT]]) -> (i32) {
// CHECK-NEXT:      %[[IN:.+]] = loop.for %[[J:.+]] = %{{.+}} iter_args(%[[B:.+]] = %[[A]]) -> (i32) {
// CHECK-NEXT:        %[[X:.+]] = loop.load %arg0[%[[I]], %[[J]]] : memref<2x3xi32>
// CHECK-NEXT:        %[[M:.+]] = loop.arith maximum %[[B]], %[[X]] : i32
// CHECK-NEXT:        loop.yield %[[M]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.yield %[[IN]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.store %[[R]], %arg1[] : memref<i32>

func.func @reduce_all_to_scalar(%a: tensor<2x3xi32>) -> tensor<i32> {
  %init = hlo.constant dense<-2147483648> : tensor<i32>
  %0 = hlo.reduce(%a init: %init) dimensions = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32> {
  ^bb0(%acc: tensor<i32>, %x: tensor<i32>):
    %1 = hlo.maximum %acc, %x : tensor<i32>
    hlo.return %1 : tensor<i32>
  }
  return %0 : tensor<i32>
}

// -----

// A variadic reduce (argmax) carries one accumulator per input.
// CHECK-LABEL: func.func @reduce_variadic
// CHECK:         %[[R:.+]]:2 = loop.for %[[I:.+]] = %{{.+}} iter_args(%[[AV:.+]] = %{{.+}}, %[[AI:.+]] = %{{.+}}) -> (f32, i32) {
// CHECK-NEXT:      %[[XV:.+]] = loop.load %arg0[%[[I]]] : memref<8xf32>
// CHECK-NEXT:      %[[XI:.+]] = loop.load %arg1[%[[I]]] : memref<8xi32>
// CHECK-NEXT:      %[[GT:.+]] = loop.compare GT, %[[XV]], %[[AV]], FLOAT : f32
// CHECK-NEXT:      %[[V:.+]] = loop.select %[[GT]], %[[XV]], %[[AV]] : f32
// CHECK-NEXT:      %[[N:.+]] = loop.select %[[GT]], %[[XI]], %[[AI]] : i32
// CHECK-NEXT:      loop.yield %[[V]], %[[N]] : f32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.store %[[R]]#0, %arg2[] : memref<f32>
// CHECK-NEXT:    loop.store %[[R]]#1, %arg3[] : memref<i32>

func.func @reduce_variadic(%v: tensor<8xf32>, %i: tensor<8xi32>) -> (tensor<f32>, tensor<i32>) {
  %vi = hlo.constant dense<0xFF800000> : tensor<f32>
  %ii = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%v, %i init: %vi, %ii) dimensions = [0] : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %xv: tensor<f32>, %xi: tensor<i32>):
    %1 = hlo.compare GT, %xv, %av, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = hlo.select %1, %xv, %av : tensor<i1>, tensor<f32>
    %3 = hlo.select %1, %xi, %ai : tensor<i1>, tensor<i32>
    hlo.return %2, %3 : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

// -----

// reduce_window: a loop.for per window dimension; a window element on padding is skipped by
// a loop.if that keeps the accumulators (a moving sum of 3 pads 2 low). A window over
// whole prefixes is a scan instead (scan.mlir).
// CHECK-LABEL: func.func @moving_sum
// CHECK-DAG:     %[[ZERO:.+]] = loop.constant 0.0 : f32
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[LOW:.+]] = loop.constant -2 : index
// CHECK:         loop.parallel (%[[O:.+]]) =
// CHECK-NEXT:      %[[S:.+]] = loop.for %[[K:[^ ]+]] = {{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:        %[[P:.+]] = loop.arith add %[[O]], %[[K]] : index
// CHECK-NEXT:        %[[I:.+]] = loop.arith add %[[P]], %[[LOW]] : index
// CHECK-NEXT:        %[[IN:.+]] = loop.compare GE, %[[I]], %[[C0]] : index
// CHECK-NEXT:        %[[NEXT:.+]] = loop.if %[[IN]] -> (f32) {
// CHECK-NEXT:          %[[X:.+]] = loop.load %arg0[%[[I]]] : memref<5xf32>
// CHECK-NEXT:          %[[SUM:.+]] = loop.arith add %[[ACC]], %[[X]] : f32
// CHECK-NEXT:          loop.yield %[[SUM]] : f32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          loop.yield %[[ACC]] : f32
// CHECK-NEXT:        }
// CHECK-NEXT:        loop.yield %[[NEXT]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.store %[[S]], %arg1[%[[O]]] : memref<5xf32>

func.func @moving_sum(%a: tensor<5xf32>) -> tensor<5xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce_window(%a init: %zero) window = {size = [3], pad = [[2, 0]]} : (tensor<5xf32>, tensor<f32>) -> tensor<5xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.add %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<5xf32>
}

// -----

// Without padding or dilation no element is skipped: the window reads o * stride + k.
// CHECK-LABEL: func.func @max_pool
// CHECK-DAG:     %[[C2:.+]] = loop.constant 2 : index
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK-NEXT:      loop.for %[[K:[^ ]+]] =
// CHECK-NEXT:        loop.for %[[L:[^ ]+]] =
// CHECK-NEXT:          %[[RI:.+]] = loop.arith multiply %[[I]], %[[C2]] : index
// CHECK-NEXT:          %[[R:.+]] = loop.arith add %[[RI]], %[[K]] : index
// CHECK-NEXT:          %[[CJ:.+]] = loop.arith multiply %[[J]], %[[C2]] : index
// CHECK-NEXT:          %[[C:.+]] = loop.arith add %[[CJ]], %[[L]] : index
// CHECK-NEXT:          %[[X:.+]] = loop.load %arg0[%[[R]], %[[C]]] : memref<4x4xf32>
// CHECK-NEXT:          loop.arith maximum %{{.+}}, %[[X]] : f32

func.func @max_pool(%a: tensor<4x4xf32>) -> tensor<2x2xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.reduce_window(%a init: %ninf) window = {size = [2, 2], stride = [2, 2]} : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.maximum %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<2x2xf32>
}

// -----

// A long reduction along the most minor dimension with an associative reducer is split
// into lanes: 8 f32 accumulators (lane 0 from the init value, the others from the
// neutral element -0.0) carried by a loop over whole rounds, the 5 elements left over
// folded one per lane, then the lanes combined in order.
// CHECK-LABEL: func.func @row_sum_in_lanes
// CHECK-DAG:     %[[NEUTRAL:.+]] = loop.constant -0.0 : f32
// CHECK-DAG:     %[[INIT:.+]] = loop.constant 1.0 : f32
// CHECK-DAG:     %[[ROUNDS:.+]] = loop.constant 4 : index
// CHECK:         loop.parallel (%[[ROW:.+]]) =
// CHECK:           %[[LANES:.+]]:8 = loop.for %[[R:.+]] = %{{.+}} to %[[ROUNDS]] step %{{.+}} iter_args(%[[L0:.+]] = %[[INIT]], %{{.+}} = %[[NEUTRAL]],
// CHECK:             loop.yield
// CHECK-SAME:          : f32, f32, f32, f32, f32, f32, f32, f32
// CHECK:           %[[X32:.+]] = loop.load %arg0[%[[ROW]], %{{.+}}] : memref<3x37xf32>
// CHECK-NEXT:      %[[TAIL0:.+]] = loop.arith add %[[LANES]]#0, %[[X32]] : f32
// CHECK-COUNT-4:   loop.arith add %[[LANES]]#{{[1-4]}}, %{{.+}} : f32
// CHECK:           %[[FIRST:.+]] = loop.arith add %[[TAIL0]], %{{.+}} : f32
// CHECK-NEXT:      loop.arith add %[[FIRST]], %{{.+}} : f32
// CHECK-COUNT-5:   loop.arith add
// CHECK-NEXT:      loop.store %{{.+}}, %arg1[%[[ROW]]] : memref<3xf32>

func.func @row_sum_in_lanes(%a: tensor<3x37xf32>) -> tensor<3xf32> {
  %one = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.reduce(%a init: %one) dimensions = [1] : (tensor<3x37xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.add %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<3xf32>
}

// -----

// A float maximum in lanes folds each element as `isnan(x) ? NaN : (x > acc ? x : acc)`:
// the NaN test reads only the element, off the chain of accumulators. The lanes are
// combined with the reducer itself.
// CHECK-LABEL: func.func @row_max_in_lanes
// CHECK-DAG:     %[[NAN:.+]] = loop.constant 0x7FC00000 : f32
// CHECK:           loop.for %{{.+}} iter_args(%[[L0:[^ ]+]] = %{{.+}},
// CHECK:             %[[X:.+]] = loop.load %arg0
// CHECK-NEXT:        %[[GT:.+]] = loop.compare GT, %[[X]], %[[L0]] : f32
// CHECK-NEXT:        %[[MAX:.+]] = loop.select %[[GT]], %[[X]], %[[L0]] : f32
// CHECK-NEXT:        %[[ISNAN:.+]] = loop.compare NE, %[[X]], %[[X]] : f32
// CHECK-NEXT:        loop.select %[[ISNAN]], %[[NAN]], %[[MAX]] : f32
// CHECK:           loop.arith maximum
// CHECK:           loop.store

func.func @row_max_in_lanes(%a: tensor<3x37xf32>) -> tensor<3xf32> {
  %init = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.reduce(%a init: %init) dimensions = [1] : (tensor<3x37xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.maximum %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<3xf32>
}

// -----

// A reducer that is not one associative op keeps the sequential order.
// CHECK-LABEL: func.func @row_reduce_not_associative
// CHECK:         loop.for %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (f32) {
// CHECK-NOT:     loop.for

func.func @row_reduce_not_associative(%a: tensor<3x37xf32>) -> tensor<3xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%a init: %zero) dimensions = [1] : (tensor<3x37xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.subtract %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<3xf32>
}

// -----

// Reducing the major dimension of a matrix with a long minor one walks the input in its
// own order: a loop.parallel over tiles of the minor dimension (8 tiles of 64), where the
// result's tile first takes the init value, then every row folds into it.
// CHECK-LABEL: func.func @column_sum_in_input_order
// CHECK-DAG:     %[[ZERO:.+]] = loop.constant 0.0 : f32
// CHECK-DAG:     %[[C64:.+]] = loop.constant 64 : index
// CHECK-DAG:     %[[C6:.+]] = loop.constant 6 : index
// CHECK:         loop.parallel (%[[T:.+]]) =
// CHECK-NEXT:      %[[START:.+]] = loop.arith multiply %[[T]], %[[C64]] : index
// CHECK-NEXT:      loop.for %[[L:.+]] = %{{.+}} to %[[C64]]
// CHECK-NEXT:        %[[J:.+]] = loop.arith add %[[START]], %[[L]] : index
// CHECK-NEXT:        loop.store %[[ZERO]], %arg1[%[[J]]] : memref<512xf32>
// CHECK:           loop.for %[[I:.+]] = %{{.+}} to %[[C6]]
// CHECK-NEXT:        loop.for %[[L2:.+]] = %{{.+}} to %[[C64]]
// CHECK-NEXT:          %[[J2:.+]] = loop.arith add %[[START]], %[[L2]] : index
// CHECK-NEXT:          %[[ACC:.+]] = loop.load %arg1[%[[J2]]] : memref<512xf32>
// CHECK-NEXT:          %[[X:.+]] = loop.load %arg0[%[[I]], %[[J2]]] : memref<6x512xf32>
// CHECK-NEXT:          %[[S:.+]] = loop.arith add %[[ACC]], %[[X]] : f32
// CHECK-NEXT:          loop.store %[[S]], %arg1[%[[J2]]] : memref<512xf32>

func.func @column_sum_in_input_order(%a: tensor<6x512xf32>) -> tensor<512xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%a init: %zero) dimensions = [0] : (tensor<6x512xf32>, tensor<f32>) -> tensor<512xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.add %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<512xf32>
}

// -----

// JAX's argmax reducer over an iota along the reduced dimension: two passes in lanes
// (reduce_arg.rs). The first finds the maximum (NaN-propagating, as a float maximum's
// lanes do); the second the first index whose element equals it or is a NaN, as a
// minimum over matching indices; the reducer then meets the init value once.
// CHECK-LABEL: func.func @argmax_in_two_passes
// CHECK-DAG:     %[[NEG_INF:.+]] = loop.constant 0xFF800000 : f32
// CHECK-DAG:     %[[NONE:.+]] = loop.constant 2147483647 : i32
// CHECK:         loop.parallel (%[[ROW:[a-z0-9]+]]) =
// CHECK:           %[[LANES:.+]]:8 = loop.for %{{.+}} iter_args(%[[M0:[a-z0-9]+]] = %[[NEG_INF]], {{.+}}) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK:             %[[X:.+]] = loop.load %arg0[%[[ROW]], %{{.+}}] : memref<2x20xf32>
// CHECK-NEXT:        %[[GT:.+]] = loop.compare GT, %[[X]], %[[M0]] : f32
// CHECK:           %[[FIRSTS:.+]]:8 = loop.for %{{.+}} iter_args(%[[F0:[a-z0-9]+]] = %[[NONE]], {{.+}}) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
// CHECK:             %[[HIT:.+]] = loop.arith or
// CHECK-NEXT:        %[[MIN:.+]] = loop.arith minimum %[[F0]], %{{.+}} : i32
// CHECK-NEXT:        loop.select %[[HIT]], %[[MIN]], %[[F0]] : i32
// CHECK:           %[[FIRST:.+]] = loop.arith minimum %{{.+}}, %[[FIRSTS]]#7 : i32
// CHECK:           %[[KEEP:.+]] = loop.compare LT, %{{.+}}, %[[FIRST]], SIGNED : i32
// CHECK:           %[[INDEX:.+]] = loop.select %{{.+}}, %{{.+}}, %[[FIRST]] : i32
// CHECK-NEXT:      loop.store %[[INDEX]], %arg1[%[[ROW]]] : memref<2xi32>

func.func @argmax_in_two_passes(%v: tensor<2x20xf32>) -> tensor<2xi32> {
  %i = hlo.iota dim = 1 : tensor<2x20xi32>
  %vi = hlo.constant dense<0xFF800000> : tensor<f32>
  %ii = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%v, %i init: %vi, %ii) dimensions = [1] : (tensor<2x20xf32>, tensor<2x20xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %1 = hlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = hlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = hlo.or %1, %2 : tensor<i1>
    %4 = hlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = hlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = hlo.and %4, %5 : tensor<i1>
    %7 = hlo.or %3, %6 : tensor<i1>
    %8 = hlo.select %3, %a, %b : tensor<i1>, tensor<f32>
    %9 = hlo.select %7, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %8, %9 : tensor<f32>, tensor<i32>
  }
  return %0#1 : tensor<2xi32>
}

// -----

// Ties kept by the larger index (`GT` on indices) are not JAX's argmax: the sequential
// fold, one chain of selects.
// CHECK-LABEL: func.func @arg_reducer_of_another_tie_break
// CHECK-NOT:     loop.arith minimum
// CHECK:         loop.for %{{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) -> (f32, i32) {
// CHECK-NOT:     loop.arith minimum

func.func @arg_reducer_of_another_tie_break(%v: tensor<2x20xf32>) -> tensor<2xi32> {
  %i = hlo.iota dim = 1 : tensor<2x20xi32>
  %vi = hlo.constant dense<0xFF800000> : tensor<f32>
  %ii = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%v, %i init: %vi, %ii) dimensions = [1] : (tensor<2x20xf32>, tensor<2x20xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %1 = hlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = hlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = hlo.or %1, %2 : tensor<i1>
    %4 = hlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = hlo.compare GT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = hlo.and %4, %5 : tensor<i1>
    %7 = hlo.or %3, %6 : tensor<i1>
    %8 = hlo.select %3, %a, %b : tensor<i1>, tensor<f32>
    %9 = hlo.select %7, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %8, %9 : tensor<f32>, tensor<i32>
  }
  return %0#1 : tensor<2xi32>
}
