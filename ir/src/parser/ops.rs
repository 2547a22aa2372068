//! Parsing operations, regions, blocks and SSA names, and the API custom assembly hooks use
//! (operands, arguments, regions), which the declarative format engine uses too.

use super::lexer::TokenKind;
use super::{PResult, Parser, Scope};
use crate::op_def::OpTrait;
use crate::{BlockId, Diagnostic, InsertPoint, Location, OpId, OpState, RegionId, Type, ValueId};

/// An operand as written (`%x`, `%x#1`), before its value is looked up.
#[derive(Clone, Debug)]
pub struct UnresolvedOperand {
    pub name: String,
    pub index: usize,
    pub loc: Location,
}

/// The names an operation's results are bound to: `%a, %b:2 = ...`.
pub(crate) struct ParsedResults {
    pub names: Vec<(String, usize, Location)>,
}

impl ParsedResults {
    fn count(&self) -> usize {
        self.names.iter().map(|(_, n, _)| n).sum()
    }
}

impl Parser<'_, '_, '_> {
    /// Parses one operation and appends it to `block`.
    pub(crate) fn parse_operation(&mut self, block: BlockId) -> PResult<OpId> {
        let start = self.loc();
        let results = if self.is(TokenKind::PercentIdent) {
            let r = self.parse_result_names()?;
            self.expect(TokenKind::Equal)?;
            Some(r)
        } else {
            None
        };
        let mut state = match self.tok.kind {
            TokenKind::String => self.parse_generic_op(start)?,
            TokenKind::BareIdent => self.parse_custom_op(start)?,
            _ => return Err(self.error(format!("expected operation name in quotes, found {}", self.describe_current()))),
        };
        if self.tok.kind == TokenKind::BareIdent && self.tok.text == "loc" {
            state.location = self.parse_location()?;
        }
        let declared = results.as_ref().map_or(0, |r| r.count());
        if results.is_some() && declared != state.result_types.len() {
            return Err(Diagnostic::error(
                start,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    state.result_types.len(),
                    declared
                ),
            ));
        }
        let op = self.body.create_op(state);
        self.body.insert_op(op, InsertPoint::BlockEnd(block));
        if let Some(results) = results {
            let values = self.body.op(op).results.clone();
            let mut next = 0;
            for (name, count, loc) in results.names {
                self.define_values(&name, values[next..next + count].to_vec(), loc)?;
                next += count;
            }
        }
        Ok(op)
    }

    fn parse_result_names(&mut self) -> PResult<ParsedResults> {
        let mut names = Vec::new();
        loop {
            let loc = self.loc();
            let t = self.expect(TokenKind::PercentIdent)?;
            if t.text.contains('#') {
                return Err(Diagnostic::error(loc, "result names may not carry a result number"));
            }
            let count = if self.accept(TokenKind::Colon) {
                let at = self.loc();
                let n = self.parse_integer()?;
                usize::try_from(n).ok().filter(|n| *n > 0).ok_or_else(|| Diagnostic::error(at, "expected a positive result count"))?
            } else {
                1
            };
            names.push((t.text[1..].to_string(), count, loc));
            if !self.accept(TokenKind::Comma) {
                return Ok(ParsedResults { names });
            }
        }
    }

    /// `"dialect.name"(%a, %b)[^bb1] <{props}> ({regions}) {attrs} : (types) -> types`.
    fn parse_generic_op(&mut self, start: Location) -> PResult<OpState> {
        let name = self.parse_string()?;
        if name.is_empty() {
            return Err(Diagnostic::error(start, "empty operation name is invalid"));
        }
        let mut state = OpState::new(self.ctx.symbol(&name), start);
        self.expect(TokenKind::LParen)?;
        let operands = if self.is(TokenKind::RParen) { Vec::new() } else { self.parse_operand_list()? };
        self.expect(TokenKind::RParen)?;
        if self.accept(TokenKind::LSquare) {
            loop {
                state.successors.push(self.parse_successor()?);
                if self.accept(TokenKind::RSquare) {
                    break;
                }
                self.expect(TokenKind::Comma)?;
            }
        }
        if self.accept(TokenKind::Less) {
            self.parse_attr_dict(&mut state.attributes)?;
            self.expect(TokenKind::Greater)?;
        }
        let def = self.ctx.op_def(state.name);
        let isolated = def.is_some_and(|d| d.has_trait(OpTrait::IsolatedFromAbove));
        if self.is(TokenKind::LParen) {
            self.bump();
            self.default_dialects.push(def.map_or("", |d| d.dialect()));
            loop {
                let region = self.parse_region(Vec::new(), isolated);
                let region = match region {
                    Ok(r) => r,
                    Err(e) => {
                        self.default_dialects.pop();
                        return Err(e);
                    }
                };
                state.regions.push(region);
                if !self.accept(TokenKind::Comma) {
                    break;
                }
            }
            self.default_dialects.pop();
            self.expect(TokenKind::RParen)?;
        }
        let mut attrs = Vec::new();
        self.parse_optional_attr_dict(&mut attrs)?;
        for a in attrs {
            if state.attr(a.name).is_some() {
                return Err(Diagnostic::error(start, format!("attribute '{}' is given twice", self.ctx.symbol_str(a.name))));
            }
            state.attributes.push(a);
        }
        self.expect(TokenKind::Colon)?;
        let type_loc = self.loc();
        let ty = self.parse_type()?;
        let crate::TypeData::Function { inputs, results } = self.ctx.type_data(ty).clone() else {
            return Err(Diagnostic::error(type_loc, "expected a function type"));
        };
        if inputs.len() != operands.len() {
            return Err(Diagnostic::error(
                type_loc,
                format!("expected {} operand type(s) but had {}", operands.len(), inputs.len()),
            ));
        }
        state.operands = self.resolve_operands(&operands, &inputs)?;
        state.result_types = results;
        Ok(state)
    }

    /// A registered operation in its custom form.
    fn parse_custom_op(&mut self, start: Location) -> PResult<OpState> {
        let name_tok = self.bump();
        let mut def = self.ctx.op_def(self.ctx.symbol(name_tok.text));
        if def.is_none() && !name_tok.text.contains('.') {
            // A bare name belongs to the enclosing op's dialect (`return` in a `func.func`),
            // or to `builtin` (`module`).
            let dialects = self.default_dialects.last().filter(|d| !d.is_empty()).into_iter().chain(&["builtin"]);
            def = dialects.filter_map(|d| self.ctx.op_def(self.ctx.symbol(&format!("{d}.{}", name_tok.text)))).next();
        }
        let def = def
            .filter(|d| d.has_custom_form())
            .ok_or_else(|| Diagnostic::error(start, format!("custom op '{}' is unknown", name_tok.text)))?;
        let mut state = OpState::new(self.ctx.symbol(def.name), start);
        self.default_dialects.push(def.dialect());
        let parsed = match (def.parse, def.format) {
            (Some(parse), _) => parse(self, &mut state),
            (None, Some(format)) => crate::format::parse_with_format(self, def, format, &mut state),
            (None, None) => Err(Diagnostic::error(start, format!("'{}' has no custom form", def.name))),
        };
        self.default_dialects.pop();
        parsed?;
        Ok(state)
    }

    // ---- Operands ------------------------------------------------------------------------

    /// Parses `%x` or `%x#1`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand> {
        let loc = self.loc();
        let t = self.expect(TokenKind::PercentIdent)?;
        let text = &t.text[1..];
        let (name, index) = match text.split_once('#') {
            Some((n, i)) => (n, i.parse().map_err(|_| Diagnostic::error(loc, "invalid result number"))?),
            None => (text, 0),
        };
        Ok(UnresolvedOperand { name: name.to_string(), index, loc })
    }

    /// Parses `%a, %b, ...` (at least one).
    pub fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        let mut operands = vec![self.parse_operand()?];
        while self.accept(TokenKind::Comma) {
            operands.push(self.parse_operand()?);
        }
        Ok(operands)
    }

    /// Parses operands separated by commas while the next token is a `%` name (zero or more);
    /// a comma before anything else is left unread. Names that turn out to be the results
    /// of the next operation (`%a, %b = ...`, `%c:2 = ...`) are left unread: an op whose
    /// operand list may be empty does not swallow the next line.
    pub fn parse_optional_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand>> {
        if !self.is(TokenKind::PercentIdent) {
            return Ok(Vec::new());
        }
        let start = self.tok.start;
        // A comma not followed by a `%` name is the next piece of the op's form (`%a, %b,
        // dimension = 0`), not part of the list.
        let mut operands = vec![self.parse_operand()?];
        while self.is(TokenKind::Comma) && self.peek_kind() == TokenKind::PercentIdent {
            self.accept(TokenKind::Comma);
            operands.push(self.parse_operand()?);
        }
        let next_op_results = self.is(TokenKind::Equal) || (self.is(TokenKind::Colon) && self.peek_kind() == TokenKind::Integer);
        if next_op_results {
            self.reset_to(start);
            return Ok(Vec::new());
        }
        Ok(operands)
    }

    /// Parses `%name: type` (a region or function argument).
    pub fn parse_argument(&mut self) -> PResult<(UnresolvedOperand, Type)> {
        let operand = self.parse_operand()?;
        if operand.index != 0 || operand.name.contains('#') {
            return Err(Diagnostic::error(operand.loc, "arguments may not carry a result number"));
        }
        self.expect(TokenKind::Colon)?;
        let ty = self.parse_type()?;
        Ok((operand, ty))
    }

    /// The type of an operand that is already defined, if it is.
    pub fn defined_type(&self, operand: &UnresolvedOperand) -> Option<Type> {
        self.lookup(&operand.name).and_then(|(values, _)| values.get(operand.index)).map(|v| self.body.value_type(*v))
    }

    /// Resolves `operand` to a value of type `ty`, creating a forward reference if it is not
    /// defined yet.
    pub fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> PResult<ValueId> {
        if let Some((values, _)) = self.lookup(&operand.name) {
            let value = *values.get(operand.index).ok_or_else(|| {
                Diagnostic::error(operand.loc, format!("result number {} of '%{}' is out of range", operand.index, operand.name))
            })?;
            let actual = self.body.value_type(value);
            if actual != ty {
                return Err(self.type_mismatch(operand, ty, actual));
            }
            return Ok(value);
        }
        let scope = self.isolated_scope_index();
        let key = (operand.name.clone(), operand.index);
        if let Some((placeholder, _)) = self.scopes[scope].forward.get(&key) {
            let placeholder = *placeholder;
            let actual = self.body.value_type(placeholder);
            if actual != ty {
                return Err(self.type_mismatch(operand, ty, actual));
            }
            return Ok(placeholder);
        }
        let block = match self.forward_block {
            Some(b) => b,
            None => {
                let b = self.body.create_block();
                self.forward_block = Some(b);
                b
            }
        };
        let placeholder = self.body.add_block_arg(block, ty);
        self.scopes[scope].forward.insert(key, (placeholder, operand.loc));
        Ok(placeholder)
    }

    fn type_mismatch(&self, operand: &UnresolvedOperand, expected: Type, actual: Type) -> Diagnostic {
        Diagnostic::error(
            operand.loc,
            format!(
                "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                operand.name,
                self.ctx.type_to_string(expected),
                self.ctx.type_to_string(actual)
            ),
        )
    }

    /// Resolves operands against types, one type each.
    pub fn resolve_operands(&mut self, operands: &[UnresolvedOperand], types: &[Type]) -> PResult<Vec<ValueId>> {
        operands.iter().zip(types).map(|(o, t)| self.resolve_operand(o, *t)).collect()
    }

    /// The values named `name` visible from the current scope.
    fn lookup(&self, name: &str) -> Option<&(Vec<ValueId>, Location)> {
        for scope in self.scopes.iter().rev() {
            if let Some(found) = scope.values.get(name) {
                return Some(found);
            }
            if scope.isolated {
                break;
            }
        }
        None
    }

    /// The innermost scope that forward references are resolved in.
    fn isolated_scope_index(&self) -> usize {
        self.scopes.iter().rposition(|s| s.isolated).unwrap_or(0)
    }

    /// Binds `name` to `values`, resolving forward references to them.
    fn define_values(&mut self, name: &str, values: Vec<ValueId>, loc: Location) -> PResult<()> {
        if let Some((_, previous)) = self.lookup(name) {
            return Err(Diagnostic::error(loc, format!("redefinition of SSA value '%{name}'"))
                .with_note(*previous, "previous definition here"));
        }
        let scope = self.isolated_scope_index();
        for (index, value) in values.iter().enumerate() {
            if let Some((placeholder, use_loc)) = self.scopes[scope].forward.remove(&(name.to_string(), index)) {
                let (expected, actual) = (self.body.value_type(placeholder), self.body.value_type(*value));
                if expected != actual {
                    return Err(Diagnostic::error(
                        use_loc,
                        format!(
                            "use of value '%{name}' expects different type than prior uses: '{}' vs '{}'",
                            self.ctx.type_to_string(expected),
                            self.ctx.type_to_string(actual)
                        ),
                    )
                    .with_note(loc, "prior use here"));
                }
                self.body.replace_all_uses(placeholder, *value);
            }
        }
        let forward_out_of_range = self.scopes[scope].forward.keys().find(|(n, i)| n == name && *i >= values.len()).cloned();
        if let Some(key) = forward_out_of_range {
            let (_, use_loc) = self.scopes[scope].forward[&key];
            return Err(Diagnostic::error(use_loc, format!("result number {} of '%{name}' is out of range", key.1)));
        }
        let innermost = self.scopes.len() - 1;
        self.scopes[innermost].values.insert(name.to_string(), (values, loc));
        Ok(())
    }

    // ---- Regions and blocks --------------------------------------------------------------

    /// Parses `{ ... }` into a new detached region. `entry_args` become the entry block's
    /// arguments (a function's parameters); `isolated` hides enclosing names.
    pub fn parse_region(&mut self, entry_args: Vec<(UnresolvedOperand, Type)>, isolated: bool) -> PResult<RegionId> {
        self.expect(TokenKind::LBrace)?;
        let region = self.body.create_region();
        self.scopes.push(if isolated { Scope::isolated() } else { Scope::default() });
        let parsed = self.parse_region_body(region, entry_args);
        let finished = parsed.and_then(|_| self.finish_scope());
        self.scopes.pop();
        finished?;
        Ok(region)
    }

    fn parse_region_body(&mut self, region: RegionId, entry_args: Vec<(UnresolvedOperand, Type)>) -> PResult<()> {
        if self.accept(TokenKind::RBrace) {
            if !entry_args.is_empty() {
                let block = self.body.append_block(region);
                self.define_block_args(block, entry_args)?;
            }
            return Ok(());
        }
        if !self.is(TokenKind::CaretIdent) {
            let block = self.body.append_block(region);
            self.define_block_args(block, entry_args)?;
            self.parse_block_ops(block)?;
        } else if !entry_args.is_empty() {
            return Err(self.error("invalid block name in region with named arguments"));
        }
        while self.is(TokenKind::CaretIdent) {
            self.parse_labeled_block(region)?;
        }
        self.expect(TokenKind::RBrace)?;
        Ok(())
    }

    fn define_block_args(&mut self, block: BlockId, args: Vec<(UnresolvedOperand, Type)>) -> PResult<()> {
        for (operand, ty) in args {
            let v = self.body.add_block_arg(block, ty);
            self.define_values(&operand.name, vec![v], operand.loc)?;
        }
        Ok(())
    }

    fn parse_block_ops(&mut self, block: BlockId) -> PResult<()> {
        while !matches!(self.tok.kind, TokenKind::CaretIdent | TokenKind::RBrace | TokenKind::Eof) {
            self.parse_operation(block)?;
        }
        if self.is(TokenKind::Eof) {
            return Err(self.error("expected '}' to end the region, found end of file"));
        }
        Ok(())
    }

    /// `^bb1(%a: i32):` followed by operations.
    fn parse_labeled_block(&mut self, region: RegionId) -> PResult<()> {
        let loc = self.loc();
        let name = self.expect(TokenKind::CaretIdent)?.text[1..].to_string();
        let innermost = self.scopes.len() - 1;
        let block = match self.scopes[innermost].blocks.get(&name).copied() {
            Some((_, Some(previous), _)) => {
                return Err(Diagnostic::error(loc, format!("redefinition of block '^{name}'")).with_note(previous, "previous definition here"));
            }
            Some((block, None, first_use)) => {
                self.body.push_block(region, block);
                self.scopes[innermost].blocks.insert(name, (block, Some(loc), first_use));
                block
            }
            None => {
                let block = self.body.append_block(region);
                self.scopes[innermost].blocks.insert(name, (block, Some(loc), loc));
                block
            }
        };
        let mut args = Vec::new();
        if self.accept(TokenKind::LParen) && !self.accept(TokenKind::RParen) {
            loop {
                args.push(self.parse_argument()?);
                // A block argument may carry its location, as MLIR prints it with debug info.
                if self.tok.kind == TokenKind::BareIdent && self.tok.text == "loc" {
                    self.parse_location()?;
                }
                if self.accept(TokenKind::RParen) {
                    break;
                }
                self.expect(TokenKind::Comma)?;
            }
        }
        self.expect(TokenKind::Colon)?;
        self.define_block_args(block, args)?;
        self.parse_block_ops(block)
    }

    /// Parses `^bb1` naming a block of the current region, defined now or later.
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        let loc = self.loc();
        let name = self.expect(TokenKind::CaretIdent)?.text[1..].to_string();
        // Successors name blocks of the region the operation is in: the innermost scope
        // while the operation is parsed.
        let innermost = self.scopes.len() - 1;
        if let Some((block, _, _)) = self.scopes[innermost].blocks.get(&name) {
            return Ok(*block);
        }
        let block = self.body.create_block();
        self.scopes[innermost].blocks.insert(name, (block, None, loc));
        Ok(block)
    }

    /// Parses a successor with the values it receives: `^bb1`, or `^bb1(%a, %b : i64, f32)`
    /// (MLIR's custom form of a branch target). The operands may be defined later (a loop's
    /// back edge); their types come from the list after `:`.
    pub fn parse_successor_and_operands(&mut self) -> PResult<(BlockId, Vec<ValueId>)> {
        let block = self.parse_successor()?;
        if !self.accept(TokenKind::LParen) {
            return Ok((block, Vec::new()));
        }
        if self.accept(TokenKind::RParen) {
            return Ok((block, Vec::new()));
        }
        let operands = self.parse_operand_list()?;
        self.expect(TokenKind::Colon)?;
        let types_loc = self.loc();
        let types = self.parse_type_list()?;
        if types.len() != operands.len() {
            return Err(Diagnostic::error(
                types_loc,
                format!("expected {} types for the successor operands, found {}", operands.len(), types.len()),
            ));
        }
        self.expect(TokenKind::RParen)?;
        let values = self.resolve_operands(&operands, &types)?;
        Ok((block, values))
    }

    /// Checks what must be resolved when a scope closes: every referenced block defined and,
    /// at an isolated scope, every forward-referenced value defined.
    pub(crate) fn finish_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.last().expect("the root scope is never popped");
        let mut undefined: Vec<_> = scope.blocks.iter().filter(|(_, (_, def, _))| def.is_none()).collect();
        undefined.sort_by_key(|(name, _)| (*name).clone());
        if let Some((name, (_, _, use_loc))) = undefined.first() {
            return Err(Diagnostic::error(*use_loc, format!("reference to an undefined block '^{name}'")));
        }
        if scope.isolated || self.scopes.len() == 1 {
            let mut pending: Vec<_> = scope.forward.iter().collect();
            pending.sort_by_key(|((name, index), _)| (name.clone(), *index));
            if let Some(((name, _), (_, loc))) = pending.first() {
                return Err(Diagnostic::error(*loc, format!("use of undeclared SSA value name '%{name}'")));
            }
        }
        Ok(())
    }
}
