// REQUIRES: mlir
// RUN: xla-opt %s --emit=mlir-upstream | FileCheck %s
// RUN: xla-opt %s --emit=mlir-upstream | mlir-opt --verify-each | FileCheck %s --check-prefix=MLIR
// RUN: xla-opt %s --emit=mlir-upstream --mlir-print-op-generic | mlir-opt --verify-each | FileCheck %s --check-prefix=MLIR

// Complex numbers in MLIR's complex dialect (docs/mlir.md): the part-wise ops are complex
// ops; a product is XLA's contracted one in the part format; the others take the parts
// apart, compute our formulas on f64 parts and build the result with complex.create. Integer power is a loop; what follows a runtime call runs
// only while the status is 0; an empty buffer of rank 2 gets explicit strides.

// CHECK-LABEL: func.func @complex_ops(
// CHECK-SAME:    %[[A:.+]]: memref<4xcomplex<f32>>, %[[B:.+]]: memref<4xcomplex<f32>>, %[[OUT:.+]]: memref<4xcomplex<f32>>, %[[RE:.+]]: memref<4xf32>, %{{.+}}: !llvm.ptr) -> i32
// CHECK:         %[[X:.+]] = memref.load %[[A]][%{{.+}}] : memref<4xcomplex<f32>>
// CHECK:         %[[Y:.+]] = memref.load %[[B]][%{{.+}}] : memref<4xcomplex<f32>>
// CHECK:         %[[SUM:.+]] = complex.add %[[X]], %[[Y]] : complex<f32>
// CHECK:         %[[XR:.+]] = complex.re %[[SUM]] : complex<f32>
// CHECK:         %[[XI:.+]] = complex.im %[[SUM]] : complex<f32>
// CHECK:         %[[YR:.+]] = complex.re %[[Y]] : complex<f32>
// CHECK:         %[[YI:.+]] = complex.im %[[Y]] : complex<f32>
// CHECK:         %[[BD:.+]] = arith.mulf %[[XI]], %[[YI]] : f32
// CHECK:         %[[NBD:.+]] = arith.negf %[[BD]] : f32
// CHECK:         %[[AD:.+]] = arith.mulf %[[XR]], %[[YI]] : f32
// CHECK:         %[[PR:.+]] = math.fma %[[XR]], %[[YR]], %[[NBD]] : f32
// CHECK:         %[[PI:.+]] = math.fma %[[XI]], %[[YR]], %[[AD]] : f32
// CHECK:         %[[P:.+]] = complex.create %[[PR]], %[[PI]] : complex<f32>
// CHECK:         %[[N:.+]] = complex.neg %[[P]] : complex<f32>
// CHECK:         %[[EQ:.+]] = complex.eq %[[N]], %[[X]] : complex<f32>
// CHECK:         %[[S:.+]] = arith.select %[[EQ]], %[[X]], %[[N]] : complex<f32>
// CHECK:         memref.store %[[S]], %[[OUT]][%{{.+}}] : memref<4xcomplex<f32>>
// CHECK:         %[[R:.+]] = complex.re %[[S]] : complex<f32>
// CHECK:         memref.store %[[R]], %[[RE]][%{{.+}}] : memref<4xf32>
// MLIR-LABEL: func.func @complex_ops
// MLIR:         complex.add
// MLIR:         complex.create
func.func @complex_ops(%a: memref<4xcomplex<f32>>, %b: memref<4xcomplex<f32>>, %out: memref<4xcomplex<f32>>, %re: memref<4xf32>) attributes {loop.num_results = 2} {
  %c0 = loop.constant 0 : index
  %c4 = loop.constant 4 : index
  loop.parallel (%i) = (%c0) to (%c4) {
    %x = loop.load %a[%i] : memref<4xcomplex<f32>>
    %y = loop.load %b[%i] : memref<4xcomplex<f32>>
    %sum = loop.arith add %x, %y : complex<f32>
    %p = loop.arith multiply %sum, %y : complex<f32>
    %n = loop.math negate %p : complex<f32>
    %eq = loop.compare EQ, %n, %x : complex<f32>
    %s = loop.select %eq, %x, %n : complex<f32>
    loop.store %s, %out[%i] : memref<4xcomplex<f32>>
    %r = loop.real %s : complex<f32> -> f32
    loop.store %r, %re[%i] : memref<4xf32>
    loop.yield
  }
  func.return
}

// |z| is hypot of the f64 parts (shown as complex.abs of a complex<f64>: math has no
// hypot; MLIR's lowering calls libm's); log is (log |z|, atan2(im, re)).
// CHECK-LABEL: func.func @complex_math(
// CHECK:         %[[Z:.+]] = memref.load
// CHECK:         %[[ZR:.+]] = complex.re %[[Z]] : complex<f64>
// CHECK:         %[[ZI:.+]] = complex.im %[[Z]] : complex<f64>
// CHECK:         %[[W:.+]] = complex.create %[[ZR]], %[[ZI]] : complex<f64>
// CHECK:         %[[ABS:.+]] = complex.abs %[[W]] : complex<f64>
// CHECK:         %[[ARG:.+]] = math.atan2 %[[ZI]], %[[ZR]] : f64
// CHECK:         %[[LOG:.+]] = math.log %[[ABS]] : f64
// CHECK:         complex.create %[[LOG]], %[[ARG]] : complex<f64>
// CHECK:         complex.abs
// MLIR-LABEL: func.func @complex_math
func.func @complex_math(%a: memref<complex<f64>>, %b: memref<complex<f64>>, %m: memref<f64>) attributes {loop.num_results = 2} {
  %z = loop.load %a[] : memref<complex<f64>>
  %l = loop.math log %z : complex<f64>
  loop.store %l, %b[] : memref<complex<f64>>
  %n = loop.complex_abs %z : complex<f64> -> f64
  loop.store %n, %m[] : memref<f64>
  func.return
}

// Integer power: repeated squaring in an scf.while; a negative exponent gives 0 but for
// bases 1 and -1.
// CHECK-LABEL: func.func @int_power(
// CHECK:         %[[W:.+]]:3 = scf.while (%[[R:.+]] = %{{.+}}, %[[SQ:.+]] = %{{.+}}, %[[E:.+]] = %{{.+}}) : (i32, i32, i32) -> (i32, i32, i32)
// CHECK:           %[[MORE:.+]] = arith.cmpi ne, %[[E]], %{{.+}} : i32
// CHECK:           scf.condition(%[[MORE]]) %[[R]], %[[SQ]], %[[E]] : i32, i32, i32
// CHECK:         } do {
// CHECK:           arith.muli
// CHECK:           arith.shrui
// CHECK:           scf.yield
// CHECK:         arith.select %{{.+}}, %{{.+}}, %[[W]]#0 : i32
// MLIR-LABEL: func.func @int_power
func.func @int_power(%a: memref<i32>, %b: memref<i32>, %c: memref<i32>) attributes {loop.num_results = 1} {
  %x = loop.load %a[] : memref<i32>
  %y = loop.load %b[] : memref<i32>
  %p = loop.arith power %x, %y : i32
  loop.store %p, %c[] : memref<i32>
  func.return
}

// The ops after a runtime call run only while the status is 0.
// CHECK-LABEL: func.func @stops_on_failure(
// CHECK-SAME:    %[[A:.+]]: memref<4x8xf32>, %[[B:.+]]: memref<8x2xf32>, %[[C:.+]]: memref<4x2xf32>, %[[D:.+]]: memref<f32>, %[[OPTS:.+]]: !llvm.ptr) -> i32
// CHECK:         %[[SLOT:.+]] = memref.alloca() : memref<i32>
// CHECK:         %{{.+}} = call @xla_rt_matmul_f32(%{{.+}}, %[[OPTS]]) :
// CHECK:         memref.store %{{.+}}, %[[SLOT]][] : memref<i32>
// CHECK-NEXT:    %[[STATUS:.+]] = memref.load %[[SLOT]][] : memref<i32>
// CHECK:         %[[OK:.+]] = arith.cmpi eq, %[[STATUS]], %{{.+}} : i32
// CHECK-NEXT:    scf.if %[[OK]] {
// CHECK:           memref.load %[[C]]
// CHECK:           memref.store %{{.+}}, %[[D]][]
// CHECK:         }
// CHECK:         %[[RESULT:.+]] = memref.load %[[SLOT]][] : memref<i32>
// CHECK:         return %[[RESULT]] : i32
// MLIR-LABEL: func.func @stops_on_failure
func.func @stops_on_failure(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>, %d: memref<f32>) attributes {loop.num_results = 2} {
  %m = loop.constant 4 : index
  %n = loop.constant 2 : index
  %k = loop.constant 8 : index
  %c0 = loop.constant 0 : index
  loop.call_runtime @xla_rt_matmul_f32(%a, %b, %c, %m, %n, %k) : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>, index, index, index) -> ()
  %x = loop.load %c[%c0, %c0] : memref<4x2xf32>
  loop.store %x, %d[] : memref<f32>
  func.return
}

// An empty buffer of rank 2 has explicit strides (MLIR's bare-pointer convention and
// memref.alloc lowering refuse the identity layout there); a rank-1 one stays as it is.
// CHECK-LABEL: func.func @empty(
// CHECK-SAME:    %{{.+}}: memref<3x0xf32, strided<[0, 1]>>, %{{.+}}: memref<0xf32>, %{{.+}}: !llvm.ptr) -> i32
// CHECK:         %[[FLAT:.+]] = memref.alloc() : memref<1xf32>
// CHECK:         memref.reinterpret_cast %[[FLAT]] to offset: [0], sizes: [3, 0], strides: [0, 1]
// CHECK:         memref.dealloc %[[FLAT]] : memref<1xf32>
// MLIR-LABEL: func.func @empty
func.func @empty(%a: memref<3x0xf32>, %b: memref<0xf32>) attributes {loop.num_results = 1} {
  %t = loop.alloc : memref<3x0xf32>
  func.return
}
