// Errors in --pass-pipeline are reported against the pipeline text, as the source
// `<pipeline>`, with the line and a caret under the offending token; nothing is printed
// and xla-opt fails.

// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(cse' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=UNCLOSED
// UNCLOSED:      <pipeline>:1:29: error: expected ')' to close 'func.func('
// UNCLOSED-NEXT: {{^}}builtin.module(func.func(cse{{$}}
// UNCLOSED-NEXT: {{^ {28}\^$}}
// UNCLOSED-NEXT: <pipeline>:1:25: note: the '(' opened here
// UNCLOSED-NEXT: {{^}}builtin.module(func.func(cse{{$}}
// UNCLOSED-NEXT: {{^ {24}\^$}}
// UNCLOSED-NOT:  {{^}}module {

// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(cse)))' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=EXTRA
// EXTRA:      <pipeline>:1:31: error: unbalanced ')': no '(' is open here
// EXTRA-NEXT: {{^}}builtin.module(func.func(cse))){{$}}
// EXTRA-NEXT: {{^ {30}\^$}}

// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(cse) dce)' 2>&1 | FileCheck %s --check-prefix=SEPARATOR
// SEPARATOR: <pipeline>:1:31: error: expected ',' or ')', found 'd'

// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(cse),' 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: <pipeline>:1:31: error: expected a pass or operation name, found the end of the pipeline

// Errors in passes (unknown names, bad options) are all reported, each with its caret.

// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(nosuchpass),dce{x=1})' 2>&1 | FileCheck %s --strict-whitespace --check-prefix=PASSES
// PASSES:      <pipeline>:1:26: error: unknown pass 'nosuchpass'
// PASSES-NEXT: {{^}}builtin.module(func.func(nosuchpass),dce{x=1}){{$}}
// PASSES-NEXT: {{^ {25}\^$}}
// PASSES-NEXT: <pipeline>:1:42: error: pass 'dce' has no options, found 'x'
// PASSES-NEXT: {{^}}builtin.module(func.func(nosuchpass),dce{x=1}){{$}}
// PASSES-NEXT: {{^ {41}\^$}}

// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=3 bogus=1}))' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: <pipeline>:1:56: error: unknown option 'bogus' for pass 'canonicalize' (options: max-iterations,

// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=-1}))' 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: <pipeline>:1:54: error: option 'max-iterations' of pass 'canonicalize': invalid value '-1': expected an unsigned integer

// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations}))' 2>&1 | FileCheck %s --check-prefix=NOVALUE
// NOVALUE: <pipeline>:1:39: error: option 'max-iterations' of pass 'canonicalize' needs a value: <uint>

// RUN: not xla-opt %s --pass-pipeline='builtin.module(cse{)' 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE:      <pipeline>:1:21: error: expected '}' to close the options of 'cse'
// BRACE:      <pipeline>:1:19: note: the '{' opened here

// A nested pipeline needs an operation name; a pass name before `(` gets a hint.

// RUN: not xla-opt %s --pass-pipeline='builtin.module(cse(x))' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: <pipeline>:1:16: error: expected an operation name with a dialect prefix (as in func.func) before '(', found 'cse'; 'cse' is a pass, whose options go in braces: cse{...}

// Per-pass flags are a pipeline too: their errors point into the pipeline they make.

// RUN: not xla-opt %s --canonicalize=max-iterations=x 2>&1 | FileCheck %s --strict-whitespace --check-prefix=FLAG
// FLAG:      <pipeline>:1:29: error: option 'max-iterations' of pass 'canonicalize': invalid value 'x': expected an unsigned integer
// FLAG-NEXT: {{^}}canonicalize{max-iterations=x}{{$}}
// FLAG-NEXT: {{^ {28}\^$}}

// The pipeline is checked once, before any input is processed: with several chunks its
// errors are reported once, and --verify-diagnostics does not take them for the input's.

// RUN: not xla-opt %s --split-input-file --pass-pipeline='builtin.module(bogus)' 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: not xla-opt %s --split-input-file --verify-diagnostics --cse=x 2>&1 | FileCheck %s --check-prefix=ONCE-FLAG
// ONCE:          <pipeline>:1:16: error: unknown pass 'bogus'
// ONCE-NOT:      error:
// ONCE-NOT:      {{^}}module {
// ONCE-FLAG:     <pipeline>:1:5: error: pass 'cse' has no options, found 'x'
// ONCE-FLAG-NOT: error:
// ONCE-FLAG-NOT: {{^}}module {

// The input itself is fine.

func.func @f() {
  func.return
}

// -----

func.func @g() {
  func.return
}
