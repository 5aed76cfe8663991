/// Screens a layout's `size` may name instead of points: the size, the scale, the
/// safe-area insets and the display's corner radius of the device, in portrait.
///
/// docs/fidelity.md names the source of every value.
public enum DevicePreset: String, Sendable, CaseIterable {
  /// iPhone SE (3rd generation): 375×667 points at 2x; a 20-point status bar, a home
  /// button.
  case iPhoneSE
  /// iPhone 15: 393×852 points at 3x; the Dynamic Island's 59 points on top, 34 at
  /// the bottom.
  case iPhone15
  /// iPhone 15 Pro Max: 430×932 points at 3x.
  case iPhone15ProMax
  /// iPhone 16 Pro: 402×874 points at 3x (1206×2622 pixels, the App Store's 6.3-inch
  /// size); 62 points on top, 34 at the bottom.
  case iPhone16Pro
  /// iPhone 16 Pro Max: 440×956 points at 3x (1320×2868 pixels, the App Store's 6.9-inch
  /// size).
  case iPhone16ProMax
  /// iPad (10th generation): 820×1180 points at 2x.
  case iPad
  /// iPad Pro 13-inch (M4): 1032×1376 points at 2x (2064×2752 pixels, the App
  /// Store's 13-inch size).
  case iPadPro13

  /// Width and height in points.
  public var size: (width: Double, height: Double) {
    switch self {
    case .iPhoneSE: (375, 667)
    case .iPhone15: (393, 852)
    case .iPhone15ProMax: (430, 932)
    case .iPhone16Pro: (402, 874)
    case .iPhone16ProMax: (440, 956)
    case .iPad: (820, 1180)
    case .iPadPro13: (1032, 1376)
    }
  }

  /// Pixels per point.
  public var scale: Double {
    switch self {
    case .iPhoneSE, .iPad, .iPadPro13: 2
    case .iPhone15, .iPhone15ProMax, .iPhone16Pro, .iPhone16ProMax: 3
    }
  }

  /// The safe area's insets in portrait (iOS and iPadOS 17/18): the status bar
  /// above, the home indicator below.
  public var safeArea: Insets {
    switch self {
    case .iPhoneSE: Insets(top: 20, leading: 0, bottom: 0, trailing: 0)
    case .iPhone15, .iPhone15ProMax: Insets(top: 59, leading: 0, bottom: 34, trailing: 0)
    case .iPhone16Pro, .iPhone16ProMax: Insets(top: 62, leading: 0, bottom: 34, trailing: 0)
    case .iPad, .iPadPro13: Insets(top: 24, leading: 0, bottom: 20, trailing: 0)
    }
  }

  /// The display's corner radius in points (`UIScreen`'s `_displayCornerRadius`): 0
  /// for square corners. Snapshots are rectangles, as screenshots are; this is for
  /// drawing a device around them. The iPad Pro 13-inch's is an estimate (no
  /// published or read value was found; docs/fidelity.md says how it was made).
  public var cornerRadius: Double {
    switch self {
    case .iPhoneSE: 0
    case .iPhone15, .iPhone15ProMax: 55
    case .iPhone16Pro, .iPhone16ProMax: 62
    case .iPad: 18
    case .iPadPro13: 27
    }
  }

  /// Whether the device has a home indicator instead of a home button.
  public var hasHomeIndicator: Bool { self != .iPhoneSE }

  /// Whether the status bar sits either side of a Dynamic Island.
  public var hasDynamicIsland: Bool {
    switch self {
    case .iPhone15, .iPhone15ProMax, .iPhone16Pro, .iPhone16ProMax: true
    case .iPhoneSE, .iPad, .iPadPro13: false
    }
  }

  /// Whether the device is an iPad, whose status bar shows the date and no signal bars.
  public var isPad: Bool { self == .iPad || self == .iPadPro13 }
}
