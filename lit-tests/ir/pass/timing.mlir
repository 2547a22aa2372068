// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),dce)' --timing -o %t 2>&1 | FileCheck %s --strict-whitespace
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),dce)' --timing --verify-each=false -o %t 2>&1 | FileCheck %s --strict-whitespace --check-prefix=NOVERIFY
// RUN: xla-opt %s --cse --mlir-timing -o %t 2>&1 | FileCheck %s --strict-whitespace --check-prefix=FLAGS
// RUN: xla-opt %s --timing -o %t 2>&1 | FileCheck %s --strict-whitespace --check-prefix=EMPTY
// RUN: xla-opt %s --cse -o %t 2>&1 | FileCheck %s --allow-empty --check-prefix=NOTIMING

// --timing writes mlir-opt's execution time report to stderr: a banner, the total, then
// one row per pass in pipeline order (a nested pipeline's passes indented under it, the
// verifier run after each pass as its own row), and the total last. Times vary; the shape
// does not.

// CHECK:      {{^}}===-------------------------------------------------------------------------==={{$}}
// CHECK-NEXT: {{^}}                         ... Execution time report ...{{$}}
// CHECK-NEXT: {{^}}===-------------------------------------------------------------------------==={{$}}
// CHECK-NEXT: {{^}}  Total Execution Time: [[SECONDS:[0-9]+\.[0-9]{4}]] seconds{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}  ----Wall Time----  ----Name----{{$}}
// CHECK-NEXT: {{^    [0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)  }}'func.func' Pipeline{{$}}
// CHECK-NEXT: {{^    [0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)    }}CSE{{$}}
// CHECK-NEXT: {{^    [0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)    }}Canonicalizer{{$}}
// CHECK-NEXT: {{^    [0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)    }}Verifier{{$}}
// CHECK-NEXT: {{^    [0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)  }}DCE{{$}}
// CHECK-NEXT: {{^    [0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)  }}Verifier{{$}}
// CHECK-NEXT: {{^    }}[[SECONDS]] (100.0%)  Total{{$}}

// --verify-each=false runs no verifier between passes, so the report has no Verifier row.

// NOVERIFY:      Total Execution Time:
// NOVERIFY:      'func.func' Pipeline
// NOVERIFY-NEXT:   CSE
// NOVERIFY-NEXT:   Canonicalizer
// NOVERIFY-NEXT: DCE
// NOVERIFY-NEXT: (100.0%)  Total
// NOVERIFY-NOT:  Verifier

// Per-pass flags, and the --mlir-timing spelling.

// FLAGS:      ----Wall Time----  ----Name----
// FLAGS-NEXT: {{^    [0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)  }}CSE{{$}}
// FLAGS-NEXT: {{^    [0-9]+\.[0-9]{4} \( *[0-9]+\.[0-9]%\)  }}Verifier{{$}}
// FLAGS-NEXT: (100.0%)  Total

// No passes: the report has the total only.

// EMPTY:      ----Wall Time----  ----Name----
// EMPTY-NEXT: {{^    [0-9]+\.[0-9]{4} }}(100.0%)  Total{{$}}

// NOTIMING-NOT: Execution time report

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = hlo.add %a, %a : tensor<f32>
  %1 = hlo.add %a, %a : tensor<f32>
  %2 = hlo.multiply %0, %1 : tensor<f32>
  func.return %2 : tensor<f32>
}
