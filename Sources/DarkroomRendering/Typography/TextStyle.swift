import DarkroomFoundation

/// iOS's text styles: a size, a leading and a weight for each role, which grow and
/// shrink with the reader's text size (Dynamic Type).
///
/// Every value is Apple's: the Human Interface Guidelines' "iOS, iPadOS Dynamic Type
/// sizes" and "larger accessibility type sizes" tables (Typography › Specifications),
/// size and leading for each of the 12 content sizes. docs/fidelity.md has the table.
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

  /// Points at each content size, xSmall through AX5 (the HIG's tables). Caption 2 at
  /// AX5 is 40 there; iOS 13.3 returned 41 at run time (temoki/UIKit_DynamicType),
  /// the one cell where a run-time dump and the HIG disagree.
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
    case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
    }
  }

  /// Leading — baseline to baseline — at each content size, in whole points as the
  /// HIG publishes it. It is not proportional to the size (Body: 22 at 17 points, 62
  /// at 53). Subheadline's 28 at xxxLarge breaks its neighbours' pattern; it is the
  /// published value.
  private var leadings: [Double] {
    switch self {
    case .largeTitle: [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70]
    case .title1: [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68]
    case .title2: [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66]
    case .title3: [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65]
    case .headline, .body: [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62]
    case .callout: [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60]
    case .subheadline: [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58]
    case .footnote: [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52]
    case .caption1: [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51]
    case .caption2: [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48]
    }
  }

  private func index(_ contentSize: Traits.ContentSize) -> Int {
    Traits.ContentSize.allCases.firstIndex(of: contentSize) ?? 3
  }

  /// The style's size at a content size.
  public func size(at contentSize: Traits.ContentSize) -> Double { sizes[index(contentSize)] }

  /// The style's line height (baseline to baseline) at a content size: Apple's
  /// leading for that size.
  public func lineHeight(at contentSize: Traits.ContentSize) -> Double { leadings[index(contentSize)] }

  /// How much a length set beside this style grows at a content size: the style's
  /// size there over its size at the default, as `UIFontMetrics.scaledValue(for:)`
  /// scales — an SF Symbol configured with the style, a cell's image.
  public func scale(at contentSize: Traits.ContentSize) -> Double { size(at: contentSize) / size(at: .large) }

  /// The style's weight: semibold for headline, regular for the rest (the HIG's
  /// Weight column).
  public var weight: FontWeight { self == .headline ? .semibold : .regular }

  /// The weight when emphasized (`traitBold`; the HIG's Emphasized weight column):
  /// bold for the titles, semibold for the rest.
  public var emphasizedWeight: FontWeight {
    switch self {
    case .largeTitle, .title1, .title2: .bold
    case .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2: .semibold
    }
  }
}
