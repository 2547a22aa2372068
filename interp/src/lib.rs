//! Reference interpreter of the hlo dialect (filled by a later issue).
