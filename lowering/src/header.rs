//! The C header of an entry compiled ahead of time (ARCHITECTURE.md, "the AOT entry ABI"): the
//! entry's declaration,
//! `int32_t NAME(void *const *args, void *const *results, void *temp, const XlaRunOptions *opts);`,
//! the macros `NAME_NUM_ARGS`, `NAME_NUM_RESULTS`, `NAME_TEMP_BYTES`, `NAME_ALIGN`,
//! `NAME_ARG<i>_BYTES` and `NAME_RESULT<i>_BYTES`, a comment per buffer with its element
//! type, shape and layout, and, under `#ifdef __cplusplus`, a wrapper class in the spirit
//! of tfcompile's: it owns aligned buffers for every argument and result (or uses the
//! caller's through `set_arg_data`) and its `temp` (the entry's arena, `NAME_TEMP_BYTES`
//! bytes, made once with the object so that `Run()` allocates nothing), has typed accessors
//! and `Run()`.
//!
//! The header stands alone: it declares `XlaRunOptions` as an incomplete type,
//! `xla_rt_last_error` and `xla_rt_out_of_memory` (which the wrapper calls when it could
//! not allocate the temp), all as `xla_runtime.h` does, so including either first is fine.

use std::fmt::Write;

use xla_ir::{Context, FloatKind, Layout, Signedness, Type, TypeData};

use crate::native::buffer_bytes;
use crate::to_llvm::EntrySignature;

/// The alignment the header asks of every buffer, in bytes (`NAME_ALIGN`): a cache line,
/// enough for any vector load.
pub const ALIGN: usize = 64;

/// What the header describes.
pub struct HeaderSpec<'a> {
    /// The entry's symbol, `NAME`.
    pub symbol: &'a str,
    /// The buffers of the entry.
    pub signature: &'a EntrySignature,
    /// Where the program came from, for the first comment (the input file and function).
    pub source: &'a str,
    /// The CPU the object was compiled for.
    pub cpu: &'a str,
}

/// The header's text, or why a buffer has no size (a dynamic shape, an element type the
/// lowering does not handle).
pub fn c_header(ctx: &Context, spec: &HeaderSpec) -> Result<String, String> {
    let name = spec.symbol;
    let guard = format!("{}_H_", name.to_ascii_uppercase());
    let mut h = String::new();
    let _ = writeln!(h, "/* {name}: compiled ahead of time by xla-aotc from {} for CPU {}. Generated; do not edit.", spec.source, spec.cpu);
    h.push_str(&ABI_COMMENT.replace("NAME", name));
    let _ = write!(h, "#ifndef {guard}\n#define {guard}\n\n#include <stdint.h>\n\n#ifdef __cplusplus\nextern \"C\" {{\n#endif\n\n");
    h.push_str(RUNTIME_DECLARATIONS);
    let (args, results) = (&spec.signature.args, &spec.signature.results);
    let _ = writeln!(h, "#define {name}_NUM_ARGS {}", args.len());
    let _ = writeln!(h, "#define {name}_NUM_RESULTS {}", results.len());
    let _ = writeln!(h, "#define {name}_TEMP_BYTES {}", spec.signature.temp_bytes);
    let _ = writeln!(h, "#define {name}_ALIGN {ALIGN}\n");
    for (kind, macro_kind, types) in [("Argument", "ARG", args), ("Result", "RESULT", results)] {
        for (i, ty) in types.iter().enumerate() {
            let bytes = buffer_bytes(ctx, *ty)?;
            let _ = writeln!(h, "/* {kind} {i}: {}. */", describe(ctx, *ty));
            let _ = writeln!(h, "#define {name}_{macro_kind}{i}_BYTES {bytes}");
        }
    }
    let _ = write!(h, "\n/* Returns 0 on success, else a status code whose message xla_rt_last_error() gives. */\n");
    let _ = writeln!(h, "int32_t {name}(void *const *args, void *const *results, void *temp, const XlaRunOptions *opts);\n");
    let _ = write!(h, "#ifdef __cplusplus\n}} /* extern \"C\" */\n\n");
    h.push_str(&cpp_class(ctx, name, spec.signature));
    let _ = write!(h, "#endif /* __cplusplus */\n\n#endif /* {guard} */\n");
    Ok(h)
}

/// What the first comment says of the ABI.
const ABI_COMMENT: &str = " *
 * args[i] and results[i] point to dense buffers of NAME_ARG<i>_BYTES and
 * NAME_RESULT<i>_BYTES bytes in the layouts described below (minor_to_major, XLA's;
 * {rank-1, ..., 0} is row-major), NAME_ALIGN-aligned; pred, 4-bit integers and the
 * f8, f6 and f4 floats take a byte per element (the floats' codes in the low bits);
 * f16 and bf16 elements are their 16 bits. No result buffer may
 * overlap another buffer of the call or temp (arguments, only read, may share memory):
 * the entry's code is optimized on that promise. temp points to
 * NAME_TEMP_BYTES bytes of scratch memory, NAME_ALIGN-aligned, which the entry uses for its
 * temporaries (contents undefined before and after; one temp per concurrent call), so that
 * a call allocates nothing; when temp is NULL the entry allocates (and frees) its own for
 * the call. opts may be NULL for the defaults.
 * The entry never crashes its caller: it returns a status (2: out of memory). Link the
 * object with libxla_runtime.a and -lm -lpthread -ldl.
 */
";

/// The runtime's declarations the header needs, as `xla_runtime.h` spells them.
const RUNTIME_DECLARATIONS: &str = "/* From xla_runtime.h: the run options (NULL for the defaults) and error messages. */
typedef struct XlaRunOptions XlaRunOptions;
const char *xla_rt_last_error(void);
void xla_rt_out_of_memory(int64_t bytes);

";

/// `f32[2,3] {1,0} (row-major)`: element type, shape and layout of a buffer type.
pub fn describe(ctx: &Context, ty: Type) -> String {
    let Some(memref) = ctx.as_memref(ty) else { return ctx.type_to_string(ty) };
    let dims: Vec<String> = memref.dims.iter().map(|d| d.static_size().map_or("?".to_string(), |n| n.to_string())).collect();
    let layout = memref.layout.clone().unwrap_or_else(|| Layout::row_major(dims.len()));
    let minor_to_major: Vec<String> = layout.minor_to_major.iter().map(i64::to_string).collect();
    let row_major = layout == Layout::row_major(dims.len());
    let mut text = format!("{}[{}] {{{}}}", element_name(ctx, memref.element), dims.join(","), minor_to_major.join(","));
    if let Some(padded) = &layout.padded_dims {
        let padded: Vec<String> = padded.iter().map(i64::to_string).collect();
        let _ = write!(text, " padded to [{}]", padded.join(","));
        if let Some(value) = layout.padding_value.filter(|v| *v != xla_ir::PaddingValue::Unknown) {
            let _ = write!(text, ", padding {}", value.name());
        }
    }
    if row_major {
        text.push_str(" (row-major)");
    }
    text
}

/// XLA's name of an element type: `f32`, `s32`, `u8`, `pred`, `bf16`.
fn element_name(ctx: &Context, ty: Type) -> String {
    match ctx.type_data(ty) {
        TypeData::Integer { width: 1, .. } => "pred".to_string(),
        TypeData::Integer { width, signedness: Signedness::Unsigned } => format!("u{width}"),
        TypeData::Integer { width, .. } => format!("s{width}"),
        TypeData::Float(kind) => kind.name().to_ascii_lowercase(),
        _ => ctx.type_to_string(ty),
    }
}

/// The C++ type of one element: `float`, `int32_t`, `uint16_t` for `f16`/`bf16` bits,
/// `uint8_t` for the codes of the `f8`, `f6` and `f4` formats, `bool` for `pred`.
fn cpp_element_type(ctx: &Context, ty: Type) -> &'static str {
    let Some(memref) = ctx.as_memref(ty) else { return "void" };
    match ctx.type_data(memref.element) {
        TypeData::Integer { width: 1, .. } => "bool",
        TypeData::Integer { width, signedness } => {
            let unsigned = *signedness == Signedness::Unsigned;
            match (width.next_power_of_two().max(8), unsigned) {
                (8, false) => "int8_t",
                (8, true) => "uint8_t",
                (16, false) => "int16_t",
                (16, true) => "uint16_t",
                (32, false) => "int32_t",
                (32, true) => "uint32_t",
                (_, false) => "int64_t",
                (_, true) => "uint64_t",
            }
        }
        TypeData::Float(FloatKind::F32) => "float",
        TypeData::Float(FloatKind::F64) => "double",
        // f16 and bf16 as their bits, and the formats of 8 bits or fewer as their code, a
        // byte each.
        TypeData::Float(kind) if kind.bit_width() <= 8 => "uint8_t",
        TypeData::Float(_) => "uint16_t",
        _ => "void",
    }
}

/// `xla_main` → `XlaMain`: the class name of an entry.
pub fn class_name(symbol: &str) -> String {
    let mut name = String::new();
    for part in symbol.split('_').filter(|p| !p.is_empty()) {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            name.extend(first.to_uppercase());
            name.push_str(chars.as_str());
        }
    }
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert_str(0, "Entry");
    }
    name
}

/// The C++ wrapper class.
fn cpp_class(ctx: &Context, name: &str, signature: &EntrySignature) -> String {
    let class = class_name(name);
    let arg_bytes = byte_list(name, "ARG", signature.args.len());
    let result_bytes = byte_list(name, "RESULT", signature.results.len());
    let mut c = String::new();
    let _ = write!(
        c,
        "#include <cstddef>
#include <cstdlib>
#include <cstring>

// Runs {name}: owns {ALIGN}-byte-aligned, zeroed buffers for every argument and result
// (set_arg_data makes it read the caller's data instead), in the spirit of tfcompile.
// Needs C++17 (std::aligned_alloc).
//
//   {class} computation;
//   std::memcpy(computation.arg_data(0), input, {name}_ARG0_BYTES);
//   if (!computation.Run()) fprintf(stderr, \"%s\\n\", computation.error_message());
//   const float *out = computation.result0_data();
class {class} {{
 public:
  static constexpr int kNumArgs = {name}_NUM_ARGS;
  static constexpr int kNumResults = {name}_NUM_RESULTS;

  static constexpr std::size_t kTempBytes = {name}_TEMP_BYTES;

  {class}() {{
    for (int i = 0; i < kNumArgs; ++i) owned_args_[i] = args_[i] = Allocate(arg_size(i));
    for (int i = 0; i < kNumResults; ++i) results_[i] = Allocate(result_size(i));
    if (kTempBytes > 0) temp_ = Allocate(kTempBytes);
  }}
  ~{class}() {{
    for (int i = 0; i < kNumArgs; ++i) std::free(owned_args_[i]);
    for (int i = 0; i < kNumResults; ++i) std::free(results_[i]);
    std::free(temp_);
  }}
  {class}(const {class} &) = delete;
  {class} &operator=(const {class} &) = delete;

  // Byte sizes of the buffers.
  static std::size_t arg_size(int index) {{
    static const std::size_t kBytes[] = {{{arg_bytes}}};
    return index >= 0 && index < kNumArgs ? kBytes[index] : 0;
  }}
  static std::size_t result_size(int index) {{
    static const std::size_t kBytes[] = {{{result_bytes}}};
    return index >= 0 && index < kNumResults ? kBytes[index] : 0;
  }}

  // Makes argument `index` read `data` ({name}_ALIGN-aligned, arg_size(index) bytes,
  // alive until Run returns); nullptr goes back to the owned buffer.
  void set_arg_data(int index, const void *data) {{
    if (index < 0 || index >= kNumArgs) return;
    args_[index] = data != nullptr ? const_cast<void *>(data) : owned_args_[index];
  }}
  void *arg_data(int index) {{ return index >= 0 && index < kNumArgs ? args_[index] : nullptr; }}
  void *result_data(int index) {{ return index >= 0 && index < kNumResults ? results_[index] : nullptr; }}
"
    );
    for (kind, types) in [("arg", &signature.args), ("result", &signature.results)] {
        for (i, ty) in types.iter().enumerate() {
            let element = cpp_element_type(ctx, *ty);
            let _ = writeln!(c, "  {element} *{kind}{i}_data() {{ return static_cast<{element} *>({kind}_data({i})); }}");
        }
    }
    let _ = write!(
        c,
        "
  // Runs the computation; false when it failed (see status() and error_message()).
  bool Run(const XlaRunOptions *opts = nullptr) {{
    for (int i = 0; i < kNumArgs; ++i) if (args_[i] == nullptr) return Fail(2);
    for (int i = 0; i < kNumResults; ++i) if (results_[i] == nullptr) return Fail(2);
    if (kTempBytes > 0 && temp_ == nullptr) {{
      xla_rt_out_of_memory(kTempBytes);  // The constructor could not allocate it.
      return Fail(2);
    }}
    status_ = {name}(args_, results_, temp_, opts);
    return status_ == 0;
  }}
  int32_t status() const {{ return status_; }}
  const char *error_message() const {{ return status_ == 0 ? \"\" : xla_rt_last_error(); }}

 private:
  static void *Allocate(std::size_t bytes) {{
    std::size_t rounded = (bytes + {name}_ALIGN - 1) / {name}_ALIGN * {name}_ALIGN;
    void *buffer = std::aligned_alloc({name}_ALIGN, rounded > 0 ? rounded : {name}_ALIGN);
    if (buffer != nullptr) std::memset(buffer, 0, rounded);
    return buffer;
  }}
  bool Fail(int32_t status) {{
    status_ = status;
    return false;
  }}

  void *args_[kNumArgs > 0 ? kNumArgs : 1] = {{}};
  void *owned_args_[kNumArgs > 0 ? kNumArgs : 1] = {{}};
  void *results_[kNumResults > 0 ? kNumResults : 1] = {{}};
  void *temp_ = nullptr;
  int32_t status_ = 0;
}};

"
    );
    c
}

/// `NAME_ARG0_BYTES, NAME_ARG1_BYTES` (or `0` for none).
fn byte_list(name: &str, kind: &str, count: usize) -> String {
    if count == 0 {
        return "0".to_string();
    }
    (0..count).map(|i| format!("{name}_{kind}{i}_BYTES")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_names_are_camel_case() {
        assert_eq!(class_name("xla_main"), "XlaMain");
        assert_eq!(class_name("matmul"), "Matmul");
        assert_eq!(class_name("_9lives"), "Entry9lives");
    }

    #[test]
    fn buffers_are_described_with_their_layouts() {
        let ctx = Context::new();
        let row_major = ctx.memref_type(&[2, 3], ctx.f32_type());
        assert_eq!(describe(&ctx, row_major), "f32[2,3] {1,0} (row-major)");
        let pred = ctx.memref_type(&[4], ctx.int_type(1));
        assert_eq!(describe(&ctx, pred), "pred[4] {0} (row-major)");
    }

    #[test]
    fn elements_have_cpp_types_of_their_storage() {
        let ctx = Context::new();
        let of = |kind| cpp_element_type(&ctx, ctx.memref_type(&[2], ctx.float_type(kind)));
        assert_eq!(of(xla_ir::FloatKind::F32), "float");
        assert_eq!(of(xla_ir::FloatKind::BF16), "uint16_t");
        assert_eq!(of(xla_ir::FloatKind::F8E4M3FN), "uint8_t");
        assert_eq!(of(xla_ir::FloatKind::F4E2M1FN), "uint8_t");
        assert_eq!(cpp_element_type(&ctx, ctx.memref_type(&[2], ctx.uint_type(4))), "uint8_t");
    }
}
