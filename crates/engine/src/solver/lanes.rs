//! Eight 32-bit lanes, the unit the engine's propagation works in: the four
//! band lanes (three bands and a padding lane) of two digits.
//!
//! [`Portable`] is plain Rust over an array (the compiler vectorizes it as
//! the target allows); [`x86::Avx2`] is one AVX2 register. Both compute the
//! same function lane by lane, so every backend gives the same answers.

// The lane loops index parallel arrays; iterators would hide that.
#![allow(clippy::needless_range_loop)]

/// The operations the propagation needs, lane by lane.
pub(super) trait Lanes: Copy {
    fn splat(x: u32) -> Self;
    fn load(a: &[u32; 8]) -> Self;
    fn store(self, a: &mut [u32; 8]);
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    /// `self & !o`.
    fn andnot(self, o: Self) -> Self;
    fn shr<const N: i32>(self) -> Self;
    fn shl<const N: i32>(self) -> Self;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    /// The low 32 bits of the product.
    fn mul(self, o: Self) -> Self;
    /// All ones where equal, else 0.
    fn eq(self, o: Self) -> Self;
    /// In each half, lanes 0-2 take lanes 1, 2, 0 (lane 3 stays).
    fn rot1(self) -> Self;
    /// In each half, lanes 0-2 take lanes 2, 0, 1 (lane 3 stays).
    fn rot2(self) -> Self;
    /// The two halves exchanged.
    fn swap_halves(self) -> Self;
    fn is_zero(self) -> bool;

    /// For each digit 1-9 and each band, the cells of the band (bit
    /// `9 * row + column`) that hold the digit. `cells` holds 0-9.
    #[inline(always)]
    fn digit_cells(cells: &[u8; 81]) -> [[u32; 3]; 9] {
        // One more row for the blanks, so the loop has no branch.
        let mut out = [[0u32; 3]; 10];
        for (i, &d) in cells.iter().enumerate() {
            out[d as usize][i / 27] |= 1 << (i % 27);
        }
        [
            out[1], out[2], out[3], out[4], out[5], out[6], out[7], out[8], out[9],
        ]
    }

    /// The inverse of [`digit_cells`](Lanes::digit_cells) for a solved grid:
    /// writes digit `d + 1` to every cell of `digits[d]`.
    #[inline(always)]
    fn write_digits(digits: &[[u32; 3]; 9], out: &mut [u8; 81]) {
        for (d, bands) in digits.iter().enumerate() {
            for (b, &band) in bands.iter().enumerate() {
                let mut x = band;
                while x != 0 {
                    out[27 * b + x.trailing_zeros() as usize] = d as u8 + 1;
                    x &= x - 1;
                }
            }
        }
    }
}

/// Plain Rust lanes.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(super) struct Portable([u32; 8]);

impl Portable {
    /// One lane's value.
    #[cfg(test)]
    pub(super) fn lane(self, i: usize) -> u32 {
        self.0[i]
    }

    #[inline(always)]
    fn map(self, f: impl Fn(u32) -> u32) -> Portable {
        let mut o = [0; 8];
        for i in 0..8 {
            o[i] = f(self.0[i]);
        }
        Portable(o)
    }

    #[inline(always)]
    fn zip(self, other: Portable, f: impl Fn(u32, u32) -> u32) -> Portable {
        let mut o = [0; 8];
        for i in 0..8 {
            o[i] = f(self.0[i], other.0[i]);
        }
        Portable(o)
    }
}

impl Lanes for Portable {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        Portable([x; 8])
    }
    #[inline(always)]
    fn load(a: &[u32; 8]) -> Self {
        Portable(*a)
    }
    #[inline(always)]
    fn store(self, a: &mut [u32; 8]) {
        *a = self.0;
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        self.zip(o, |a, b| a ^ b)
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        self.zip(o, |a, b| a & !b)
    }
    #[inline(always)]
    fn shr<const N: i32>(self) -> Self {
        self.map(|a| a >> N)
    }
    #[inline(always)]
    fn shl<const N: i32>(self) -> Self {
        self.map(|a| a << N)
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self.zip(o, u32::wrapping_add)
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self.zip(o, u32::wrapping_sub)
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self.zip(o, u32::wrapping_mul)
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        self.zip(o, |a, b| if a == b { !0 } else { 0 })
    }
    #[inline(always)]
    fn rot1(self) -> Self {
        let a = self.0;
        Portable([a[1], a[2], a[0], a[3], a[5], a[6], a[4], a[7]])
    }
    #[inline(always)]
    fn rot2(self) -> Self {
        let a = self.0;
        Portable([a[2], a[0], a[1], a[3], a[6], a[4], a[5], a[7]])
    }
    #[inline(always)]
    fn swap_halves(self) -> Self {
        let a = self.0;
        Portable([a[4], a[5], a[6], a[7], a[0], a[1], a[2], a[3]])
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().fold(0, |acc, &a| acc | a) == 0
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) mod x86 {
    use super::Lanes;
    use core::arch::x86_64::*;

    /// One AVX2 register.
    ///
    /// Soundness: every method runs an AVX2 instruction. Values of this type
    /// are made and used only inside the engine's AVX2 entry point (the
    /// methods are `#[inline(always)]`, so they are compiled into it; debug
    /// builds also use them in `settle`, which only that entry point calls),
    /// which runs only after runtime detection found AVX2.
    #[derive(Clone, Copy)]
    #[repr(transparent)]
    pub(in crate::solver) struct Avx2(__m256i);

    impl Lanes for Avx2 {
        #[inline(always)]
        fn splat(x: u32) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_set1_epi32(x as i32)) }
        }
        #[inline(always)]
        fn load(a: &[u32; 8]) -> Self {
            // SAFETY: AVX2 as above; the unaligned load reads exactly the
            // 32 bytes of `a`.
            unsafe { Avx2(_mm256_loadu_si256(a.as_ptr().cast())) }
        }
        #[inline(always)]
        fn store(self, a: &mut [u32; 8]) {
            // SAFETY: AVX2 as above; writes exactly the 32 bytes of `a`.
            unsafe { _mm256_storeu_si256(a.as_mut_ptr().cast(), self.0) }
        }
        #[inline(always)]
        fn and(self, o: Self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_and_si256(self.0, o.0)) }
        }
        #[inline(always)]
        fn or(self, o: Self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_or_si256(self.0, o.0)) }
        }
        #[inline(always)]
        fn xor(self, o: Self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_xor_si256(self.0, o.0)) }
        }
        #[inline(always)]
        fn andnot(self, o: Self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_andnot_si256(o.0, self.0)) }
        }
        #[inline(always)]
        fn shr<const N: i32>(self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_srli_epi32::<N>(self.0)) }
        }
        #[inline(always)]
        fn shl<const N: i32>(self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_slli_epi32::<N>(self.0)) }
        }
        #[inline(always)]
        fn add(self, o: Self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_add_epi32(self.0, o.0)) }
        }
        #[inline(always)]
        fn sub(self, o: Self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_sub_epi32(self.0, o.0)) }
        }
        #[inline(always)]
        fn mul(self, o: Self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_mullo_epi32(self.0, o.0)) }
        }
        #[inline(always)]
        fn eq(self, o: Self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_cmpeq_epi32(self.0, o.0)) }
        }
        #[inline(always)]
        fn rot1(self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_shuffle_epi32::<0b11_00_10_01>(self.0)) }
        }
        #[inline(always)]
        fn rot2(self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_shuffle_epi32::<0b11_01_00_10>(self.0)) }
        }
        #[inline(always)]
        fn swap_halves(self) -> Self {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { Avx2(_mm256_permute2x128_si256::<1>(self.0, self.0)) }
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            // SAFETY: AVX2 is present (see the type's doc).
            unsafe { _mm256_testz_si256(self.0, self.0) != 0 }
        }
        #[inline(always)]
        fn digit_cells(cells: &[u8; 81]) -> [[u32; 3]; 9] {
            // A byte compare per digit finds its cells 32 at a time, where
            // the scalar loop takes a store per cell.
            let mut padded = [0u8; 96];
            padded[..81].copy_from_slice(cells);
            let mut out = [[0u32; 3]; 9];
            // SAFETY: AVX2 as above; each unaligned load reads 32 of the
            // 96 bytes of `padded`.
            unsafe {
                let p = padded.as_ptr();
                let c0 = _mm256_loadu_si256(p.cast());
                let c1 = _mm256_loadu_si256(p.add(32).cast());
                let c2 = _mm256_loadu_si256(p.add(64).cast());
                for (d, band) in out.iter_mut().enumerate() {
                    let k = _mm256_set1_epi8(d as i8 + 1);
                    let bits = |c| _mm256_movemask_epi8(_mm256_cmpeq_epi8(c, k)) as u32 as u64;
                    let low = bits(c0) | bits(c1) << 32;
                    let high = bits(c2);
                    const BAND: u64 = (1 << 27) - 1;
                    *band = [
                        (low & BAND) as u32,
                        (low >> 27 & BAND) as u32,
                        ((low >> 54 | high << 10) & BAND) as u32,
                    ];
                }
            }
            out
        }
        #[inline(always)]
        fn write_digits(digits: &[[u32; 3]; 9], out: &mut [u8; 81]) {
            // Each digit's cells, 32 at a time, become bytes: a byte takes
            // the mask byte its bit is in, keeps its bit and compares; the
            // scalar loop pays a store and a hard-to-predict exit per mask.
            let mut padded = [0u8; 96];
            // SAFETY: AVX2 as above; each unaligned store writes 32 of the
            // 96 bytes of `padded`.
            unsafe {
                let spread = _mm256_setr_epi8(
                    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3,
                    3, 3, 3, 3, 3, 3,
                );
                let bit = _mm256_set1_epi64x(0x8040_2010_0804_0201u64 as i64);
                let mut acc = [_mm256_setzero_si256(); 3];
                for (d, b) in digits.iter().enumerate() {
                    let low = b[0] as u64 | (b[1] as u64) << 27 | (b[2] as u64) << 54;
                    let chunks = [low as u32, (low >> 32) as u32, b[2] >> 10];
                    let k = _mm256_set1_epi8(d as i8 + 1);
                    for (a, &c) in acc.iter_mut().zip(&chunks) {
                        let bytes = _mm256_shuffle_epi8(_mm256_set1_epi32(c as i32), spread);
                        let hit = _mm256_cmpeq_epi8(_mm256_and_si256(bytes, bit), bit);
                        *a = _mm256_or_si256(*a, _mm256_and_si256(hit, k));
                    }
                }
                let p = padded.as_mut_ptr();
                for (i, a) in acc.iter().enumerate() {
                    _mm256_storeu_si256(p.add(32 * i).cast(), *a);
                }
            }
            out.copy_from_slice(&padded[..81]);
        }
    }
}

// The portable lanes are tested through the solver on every target; these
// tests compare the AVX2 lanes with them.
#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Every operation of the AVX2 lanes against the portable ones.
    #[test]
    fn avx2_matches_portable() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        // SAFETY: AVX2 was detected just above.
        unsafe { check_avx2() }
    }

    #[target_feature(enable = "avx2")]
    fn check_avx2() {
        use x86::Avx2;
        fn same(p: Portable, a: Avx2) {
            let mut out = [0; 8];
            a.store(&mut out);
            assert_eq!(p.0, out);
        }
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u32
        };
        for round in 0..2000 {
            let mut a = [0u32; 8];
            let mut b = [0u32; 8];
            for i in 0..8 {
                a[i] = next();
                b[i] = if round % 3 == 0 { a[i] } else { next() };
            }
            let (pa, pb) = (Portable::load(&a), Portable::load(&b));
            let (xa, xb) = (Avx2::load(&a), Avx2::load(&b));
            same(Portable::splat(a[0]), Avx2::splat(a[0]));
            same(pa.and(pb), xa.and(xb));
            same(pa.or(pb), xa.or(xb));
            same(pa.xor(pb), xa.xor(xb));
            same(pa.andnot(pb), xa.andnot(xb));
            same(pa.shr::<9>(), xa.shr::<9>());
            same(pa.shl::<18>(), xa.shl::<18>());
            same(pa.add(pb), xa.add(xb));
            same(pa.sub(pb), xa.sub(xb));
            same(pa.mul(pb), xa.mul(xb));
            same(pa.eq(pb), xa.eq(xb));
            same(pa.rot1(), xa.rot1());
            same(pa.rot2(), xa.rot2());
            same(pa.swap_halves(), xa.swap_halves());
            assert_eq!(pa.and(pb).is_zero(), xa.and(xb).is_zero());
            assert_eq!(Portable::splat(0).is_zero(), Avx2::splat(0).is_zero());
            let mut cells = [0u8; 81];
            for c in cells.iter_mut() {
                *c = (next() % 10) as u8;
            }
            assert_eq!(Portable::digit_cells(&cells), Avx2::digit_cells(&cells));
            // A grid whose cells each hold one digit, back to its bytes.
            let digits = Portable::digit_cells(&cells);
            let (mut p, mut x) = ([0u8; 81], [0u8; 81]);
            Portable::write_digits(&digits, &mut p);
            Avx2::write_digits(&digits, &mut x);
            assert_eq!(p, cells);
            assert_eq!(x, cells);
        }
    }
}
