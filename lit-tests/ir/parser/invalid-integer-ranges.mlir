// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Signed integers take only the signed range; signless ones also take the unsigned range,
// as in MLIR.

// expected-error @+1 {{integer value 128 does not fit in 8 bits}}
"test.a"() {x = dense<[128]> : tensor<1xsi8>} : () -> ()

// -----

// expected-error @+1 {{integer value 128 does not fit in 8 bits}}
"test.a"() {x = 128 : si8} : () -> ()

// -----

// expected-error @+1 {{integer value -1 does not fit in 8 bits}}
"test.a"() {x = dense<-1> : tensor<ui8>} : () -> ()

// -----

// A signless i8 takes 255 (read back as -1).
"test.a"() {x = dense<255> : tensor<i8>, y = 255 : i8} : () -> ()
