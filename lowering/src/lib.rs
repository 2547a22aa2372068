//! Lowering (filled by a later issue).
