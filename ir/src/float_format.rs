//! Conversions between `f64` and the bit patterns of every float format of
//! [`FloatKind`](crate::FloatKind), rounding to nearest, ties to even.
//!
//! `f16` and `bf16` use the `half` crate. The formats of eight bits or fewer are decoded from
//! their parameters ([`NarrowFormat`]: exponent and mantissa widths, bias, which encodings
//! are NaN or infinity) and encoded by choosing the nearest of their at most 256 values,
//! which is simple and exact; compiled code does the same with bit manipulation and is
//! tested against this. Invariant: `decode(k, encode(k, x)) == x` for every `x`
//! representable in `k`.
//!
//! Encoding a narrow format follows XLA (ml_dtypes' non-saturating conversion), where its
//! value is not an accident of the search:
//! - a value rounds by magnitude and keeps its sign, so a negative value too small for the
//!   format is `-0` (`+0` in the FNUZ formats, which have no negative zero);
//! - past the largest finite value (by at least half an ulp, a tie going to the even code)
//!   it is infinity in the IEEE-like formats, NaN in the FN and FNUZ ones, and the largest
//!   finite value of its sign in the finite-only `f6`/`f4` formats;
//! - NaN is the format's canonical NaN (positive), and `-0` (the sign bit alone) in the
//!   formats without one, as XLA's CPU conversion gives it;
//! - `f8E8M0FNU` has no zero and no sign: zeros are its smallest value (as MLIR's `APFloat`
//!   reads them), other negative values NaN.

use crate::FloatKind;

/// How a narrow format encodes its special values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Specials {
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

/// The parameters of a float format of eight bits or fewer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NarrowFormat {
    /// The width of the exponent field.
    pub exponent_bits: u32,
    /// The width of the mantissa field (the stored bits, without the implicit one).
    pub mantissa_bits: u32,
    /// The exponent bias: a normal value is `1.m * 2^(e - bias)`, a subnormal one
    /// `0.m * 2^(1 - bias)`.
    pub bias: i32,
    /// Which encodings are NaN or infinity.
    pub specials: Specials,
}

/// The parameters of `kind` when it is a format of eight bits or fewer.
pub fn narrow_format(kind: FloatKind) -> Option<NarrowFormat> {
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
    Some(NarrowFormat { exponent_bits, mantissa_bits, bias, specials })
}

impl NarrowFormat {
    /// The width of a value in bits: the sign (when the format has one), the exponent and
    /// the mantissa.
    pub fn total_bits(&self) -> u32 {
        match self.specials {
            Specials::ExponentOnly => self.exponent_bits,
            _ => 1 + self.exponent_bits + self.mantissa_bits,
        }
    }

    /// Whether the format has a sign bit (all but `f8E8M0FNU`).
    pub fn is_signed(&self) -> bool {
        self.specials != Specials::ExponentOnly
    }

    /// The sign bit, or 0 for an unsigned format.
    pub fn sign_bit(&self) -> u64 {
        if self.is_signed() { 1 << (self.exponent_bits + self.mantissa_bits) } else { 0 }
    }

    /// The value of the code `bits` (its low [`NarrowFormat::total_bits`] bits count); NaN
    /// codes all give the canonical `f64` NaN.
    pub fn decode(&self, bits: u64) -> f64 {
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

    /// The code a NaN encodes to: the canonical NaN, or `-0` in a format without NaN.
    pub fn nan(&self) -> u64 {
        match self.specials {
            Specials::Ieee => ((1u64 << self.exponent_bits) - 1) << self.mantissa_bits | 1 << (self.mantissa_bits - 1),
            Specials::FiniteNanAllOnes => (1u64 << (self.exponent_bits + self.mantissa_bits)) - 1,
            Specials::FiniteNanNegZero => 1u64 << (self.exponent_bits + self.mantissa_bits),
            Specials::ExponentOnly => 0xFF,
            Specials::Finite => self.sign_bit(),
        }
    }

    /// The codes of the format's non-negative finite values (all finite values of
    /// `f8E8M0FNU`), in increasing order of value.
    fn magnitudes(&self) -> impl Iterator<Item = u64> + '_ {
        let end = if self.is_signed() { self.sign_bit() } else { 1 << self.total_bits() };
        (0..end).filter(|&c| self.decode(c).is_finite())
    }

    /// The code of the largest finite value.
    pub fn largest_finite_code(&self) -> u64 {
        self.magnitudes().last().expect("every format has a finite value")
    }

    /// The code of `value`, rounded to nearest, ties to even (see the module for the rest).
    pub fn encode(&self, value: f64) -> u64 {
        if value.is_nan() {
            return self.nan();
        }
        let negative = value.is_sign_negative();
        if !self.is_signed() && value != 0.0 && negative {
            return self.nan();
        }
        // The nearest non-negative finite value, ties to the even code; its parity is the
        // parity of the signed code, since the sign is the top bit.
        let magnitude = value.abs();
        let mut best: Option<(u64, f64)> = None;
        for code in self.magnitudes() {
            let distance = (self.decode(code) - magnitude).abs();
            best = match best {
                None => Some((code, distance)),
                Some((b, d)) if distance < d || (distance == d && code & 1 == 0 && b & 1 == 1) => Some((code, distance)),
                keep => keep,
            };
        }
        let (code, _) = best.expect("every format has a finite value");
        let largest = self.largest_finite_code();
        let max_finite = self.decode(largest);
        if magnitude > max_finite {
            // Past the largest finite value by more than half an ulp (of its binade, as if
            // the format went on): overflow. Exactly half an ulp past is a tie, which goes
            // to the even code: the largest value when its code is even (as in e4m3fn,
            // whose next code would be NaN, and e8m0), else overflow.
            let ulp = 2f64.powi(max_finite.log2().floor() as i32 - self.mantissa_bits as i32);
            let halfway = max_finite + ulp / 2.0;
            if magnitude > halfway || (magnitude == halfway && largest & 1 == 1) {
                return self.overflow(negative, largest);
            }
        }
        match self.specials {
            // No negative zero: `0x80` is NaN.
            Specials::FiniteNanNegZero if code == 0 => 0,
            _ if negative => code | self.sign_bit(),
            _ => code,
        }
    }

    /// The code of a value of sign `negative` too large for the format, whose largest
    /// finite value has the code `largest`.
    fn overflow(&self, negative: bool, largest: u64) -> u64 {
        let sign = if negative { self.sign_bit() } else { 0 };
        match self.specials {
            Specials::Ieee => ((1u64 << self.exponent_bits) - 1) << self.mantissa_bits | sign,
            Specials::Finite => largest | sign,
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
        _ => narrow_format(kind).expect("every other format is narrow").encode(value),
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
        _ => narrow_format(kind).expect("every other format is narrow").mantissa_bits,
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
        _ => narrow_format(kind).expect("every other format is narrow").decode(bits),
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

    #[test]
    fn small_negative_values_keep_their_sign() {
        assert_eq!(encode(FloatKind::F8E5M2, -1e-40), 0x80);
        assert_eq!(encode(FloatKind::F8E4M3FN, -1e-40), 0x80);
        assert_eq!(encode(FloatKind::F4E2M1FN, -0.2), 0x8);
        // The FNUZ formats have no negative zero: 0x80 is their NaN.
        assert_eq!(encode(FloatKind::F8E4M3FNUZ, -1e-40), 0x00);
        assert_eq!(encode(FloatKind::F8E5M2FNUZ, -0.0), 0x00);
    }

    #[test]
    fn finite_only_formats_saturate_with_their_sign() {
        assert_eq!(encode(FloatKind::F4E2M1FN, 7.5), 0x7);
        assert_eq!(encode(FloatKind::F4E2M1FN, -1e30), 0xF);
        assert_eq!(encode(FloatKind::F4E2M1FN, f64::INFINITY), 0x7);
        assert_eq!(encode(FloatKind::F6E2M3FN, f64::NEG_INFINITY), 0x3F);
        assert_eq!(encode(FloatKind::F6E3M2FN, 1e6), 0x1F);
        // Without NaN, NaN is -0 (as XLA's CPU conversion makes it).
        assert_eq!(encode(FloatKind::F4E2M1FN, f64::NAN), 0x8);
        assert_eq!(encode(FloatKind::F6E3M2FN, f64::NAN), 0x20);
    }

    #[test]
    fn e8m0_has_no_zero_and_no_sign() {
        let e8m0 = FloatKind::F8E8M0FNU;
        assert_eq!(encode(e8m0, 0.0), 0x00);
        assert_eq!(encode(e8m0, -0.0), 0x00);
        assert_eq!(encode(e8m0, 1e-50), 0x00);
        assert_eq!(encode(e8m0, -1.0), 0xFF);
        assert_eq!(encode(e8m0, -1e-50), 0xFF);
        // Between 2^k and 2^(k+1) the tie is 1.5 * 2^k, which goes to the even code.
        assert_eq!(encode(e8m0, 3.0), 0x80);
        assert_eq!(encode(e8m0, 3.0000001), 0x81);
        assert_eq!(encode(e8m0, 6.0), 0x82);
        // Past 2^127 the tie 1.5 * 2^127 stays at the even code 0xFE; more is NaN.
        assert_eq!(encode(e8m0, 1.5 * 2f64.powi(127)), 0xFE);
        assert_eq!(encode(e8m0, 1.5000001 * 2f64.powi(127)), 0xFF);
        assert_eq!(encode(e8m0, f64::INFINITY), 0xFF);
    }

    #[test]
    fn largest_finite_codes() {
        let largest = |k| narrow_format(k).expect("narrow").largest_finite_code();
        assert_eq!(largest(FloatKind::F8E5M2), 0x7B);
        assert_eq!(largest(FloatKind::F8E4M3FN), 0x7E);
        assert_eq!(largest(FloatKind::F8E4M3FNUZ), 0x7F);
        assert_eq!(largest(FloatKind::F8E8M0FNU), 0xFE);
        assert_eq!(largest(FloatKind::F4E2M1FN), 0x7);
        assert_eq!(narrow_format(FloatKind::F32), None);
    }
}
