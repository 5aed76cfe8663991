/// iOS's text styles: a size and weight for each role, which grow and shrink with
/// the reader's text size (Dynamic Type).
public enum TextStyle: String, Sendable, CaseIterable {
  /// 34 points at the default size.
  case largeTitle
  /// 28 points.
  case title1
  /// 22 points.
  case title2
  /// 20 points.
  case title3
  /// 17 points, semibold.
  case headline
  /// 17 points.
  case body
  /// 16 points.
  case callout
  /// 15 points.
  case subheadline
  /// 13 points.
  case footnote
  /// 12 points.
  case caption1
  /// 11 points.
  case caption2

  /// Points at each content size, xSmall through accessibility XXXL, as iOS sets
  /// them (Apple's Dynamic Type size tables).
  private var sizes: [Double] {
    switch self {
    case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
    case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
    case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
    case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
    case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
    case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
    case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
    case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
    case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
    }
  }

  /// Baseline to baseline at the default size (iOS's leading for the style).
  private var defaultLineHeight: Double {
    switch self {
    case .largeTitle: 41
    case .title1: 34
    case .title2: 28
    case .title3: 25
    case .headline, .body: 22
    case .callout: 21
    case .subheadline: 20
    case .footnote: 18
    case .caption1: 16
    case .caption2: 13
    }
  }

  /// The style's size at a content size.
  public func size(at contentSize: Traits.ContentSize) -> Double {
    sizes[Traits.ContentSize.allCases.firstIndex(of: contentSize) ?? 3]
  }

  /// The style's line height at a content size: the default leading, scaled with
  /// the size.
  public func lineHeight(at contentSize: Traits.ContentSize) -> Double {
    defaultLineHeight * size(at: contentSize) / size(at: .large)
  }

  /// The style's weight: semibold for headline, regular for the rest.
  public var weight: FontWeight { self == .headline ? .semibold : .regular }
}
