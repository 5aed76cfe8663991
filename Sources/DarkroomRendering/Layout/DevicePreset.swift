import DarkroomRaster

/// Screens a layout's `size` may name instead of points: the size, the scale, the
/// safe-area insets, the display's corner radius and what holds the front camera, in
/// portrait.
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
  /// iPhone 11 Pro Max: 414×896 points at 3x (1242×2688 pixels, the App Store's
  /// 6.5-inch size); a notch, 44 points on top, 34 at the bottom.
  case iPhone11ProMax
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
  /// Google Pixel 9: 1080×2424 pixels at 2.625 (411.43×923.43 points), an Android
  /// phone for Google Play's pages; a punch-hole camera. Darkroom draws iOS's
  /// components and status bar glyphs on it.
  case pixel9

  /// Width and height in points.
  public var size: (width: Double, height: Double) {
    switch self {
    case .iPhoneSE: (375, 667)
    case .iPhone15: (393, 852)
    case .iPhone15ProMax: (430, 932)
    case .iPhone11ProMax: (414, 896)
    case .iPhone16Pro: (402, 874)
    case .iPhone16ProMax: (440, 956)
    case .iPad: (820, 1180)
    case .iPadPro13: (1032, 1376)
    case .pixel9: (1080 / 2.625, 2424 / 2.625)
    }
  }

  /// Pixels per point.
  public var scale: Double {
    switch self {
    case .iPhoneSE, .iPad, .iPadPro13: 2
    case .iPhone15, .iPhone15ProMax, .iPhone11ProMax, .iPhone16Pro, .iPhone16ProMax: 3
    case .pixel9: 2.625
    }
  }

  /// The safe area's insets in portrait (iOS and iPadOS 17/18): the status bar
  /// above, the home indicator below.
  public var safeArea: Insets {
    switch self {
    case .iPhoneSE: Insets(top: 20, leading: 0, bottom: 0, trailing: 0)
    case .iPhone15, .iPhone15ProMax: Insets(top: 59, leading: 0, bottom: 34, trailing: 0)
    case .iPhone11ProMax: Insets(top: 44, leading: 0, bottom: 34, trailing: 0)
    case .iPhone16Pro, .iPhone16ProMax: Insets(top: 62, leading: 0, bottom: 34, trailing: 0)
    case .iPad, .iPadPro13: Insets(top: 24, leading: 0, bottom: 20, trailing: 0)
    case .pixel9: Insets(top: 54.1, leading: 0, bottom: 24, trailing: 0)
    }
  }

  /// The display's corner radius in points (`UIScreen`'s `_displayCornerRadius`): 0
  /// for square corners. Snapshots are rectangles, as screenshots are; this is for
  /// drawing a device around them. The iPad Pro 13-inch's and the Pixel 9's are
  /// estimates (no published or read value was found; docs/fidelity.md says how each
  /// was made).
  public var cornerRadius: Double {
    switch self {
    case .iPhoneSE: 0
    case .iPhone15, .iPhone15ProMax: 55
    case .iPhone11ProMax: 39
    case .iPhone16Pro, .iPhone16ProMax: 62
    case .iPad: 18
    case .iPadPro13: 27
    case .pixel9: 45
    }
  }

  /// Whether the device has a home indicator instead of a home button.
  public var hasHomeIndicator: Bool { self != .iPhoneSE }

  /// Whether the status bar sits either side of a Dynamic Island.
  public var hasDynamicIsland: Bool { camera == .dynamicIsland }

  /// Whether the device is an iPad, whose status bar shows the date and no signal bars.
  public var isPad: Bool { self == .iPad || self == .iPadPro13 }

  /// What holds the front camera at the top of the display, in portrait.
  public var camera: CameraHousing {
    switch self {
    case .iPhone15, .iPhone15ProMax, .iPhone16Pro, .iPhone16ProMax: .dynamicIsland
    case .iPhone11ProMax: .notch
    case .pixel9: .punchHole
    case .iPhoneSE, .iPad, .iPadPro13: .none
    }
  }

  /// What holds a device's front camera on its display, and its size in points.
  public enum CameraHousing: Sendable, Equatable {
    /// None on the display: a bezel above it (a home-button iPhone, an iPad).
    case none
    /// A pill 126 × 37.33 points, 11 below the top edge.
    case dynamicIsland
    /// A cut-out from the top edge, 210 points wide and 30 deep.
    case notch
    /// A round hole 30 points across, centred 33 below the top edge.
    case punchHole

    /// The housing's outline on a display `width` points wide, from the display's
    /// top-left corner; nil when there is none.
    public func outline(width: Double) -> RoundedRect? {
      switch self {
      case .none:
        nil
      case .dynamicIsland:
        RoundedRect(Rect(x: (width - 126) / 2, y: 11, width: 126, height: 37.33), radius: 37.33 / 2)
      case .notch:
        // Square where it meets the top edge, rounded below.
        RoundedRect(
          Rect(x: (width - 210) / 2, y: 0, width: 210, height: 30),
          radii: CornerRadii(topLeft: 0, topRight: 0, bottomRight: 20, bottomLeft: 20), curve: .continuous)
      case .punchHole:
        RoundedRect(Rect(x: width / 2 - 15, y: 33 - 15, width: 30, height: 30), radius: 15)
      }
    }
  }
}
