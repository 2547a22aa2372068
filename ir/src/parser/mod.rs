//! Parser placeholder.
pub struct OpParser;
