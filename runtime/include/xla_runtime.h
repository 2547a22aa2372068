/*
 * xla_runtime.h: the C ABI of libxla_runtime, the runtime that code compiled by the
 * XLA-style compiler links against (libxla_runtime.a).
 *
 * Conventions, for every function below:
 * - A function returning int32_t returns XLA_RT_OK (0) on success and otherwise one of
 *   the XLA_RT_* status codes; xla_rt_last_error() then gives a message naming the
 *   function. No function unwinds, aborts or exits into its caller: invalid arguments
 *   (NULL pointers, negative sizes, overlapping buffers, out-of-range enumerators) are
 *   XLA_RT_INVALID_ARGUMENT, never undefined behaviour.
 * - Sizes, counts and strides are int64_t; strides count elements, not bytes.
 * - A pointer may be NULL exactly when the buffer it names has no elements.
 * - opts may be NULL for the defaults (all cores, replica 0 of 1); a zero-initialized
 *   XlaRunOptions is the same defaults.
 * - Callbacks (parallel_for bodies, sort comparators, custom call targets) may be
 *   called from the runtime's worker threads.
 *
 * This header is kept in sync with the Rust sources by runtime/tests/header.rs.
 */
#ifndef XLA_RUNTIME_H_
#define XLA_RUNTIME_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Status (status.rs) ------------------------------------------------------------ */

/* Status codes; the values are stable. */
enum {
  XLA_RT_OK = 0,
  XLA_RT_INVALID_ARGUMENT = 1,
  XLA_RT_OUT_OF_MEMORY = 2,
  XLA_RT_INTERNAL = 3,
  XLA_RT_UNIMPLEMENTED = 4,
  XLA_RT_CUSTOM_CALL_FAILED = 5,
  XLA_RT_NOT_FOUND = 6,
  XLA_RT_DEADLINE_EXCEEDED = 7,
  XLA_RT_FAILED_PRECONDITION = 8,
  XLA_RT_CHECK_FAILED = 9
};

/* The message of the last failing call on this thread ("" if none). Valid until the next
 * failing call on the same thread. */
const char *xla_rt_last_error(void);

/* Called by compiled code when an allocation of `bytes` bytes fails, just before the entry
 * returns XLA_RT_OUT_OF_MEMORY: records the message xla_rt_last_error() then gives.
 * Compiled objects declare it weak, so objects link without the runtime too. */
void xla_rt_out_of_memory(int64_t bytes);

/* The name of a status code ("OK", "INVALID_ARGUMENT", ...; "UNKNOWN" otherwise). */
const char *xla_rt_status_name(int32_t code);

/* The runtime's version ("0.1.0"), a static string. */
const char *xla_rt_version(void);

/* ---- Run options (options.rs) ------------------------------------------------------ */

/* The partitions of a run: process (replica, partition) of num_replicas x num_partitions
 * has the flattened index replica * num_partitions + partition. */
typedef struct XlaPartitionOptions {
  int32_t partition_id;   /* In [0, num_partitions). */
  int32_t num_partitions; /* 0 reads as 1. */
  void *reserved;         /* Must be NULL. */
} XlaPartitionOptions;

typedef struct XlaRunOptions {
  int32_t num_threads;                   /* 0: all cores; 1: everything on the calling thread. */
  int32_t replica_id;                    /* In [0, num_replicas). */
  int32_t num_replicas;                  /* 0 reads as 1. */
  const XlaPartitionOptions *partitions; /* NULL: one partition. */
} XlaRunOptions;

/* Writes the defaults (all cores, replica 0 of 1, one partition) to *opts. */
int32_t xla_rt_default_run_options(XlaRunOptions *opts);
/* Writes opts->replica_id to *out (hlo.replica_id). */
int32_t xla_rt_replica_id(uint32_t *out, const XlaRunOptions *opts);
/* Writes opts->partitions->partition_id (0 without partitions) to *out (hlo.partition_id). */
int32_t xla_rt_partition_id(uint32_t *out, const XlaRunOptions *opts);

/* ---- Thread pool and parallel_for (thread_pool.rs, parallel_for.rs) ---------------- */

/* The number of worker threads of the runtime's pool (starting it if needed). */
int32_t xla_rt_thread_pool_size(void);

typedef void (*XlaParallelForBody)(int64_t begin, int64_t end, void *ctx);

/* Calls body(begin, end, ctx) on contiguous chunks covering [0, n) exactly once, at most
 * opts->num_threads chunks, in parallel; inline when there is one chunk. Returns after
 * every chunk finished. */
int32_t xla_rt_parallel_for(int64_t n, XlaParallelForBody body, void *ctx, const XlaRunOptions *opts);

/* ---- Matrix multiplication (gemm.rs) ----------------------------------------------- */

/* C[m,n] = alpha * A[m,k] . B[k,n] + beta * C[m,n]. Element [i,j] of a matrix X is at
 * x + i * x_row_stride + j * x_col_stride (any layout or transposition; input strides
 * may be negative or zero). C's elements must be distinct and must not overlap A or B.
 * With beta == 0, C is not read; with alpha == 0 or k == 0, A and B are not read. */
int32_t xla_rt_matmul_f32(int64_t m, int64_t n, int64_t k,
                          float alpha, const float *a, int64_t a_row_stride, int64_t a_col_stride,
                          const float *b, int64_t b_row_stride, int64_t b_col_stride,
                          float beta, float *c, int64_t c_row_stride, int64_t c_col_stride,
                          const XlaRunOptions *opts);
int32_t xla_rt_matmul_f64(int64_t m, int64_t n, int64_t k,
                          double alpha, const double *a, int64_t a_row_stride, int64_t a_col_stride,
                          const double *b, int64_t b_row_stride, int64_t b_col_stride,
                          double beta, double *c, int64_t c_row_stride, int64_t c_col_stride,
                          const XlaRunOptions *opts);
/* IEEE half precision as uint16_t bits; alpha and beta are rounded to half. */
int32_t xla_rt_matmul_f16(int64_t m, int64_t n, int64_t k,
                          float alpha, const uint16_t *a, int64_t a_row_stride, int64_t a_col_stride,
                          const uint16_t *b, int64_t b_row_stride, int64_t b_col_stride,
                          float beta, uint16_t *c, int64_t c_row_stride, int64_t c_col_stride,
                          const XlaRunOptions *opts);
/* bfloat16 or IEEE half-precision bits (uint16_t) A and B, float C: the products
 * accumulate in f32 (gemm_narrow.rs; AVX512-BF16's vdpbf16ps for bf16 where the CPU has
 * it). */
int32_t xla_rt_matmul_bf16_f32(int64_t m, int64_t n, int64_t k,
                               float alpha, const uint16_t *a, int64_t a_row_stride, int64_t a_col_stride,
                               const uint16_t *b, int64_t b_row_stride, int64_t b_col_stride,
                               float beta, float *c, int64_t c_row_stride, int64_t c_col_stride,
                               const XlaRunOptions *opts);
int32_t xla_rt_matmul_f16_f32(int64_t m, int64_t n, int64_t k,
                              float alpha, const uint16_t *a, int64_t a_row_stride, int64_t a_col_stride,
                              const uint16_t *b, int64_t b_row_stride, int64_t b_col_stride,
                              float beta, float *c, int64_t c_row_stride, int64_t c_col_stride,
                              const XlaRunOptions *opts);

/* batch independent products: matrix i of each operand starts i * x_batch_stride
 * elements after x (a batch stride of 0 shares one A or B across the batch). */
int32_t xla_rt_batch_matmul_f32(int64_t batch, int64_t m, int64_t n, int64_t k,
                                float alpha, const float *a, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                const float *b, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                float beta, float *c, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                const XlaRunOptions *opts);
int32_t xla_rt_batch_matmul_f64(int64_t batch, int64_t m, int64_t n, int64_t k,
                                double alpha, const double *a, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                const double *b, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                double beta, double *c, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                const XlaRunOptions *opts);
int32_t xla_rt_batch_matmul_f16(int64_t batch, int64_t m, int64_t n, int64_t k,
                                float alpha, const uint16_t *a, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                const uint16_t *b, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                float beta, uint16_t *c, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                const XlaRunOptions *opts);
int32_t xla_rt_batch_matmul_bf16_f32(int64_t batch, int64_t m, int64_t n, int64_t k,
                                     float alpha, const uint16_t *a, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                     const uint16_t *b, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                     float beta, float *c, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                     const XlaRunOptions *opts);
int32_t xla_rt_batch_matmul_f16_f32(int64_t batch, int64_t m, int64_t n, int64_t k,
                                    float alpha, const uint16_t *a, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                    const uint16_t *b, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                    float beta, float *c, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                    const XlaRunOptions *opts);

/* outer * batch products over two batch dimensions: matrix (o, i) of each operand starts
 * o * x_outer_stride + i * x_batch_stride elements after x (for batches whose dimensions
 * do not nest into one stride, such as attention's batch and head). */
int32_t xla_rt_batch2_matmul_f32(int64_t outer, int64_t batch, int64_t m, int64_t n, int64_t k,
                                 float alpha, const float *a, int64_t a_outer_stride, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                 const float *b, int64_t b_outer_stride, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                 float beta, float *c, int64_t c_outer_stride, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                 const XlaRunOptions *opts);
int32_t xla_rt_batch2_matmul_f64(int64_t outer, int64_t batch, int64_t m, int64_t n, int64_t k,
                                 double alpha, const double *a, int64_t a_outer_stride, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                 const double *b, int64_t b_outer_stride, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                 double beta, double *c, int64_t c_outer_stride, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                 const XlaRunOptions *opts);
int32_t xla_rt_batch2_matmul_bf16_f32(int64_t outer, int64_t batch, int64_t m, int64_t n, int64_t k,
                                      float alpha, const uint16_t *a, int64_t a_outer_stride, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                      const uint16_t *b, int64_t b_outer_stride, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                      float beta, float *c, int64_t c_outer_stride, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                      const XlaRunOptions *opts);
int32_t xla_rt_batch2_matmul_f16_f32(int64_t outer, int64_t batch, int64_t m, int64_t n, int64_t k,
                                     float alpha, const uint16_t *a, int64_t a_outer_stride, int64_t a_batch_stride, int64_t a_row_stride, int64_t a_col_stride,
                                     const uint16_t *b, int64_t b_outer_stride, int64_t b_batch_stride, int64_t b_row_stride, int64_t b_col_stride,
                                     float beta, float *c, int64_t c_outer_stride, int64_t c_batch_stride, int64_t c_row_stride, int64_t c_col_stride,
                                     const XlaRunOptions *opts);

/* ---- Convolution (conv.rs) --------------------------------------------------------- */

/* XLA's general convolution (ConvGeneralDilated): any number S of spatial dimensions,
 * window strides, padding, lhs and rhs dilation, window reversal, feature and batch
 * groups, operands in any layout. geometry holds geometry_len = 15 + 12 * S values, sizes
 * and strides in elements:
 *   [0] S, [1] feature_group_count, [2] batch_group_count;
 *   [3..7+2S)   input:  batch (size, stride), feature (size, stride), spatial (size, stride) * S;
 *   [7+2S..)    kernel: input feature (size, stride), output feature (size, stride), spatial * S;
 *   [11+4S..)   output: batch (size, stride), feature (size, stride), spatial * S;
 *   [15+6S..)   per spatial dimension: window stride, padding low, padding high,
 *               lhs dilation, rhs dilation, reversal (0 or 1).
 * The output's elements must be distinct and must not overlap the input or the kernel. */
int32_t xla_rt_conv_f32(const int64_t *geometry, int64_t geometry_len, const float *input, const float *kernel,
                        float *output, const XlaRunOptions *opts);
int32_t xla_rt_conv_f64(const int64_t *geometry, int64_t geometry_len, const double *input, const double *kernel,
                        double *output, const XlaRunOptions *opts);

/* ---- FFT (fft.rs) ------------------------------------------------------------------ */

/* XLA's FftType values. */
enum { XLA_RT_FFT = 0, XLA_RT_IFFT = 1, XLA_RT_RFFT = 2, XLA_RT_IRFFT = 3 };

/* XLA's Fft over the trailing fft_rank dimensions of the input's row-major shape dims.
 * Complex buffers hold {re, im} pairs; RFFT's input and IRFFT's output are real. The
 * output may be the input for FFT and IFFT. c64: float; c128: double. */
int32_t xla_rt_fft_c64(int32_t fft_type, const float *input, float *output, const int64_t *dims, int64_t rank,
                       const int64_t *fft_length, int64_t fft_rank, const XlaRunOptions *opts);
int32_t xla_rt_fft_c128(int32_t fft_type, const double *input, double *output, const int64_t *dims, int64_t rank,
                        const int64_t *fft_length, int64_t fft_rank, const XlaRunOptions *opts);

/* ---- Sort (sort.rs) ---------------------------------------------------------------- */

/* lhs[i] and rhs[i] point to operand i's elements at the two positions compared. */
typedef bool (*XlaSortLessFn)(const void *const *lhs, const void *const *rhs, void *ctx);

/* Sorts num_operands arrays of shape dims (row-major) in place along dimension, stably,
 * by less. operands[i] has elements of element_bytes[i] bytes. Lines may be sorted in
 * parallel: less may run on several threads at once unless opts->num_threads == 1. */
int32_t xla_rt_sort(int64_t num_operands, void *const *operands, const int64_t *element_bytes, const int64_t *dims,
                    int64_t rank, int64_t dimension, XlaSortLessFn less, void *ctx, const XlaRunOptions *opts);

/* Sorts each of lines consecutive runs of length floats in place, ascending and stably, by
 * JAX's float comparator: zeros of both signs equal, every NaN equal and after +inf, the
 * rest by value; subnormals are zero when the calling thread reads them so (DAZ). Elements
 * are moved, never rewritten (sort_total_order.rs). */
int32_t xla_rt_sort_f32_total_order(float *data, int64_t lines, int64_t length, const XlaRunOptions *opts);
int32_t xla_rt_sort_f64_total_order(double *data, int64_t lines, int64_t length, const XlaRunOptions *opts);

/* ---- Linear algebra (linalg.rs) ---------------------------------------------------- */

/* XLA's Transpose values for triangular_solve's transpose_a. */
enum { XLA_RT_NO_TRANSPOSE = 1, XLA_RT_TRANSPOSE = 2, XLA_RT_ADJOINT = 3 };

/* Cholesky factors of batch row-major n x n matrices into l (which may be a): lower
 * (a = L L^T, reading a's lower triangle) or upper (a = U^T U, reading the upper one);
 * the other triangle is zero; a matrix that is not positive definite gives NaNs. */
int32_t xla_rt_cholesky_f32(int64_t batch, int64_t n, const float *a, float *l, bool lower, const XlaRunOptions *opts);
int32_t xla_rt_cholesky_f64(int64_t batch, int64_t n, const double *a, double *l, bool lower, const XlaRunOptions *opts);

/* Solves op(a) x = b (left_side) or x op(a) = b for batch systems; a is m x m (left) or
 * n x n (right), b and x are m x n (x may be b), all row-major. */
int32_t xla_rt_triangular_solve_f32(int64_t batch, int64_t m, int64_t n, const float *a, const float *b, float *x,
                                    bool left_side, bool lower, bool unit_diagonal, int32_t transpose_a,
                                    const XlaRunOptions *opts);
int32_t xla_rt_triangular_solve_f64(int64_t batch, int64_t m, int64_t n, const double *a, const double *b, double *x,
                                    bool left_side, bool lower, bool unit_diagonal, int32_t transpose_a,
                                    const XlaRunOptions *opts);

/* ---- Random bits (rng.rs) ---------------------------------------------------------- */

/* XLA's RandomAlgorithm values; DEFAULT is PHILOX, as on XLA's CPU backend. */
enum { XLA_RT_RNG_DEFAULT = 0, XLA_RT_RNG_THREE_FRY = 1, XLA_RT_RNG_PHILOX = 2 };

/* XLA's RngBitGenerator, bit-exact: fills output (row-major shape dims, unsigned
 * elements of element_bits = 8, 16, 32 or 64) and writes the advanced state (state_len
 * = 2, or 3 for Philox) to new_state, which may be state. */
int32_t xla_rt_rng_bit_generator(int32_t algorithm, const uint64_t *state, int64_t state_len, uint64_t *new_state,
                                 const int64_t *dims, int64_t rank, int32_t element_bits, void *output,
                                 const XlaRunOptions *opts);

/* Threefry-2x32 (20 rounds) with key (key0, key1) on n counters (x0[i], x1[i]). */
int32_t xla_rt_threefry2x32(uint32_t key0, uint32_t key1, const uint32_t *x0, const uint32_t *x1, uint32_t *y0,
                            uint32_t *y1, int64_t n);

/* ---- Random distributions (rng_distributions.rs) ----------------------------------- */

/* Element type codes; buffers hold elements in their storage form (pred one byte, the
 * f8, f6 and f4 formats their code in a byte). */
enum {
  XLA_RT_PRED = 0, XLA_RT_S8 = 1, XLA_RT_S16 = 2, XLA_RT_S32 = 3, XLA_RT_S64 = 4,
  XLA_RT_U8 = 5, XLA_RT_U16 = 6, XLA_RT_U32 = 7, XLA_RT_U64 = 8,
  XLA_RT_F16 = 9, XLA_RT_BF16 = 10, XLA_RT_F32 = 11, XLA_RT_F64 = 12,
  XLA_RT_F8E5M2 = 13, XLA_RT_F8E4M3 = 14, XLA_RT_F8E4M3FN = 15, XLA_RT_F8E5M2FNUZ = 16,
  XLA_RT_F8E4M3FNUZ = 17, XLA_RT_F8E4M3B11FNUZ = 18, XLA_RT_F8E3M4 = 19, XLA_RT_F8E8M0FNU = 20,
  XLA_RT_F6E2M3FN = 21, XLA_RT_F6E3M2FN = 22, XLA_RT_F4E2M1FN = 23
};

/* hlo.rng_uniform and hlo.rng_normal: fill out (count elements) from this replica's
 * splitmix64 stream, the reference interpreter's, so the numbers are the same: uniform
 * in [*a, *b) (every element *a when b <= a), normal N(*mu, *sigma) by Box-Muller. */
int32_t xla_rt_rng_uniform(int32_t element_type, const void *a, const void *b, void *out, int64_t count,
                           const XlaRunOptions *opts);
int32_t xla_rt_rng_normal(int32_t element_type, const void *mu, const void *sigma, void *out, int64_t count,
                          const XlaRunOptions *opts);
/* Restarts every replica's stream at seed (42 by default). */
int32_t xla_rt_rng_seed(uint64_t seed);

/* ---- Custom calls of compiled code (compiled_custom_call.rs) ------------------------ */

/* Compiled code stages each argument and result buffer of an hlo.custom_call on the
 * calling thread, then calls the target named by target_len bytes of target with the
 * staged buffers and opaque_len bytes of opaque; the staging is emptied either way. */
int32_t xla_rt_custom_call_arg(const void *buffer, const XlaRunOptions *opts);
int32_t xla_rt_custom_call_result(void *buffer, const XlaRunOptions *opts);
int32_t xla_rt_custom_call_staged(const uint8_t *target, int64_t target_len, const uint8_t *opaque, int64_t opaque_len,
                                  const XlaRunOptions *opts);

/* ---- Padding (padding.rs) ---------------------------------------------------------- */

/* Writes the element_bytes bytes of value at every padding position of buffer, whose rank
 * dimensions geometry describes most minor first, each as {logical size, padded size}. */
int32_t xla_rt_fill_padding(uint8_t *buffer, int64_t element_bytes, const int64_t *geometry, int64_t rank,
                            const uint8_t *value, const XlaRunOptions *opts);

/* ---- Checks (checks.rs) ------------------------------------------------------------ */

/* Reports a failed check op of a compiled program: description (description_len UTF-8
 * bytes, "file:line:col: check.expect_eq failed"), counters = {count of differing
 * elements, row-major position of the first}, and the rank dims of the values compared.
 * Returns XLA_RT_CHECK_FAILED; xla_rt_last_error() then describes the failure. */
int32_t xla_rt_check_failed(const uint8_t *description, int64_t description_len, const int64_t *counters,
                            const int64_t *dims, int64_t rank, const XlaRunOptions *opts);

/* ---- XLA's approximations of transcendental functions (math.rs) --------------------- */

/* The functions of the xla_math crate, for code generators that call rather than inline
 * them: XLA CPU's f32 exp, log, tanh, expm1, log1p and logistic (the _f16 forms take an
 * f16 widened to f32 and round their steps to f16), its f64 expm1 and log1p, and its
 * magnitude and expm1 of complex numbers (the real and the imaginary part of expm1 from
 * two calls). */
float xla_rt_math_exp_f32(float x);
float xla_rt_math_log_f32(float x);
float xla_rt_math_tanh_f32(float x);
float xla_rt_math_expm1_f32(float x);
float xla_rt_math_expm1_f16(float x);
float xla_rt_math_log1p_f32(float x);
float xla_rt_math_log1p_f16(float x);
float xla_rt_math_logistic_f32(float x);
float xla_rt_math_logistic_f16(float x);
double xla_rt_math_expm1_f64(double x);
double xla_rt_math_log1p_f64(double x);
float xla_rt_math_complex_abs_f32(float re, float im);
double xla_rt_math_complex_abs_f64(double re, double im);
float xla_rt_math_complex_expm1_re_f32(float re, float im);
float xla_rt_math_complex_expm1_im_f32(float re, float im);
double xla_rt_math_complex_expm1_re_f64(double re, double im);
double xla_rt_math_complex_expm1_im_f64(double re, double im);

/* ---- Probes (probes.rs) ----------------------------------------------------------- */

/* Appends the data_len bytes of data to the records of probe id (id_len UTF-8 bytes) of
 * this replica (interpreter.probe): the n-th record of a probe is its n-th execution's. */
int32_t xla_rt_probe_record(const uint8_t *id, int64_t id_len, const uint8_t *data, int64_t data_len,
                            const XlaRunOptions *opts);

/* Compares the data_len bytes of data with record iter of probe id of this replica
 * (check.expect_serialized_eq). Returns 0 when equal, else XLA_RT_CHECK_FAILED, with a
 * message for xla_rt_last_error() that starts with description. */
int32_t xla_rt_probe_compare(const uint8_t *description, int64_t description_len, const uint8_t *id, int64_t id_len,
                             int64_t iter, const uint8_t *data, int64_t data_len, const XlaRunOptions *opts);

/* ---- Custom calls (custom_call.rs) ------------------------------------------------- */

typedef struct XlaCustomCallStatus XlaCustomCallStatus;
typedef void (*XlaCustomCallFn)(void *const *results, const void *const *args, const char *opaque, size_t opaque_len,
                                XlaCustomCallStatus *status);

/* Registers fn as target name (copied). Registering a name again with another function
 * is XLA_RT_INVALID_ARGUMENT. */
int32_t xla_rt_register_custom_call(const char *name, XlaCustomCallFn fn);
/* Writes the target of name to *out; XLA_RT_NOT_FOUND if there is none. */
int32_t xla_rt_lookup_custom_call(const char *name, XlaCustomCallFn *out);
/* Calls target name; XLA_RT_CUSTOM_CALL_FAILED with its message if it set a failure. */
int32_t xla_rt_custom_call(const char *name, void *const *results, const void *const *args, const char *opaque,
                           size_t opaque_len);
/* Called by a target to report failure (the message is copied). */
void xla_rt_custom_call_status_set_failure(XlaCustomCallStatus *status, const char *message, size_t message_len);

/* ---- Infeed and outfeed (infeed.rs, outfeed.rs) ------------------------------------ */

/* FIFOs of byte buffers per replica. Timeouts are in milliseconds; negative waits for
 * ever; a pop of the wrong size fails and leaves the buffer queued. */
int32_t xla_rt_infeed_enqueue(int32_t replica_id, const void *data, int64_t size);
int32_t xla_rt_infeed_dequeue(void *dest, int64_t size, int64_t timeout_ms, const XlaRunOptions *opts);
int32_t xla_rt_infeed_len(int32_t replica_id, int64_t *len);
int32_t xla_rt_outfeed_enqueue(const void *data, int64_t size, const XlaRunOptions *opts);
int32_t xla_rt_outfeed_next_size(int32_t replica_id, int64_t timeout_ms, int64_t *size);
int32_t xla_rt_outfeed_dequeue(int32_t replica_id, void *dest, int64_t size, int64_t timeout_ms);
/* Bounds program-side infeed reads with a negative timeout to limit_ms (negative: no
 * bound, the default); 0 makes an empty infeed fail at once. */
int32_t xla_rt_set_infeed_wait_limit_ms(int64_t limit_ms);

/* ---- Send and recv (channels.rs) --------------------------------------------------- */

/* Per channel, FIFOs of byte buffers every process of the run shares: a send appends a
 * copy; a recv pops the oldest, which must be size bytes. A process alone fails at once
 * (XLA_RT_FAILED_PRECONDITION) when nothing was sent; among processes a recv waits for a
 * send, and fails once every other process has finished (xla_rt_channels_finish) or after
 * the collective timeout. */
int32_t xla_rt_send(int64_t channel, const void *data, int64_t size, const XlaRunOptions *opts);
int32_t xla_rt_recv(int64_t channel, void *dest, int64_t size, const XlaRunOptions *opts);
/* Host side: one more process of the run has finished its program. */
int32_t xla_rt_channels_finish(void);
/* Drops every buffer sent and not received, and forgets the finished processes. */
int32_t xla_rt_channels_clear(void);

/* ---- Replicas (replicas.rs) -------------------------------------------------------- */

enum { XLA_RT_REDUCE_SUM = 0, XLA_RT_REDUCE_MAX = 1, XLA_RT_REDUCE_MIN = 2 };

/* All-reduce across the opts->num_replicas threads of this process that call it with
 * their opts->replica_id; every replica receives the reduction (in replica order, so the
 * same bits everywhere) in output, which may be input. */
int32_t xla_rt_all_reduce_f32(int32_t reduction, const float *input, float *output, int64_t count,
                              const XlaRunOptions *opts);
int32_t xla_rt_all_reduce_f64(int32_t reduction, const double *input, double *output, int64_t count,
                              const XlaRunOptions *opts);
int32_t xla_rt_all_reduce_i32(int32_t reduction, const int32_t *input, int32_t *output, int64_t count,
                              const XlaRunOptions *opts);
/* How long a replica waits for the others (default 60000 ms; negative: no limit). */
int32_t xla_rt_set_collective_timeout_ms(int64_t timeout_ms);

/* ---- Collective exchange (exchange.rs) --------------------------------------------- */

/* How a collective's group ids name processes: replica ids formed in each partition,
 * partition ids formed in each replica, replica ids taking every partition of their
 * replicas, flattened process ids; or-ed with XLA_RT_GROUP_OPTIONAL when a process may be
 * in no group (it then reads no member). */
enum {
  XLA_RT_GROUPS_CROSS_REPLICA = 0,
  XLA_RT_GROUPS_CROSS_PARTITION = 1,
  XLA_RT_GROUPS_CROSS_REPLICA_AND_PARTITION = 2,
  XLA_RT_GROUPS_FLATTENED_IDS = 3,
  XLA_RT_GROUP_OPTIONAL = 4
};

/* The data exchange of compiled collectives: every process hands in bytes bytes at input
 * and waits for all the run's processes (replicas times partitions); then its group is
 * resolved (num_groups groups of at most width ids of mode's kind in groups, shorter ones
 * padded with -1; num_groups == 0: every id), which must have expected_size processes
 * unless that is 0, and info[0..3] receives the group size (0 for a process in no
 * group), this process's position in it and its id of mode's kind.
 * xla_rt_collective_member then copies the buffer of the member at a position of the
 * group, until this process's next exchange. */
int32_t xla_rt_collective_exchange(const void *input, int64_t bytes, const int64_t *groups, int64_t num_groups,
                                   int64_t width, int64_t mode, int64_t expected_size, int64_t *info,
                                   const XlaRunOptions *opts);
int32_t xla_rt_collective_member(int64_t position, void *dest, int64_t bytes, const XlaRunOptions *opts);
/* Host side: make every waiting and later exchange of num_processes processes (replicas
 * times partitions) fail (a process failed), and forget every round and abort before a
 * new run. */
int32_t xla_rt_collectives_abort(int32_t num_processes);
int32_t xla_rt_collectives_reset(int32_t num_processes);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* XLA_RUNTIME_H_ */
