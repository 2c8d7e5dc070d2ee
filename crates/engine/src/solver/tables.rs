//! Lookup tables for the band engine, all built at compile time.
//!
//! A band is three rows; within a band a cell is bit `row * 9 + col` of a
//! 27-bit mask. A "minirow" is the three cells of a row inside one box; the
//! minirow pattern of a digit in a band is 9 bits, bit `row * 3 + box`.

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The minirows (bits 0-2) that hold any cell of a 9-bit row.
pub(super) static ROW_TO_MINIROWS: [u8; 512] = build_row_to_minirows();

/// For a minirow pattern, the cells that some placement of the digit can
/// still use: the union of the permutations (one minirow per row and per
/// box) inside the pattern, as a 27-bit cell mask. Zero when there is none,
/// which means the digit no longer fits in the band.
pub(super) static MINIROWS_TO_CELLS: [u32; 512] = build_minirows_to_cells();

/// For the 9-bit set of columns a digit can use in a band: the cells the
/// other two bands keep. A box whose digit is confined to one column claims
/// that column in every band.
pub(super) static COLUMNS_TO_OTHER_BANDS: [u32; 512] = build_columns_to_other_bands();

/// For a cell of a band: the band minus the cell's row and box peers (the
/// cell itself stays), to place a digit there.
pub(super) static PLACE: [u32; 27] = build_place();

/// How many permutations (placements of a digit in a band) fit a minirow
/// pattern.
#[allow(dead_code)] // for guess selection experiments
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
const PERMS: [[usize; 3]; 6] = [
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

const fn build_minirows_to_cells() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut union = 0u32;
        let mut i = 0;
        while i < 6 {
            let m = perm_minirows(PERMS[i]);
            if s as u32 & m == m {
                union |= m;
            }
            i += 1;
        }
        let mut cells = 0u32;
        let mut j = 0;
        while j < 9 {
            if union & (1 << j) != 0 {
                cells |= 7 << (3 * j);
            }
            j += 1;
        }
        t[s] = cells;
        s += 1;
    }
    t
}

#[allow(dead_code)]
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

const fn build_columns_to_other_bands() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut keep = BAND;
        let mut k = 0;
        while k < 3 {
            let b: usize = (cols >> (3 * k)) & 7;
            if b == 1 || b == 2 || b == 4 {
                let col = 3 * k + b.trailing_zeros() as usize;
                keep &= !(0o001_001_001 << col);
            }
            k += 1;
        }
        t[cols] = keep;
        cols += 1;
    }
    t
}

const fn build_place() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut c = 0;
    while c < 27 {
        let (row, col) = (c / 9, c % 9);
        let mut keep = BAND;
        let mut o = 0;
        while o < 27 {
            let (r, k) = (o / 9, o % 9);
            if o != c && (r == row || k / 3 == col / 3) {
                keep &= !(1 << o);
            }
            o += 1;
        }
        t[c] = keep;
        c += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_pattern_allows_everything() {
        assert_eq!(MINIROWS_TO_CELLS[511], BAND);
        assert_eq!(CONFIG_COUNT[511], 6);
        assert_eq!(MINIROWS_TO_CELLS[0], 0);
    }

    #[test]
    fn diagonal_pattern_is_one_placement() {
        let diag = 0b100_010_001;
        assert_eq!(CONFIG_COUNT[diag], 1);
        assert_eq!(MINIROWS_TO_CELLS[diag], 0o700_070_007);
        // Row 0 only in box 0 forbids box 0 elsewhere.
        assert_eq!(MINIROWS_TO_CELLS[0b111_111_001] & 0o007_007_000, 0);
    }

    #[test]
    fn place_keeps_cell_and_clears_peers() {
        let keep = PLACE[10]; // row 1, column 1
        assert!(keep & (1 << 10) != 0);
        assert_eq!(keep & 0o000_777_000, 1 << 10);
        assert_eq!(keep & 0o007_007_007, 1 << 10);
        assert_eq!((!keep & BAND).count_ones(), 8 + 8 - 2);
    }

    #[test]
    fn single_column_in_box_is_claimed() {
        let keep = COLUMNS_TO_OTHER_BANDS[0b111_111_010];
        assert_eq!(!keep & BAND, 0o002_002_002);
        assert_eq!(COLUMNS_TO_OTHER_BANDS[511], BAND);
    }
}
