/// Screens a layout's `size` may name instead of points: the size, the scale and the
/// safe-area insets of the device.
public enum DevicePreset: String, Sendable, CaseIterable {
  /// 375×667 points at 2x; a 20-point status bar, no home indicator.
  case iPhoneSE
  /// 393×852 points at 3x; the Dynamic Island's 59 points on top, 34 at the bottom.
  case iPhone15
  /// 430×932 points at 3x.
  case iPhone15ProMax
  /// iPad (10th generation): 820×1180 points at 2x.
  case iPad

  /// Width and height in points.
  public var size: (width: Double, height: Double) {
    switch self {
    case .iPhoneSE: (375, 667)
    case .iPhone15: (393, 852)
    case .iPhone15ProMax: (430, 932)
    case .iPad: (820, 1180)
    }
  }

  /// Pixels per point.
  public var scale: Double {
    switch self {
    case .iPhoneSE, .iPad: 2
    case .iPhone15, .iPhone15ProMax: 3
    }
  }

  /// The safe area's insets: the status bar above, the home indicator below.
  public var safeArea: Insets {
    switch self {
    case .iPhoneSE: Insets(top: 20, leading: 0, bottom: 0, trailing: 0)
    case .iPhone15, .iPhone15ProMax: Insets(top: 59, leading: 0, bottom: 34, trailing: 0)
    case .iPad: Insets(top: 24, leading: 0, bottom: 20, trailing: 0)
    }
  }

  /// Whether the device has a home indicator instead of a home button.
  public var hasHomeIndicator: Bool { self != .iPhoneSE }
}
