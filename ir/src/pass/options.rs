//! Typed pass options: what a pass declares, and the parser of `{name=value other=value}`.
//!
//! A pass declares its options as a static table of [`OptionSpec`]s (name, kind, default
//! written as text, help). The text between the braces of `canonicalize{max-iterations=3}`
//! is parsed against that table into [`PassOptions`], which hold one typed value per
//! declared option, in declaration order.
//!
//! Syntax, as MLIR's pass options: options are separated by whitespace; `name=value` sets
//! one; a bare `name` sets a boolean option to true; a value runs to the next unquoted
//! whitespace, and may be quoted (`"a b"`, `'a b'`) or braced (`{a b}`) to hold spaces; a
//! list is comma-separated (`disable-patterns=a,b`).
//!
//! Invariants: parsing never panics; every error carries the byte offset (within the parsed
//! text) of the token it is about, so the pipeline parser can point a caret at it; a parsed
//! [`PassOptions`] holds a value of the declared kind for every declared option.

use std::fmt;

/// The type of an option's value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum OptionKind {
    /// `true`, `false`, `1` or `0`; a bare option name means `true`.
    Bool,
    /// A signed 64-bit integer.
    Int,
    /// An unsigned 64-bit integer.
    UInt,
    /// Any text.
    String,
    /// A comma-separated list of values of the given kind.
    List(&'static OptionKind),
}

impl OptionKind {
    /// The placeholder `--help` shows for a value of this kind: `<uint>`, `<list of string>`.
    pub fn placeholder(self) -> String {
        match self {
            OptionKind::List(element) => {
                let inner = element.placeholder();
                format!("<list of {}>", inner.trim_start_matches('<').trim_end_matches('>'))
            }
            other => format!("<{}>", other.noun()),
        }
    }

    fn noun(self) -> &'static str {
        match self {
            OptionKind::Bool => "bool",
            OptionKind::Int => "int",
            OptionKind::UInt => "uint",
            OptionKind::String => "string",
            OptionKind::List(_) => "list",
        }
    }

    fn expectation(self) -> &'static str {
        match self {
            OptionKind::Bool => "expected 'true' or 'false'",
            OptionKind::Int => "expected an integer",
            OptionKind::UInt => "expected an unsigned integer",
            OptionKind::String => "expected a string",
            OptionKind::List(_) => "expected a comma-separated list",
        }
    }

    /// Parses `text` as a value of this kind, or says what was expected.
    pub fn parse_value(self, text: &str) -> Result<OptionValue, String> {
        let bad = || format!("invalid value '{text}': {}", self.expectation());
        match self {
            OptionKind::Bool => match text {
                "true" | "1" => Ok(OptionValue::Bool(true)),
                "false" | "0" => Ok(OptionValue::Bool(false)),
                _ => Err(bad()),
            },
            OptionKind::Int => text.parse().map(OptionValue::Int).map_err(|_| bad()),
            OptionKind::UInt => text.parse().map(OptionValue::UInt).map_err(|_| bad()),
            OptionKind::String => Ok(OptionValue::String(unquote(text).to_string())),
            OptionKind::List(element) => {
                let text = strip_enclosing_braces(text);
                let mut values = Vec::new();
                if !text.is_empty() {
                    for item in split_top_level(text, ',') {
                        values.push(element.parse_value(unquote(item))?);
                    }
                }
                Ok(OptionValue::List(values))
            }
        }
    }

    /// The value of this kind that stands in for a default that does not parse (which a
    /// registry rejects at registration, so this is only reached by unregistered passes).
    fn zero(self) -> OptionValue {
        match self {
            OptionKind::Bool => OptionValue::Bool(false),
            OptionKind::Int => OptionValue::Int(0),
            OptionKind::UInt => OptionValue::UInt(0),
            OptionKind::String => OptionValue::String(String::new()),
            OptionKind::List(_) => OptionValue::List(Vec::new()),
        }
    }
}

/// One option a pass declares.
#[derive(Copy, Clone, Debug)]
pub struct OptionSpec {
    /// The name in pipelines: `max-iterations`.
    pub name: &'static str,
    pub kind: OptionKind,
    /// The default, written as it would be in a pipeline: `10`, `false`, `a,b`.
    pub default: &'static str,
    /// One line for `--help`.
    pub help: &'static str,
}

impl OptionSpec {
    /// The parsed default value.
    pub fn default_value(&self) -> Result<OptionValue, String> {
        self.kind.parse_value(self.default)
    }
}

/// A parsed option value.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    UInt(u64),
    String(String),
    List(Vec<OptionValue>),
}

impl OptionValue {
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            OptionValue::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_int(&self) -> Option<i64> {
        match self {
            OptionValue::Int(i) => Some(*i),
            _ => None,
        }
    }

    pub fn as_uint(&self) -> Option<u64> {
        match self {
            OptionValue::UInt(u) => Some(*u),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            OptionValue::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[OptionValue]> {
        match self {
            OptionValue::List(items) => Some(items),
            _ => None,
        }
    }
}

/// Writes the value as a pipeline would spell it, quoting strings that need it.
impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::UInt(u) => write!(f, "{u}"),
            OptionValue::String(s) => {
                let plain = !s.is_empty()
                    && !s.chars().any(|c| c.is_whitespace() || matches!(c, ',' | '{' | '}' | '(' | ')' | '"' | '\''));
                if plain {
                    f.write_str(s)
                } else {
                    write!(f, "\"{s}\"")
                }
            }
            OptionValue::List(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{item}")?;
                }
                Ok(())
            }
        }
    }
}

/// A problem in option text, at a byte offset within that text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OptionError {
    pub offset: usize,
    pub message: String,
}

/// The values of a pass's declared options, one per [`OptionSpec`], in declaration order.
#[derive(Clone, Debug)]
pub struct PassOptions {
    specs: &'static [OptionSpec],
    values: Vec<OptionValue>,
}

impl PassOptions {
    /// Every option at its default.
    pub fn defaults(specs: &'static [OptionSpec]) -> PassOptions {
        let values = specs
            .iter()
            .map(|spec| {
                let value = spec.default_value();
                debug_assert!(value.is_ok(), "the default of option '{}' does not parse", spec.name);
                value.unwrap_or_else(|_| spec.kind.zero())
            })
            .collect();
        PassOptions { specs, values }
    }

    /// Parses the text between the braces of `pass{...}` against `specs`; `pass` names the
    /// pass in messages.
    pub fn parse(specs: &'static [OptionSpec], pass: &str, text: &str) -> Result<PassOptions, OptionError> {
        let mut options = PassOptions::defaults(specs);
        let mut seen = vec![false; specs.len()];
        for item in tokenize(text)? {
            let Some(index) = specs.iter().position(|s| s.name == item.name) else {
                let message = if specs.is_empty() {
                    format!("pass '{pass}' has no options, found '{}'", item.name)
                } else {
                    let known: Vec<&str> = specs.iter().map(|s| s.name).collect();
                    format!("unknown option '{}' for pass '{pass}' (options: {})", item.name, known.join(", "))
                };
                return Err(OptionError { offset: item.name_offset, message });
            };
            let spec = &specs[index];
            if seen[index] {
                return Err(OptionError {
                    offset: item.name_offset,
                    message: format!("option '{}' of pass '{pass}' is given twice", spec.name),
                });
            }
            seen[index] = true;
            let value = match (item.value, spec.kind) {
                (None, OptionKind::Bool) => OptionValue::Bool(true),
                (None, kind) => {
                    return Err(OptionError {
                        offset: item.name_offset,
                        message: format!(
                            "option '{}' of pass '{pass}' needs a value: {}",
                            spec.name,
                            kind.placeholder()
                        ),
                    })
                }
                (Some((offset, text)), kind) => kind.parse_value(text).map_err(|message| OptionError {
                    offset,
                    message: format!("option '{}' of pass '{pass}': {message}", spec.name),
                })?,
            };
            options.values[index] = value;
        }
        Ok(options)
    }

    /// The declarations these values are for.
    pub fn specs(&self) -> &'static [OptionSpec] {
        self.specs
    }

    /// The value of option `name`, when declared.
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.specs.iter().position(|s| s.name == name).map(|i| &self.values[i])
    }

    /// Sets option `name`, checking that it is declared with the value's kind.
    pub fn set(&mut self, name: &str, value: OptionValue) -> Result<(), String> {
        let index = self.specs.iter().position(|s| s.name == name).ok_or_else(|| format!("no option '{name}'"))?;
        if std::mem::discriminant(&self.values[index]) != std::mem::discriminant(&value) {
            return Err(format!("option '{name}' is a {}", self.specs[index].kind.placeholder()));
        }
        self.values[index] = value;
        Ok(())
    }

    fn expect(&self, name: &str) -> &OptionValue {
        match self.get(name) {
            Some(value) => value,
            // Reaching this is a bug in the pass (it reads an option it did not declare),
            // never a consequence of user input, which is checked against the declarations.
            None => panic!("pass option '{name}' is not declared"),
        }
    }

    /// The boolean option `name`. Panics when the pass did not declare `name` as a bool (a
    /// bug in the pass, not in its input).
    pub fn bool(&self, name: &str) -> bool {
        self.expect(name).as_bool().unwrap_or_else(|| panic!("pass option '{name}' is not a bool"))
    }

    /// The signed integer option `name`; panics as [`PassOptions::bool`] does.
    pub fn int(&self, name: &str) -> i64 {
        self.expect(name).as_int().unwrap_or_else(|| panic!("pass option '{name}' is not an int"))
    }

    /// The unsigned integer option `name`; panics as [`PassOptions::bool`] does.
    pub fn uint(&self, name: &str) -> u64 {
        self.expect(name).as_uint().unwrap_or_else(|| panic!("pass option '{name}' is not a uint"))
    }

    /// The string option `name`; panics as [`PassOptions::bool`] does.
    pub fn string(&self, name: &str) -> &str {
        self.expect(name).as_str().unwrap_or_else(|| panic!("pass option '{name}' is not a string"))
    }

    /// The list option `name`; panics as [`PassOptions::bool`] does.
    pub fn list(&self, name: &str) -> &[OptionValue] {
        self.expect(name).as_list().unwrap_or_else(|| panic!("pass option '{name}' is not a list"))
    }

    /// The list-of-strings option `name` as strings.
    pub fn string_list(&self, name: &str) -> Vec<&str> {
        self.list(name).iter().filter_map(OptionValue::as_str).collect()
    }
}

/// Writes ` {a=1 b=true}` as a pipeline spells it: every option, in declaration order, or
/// nothing for a pass without options.
impl fmt::Display for PassOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.specs.is_empty() {
            return Ok(());
        }
        f.write_str("{")?;
        for (i, (spec, value)) in self.specs.iter().zip(&self.values).enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}={value}", spec.name)?;
        }
        f.write_str("}")
    }
}

/// One `name` or `name=value` of option text, with byte offsets.
struct OptionItem<'t> {
    name: &'t str,
    name_offset: usize,
    value: Option<(usize, &'t str)>,
}

/// Splits option text into items, checking quotes and braces.
fn tokenize(text: &str) -> Result<Vec<OptionItem<'_>>, OptionError> {
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let name_offset = i;
        while i < bytes.len() && bytes[i] != b'=' && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let name = &text[name_offset..i];
        if name.is_empty() {
            return Err(OptionError { offset: name_offset, message: "expected an option name before '='".to_string() });
        }
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            let value_offset = i;
            i = skip_value(text, i)?;
            items.push(OptionItem { name, name_offset, value: Some((value_offset, &text[value_offset..i])) });
        } else {
            items.push(OptionItem { name, name_offset, value: None });
        }
    }
    Ok(items)
}

/// The end of the value starting at `start`: the next whitespace outside quotes and braces.
fn skip_value(text: &str, start: usize) -> Result<usize, OptionError> {
    let bytes = text.as_bytes();
    let mut i = start;
    let mut depth = 0usize;
    while i < bytes.len() {
        match bytes[i] {
            b'"' | b'\'' => i = skip_quoted(text, i)?,
            b'{' => {
                depth += 1;
                i += 1;
            }
            b'}' if depth > 0 => {
                depth -= 1;
                i += 1;
            }
            c if c.is_ascii_whitespace() && depth == 0 => break,
            _ => i += 1,
        }
    }
    Ok(i)
}

/// The offset just past the quoted string that starts at `start`.
pub(crate) fn skip_quoted(text: &str, start: usize) -> Result<usize, OptionError> {
    let bytes = text.as_bytes();
    let quote = bytes[start];
    match bytes[start + 1..].iter().position(|&b| b == quote) {
        Some(len) => Ok(start + 1 + len + 1),
        None => Err(OptionError { offset: start, message: "unterminated quoted string".to_string() }),
    }
}

/// Removes one level of quotes or braces around a value.
fn unquote(text: &str) -> &str {
    let bytes = text.as_bytes();
    if bytes.len() >= 2 {
        let (first, last) = (bytes[0], bytes[bytes.len() - 1]);
        if (first == b'"' && last == b'"') || (first == b'\'' && last == b'\'') || (first == b'{' && last == b'}') {
            return &text[1..text.len() - 1];
        }
    }
    text
}

/// `a,b` for `{a,b}`, when the first brace closes at the end; otherwise `text`.
fn strip_enclosing_braces(text: &str) -> &str {
    if !text.starts_with('{') {
        return text;
    }
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return if i + 1 == text.len() { &text[1..i] } else { text };
                }
            }
            _ => {}
        }
    }
    text
}

/// Splits `text` at `sep` outside quotes and braces.
fn split_top_level(text: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{') => depth += 1,
            (None, '}') => depth = depth.saturating_sub(1),
            (None, c) if c == sep && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPECS: &[OptionSpec] = &[
        OptionSpec { name: "max-iterations", kind: OptionKind::UInt, default: "10", help: "iterations" },
        OptionSpec { name: "offset", kind: OptionKind::Int, default: "-1", help: "an offset" },
        OptionSpec { name: "verbose", kind: OptionKind::Bool, default: "false", help: "talk" },
        OptionSpec { name: "label", kind: OptionKind::String, default: "", help: "a label" },
        OptionSpec { name: "disable", kind: OptionKind::List(&OptionKind::String), default: "", help: "names" },
        OptionSpec { name: "sizes", kind: OptionKind::List(&OptionKind::UInt), default: "1,2", help: "sizes" },
    ];

    fn parse(text: &str) -> Result<PassOptions, OptionError> {
        PassOptions::parse(SPECS, "p", text)
    }

    #[test]
    fn defaults_apply_when_nothing_is_given() {
        let options = parse("").expect("empty options parse");
        assert_eq!(options.uint("max-iterations"), 10);
        assert_eq!(options.int("offset"), -1);
        assert!(!options.bool("verbose"));
        assert_eq!(options.string("label"), "");
        assert!(options.list("disable").is_empty());
        assert_eq!(options.list("sizes"), &[OptionValue::UInt(1), OptionValue::UInt(2)]);
    }

    #[test]
    fn every_kind_parses() {
        let options = parse("  max-iterations=3 offset=-7 verbose label=\"a b\" disable=x,'y z' sizes={4,5}")
            .expect("options parse");
        assert_eq!(options.uint("max-iterations"), 3);
        assert_eq!(options.int("offset"), -7);
        assert!(options.bool("verbose"));
        assert_eq!(options.string("label"), "a b");
        assert_eq!(options.string_list("disable"), vec!["x", "y z"]);
        assert_eq!(options.list("sizes"), &[OptionValue::UInt(4), OptionValue::UInt(5)]);
        assert_eq!(
            options.to_string(),
            "{max-iterations=3 offset=-7 verbose=true label=\"a b\" disable=x,\"y z\" sizes=4,5}"
        );
    }

    #[test]
    fn explicit_booleans_parse() {
        assert!(parse("verbose=1").expect("parses").bool("verbose"));
        assert!(!parse("verbose=false").expect("parses").bool("verbose"));
    }

    #[test]
    fn errors_point_at_their_token() {
        let err = |text: &str| parse(text).expect_err("must fail");
        assert_eq!(
            err("verbose nope=1"),
            OptionError {
                offset: 8,
                message: "unknown option 'nope' for pass 'p' (options: max-iterations, offset, verbose, label, disable, sizes)"
                    .to_string()
            }
        );
        assert_eq!(
            err("max-iterations=-3"),
            OptionError {
                offset: 15,
                message: "option 'max-iterations' of pass 'p': invalid value '-3': expected an unsigned integer"
                    .to_string()
            }
        );
        assert_eq!(
            err("verbose=maybe"),
            OptionError {
                offset: 8,
                message: "option 'verbose' of pass 'p': invalid value 'maybe': expected 'true' or 'false'".to_string()
            }
        );
        assert_eq!(
            err("offset"),
            OptionError { offset: 0, message: "option 'offset' of pass 'p' needs a value: <int>".to_string() }
        );
        assert_eq!(
            err("verbose verbose"),
            OptionError { offset: 8, message: "option 'verbose' of pass 'p' is given twice".to_string() }
        );
        assert_eq!(err(" =3"), OptionError { offset: 1, message: "expected an option name before '='".to_string() });
        assert_eq!(err("label=\"abc"), OptionError { offset: 6, message: "unterminated quoted string".to_string() });
        assert_eq!(
            err("sizes=1,x"),
            OptionError {
                offset: 6,
                message: "option 'sizes' of pass 'p': invalid value 'x': expected an unsigned integer".to_string()
            }
        );
    }

    #[test]
    fn a_pass_without_options_says_so() {
        let error = PassOptions::parse(&[], "cse", "x=1").expect_err("must fail");
        assert_eq!(error.message, "pass 'cse' has no options, found 'x'");
    }

    #[test]
    fn placeholders_name_the_kind() {
        assert_eq!(OptionKind::UInt.placeholder(), "<uint>");
        assert_eq!(OptionKind::List(&OptionKind::String).placeholder(), "<list of string>");
    }

    #[test]
    fn set_checks_the_kind() {
        let mut options = PassOptions::defaults(SPECS);
        assert!(options.set("max-iterations", OptionValue::UInt(2)).is_ok());
        assert_eq!(options.uint("max-iterations"), 2);
        assert!(options.set("max-iterations", OptionValue::Bool(true)).is_err());
        assert!(options.set("nope", OptionValue::Bool(true)).is_err());
    }
}
