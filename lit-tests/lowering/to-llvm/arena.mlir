// RUN: xla-opt %s --fusion --lower-to-loops --buffer-assignment --lower-to-llvm | FileCheck %s
// RUN: xla-opt %s --fusion --lower-to-loops --buffer-assignment --lower-to-llvm --emit=llvm-ir --llvm-opt-level=0 | FileCheck %s --check-prefix=IR
// RUN: xla-opt %s --fusion --lower-to-loops --lower-to-llvm | FileCheck %s --check-prefix=MALLOC

// A softmax after buffer-assignment: its three temporaries (the rows' maxima, the
// exponentials, the rows' sums in the maxima's bytes) are getelementptrs off the arena,
// the function's last pointer, marked noalias as the entry's argument and result are;
// nothing in @main calls malloc. Their loads
// and stores carry alias scopes: each arena range's own, and as noalias the disjoint
// ranges', so LLVM tells the buffers apart as it tells mallocs apart. The entry passes
// temp as the arena, or allocates one (aligned_alloc of TEMP_BYTES, 320) when temp is NULL
// and frees it. Without buffer-assignment the temporaries are malloc'ed.

// CHECK-LABEL: llvm.func @main
// CHECK-SAME:    (%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[ARENA:[^:]+]]: !llvm.ptr, %{{[^:]+}}: !llvm.ptr) -> i32
// CHECK-SAME:    noalias_params = [0, 1, 2]
// CHECK-NOT:     @malloc
// CHECK:         llvm.getelementptr inbounds %[[ARENA]][%{{.+}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:         llvm.store %{{.+}}, %{{.+}} {alias_domain = "main", alias_scopes = ["main.arena[256,272)"], noalias_scopes = ["main.arena[0,256)"]} : f32, !llvm.ptr
// CHECK-NOT:     @malloc
// CHECK-LABEL: llvm.func @xla_main
// CHECK-SAME:    (%{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr, %[[TEMP:[^:]+]]: !llvm.ptr, %{{[^:]+}}: !llvm.ptr) -> i32
// CHECK:         llvm.call @aligned_alloc(%{{.+}}, %{{.+}}) : (i64, i64) -> !llvm.ptr
// CHECK:         llvm.call @main(
// CHECK:         llvm.call @free(

// IR:      define internal i32 @main(ptr noalias %0, ptr noalias %1, ptr noalias %2, ptr %3)
// IR:        store float %{{.+}}, ptr %{{.+}}, align 4, !alias.scope ![[MAX:[0-9]+]], !noalias ![[EXP:[0-9]+]]
// IR:        store float %{{.+}}, ptr %{{.+}}, align 4, !alias.scope ![[EXP]], !noalias ![[MAX]]
// IR:      define i32 @xla_main(
// IR:        call ptr @aligned_alloc(i64 64, i64 320)
// IR:      ![[MAX]] = !{![[MAXSCOPE:[0-9]+]]}
// IR:      ![[MAXSCOPE]] = !{!"main.arena[256,272)", ![[DOMAIN:[0-9]+]]}
// IR:      ![[DOMAIN]] = !{!"main"}

// MALLOC-LABEL: llvm.func @main
// MALLOC:         llvm.call @malloc(

func.func @main(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce(%x init: %ninf) dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.maximum %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %d = hlo.subtract %x, %mb : tensor<4x16xf32>
  %e = hlo.exponential %d : tensor<4x16xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce(%e init: %zero) dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.add %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x16xf32>
  %p = hlo.divide %e, %sb : tensor<4x16xf32>
  func.return %p : tensor<4x16xf32>
}
