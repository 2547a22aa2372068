//! Runtime (filled by a later issue).
