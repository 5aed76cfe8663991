import DarkroomFoundation

/// Warnings a layout pass finds — characters no installed font has — collected in
/// the order found, each once.
final class WarningLog {
  private(set) var diagnostics: [Diagnostic] = []
  private var seen: Set<Diagnostic> = []

  /// A warning of any other kind, kept once.
  func add(_ warning: Diagnostic) {
    if seen.insert(warning).inserted { diagnostics.append(warning) }
  }

  /// A character of a label that every face of its chain lacks.
  func missing(_ scalar: Unicode.Scalar, label: String, at location: SourceLocation) {
    let code = String(scalar.value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
    let warning = Diagnostic(
      .warning, "no installed font has '\(Quoted.text(String(scalar)))' (U+\(padded)) in label \"\(Quoted.text(label))\"; it is drawn as a box", at: location)
    if seen.insert(warning).inserted { diagnostics.append(warning) }
  }
}
