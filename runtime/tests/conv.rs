//! `xla_rt_conv_*`: random convolutions (one to three spatial dimensions, strides,
//! padding of both signs, dilations, reversal, feature and batch groups, operands laid out
//! with arbitrary dimension orders) against a direct evaluation of XLA's definition, a
//! thread-count check, and the errors of bad geometries and buffers.

mod common;

use std::ptr::null;

use common::{last_error, Lcg};
use xla_runtime::conv::{geometry_len, xla_rt_conv_f32, xla_rt_conv_f64};
use xla_runtime::{XlaRunOptions, XlaStatus};

/// A convolution in the test's terms: sizes in logical order and a layout per operand.
#[derive(Clone, Debug)]
struct Case {
    batch: usize,
    /// Kernel input features (per group).
    features: usize,
    /// Output features.
    outputs: usize,
    feature_groups: usize,
    batch_groups: usize,
    input_spatial: Vec<usize>,
    kernel_spatial: Vec<usize>,
    /// Per spatial dimension: stride, padding low, padding high, lhs and rhs dilation,
    /// reversal.
    windows: Vec<[i64; 6]>,
}

impl Case {
    fn output_spatial(&self) -> Vec<usize> {
        self.input_spatial
            .iter()
            .zip(&self.kernel_spatial)
            .zip(&self.windows)
            .map(|((&n, &k), w)| {
                let padded = (n as i64 - 1) * w[3] + 1 + w[1] + w[2];
                let window = (k as i64 - 1) * w[4] + 1;
                if padded < window { 0 } else { ((padded - window) / w[0] + 1) as usize }
            })
            .collect()
    }

    /// The logical sizes of input, kernel and output: (first, second, spatial...).
    fn shapes(&self) -> [Vec<usize>; 3] {
        let input = [vec![self.batch * self.batch_groups, self.features * self.feature_groups], self.input_spatial.clone()].concat();
        let kernel = [vec![self.features, self.outputs], self.kernel_spatial.clone()].concat();
        let output = [vec![self.batch, self.outputs], self.output_spatial()].concat();
        [input, kernel, output]
    }
}

/// Strides of logical `sizes` laid out with dimension `order[0]` outermost.
fn strides(sizes: &[usize], order: &[usize]) -> Vec<i64> {
    let mut strides = vec![0; sizes.len()];
    let mut stride = 1i64;
    for &d in order.iter().rev() {
        strides[d] = stride;
        stride *= sizes[d] as i64;
    }
    strides
}

fn count(sizes: &[usize]) -> usize {
    sizes.iter().product()
}

/// The geometry array of `case` with operand strides `s`.
fn geometry(case: &Case, s: &[Vec<i64>; 3]) -> Vec<i64> {
    let shapes = case.shapes();
    let mut g = vec![case.input_spatial.len() as i64, case.feature_groups as i64, case.batch_groups as i64];
    for (shape, strides) in shapes.iter().zip(s) {
        for (&n, &st) in shape.iter().zip(strides) {
            g.extend([n as i64, st]);
        }
    }
    for w in &case.windows {
        g.extend(w);
    }
    g
}

/// Every multi-index of `sizes` in row-major order.
fn indices(sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for &n in sizes {
        all = all.into_iter().flat_map(|prefix| (0..n).map(move |i| [prefix.clone(), vec![i]].concat())).collect();
    }
    all
}

fn offset(index: &[usize], strides: &[i64]) -> usize {
    index.iter().zip(strides).map(|(&i, &s)| i as i64 * s).sum::<i64>() as usize
}

/// XLA's definition, evaluated directly in f64.
fn reference(case: &Case, s: &[Vec<i64>; 3], input: &[f64], kernel: &[f64]) -> Vec<f64> {
    let [_, _, out_shape] = case.shapes();
    let mut out = vec![0.0; count(&out_shape)];
    let (per_fg, per_bg) = (case.outputs / case.feature_groups, case.outputs / case.batch_groups);
    for index in indices(&out_shape) {
        let (b, o, pos) = (index[0], index[1], &index[2..]);
        let batch = (o / per_bg) * case.batch + b;
        let f0 = (o / per_fg) * case.features;
        let mut sum = 0.0;
        for f in 0..case.features {
            for k in indices(&case.kernel_spatial) {
                let mut source = vec![batch, f0 + f];
                let mut inside = true;
                for d in 0..k.len() {
                    let w = case.windows[d];
                    let p = pos[d] as i64 * w[0] + k[d] as i64 * w[4] - w[1];
                    if p < 0 || p % w[3] != 0 || p / w[3] >= case.input_spatial[d] as i64 {
                        inside = false;
                    }
                    source.push((p.max(0) / w[3]) as usize);
                }
                if !inside {
                    continue;
                }
                let mut tap = vec![f, o];
                tap.extend(k.iter().enumerate().map(|(d, &t)| if case.windows[d][5] == 1 { case.kernel_spatial[d] - 1 - t } else { t }));
                sum += input[offset(&source, &s[0])] * kernel[offset(&tap, &s[1])];
            }
        }
        out[offset(&index, &s[2])] = sum;
    }
    out
}

/// A random permutation of `0..n`.
fn permutation(rng: &mut Lcg, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    p
}

fn random_case(rng: &mut Lcg) -> Case {
    let mut pick = |lo: u64, hi: u64| (lo + rng.next_u64() % (hi - lo + 1)) as usize;
    let spatial = pick(1, 3);
    let groups = pick(1, 3);
    let by_batch = pick(0, 1) == 1;
    let (feature_groups, batch_groups) = if by_batch { (1, groups) } else { (groups, 1) };
    let mut case = Case {
        batch: pick(1, 3),
        features: pick(1, 4),
        outputs: groups * pick(1, 4),
        feature_groups,
        batch_groups,
        input_spatial: vec![],
        kernel_spatial: vec![],
        windows: vec![],
    };
    for _ in 0..spatial {
        case.input_spatial.push(pick(3, 7));
        case.kernel_spatial.push(pick(1, 3));
        case.windows.push([pick(1, 2) as i64, pick(0, 3) as i64 - 1, pick(0, 3) as i64 - 1, pick(1, 2) as i64, pick(1, 2) as i64, pick(0, 1) as i64]);
    }
    case
}

#[test]
fn random_convolutions_match_the_definition() {
    let mut rng = Lcg::new(7);
    for round in 0..60 {
        let case = random_case(&mut rng);
        let shapes = case.shapes();
        let s: [Vec<i64>; 3] = std::array::from_fn(|i| strides(&shapes[i], &permutation(&mut rng, shapes[i].len())));
        let g = geometry(&case, &s);
        assert_eq!(g.len(), geometry_len(case.input_spatial.len()));
        let input = rng.vec_f64(count(&shapes[0]));
        let kernel = rng.vec_f64(count(&shapes[1]));
        let expected = reference(&case, &s, &input, &kernel);
        let threads = [1, 4][round % 2];
        let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };

        let mut out64 = vec![f64::NAN; count(&shapes[2])];
        let status = unsafe { xla_rt_conv_f64(g.as_ptr(), g.len() as i64, input.as_ptr(), kernel.as_ptr(), out64.as_mut_ptr(), &opts) };
        assert_eq!(status, 0, "{case:?}: {}", last_error());
        for (a, e) in out64.iter().zip(&expected) {
            assert!((a - e).abs() <= 1e-12 * (1.0 + e.abs()), "{case:?}: {a} vs {e}");
        }

        let (input32, kernel32): (Vec<f32>, Vec<f32>) = (input.iter().map(|&x| x as f32).collect(), kernel.iter().map(|&x| x as f32).collect());
        let mut out32 = vec![f32::NAN; count(&shapes[2])];
        let status = unsafe { xla_rt_conv_f32(g.as_ptr(), g.len() as i64, input32.as_ptr(), kernel32.as_ptr(), out32.as_mut_ptr(), &opts) };
        assert_eq!(status, 0, "{case:?}: {}", last_error());
        for (a, e) in out32.iter().zip(&expected) {
            assert!((f64::from(*a) - e).abs() <= 1e-4 * (1.0 + e.abs()), "{case:?}: {a} vs {e}");
        }
    }
}

/// A 2-d NHWC convolution big enough for several chunks and threads.
fn nhwc_case() -> (Case, [Vec<i64>; 3]) {
    let case = Case {
        batch: 4,
        features: 8,
        outputs: 16,
        feature_groups: 1,
        batch_groups: 1,
        input_spatial: vec![20, 20],
        kernel_spatial: vec![3, 3],
        windows: vec![[1, 1, 1, 1, 1, 0]; 2],
    };
    let shapes = case.shapes();
    let s = [strides(&shapes[0], &[0, 2, 3, 1]), strides(&shapes[1], &[2, 3, 0, 1]), strides(&shapes[2], &[0, 2, 3, 1])];
    (case, s)
}

#[test]
fn results_do_not_depend_on_the_number_of_threads_beyond_rounding() {
    let (case, s) = nhwc_case();
    let shapes = case.shapes();
    let g = geometry(&case, &s);
    let mut rng = Lcg::new(3);
    let (input, kernel) = (rng.vec_f64(count(&shapes[0])), rng.vec_f64(count(&shapes[1])));
    let expected = reference(&case, &s, &input, &kernel);
    for threads in [1, 2, 8] {
        let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
        let mut out = vec![f64::NAN; count(&shapes[2])];
        let status = unsafe { xla_rt_conv_f64(g.as_ptr(), g.len() as i64, input.as_ptr(), kernel.as_ptr(), out.as_mut_ptr(), &opts) };
        assert_eq!(status, 0, "{}", last_error());
        assert!(out.iter().zip(&expected).all(|(a, e)| (a - e).abs() <= 1e-12 * (1.0 + e.abs())), "{threads} threads");
    }
}

#[test]
fn bad_geometries_and_buffers_are_invalid_arguments() {
    let (case, s) = nhwc_case();
    let shapes = case.shapes();
    let g = geometry(&case, &s);
    let input = vec![0f32; count(&shapes[0])];
    let kernel = vec![0f32; count(&shapes[1])];
    let mut out = vec![0f32; count(&shapes[2])];
    let invalid = XlaStatus::InvalidArgument.code();
    let run = |g: &[i64], input: *const f32, out: *mut f32| unsafe { xla_rt_conv_f32(g.as_ptr(), g.len() as i64, input, kernel.as_ptr(), out, null()) };

    assert_eq!(run(&g[..g.len() - 1], input.as_ptr(), out.as_mut_ptr()), invalid);
    assert!(last_error().contains("does not describe 2 spatial dimensions"), "{}", last_error());

    let mut groups = g.clone();
    groups[1] = 3;
    assert_eq!(run(&groups, input.as_ptr(), out.as_mut_ptr()), invalid);
    assert!(last_error().contains("groups do not divide"), "{}", last_error());

    let mut stride = g.clone();
    stride[15 + 6 * 2] = 0;
    assert_eq!(run(&stride, input.as_ptr(), out.as_mut_ptr()), invalid);
    assert!(last_error().contains("window stride = 0 is not positive"), "{}", last_error());

    let mut aliased = g.clone();
    let output_at = 11 + 4 * 2;
    aliased[output_at + 3] = 0; // every output feature at one place
    assert_eq!(run(&aliased, input.as_ptr(), out.as_mut_ptr()), invalid);
    assert!(last_error().contains("several indices name one element"), "{}", last_error());

    assert_eq!(run(&g, null(), out.as_mut_ptr()), invalid);
    assert!(last_error().contains("input is null"), "{}", last_error());

    let mut shared = vec![0f32; count(&shapes[0]).max(count(&shapes[2]))];
    let ptr = shared.as_mut_ptr();
    assert_eq!(run(&g, ptr, ptr), invalid);
    assert!(last_error().contains("input and output overlap"), "{}", last_error());
}

/// Convolutions big enough for every part of the f32 path (runtime/src/conv/indirect.rs on
/// CPUs with AVX-512, im2col elsewhere): more features per tap than one block of the
/// kernel holds, more output features than one sliver and fewer than a vector, more rows
/// than one block per thread, channels-first inputs and outputs, groups, and the lhs
/// dilation of backward passes (split into phases). Each output is within the bound of
/// an f32 sum in any order: `(terms + 1) * eps * sum |input * kernel|`.
#[test]
fn larger_f32_convolutions_match_the_definition_within_the_accumulation_bound() {
    let window = |stride: i64, low: i64, high: i64, lhs: i64, rhs: i64, reversed: i64| [stride, low, high, lhs, rhs, reversed];
    let cases = [
        // NHWC 3x3 with 40 features per tap (two blocks of taps) and 40 outputs (two slivers).
        (Case { batch: 2, features: 40, outputs: 40, feature_groups: 1, batch_groups: 1, input_spatial: vec![9, 11], kernel_spatial: vec![3, 3], windows: vec![window(1, 1, 1, 1, 1, 0); 2] }, [vec![0, 2, 3, 1], vec![2, 3, 0, 1], vec![0, 2, 3, 1]]),
        // NCHW 7x7 stride 2 with 3 input features and 20 outputs (channels-first both ways).
        (Case { batch: 2, features: 3, outputs: 20, feature_groups: 1, batch_groups: 1, input_spatial: vec![20, 18], kernel_spatial: vec![7, 7], windows: vec![window(2, 3, 3, 1, 1, 0); 2] }, [vec![0, 1, 2, 3], vec![1, 0, 2, 3], vec![0, 1, 2, 3]]),
        // The backward-data pass of a stride-2 3x3 convolution: lhs dilation 2, reversed.
        (Case { batch: 3, features: 12, outputs: 7, feature_groups: 1, batch_groups: 1, input_spatial: vec![8, 8], kernel_spatial: vec![3, 3], windows: vec![window(1, 2, 2, 2, 1, 1); 2] }, [vec![0, 2, 3, 1], vec![2, 3, 1, 0], vec![0, 2, 3, 1]]),
        // Lhs dilation 3 with stride 2 and rhs dilation 2 along one dimension of a 1-d stack.
        (Case { batch: 4, features: 5, outputs: 18, feature_groups: 1, batch_groups: 1, input_spatial: vec![30], kernel_spatial: vec![4], windows: vec![window(2, 4, 3, 3, 2, 0)] }, [vec![0, 2, 1], vec![2, 0, 1], vec![0, 2, 1]]),
        // A grouped causal 1-d convolution with rhs dilation over a long sequence.
        (Case { batch: 2, features: 8, outputs: 64, feature_groups: 4, batch_groups: 1, input_spatial: vec![300], kernel_spatial: vec![3], windows: vec![window(1, 8, 0, 1, 4, 0)] }, [vec![0, 2, 1], vec![2, 0, 1], vec![0, 2, 1]]),
        // A backward-filter pass: batch groups, the output's spatial dims outermost.
        (Case { batch: 6, features: 4, outputs: 12, feature_groups: 1, batch_groups: 2, input_spatial: vec![12, 12], kernel_spatial: vec![10, 10], windows: vec![window(1, 1, 1, 1, 1, 0); 2] }, [vec![1, 2, 3, 0], vec![0, 2, 3, 1], vec![2, 3, 0, 1]]),
    ];
    let mut rng = Lcg::new(11);
    for (case, orders) in cases {
        let shapes = case.shapes();
        let s: [Vec<i64>; 3] = std::array::from_fn(|i| strides(&shapes[i], &orders[i]));
        let g = geometry(&case, &s);
        let input = rng.vec_f64(count(&shapes[0])).into_iter().map(|x| x as f32 as f64).collect::<Vec<_>>();
        let kernel = rng.vec_f64(count(&shapes[1])).into_iter().map(|x| x as f32 as f64).collect::<Vec<_>>();
        let expected = reference(&case, &s, &input, &kernel);
        let magnitude = reference(&case, &s, &input.iter().map(|x| x.abs()).collect::<Vec<_>>(), &kernel.iter().map(|x| x.abs()).collect::<Vec<_>>());
        let terms = case.features * case.kernel_spatial.iter().product::<usize>();
        let (input32, kernel32): (Vec<f32>, Vec<f32>) = (input.iter().map(|&x| x as f32).collect(), kernel.iter().map(|&x| x as f32).collect());
        for threads in [1, 2] {
            let opts = XlaRunOptions { num_threads: threads, ..XlaRunOptions::default() };
            let mut out = vec![f32::NAN; count(&shapes[2])];
            let status = unsafe { xla_rt_conv_f32(g.as_ptr(), g.len() as i64, input32.as_ptr(), kernel32.as_ptr(), out.as_mut_ptr(), &opts) };
            assert_eq!(status, 0, "{case:?}: {}", last_error());
            for ((got, want), size) in out.iter().zip(&expected).zip(&magnitude) {
                let bound = (terms + 1) as f64 * f32::EPSILON as f64 * size;
                assert!((f64::from(*got) - want).abs() <= bound, "{case:?}, {threads} threads: {got} vs {want} (bound {bound})");
            }
        }
    }
}
