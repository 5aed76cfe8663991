/// The weights of the UI face, as iOS names them. Darkroom uses Inter (Debian's
/// `fonts-inter`), which has a file for each.
public enum FontWeight: String, Sendable, CaseIterable, Comparable {
  /// Inter Thin.
  case ultraLight
  /// Inter ExtraLight.
  case thin
  /// Inter Light.
  case light
  /// Inter Regular.
  case regular
  /// Inter Medium.
  case medium
  /// Inter SemiBold.
  case semibold
  /// Inter Bold.
  case bold
  /// Inter ExtraBold.
  case heavy
  /// Inter Black.
  case black

  /// The font file's name in the Inter family.
  package var fileName: String {
    switch self {
    case .ultraLight: "Inter-Thin.otf"
    case .thin: "Inter-ExtraLight.otf"
    case .light: "Inter-Light.otf"
    case .regular: "Inter-Regular.otf"
    case .medium: "Inter-Medium.otf"
    case .semibold: "Inter-SemiBold.otf"
    case .bold: "Inter-Bold.otf"
    case .heavy: "Inter-ExtraBold.otf"
    case .black: "Inter-Black.otf"
    }
  }

  /// Whether fallback faces, which have only regular and bold, take their bold.
  var isBold: Bool { self >= .semibold }

  /// Lighter weights first.
  public static func < (a: FontWeight, b: FontWeight) -> Bool {
    allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
  }
}
