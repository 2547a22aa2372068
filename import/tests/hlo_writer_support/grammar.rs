//! A checker of XLA's HLO text grammar, for tests: XLA's lexer (`hlo_lexer.cc`, the token
//! rules ported one by one) and the structure its parser (`hlo_parser.cc`) reads: the
//! `HloModule` header, computations in the short (`name {`) and long
//! (`%name (p: shape) -> shape {`) forms, instructions `[ROOT] name = shape opcode(operands),
//! attr=value, ...` with operands in the short (`x.1`) and long (`f32[2]{0} %x.1`) forms.
//!
//! It checks what the parser would reject: tokens that do not lex, malformed shapes,
//! unknown opcodes, attributes an opcode does not take or lacks, operands that are not
//! defined earlier in their computation, computations referenced before they are defined,
//! names defined twice, two ROOTs, and a module without exactly one ENTRY. It does not infer
//! shapes. The corpus files (`*.hlo` of the shared benchmark corpus), printed by XLA itself, all
//! pass it (see `hlo_writer_grammar.rs`).

use std::collections::HashSet;

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Eof,
    Equal,
    Comma,
    Colon,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Arrow,
    Leq,
    Question,
    Star,
    Plus,
    Tilde,
    Octothorp,
    Dots,
    /// A keyword: `HloModule`, `ENTRY`, `ROOT`, `true`, ...
    Keyword(String),
    /// `name:` or `%name`.
    Name(String),
    /// `name=`.
    AttributeName(String),
    PrimitiveType(String),
    Ident(String),
    DimLabels(String),
    DxD(String),
    Pad(String),
    Int(String),
    Decimal(String),
    NegInf,
    Str(String),
}

const PRIMITIVE_TYPES: &[&str] = &[
    "pred", "s1", "s2", "s4", "s8", "s16", "s32", "s64", "u1", "u2", "u4", "u8", "u16", "u32", "u64", "f16", "bf16", "f32",
    "f64", "c64", "c128", "token", "opaque", "f8e5m2", "f8e4m3", "f8e4m3fn", "f8e4m3b11fnuz", "f8e5m2fnuz", "f8e4m3fnuz",
    "f8e3m4", "f8e8m0fnu", "f4e2m1fn", "f6e2m3fn", "f6e3m2fn",
];

const KEYWORDS: &[&str] = &[
    "true", "false", "inf", "HloModule", "ENTRY", "ROOT", "FileLocations", "FileNames", "FunctionNames", "StackFrames",
    "maximal", "replicated", "manual", "last_tile_dim_replicate", "shard_as", "shard_like", "unknown", "unreduced",
];

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'.' || c == b'_'
}

/// Tokenizes `text` as XLA's lexer does, or says where it fails.
pub fn lex(text: &str) -> Result<Vec<Tok>, String> {
    let s = text.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    let at = |i: usize| {
        let line = text[..i.min(text.len())].matches('\n').count() + 1;
        format!("line {line}")
    };
    while i < s.len() {
        let c = s[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            b'/' if s.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").ok_or_else(|| format!("{}: unterminated comment", at(i)))?;
                i += 2 + end + 2;
            }
            b'/' if s.get(i + 1) == Some(&b'/') => {
                while i < s.len() && s[i] != b'\n' {
                    i += 1;
                }
            }
            b'=' => {
                out.push(Tok::Equal);
                i += 1;
            }
            b',' => {
                out.push(Tok::Comma);
                i += 1;
            }
            b':' => {
                out.push(Tok::Colon);
                i += 1;
            }
            b'[' => {
                out.push(Tok::LSquare);
                i += 1;
            }
            b']' => {
                out.push(Tok::RSquare);
                i += 1;
            }
            b'{' => {
                out.push(Tok::LBrace);
                i += 1;
            }
            b'}' => {
                out.push(Tok::RBrace);
                i += 1;
            }
            b'(' => {
                out.push(Tok::LParen);
                i += 1;
            }
            b')' => {
                out.push(Tok::RParen);
                i += 1;
            }
            b'*' => {
                out.push(Tok::Star);
                i += 1;
            }
            b'+' => {
                out.push(Tok::Plus);
                i += 1;
            }
            b'~' => {
                out.push(Tok::Tilde);
                i += 1;
            }
            b'#' => {
                out.push(Tok::Octothorp);
                i += 1;
            }
            b'<' if s.get(i + 1) == Some(&b'=') => {
                out.push(Tok::Leq);
                i += 2;
            }
            b'.' if text[i..].starts_with("...") => {
                out.push(Tok::Dots);
                i += 3;
            }
            b'"' | b'\'' => {
                let quote = c;
                let mut j = i + 1;
                let mut value = String::new();
                loop {
                    match s.get(j) {
                        None => return Err(format!("{}: unterminated string", at(i))),
                        Some(b'\\') => {
                            value.push('\\');
                            j += 1;
                            if let Some(&e) = s.get(j) {
                                value.push(e as char);
                            }
                            j += 1;
                        }
                        Some(&q) if q == quote => break,
                        Some(&b) => {
                            value.push(b as char);
                            j += 1;
                        }
                    }
                }
                out.push(Tok::Str(value));
                i = j + 1;
            }
            b'%' => {
                let start = i + 1;
                if !s.get(start).is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_') {
                    return Err(format!("{}: '%' not followed by a name", at(i)));
                }
                let mut j = start + 1;
                while j < s.len() && is_ident_char(s[j]) {
                    j += 1;
                }
                out.push(Tok::Name(text[start..j].to_string()));
                i = j;
            }
            b'-' if s.get(i + 1) == Some(&b'>') => {
                out.push(Tok::Arrow);
                i += 2;
            }
            b'0'..=b'9' | b'-' | b'?' => {
                let rest = &text[i..];
                if let Some(n) = float_len(rest) {
                    out.push(Tok::Decimal(rest[..n].to_string()));
                    i += n;
                } else if let Some(n) = dim_labels_len(rest) {
                    out.push(Tok::DimLabels(rest[..n].to_string()));
                    i += n;
                } else if let Some(n) = dxd_len(rest) {
                    out.push(Tok::DxD(rest[..n].to_string()));
                    i += n;
                } else if let Some(n) = pad_len(rest) {
                    out.push(Tok::Pad(rest[..n].to_string()));
                    i += n;
                } else if let Some(n) = int_len(rest) {
                    out.push(Tok::Int(rest[..n].to_string()));
                    i += n;
                } else if rest.starts_with("-inf") {
                    out.push(Tok::NegInf);
                    i += 4;
                } else if rest.starts_with("-nan") {
                    i += 4 + nan_payload_len(&text[i + 4..]);
                    out.push(Tok::Decimal("-nan".into()));
                } else if c == b'?' {
                    out.push(Tok::Question);
                    i += 1;
                } else {
                    return Err(format!("{}: cannot lex {:?}", at(i), &rest[..rest.len().min(20)]));
                }
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let mut j = i + 1;
                while j < s.len() && is_ident_char(s[j]) {
                    j += 1;
                }
                let word = &text[i..j];
                if s.get(j) == Some(&b':') {
                    out.push(Tok::Name(word.to_string()));
                    i = j + 1;
                } else if s.get(j) == Some(&b'=') {
                    out.push(Tok::AttributeName(word.to_string()));
                    i = j + 1;
                } else if PRIMITIVE_TYPES.contains(&word) {
                    out.push(Tok::PrimitiveType(word.to_string()));
                    i = j;
                } else if word == "nan" {
                    out.push(Tok::Decimal("nan".into()));
                    i = j + nan_payload_len(&text[j..]);
                } else if KEYWORDS.contains(&word) {
                    out.push(Tok::Keyword(word.to_string()));
                    i = j;
                } else if let Some(n) = dim_labels_len(&text[i..]) {
                    out.push(Tok::DimLabels(text[i..i + n].to_string()));
                    i += n;
                } else {
                    out.push(Tok::Ident(word.to_string()));
                    i = j;
                }
            }
            _ => return Err(format!("{}: unexpected character {:?}", at(i), c as char)),
        }
    }
    out.push(Tok::Eof);
    Ok(out)
}

fn digits(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && s[i].is_ascii_digit() {
        i += 1;
    }
    i
}

/// `[-]?((\d+|\d+[.]\d*|\d*[.]\d+)([eE][+-]?\d+))|[-]?(\d+[.]\d*|\d*[.]\d+)`.
fn float_len(t: &str) -> Option<usize> {
    let s = t.as_bytes();
    let mut i = usize::from(s.first() == Some(&b'-'));
    let int_end = digits(s, i);
    let has_int = int_end > i;
    i = int_end;
    let mut has_point = false;
    let mut has_frac = false;
    if s.get(i) == Some(&b'.') {
        has_point = true;
        let frac_end = digits(s, i + 1);
        has_frac = frac_end > i + 1;
        i = frac_end;
    }
    if !has_int && !has_frac {
        return None;
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        if matches!(s.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let exp_end = digits(s, j);
        if exp_end > j {
            return Some(exp_end);
        }
    }
    has_point.then_some(i)
}

/// `[0-9bf?]{2,}_[0-9io?]{2,}->[0-9bf?]{2,}`.
fn dim_labels_len(t: &str) -> Option<usize> {
    let s = t.as_bytes();
    let run = |mut i: usize, ok: fn(u8) -> bool| {
        let start = i;
        while i < s.len() && ok(s[i]) {
            i += 1;
        }
        (i - start >= 2).then_some(i)
    };
    let bf = |c: u8| c.is_ascii_digit() || c == b'b' || c == b'f' || c == b'?';
    let io = |c: u8| c.is_ascii_digit() || c == b'i' || c == b'o' || c == b'?';
    let i = run(0, bf)?;
    if s.get(i) != Some(&b'_') {
        return None;
    }
    let i = run(i + 1, io)?;
    if !t[i..].starts_with("->") {
        return None;
    }
    run(i + 2, bf)
}

/// `[0-9]+(x[0-9]+)+`.
fn dxd_len(t: &str) -> Option<usize> {
    let s = t.as_bytes();
    let mut i = digits(s, 0);
    if i == 0 {
        return None;
    }
    let mut parts = 1;
    while s.get(i) == Some(&b'x') && s.get(i + 1).is_some_and(u8::is_ascii_digit) {
        i = digits(s, i + 1);
        parts += 1;
    }
    (parts > 1).then_some(i)
}

/// `[-]?[0-9]+_[-]?[0-9]+(_[0-9]+)?(x[-]?[0-9]+_[-]?[0-9]+(_[0-9]+)?)*`.
fn pad_len(t: &str) -> Option<usize> {
    let s = t.as_bytes();
    let signed = |i: usize| {
        let j = i + usize::from(s.get(i) == Some(&b'-'));
        let end = digits(s, j);
        (end > j).then_some(end)
    };
    let one = |i: usize| -> Option<usize> {
        let i = signed(i)?;
        if s.get(i) != Some(&b'_') {
            return None;
        }
        let mut i = signed(i + 1)?;
        if s.get(i) == Some(&b'_') {
            let end = digits(s, i + 1);
            if end > i + 1 {
                i = end;
            }
        }
        Some(i)
    };
    let mut i = one(0)?;
    while s.get(i) == Some(&b'x') {
        match one(i + 1) {
            Some(j) => i = j,
            None => break,
        }
    }
    Some(i)
}

/// `[-]?\d+`.
fn int_len(t: &str) -> Option<usize> {
    let s = t.as_bytes();
    let j = usize::from(s.first() == Some(&b'-'));
    let end = digits(s, j);
    (end > j).then_some(end)
}

/// The length of a `(0x...)` NaN payload at the start of `t`, or 0.
fn nan_payload_len(t: &str) -> usize {
    if let Some(rest) = t.strip_prefix("(0x") {
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        if hex > 0 && rest.as_bytes().get(hex) == Some(&b')') {
            return 3 + hex + 1;
        }
    }
    0
}

/// Opcodes and the attributes each takes (beyond those every instruction may carry).
const OPCODES: &[(&str, &[&str])] = &[
    ("parameter", &["parameter_replication"]),
    ("constant", &[]),
    ("iota", &["iota_dimension"]),
    ("abs", &[]), ("ceil", &[]), ("floor", &[]), ("cosine", &["result_accuracy"]), ("sine", &["result_accuracy"]),
    ("tan", &["result_accuracy"]), ("tanh", &["result_accuracy"]), ("exponential", &["result_accuracy"]),
    ("exponential-minus-one", &["result_accuracy"]), ("log", &["result_accuracy"]), ("log-plus-one", &["result_accuracy"]),
    ("logistic", &["result_accuracy"]), ("negate", &[]), ("not", &[]), ("popcnt", &[]), ("count-leading-zeros", &[]),
    ("real", &[]), ("imag", &[]), ("is-finite", &[]), ("round-nearest-afz", &[]), ("round-nearest-even", &[]),
    ("rsqrt", &["result_accuracy"]), ("sqrt", &["result_accuracy"]), ("cbrt", &["result_accuracy"]), ("sign", &[]),
    ("erf", &["result_accuracy"]), ("copy", &[]), ("bitcast", &[]), ("opt-barrier", &[]),
    ("add", &[]), ("subtract", &[]), ("multiply", &[]), ("divide", &[]), ("remainder", &[]), ("maximum", &[]),
    ("minimum", &[]), ("power", &[]), ("atan2", &[]), ("and", &[]), ("or", &[]), ("xor", &[]), ("shift-left", &[]),
    ("shift-right-arithmetic", &[]), ("shift-right-logical", &[]), ("complex", &[]),
    ("select", &[]), ("clamp", &[]), ("convert", &[]), ("bitcast-convert", &[]),
    ("compare", &["direction", "type"]),
    ("reduce-precision", &["exponent_bits", "mantissa_bits"]),
    ("reshape", &["inferred_dimension"]),
    ("transpose", &["dimensions"]),
    ("broadcast", &["dimensions"]),
    ("concatenate", &["dimensions"]),
    ("slice", &["slice"]),
    ("dynamic-slice", &["dynamic_slice_sizes"]),
    ("dynamic-update-slice", &[]),
    ("pad", &["padding"]),
    ("reverse", &["dimensions"]),
    ("get-dimension-size", &["dimensions"]),
    ("set-dimension-size", &["dimensions"]),
    ("gather", &["offset_dims", "collapsed_slice_dims", "start_index_map", "index_vector_dim", "slice_sizes", "indices_are_sorted", "operand_batching_dims", "start_indices_batching_dims"]),
    ("scatter", &["update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims", "index_vector_dim", "to_apply", "indices_are_sorted", "unique_indices", "input_batching_dims", "scatter_indices_batching_dims"]),
    ("sort", &["dimensions", "is_stable", "to_apply"]),
    ("tuple", &[]),
    ("get-tuple-element", &["index"]),
    ("reduce-window", &["window", "to_apply"]),
    ("select-and-scatter", &["select", "scatter", "window"]),
    ("convolution", &["window", "dim_labels", "feature_group_count", "batch_group_count", "conv_kind", "operand_precision"]),
    ("dot", &["lhs_contracting_dims", "rhs_contracting_dims", "lhs_batch_dims", "rhs_batch_dims", "operand_precision", "algorithm"]),
    ("fft", &["fft_type", "fft_length"]),
    ("cholesky", &["lower"]),
    ("triangular-solve", &["left_side", "lower", "unit_diagonal", "transpose_a"]),
    ("batch-norm-inference", &["epsilon", "feature_index"]),
    ("batch-norm-training", &["epsilon", "feature_index"]),
    ("batch-norm-grad", &["epsilon", "feature_index"]),
    ("call", &["to_apply", "is_composite"]),
    ("while", &["condition", "body"]),
    ("conditional", &["true_computation", "false_computation", "branch_computations"]),
    ("map", &["to_apply", "dimensions"]),
    ("reduce", &["to_apply", "dimensions"]),
    ("custom-call", &["custom_call_target", "window", "dim_labels", "feature_group_count", "batch_group_count", "operand_layout_constraints", "custom_call_has_side_effect", "to_apply", "called_computations", "output_to_operand_aliasing", "padding_type", "literal", "operand_precision", "schedule", "api_version"]),
    ("after-all", &[]),
    ("infeed", &["infeed_config"]),
    ("outfeed", &["outfeed_config", "outfeed_shape"]),
    ("send", &["channel_id", "is_host_transfer"]),
    ("send-done", &["channel_id", "is_host_transfer"]),
    ("recv", &["channel_id", "is_host_transfer"]),
    ("recv-done", &["channel_id", "is_host_transfer"]),
    ("all-gather", &["replica_groups", "channel_id", "dimensions", "constrain_layout", "use_global_device_ids"]),
    ("all-reduce", &["to_apply", "replica_groups", "channel_id", "constrain_layout", "use_global_device_ids", "mode"]),
    ("reduce-scatter", &["to_apply", "replica_groups", "channel_id", "constrain_layout", "use_global_device_ids", "mode", "dimensions"]),
    ("all-to-all", &["replica_groups", "channel_id", "dimensions", "constrain_layout"]),
    ("collective-permute", &["source_target_pairs", "channel_id", "slice_sizes"]),
    ("collective-broadcast", &["replica_groups", "channel_id"]),
    ("replica-id", &[]),
    ("partition-id", &[]),
    ("rng", &["distribution"]),
    ("rng-bit-generator", &["algorithm"]),
    ("fusion", &["calls", "kind", "output_to_operand_aliasing"]),
];

/// Attributes of the opcodes that require them.
const REQUIRED: &[(&str, &[&str])] = &[
    ("iota", &["iota_dimension"]),
    ("compare", &["direction"]),
    ("reduce-precision", &["exponent_bits", "mantissa_bits"]),
    ("transpose", &["dimensions"]),
    ("concatenate", &["dimensions"]),
    ("slice", &["slice"]),
    ("dynamic-slice", &["dynamic_slice_sizes"]),
    ("pad", &["padding"]),
    ("reverse", &["dimensions"]),
    ("get-dimension-size", &["dimensions"]),
    ("set-dimension-size", &["dimensions"]),
    ("gather", &["offset_dims", "collapsed_slice_dims", "start_index_map", "index_vector_dim", "slice_sizes"]),
    ("scatter", &["update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims", "index_vector_dim", "to_apply"]),
    ("sort", &["dimensions", "to_apply"]),
    ("get-tuple-element", &["index"]),
    ("reduce-window", &["to_apply"]),
    ("select-and-scatter", &["select", "scatter"]),
    ("convolution", &["dim_labels"]),
    ("fft", &["fft_type", "fft_length"]),
    ("batch-norm-inference", &["epsilon", "feature_index"]),
    ("batch-norm-training", &["epsilon", "feature_index"]),
    ("batch-norm-grad", &["epsilon", "feature_index"]),
    ("call", &["to_apply"]),
    ("while", &["condition", "body"]),
    ("map", &["to_apply"]),
    ("reduce", &["to_apply", "dimensions"]),
    ("custom-call", &["custom_call_target"]),
    ("all-gather", &["dimensions"]),
    ("all-reduce", &["to_apply"]),
    ("reduce-scatter", &["to_apply", "dimensions"]),
    ("collective-permute", &["source_target_pairs"]),
    ("rng", &["distribution"]),
    ("rng-bit-generator", &["algorithm"]),
    ("fusion", &["calls", "kind"]),
];

/// Attributes every instruction may carry.
const COMMON: &[&str] = &["metadata", "sharding", "backend_config", "frontend_attributes", "statistics_viz", "control-predecessors", "origin"];

/// Attributes whose value names one computation, and those naming a braced list of them.
const COMPUTATION_ATTRS: &[&str] = &["to_apply", "condition", "body", "select", "scatter", "true_computation", "false_computation", "calls"];
const COMPUTATION_LIST_ATTRS: &[&str] = &["branch_computations", "called_computations"];

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    computations: HashSet<String>,
    instruction_names: HashSet<String>,
}

/// Checks `text` against XLA's HLO text grammar (see the module documentation).
pub fn check(text: &str) -> Result<(), String> {
    let toks = lex(text)?;
    let mut p = Parser { toks, pos: 0, computations: HashSet::new(), instruction_names: HashSet::new() };
    p.module()
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn peek_at(&self, n: usize) -> &Tok {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)]
    }

    fn bump(&mut self) -> Tok {
        let t = self.peek().clone();
        self.pos += 1;
        t
    }

    fn expect(&mut self, t: Tok) -> Result<(), String> {
        let got = self.bump();
        if got == t {
            Ok(())
        } else {
            Err(format!("expected {t:?}, found {got:?} (token {})", self.pos - 1))
        }
    }

    fn module(&mut self) -> Result<(), String> {
        self.expect(Tok::Keyword("HloModule".into()))?;
        match self.bump() {
            Tok::Ident(_) | Tok::Name(_) => {}
            t => return Err(format!("expected the module name, found {t:?}")),
        }
        while *self.peek() == Tok::Comma {
            self.bump();
            let Tok::AttributeName(name) = self.bump() else { return Err("expected a module attribute".into()) };
            if name == "entry_computation_layout" {
                self.expect(Tok::LBrace)?;
                self.shape_list_in_parens()?;
                self.expect(Tok::Arrow)?;
                self.shape()?;
                self.expect(Tok::RBrace)?;
            } else {
                self.value()?;
            }
        }
        let mut entries = 0;
        loop {
            match self.peek().clone() {
                Tok::Eof => break,
                Tok::Keyword(k) if ["FileNames", "FunctionNames", "FileLocations", "StackFrames"].contains(&k.as_str()) => {
                    self.bump();
                    while matches!(self.peek(), Tok::Int(_)) {
                        self.bump();
                        self.value()?;
                    }
                }
                _ => {
                    if self.computation()? {
                        entries += 1;
                    }
                }
            }
        }
        if entries != 1 {
            return Err(format!("expected exactly one ENTRY computation, found {entries}"));
        }
        Ok(())
    }

    /// Parses one computation; returns whether it is the ENTRY.
    fn computation(&mut self) -> Result<bool, String> {
        let entry = *self.peek() == Tok::Keyword("ENTRY".into());
        if entry {
            self.bump();
        }
        let name = match self.bump() {
            Tok::Ident(n) | Tok::Name(n) => n,
            t => return Err(format!("expected a computation name, found {t:?}")),
        };
        if *self.peek() == Tok::LParen {
            self.bump();
            while *self.peek() != Tok::RParen {
                let Tok::Name(_) = self.bump() else { return Err(format!("expected `param:` in the signature of {name}")) };
                self.shape()?;
                if *self.peek() == Tok::Comma {
                    self.bump();
                }
            }
            self.bump();
            self.expect(Tok::Arrow)?;
            self.shape()?;
        }
        self.expect(Tok::LBrace)?;
        let mut defined = HashSet::new();
        let mut roots = 0;
        while *self.peek() != Tok::RBrace {
            if self.instruction(&mut defined)? {
                roots += 1;
            }
        }
        self.bump();
        if roots > 1 {
            return Err(format!("computation {name} has {roots} ROOTs"));
        }
        if !self.computations.insert(name.clone()) {
            return Err(format!("computation {name} is defined twice"));
        }
        Ok(entry)
    }

    /// Parses one instruction; returns whether it is the ROOT.
    fn instruction(&mut self, defined: &mut HashSet<String>) -> Result<bool, String> {
        let root = *self.peek() == Tok::Keyword("ROOT".into());
        if root {
            self.bump();
        }
        let name = match self.bump() {
            Tok::Ident(n) | Tok::Name(n) => n,
            t => return Err(format!("expected an instruction name, found {t:?}")),
        };
        self.expect(Tok::Equal)?;
        self.shape()?;
        let opcode = match self.bump() {
            Tok::Ident(o) => o,
            t => return Err(format!("{name}: expected an opcode, found {t:?}")),
        };
        let Some((_, allowed)) = OPCODES.iter().find(|(o, _)| *o == opcode) else {
            return Err(format!("{name}: unknown opcode {opcode}"));
        };
        self.expect(Tok::LParen)?;
        match opcode.as_str() {
            "parameter" => {
                let Tok::Int(_) = self.bump() else { return Err(format!("{name}: parameter needs its number")) };
                self.expect(Tok::RParen)?;
            }
            "constant" => self.balanced_until_rparen(&name)?,
            _ => {
                while *self.peek() != Tok::RParen {
                    if matches!(self.peek(), Tok::PrimitiveType(_) | Tok::LParen) {
                        self.shape()?;
                    }
                    let operand = match self.bump() {
                        Tok::Ident(n) | Tok::Name(n) => n,
                        t => return Err(format!("{name}: expected an operand name, found {t:?}")),
                    };
                    if !defined.contains(&operand) {
                        return Err(format!("{name}: operand {operand} is not defined before it"));
                    }
                    match self.peek() {
                        Tok::Comma => {
                            self.bump();
                        }
                        Tok::RParen => {}
                        t => return Err(format!("{name}: expected ',' or ')' after an operand, found {t:?}")),
                    }
                }
                self.bump();
            }
        }
        let mut seen: Vec<String> = Vec::new();
        while *self.peek() == Tok::Comma {
            self.bump();
            let Tok::AttributeName(attr) = self.bump() else { return Err(format!("{name}: expected `attribute=`")) };
            if !allowed.contains(&attr.as_str()) && !COMMON.contains(&attr.as_str()) {
                return Err(format!("{name}: {opcode} takes no attribute {attr}"));
            }
            if seen.contains(&attr) {
                return Err(format!("{name}: attribute {attr} is given twice"));
            }
            if COMPUTATION_ATTRS.contains(&attr.as_str()) {
                let callee = match self.bump() {
                    Tok::Ident(n) | Tok::Name(n) => n,
                    t => return Err(format!("{name}: {attr} needs a computation name, found {t:?}")),
                };
                if !self.computations.contains(&callee) {
                    return Err(format!("{name}: {attr} names {callee}, which is not defined before it"));
                }
            } else if COMPUTATION_LIST_ATTRS.contains(&attr.as_str()) {
                self.expect(Tok::LBrace)?;
                while *self.peek() != Tok::RBrace {
                    let callee = match self.bump() {
                        Tok::Ident(n) | Tok::Name(n) => n,
                        t => return Err(format!("{name}: {attr} needs computation names, found {t:?}")),
                    };
                    if !self.computations.contains(&callee) {
                        return Err(format!("{name}: {attr} names {callee}, which is not defined before it"));
                    }
                    if *self.peek() == Tok::Comma {
                        self.bump();
                    }
                }
                self.bump();
            } else {
                self.value()?;
            }
            seen.push(attr);
        }
        if let Some((_, required)) = REQUIRED.iter().find(|(o, _)| *o == opcode) {
            for r in *required {
                if !seen.iter().any(|s| s == r) {
                    return Err(format!("{name}: {opcode} requires attribute {r}"));
                }
            }
        }
        if !self.instruction_names.insert(name.clone()) {
            return Err(format!("instruction {name} is defined twice"));
        }
        defined.insert(name);
        Ok(root)
    }

    /// Skips a literal up to and including the `)` that closes `constant(`.
    fn balanced_until_rparen(&mut self, name: &str) -> Result<(), String> {
        let mut depth = 0;
        loop {
            match self.bump() {
                Tok::LParen | Tok::LBrace => depth += 1,
                Tok::RBrace => depth -= 1,
                Tok::RParen if depth == 0 => return Ok(()),
                Tok::RParen => depth -= 1,
                Tok::Int(_) | Tok::Decimal(_) | Tok::NegInf | Tok::Comma => {}
                Tok::Keyword(k) if ["true", "false", "inf"].contains(&k.as_str()) => {}
                t => return Err(format!("{name}: unexpected {t:?} in a literal")),
            }
        }
    }

    /// Skips one attribute value: a balanced `{...}` or `(...)` group, or one token.
    fn value(&mut self) -> Result<(), String> {
        match self.bump() {
            Tok::LBrace => self.skip_group(Tok::RBrace),
            Tok::LParen => self.skip_group(Tok::RParen),
            Tok::Eof | Tok::Comma | Tok::RBrace | Tok::RParen => Err("expected an attribute value".into()),
            _ => Ok(()),
        }
    }

    fn skip_group(&mut self, close: Tok) -> Result<(), String> {
        let mut depth = 1;
        while depth > 0 {
            match self.bump() {
                Tok::Eof => return Err(format!("unclosed group, expected {close:?}")),
                Tok::LBrace | Tok::LParen => depth += 1,
                Tok::RBrace | Tok::RParen => depth -= 1,
                _ => {}
            }
        }
        Ok(())
    }

    fn shape_list_in_parens(&mut self) -> Result<(), String> {
        self.expect(Tok::LParen)?;
        while *self.peek() != Tok::RParen {
            self.shape()?;
            match self.peek() {
                Tok::Comma => {
                    self.bump();
                }
                Tok::RParen => {}
                t => return Err(format!("expected ',' or ')' in a shape list, found {t:?}")),
            }
        }
        self.bump();
        Ok(())
    }

    /// `type[dims]{layout}` or a tuple of shapes.
    fn shape(&mut self) -> Result<(), String> {
        match self.bump() {
            Tok::LParen => {
                self.pos -= 1;
                self.shape_list_in_parens()
            }
            Tok::PrimitiveType(_) => {
                self.expect(Tok::LSquare)?;
                while *self.peek() != Tok::RSquare {
                    match self.bump() {
                        Tok::Int(_) | Tok::Question => {}
                        Tok::Leq => {
                            let Tok::Int(_) = self.bump() else { return Err("expected a bound after <=".into()) };
                        }
                        t => return Err(format!("expected a dimension, found {t:?}")),
                    }
                    match self.peek() {
                        Tok::Comma => {
                            self.bump();
                        }
                        Tok::RSquare => {}
                        t => return Err(format!("expected ',' or ']' in dimensions, found {t:?}")),
                    }
                }
                self.bump();
                if *self.peek() == Tok::LBrace && matches!(self.peek_at(1), Tok::Int(_) | Tok::RBrace) {
                    self.bump();
                    self.skip_group(Tok::RBrace)?;
                }
                Ok(())
            }
            t => Err(format!("expected a shape, found {t:?}")),
        }
    }
}
