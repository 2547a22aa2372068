//! How a composite function rounds its intermediate steps.

/// The format the steps of a composite function (`expm1`, `log1p`) are rounded to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Steps {
    /// Every step in `f32`, multiply-adds fused: `f32` and `bf16` operands.
    F32,
    /// Every step rounded to `f16`, no multiply-add fused: `f16` operands, whose `half`
    /// operations LLVM computes one by one in `f32`, rounding each back.
    F16,
}

impl Steps {
    /// `x` rounded to the steps' format.
    #[inline]
    pub fn round(self, x: f32) -> f32 {
        match self {
            Steps::F32 => x,
            Steps::F16 => half::f16::from_f32(x).to_f32(),
        }
    }

    /// `a * b + c` as a step computes it: fused in `f32`, two roundings in `f16`.
    #[inline]
    pub fn mul_add(self, a: f32, b: f32, c: f32) -> f32 {
        match self {
            Steps::F32 => a.mul_add(b, c),
            Steps::F16 => self.round(self.round(a * b) + c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f16_steps_round_each_operation() {
        assert_eq!(Steps::F16.round(1.0 + 1e-4), 1.0);
        assert_eq!(Steps::F32.round(1.0 + 1e-4), 1.0 + 1e-4);
        // 1 + 2^-11 * (1 + 2^-11) is one rounding from 1 + 2^-11 in f32, two in f16.
        let tiny = 1.0 / 2048.0;
        assert_eq!(Steps::F16.mul_add(tiny, 1.0 + tiny, 1.0), 1.0);
    }
}
