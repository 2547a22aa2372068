//! Readers of XLA HLO text and StableHLO text (filled by a later issue).
