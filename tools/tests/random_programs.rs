//! Differential property test of the native compiler against the reference interpreter on
//! randomly generated hlo programs.
//!
//! A program is a recipe: a list of steps, each an op kind, two operand picks and a seed for
//! the op's parameters. [`build`] turns any recipe into a well-typed `func.func @main` in the
//! hlo dialect's custom syntax (operand picks are taken modulo the values built so far, and a
//! step whose op cannot apply is skipped), so proptest shrinks a failing recipe by dropping
//! steps and lowering picks toward zero and still gets a valid, smaller program. The
//! generator covers elementwise unary and binary ops on `f32`, `i32` and `i1` (integer
//! division, remainder and shifts included), compare (IEEE and total order) and select,
//! clamp, convert_element_type between the three element types, broadcast_in_dim, reshape,
//! transpose, slice, concatenate, pad, reduce (add, maximum, minimum) over random
//! dimensions, dot_general with contracting and batching dimensions, iota, constants and
//! arguments; shapes have rank 0 to 3 and dimensions 1 to 5 (reshape, broadcast and pad may
//! make larger ones). Constants and inputs draw from edge values: zeros of both signs,
//! infinities, NaN, the largest and smallest normal floats (no subnormals, see
//! [`Rng::scalar`]), `INT_MIN`,
//! `INT_MAX`, -1 and shift amounts around the width.
//!
//! Each program is compiled to native code as `xla-run` compiles it
//! ([`xla_tools::native::run_entries`]) and run on the same inputs as the interpreter.
//! Tolerance: integers and predicates must be equal; a float result is bit-exact (any NaN
//! matches any NaN, but `-0.0` does not match `0.0`) unless a transcendental function
//! (exp, log, tanh, sin, cos, logistic, expm1, log1p, rsqrt, cbrt, power, atan2) computed
//! it, since compiled code calls libm in `f32` where the interpreter rounds an `f64`
//! result. Such a value is *inexact*: the generator feeds it only to data movement (reshape,
//! transpose, slice, broadcast, concatenate, pad, the branches of select), never to
//! arithmetic, comparisons or conversions that would turn an ulp into an arbitrary
//! difference, and results holding one compare within [`INEXACT_ULPS`] ulps (or
//! [`INEXACT_ATOL`] near zero, where flushing subnormals to zero makes one ulp look like
//! millions). A float dot product is summed in `f64` by the interpreter and in `f32` by
//! compiled code, so its operands are first made small integers
//! (`round_nearest_even(clamp(-64, x, 64))`, NaN staying NaN) whose products and sums are
//! exact in both.
//!
//! `PROPTEST_CASES` sets the number of cases (24 by default: compiling and linking a
//! module costs 50 to 200 ms). A failure prints the shrunk program and its inputs.

mod support;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};
use support::differential::compiled_and_interpreted;
use xla_interp::closeness::{compare, Tolerance};
use xla_interp::{Elements, ElementType, Literal};
use xla_testing::SplitMix64;

/// How many ulps a float computed through a transcendental function may be off.
const INEXACT_ULPS: u128 = 4;

/// The absolute difference always allowed for inexact floats: a few times the smallest
/// normal `f32`, so that a result rounded to the smallest normal by one side and flushed to
/// zero by the other agrees.
const INEXACT_ATOL: f64 = 1e-37;

/// The element types of generated values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum El {
    F32,
    I32,
    Pred,
}

impl El {
    fn mlir(self) -> &'static str {
        match self {
            El::F32 => "f32",
            El::I32 => "i32",
            El::Pred => "i1",
        }
    }

    fn interp(self) -> ElementType {
        match self {
            El::F32 => ElementType::F32,
            El::I32 => ElementType::S32,
            El::Pred => ElementType::Pred,
        }
    }
}

/// The tensor type of an element type and shape.
fn ty(el: El, shape: &[i64]) -> String {
    let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
    format!("tensor<{dims}{}>", el.mlir())
}

fn num_elements(shape: &[i64]) -> i64 {
    shape.iter().product()
}

/// A small deterministic random source (splitmix64), for a step's parameters and the
/// inputs: a seed shrinks toward 0 and always gives the same choices.
struct Rng(SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(SplitMix64(seed))
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    fn shape(&mut self) -> Vec<i64> {
        let rank = self.below(4);
        (0..rank).map(|_| self.range(1, 5)).collect()
    }

    fn element_type(&mut self) -> El {
        self.pick(&[El::F32, El::I32, El::F32, El::I32, El::Pred])
    }

    /// An edge value, or an ordinary one, of an element type.
    fn scalar(&mut self, el: El) -> f64 {
        match el {
            El::F32 => {
                const SPECIAL: [f32; 20] = [
                    0.0,
                    -0.0,
                    1.0,
                    -1.0,
                    0.5,
                    2.0,
                    -3.0,
                    7.5,
                    1e-3,
                    1e30,
                    -1e30,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::NAN,
                    f32::MAX,
                    f32::MIN_POSITIVE,
                    // Subnormals are left out: where compiled code passes a value through
                    // without arithmetic (`sign` of a subnormal, which DAZ compares equal to
                    // zero and returns as is; `minimum(x, x)`, which LLVM folds to `x`), it
                    // keeps the subnormal that the interpreter flushes to zero. Known
                    // mismatch, reported, not fixed; `clamp` was fixed (see the regression
                    // test below).
                    -1e-3,
                    100.0,
                    -2.5,
                    3.0,
                ];
                if self.below(2) == 0 {
                    f64::from(self.pick(&SPECIAL))
                } else {
                    // Ordinary values with a few significant bits, which round-trip through text.
                    f64::from(self.range(-80, 80) as f32 / 8.0)
                }
            }
            El::I32 => {
                const SPECIAL: [i64; 14] = [0, 1, -1, 2, 3, -2, 7, 31, 32, 33, i32::MIN as i64, i32::MAX as i64, 100, -100];
                if self.below(2) == 0 {
                    self.pick(&SPECIAL) as f64
                } else {
                    self.range(-20, 20) as f64
                }
            }
            El::Pred => self.below(2) as f64,
        }
    }
}

/// The text of one element in a dense literal.
fn element_text(el: El, v: f64) -> String {
    match el {
        El::F32 => {
            let f = v as f32;
            if f.is_finite() {
                format!("{f:.9e}")
            } else {
                format!("0x{:08X}", f.to_bits())
            }
        }
        El::I32 => format!("{}", v as i64),
        El::Pred => (if v != 0.0 { "true" } else { "false" }).to_string(),
    }
}

/// A dense literal's nested brackets for the row-major `values` of `shape`.
fn nested(el: El, shape: &[i64], values: &[f64]) -> String {
    match shape.split_first() {
        None => element_text(el, values[0]),
        Some((&d, rest)) => {
            let inner = num_elements(rest) as usize;
            let parts: Vec<String> = (0..d as usize).map(|i| nested(el, rest, &values[i * inner..(i + 1) * inner])).collect();
            format!("[{}]", parts.join(", "))
        }
    }
}

/// A value of the program being built.
#[derive(Clone, Debug)]
struct Node {
    name: String,
    el: El,
    shape: Vec<i64>,
    /// Whether a transcendental function computed (part of) it; see the module.
    inexact: bool,
    used: bool,
    is_arg: bool,
}

/// One step of a recipe: an op kind, two operand picks and the seed of its parameters.
type Step = (u8, u16, u16, u32);

/// How many op kinds a step chooses from.
const KINDS: u8 = 17;

/// The program being built from a recipe.
struct Builder {
    nodes: Vec<Node>,
    lines: Vec<String>,
    args: Vec<usize>,
    counter: usize,
}

/// A generated program: its text and the element types and shapes of its arguments.
#[derive(Debug)]
struct Program {
    text: String,
    args: Vec<(El, Vec<i64>)>,
    /// Per result, whether it may hold inexact floats.
    inexact: Vec<bool>,
}

impl Builder {
    fn fresh(&mut self) -> String {
        self.counter += 1;
        format!("%v{}", self.counter)
    }

    /// Adds a value computed by `rhs` (the text after `=`); returns its index.
    fn push(&mut self, rhs: String, el: El, shape: Vec<i64>, inexact: bool) -> usize {
        let name = self.fresh();
        self.lines.push(format!("    {name} = {rhs}"));
        self.nodes.push(Node { name, el, shape, inexact, used: false, is_arg: false });
        self.nodes.len() - 1
    }

    fn arg(&mut self, el: El, shape: Vec<i64>) -> usize {
        let name = format!("%arg{}", self.args.len());
        self.nodes.push(Node { name, el, shape, inexact: false, used: false, is_arg: true });
        self.args.push(self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    fn use_(&mut self, i: usize) -> String {
        self.nodes[i].used = true;
        self.nodes[i].name.clone()
    }

    fn constant(&mut self, el: El, shape: Vec<i64>, rng: &mut Rng) -> usize {
        let values: Vec<f64> = (0..num_elements(&shape)).map(|_| rng.scalar(el)).collect();
        let rhs = format!("hlo.constant dense<{}> : {}", nested(el, &shape, &values), ty(el, &shape));
        self.push(rhs, el, shape, false)
    }

    fn scalar_constant(&mut self, el: El, value: f64) -> usize {
        let rhs = format!("hlo.constant dense<{}> : {}", element_text(el, value), ty(el, &[]));
        self.push(rhs, el, Vec::new(), false)
    }

    /// The `pick`-th of the values that `keep` accepts, if any.
    fn choose(&self, pick: u16, keep: impl Fn(&Node) -> bool) -> Option<usize> {
        let candidates: Vec<usize> = (0..self.nodes.len()).filter(|&i| keep(&self.nodes[i])).collect();
        (!candidates.is_empty()).then(|| candidates[pick as usize % candidates.len()])
    }

    /// An exact value (one always exists: the first argument).
    fn exact(&self, pick: u16, keep: impl Fn(&Node) -> bool) -> Option<usize> {
        self.choose(pick, |n| !n.inexact && keep(n))
    }

    /// A second operand like `x` (same type): an exact value, or a fresh constant when the
    /// pick says so or none fits.
    fn partner(&mut self, x: usize, pick: u16, rng: &mut Rng) -> usize {
        let (el, shape) = (self.nodes[x].el, self.nodes[x].shape.clone());
        if pick % 4 == 3 {
            return self.constant(el, shape, rng);
        }
        self.exact(pick / 4, |n| n.el == el && n.shape == shape).unwrap_or(x)
    }

    fn step(&mut self, (kind, a, b, seed): Step) {
        let mut rng = Rng::new(u64::from(seed));
        match kind % KINDS {
            0 => self.unary(a, &mut rng),
            1 => self.binary(a, b, &mut rng),
            2 => {
                self.compare(a, b, &mut rng);
            }
            3 => self.select(a, b, &mut rng),
            4 => self.convert(a, &mut rng),
            5 => self.broadcast(a, &mut rng),
            6 => self.reshape(a, &mut rng),
            7 => self.transpose(a, &mut rng),
            8 => self.slice(a, &mut rng),
            9 => self.concatenate(a, b, &mut rng),
            10 => self.pad(a, &mut rng),
            11 => self.reduce(a, &mut rng),
            12 => self.dot(a, b, &mut rng),
            13 => {
                let el = rng.pick(&[El::I32, El::F32]);
                let mut shape = rng.shape();
                if shape.is_empty() {
                    shape.push(rng.range(1, 5));
                }
                let dim = rng.below(shape.len());
                self.push(format!("hlo.iota dim = {dim} : {}", ty(el, &shape)), el, shape, false);
            }
            14 => {
                let (el, shape) = (rng.element_type(), rng.shape());
                self.constant(el, shape, &mut rng);
            }
            15 => {
                let (el, shape) = (rng.element_type(), rng.shape());
                self.arg(el, shape);
            }
            _ => self.clamp(a, &mut rng),
        }
    }

    fn unary(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.exact(a, |_| true) else { return };
        let el = self.nodes[x].el;
        let (op, inexact) = match el {
            El::F32 => {
                const OPS: [(&str, bool); 18] = [
                    ("negate", false),
                    ("abs", false),
                    ("floor", false),
                    ("ceil", false),
                    ("round_nearest_even", false),
                    ("round_nearest_afz", false),
                    ("sqrt", false),
                    ("sign", false),
                    ("exponential", true),
                    ("log", true),
                    ("tanh", true),
                    ("sine", true),
                    ("cosine", true),
                    ("logistic", true),
                    ("exponential_minus_one", true),
                    ("log_plus_one", true),
                    ("rsqrt", true),
                    ("cbrt", true),
                ];
                rng.pick(&OPS)
            }
            El::I32 => (rng.pick(&["negate", "abs", "not", "popcnt", "count_leading_zeros", "sign"]), false),
            El::Pred => ("not", false),
        };
        let shape = self.nodes[x].shape.clone();
        let xs = self.use_(x);
        self.push(format!("hlo.{op} {xs} : {}", ty(el, &shape)), el, shape, inexact);
    }

    fn binary(&mut self, a: u16, b: u16, rng: &mut Rng) {
        let Some(x) = self.exact(a, |_| true) else { return };
        let el = self.nodes[x].el;
        let (op, inexact) = match el {
            El::F32 => {
                const OPS: [(&str, bool); 9] = [
                    ("add", false),
                    ("subtract", false),
                    ("multiply", false),
                    ("divide", false),
                    ("maximum", false),
                    ("minimum", false),
                    ("remainder", false),
                    ("power", true),
                    ("atan2", true),
                ];
                rng.pick(&OPS)
            }
            El::I32 => {
                const OPS: [&str; 14] = [
                    "add",
                    "subtract",
                    "multiply",
                    "divide",
                    "remainder",
                    "maximum",
                    "minimum",
                    "and",
                    "or",
                    "xor",
                    "shift_left",
                    "shift_right_arithmetic",
                    "shift_right_logical",
                    "power",
                ];
                (rng.pick(&OPS), false)
            }
            El::Pred => (rng.pick(&["and", "or", "xor"]), false),
        };
        let y = self.partner(x, b, rng);
        let shape = self.nodes[x].shape.clone();
        let (xs, ys) = (self.use_(x), self.use_(y));
        self.push(format!("hlo.{op} {xs}, {ys} : {}", ty(el, &shape)), el, shape, inexact);
    }

    /// A comparison of two exact numbers; returns the predicate.
    fn compare(&mut self, a: u16, b: u16, rng: &mut Rng) -> Option<usize> {
        let x = self.exact(a, |n| n.el != El::Pred)?;
        let y = self.partner(x, b, rng);
        let (el, shape) = (self.nodes[x].el, self.nodes[x].shape.clone());
        let direction = rng.pick(&["EQ", "NE", "LT", "LE", "GT", "GE"]);
        let order = if el == El::F32 && rng.below(3) == 0 { ", TOTALORDER" } else { "" };
        let (xs, ys) = (self.use_(x), self.use_(y));
        let t = ty(el, &shape);
        let rhs = format!("hlo.compare {direction}, {xs}, {ys}{order} : ({t}, {t}) -> {}", ty(El::Pred, &shape));
        Some(self.push(rhs, El::Pred, shape, false))
    }

    fn select(&mut self, a: u16, b: u16, rng: &mut Rng) {
        let p = match self.exact(a, |n| n.el == El::Pred) {
            Some(p) => p,
            None => match self.compare(a, b, rng) {
                Some(p) => p,
                None => return,
            },
        };
        let shape = self.nodes[p].shape.clone();
        let x = match self.choose(b, |n| n.shape == shape) {
            Some(x) => x,
            None => {
                let el = rng.element_type();
                self.constant(el, shape.clone(), rng)
            }
        };
        let el = self.nodes[x].el;
        let y = match rng.below(3) {
            0 => self.constant(el, shape.clone(), rng),
            k => self.choose(b / 2 + k as u16, |n| n.el == el && n.shape == shape).unwrap_or(x),
        };
        let inexact = self.nodes[x].inexact || self.nodes[y].inexact;
        let (ps, xs, ys) = (self.use_(p), self.use_(x), self.use_(y));
        let rhs = format!("hlo.select {ps}, {xs}, {ys} : {}, {}", ty(El::Pred, &shape), ty(el, &shape));
        self.push(rhs, el, shape, inexact);
    }

    fn convert(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.exact(a, |_| true) else { return };
        let (from, shape) = (self.nodes[x].el, self.nodes[x].shape.clone());
        let to = rng.pick(&[El::F32, El::I32, El::Pred]);
        let xs = self.use_(x);
        let rhs = format!("hlo.convert_element_type {xs} : ({}) -> {}", ty(from, &shape), ty(to, &shape));
        self.push(rhs, to, shape, false);
    }

    fn broadcast(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.choose(a, |_| true) else { return };
        let node = self.nodes[x].clone();
        let rank = node.shape.len();
        let result_rank = rng.range(rank as i64, 3) as usize;
        // Increasing result dimensions for the operand's dimensions.
        let mut dims: Vec<usize> = (0..result_rank).collect();
        while dims.len() > rank {
            let drop = rng.below(dims.len());
            dims.remove(drop);
        }
        let mut shape: Vec<i64> = (0..result_rank).map(|_| rng.range(1, 4)).collect();
        for (i, &d) in dims.iter().enumerate() {
            if node.shape[i] != 1 || rng.below(2) == 0 {
                shape[d] = node.shape[i];
            }
        }
        let xs = self.use_(x);
        let list: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
        let rhs = format!("hlo.broadcast_in_dim {xs}, dims = [{}] : ({}) -> {}", list.join(", "), ty(node.el, &node.shape), ty(node.el, &shape));
        self.push(rhs, node.el, shape, node.inexact);
    }

    fn reshape(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.choose(a, |_| true) else { return };
        let node = self.nodes[x].clone();
        let mut remaining = num_elements(&node.shape);
        let rank = if remaining == 1 { rng.below(4) } else { rng.range(1, 3) as usize };
        let mut shape = Vec::new();
        for _ in 1..rank {
            let divisors: Vec<i64> = (1..=remaining).filter(|d| remaining % d == 0).collect();
            let d = rng.pick(&divisors);
            shape.push(d);
            remaining /= d;
        }
        if rank > 0 {
            shape.push(remaining);
        }
        let xs = self.use_(x);
        let rhs = format!("hlo.reshape {xs} : ({}) -> {}", ty(node.el, &node.shape), ty(node.el, &shape));
        self.push(rhs, node.el, shape, node.inexact);
    }

    fn transpose(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.choose(a, |n| !n.shape.is_empty()) else { return };
        let node = self.nodes[x].clone();
        let mut perm: Vec<usize> = (0..node.shape.len()).collect();
        for i in (1..perm.len()).rev() {
            let j = rng.below(i + 1);
            perm.swap(i, j);
        }
        let shape: Vec<i64> = perm.iter().map(|&p| node.shape[p]).collect();
        let xs = self.use_(x);
        let list: Vec<String> = perm.iter().map(|d| d.to_string()).collect();
        let rhs = format!("hlo.transpose {xs}, dims = [{}] : ({}) -> {}", list.join(", "), ty(node.el, &node.shape), ty(node.el, &shape));
        self.push(rhs, node.el, shape, node.inexact);
    }

    fn slice(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.choose(a, |n| !n.shape.is_empty()) else { return };
        let node = self.nodes[x].clone();
        let mut ranges = Vec::new();
        let mut shape = Vec::new();
        for &d in &node.shape {
            let start = rng.range(0, d - 1);
            let limit = rng.range(start + 1, d);
            let stride = rng.range(1, 3);
            ranges.push(if stride == 1 { format!("{start}:{limit}") } else { format!("{start}:{limit}:{stride}") });
            shape.push((limit - start + stride - 1) / stride);
        }
        let xs = self.use_(x);
        let rhs = format!("hlo.slice {xs} [{}] : ({}) -> {}", ranges.join(", "), ty(node.el, &node.shape), ty(node.el, &shape));
        self.push(rhs, node.el, shape, node.inexact);
    }

    fn concatenate(&mut self, a: u16, b: u16, rng: &mut Rng) {
        let Some(x) = self.choose(a, |n| !n.shape.is_empty()) else { return };
        let node = self.nodes[x].clone();
        let dim = rng.below(node.shape.len());
        let fits = |n: &Node| {
            n.el == node.el && n.shape.len() == node.shape.len() && n.shape.iter().zip(&node.shape).enumerate().all(|(k, (p, q))| k == dim || p == q)
        };
        let y = self.choose(b, fits).unwrap_or(x);
        let other = self.nodes[y].clone();
        let mut shape = node.shape.clone();
        shape[dim] += other.shape[dim];
        let (xs, ys) = (self.use_(x), self.use_(y));
        let rhs = format!(
            "hlo.concatenate {xs}, {ys}, dim = {dim} : ({}, {}) -> {}",
            ty(node.el, &node.shape),
            ty(node.el, &other.shape),
            ty(node.el, &shape)
        );
        self.push(rhs, node.el, shape, node.inexact || other.inexact);
    }

    fn pad(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.choose(a, |n| !n.shape.is_empty()) else { return };
        let node = self.nodes[x].clone();
        let value = rng.scalar(node.el);
        let v = self.scalar_constant(node.el, value);
        let (mut low, mut high, mut interior, mut shape) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for &d in &node.shape {
            let i = rng.range(0, 1);
            let full = d + (d - 1) * i;
            // Negative padding removes elements; at least one stays.
            let l = rng.range(-1, 2).max(1 - full);
            let h = rng.range(-1, 2).max(1 - full - l);
            low.push(l.to_string());
            high.push(h.to_string());
            interior.push(i.to_string());
            shape.push(full + l + h);
        }
        let (xs, vs) = (self.use_(x), self.use_(v));
        let rhs = format!(
            "hlo.pad {xs}, {vs}, low = [{}], high = [{}], interior = [{}] : ({}, {}) -> {}",
            low.join(", "),
            high.join(", "),
            interior.join(", "),
            ty(node.el, &node.shape),
            ty(node.el, &[]),
            ty(node.el, &shape)
        );
        self.push(rhs, node.el, shape, node.inexact);
    }

    fn reduce(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.exact(a, |n| n.el != El::Pred) else { return };
        let node = self.nodes[x].clone();
        let dims: Vec<usize> = (0..node.shape.len()).filter(|_| rng.below(2) == 0).collect();
        let shape: Vec<i64> = (0..node.shape.len()).filter(|k| !dims.contains(k)).map(|k| node.shape[k]).collect();
        let op = rng.pick(&["add", "maximum", "minimum"]);
        let init_value = match (op, node.el, rng.below(3)) {
            ("add", _, 0) | (_, El::I32, 0) => 0.0,
            ("maximum", El::F32, 0) => f64::NEG_INFINITY,
            ("minimum", El::F32, 0) => f64::INFINITY,
            ("add", El::F32, 1) => -0.0,
            _ => rng.scalar(node.el),
        };
        let init = self.scalar_constant(node.el, init_value);
        let (xs, is) = (self.use_(x), self.use_(init));
        let scalar = ty(node.el, &[]);
        let (acc, e, s) = (self.fresh(), self.fresh(), self.fresh());
        let list: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
        let rhs = format!(
            "hlo.reduce({xs} init: {is}) dimensions = [{}] : ({}, {scalar}) -> {} {{\n    ^bb0({acc}: {scalar}, {e}: {scalar}):\n      {s} = hlo.{op} {acc}, {e} : {scalar}\n      hlo.return {s} : {scalar}\n    }}",
            list.join(", "),
            ty(node.el, &node.shape),
            ty(node.el, &shape)
        );
        self.push(rhs, node.el, shape, false);
    }

    /// `round_nearest_even(clamp(-64, x, 64))`: a float operand of a dot product made a
    /// small integer (or NaN), so that `f32` and `f64` sums agree (see the module).
    fn small_integers(&mut self, x: usize) -> usize {
        let shape = self.nodes[x].shape.clone();
        let (lo, hi) = (self.scalar_constant(El::F32, -64.0), self.scalar_constant(El::F32, 64.0));
        let (los, xs, his) = (self.use_(lo), self.use_(x), self.use_(hi));
        let s = ty(El::F32, &shape);
        let clamped = self.push(format!("hlo.clamp {los}, {xs}, {his} : (tensor<f32>, {s}, tensor<f32>) -> {s}"), El::F32, shape.clone(), false);
        let cs = self.use_(clamped);
        self.push(format!("hlo.round_nearest_even {cs} : {s}"), El::F32, shape, false)
    }

    fn dot(&mut self, a: u16, b: u16, rng: &mut Rng) {
        let Some(x) = self.exact(a, |n| n.el != El::Pred && !n.shape.is_empty()) else { return };
        let el = self.nodes[x].el;
        let y = self.exact(b, |n| n.el == el && !n.shape.is_empty()).unwrap_or(x);
        let (xshape, yshape) = (self.nodes[x].shape.clone(), self.nodes[y].shape.clone());
        let pairs: Vec<(usize, usize)> =
            (0..xshape.len()).flat_map(|i| (0..yshape.len()).map(move |j| (i, j))).filter(|&(i, j)| xshape[i] == yshape[j]).collect();
        if pairs.is_empty() {
            return;
        }
        let (ci, cj) = rng.pick(&pairs);
        let batch: Vec<(usize, usize)> = pairs.iter().copied().filter(|&(i, j)| i != ci && j != cj).collect();
        let batching = if !batch.is_empty() && rng.below(2) == 0 { vec![rng.pick(&batch)] } else { Vec::new() };
        let mut shape: Vec<i64> = batching.iter().map(|&(i, _)| xshape[i]).collect();
        shape.extend((0..xshape.len()).filter(|&i| i != ci && batching.iter().all(|&(bi, _)| bi != i)).map(|i| xshape[i]));
        shape.extend((0..yshape.len()).filter(|&j| j != cj && batching.iter().all(|&(_, bj)| bj != j)).map(|j| yshape[j]));
        if shape.len() > 3 {
            return;
        }
        let (x, y) = if el == El::F32 {
            let sx = self.small_integers(x);
            let sy = if y == x { sx } else { self.small_integers(y) };
            (sx, sy)
        } else {
            (x, y)
        };
        let (xs, ys) = (self.use_(x), self.use_(y));
        let lb: Vec<String> = batching.iter().map(|&(i, _)| i.to_string()).collect();
        let rb: Vec<String> = batching.iter().map(|&(_, j)| j.to_string()).collect();
        let rhs = format!(
            "hlo.dot_general {xs}, {ys}, batching_dims = [{}] x [{}], contracting_dims = [{ci}] x [{cj}] : ({}, {}) -> {}",
            lb.join(", "),
            rb.join(", "),
            ty(el, &xshape),
            ty(el, &yshape),
            ty(el, &shape)
        );
        self.push(rhs, el, shape, false);
    }

    fn clamp(&mut self, a: u16, rng: &mut Rng) {
        let Some(x) = self.exact(a, |n| n.el != El::Pred) else { return };
        let (el, shape) = (self.nodes[x].el, self.nodes[x].shape.clone());
        let (lo, hi) = (rng.scalar(el), rng.scalar(el));
        let (lo, hi) = (self.scalar_constant(el, lo), self.scalar_constant(el, hi));
        let (los, xs, his) = (self.use_(lo), self.use_(x), self.use_(hi));
        let (s, t) = (ty(el, &[]), ty(el, &shape));
        self.push(format!("hlo.clamp {los}, {xs}, {his} : ({s}, {t}, {s}) -> {t}"), el, shape, false);
    }
}

/// The program a recipe describes: `first` is the first argument's element type and
/// shape seed.
fn build(first: u32, steps: &[Step]) -> Program {
    let mut rng = Rng::new(u64::from(first));
    let mut builder = Builder { nodes: Vec::new(), lines: Vec::new(), args: Vec::new(), counter: 0 };
    let (el, shape) = (rng.element_type(), rng.shape());
    builder.arg(el, shape);
    for &step in steps {
        builder.step(step);
    }
    // The results: the latest values nothing uses (at most four), else the first argument.
    let mut results: Vec<usize> = (0..builder.nodes.len()).filter(|&i| !builder.nodes[i].used && !builder.nodes[i].is_arg).collect();
    if results.len() > 4 {
        results.drain(..results.len() - 4);
    }
    if results.is_empty() {
        results.push(0);
    }
    let nodes = &builder.nodes;
    let params: Vec<String> = builder.args.iter().map(|&i| format!("{}: {}", nodes[i].name, ty(nodes[i].el, &nodes[i].shape))).collect();
    let types: Vec<String> = results.iter().map(|&i| ty(nodes[i].el, &nodes[i].shape)).collect();
    let names: Vec<String> = results.iter().map(|&i| nodes[i].name.clone()).collect();
    let text = format!(
        "func.func @main({}) -> ({}) {{\n{}\n    func.return {} : {}\n}}\n",
        params.join(", "),
        types.join(", "),
        builder.lines.join("\n"),
        names.join(", "),
        types.join(", ")
    );
    Program {
        text,
        args: builder.args.iter().map(|&i| (nodes[i].el, nodes[i].shape.clone())).collect(),
        inexact: results.iter().map(|&i| nodes[i].inexact).collect(),
    }
}

/// Random inputs for the arguments, edge values included.
fn inputs(program: &Program, seed: u64) -> Vec<Literal> {
    let mut rng = Rng::new(seed);
    program
        .args
        .iter()
        .map(|(el, shape)| {
            let values: Vec<f64> = (0..num_elements(shape)).map(|_| rng.scalar(*el)).collect();
            let elements = match el {
                El::F32 => Elements::Float(values.iter().map(|&v| f64::from(v as f32)).collect()),
                El::I32 | El::Pred => Elements::Int(values.iter().map(|&v| v as i128).collect()),
            };
            Literal::new(el.interp(), shape.clone(), elements)
        })
        .collect()
}

/// An argument as the text of a dense literal, for failure messages.
fn describe(el: El, literal: &Literal) -> String {
    let values: Vec<f64> = (0..literal.len())
        .map(|i| match literal.get(i) {
            xla_ir::Scalar::Int(v) => v as f64,
            xla_ir::Scalar::Float(v) => v,
            xla_ir::Scalar::Complex(re, _) => re,
        })
        .collect();
    format!("dense<{}> : {}", nested(el, &literal.shape, &values), ty(el, &literal.shape))
}

/// Compiles and interprets `program` on `args`; the error says how they differ.
fn differential(program: &Program, args: &[Literal]) -> Result<(), String> {
    let (values, expected) = compiled_and_interpreted("random.mlir", &program.text, args)?;
    let mut failures = Vec::new();
    for (i, ((actual, wanted), &inexact)) in values.iter().zip(&expected).zip(&program.inexact).enumerate() {
        let (actual, wanted) = (actual.tensor()?, wanted.tensor()?);
        let tolerance = if inexact { Tolerance::new(INEXACT_ULPS, INEXACT_ATOL) } else { Tolerance::EXACT };
        if let Err(message) = compare(actual, wanted, tolerance) {
            failures.push(format!("result {i} (compiled vs interpreted): {message}"));
        }
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n")) }
}

/// A recipe: the first argument's seed, the steps and the inputs' seed.
fn recipe() -> impl Strategy<Value = (u32, Vec<Step>, u64)> {
    (any::<u32>(), prop::collection::vec((0..KINDS, any::<u16>(), any::<u16>(), any::<u32>()), 1..12), any::<u64>())
}

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(24);
    Config { cases, max_shrink_iters: 512, failure_persistence: None, ..Config::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn compiled_random_programs_match_the_interpreter((first, steps, seed) in recipe()) {
        let program = build(first, &steps);
        let args = inputs(&program, seed);
        if let Err(message) = differential(&program, &args) {
            let described: Vec<String> = program.args.iter().zip(&args).enumerate().map(|(i, ((el, _), l))| format!("  %arg{i} = {}", describe(*el, l))).collect();
            return Err(TestCaseError::fail(format!("{message}\nprogram:\n{}inputs:\n{}", program.text, described.join("\n"))));
        }
    }
}

/// Regression, found by the property test: `hlo.clamp` on a subnormal `f32` gave the
/// subnormal in the interpreter but 0 in compiled code, which runs with DAZ set and so
/// compares it as zero; `maximum` and `minimum` flushed it in the interpreter and clamp did
/// not. The interpreter's clamp now flushes its operands as they do.
#[test]
fn clamp_flushes_a_subnormal_operand_as_compiled_code_does() {
    let text = "func.func @main(%arg0: tensor<2xf32>) -> (tensor<2xf32>) {\n    %v1 = hlo.constant dense<-6.400000000e1> : tensor<f32>\n    %v2 = hlo.constant dense<6.400000000e1> : tensor<f32>\n    %v3 = hlo.clamp %v1, %arg0, %v2 : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>\n    func.return %v3 : tensor<2xf32>\n}\n";
    let program = Program { text: text.to_string(), args: vec![(El::F32, vec![2])], inexact: vec![false] };
    let args = vec![Literal::new(ElementType::F32, vec![2], Elements::Float(vec![f64::from(1e-40f32), f64::from(-1e-40f32)]))];
    if let Err(message) = differential(&program, &args) {
        panic!("{message}");
    }
}
