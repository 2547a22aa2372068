//! `--verify-diagnostics`: the test file states the diagnostics it expects in comments, and
//! the tool checks the diagnostics it emitted against them instead of printing them.
//!
//! ```text
//! %0 = "hlo.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>  // expected-error {{2 operands}}
//! // expected-error @+1 {{expects 2 operands}}
//! %1 = "hlo.add"(%a) : (tensor<2xf32>) -> tensor<2xf32>
//! // expected-note @-1 {{operand defined here}}
//! // expected-warning @below {{applies to the next line without a designator}}
//! // expected-remark @above {{applies to the last line without a designator}}
//! // expected-error @unknown {{a diagnostic with no file location}}
//! ```
//!
//! The grammar and the behaviour are MLIR's (`SourceMgrDiagnosticVerifierHandler`):
//! `expected-(error|warning|note|remark)`, optional spaces, an optional designator
//! (`@+N`, `@-N`, `@above`, `@below`, `@unknown`), optional spaces, and `{{MESSAGE}}` running
//! to the end of the line. MESSAGE must be a substring of the emitted message. Notes attached
//! to a diagnostic are checked like diagnostics of their own, so the caller passes them too.
//! A line that does not match this grammar is an ordinary line, exactly as in MLIR.
//! `@above` and `@below` skip lines that hold a designator; blank lines count as lines.
//!
//! Failures mirror mlir-opt's wording (`expected error "..." was not produced`,
//! `unexpected error: ...`) and are plain data: the tool renders them with its own
//! diagnostics, at the comment or at the emitted diagnostic's location.
//!
//! Differences from MLIR, each making a silently vacuous test fail instead:
//! `expected-*-re` (regex messages) is reported as unsupported; `@-N` before the input's
//! first line and `@below` with no line below are reported at the comment.

use xla_ir::Severity;

/// Where an expected diagnostic must be emitted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// On this 1-based line of the original file.
    Line(u32),
    /// At an unknown location (`@unknown`): no line in the file.
    Unknown,
}

/// One `expected-*` comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub severity: Severity,
    pub target: Target,
    /// Must be a substring of the emitted message; empty matches any message.
    pub message: String,
    /// 1-based line of the original file where the comment sits.
    pub line: u32,
    /// 1-based byte column of `expected-` on that line.
    pub col: u32,
}

/// What a `--verify-diagnostics` run found wrong. `line`/`col` point into the original file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// An expectation no emitted diagnostic matched; reported at the comment.
    NotProduced {
        severity: Severity,
        message: String,
        line: u32,
        col: u32,
    },
    /// An emitted diagnostic no expectation matched; reported at the diagnostic's own
    /// location. `index` is its position in the list given to [`verify`].
    Unexpected {
        index: usize,
        severity: Severity,
        line: Option<u32>,
        message: String,
    },
    /// A diagnostic matched an expectation's line and message but not its severity;
    /// reported at the comment (which is also reported as not produced).
    WrongSeverity {
        expected: Severity,
        emitted: Severity,
        line: u32,
        col: u32,
    },
    /// A comment that cannot be honoured; reported at the comment.
    Malformed { reason: String, line: u32, col: u32 },
}

impl Failure {
    /// The text of the error to report, in mlir-opt's words.
    pub fn message(&self) -> String {
        match self {
            Failure::NotProduced {
                severity, message, ..
            } => {
                format!(
                    "expected {} \"{message}\" was not produced",
                    severity.name()
                )
            }
            Failure::Unexpected {
                severity, message, ..
            } => {
                format!("unexpected {}: {message}", severity.name())
            }
            Failure::WrongSeverity {
                expected, emitted, ..
            } => format!(
                "'{}' diagnostic emitted when expecting a '{}'",
                emitted.name(),
                expected.name()
            ),
            Failure::Malformed { reason, .. } => reason.clone(),
        }
    }

    /// `(line, col)` of the comment the failure is about; `None` for [`Failure::Unexpected`],
    /// which the caller reports at the emitted diagnostic's location.
    pub fn comment_location(&self) -> Option<(u32, u32)> {
        match *self {
            Failure::NotProduced { line, col, .. }
            | Failure::WrongSeverity { line, col, .. }
            | Failure::Malformed { line, col, .. } => Some((line, col)),
            Failure::Unexpected { .. } => None,
        }
    }
}

/// The expectations of one input (a file, or one chunk of a split file).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expectations {
    pub expected: Vec<Expectation>,
    /// Comments that cannot be honoured: failures whatever is emitted.
    pub malformed: Vec<Failure>,
}

/// How a parsed comment places its target.
enum Designator {
    Here,
    Offset(i64),
    Above,
    Below,
    Unknown,
}

/// One `expected-*` comment as written, before its target line is resolved.
struct Parsed {
    severity: Severity,
    regex: bool,
    designator: Designator,
    message: String,
    /// 0-based byte offset of `expected-` in the line.
    offset: usize,
}

/// Parses every `expected-*` comment of `text`, whose first line is line `first_line` of the
/// original file (see [`crate::split::Chunk`]).
pub fn parse_expectations(text: &str, first_line: u32) -> Expectations {
    let mut out = Expectations::default();
    let mut lines: Vec<&str> = text.split('\n').collect();
    if text.ends_with('\n') {
        lines.pop(); // No line after the final terminator.
    }
    // The last line without a designator (`@above`), and the expectations waiting for the
    // next one (`@below`), as indices into `out.expected`.
    let mut last_plain = first_line;
    let mut waiting_below: Vec<usize> = Vec::new();

    for (index, raw) in lines.iter().enumerate() {
        let line = first_line + index as u32;
        let Some(parsed) = parse_line(raw.trim_end()) else {
            for i in waiting_below.drain(..) {
                out.expected[i].target = Target::Line(line);
            }
            last_plain = line;
            continue;
        };
        let col = parsed.offset as u32 + 1;
        if parsed.regex {
            out.malformed.push(Failure::Malformed {
                reason: format!(
                    "expected-{}-re is not supported: match a substring with expected-{}",
                    parsed.severity.name(),
                    parsed.severity.name()
                ),
                line,
                col,
            });
            continue;
        }
        let target = match parsed.designator {
            Designator::Here => Target::Line(line),
            Designator::Unknown => Target::Unknown,
            Designator::Above => Target::Line(last_plain),
            Designator::Below => {
                waiting_below.push(out.expected.len());
                Target::Line(line) // Resolved by the next line without a designator.
            }
            Designator::Offset(delta) => {
                let to = i64::from(line) + delta;
                if to < i64::from(first_line) || to > i64::from(u32::MAX) {
                    out.malformed.push(Failure::Malformed {
                        reason: format!(
                            "expected-{}@{delta:+} points outside the input",
                            parsed.severity.name()
                        ),
                        line,
                        col,
                    });
                    continue;
                }
                Target::Line(to as u32)
            }
        };
        out.expected.push(Expectation {
            severity: parsed.severity,
            target,
            message: parsed.message,
            line,
            col,
        });
    }

    // `@below` on the last lines: nothing to point at.
    let mut index = 0;
    let malformed = &mut out.malformed;
    out.expected.retain(|e| {
        let dangling = waiting_below.contains(&index);
        index += 1;
        if dangling {
            malformed.push(Failure::Malformed {
                reason: format!("expected-{}@below has no line below it", e.severity.name()),
                line: e.line,
                col: e.col,
            });
        }
        !dangling
    });
    out
}

/// The first `expected-*` comment of a line (MLIR's regular expression, unanchored, applied
/// to the line without trailing whitespace).
fn parse_line(line: &str) -> Option<Parsed> {
    line.match_indices("expected-")
        .find_map(|(offset, _)| parse_at(&line[offset..], offset))
}

/// `expected-KIND(-re)? *(@DESIGNATOR)? *{{MESSAGE}}` followed by the end of `s`.
fn parse_at(s: &str, offset: usize) -> Option<Parsed> {
    let s = s.strip_prefix("expected-")?;
    let (severity, s) = [
        ("error", Severity::Error),
        ("warning", Severity::Warning),
        ("note", Severity::Note),
        ("remark", Severity::Remark),
    ]
    .into_iter()
    .find_map(|(name, sev)| s.strip_prefix(name).map(|rest| (sev, rest)))?;
    let (regex, s) = match s.strip_prefix("-re") {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let s = s.trim_start_matches(' ');
    let (designator, s) = match s.strip_prefix('@') {
        None => (Designator::Here, s),
        Some(d) => parse_designator(d)?,
    };
    let s = s.trim_start_matches(' ');
    let message = s.strip_prefix("{{")?.strip_suffix("}}")?;
    Some(Parsed {
        severity,
        regex,
        designator,
        message: message.to_string(),
        offset,
    })
}

/// `[+-][0-9]+`, `above`, `below` or `unknown`, and what follows it.
fn parse_designator(s: &str) -> Option<(Designator, &str)> {
    for (word, designator) in [
        ("above", Designator::Above),
        ("below", Designator::Below),
        ("unknown", Designator::Unknown),
    ] {
        if let Some(rest) = s.strip_prefix(word) {
            return Some((designator, rest));
        }
    }
    let sign = match s.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let digits = s[1..].bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    // Too many digits for an i64 means a line far outside any input.
    let n: i64 = s[1..1 + digits].parse().unwrap_or(i64::MAX / 2);
    Some((Designator::Offset(sign * n), &s[1 + digits..]))
}

/// Checks emitted diagnostics, in the order they were emitted, against `expectations`.
///
/// Each emitted diagnostic is `(severity, line, message)`, its line in the original file or
/// `None` for a location outside it (unknown, or another file); notes go in as diagnostics
/// of their own. A diagnostic matches an expectation of its severity, target and message
/// (substring), preferring one not yet matched; like MLIR, one expectation may absorb
/// several identical diagnostics. Returns the failures: the malformed comments, then one
/// per emitted diagnostic that matched nothing (in emission order), then one per
/// expectation never matched (in file order). Empty means the test passes.
pub fn verify<I, S>(expectations: &Expectations, emitted: I) -> Vec<Failure>
where
    I: IntoIterator<Item = (Severity, Option<u32>, S)>,
    S: AsRef<str>,
{
    let expected = &expectations.expected;
    let mut matched = vec![false; expected.len()];
    let mut failures = expectations.malformed.clone();

    for (index, (severity, line, message)) in emitted.into_iter().enumerate() {
        let message = message.as_ref();
        let candidates = || {
            expected.iter().enumerate().filter(move |(_, e)| {
                let here = match e.target {
                    Target::Line(l) => line == Some(l),
                    Target::Unknown => line.is_none(),
                };
                here && message.contains(e.message.as_str())
            })
        };
        let same_severity = || candidates().filter(|(_, e)| e.severity == severity);
        let chosen = same_severity()
            .find(|(i, _)| !matched[*i])
            .or_else(|| same_severity().next());
        if let Some((i, _)) = chosen {
            matched[i] = true;
        } else if let Some((_, e)) = candidates().next() {
            failures.push(Failure::WrongSeverity {
                expected: e.severity,
                emitted: severity,
                line: e.line,
                col: e.col,
            });
        } else {
            failures.push(Failure::Unexpected {
                index,
                severity,
                line,
                message: message.to_string(),
            });
        }
    }

    for (e, _) in expected.iter().zip(&matched).filter(|(_, m)| !**m) {
        failures.push(Failure::NotProduced {
            severity: e.severity,
            message: e.message.clone(),
            line: e.line,
            col: e.col,
        });
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;
    use Severity::*;

    fn expect(
        severity: Severity,
        target: Target,
        message: &str,
        line: u32,
        col: u32,
    ) -> Expectation {
        Expectation {
            severity,
            target,
            message: message.to_string(),
            line,
            col,
        }
    }

    #[test]
    fn same_line_and_offsets() {
        let text = "\
%0 = foo // expected-error {{bad foo}}
// expected-warning@+1 {{next}}
%1 = bar
// expected-note @-1 {{previous}}
// expected-remark  @+2   {{two below}}
";
        let got = parse_expectations(text, 10);
        assert_eq!(got.malformed, vec![]);
        assert_eq!(
            got.expected,
            vec![
                expect(Error, Target::Line(10), "bad foo", 10, 13),
                expect(Warning, Target::Line(12), "next", 11, 4),
                expect(Note, Target::Line(12), "previous", 13, 4),
                expect(Remark, Target::Line(16), "two below", 14, 4),
            ]
        );
    }

    #[test]
    fn above_and_below_skip_designator_lines() {
        let text = "\
// expected-error@below {{b1}}
// expected-error@below {{b2}}
%0 = op
// expected-note@above {{a1}}
// expected-note@above {{a2}}
";
        let got = parse_expectations(text, 1);
        let targets: Vec<_> = got
            .expected
            .iter()
            .map(|e| (e.message.as_str(), e.target))
            .collect();
        assert_eq!(
            targets,
            vec![
                ("b1", Target::Line(3)),
                ("b2", Target::Line(3)),
                ("a1", Target::Line(3)),
                ("a2", Target::Line(3)),
            ]
        );
    }

    #[test]
    fn blank_lines_count_for_below() {
        let got = parse_expectations("// expected-error@below {{x}}\n\n%0 = op\n", 1);
        assert_eq!(got.expected[0].target, Target::Line(2));
    }

    #[test]
    fn unknown_location() {
        let got = parse_expectations("// expected-error@unknown {{nowhere}}\n", 1);
        assert_eq!(
            got.expected,
            vec![expect(Error, Target::Unknown, "nowhere", 1, 4)]
        );
    }

    #[test]
    fn message_runs_to_the_last_braces() {
        let got = parse_expectations(
            "// expected-error {{a {{b}} c}}  \n// expected-error {{}}\n",
            1,
        );
        let messages: Vec<_> = got.expected.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(messages, vec!["a {{b}} c", ""]);
    }

    #[test]
    fn non_matching_lines_are_ordinary() {
        let text = "\
// expected-error {{no end}
// expected-error {{text}} after
// expected-fatal {{x}}
// expected-error@+ {{x}}
// expected-error@sideways {{x}}
// expected-error no braces
";
        let got = parse_expectations(text, 1);
        assert_eq!(got, Expectations::default());
    }

    #[test]
    fn later_occurrence_on_a_line_can_match() {
        let got = parse_expectations("// see expected-error below: expected-error {{x}}\n", 1);
        assert_eq!(
            got.expected,
            vec![expect(Error, Target::Line(1), "x", 1, 30)]
        );
    }

    #[test]
    fn malformed_comments() {
        let text = "\
// expected-error-re {{a.*b}}
// expected-error@-5 {{before the chunk}}
%0 = op
// expected-error@below {{nothing below}}
";
        let got = parse_expectations(text, 20);
        assert_eq!(got.expected, vec![]);
        let reasons: Vec<_> = got
            .malformed
            .iter()
            .map(|f| (f.message(), f.comment_location()))
            .collect();
        assert_eq!(
            reasons,
            vec![
                (
                    "expected-error-re is not supported: match a substring with expected-error"
                        .to_string(),
                    Some((20, 4))
                ),
                (
                    "expected-error@-5 points outside the input".to_string(),
                    Some((21, 4))
                ),
                (
                    "expected-error@below has no line below it".to_string(),
                    Some((23, 4))
                ),
            ]
        );
    }

    #[test]
    fn all_matched_is_no_failure() {
        let text = "%0 = op // expected-error {{bad}}\n// expected-note@unknown {{see}}\n";
        let exp = parse_expectations(text, 1);
        let emitted = [(Error, Some(1), "very bad op"), (Note, None, "see here")];
        assert_eq!(verify(&exp, emitted), vec![]);
    }

    #[test]
    fn missing_and_unexpected_use_mlir_wording() {
        let text = "%0 = op // expected-error {{bad}}\n%1 = op\n";
        let exp = parse_expectations(text, 1);
        let failures = verify(&exp, [(Error, Some(2), "bad".to_string())]);
        let messages: Vec<_> = failures.iter().map(Failure::message).collect();
        assert_eq!(
            messages,
            vec![
                "unexpected error: bad",
                "expected error \"bad\" was not produced"
            ]
        );
        assert_eq!(
            failures,
            vec![
                Failure::Unexpected {
                    index: 0,
                    severity: Error,
                    line: Some(2),
                    message: "bad".into()
                },
                Failure::NotProduced {
                    severity: Error,
                    message: "bad".into(),
                    line: 1,
                    col: 12
                },
            ]
        );
        assert_eq!(failures[0].comment_location(), None);
        assert_eq!(failures[1].comment_location(), Some((1, 12)));
    }

    #[test]
    fn wrong_severity_is_a_near_miss() {
        let exp = parse_expectations("%0 = op // expected-error {{odd}}\n", 1);
        let failures = verify(&exp, [(Warning, Some(1), "odd")]);
        let messages: Vec<_> = failures.iter().map(Failure::message).collect();
        assert_eq!(
            messages,
            vec![
                "'warning' diagnostic emitted when expecting a 'error'",
                "expected error \"odd\" was not produced"
            ]
        );
    }

    #[test]
    fn unknown_expectations_match_only_unknown_locations() {
        let exp = parse_expectations("// expected-error@unknown {{x}}\n", 1);
        assert_eq!(verify(&exp, [(Error, None, "x")]), vec![]);
        assert_eq!(verify(&exp, [(Error, Some(1), "x")]).len(), 2);
    }

    #[test]
    fn duplicates_prefer_unmatched_then_absorb() {
        let text = "%0 = op\n// expected-error@-1 {{dup}}\n// expected-error@-2 {{dup}}\n";
        let exp = parse_expectations(text, 1);
        // Two diagnostics fill both expectations; a third is absorbed, as in MLIR.
        assert_eq!(verify(&exp, [(Error, Some(1), "dup"); 2]), vec![]);
        assert_eq!(verify(&exp, [(Error, Some(1), "dup"); 3]), vec![]);
        // One diagnostic leaves the second expectation unmatched.
        let failures = verify(&exp, [(Error, Some(1), "dup")]);
        assert_eq!(
            failures,
            vec![Failure::NotProduced {
                severity: Error,
                message: "dup".into(),
                line: 3,
                col: 4
            }]
        );
    }

    #[test]
    fn malformed_comments_fail_whatever_is_emitted() {
        let exp = parse_expectations("// expected-error-re {{.*}}\n", 1);
        assert_eq!(
            verify(&exp, std::iter::empty::<(Severity, Option<u32>, &str)>()).len(),
            1
        );
    }
}
