/// The weights of the UI face. Darkroom uses Inter (Debian's `fonts-inter`).
public enum FontWeight: String, Sendable, CaseIterable {
  /// Inter Regular.
  case regular
  /// Inter Medium.
  case medium
  /// Inter SemiBold.
  case semibold
  /// Inter Bold.
  case bold

  /// The font file's name in the Inter family.
  var fileName: String {
    switch self {
    case .regular: "Inter-Regular.otf"
    case .medium: "Inter-Medium.otf"
    case .semibold: "Inter-SemiBold.otf"
    case .bold: "Inter-Bold.otf"
    }
  }
}
