//! The least of a position's images under the lanes of a group (its
//! canonical form): as integer minima, or, for positions of at most 52
//! bits, as floating-point minima, which the target's baseline vector
//! instructions take two at a time.

/// The least of `images` XOR `mask`. With `FLOAT` (values of at most
/// 52 bits), as floating-point minima: with the exponent bits of
/// 2^52 added, a value `v` is the bit pattern of the double 2^52 + v,
/// so the doubles are ordered as the values, and the target's
/// baseline vector instructions take minima of two doubles at once
/// (they have no 64-bit integer minimum). Eight lanes on x86-64 go
/// through [`least_of_eight`], which names those instructions.
#[inline]
pub(super) fn least_image<const N: usize, const FLOAT: bool>(
    images: &[u64; N],
    mask: &[u64],
) -> u64 {
    let mask: &[u64; N] = mask.try_into().expect("N lanes per jump");
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if FLOAT && let (Ok(images), Ok(mask)) = (images[..].try_into(), mask[..].try_into()) {
        #[allow(unsafe_code)]
        // SAFETY: `least_of_eight` only needs SSE2, which this build
        // enables (the `cfg` above): every x86-64 processor has it.
        return unsafe { least_of_eight(images, mask) };
    }
    if FLOAT {
        return float_least(images, mask);
    }
    let mut values = [0u64; N];
    for lane in 0..N {
        values[lane] = images[lane] ^ mask[lane];
    }
    if N == 8 {
        // Spelled out so that it compiles to scalar compare-and-move
        // pairs: the vectorised loop below emulates the missing 64-bit
        // unsigned minimum slowly.
        let min = |a: u64, b: u64| if b < a { b } else { a };
        let (a, b) = (min(values[0], values[4]), min(values[1], values[5]));
        let (c, d) = (min(values[2], values[6]), min(values[3], values[7]));
        return min(min(a, c), min(b, d));
    }
    tree_min(values)
}

/// The exponent bits of 2^52: ORed into a value of at most 52 bits, they
/// make the bit pattern of the double 2^52 plus the value.
const FLOAT_EXPONENT: u64 = 0x4330_0000_0000_0000;

/// [`least_image`] of eight lanes of at most 52 bits, as four SSE2
/// minima of two doubles each (and one of a single double).
///
/// The portable code takes the same minima as a comparison and a blend,
/// five instructions a pair: the compiler does not turn them into one
/// `minpd` here, and this minimum is taken for every neighbour a census
/// finds, so naming the instructions saves a noticeable share of the
/// census's work. Besides the call (this function is compiled for SSE2,
/// which the caller's build enables), the loads of two lanes at a time
/// take `unsafe`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "sse2")]
#[allow(unsafe_code)]
fn least_of_eight(images: &[u64; 8], mask: &[u64; 8]) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_castsi128_pd, _mm_cvtsd_f64, _mm_loadu_si128, _mm_min_pd, _mm_min_sd,
        _mm_or_si128, _mm_set1_epi64x, _mm_unpackhi_pd, _mm_xor_si128,
    };
    let exponent = _mm_set1_epi64x(FLOAT_EXPONENT as i64);
    let two_lanes = |lanes: &[u64; 8], lane: usize| {
        let two: &[u64; 2] = lanes[lane..lane + 2].try_into().expect("two lanes");
        // SAFETY: `two` is 16 readable bytes, and the load takes them
        // unaligned.
        unsafe { _mm_loadu_si128(two.as_ptr().cast::<__m128i>()) }
    };
    // Lanes `lane` and `lane + 1` as two doubles.
    let pair = |lane: usize| {
        let values = _mm_xor_si128(two_lanes(images, lane), two_lanes(mask, lane));
        _mm_castsi128_pd(_mm_or_si128(values, exponent))
    };
    let least = _mm_min_pd(_mm_min_pd(pair(0), pair(4)), _mm_min_pd(pair(2), pair(6)));
    let least = _mm_min_sd(least, _mm_unpackhi_pd(least, least));
    _mm_cvtsd_f64(least).to_bits() & !FLOAT_EXPONENT
}

/// The least of `images` XOR `mask` (values of at most 52 bits) as a
/// floating-point minimum, with no named instructions: see
/// [`least_image`].
#[inline]
fn float_least<const N: usize>(images: &[u64; N], mask: &[u64; N]) -> u64 {
    let mut values = [0f64; N];
    for lane in 0..N {
        values[lane] = f64::from_bits((images[lane] ^ mask[lane]) | FLOAT_EXPONENT);
    }
    tree_min(values).to_bits() & !FLOAT_EXPONENT
}

/// The least of `values` (`N` a power of two), by a pairwise tree of
/// minima: short dependency chains, and vector minima where the target
/// has them.
#[inline]
fn tree_min<T: PartialOrd + Copy, const N: usize>(mut values: [T; N]) -> T {
    let mut width = N;
    while width > 1 {
        width /= 2;
        for lane in 0..width {
            let (a, b) = (values[lane], values[lane + width]);
            values[lane] = if b < a { b } else { a };
        }
    }
    values[0]
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn floating_point_minima_agree_with_integer_minima() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        // Fewer under Miri, which runs the SSE2 minimum's `unsafe` code
        // (`cargo +nightly miri test -p kongming-peg-bitboard --lib
        // floating_point`, in `.ci/run` when Miri is installed).
        let rounds = if cfg!(miri) { 400 } else { 10_000 };
        for round in 0..rounds {
            let mut lanes = [0u64; 8];
            let mut mask = [0u64; 8];
            for (image, bit) in lanes.iter_mut().zip(&mut mask) {
                let state = rng.random::<u64>();
                // Values of up to 52 bits, some sharing their high bits.
                *image = state >> (12 + round % 40);
                *bit = (state >> 3) & 0xff;
            }
            let least = (0..8).map(|l| lanes[l] ^ mask[l]).min();
            assert_eq!(Some(least_image::<8, true>(&lanes, &mask)), least);
            assert_eq!(Some(least_image::<8, false>(&lanes, &mask)), least);
            // The portable floating-point path, which x86-64 builds
            // otherwise skip for eight lanes.
            assert_eq!(Some(float_least(&lanes, &mask)), least);
            assert_eq!(
                Some(least_image::<4, false>(
                    &lanes[..4].try_into().unwrap(),
                    &mask[..4]
                )),
                (0..4).map(|l| lanes[l] ^ mask[l]).min()
            );
        }
    }
}
