// RUN: xla-opt %s --dump-graph=%t.dot -o /dev/null && FileCheck %s < %t.dot
// RUN: xla-opt %s --fusion=dump-graph=%t.2.dot -o /dev/null && FileCheck %s < %t.2.dot

// `--dump-graph=FILE.dot` runs fusion and writes the fused dataflow graph: a cluster per
// function, a node per fusion (its kind and ops) or unfused op, an edge per data flow.

// CHECK:      digraph fused {
// CHECK:        subgraph cluster_0 {
// CHECK-NEXT:     label="@softmax";
// CHECK-DAG:      f0_n[[MAX:[0-9]+]] [label="reduce"];
// CHECK-DAG:      f0_n[[EXP:[0-9]+]] [label="fusion kind=loop\nbroadcast_in_dim, subtract, exponential"
// CHECK-DAG:      f0_n[[SUM:[0-9]+]] [label="reduce"];
// CHECK-DAG:      f0_n[[DIV:[0-9]+]] [label="fusion kind=loop\nbroadcast_in_dim, divide"
// CHECK-DAG:      f0_n[[RET:[0-9]+]] [label="func.return"];
// CHECK-DAG:      f0_n[[MAX]] -> f0_n[[EXP]];
// CHECK-DAG:      f0_n[[EXP]] -> f0_n[[SUM]];
// CHECK-DAG:      f0_n[[EXP]] -> f0_n[[DIV]];
// CHECK-DAG:      f0_n[[SUM]] -> f0_n[[DIV]];
// CHECK-DAG:      f0_n[[DIV]] -> f0_n[[RET]];
// CHECK:        }
// CHECK-NEXT:   subgraph cluster_1 {
// CHECK-NEXT:     label="@moments";
// CHECK-NEXT:     f1_n0 [label="fusion kind=input (2 outputs)\nconstant, reduce, multiply, reduce"
// CHECK-NEXT:     f1_n1 [label="func.return"];
// CHECK-NEXT:     f1_n0 -> f1_n1;
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %bmax = hlo.broadcast_in_dim %max, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %d = hlo.subtract %x, %bmax : tensor<4x8xf32>
  %e = hlo.exponential %d : tensor<4x8xf32>
  %sum = hlo.reduce(%e init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %bsum = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %r = hlo.divide %e, %bsum : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

func.func @moments(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%x init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %sq = hlo.multiply %x, %x : tensor<4x8xf32>
  %sumsq = hlo.reduce(%sq init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %sum, %sumsq : tensor<4xf32>, tensor<4xf32>
}
