//! Lookup tables for the band engine, all built at compile time.
//!
//! A band is three rows; within a band a cell is bit `row * 10 + col` of a
//! 30-bit mask (bit 9 of each row is a spare bit, always 0, that a carry
//! can run into). A "minirow" is the three cells of a row inside one box; the
//! minirow pattern of a digit in a band is 9 bits, bit `row * 3 + box`.

/// The first cell of each row of a band.
pub(super) const ROW_LOW: u32 = 1 | 1 << 10 | 1 << 20;

/// All 27 cells of a band.
pub(super) const BAND: u32 = 0o777 * ROW_LOW;

/// The first cell of every minirow of a band.
pub(super) const MARKS: u32 = 0o111 * ROW_LOW;

/// The cells of minirow `j` (row `j / 3`, box `j % 3`) of a band.
pub(super) const fn minirow_cells(j: usize) -> u32 {
    7 << (10 * (j / 3) + 3 * (j % 3))
}

/// The minirows (bits 0-2) that hold any cell of a 9-bit row.
pub(super) static ROW_TO_MINIROWS: [u8; 512] = build_row_to_minirows();

/// Bit `j` of a 9-bit value moved to bit `3 * j`.
pub(super) static SPREAD9: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 9 {
            if x & (1 << j) != 0 {
                t[x] |= 1 << (3 * j);
            }
            j += 1;
        }
        x += 1;
    }
    t
};

/// Bits 0, 3 and 6 of a 9-bit value moved to bits 0, 1 and 2.
pub(super) static GATHER9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = ((x & 1) | ((x >> 2) & 2) | ((x >> 4) & 4)) as u8;
        x += 1;
    }
    t
};

/// For a minirow pattern, the minirows that every permutation inside it
/// uses; zero when none fits. (The engine computes this with bit operations
/// on patterns closed under the band rule; tests check it against this.)
#[cfg(test)]
pub(super) static MUST_MINIROWS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut s = 0;
    while s < 512 {
        let mut inter = 0o777u32;
        let mut any = false;
        let mut i = 0;
        while i < 6 {
            let m = perm_minirows(PERMS[i]);
            if s as u32 & m == m {
                inter &= m;
                any = true;
            }
            i += 1;
        }
        t[s] = if any { inter as u16 } else { 0 };
        s += 1;
    }
    t
};

/// How many permutations (placements of a digit in a band) fit a minirow
/// pattern.
pub(super) static CONFIG_COUNT: [u8; 512] = build_config_count();

const fn build_row_to_minirows() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
}

/// The six permutations box -> row.
pub(super) const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn perm_minirows(p: [usize; 3]) -> u32 {
    (1 << (p[0] * 3)) | (1 << (p[1] * 3 + 1)) | (1 << (p[2] * 3 + 2))
}

/// For a minirow pattern, which of the six permutations fit (bit per
/// permutation, in the order of [`PERM_CELLS`]).
pub(super) static PERMS_FITTING: [u8; 512] = build_perms_fitting();

/// The cells of each permutation.
pub(super) static PERM_CELLS: [u32; 6] = build_perm_cells();

const fn build_perms_fitting() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 6 {
            let m = perm_minirows(PERMS[i]);
            if s as u32 & m == m {
                t[s] |= 1 << i;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn build_perm_cells() -> [u32; 6] {
    let mut t = [0u32; 6];
    let mut i = 0;
    while i < 6 {
        let m = perm_minirows(PERMS[i]);
        let mut j = 0;
        while j < 9 {
            if m & (1 << j) != 0 {
                t[i] |= minirow_cells(j);
            }
            j += 1;
        }
        i += 1;
    }
    t
}

const fn build_config_count() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut i = 0;
        while i < 6 {
            let m = perm_minirows(PERMS[i]);
            if s as u32 & m == m {
                t[s] += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_pattern_allows_everything() {
        assert_eq!(CONFIG_COUNT[511], 6);
        assert_eq!(PERMS_FITTING[511], 0b11_1111);
        assert_eq!(MUST_MINIROWS[511], 0);
        assert_eq!(CONFIG_COUNT[0], 0);
        assert_eq!(MUST_MINIROWS[0], 0);
    }

    #[test]
    fn diagonal_pattern_is_one_placement() {
        let diag = 0b100_010_001;
        assert_eq!(CONFIG_COUNT[diag], 1);
        assert_eq!(MUST_MINIROWS[diag], diag as u16);
        let k = PERMS_FITTING[diag].trailing_zeros() as usize;
        assert_eq!(PERM_CELLS[k], 0o700 << 20 | 0o070 << 10 | 0o007);
        // Row 0 only in box 0 forbids box 0 elsewhere.
        assert_eq!(CONFIG_COUNT[0b111_111_001], 2);
        assert_eq!(MUST_MINIROWS[0b111_111_001], 0b000_000_001);
    }

    #[test]
    fn every_permutation_is_three_cells_per_row_and_box() {
        let mut union = 0;
        for &cells in &PERM_CELLS {
            for unit in 0..3 {
                let row = (cells >> (10 * unit)) & 0o777;
                assert_eq!(row, 7 << row.trailing_zeros());
                assert_eq!((cells & ((0o007 * ROW_LOW) << (3 * unit))).count_ones(), 3);
            }
            union |= cells;
        }
        assert_eq!(union, BAND);
    }
}
