//! A convolution with lhs (base) dilation split into *phases* without dilation: the
//! sub-pixel form of a transposed convolution (the backward-data pass of a strided one).
//!
//! Along a spatial dimension with lhs dilation `d`, window stride `s` and rhs dilation `r`,
//! output position `o` meets kernel tap `k` at position `o s + k r - low` of the dilated
//! input, which is an input element only when `d` divides it; elsewhere the tap multiplies
//! a hole. Whether it divides depends on `o` only modulo `q = d / gcd(s, d)` and on `k`
//! only modulo `t = d / gcd(r, d)`. So the outputs `o = o0 + j q` of one phase `o0` meet
//! input elements exactly at taps `k = k0 + m t` (`k0` the least solution, if any), at
//! input element `(o0 s + k0 r - low) / d + j (q s / d) + m (t r / d)`: a convolution
//! without lhs dilation, with window stride `q s / d`, rhs dilation `t r / d`, padding low
//! `-(o0 s + k0 r - low) / d`, over every `t`-th kernel tap and every `q`-th output.
//! A phase with no solution has no taps: its outputs are zeros.
//!
//! With dilation `d` along `n` dimensions this does `1 / d^n` of the multiply-adds of the
//! dilated convolution (a stride-2 backward pass of a 2-D convolution: a quarter).
//!
//! Invariants: the phases' outputs partition the convolution's outputs; each phase is a
//! geometry over the same buffers (the kernel and output addressed from an offset, the
//! kernel's strides possibly negative where the window was reversed), every index of which
//! lies inside the original operands; a convolution without lhs dilation is one phase,
//! itself.

use super::{Dim, Geometry, Window};

/// The most phases a convolution is split into; beyond it (dilations larger than any
/// transposed convolution has) the dilated convolution is computed as it is.
const MAX_PHASES: usize = 256;

/// One phase: its geometry and where its kernel and output start, in elements from the
/// original operands' first elements.
pub(super) struct Phase {
    pub geometry: Geometry,
    pub kernel_offset: isize,
    pub output_offset: isize,
}

/// One phase along one dimension: the window, the output and kernel dimensions, and their
/// offsets.
struct Along {
    window: Window,
    output: Dim,
    kernel: Dim,
    output_offset: isize,
    kernel_offset: isize,
}

/// The phases of `g` (see the module documentation).
pub(super) fn phases(g: &Geometry) -> Vec<Phase> {
    let identity = || vec![Phase { geometry: g.clone(), kernel_offset: 0, output_offset: 0 }];
    if g.windows.iter().all(|w| w.lhs_dilation == 1) {
        return identity();
    }
    let mut per_dimension = Vec::with_capacity(g.windows.len());
    for d in 0..g.windows.len() {
        match along(g, d) {
            Some(phases) => per_dimension.push(phases),
            None => return identity(),
        }
    }
    let count = per_dimension.iter().try_fold(1usize, |acc, p| acc.checked_mul(p.len()));
    if count.is_none_or(|c| c > MAX_PHASES) {
        return identity();
    }
    // The cartesian product of the dimensions' phases.
    let mut phases = vec![Phase { geometry: g.clone(), kernel_offset: 0, output_offset: 0 }];
    for (d, options) in per_dimension.iter().enumerate() {
        let mut next = Vec::with_capacity(phases.len() * options.len());
        for phase in &phases {
            for option in options {
                let mut geometry = phase.geometry.clone();
                geometry.windows[d] = option.window;
                geometry.output.spatial[d] = option.output;
                geometry.kernel.spatial[d] = option.kernel;
                next.push(Phase {
                    geometry,
                    kernel_offset: phase.kernel_offset + option.kernel_offset,
                    output_offset: phase.output_offset + option.output_offset,
                });
            }
        }
        phases = next;
    }
    phases
}

/// The phases along dimension `d`, or `None` when an offset does not fit `isize`.
fn along(g: &Geometry, d: usize) -> Option<Vec<Along>> {
    let (window, output, kernel) = (g.windows[d], g.output.spatial[d], g.kernel.spatial[d]);
    let dilation = window.lhs_dilation;
    if dilation == 1 {
        return Some(vec![Along { window, output, kernel, output_offset: 0, kernel_offset: 0 }]);
    }
    let q = dilation / gcd(window.stride, dilation);
    let t = dilation / gcd(window.rhs_dilation, dilation);
    let stride = i128::try_from(q * window.stride / dilation).ok()?;
    let rhs_dilation = t * window.rhs_dilation / dilation;
    let mut phases = Vec::with_capacity(q.min(output.size));
    for o0 in 0..q.min(output.size) {
        let outputs = (output.size - o0).div_ceil(q);
        let output_dim = Dim { size: outputs, stride: output.stride.checked_mul(isize::try_from(q).ok()?)? };
        let output_offset = output.stride.checked_mul(isize::try_from(o0).ok()?)?;
        // The first tap that meets an input element, if any.
        let position = |k: usize| (o0 as i128) * (window.stride as i128) + (k as i128) * (window.rhs_dilation as i128) - window.low as i128;
        let first = (0..t.min(kernel.size)).find(|&k| position(k).rem_euclid(dilation as i128) == 0);
        let (taps, low, kernel_offset) = match first {
            Some(k0) => {
                let taps = (kernel.size - k0).div_ceil(t);
                let index = if window.reversed { kernel.size - 1 - k0 } else { k0 };
                (taps, -(position(k0) / dilation as i128), kernel.stride.checked_mul(isize::try_from(index).ok()?)?)
            }
            None => (0, 0, 0),
        };
        let step = kernel.stride.checked_mul(isize::try_from(t).ok()?)?;
        let kernel_dim = Dim { size: taps, stride: if window.reversed { step.checked_neg()? } else { step } };
        let phase_window = Window { stride: usize::try_from(stride).ok()?, low: isize::try_from(low).ok()?, lhs_dilation: 1, rhs_dilation, reversed: false };
        phases.push(Along { window: phase_window, output: output_dim, kernel: kernel_dim, output_offset, kernel_offset });
    }
    Some(phases)
}

/// The greatest common divisor of two positive numbers.
fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conv::Operand;

    fn dim(size: usize, stride: isize) -> Dim {
        Dim { size, stride }
    }

    /// A 1-d convolution: 8 input elements, a kernel of 3, output of 15 (the backward
    /// pass of a stride-2 convolution: dilation 2, padding 2 and 2, reversed).
    fn transposed() -> Geometry {
        let operand = |spatial: Dim| Operand { first: dim(1, 100), second: dim(1, 100), spatial: vec![spatial] };
        Geometry {
            feature_groups: 1,
            batch_groups: 1,
            input: operand(dim(8, 1)),
            kernel: operand(dim(3, 1)),
            output: operand(dim(15, 1)),
            windows: vec![Window { stride: 1, low: 2, lhs_dilation: 2, rhs_dilation: 1, reversed: true }],
        }
    }

    #[test]
    fn a_stride_two_transposed_convolution_splits_into_two_phases_of_every_other_tap() {
        let phases = phases(&transposed());
        assert_eq!(phases.len(), 2);
        // Even outputs meet taps 0 and 2 (kernel elements 2 and 0, reversed), odd ones tap 1.
        let even = &phases[0];
        assert_eq!((even.geometry.output.spatial[0], even.output_offset), (dim(8, 2), 0));
        assert_eq!((even.geometry.kernel.spatial[0], even.kernel_offset), (dim(2, -2), 2));
        assert_eq!((even.geometry.windows[0].stride, even.geometry.windows[0].low, even.geometry.windows[0].lhs_dilation), (1, 1, 1));
        let odd = &phases[1];
        assert_eq!((odd.geometry.output.spatial[0], odd.output_offset), (dim(7, 2), 1));
        assert_eq!((odd.geometry.kernel.spatial[0], odd.kernel_offset), (dim(1, -2), 1));
        assert_eq!(odd.geometry.windows[0].low, 0);
    }

    #[test]
    fn undilated_convolutions_are_one_phase() {
        let mut g = transposed();
        g.windows[0].lhs_dilation = 1;
        let phases = phases(&g);
        assert_eq!(phases.len(), 1);
        assert_eq!(phases[0].geometry.kernel.spatial[0], dim(3, 1));
    }

    #[test]
    fn phases_that_meet_only_holes_have_no_taps() {
        // Dilation 4 with a kernel of 1 and rhs dilation 4: outputs 1, 2, 3 mod 4 only ever meet holes.
        let mut g = transposed();
        g.kernel.spatial[0] = dim(1, 1);
        g.windows[0] = Window { stride: 1, low: 0, lhs_dilation: 4, rhs_dilation: 4, reversed: false };
        let phases = phases(&g);
        assert_eq!(phases.len(), 4);
        assert_eq!(phases.iter().map(|p| p.geometry.kernel.spatial[0].size).collect::<Vec<_>>(), vec![1, 0, 0, 0]);
    }
}
