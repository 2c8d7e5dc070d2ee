//! Serialize and Deserialize (feature `serde`): cells and houses as their
//! names (`"r3c5"`, `"b5"`), digits as numbers, sets as lists, a grid as its
//! 81-character line, so that JSON reads like the command's output.

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, SerializeSeq, Serializer};

use super::{Cell, CellSet, Digit, DigitSet, Grid, House, PencilMarks};

/// Reads a value from its text form through `FromStr`.
struct TextVisitor<T>(std::marker::PhantomData<T>, &'static str);

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

/// Serialize through `Display`, deserialize through `FromStr`.
macro_rules! as_text {
    ($ty:ty, $expecting:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(TextVisitor(std::marker::PhantomData, $expecting))
            }
        }
    };
}

as_text!(Cell, "a cell name such as r3c5");
as_text!(House, "a house name such as row 3, column 5 or b5");
as_text!(Grid, "a puzzle such as an 81-character line");
as_text!(PencilMarks, "pencil marks such as a 729-character line");

impl Serialize for Digit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.get())
    }
}

impl<'de> Deserialize<'de> for Digit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = u8::deserialize(d)?;
        Digit::try_new(value)
            .ok_or_else(|| de::Error::custom(format!("{value} is not a digit 1-9")))
    }
}

impl Serialize for CellSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for cell in self.iter() {
            seq.serialize_element(&cell)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for CellSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Cell>::deserialize(d)?.into_iter().collect())
    }
}

impl Serialize for DigitSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for d in self.iter() {
            seq.serialize_element(&d)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for DigitSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Digit>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_reads_like_the_command() {
        let cell = Cell::at(2, 4);
        assert_eq!(serde_json::to_string(&cell).unwrap(), r#""r3c5""#);
        assert_eq!(serde_json::from_str::<Cell>(r#""r3c5""#).unwrap(), cell);
        assert!(serde_json::from_str::<Cell>(r#""r0c5""#).is_err());
        let house = House::block(4);
        assert_eq!(serde_json::to_string(&house).unwrap(), r#""b5""#);
        assert_eq!(
            serde_json::from_str::<House>(r#""row 3""#).unwrap(),
            House::row(2)
        );
        assert_eq!(serde_json::to_string(&Digit::new(7)).unwrap(), "7");
        assert!(serde_json::from_str::<Digit>("0").is_err());
        let set: DigitSet = [1, 6].into_iter().map(Digit::new).collect();
        assert_eq!(serde_json::to_string(&set).unwrap(), "[1,6]");
        assert_eq!(serde_json::from_str::<DigitSet>("[1,6]").unwrap(), set);
        let cells = House::row(0).cells() & House::block(0).cells();
        let json = serde_json::to_string(&cells).unwrap();
        assert_eq!(json, r#"["r1c1","r1c2","r1c3"]"#);
        assert_eq!(serde_json::from_str::<CellSet>(&json).unwrap(), cells);
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid: Grid = line.parse().unwrap();
        assert_eq!(serde_json::to_string(&grid).unwrap(), format!("\"{line}\""));
        assert_eq!(
            serde_json::from_str::<Grid>(&format!("\"{line}\"")).unwrap(),
            grid
        );
    }
}
