//! Effects through whole programs: tokens, the infeed and outfeed queues, send and recv
//! on channels, and custom calls (which the interpreter runs only when they spell checks).

mod support;

use support::*;
use xla_interp::Value;

#[test]
fn tokens_join_and_flow_through_effects() {
    let text = r#"
func.func @main(%t: !hlo.token) -> !hlo.token {
  %0 = hlo.after_all()
  %1 = hlo.after_all(%t, %0)
  func.return %1 : !hlo.token
}"#;
    assert_eq!(run(text, vec![Value::Token]).expect("runs"), vec![Value::Token]);
}

const FEEDS: &str = r#"
func.func @main() -> (tensor<2xf32>, tensor<i32>, tensor<2xf32>) {
  %t0 = hlo.after_all()
  %0:2 = hlo.infeed %t0 : tensor<2xf32>
  %1:3 = hlo.infeed %0#1 : tensor<i32>, tensor<2xf32>
  %t1 = hlo.outfeed %0#0, %1#1, %1#2 : tensor<2xf32>, tensor<2xf32>
  %t2 = hlo.outfeed %1#0, %t1 : tensor<i32>
  func.return %0#0, %1#0, %1#1 : tensor<2xf32>, tensor<i32>, tensor<2xf32>
}"#;

#[test]
fn infeed_takes_and_outfeed_gives_one_entry_per_op() {
    let (a, n, b) = (f32s(&[2], &[1.0, 2.0]), s32s(&[], &[7]), f32s(&[2], &[3.0, 4.0]));
    let entries = vec![a.clone(), Value::Tuple(vec![n.clone(), b.clone()])];
    let (results, (left, outfeed)) = run_configured(
        FEEDS,
        vec![],
        |interp| interp.infeed.extend(entries),
        |interp| (interp.infeed.len(), interp.outfeed.clone()),
    );
    assert_eq!(results.expect("runs"), vec![a.clone(), n.clone(), b.clone()]);
    assert_eq!(left, 0);
    assert_eq!(outfeed, vec![Value::Tuple(vec![a, b]), n]);
}

#[test]
fn infeed_errors_name_the_mismatch() {
    let (results, ()) = run_configured(FEEDS, vec![], |_| {}, |_| ());
    let error = results.expect_err("the queue is empty");
    assert!(error.contains("the infeed queue is empty"), "{error}");
    let (results, ()) = run_configured(FEEDS, vec![], |interp| interp.infeed.push_back(s32s(&[2], &[1, 2])), |_| ());
    let error = results.expect_err("the entry has the wrong type");
    assert!(error.contains("the front of the infeed queue holds (s32[2]), but the op reads (f32[2])"), "{error}");
}

#[test]
fn recv_takes_what_send_gave_on_its_channel() {
    let text = r#"
func.func @main(%a: tensor<2xf32>, %b: tensor<i32>) -> (tensor<i32>, tensor<2xf32>, tensor<2xf32>) {
  %t0 = hlo.after_all()
  %t1 = hlo.send %a, %t0, channel_id = 1 : tensor<2xf32>
  %t2 = hlo.send %b, %t1, channel_id = 2 : tensor<i32>
  %t3 = hlo.send %a, %t2, channel_id = 1 {is_host_transfer = true} : tensor<2xf32>
  %0:2 = hlo.recv %t3, channel_id = 2 : tensor<i32>
  %1:2 = hlo.recv %0#1, channel_id = 1 : tensor<2xf32>
  %2:2 = hlo.recv %1#1, channel_id = 1 : tensor<2xf32>
  func.return %0#0, %1#0, %2#0 : tensor<i32>, tensor<2xf32>, tensor<2xf32>
}"#;
    let (a, b) = (f32s(&[2], &[1.0, 2.0]), s32s(&[], &[9]));
    assert_eq!(run(text, vec![a.clone(), b.clone()]).expect("runs"), vec![b, a.clone(), a]);
}

#[test]
fn recv_without_send_is_an_error() {
    let text = r#"
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %t0 = hlo.after_all()
  %t1 = hlo.send %a, %t0, channel_id = 1 : tensor<2xf32>
  %0:2 = hlo.recv %t1, channel_id = 3 : tensor<2xf32>
  func.return %0#0 : tensor<2xf32>
}"#;
    let error = run(text, vec![f32s(&[2], &[1.0, 2.0])]).expect_err("nothing on channel 3");
    assert!(error.contains("nothing was sent on channel 3 before this recv"), "{error}");
    let mismatched = text.replace("channel_id = 3 : tensor<2xf32>", "channel_id = 1 : tensor<3xf32>").replace(
        "func.return %0#0 : tensor<2xf32>\n}",
        "func.return %a : tensor<2xf32>\n}",
    );
    let error = run(&mismatched, vec![f32s(&[2], &[1.0, 2.0])]).expect_err("the types differ");
    assert!(error.contains("channel 1 holds (f32[2]), but the op reads (f32[3])"), "{error}");
}

#[test]
fn custom_calls_name_their_target() {
    let text = r#"
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.custom_call @foo(%a) {backend_config = "x"} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}"#;
    let error = run(text, vec![f32s(&[2], &[1.0, 2.0])]).expect_err("no implementation");
    assert!(error.contains("the interpreter has no implementation of custom call @foo"), "{error}");
}

#[test]
fn custom_calls_spelling_checks_run_as_checks() {
    let text = r#"
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>, %c: tensor<2xf32>) {
  hlo.custom_call @check.expect_eq(%a, %a) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_eq(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_almost_eq(%a, %b) {backend_config = "tolerance=0.5"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_almost_eq(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_close(%a, %c) {backend_config = "max_ulp_difference=3, min_ulp_difference=1"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_close(%a, %c) : (tensor<2xf32>, tensor<2xf32>) -> ()
  func.return
}"#;
    let three_ulps = f32::from_bits(1.0f32.to_bits() + 3);
    let (a, b, c) = (f32s(&[2], &[1.0, 2.0]), f32s(&[2], &[three_ulps, 2.001]), f32s(&[2], &[three_ulps, 2.0]));
    let (_, failures) = run_with_checks(text, vec![a, b, c]).expect("runs");
    let messages: Vec<&str> = failures.iter().map(|f| f.message.as_str()).collect();
    // The exact check fails on both elements; the default tolerance (1e-4) rejects 2.001;
    // the close check with options accepts 3 ulps and rejects 0 (below its minimum of 1),
    // and with the defaults (0 to 1 ulp) rejects 3.
    assert_eq!(messages.len(), 4, "{messages:#?}");
    assert!(messages[0].starts_with("check.expect_eq failed: 2 of 2 elements differ"), "{messages:#?}");
    assert!(messages[1].starts_with("check.expect_almost_eq failed: 1 of 2 elements differ"), "{messages:#?}");
    assert!(messages[2].starts_with("check.expect_close failed: 1 of 2 elements differ (actual != expected); at [1]"), "{messages:#?}");
    assert!(messages[3].starts_with("check.expect_close failed: 1 of 2 elements differ (actual != expected); at [0]"), "{messages:#?}");
}

#[test]
fn malformed_check_options_are_errors() {
    let text = r#"
func.func @main(%a: tensor<2xf32>) {
  hlo.custom_call @check.expect_almost_eq(%a, %a) {backend_config = "max_ulp_difference=2"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  func.return
}"#;
    let error = run(text, vec![f32s(&[2], &[1.0, 2.0])]).expect_err("not an option of expect_almost_eq");
    assert!(error.contains("custom call @check.expect_almost_eq has no option `max_ulp_difference`"), "{error}");
}
