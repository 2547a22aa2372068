//! Compile-time validation of declarative assembly formats.
//!
//! The macro stores the format string in `OpDef::format`; the engine in `xla_ir` prints and
//! parses by it at run time. Checking it here turns a typo into a compile error on the
//! format string instead of a parse failure in some later test.
//!
//! Directives, separated by whitespace:
//! - `$name`: an operand group, attribute or region of the op;
//! - `` `lit` ``: a literal: one of `,` `:` `->` `(` `)` `[` `]` `=` or a keyword such as `x`;
//! - `attr-dict`: the remaining attributes, exactly once;
//! - `type($name)` for an operand or result group, `type(operands)`, `type(results)`;
//! - `functional-type(operands, results)`.
//!
//! Invariants of a valid format: every operand group and region appears exactly once as
//! `$name` and every attribute at most once; every operand's type and, unless the op infers
//! its results, every result's type is given by a type directive (or follows from
//! `SameOperandsAndResultType` or `Broadcasting`).

/// What the format may name.
pub struct FormatNames<'a> {
    pub operands: &'a [String],
    pub results: &'a [String],
    pub attributes: &'a [String],
    pub regions: &'a [String],
    /// The op has a shape function, so result types need not be printed.
    pub infers_results: bool,
    /// Operand and result types are all one type, so printing either gives both.
    pub same_operands_and_result_type: bool,
}

/// The punctuation a literal may be.
const PUNCTUATION: [&str; 9] = [",", ":", "->", "(", ")", "[", "]", "=", "x"];

/// Which values' types a format gives.
#[derive(Default)]
struct TypesGiven {
    operands: Vec<String>,
    results: Vec<String>,
    all_operands: bool,
    all_results: bool,
}

/// Checks `format` against the op's declaration; the error names the bad directive.
pub fn validate_format(format: &str, names: &FormatNames) -> Result<(), String> {
    let mut attr_dicts = 0;
    let mut named: Vec<String> = Vec::new();
    let mut types = TypesGiven::default();
    let mut rest = format.trim_start();
    while let Some(c) = rest.chars().next() {
        let consumed = match c {
            '`' => {
                let end = rest[1..].find('`').ok_or_else(|| format!("unterminated literal {rest}"))?;
                check_literal(&rest[1..1 + end])?;
                end + 2
            }
            '$' => {
                let len = 1 + word_len(&rest[1..], false);
                let name = &rest[1..len];
                check_value_reference(name, names)?;
                if named.iter().any(|n| n == name) {
                    return Err(format!("`${name}` appears twice"));
                }
                named.push(name.to_string());
                len
            }
            c if c.is_ascii_alphabetic() => {
                let word_end = word_len(rest, true);
                let word = &rest[..word_end];
                match word {
                    "attr-dict" => {
                        attr_dicts += 1;
                        word_end
                    }
                    "type" | "functional-type" => {
                        let after = &rest[word_end..];
                        let close = after
                            .starts_with('(')
                            .then(|| after.find(')'))
                            .flatten()
                            .ok_or_else(|| format!("`{word}` needs parenthesized arguments: `{word}(...)`"))?;
                        let args = &after[1..close];
                        check_type_directive(word, args, names, &mut types)?;
                        word_end + close + 1
                    }
                    _ => return Err(format!("unknown directive `{word}`")),
                }
            }
            _ => {
                let token: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
                return Err(format!("unexpected `{token}`; a directive is `$name`, a `literal`, attr-dict, type(...) or functional-type(...)"));
            }
        };
        rest = rest[consumed..].trim_start();
    }
    match attr_dicts {
        0 => return Err("the format needs `attr-dict` (exactly once)".into()),
        1 => {}
        _ => return Err("`attr-dict` appears more than once".into()),
    }
    for (what, declared) in [("operand", names.operands), ("region", names.regions)] {
        if let Some(missing) = declared.iter().find(|n| !named.contains(n)) {
            return Err(format!("the format never places {what} `${missing}`"));
        }
    }
    check_types_given(names, &types)
}

/// The length of the identifier at the start of `s` (with `-` when `dashes`).
fn word_len(s: &str, dashes: bool) -> usize {
    s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || (dashes && c == '-'))).unwrap_or(s.len())
}

fn check_literal(literal: &str) -> Result<(), String> {
    let is_keyword = literal.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && literal.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if is_keyword || PUNCTUATION.contains(&literal) {
        Ok(())
    } else {
        Err(format!(
            "the literal `{literal}` is not allowed; use a keyword or one of {}",
            PUNCTUATION.map(|p| format!("`{p}`")).join(" ")
        ))
    }
}

fn check_value_reference(name: &str, names: &FormatNames) -> Result<(), String> {
    if name.is_empty() {
        return Err("`$` must be followed by a name".into());
    }
    if names.operands.iter().chain(names.attributes).chain(names.regions).any(|n| n == name) {
        return Ok(());
    }
    if names.results.iter().any(|n| n == name) {
        return Err(format!("`${name}` is a result; a format names results only in `type(${name})`"));
    }
    Err(format!("`${name}` is not an operand, attribute or region of this op"))
}

fn check_type_directive(word: &str, args: &str, names: &FormatNames, types: &mut TypesGiven) -> Result<(), String> {
    let args: Vec<&str> = args.split(',').map(str::trim).collect();
    if word == "functional-type" {
        if args != ["operands", "results"] {
            return Err(format!("expected `functional-type(operands, results)`, found `functional-type({})`", args.join(", ")));
        }
        types.all_operands = true;
        types.all_results = true;
        return Ok(());
    }
    match args.as_slice() {
        ["operands"] => types.all_operands = true,
        ["results"] => types.all_results = true,
        [arg] if arg.starts_with('$') => {
            let name = &arg[1..];
            if names.operands.iter().any(|n| n == name) {
                types.operands.push(name.to_string());
            } else if names.results.iter().any(|n| n == name) {
                types.results.push(name.to_string());
            } else {
                return Err(format!("`type({arg})` names no operand or result of this op"));
            }
        }
        _ => {
            return Err(format!(
                "`type({})` takes `$name` of an operand or result, `operands` or `results`",
                args.join(", ")
            ))
        }
    }
    Ok(())
}

fn check_types_given(names: &FormatNames, types: &TypesGiven) -> Result<(), String> {
    let any_operand_type = types.all_operands || !types.operands.is_empty();
    let any_result_type = types.all_results || !types.results.is_empty();
    let shared = names.same_operands_and_result_type;
    for operand in names.operands {
        let given = types.all_operands || types.operands.contains(operand) || (shared && any_result_type);
        if !given {
            return Err(format!(
                "the format never gives the type of operand `${operand}`; add `type(${operand})`, `type(operands)` or `functional-type(operands, results)`"
            ));
        }
    }
    if names.infers_results {
        return Ok(());
    }
    for result in names.results {
        let given = types.all_results || types.results.contains(result) || (shared && any_operand_type);
        if !given {
            return Err(format!(
                "the format never gives the type of result `{result}` and the op has no `infer`; add `type(${result})`, `type(results)` or `functional-type(operands, results)`"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    fn check(format: &str) -> Result<(), String> {
        let operands = strings(&["lhs", "rhs"]);
        let results = strings(&["result"]);
        let attributes = strings(&["dims", "config"]);
        let regions = strings(&[]);
        validate_format(
            format,
            &FormatNames {
                operands: &operands,
                results: &results,
                attributes: &attributes,
                regions: &regions,
                infers_results: false,
                same_operands_and_result_type: false,
            },
        )
    }

    #[test]
    fn accepts_the_documented_directives() {
        assert_eq!(check("$lhs `,` $rhs `dims` `=` $dims attr-dict `:` functional-type(operands, results)"), Ok(()));
        assert_eq!(check("$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"), Ok(()));
        assert_eq!(check("`(` $lhs `x` $rhs `)` attr-dict `:` type(operands) `->` type(results)"), Ok(()));
    }

    #[test]
    fn rejects_bad_directives_by_name() {
        assert_eq!(check("$lhs $rhs $dimz attr-dict"), Err("`$dimz` is not an operand, attribute or region of this op".into()));
        assert_eq!(
            check("$lhs $rhs attr-dict : functional-type(operands, results)"),
            Err("unexpected `:`; a directive is `$name`, a `literal`, attr-dict, type(...) or functional-type(...)".into())
        );
        assert_eq!(check("$lhs $rhs attrdict"), Err("unknown directive `attrdict`".into()));
        assert_eq!(
            check("$lhs $rhs attr-dict `;` type(operands)"),
            Err("the literal `;` is not allowed; use a keyword or one of `,` `:` `->` `(` `)` `[` `]` `=` `x`".into())
        );
        assert_eq!(check("$lhs $rhs attr-dict `:"), Err("unterminated literal `:".into()));
        assert_eq!(check("$lhs $rhs attr-dict type($dims)"), Err("`type($dims)` names no operand or result of this op".into()));
        assert_eq!(
            check("$lhs $rhs attr-dict functional-type(results, operands)"),
            Err("expected `functional-type(operands, results)`, found `functional-type(results, operands)`".into())
        );
        assert_eq!(check("$lhs $rhs attr-dict type"), Err("`type` needs parenthesized arguments: `type(...)`".into()));
        assert_eq!(
            check("$lhs $rhs $result attr-dict"),
            Err("`$result` is a result; a format names results only in `type($result)`".into())
        );
    }

    #[test]
    fn requires_attr_dict_once_and_every_operand() {
        assert_eq!(check("$lhs $rhs type(operands)"), Err("the format needs `attr-dict` (exactly once)".into()));
        assert_eq!(check("$lhs $rhs attr-dict attr-dict"), Err("`attr-dict` appears more than once".into()));
        assert_eq!(check("$lhs attr-dict functional-type(operands, results)"), Err("the format never places operand `$rhs`".into()));
        assert_eq!(check("$lhs $lhs attr-dict"), Err("`$lhs` appears twice".into()));
    }

    #[test]
    fn requires_types_unless_they_follow() {
        assert_eq!(
            check("$lhs $rhs attr-dict `:` type($lhs) `->` type($result)"),
            Err("the format never gives the type of operand `$rhs`; add `type($rhs)`, `type(operands)` or `functional-type(operands, results)`".into())
        );
        assert_eq!(
            check("$lhs $rhs attr-dict `:` type(operands)"),
            Err("the format never gives the type of result `result` and the op has no `infer`; add `type($result)`, `type(results)` or `functional-type(operands, results)`".into())
        );
        let operands = strings(&["lhs", "rhs"]);
        let results = strings(&["result"]);
        let elementwise = FormatNames {
            operands: &operands,
            results: &results,
            attributes: &[],
            regions: &[],
            infers_results: true,
            same_operands_and_result_type: true,
        };
        assert_eq!(validate_format("$lhs `,` $rhs attr-dict `:` type($result)", &elementwise), Ok(()));
    }
}
