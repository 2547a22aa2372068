//! The reader of XLA HLO text (filled by the HLO text reader work).
