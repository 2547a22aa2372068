//! The float formats of eight bits or fewer (the `f8` family, `f6E2M3FN`, `f6E3M2FN`,
//! `f4E2M1FN`) for the runtime's random distributions, which draw in `f64` and round to the
//! element type.
//!
//! A value is its code, one byte. The formats and their rounding are the reference
//! interpreter's (`ir/src/float_format.rs`), written again here because the runtime depends
//! on no crate with IR (only on `xla_math`): round to nearest, ties to even, once from `f64`; past the largest
//! finite value (by half an ulp or more, a tie going to the even code) infinity in the
//! IEEE-like formats, NaN in the FN and FNUZ ones and the largest finite value of the sign
//! in `f6`/`f4`; a negative value keeps its sign even when it rounds to zero, except in the
//! FNUZ formats (no negative zero); NaN is the canonical NaN code, or `-0` in `f6`/`f4`;
//! `f8E8M0FNU` has no zero and no sign: zeros are its smallest value `2^-127`, negative
//! values NaN. The interpreter searches the format's values for the nearest; this rounds
//! the bits of the `f64` (rebias the exponent, shift the mantissa right to nearest even,
//! the significand with its implicit bit below the normal range), as compiled code does.
//!
//! Invariant: for every code `c` that is not NaN, `encode(decode(c)) == c`, and every
//! value between two neighbouring codes' values goes to the nearer (`tests` below).

/// How a format encodes its special values.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Specials {
    /// IEEE-like: the all-ones exponent is infinity (mantissa 0) or NaN.
    Ieee,
    /// No infinity; the all-ones magnitude is NaN.
    FiniteNanAllOnes,
    /// No infinity and no negative zero; the sign bit alone is NaN.
    FiniteNanNegZero,
    /// No NaN and no infinity.
    Finite,
    /// `f8E8M0FNU`: an unsigned biased exponent; `0xFF` is NaN.
    ExponentOnly,
}

/// A float format of eight bits or fewer.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Minifloat {
    exponent_bits: u32,
    mantissa_bits: u32,
    bias: i64,
    specials: Specials,
}

impl Minifloat {
    /// The format of the C ABI's element type code (`XLA_RT_F8E5M2` = 13 to
    /// `XLA_RT_F4E2M1FN` = 23), if it is one.
    pub fn from_code(code: i32) -> Option<Minifloat> {
        use Specials::*;
        let (exponent_bits, mantissa_bits, bias, specials) = match code {
            13 => (5, 2, 15, Ieee),
            14 => (4, 3, 7, Ieee),
            15 => (4, 3, 7, FiniteNanAllOnes),
            16 => (5, 2, 16, FiniteNanNegZero),
            17 => (4, 3, 8, FiniteNanNegZero),
            18 => (4, 3, 11, FiniteNanNegZero),
            19 => (3, 4, 3, Ieee),
            20 => (8, 0, 127, ExponentOnly),
            21 => (2, 3, 1, Finite),
            22 => (3, 2, 3, Finite),
            23 => (2, 1, 1, Finite),
            _ => return None,
        };
        Some(Minifloat { exponent_bits, mantissa_bits, bias, specials })
    }

    /// The sign bit (0 for `f8E8M0FNU`).
    fn sign_bit(self) -> u64 {
        match self.specials {
            Specials::ExponentOnly => 0,
            _ => 1 << (self.exponent_bits + self.mantissa_bits),
        }
    }

    /// The code of the largest finite value.
    fn largest(self) -> u64 {
        let all_ones = (1u64 << (self.exponent_bits + self.mantissa_bits)) - 1;
        match self.specials {
            Specials::Ieee => all_ones - (1 << self.mantissa_bits),
            Specials::FiniteNanAllOnes => all_ones - 1,
            Specials::FiniteNanNegZero | Specials::Finite => all_ones,
            Specials::ExponentOnly => 0xFE,
        }
    }

    /// The code NaN encodes to.
    fn nan(self) -> u64 {
        let exponent_ones = ((1u64 << self.exponent_bits) - 1) << self.mantissa_bits;
        match self.specials {
            Specials::Ieee => exponent_ones | 1 << (self.mantissa_bits.max(1) - 1),
            Specials::FiniteNanAllOnes => self.largest() + 1,
            Specials::FiniteNanNegZero | Specials::Finite => self.sign_bit(),
            Specials::ExponentOnly => 0xFF,
        }
    }

    /// The value of `code`.
    pub fn decode(self, code: u64) -> f64 {
        if self.specials == Specials::ExponentOnly {
            let code = code & 0xFF;
            return if code == 0xFF { f64::NAN } else { 2f64.powi(code as i32 - 127) };
        }
        let sign = self.sign_bit();
        let code = code & (2 * sign - 1);
        let magnitude = code & (sign - 1);
        let exponent = (magnitude >> self.mantissa_bits) as i32;
        let mantissa = (magnitude & ((1 << self.mantissa_bits) - 1)) as f64;
        let exponent_ones = (1 << self.exponent_bits) - 1;
        let is_nan = match self.specials {
            Specials::Ieee => exponent == exponent_ones && mantissa != 0.0,
            Specials::FiniteNanAllOnes => magnitude == sign - 1,
            Specials::FiniteNanNegZero => code == sign,
            _ => false,
        };
        if is_nan {
            return f64::NAN;
        }
        let value = if self.specials == Specials::Ieee && exponent == exponent_ones {
            f64::INFINITY
        } else if exponent == 0 {
            mantissa * 2f64.powi(1 - self.bias as i32 - self.mantissa_bits as i32)
        } else {
            (1.0 + mantissa / (1u64 << self.mantissa_bits) as f64) * 2f64.powi(exponent - self.bias as i32)
        };
        if code & sign != 0 { -value } else { value }
    }

    /// The code of `x`, rounded as the module says.
    pub fn encode(self, x: f64) -> u64 {
        if x.is_nan() {
            return self.nan();
        }
        let bits = x.to_bits();
        let negative = bits >> 63 == 1;
        let magnitude = bits & !(1 << 63);
        let rounded = if self.specials == Specials::ExponentOnly {
            if negative && magnitude != 0 {
                return self.nan();
            }
            if magnitude < 2f64.powi(-126).to_bits() {
                // 2^-127 (code 0) up to the tie 1.5 * 2^-127, then 2^-126 (code 1).
                u64::from(magnitude > (1.5 * 2f64.powi(-127)).to_bits())
            } else {
                round_shift(magnitude - ((1023 - 127) << 52), 52)
            }
        } else if magnitude >= ((1023 - self.bias + 1) as u64) << 52 {
            round_shift(magnitude - (((1023 - self.bias) as u64) << 52), 52 - self.mantissa_bits)
        } else {
            // Below the normal range: the significand, shifted by how far below it is.
            let exponent = magnitude >> 52;
            let significand = (magnitude & ((1 << 52) - 1)) | if exponent != 0 { 1 << 52 } else { 0 };
            let shift = (52 - i64::from(self.mantissa_bits) + 1 - self.bias + 1023 - exponent.max(1) as i64).clamp(1, 54);
            round_shift(significand, shift as u32)
        };
        let sign = if negative { self.sign_bit() } else { 0 };
        if rounded > self.largest() {
            return match self.specials {
                Specials::Ieee => ((1 << self.exponent_bits) - 1) << self.mantissa_bits | sign,
                Specials::Finite => self.largest() | sign,
                _ => self.nan(),
            };
        }
        match self.specials {
            Specials::FiniteNanNegZero if rounded == 0 => 0,
            _ => rounded | sign,
        }
    }
}

/// `x >> shift` (`shift` from 1 to 63) rounded to nearest, ties to even.
fn round_shift(x: u64, shift: u32) -> u64 {
    let half_minus_one = (1u64 << (shift - 1)) - 1;
    (x + half_minus_one + ((x >> shift) & 1)) >> shift
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> impl Iterator<Item = (i32, Minifloat)> {
        (13..=23).map(|code| (code, Minifloat::from_code(code).expect("a minifloat code")))
    }

    fn codes(f: Minifloat) -> u64 {
        1 << (f.exponent_bits + f.mantissa_bits + u32::from(f.sign_bit() != 0))
    }

    #[test]
    fn every_code_round_trips() {
        for (name, f) in all() {
            for code in 0..codes(f) {
                let value = f.decode(code);
                if !value.is_nan() {
                    assert_eq!(f.encode(value), code, "{name}: {code:#x} ({value})");
                }
            }
        }
    }

    #[test]
    fn values_between_codes_go_to_the_nearer_or_the_even_one() {
        for (name, f) in all() {
            let mut values: Vec<(f64, u64)> = (0..codes(f)).map(|c| (f.decode(c), c)).filter(|(v, _)| v.is_finite() && v.is_sign_positive()).collect();
            values.sort_by(|a, b| a.0.total_cmp(&b.0));
            values.dedup_by(|a, b| a.0 == b.0);
            for pair in values.windows(2) {
                let ((low, low_code), (high, high_code)) = (pair[0], pair[1]);
                let middle = (low + high) / 2.0;
                let even = if low_code & 1 == 0 { low_code } else { high_code };
                assert_eq!(f.encode(middle), even, "{name}: the tie {middle}");
                assert_eq!(f.encode(middle - (high - low) / 8.0), low_code, "{name}: below {middle}");
                assert_eq!(f.encode(middle + (high - low) / 8.0), high_code, "{name}: above {middle}");
            }
        }
    }

    #[test]
    fn specials_and_overflow() {
        let [e5m2, e4m3fn, e4m3fnuz, e8m0, f4] = [13, 15, 17, 20, 23].map(|c| Minifloat::from_code(c).expect("a minifloat code"));
        assert_eq!((e5m2.encode(1e9), e5m2.encode(-1e9), e5m2.encode(f64::NAN)), (0x7C, 0xFC, 0x7E));
        assert_eq!((e4m3fn.encode(464.0), e4m3fn.encode(465.0), e4m3fn.encode(-1e-30)), (0x7E, 0x7F, 0x80));
        assert_eq!((e4m3fnuz.encode(-1e-30), e4m3fnuz.encode(1e9), e4m3fnuz.encode(f64::NAN)), (0x00, 0x80, 0x80));
        assert_eq!((e8m0.encode(0.0), e8m0.encode(-2.0), e8m0.encode(3.0), e8m0.encode(1e300)), (0x00, 0xFF, 0x80, 0xFF));
        assert_eq!((f4.encode(7.0), f4.encode(-1e9), f4.encode(f64::NAN), f4.encode(0.25)), (0x7, 0xF, 0x8, 0x0));
        assert!(e4m3fn.decode(0xFF).is_nan() && e4m3fnuz.decode(0x80).is_nan() && e8m0.decode(0xFF).is_nan());
        assert_eq!((e5m2.decode(0xFC), e8m0.decode(0), f4.decode(0xF)), (f64::NEG_INFINITY, 2f64.powi(-127), -6.0));
        assert_eq!(Minifloat::from_code(12), None);
    }
}
