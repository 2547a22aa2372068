//! Conversions between `f64` and the bit patterns of every float format of
//! [`FloatKind`](crate::FloatKind), rounding to nearest, ties to even.
//!
//! `f16` and `bf16` use the `half` crate. The formats of eight bits or fewer are decoded from
//! their parameters (exponent and mantissa widths, bias, which encodings are NaN or infinity)
//! and encoded by choosing the nearest of their at most 256 values, which is simple and
//! exact. Invariant: `decode(k, encode(k, x)) == x` for every `x` representable in `k`.

use crate::FloatKind;

/// How a narrow format encodes its special values.
#[derive(Copy, Clone)]
enum Specials {
    /// IEEE-like: all-ones exponent is infinity (mantissa 0) or NaN.
    Ieee,
    /// No infinity; the all-ones pattern (both signs) is NaN.
    FiniteNanAllOnes,
    /// No infinity and no negative zero; `0x80` is the only NaN.
    FiniteNanNegZero,
    /// No NaN and no infinity at all.
    Finite,
    /// `f8E8M0FNU`: exponent only, unsigned, `0xFF` is NaN.
    ExponentOnly,
}

struct Narrow {
    exponent_bits: u32,
    mantissa_bits: u32,
    bias: i32,
    specials: Specials,
}

fn narrow(kind: FloatKind) -> Option<Narrow> {
    use Specials::*;
    let (exponent_bits, mantissa_bits, bias, specials) = match kind {
        FloatKind::F8E5M2 => (5, 2, 15, Ieee),
        FloatKind::F8E4M3 => (4, 3, 7, Ieee),
        FloatKind::F8E4M3FN => (4, 3, 7, FiniteNanAllOnes),
        FloatKind::F8E5M2FNUZ => (5, 2, 16, FiniteNanNegZero),
        FloatKind::F8E4M3FNUZ => (4, 3, 8, FiniteNanNegZero),
        FloatKind::F8E4M3B11FNUZ => (4, 3, 11, FiniteNanNegZero),
        FloatKind::F8E3M4 => (3, 4, 3, Ieee),
        FloatKind::F8E8M0FNU => (8, 0, 127, ExponentOnly),
        FloatKind::F6E2M3FN => (2, 3, 1, Finite),
        FloatKind::F6E3M2FN => (3, 2, 3, Finite),
        FloatKind::F4E2M1FN => (2, 1, 1, Finite),
        _ => return None,
    };
    Some(Narrow { exponent_bits, mantissa_bits, bias, specials })
}

impl Narrow {
    fn total_bits(&self) -> u32 {
        match self.specials {
            Specials::ExponentOnly => self.exponent_bits,
            _ => 1 + self.exponent_bits + self.mantissa_bits,
        }
    }

    fn decode(&self, bits: u64) -> f64 {
        let bits = bits & ((1u64 << self.total_bits()) - 1);
        if let Specials::ExponentOnly = self.specials {
            return if bits == 0xFF { f64::NAN } else { 2f64.powi(bits as i32 - self.bias) };
        }
        let sign_bit = 1u64 << (self.exponent_bits + self.mantissa_bits);
        let negative = bits & sign_bit != 0;
        let exponent = ((bits >> self.mantissa_bits) & ((1 << self.exponent_bits) - 1)) as i32;
        let mantissa = bits & ((1 << self.mantissa_bits) - 1);
        let max_exponent = (1 << self.exponent_bits) - 1;
        let all_ones_mantissa = (1 << self.mantissa_bits) - 1;
        match self.specials {
            Specials::Ieee if exponent == max_exponent => {
                return if mantissa == 0 {
                    if negative { f64::NEG_INFINITY } else { f64::INFINITY }
                } else {
                    f64::NAN
                };
            }
            Specials::FiniteNanAllOnes if exponent == max_exponent && mantissa == all_ones_mantissa => {
                return f64::NAN;
            }
            Specials::FiniteNanNegZero if bits == sign_bit => return f64::NAN,
            _ => {}
        }
        let scale = 2f64.powi(-(self.mantissa_bits as i32));
        let magnitude = if exponent == 0 {
            mantissa as f64 * scale * 2f64.powi(1 - self.bias)
        } else {
            (1.0 + mantissa as f64 * scale) * 2f64.powi(exponent - self.bias)
        };
        if negative { -magnitude } else { magnitude }
    }

    fn nan(&self) -> u64 {
        match self.specials {
            Specials::Ieee => ((1u64 << self.exponent_bits) - 1) << self.mantissa_bits | 1 << (self.mantissa_bits - 1),
            Specials::FiniteNanAllOnes => (1u64 << (self.exponent_bits + self.mantissa_bits)) - 1,
            Specials::FiniteNanNegZero => 1u64 << (self.exponent_bits + self.mantissa_bits),
            Specials::ExponentOnly => 0xFF,
            // A format without NaN saturates; the caller maps NaN to zero instead.
            Specials::Finite => 0,
        }
    }

    fn encode(&self, value: f64) -> u64 {
        if value.is_nan() {
            return self.nan();
        }
        let codes = 1u64 << self.total_bits();
        if value == 0.0 {
            // A zero keeps its sign where the format has a negative zero (FNUZ formats and
            // e8m0 do not: their -0.0 is +0.0, or the smallest value for e8m0).
            let same_sign = (0..codes).find(|&c| {
                let z = self.decode(c);
                z == 0.0 && z.is_sign_negative() == value.is_sign_negative()
            });
            if let Some(code) = same_sign.or_else(|| (0..codes).find(|&c| self.decode(c) == 0.0)) {
                return code;
            }
        }
        // The nearest finite value, ties to the even code.
        let mut best: Option<(u64, f64)> = None;
        for code in 0..codes {
            let candidate = self.decode(code);
            if !candidate.is_finite() {
                continue;
            }
            let distance = (candidate - value).abs();
            best = match best {
                None => Some((code, distance)),
                Some((b, d)) if distance < d || (distance == d && code & 1 == 0 && b & 1 == 1) => Some((code, distance)),
                keep => keep,
            };
        }
        let (code, _) = best.expect("every format has a finite value");
        let max_finite = (0..codes).map(|c| self.decode(c)).filter(|v| v.is_finite()).fold(0.0, f64::max);
        if value.abs() > max_finite {
            // Past the largest finite value by more than half an ulp: overflow. Exactly half
            // an ulp past is a tie, which goes to the even code: the largest value when its
            // code is even (as in e4m3fn, whose next code would be NaN), else overflow.
            let ulp = max_finite - (0..codes).map(|c| self.decode(c)).filter(|v| v.is_finite() && *v < max_finite).fold(0.0, f64::max);
            let halfway = max_finite + ulp / 2.0;
            if value.abs() > halfway || (value.abs() == halfway && code & 1 == 1) {
                return self.overflow(value.is_sign_negative(), code);
            }
        }
        code
    }

    fn overflow(&self, negative: bool, saturated: u64) -> u64 {
        match self.specials {
            Specials::Ieee => {
                let inf = ((1u64 << self.exponent_bits) - 1) << self.mantissa_bits;
                if negative { inf | 1 << (self.exponent_bits + self.mantissa_bits) } else { inf }
            }
            Specials::Finite => saturated,
            _ => self.nan(),
        }
    }
}

/// The bit pattern of `value` in format `kind`.
pub fn encode(kind: FloatKind, value: f64) -> u64 {
    match kind {
        FloatKind::F64 => value.to_bits(),
        FloatKind::F32 => (value as f32).to_bits() as u64,
        FloatKind::TF32 => ((value as f32).to_bits() & !0x1FFF) as u64,
        FloatKind::F16 => half::f16::from_f64(value).to_bits() as u64,
        FloatKind::BF16 => half::bf16::from_f64(value).to_bits() as u64,
        _ => narrow(kind).expect("every other format is narrow").encode(value),
    }
}

/// The machine epsilon of format `kind`: the distance from 1 to the next larger value,
/// `2^-m` for `m` stored mantissa bits (`f8E8M0FNU`, all exponent, has 1).
pub fn epsilon(kind: FloatKind) -> f64 {
    let mantissa_bits = match kind {
        FloatKind::F64 => 52,
        FloatKind::F32 => 23,
        FloatKind::F16 | FloatKind::TF32 => 10,
        FloatKind::BF16 => 7,
        _ => narrow(kind).expect("every other format is narrow").mantissa_bits,
    };
    2f64.powi(-(mantissa_bits as i32))
}

/// The value of bit pattern `bits` in format `kind`.
pub fn decode(kind: FloatKind, bits: u64) -> f64 {
    match kind {
        FloatKind::F64 => f64::from_bits(bits),
        FloatKind::F32 | FloatKind::TF32 => f32::from_bits(bits as u32) as f64,
        FloatKind::F16 => half::f16::from_bits(bits as u16).to_f64(),
        FloatKind::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        _ => narrow(kind).expect("every other format is narrow").decode(bits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epsilon_is_the_step_after_one() {
        for kind in FloatKind::ALL {
            // TF32 is kept in an f32's bits, its 13 low mantissa bits zero.
            let step = if kind == FloatKind::TF32 { 1 << 13 } else { 1 };
            assert_eq!(decode(kind, encode(kind, 1.0) + step) - 1.0, epsilon(kind), "{kind:?}");
        }
    }

    #[test]
    fn narrow_formats_round_trip_every_code() {
        for kind in FloatKind::ALL {
            if kind.bit_width() > 8 {
                continue;
            }
            for code in 0..(1u64 << kind.bit_width()) {
                let value = decode(kind, code);
                if value.is_nan() {
                    assert!(decode(kind, encode(kind, value)).is_nan(), "{kind:?} {code:#x}");
                } else {
                    assert_eq!(decode(kind, encode(kind, value)).to_bits(), value.to_bits(), "{kind:?} {code:#x}");
                }
            }
        }
    }

    #[test]
    fn known_values() {
        assert_eq!(encode(FloatKind::F8E4M3FN, 448.0), 0x7E);
        // Halfway between 448 and the NaN code rounds to the even code, 448 (as ml_dtypes).
        assert_eq!(encode(FloatKind::F8E4M3FN, 464.0), 0x7E);
        assert_eq!(encode(FloatKind::F8E4M3FN, 465.0), 0x7F);
        // Halfway past e5m2's largest value (odd code 0x7B) rounds to infinity.
        assert_eq!(encode(FloatKind::F8E5M2, 61440.0), 0x7C);
        assert_eq!(encode(FloatKind::F8E4M3FN, 1.0), 0x38);
        assert!(decode(FloatKind::F8E4M3FN, 0x7F).is_nan());
        assert_eq!(encode(FloatKind::F8E5M2, f64::INFINITY), 0x7C);
        assert_eq!(encode(FloatKind::F8E5M2, 1e6), 0x7C);
        assert_eq!(decode(FloatKind::F8E8M0FNU, 127), 1.0);
        assert_eq!(encode(FloatKind::F4E2M1FN, 6.0), 0x7);
        assert_eq!(encode(FloatKind::BF16, 1.0), 0x3F80);
    }
}
