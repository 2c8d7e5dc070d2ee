//! Aligned pair exclusion: two cells cannot take a pair of digits that
//! would empty a bivalue cell seeing both.

use crate::Candidates;
use crate::bits::{self, PEERS};
use crate::step::{Candidate, Step, Technique, cell_name, elim_list, rating};

/// The first aligned pair exclusion (6.2).
pub fn aligned_pair(c: &Candidates) -> Option<Step> {
    let mut bivalue = 0u128;
    for x in 0..81 {
        if c.count(x) == 2 {
            bivalue |= bits::bit(x);
        }
    }
    // Base cells: two or more candidates and a bivalue peer.
    let base: Vec<usize> = (0..81)
        .filter(|&x| c.count(x) >= 2 && PEERS[x] & bivalue != 0)
        .collect();
    for (i, &a) in base.iter().enumerate() {
        for &b in &base[i + 1..] {
            let excluders = PEERS[a] & PEERS[b] & bivalue;
            // Sudoku Explainer also counts a bivalue base cell seeing the other.
            let mut counted = bits::count(excluders);
            for (x, y) in [(a, b), (b, a)] {
                if c.count(x) == 2 && PEERS[y] >> x & 1 == 1 {
                    counted += 1;
                }
            }
            if excluders == 0 || counted < 2 {
                continue;
            }
            let ex_masks: Vec<u16> = bits::cells(excluders).map(|x| c.mask(x)).collect();
            let see = PEERS[a] >> b & 1 == 1;
            let (mut ok_a, mut ok_b) = (0u16, 0u16);
            for va in c.digits(a) {
                for vb in c.digits(b) {
                    if va == vb && see {
                        continue;
                    }
                    let pair = bits::dbit(va) | bits::dbit(vb);
                    if ex_masks.iter().any(|&m| m & !pair == 0) {
                        continue;
                    }
                    ok_a |= bits::dbit(va);
                    ok_b |= bits::dbit(vb);
                }
            }
            let mut elims = Vec::new();
            for d in bits::digits(c.mask(a) & !ok_a) {
                elims.push(Candidate::new(a, d));
            }
            for d in bits::digits(c.mask(b) & !ok_b) {
                elims.push(Candidate::new(b, d));
            }
            if elims.is_empty() {
                continue;
            }
            let exs: Vec<String> = bits::cells(excluders).map(cell_name).collect();
            return Some(Step {
                technique: Technique::AlignedPairExclusion,
                rating: rating(62),
                placements: vec![],
                eliminations: elims.clone(),
                cells: [a, b]
                    .into_iter()
                    .chain(bits::cells(excluders))
                    .map(|x| x as u8)
                    .collect(),
                candidates: [a, b]
                    .into_iter()
                    .chain(bits::cells(excluders))
                    .flat_map(|x| c.digits(x).map(move |d| Candidate::new(x, d)))
                    .collect(),
                explanation: format!(
                    "{} and {} both see {}; every pair of digits they could take would either repeat a digit or leave one of those bivalue cells empty, except pairs without these candidates: {}.",
                    cell_name(a),
                    cell_name(b),
                    exs.join(", "),
                    elim_list(&elims)
                ),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::{cell, empty, set_marks};

    #[test]
    fn pair_exclusion() {
        // r1c1 {1,2,3} and r1c2 {1,2}; bivalue r1c5 {1,3} and r1c9 {2,3} see both.
        let mut c = empty();
        set_marks(&mut c, "r1c1", "123");
        set_marks(&mut c, "r1c2", "12");
        set_marks(&mut c, "r1c5", "13");
        set_marks(&mut c, "r1c9", "23");
        let s = aligned_pair(&c).unwrap();
        assert_eq!(s.technique, Technique::AlignedPairExclusion);
        // r1c1=3 leaves r1c2 1 or 2: (3,1) empties r1c5, (3,2) empties r1c9.
        assert!(s.eliminations.contains(&Candidate::new(cell("r1c1"), 3)));
    }
}
