//! Shared drivers of the command-line tools.

pub mod expected;
pub mod split;
