//! Human-style solving: techniques, hints and ratings.
