//! The `#[op]` procedural macro: declares IR operations from annotated Rust structs.
