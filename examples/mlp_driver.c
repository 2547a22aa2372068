/* The C driver of `make demo`: runs the MLP that xla-aotc compiled (examples/mlp.stablehlo.mlir,
 * exported from JAX) through the AOT entry ABI declared in the generated mlp.h.
 *
 * It fills the inputs with a fixed pseudo-random sequence (or reads them from raw little-endian
 * f32 files given on the command line, one per argument), calls the entry once and prints the
 * first rows of the result, then calls it repeatedly and prints the median time per call. A
 * non-zero status is printed with the runtime's message and ends the program with status 1. */

#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mlp.h"

/* How many timed calls the median is taken over. */
#define TIMED_CALLS 201

static const size_t ARG_BYTES[mlp_NUM_ARGS] = {mlp_ARG0_BYTES, mlp_ARG1_BYTES, mlp_ARG2_BYTES, mlp_ARG3_BYTES,
                                               mlp_ARG4_BYTES};

/* A small linear congruential generator: the same inputs on every run and machine. */
static float next_value(uint32_t *state) {
    *state = *state * 1664525u + 1013904223u;
    return (float)((*state >> 8) & 0xFFFF) / 65536.0f - 0.5f;
}

/* Reads `bytes` bytes of `path` into `buffer`; 0 on success. */
static int read_file(const char *path, void *buffer, size_t bytes) {
    FILE *file = fopen(path, "rb");
    if (!file) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    size_t got = fread(buffer, 1, bytes, file);
    fclose(file);
    if (got != bytes) {
        fprintf(stderr, "%s has %zu bytes, the argument needs %zu\n", path, got, bytes);
        return 1;
    }
    return 0;
}

static double seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    void *args[mlp_NUM_ARGS];
    uint32_t state = 42;
    for (int i = 0; i < mlp_NUM_ARGS; i++) {
        args[i] = aligned_alloc(mlp_ALIGN, (ARG_BYTES[i] + mlp_ALIGN - 1) / mlp_ALIGN * mlp_ALIGN);
        if (!args[i]) return 1;
        if (argc > 1 + i) {
            if (read_file(argv[1 + i], args[i], ARG_BYTES[i])) return 1;
        } else {
            float *values = args[i];
            for (size_t k = 0; k < ARG_BYTES[i] / sizeof(float); k++) values[k] = next_value(&state);
        }
    }
    float *result = aligned_alloc(mlp_ALIGN, (mlp_RESULT0_BYTES + mlp_ALIGN - 1) / mlp_ALIGN * mlp_ALIGN);
    if (!result) return 1;
    void *results[mlp_NUM_RESULTS] = {result};
    /* The entry's scratch memory (its temporaries), made once: no call allocates. */
    void *temp = mlp_TEMP_BYTES > 0 ? aligned_alloc(mlp_ALIGN, mlp_TEMP_BYTES) : NULL;
    if (mlp_TEMP_BYTES > 0 && !temp) return 1;

    int32_t status = mlp(args, results, temp, NULL);
    if (status != 0) {
        fprintf(stderr, "mlp failed with status %d: %s\n", status, xla_rt_last_error());
        return 1;
    }
    /* The result is f32[16,10], row-major: print the first rows. */
    for (int row = 0; row < 3; row++) {
        printf("logits[%d] =", row);
        for (int col = 0; col < 10; col++) printf(" %8.4f", result[row * 10 + col]);
        printf("\n");
    }

    double times[TIMED_CALLS];
    for (int i = 0; i < TIMED_CALLS; i++) {
        double start = seconds_now();
        status = mlp(args, results, temp, NULL);
        times[i] = seconds_now() - start;
        if (status != 0) {
            fprintf(stderr, "mlp failed with status %d: %s\n", status, xla_rt_last_error());
            return 1;
        }
    }
    qsort(times, TIMED_CALLS, sizeof(double), compare_doubles);
    printf("median time per call: %.1f us over %d calls\n", times[TIMED_CALLS / 2] * 1e6, TIMED_CALLS);
    for (int i = 0; i < mlp_NUM_ARGS; i++) free(args[i]);
    free(result);
    free(temp);
    return 0;
}
