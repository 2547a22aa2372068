//! The writer against XLA's own printer: corpus programs (`shared/corpus/public/NAME.hlo`,
//! printed by XLA from JAX programs) written by hand as the hlo dialect, one op per HLO
//! instruction as a reader produces them, must come out as the same computations: the same
//! instructions with the same shapes, operands and attributes, whatever their names and
//! the order of parameters and computations.

mod hlo_writer_support;

use std::collections::HashMap;

use hlo_writer_support::write;

/// One instruction of HLO text.
struct Inst {
    shape: String,
    opcode: String,
    operands: Vec<String>,
    attrs: String,
}

/// One computation: its instructions by name, and the ROOT's name.
struct Comp {
    insts: HashMap<String, Inst>,
    root: String,
    entry: bool,
}

/// Splits `s` at `sep` outside brackets.
fn split_top(s: &str, sep: char) -> Vec<String> {
    let (mut depth, mut parts, mut cur) = (0i32, Vec::new(), String::new());
    for c in s.chars() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            _ => {}
        }
        if c == sep && depth == 0 {
            parts.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    parts.push(cur);
    parts.into_iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect()
}

/// The computations of short-form HLO text, by name.
fn parse(text: &str) -> HashMap<String, Comp> {
    let mut comps = HashMap::new();
    let mut current: Option<(String, Comp)> = None;
    for line in text.lines().map(str::trim) {
        if line.starts_with("HloModule") || line.is_empty() {
            continue;
        }
        if let Some(header) = line.strip_suffix('{') {
            let entry = header.starts_with("ENTRY ");
            let name = header.trim_start_matches("ENTRY ").trim().to_string();
            current = Some((name, Comp { insts: HashMap::new(), root: String::new(), entry }));
            continue;
        }
        if line == "}" {
            if let Some((name, comp)) = current.take() {
                comps.insert(name, comp);
            }
            continue;
        }
        let (comp_name, comp) = current.as_mut().expect("an instruction inside a computation");
        let root = line.starts_with("ROOT ");
        let (name, rest) = line.trim_start_matches("ROOT ").split_once(" = ").expect("name = ...");
        let mut depth = 0;
        let shape_end = rest
            .char_indices()
            .find(|(_, c)| {
                match c {
                    '(' | '{' | '[' => depth += 1,
                    ')' | '}' | ']' => depth -= 1,
                    _ => {}
                }
                *c == ' ' && depth == 0
            })
            .map(|(i, _)| i)
            .unwrap_or_else(|| panic!("{comp_name}: no shape in {line}"));
        let (shape, rest) = (rest[..shape_end].to_string(), rest[shape_end + 1..].to_string());
        let open = rest.find('(').expect("opcode(");
        let opcode = rest[..open].to_string();
        let mut depth = 0;
        let close = rest[open..]
            .char_indices()
            .find(|(_, c)| {
                match c {
                    '(' | '{' => depth += 1,
                    ')' | '}' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map(|(i, _)| open + i)
            .expect("a closing parenthesis");
        let inner = &rest[open + 1..close];
        let operands = if opcode == "constant" { vec![inner.to_string()] } else { split_top(inner, ',') };
        let attrs = rest[close + 1..].trim_start_matches(',').trim().to_string();
        if root {
            comp.root = name.to_string();
        }
        comp.insts.insert(name.to_string(), Inst { shape, opcode, operands, attrs });
    }
    comps
}

/// `attrs` with every computation name replaced by the signature of that computation.
fn attrs_signature(attrs: &str, comps: &HashMap<String, Comp>, memo: &mut HashMap<String, String>) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String, memo: &mut HashMap<String, String>| {
        if comps.contains_key(word.as_str()) {
            out.push_str(&format!("<{}>", comp_signature(word, comps, memo)));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in attrs.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-') {
            word.push(c);
        } else {
            flush(&mut word, &mut out, memo);
            out.push(c);
        }
    }
    flush(&mut word, &mut out, memo);
    out
}

/// A name-free description of instruction `name` of `comp` and everything it depends on.
fn inst_signature(comp: &Comp, name: &str, comps: &HashMap<String, Comp>, memo: &mut HashMap<String, String>) -> String {
    let inst = comp.insts.get(name).unwrap_or_else(|| panic!("no instruction {name}"));
    if inst.opcode == "parameter" || inst.opcode == "constant" {
        return format!("{}({}):{}", inst.opcode, inst.operands.join(", "), inst.shape);
    }
    let operands: Vec<String> = inst.operands.iter().map(|o| inst_signature(comp, o, comps, memo)).collect();
    format!("{}:{}({}){}", inst.opcode, inst.shape, operands.join(", "), attrs_signature(&inst.attrs, comps, memo))
}

/// A name-free description of computation `name`: every instruction's signature, sorted,
/// and the ROOT's.
fn comp_signature(name: &str, comps: &HashMap<String, Comp>, memo: &mut HashMap<String, String>) -> String {
    if let Some(s) = memo.get(name) {
        return s.clone();
    }
    let comp = &comps[name];
    let mut all: Vec<String> = comp.insts.keys().map(|n| inst_signature(comp, n, comps, memo)).collect();
    all.sort();
    let s = format!("root {} | {}", inst_signature(comp, &comp.root, comps, memo), all.join(" | "));
    memo.insert(name.to_string(), s.clone());
    s
}

/// The signature of the ENTRY computation of `text`.
fn entry_signature(text: &str) -> String {
    let comps = parse(text);
    let entry = comps.iter().find(|(_, c)| c.entry).map(|(n, _)| n.clone()).expect("an ENTRY");
    comp_signature(&entry, &comps, &mut HashMap::new())
}

/// Corpus file `name`; the test fails without it.
fn corpus(name: &str) -> String {
    let path = xla_testing::corpus_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Checks that writing `mlir` gives the computations of corpus file `name`.
fn assert_writes_like_xla(name: &str, mlir: &str) {
    let expected = corpus(name);
    let written = write(mlir);
    let (want, got) = (entry_signature(&expected), entry_signature(&written));
    assert!(want == got, "{name}: the computations differ\nXLA printed:\n{expected}\nthe writer wrote:\n{written}\nsignatures:\n{want}\n{got}");
    let header = |t: &str| t.lines().next().and_then(|l| l.split_once("entry_computation_layout=")).map(|(_, l)| l.to_string());
    assert_eq!(header(&expected), header(&written), "{name}: entry layouts differ");
}

#[test]
fn reduce_max_mean() {
    assert_writes_like_xla(
        "reduce_max_mean.hlo",
        r#"func.func @main(%x: tensor<512x1024xf32>) -> (tensor<512xf32>, tensor<1024xf32>, tensor<f32>) {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) dimensions = [1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<512xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce(%x init: %zero) dimensions = [0] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<1024xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %n = hlo.constant dense<512.0> : tensor<f32>
  %nb = hlo.broadcast_in_dim %n, dims = [] : (tensor<f32>) -> tensor<1024xf32>
  %mean = hlo.divide %sum, %nb : tensor<1024xf32>
  %all = hlo.reduce(%x init: %zero) dimensions = [0, 1] : (tensor<512x1024xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %max, %mean, %all : tensor<512xf32>, tensor<1024xf32>, tensor<f32>
}"#,
    );
}

#[test]
fn sort_1d() {
    assert_writes_like_xla(
        "sort_1d.hlo",
        r#"func.func private @sort.2(%x: tensor<16384xf32>) -> tensor<16384xf32> {
  %0 = hlo.sort(%x) dim = 0 {is_stable = true} : (tensor<16384xf32>) -> tensor<16384xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ne_a = hlo.compare NE, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %eq_a = hlo.compare EQ, %a, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a1 = hlo.select %eq_a, %zero, %a : tensor<i1>, tensor<f32>
    %a2 = hlo.select %ne_a, %nan, %a1 : tensor<i1>, tensor<f32>
    %ne_b = hlo.compare NE, %b, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq_b = hlo.compare EQ, %b, %zero : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b1 = hlo.select %eq_b, %zero, %b : tensor<i1>, tensor<f32>
    %b2 = hlo.select %ne_b, %nan, %b1 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a2, %b2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0 : tensor<16384xf32>
}
func.func @main(%x: tensor<16384xf32>) -> tensor<16384xf32> {
  %0 = func.call @sort.2(%x) : (tensor<16384xf32>) -> tensor<16384xf32>
  return %0 : tensor<16384xf32>
}"#,
    );
}

#[test]
fn while_fori() {
    assert_writes_like_xla(
        "while_fori.hlo",
        r#"func.func private @closed_call.1(%x: tensor<1024xf32>, %i: tensor<i32>, %s: tensor<1024xf32>) -> (tensor<i32>, tensor<1024xf32>) {
  %one = hlo.constant dense<1> : tensor<i32>
  %next = hlo.add %i, %one : tensor<i32>
  %decay = hlo.constant dense<0.99> : tensor<f32>
  %db = hlo.broadcast_in_dim %decay, dims = [] : (tensor<f32>) -> tensor<1024xf32>
  %m1 = hlo.multiply %s, %db : tensor<1024xf32>
  %fi = hlo.convert_element_type %i : (tensor<i32>) -> tensor<f32>
  %sin = hlo.sine %fi : tensor<f32>
  %sb = hlo.broadcast_in_dim %sin, dims = [] : (tensor<f32>) -> tensor<1024xf32>
  %m2 = hlo.multiply %x, %sb : tensor<1024xf32>
  %sum = hlo.add %m1, %m2 : tensor<1024xf32>
  return %next, %sum : tensor<i32>, tensor<1024xf32>
}
func.func @main(%x: tensor<1024xf32>, %s0: tensor<1024xf32>) -> tensor<1024xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %init = hlo.tuple %zero, %zero, %s0, %x : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
  %w = hlo.while(%init) : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>> cond {
  ^bb0(%t: tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>):
    %g1 = hlo.get_tuple_element %t[1] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    %g2 = hlo.get_tuple_element %t[2] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    %g3 = hlo.get_tuple_element %t[3] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    %g0 = hlo.get_tuple_element %t[0] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    %limit = hlo.constant dense<100> : tensor<i32>
    %lt = hlo.compare LT, %g0, %limit : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  } do {
  ^bb0(%t: tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>):
    %g0 = hlo.get_tuple_element %t[0] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    %one = hlo.constant dense<1> : tensor<i32>
    %k = hlo.add %g0, %one : tensor<i32>
    %g3 = hlo.get_tuple_element %t[3] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    %g1 = hlo.get_tuple_element %t[1] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    %g2 = hlo.get_tuple_element %t[2] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    %c:2 = func.call @closed_call.1(%g3, %g1, %g2) : (tensor<1024xf32>, tensor<i32>, tensor<1024xf32>) -> (tensor<i32>, tensor<1024xf32>)
    %next = hlo.tuple %k, %c#0, %c#1, %g3 : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
    hlo.return %next : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
  }
  %r0 = hlo.get_tuple_element %w[0] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
  %r1 = hlo.get_tuple_element %w[1] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
  %r2 = hlo.get_tuple_element %w[2] : tuple<tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>>
  return %r2 : tensor<1024xf32>
}"#,
    );
}

#[test]
fn gather_embedding() {
    assert_writes_like_xla(
        "gather_embedding.hlo",
        r#"func.func private @_where.1(%p: tensor<256xi1>, %a: tensor<256xi32>, %b: tensor<256xi32>) -> tensor<256xi32> {
  %0 = hlo.select %p, %a, %b : tensor<256xi1>, tensor<256xi32>
  return %0 : tensor<256xi32>
}
func.func private @_take.3(%table: tensor<1000x64xf32>, %ids: tensor<256xi32>) -> tensor<256x64xf32> {
  %c0 = hlo.constant dense<0> : tensor<i32>
  %z = hlo.broadcast_in_dim %c0, dims = [] : (tensor<i32>) -> tensor<256xi32>
  %neg = hlo.compare LT, %ids, %z : (tensor<256xi32>, tensor<256xi32>) -> tensor<256xi1>
  %c1000 = hlo.constant dense<1000> : tensor<i32>
  %n = hlo.broadcast_in_dim %c1000, dims = [] : (tensor<i32>) -> tensor<256xi32>
  %wrapped = hlo.add %ids, %n : tensor<256xi32>
  %fixed = func.call @_where.1(%neg, %wrapped, %ids) : (tensor<256xi1>, tensor<256xi32>, tensor<256xi32>) -> tensor<256xi32>
  %col = hlo.reshape %fixed : (tensor<256xi32>) -> tensor<256x1xi32>
  %c0b = hlo.constant dense<0> : tensor<i32>
  %z2 = hlo.broadcast_in_dim %c0b, dims = [] : (tensor<i32>) -> tensor<256x1xi32>
  %ge = hlo.compare GE, %col, %z2 : (tensor<256x1xi32>, tensor<256x1xi32>) -> tensor<256x1xi1>
  %c999 = hlo.constant dense<999> : tensor<i32>
  %hi = hlo.broadcast_in_dim %c999, dims = [] : (tensor<i32>) -> tensor<256x1xi32>
  %le = hlo.compare LE, %col, %hi : (tensor<256x1xi32>, tensor<256x1xi32>) -> tensor<256x1xi1>
  %ok = hlo.and %ge, %le : tensor<256x1xi1>
  %true = hlo.constant dense<true> : tensor<i1>
  %all = hlo.reduce(%ok init: %true) dimensions = [1] : (tensor<256x1xi1>, tensor<i1>) -> tensor<256xi1> {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %r = hlo.and %a, %b : tensor<i1>
    hlo.return %r : tensor<i1>
  }
  %mask = hlo.broadcast_in_dim %all, dims = [0] : (tensor<256xi1>) -> tensor<256x64xi1>
  %rows = hlo.gather %table[%col], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 64] : (tensor<1000x64xf32>, tensor<256x1xi32>) -> tensor<256x64xf32>
  %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
  %nans = hlo.broadcast_in_dim %nan, dims = [] : (tensor<f32>) -> tensor<256x64xf32>
  %out = hlo.select %mask, %rows, %nans : tensor<256x64xi1>, tensor<256x64xf32>
  return %out : tensor<256x64xf32>
}
func.func @main(%table: tensor<1000x64xf32>, %ids: tensor<256xi32>) -> tensor<256x64xf32> {
  %0 = func.call @_take.3(%table, %ids) : (tensor<1000x64xf32>, tensor<256xi32>) -> tensor<256x64xf32>
  return %0 : tensor<256x64xf32>
}"#,
    );
}

#[test]
fn conv2d_nhwc_3x3() {
    assert_writes_like_xla(
        "conv2d_nhwc_3x3.hlo",
        r#"func.func private @relu.1(%x: tensor<8x32x32x32xf32>) -> tensor<8x32x32x32xf32> {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %z = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x32x32x32xf32>
  %m = hlo.maximum %x, %z : tensor<8x32x32x32xf32>
  return %m : tensor<8x32x32x32xf32>
}
func.func @main(%x: tensor<8x32x32x16xf32>, %w: tensor<3x3x16x32xf32>, %b: tensor<32xf32>) -> tensor<8x32x32x32xf32> {
  %conv = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {pad = [[1, 1], [1, 1]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<8x32x32x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x32x32x32xf32>
  %b4 = hlo.reshape %b : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
  %b4b = hlo.broadcast_in_dim %b4, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<1x1x1x32xf32>
  %b1 = hlo.reshape %b4b : (tensor<1x1x1x32xf32>) -> tensor<32xf32>
  %bb = hlo.broadcast_in_dim %b1, dims = [3] : (tensor<32xf32>) -> tensor<8x32x32x32xf32>
  %sum = hlo.add %conv, %bb : tensor<8x32x32x32xf32>
  %r = func.call @relu.1(%sum) : (tensor<8x32x32x32xf32>) -> tensor<8x32x32x32xf32>
  return %r : tensor<8x32x32x32xf32>
}"#,
    );
}

#[test]
fn scatter_add() {
    assert_writes_like_xla(
        "scatter_add.hlo",
        r#"func.func @main(%vals: tensor<2048x64xf32>, %ids: tensor<2048xi32>) -> tensor<100x64xf32> {
  %c0 = hlo.constant dense<0.0> : tensor<f32>
  %zeros = hlo.broadcast_in_dim %c0, dims = [] : (tensor<f32>) -> tensor<100x64xf32>
  %i0 = hlo.constant dense<0> : tensor<i32>
  %i0b = hlo.broadcast_in_dim %i0, dims = [] : (tensor<i32>) -> tensor<2048xi32>
  %neg = hlo.compare LT, %ids, %i0b : (tensor<2048xi32>, tensor<2048xi32>) -> tensor<2048xi1>
  %n = hlo.constant dense<100> : tensor<i32>
  %nb = hlo.broadcast_in_dim %n, dims = [] : (tensor<i32>) -> tensor<2048xi32>
  %wrapped = hlo.add %ids, %nb : tensor<2048xi32>
  %fixed = hlo.select %neg, %wrapped, %ids : tensor<2048xi1>, tensor<2048xi32>
  %col = hlo.reshape %fixed : (tensor<2048xi32>) -> tensor<2048x1xi32>
  %0 = hlo.scatter(%zeros)[%col] updates(%vals), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<100x64xf32>, tensor<2048x1xi32>, tensor<2048x64xf32>) -> tensor<100x64xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<100x64xf32>
}"#,
    );
}
