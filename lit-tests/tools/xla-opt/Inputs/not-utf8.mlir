// Input of ../bad-input.mlir: a file that is not UTF-8 (the byte after this colon): ÿ
func.func @f() {
  func.return
}
