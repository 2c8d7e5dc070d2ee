//! Attempts at one puzzle: each from a random stream of its own, so that
//! they can run side by side and the puzzle still depends only on the
//! seed and its index.
//!
//! A puzzle asked with a clue count, a rating or a minimal symmetric
//! pattern takes many solution grids before one fits (`generate --clues
//! 19 -n 1`: hundreds), one after the other on one core while the others
//! had nothing to do.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Words of the random stream each attempt may draw before it would reach
/// the next one's: a 64x64 grid's attempt draws a few hundred thousand.
const WORDS_PER_ATTEMPT: u128 = 1 << 40;

/// The random numbers of attempt `attempt` (from 1) at the puzzle `index`
/// of `seed`. Attempt 1 starts where a single stream per puzzle starts.
pub(crate) fn attempt_rng(seed: u64, index: u64, attempt: u32) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng.set_word_pos(u128::from(attempt - 1) * WORDS_PER_ATTEMPT);
    rng
}

/// The first of attempts `1..=max` for which `attempt` gives something,
/// with its number: the same whatever the threads. Attempt 1 runs alone
/// (most puzzles need no other); after it, with the feature `parallel`,
/// each of rayon's threads takes the next attempt in turn, and an attempt
/// above one that succeeded is not begun. Every attempt below the one
/// returned has run and failed, so it is the first one, as one thread
/// would find it; when the other threads are busy (a batch of puzzles),
/// the attempts run one after the other on this one.
pub(crate) fn first_success<T: Send>(
    max: u32,
    attempt: impl Fn(u32) -> Option<T> + Sync,
) -> Option<(u32, T)> {
    if max == 0 {
        return None;
    }
    if let Some(made) = attempt(1) {
        return Some((1, made));
    }
    #[cfg(feature = "parallel")]
    if rayon::current_num_threads() > 1 {
        return side_by_side(2, max, attempt);
    }
    (2..=max).find_map(|a| attempt(a).map(|made| (a, made)))
}

/// Attempts `from..=max` on every thread of rayon's pool, each taking
/// the next number in turn; the lowest that succeeds.
#[cfg(feature = "parallel")]
fn side_by_side<T: Send>(
    from: u32,
    max: u32,
    attempt: impl Fn(u32) -> Option<T> + Sync,
) -> Option<(u32, T)> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(u64::from(from));
    let best = AtomicU64::new(u64::MAX);
    let found: Mutex<Option<(u32, T)>> = Mutex::new(None);
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads() {
            scope.spawn(|_| {
                loop {
                    let a = next.fetch_add(1, Ordering::Relaxed);
                    if a > u64::from(max) || a > best.load(Ordering::Relaxed) {
                        break;
                    }
                    let a = a as u32;
                    if let Some(made) = attempt(a) {
                        let mut found = found.lock().expect("no attempt panicked");
                        if found.as_ref().is_none_or(|(b, _)| a < *b) {
                            *found = Some((a, made));
                        }
                        best.fetch_min(u64::from(a), Ordering::Relaxed);
                        // Every number this thread would take next is higher.
                        break;
                    }
                }
            });
        }
    });
    found.into_inner().expect("no attempt panicked")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// Attempt `a` succeeds when `a` is in `wins`.
    fn first_of(wins: &'static [u32], max: u32) -> Option<(u32, u32)> {
        first_success(max, |a| wins.contains(&a).then_some(a * 10))
    }

    fn check_first_success() {
        assert_eq!(first_of(&[1, 2], 10), Some((1, 10)));
        assert_eq!(first_of(&[9, 4, 30], 100), Some((4, 40)));
        assert_eq!(first_of(&[7], 6), None);
        assert_eq!(first_of(&[6], 6), Some((6, 60)));
        assert_eq!(first_of(&[], 50), None);
        assert_eq!(first_of(&[1], 0), None);
        // Slow early attempts: later ones finish first on other threads,
        // and still the lowest is kept.
        let made = first_success(64, |a| {
            if a < 8 {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            (a % 5 == 3).then_some(a)
        });
        assert_eq!(made, Some((3, 3)));
    }

    #[test]
    fn the_first_attempt_that_succeeds_is_returned() {
        check_first_success();
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn the_first_attempt_that_succeeds_is_returned_whatever_the_threads() {
        for threads in [1, 2, 5] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(check_first_success);
        }
    }

    #[test]
    fn attempts_draw_streams_of_their_own_and_the_first_the_puzzles() {
        let mut one = ChaCha8Rng::seed_from_u64(4);
        one.set_stream(9);
        let draw = |mut rng: ChaCha8Rng| -> Vec<u64> { (0..8).map(|_| rng.random()).collect() };
        assert_eq!(draw(attempt_rng(4, 9, 1)), draw(one));
        assert_ne!(draw(attempt_rng(4, 9, 2)), draw(attempt_rng(4, 9, 1)));
        assert_ne!(draw(attempt_rng(4, 9, 2)), draw(attempt_rng(4, 10, 2)));
        assert_eq!(draw(attempt_rng(4, 9, 2)), draw(attempt_rng(4, 9, 2)));
    }
}
