//! Digits 1-9 and sets of them (a cell's candidates).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// A digit 1-9.
///
/// ```
/// use sudoku_engine::Digit;
///
/// let seven = Digit::new(7);
/// assert_eq!(seven.get(), 7);
/// assert_eq!(seven.index(), 6);
/// assert_eq!(seven.to_string(), "7");
/// assert_eq!(Digit::try_new(0), None);
/// assert_eq!(Digit::all().count(), 9);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(u8);

impl Digit {
    /// The digit `d` (1-9).
    ///
    /// # Panics
    /// When `d` is not 1-9.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Digit::new(1).get(), 1);
    /// ```
    #[inline]
    pub const fn new(d: u8) -> Digit {
        assert!(d >= 1 && d <= 9, "digits are 1-9");
        Digit(d)
    }

    /// The digit `d`, or `None` when it is not 1-9.
    ///
    /// ```
    /// assert!(sudoku_engine::Digit::try_new(10).is_none());
    /// ```
    #[inline]
    pub const fn try_new(d: u8) -> Option<Digit> {
        if d >= 1 && d <= 9 {
            Some(Digit(d))
        } else {
            None
        }
    }

    /// The digit's value, 1-9.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Digit::new(9).get(), 9);
    /// ```
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The digit's value minus one (0-8), for indexing tables.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Digit::new(1).index(), 0);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The digits 1 to 9 in order.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::Digit::all().last().unwrap().get(), 9);
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = Digit> + ExactSizeIterator + Clone {
        (1..=9u8).map(Digit)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<Digit> for u8 {
    fn from(d: Digit) -> u8 {
        d.0
    }
}

impl TryFrom<u8> for Digit {
    type Error = u8;

    /// The digit, or the value back when it is not 1-9.
    fn try_from(d: u8) -> Result<Digit, u8> {
        Digit::try_new(d).ok_or(d)
    }
}

/// The nine bits a set may use.
const MASK: u16 = 0x1FF;

/// A set of digits, such as a cell's candidates: bit `d - 1` is digit `d`.
///
/// ```
/// use sudoku_engine::{Digit, DigitSet};
///
/// let marks: DigitSet = [1, 6, 7, 9].into_iter().map(Digit::new).collect();
/// assert_eq!(marks.len(), 4);
/// assert!(marks.contains(Digit::new(6)));
/// assert_eq!(marks.to_string(), "1679");
/// assert_eq!((!marks).to_string(), "23458");
/// assert_eq!(marks.bits(), 0b1_0110_0001);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(MASK);

    /// The set whose bit `d - 1` is digit `d`; bits above 8 are dropped.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::DigitSet::from_bits(0b11).to_string(), "12");
    /// ```
    #[inline]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & MASK)
    }

    /// The bits: bit `d - 1` is digit `d`.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::DigitSet::ALL.bits(), 0x1FF);
    /// ```
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding one digit.
    ///
    /// ```
    /// use sudoku_engine::{Digit, DigitSet};
    /// assert_eq!(DigitSet::single(Digit::new(3)).bits(), 0b100);
    /// ```
    #[inline]
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(1 << (d.0 - 1))
    }

    /// Whether the digit is in the set.
    ///
    /// ```
    /// use sudoku_engine::{Digit, DigitSet};
    /// assert!(DigitSet::ALL.contains(Digit::new(5)));
    /// ```
    #[inline]
    pub const fn contains(self, d: Digit) -> bool {
        self.0 >> (d.0 - 1) & 1 == 1
    }

    /// Adds a digit; returns whether it was new.
    ///
    /// ```
    /// use sudoku_engine::{Digit, DigitSet};
    /// let mut set = DigitSet::EMPTY;
    /// assert!(set.insert(Digit::new(2)));
    /// assert_eq!(set.len(), 1);
    /// ```
    #[inline]
    pub fn insert(&mut self, d: Digit) -> bool {
        let new = !self.contains(d);
        self.0 |= 1 << (d.0 - 1);
        new
    }

    /// Removes a digit; returns whether it was there.
    ///
    /// ```
    /// use sudoku_engine::{Digit, DigitSet};
    /// let mut set = DigitSet::ALL;
    /// assert!(set.remove(Digit::new(2)));
    /// assert!(!set.remove(Digit::new(2)));
    /// ```
    #[inline]
    pub fn remove(&mut self, d: Digit) -> bool {
        let was = self.contains(d);
        self.0 &= !(1 << (d.0 - 1));
        was
    }

    /// How many digits are in the set.
    ///
    /// ```
    /// assert_eq!(sudoku_engine::DigitSet::ALL.len(), 9);
    /// ```
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no digit.
    ///
    /// ```
    /// assert!(sudoku_engine::DigitSet::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    ///
    /// ```
    /// use sudoku_engine::DigitSet;
    /// assert_eq!(DigitSet::from_bits(0b110).first().map(|d| d.get()), Some(2));
    /// ```
    #[inline]
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(Digit(self.0.trailing_zeros() as u8 + 1))
        }
    }

    /// The only digit of a one-digit set, else `None`.
    ///
    /// ```
    /// use sudoku_engine::{Digit, DigitSet};
    /// assert_eq!(DigitSet::single(Digit::new(4)).single_digit(), Some(Digit::new(4)));
    /// assert_eq!(DigitSet::ALL.single_digit(), None);
    /// ```
    #[inline]
    pub const fn single_digit(self) -> Option<Digit> {
        if self.0.count_ones() == 1 {
            self.first()
        } else {
            None
        }
    }

    /// The digits in increasing order.
    ///
    /// ```
    /// use sudoku_engine::DigitSet;
    /// let ds: Vec<u8> = DigitSet::from_bits(0b101).iter().map(|d| d.get()).collect();
    /// assert_eq!(ds, [1, 3]);
    /// ```
    #[inline]
    pub const fn iter(self) -> Digits {
        Digits(self.0)
    }
}

/// The digits of a [`DigitSet`] in increasing order; see [`DigitSet::iter`].
#[derive(Clone, Copy, Debug)]
pub struct Digits(u16);

impl Iterator for Digits {
    type Item = Digit;

    #[inline]
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(Digit(d))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Digits {}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = Digits;

    fn into_iter(self) -> Digits {
        self.iter()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

impl From<Digit> for DigitSet {
    fn from(d: Digit) -> DigitSet {
        DigitSet::single(d)
    }
}

impl BitAnd for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl BitXor for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitxor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 ^ rhs.0)
    }
}

impl Sub for DigitSet {
    type Output = DigitSet;
    /// The digits of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & !rhs.0)
    }
}

impl Not for DigitSet {
    type Output = DigitSet;
    /// The digits 1-9 that are not in the set.
    #[inline]
    fn not(self) -> DigitSet {
        DigitSet(!self.0 & MASK)
    }
}

impl BitAndAssign for DigitSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: DigitSet) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for DigitSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: DigitSet) {
        self.0 |= rhs.0;
    }
}

impl fmt::Display for DigitSet {
    /// The digits written together, `1679`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DigitSet({self})")
    }
}
